"""Damage held above a floor and damage at its most: `leavesAtLeast` (mechanics-2 1.235:
Harm's damage never takes the target below 1 hit point) and `maxAgainst` (mechanics-1
1.185: Blight deals its maximum to a plant; here to an undead).

Package: tests/combat/test_cures.py's vendored 5e-srd (the Ghoul "undead", the Goblin
"humanoid"), with Harm (14d6 necrotic, a Constitution save against Mira's DC 13 for half)
and Blight (8d8 necrotic, the same save) written from the SRD 5.1 text as 1st-level spells
in the shape of its `spells/cure-wounds` entry. The Goblin's health 2d6 (3, 4) = 7, the
Ghoul's 5d8 (4 x 5) = 20; initiative Mira 18 + 2 = 20 goes first. An entry that saves rolls
its amount once for the casting, then each target's save.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_cures as cures
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import fighter, mira
from tests.combat.test_remaining_health import spell

HARM = {"kind": "attack", "range": 60, "targets": "enemy", "amount": {"dice": "14d6"}, "damageType": "necrotic",
        "save": {"save": "con_save", "onSuccess": "half"}, "leavesAtLeast": 1,
        "cost": [{"pool": "slots_1", "amount": 1}]}
BLIGHT = {"kind": "attack", "range": 30, "targets": "enemy", "amount": {"dice": "8d8"}, "damageType": "necrotic",
          "save": {"save": "con_save", "onSuccess": "half"}, "maxAgainst": {"types": ["undead"]},
          "cost": [{"pool": "slots_1", "amount": 1}]}


def package(*, harm: dict[str, Any] | None = None, blight: dict[str, Any] | None = None) -> dict[str, Any]:
    pkg = spell(cures.package(), "harm", "Harm", 1, harm if harm is not None else HARM)
    return spell(pkg, "blight", "Blight", 1, blight if blight is not None else BLIGHT)


def caster() -> dict[str, Any]:
    return mira(("harm", "Harm", 1), ("blight", "Blight", 1))


def bout(pkg: dict[str, Any], dice: list[int]) -> Bout:
    return Bout(ruleset(pkg), [fighter(), caster()], [foe("goblin"), foe("ghoul")], dice=cures.DICE + dice)


def without(mechanics: dict[str, Any], key: str) -> dict[str, Any]:
    left = copy.deepcopy(mechanics)
    del left[key]
    return left


#: Harm's 14d6 all 3s = 42; the Ghoul's save 5 + 0 = 5 against 13 fails.
HARM_DICE = [3] * 14 + [5]


def test_harm_leaves_the_ghoul_one_hit_point():
    b = bout(package(), HARM_DICE)
    assert b.choose("mira", "ability:spells:harm", "ghoul") == [
        "Mira spends 1 1st-level slot on Harm.",
        "Mira uses Harm on Ghoul.",
        "Ghoul rolls a Constitution save against Harm: 5 against 13, a failure.",
        "Harm (42 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3)) deals 19 necrotic damage to Ghoul "
        "(42, held to 19: it never takes Ghoul below 1).",
        "Ghoul has 1 of 20 Hit points.",
        "Brom's turn.",
    ]
    assert (b.who("ghoul").health, b.who("ghoul").out) == (1, False)
    assert b.dice_left() == 0


def test_a_second_harm_takes_nothing_from_the_last_hit_point():
    b = bout(package(), HARM_DICE)
    b.choose("mira", "ability:spells:harm", "ghoul")
    for actor in ("brom", "goblin", "ghoul"):
        b.choose(actor, "end-turn")
    b.state.dice.script = (b.state.dice.script or []) + HARM_DICE
    out = b.choose("mira", "ability:spells:harm", "ghoul")
    assert out[3:5] == [
        "Harm (42 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3)) deals 0 necrotic damage to Ghoul "
        "(42, held to 0: it never takes Ghoul below 1).",
        "Brom's turn.",
    ]
    assert b.who("ghoul").health == 1


def test_without_the_floor_the_same_harm_drops_the_ghoul():
    b = bout(package(harm=without(HARM, "leavesAtLeast")), HARM_DICE)
    assert b.choose("mira", "ability:spells:harm", "ghoul")[3:6] == [
        "Harm (42 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3)) deals 42 necrotic damage to Ghoul.",
        "Ghoul has 0 of 20 Hit points.",
        "Ghoul drops out of the fight.",
    ]


def test_blight_deals_its_most_to_the_undead_and_its_roll_to_the_goblin():
    # The Ghoul: 8d8 at most is 64, whatever was rolled (eight 3s); its save 5 fails.
    b = bout(package(), [3] * 8 + [5])
    assert b.choose("mira", "ability:spells:blight", "ghoul")[2:6] == [
        "Ghoul rolls a Constitution save against Blight: 5 against 13, a failure.",
        "Blight (64, the most 8d8 can deal against Undead) deals 64 necrotic damage to Ghoul.",
        "Ghoul has 0 of 20 Hit points.",
        "Ghoul drops out of the fight.",
    ]
    # The Goblin (humanoid): eight 1s = 8, its save 15 + 0 = 15 succeeds, halved to 4: 7 -> 3.
    b = bout(package(), [1] * 8 + [15])
    assert b.choose("mira", "ability:spells:blight", "goblin")[2:5] == [
        "Goblin rolls a Constitution save against Blight: 15 against 13, a success.",
        "Blight (8 (1 + 1 + 1 + 1 + 1 + 1 + 1 + 1), halved by the save) deals 4 necrotic damage to Goblin.",
        "Goblin has 3 of 7 Hit points.",
    ]
    assert b.dice_left() == 0


def test_the_most_is_halved_by_a_save_like_any_amount():
    # The Ghoul's save 15 succeeds: 64 halved to 32, more than its 20.
    b = bout(package(), [3] * 8 + [15])
    assert b.choose("mira", "ability:spells:blight", "ghoul")[3] == (
        "Blight (64, the most 8d8 can deal against Undead, halved by the save) deals 32 necrotic damage to Ghoul.")


def test_without_the_test_blight_deals_the_ghoul_its_roll():
    b = bout(package(blight=without(BLIGHT, "maxAgainst")), [3] * 8 + [5])
    assert b.choose("mira", "ability:spells:blight", "ghoul")[3:5] == [
        "Blight (24 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3)) deals 24 necrotic damage to Ghoul.",
        "Ghoul has 0 of 20 Hit points.",
    ]
