"""One holder per source (mechanics-1 1.189, the Oathbow's sworn enemy): a condition with
`onePerSource`, put on someone else by the same source, leaves whoever had it.

Package: tests/combat/test_cures.py's 5e-srd (Goblin 7, Ghoul 20), a `sworn` condition, and
Swear Enmity, an entry written for the test in the shape of the vendored `spells/cure-wounds`
(the Oathbow's "Swift Quiver" choice as a 1st-level debuff that lands without a roll).
"""

from __future__ import annotations

from typing import Any

from tests.combat import test_cures as cures
from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import fighter, mira
from tests.combat.test_remaining_health import spell

SWEAR = {"kind": "debuff", "range": 60, "targets": "enemy",
         "applies": [{"condition": "sworn", "duration": {"rounds": 10}}], "cost": [{"pool": "slots_1", "amount": 1}]}


def package(one: bool = True) -> dict[str, Any]:
    pkg = add_condition(cures.package(), "sworn", "Sworn enemy", **({"onePerSource": True} if one else {}))
    return spell(pkg, "swear-enmity", "Swear Enmity", 1, SWEAR)


def bout(one: bool = True) -> Bout:
    return Bout(ruleset(package(one)), [fighter(), mira(("swear-enmity", "Swear Enmity", 1))],
                [foe("goblin"), foe("ghoul")], dice=list(cures.DICE))


def test_sworn_on_the_ghoul_leaves_the_goblin():
    b = bout()
    b.choose("mira", "ability:spells:swear-enmity", "goblin")
    for who in ("brom", "goblin", "ghoul"):
        b.choose(who, "end-turn")
    assert b.choose("mira", "ability:spells:swear-enmity", "ghoul")[1:4] == [
        "Mira uses Swear Enmity on Ghoul.",
        "Ghoul is Sworn enemy for 10 rounds.",
        "Goblin is no longer Sworn enemy: it is now on Ghoul, one holder per source.",
    ]
    assert b.who("goblin").conditions == []
    assert [(h.id, h.source) for h in b.who("ghoul").conditions] == [("sworn", "mira")]
    # Without the key both keep it.
    b = bout(one=False)
    b.choose("mira", "ability:spells:swear-enmity", "goblin")
    for who in ("brom", "goblin", "ghoul"):
        b.choose(who, "end-turn")
    b.choose("mira", "ability:spells:swear-enmity", "ghoul")
    assert [h.id for h in b.who("goblin").conditions] == [h.id for h in b.who("ghoul").conditions] == ["sworn"]
