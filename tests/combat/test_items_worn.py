"""What a worn or carried item does in a fight (spec/combat-1 "Every key": levels, and items'
`worn`, `carried` and requirement `otherwise` effects share the modifiers), on the 5e example
with an item catalog (tests/combat/item_kit.py): Brom wearing a Ring of Protection (+1 Armor
Class, +1 saves) against a Cinder Hound, read by the attack roll, the save, and the hound's
forecasts.

Dice: the hound's health 5d8 (4 each) = 20; initiative Brom 1 + Dex 1 = 2, the hound
15 + 1 = 16, so the hound acts first.
"""

from __future__ import annotations

import copy

import pytest

from tests.combat.item_kit import RING_OF_PROTECTION, brom, item_ruleset
from tests.combat.kit import Bout, foe

START = [4] * 5 + [1, 15]
RING = {"item": "items/ring-of-protection", "worn": True}


def _bout(items: list[dict], dice: list[int], *entries: dict) -> Bout:
    return Bout(item_ruleset(*entries), [brom(hp=10, items=items)], [foe("cinder-hound")], dice=START + dice)


def test_the_worn_ring_turns_a_16_bite_into_a_miss():
    # Searing bite: d20 12 + 4 = 16; Armor Class 16 + 1 (Ring of Protection) = 17, a miss.
    assert _bout([RING], [12]).choose("cinder-hound", "action:sear_bite", "brom") == [
        "Cinder Hound attacks Brom with Searing bite: 12 + 4 = 16 against Armor Class 17 "
        "(+ 1 Ring of Protection), a miss.",
        "Brom's turn.",
    ]
    # Without the ring, 16 against 16 hits: 1d6 (3) + 1 = 4 piercing and 1d4 (2) fire.
    hit = _bout([], [12, 3, 2]).choose("cinder-hound", "action:sear_bite", "brom")
    assert hit[0] == "Cinder Hound attacks Brom with Searing bite: 12 + 4 = 16 against Armor Class 16, a hit."


def test_the_worn_ring_adds_to_the_dex_save_against_ember_breath():
    # Ember breath 2d6 (3, 4) = 7; Brom's Dex save d20 10 + Dex 1 + 1 (Ring of Protection)
    # = 12 against 12: a success, half of 7 is 3; 10 - 3 = 7.
    assert _bout([RING], [3, 4, 10]).choose("cinder-hound", "action:ember_breath", "brom") == [
        "Cinder Hound uses Ember breath on Brom.",
        "Brom rolls a Dexterity save against Ember breath: 10 + 1 + 1 (Ring of Protection) = 12 against 12, a success.",
        "Ember breath (7 (3 + 4), halved by the save) deals 3 fire damage to Brom.",
        "Brom has 7 of 28 Hit points.",
        "Brom's turn.",
    ]
    # Without it, 10 + 1 = 11 fails: all 7, 10 - 7 = 3.
    bare = _bout([], [3, 4, 10]).choose("cinder-hound", "action:ember_breath", "brom")
    assert bare[1] == "Brom rolls a Dexterity save against Ember breath: 10 + 1 = 11 against 12, a failure."
    assert bare[3] == "Brom has 3 of 28 Hit points."


def test_a_ring_narrowed_to_con_saves_leaves_the_dex_save_alone():
    ring = copy.deepcopy(RING_OF_PROTECTION)
    ring["item"]["worn"]["saves"] = ["con_save"]
    lines = _bout([RING], [3, 4, 10], ring).choose("cinder-hound", "action:ember_breath", "brom")
    assert lines[1] == "Brom rolls a Dexterity save against Ember breath: 10 + 1 = 11 against 12, a failure."


def test_a_ring_in_the_pocket_is_carried_not_worn():
    # The ring's effect is `worn`: held but not worn, Armor Class stays 16.
    lines = _bout([{"item": "items/ring-of-protection"}], [12, 3, 2]).choose("cinder-hound", "action:sear_bite", "brom")
    assert lines[0].endswith("16 against Armor Class 16, a hit.")


@pytest.mark.parametrize(("items", "bite", "breath"), [
    # The bite (1d6 + 1 piercing, 1d4 fire: 4.5 + 2.5 = 7 on a hit, a critical's extra dice 6)
    # needs 13 or more against 17: 8 of 20 = 0.4, 0.4 * 7 + 0.05 * 6 = 3.1; against 16, 0.45
    # and 3.45. The breath (2d6 = 7, half on a save: 117 / 36 = 3.25 on average, rounded
    # down) is saved on 10 or more with Dex 1 and the ring's 1: 0.55, 0.45 * 7 + 0.55 * 3.25
    # = 4.9375; without the ring 11 or more, 0.5, 3.5 + 1.625 = 5.125.
    ([RING], (0.4, 3.1), (0.55, 4.938)),
    ([], (0.45, 3.45), (0.5, 5.125)),
])
def test_the_hounds_forecasts_read_the_ring(items, bite, breath):
    menu = _bout(items, []).options("cinder-hound")
    f = menu["action:sear_bite"].forecasts[0]
    assert (f.hit, f.damage) == bite
    f = menu["action:ember_breath"].forecasts[0]
    assert (f.save, f.damage) == breath
