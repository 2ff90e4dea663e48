"""`targetHolds` (mechanics-2 1.235): a creature action or a catalog entry is aimed only at a
target holding one of its `conditions`, or one of its `fromSelf` conditions that the one
aiming applied (a vampire's Bite: grappled by the vampire, incapacitated or restrained).

Played on the vendored 5e example as it ships, its Cinder Hound's Searing bite given the
vampire's `targetHolds`; Brom and Ilsa from tests/combat/fixtures/5e-party.json. The hound's
health 5d8 (4 x 5) = 20; initiative Brom 15 + 1 = 16, Ilsa 12 + 3 = 15, the hound 2 + 1 = 3.
"""

from __future__ import annotations

import json
from typing import Any

from shared.ruleset import load_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, foe

BITE_HOLDS = {"conditions": ["incapacitated", "restrained"], "fromSelf": ["grappled"]}
START = [4] * 5 + [15, 12, 2]


def five_e(**bite: Any) -> dict[str, Any]:
    """The vendored 5e example, the Cinder Hound's Searing bite changed by `bite`."""
    pkg: dict[str, Any] = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
    hound = next(e for c in pkg["catalogs"] for e in c.get("entries", []) if e["id"] == "cinder-hound")
    hound["creature"]["actions"][0].update(bite)
    return pkg


def party() -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads((FIXTURES / "5e-party.json").read_text())
    return loaded


def _hounds_turn(dice: list[int] | None = None, **bite: Any) -> Bout:
    b = Bout(load_package(five_e(**bite)), party(), [foe("cinder-hound")], dice=START + (dice or []))
    b.choose("brom", "end-turn")
    b.choose("ilsa", "end-turn")
    assert b.waiting() == "cinder-hound"
    return b


def _bite_targets(b: Bout) -> list[str] | None:
    option = b.options("cinder-hound").get("action:sear_bite")
    return None if option is None else list(option.targets)


def test_the_bite_is_offered_only_against_someone_holding_what_it_names():
    b = _hounds_turn(targetHolds=BITE_HOLDS)
    assert _bite_targets(b) is None
    b.put("ilsa", "restrained")
    assert _bite_targets(b) == ["ilsa"]


def test_from_self_counts_only_what_the_biter_itself_applied():
    b = _hounds_turn(targetHolds=BITE_HOLDS)
    # Ilsa grappled Brom (a grapple the hound did not make): no bite on him.
    b.put("brom", "grappled", source="ilsa")
    assert _bite_targets(b) is None
    b.put("brom", "grappled", source="cinder-hound")
    assert _bite_targets(b) == ["brom"]


def test_without_the_key_the_bite_reaches_both():
    assert _bite_targets(_hounds_turn()) == ["brom", "ilsa"]


def test_a_choice_against_someone_holding_nothing_is_refused():
    b = _hounds_turn(targetHolds=BITE_HOLDS)
    b.put("ilsa", "restrained")
    refusal = b.refusal("cinder-hound", "action:sear_bite", "brom")
    assert refusal.code == "bad-target"
    # Against Ilsa, restrained (attacks against her rolled twice, the better kept): 15 and 2,
    # 15 + 4 = 19 against Armor Class 14 hits, 1d6 (4) + 1 = 5 piercing and 1d4 (3) fire:
    # 21 -> 13.
    b.state.dice.script = (b.state.dice.script or []) + [15, 2, 4, 3]
    out = b.choose("cinder-hound", "action:sear_bite", "ilsa")
    assert out[:5] == [
        "Cinder Hound attacks Ilsa with Searing bite: 15 (advantage; dropped 2) + 4 = 19 against Armor Class 14, a hit.",
        "Searing bite (4 + 1 = 5) deals 5 piercing damage to Ilsa.",
        "Ilsa has 16 of 21 Hit points.",
        "Searing bite (3) deals 3 fire damage to Ilsa.",
        "Ilsa has 13 of 21 Hit points.",
    ]
