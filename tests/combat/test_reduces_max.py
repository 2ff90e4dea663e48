"""Reducing the health maximum (mechanics-2 1.203, 1.235 `reducesMax`): the blow's damage is
taken off the maximum too, kept on the sheet (`live.sealed`) until a rest, or with
`lasting` until something unseals it; `save`/`difficulty` (a creature's own save), `onFailedSave`
(the entry's save), `damageType`, `heals`, and a maximum lowered to 0 kills.

The 5e example as it ships (tests/data/upstream), its Cinder Hound's Searing bite given the
keys; Brom and Ilsa (21 hit points; Constitution 12, so +1 to a Constitution save) from
tests/combat/fixtures/5e-party.json. Every fight: the hound's health 5d8 (4 x 5) = 20;
initiative Brom 15 + 1, Ilsa 12 + 3, the hound 2 + 1; Brom's Longsword 15 + 5 = 20 against
Armor Class 12, 1d8 (5) + 3 = 8: the hound 20 -> 12; Ilsa ends her turn; the bite 15 + 4 = 19
against Armor Class 14 hits for 1d6 (4) + 1 = 5 piercing and 1d4 (2) fire: 7 in all.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.ruleset import load_package
from shared.sheet import heal, rest
from tests.combat import test_damage_floor_and_maximum as bounds
from tests.combat.kit import Bout, foe
from tests.combat.test_target_holds import five_e, party

OPENING = [4] * 5 + [15, 12, 2] + [15, 5]
BITE = [15, 4, 2]


def bitten(bite: dict[str, Any], *, more: list[int] | None = None, ilsa_live: dict[str, Any] | None = None) -> tuple[Bout, list[str]]:
    members = party()
    if ilsa_live is not None:
        members[1]["sheet"]["live"] = copy.deepcopy(ilsa_live)
    b = Bout(load_package(five_e(**bite)), members, [foe("cinder-hound")], dice=OPENING + BITE + (more or []))
    b.choose("brom", "attack:attacks:longsword", "cinder-hound")
    b.choose("ilsa", "end-turn")
    out = b.choose("cinder-hound", "action:sear_bite", "ilsa")
    assert b.dice_left() == 0
    return b, out


DEALT = [
    "Cinder Hound attacks Ilsa with Searing bite: 15 + 4 = 19 against Armor Class 14, a hit.",
    "Searing bite (4 + 1 = 5) deals 5 piercing damage to Ilsa.",
    "Ilsa has 16 of 21 Hit points.",
    "Searing bite (2) deals 2 fire damage to Ilsa.",
    "Ilsa has 14 of 21 Hit points.",
]


def test_a_draining_bite_takes_ilsas_maximum_from_21_to_14_and_heals_the_hound_7():
    b, out = bitten({"reducesMax": {}, "drain": {}})
    assert out == DEALT + [
        "Searing bite lowers Ilsa's Hit points maximum by 7 to 14: no healing gives it back until a rest.",
        "Searing bite (drains 7 of the 7 damage dealt) heals Cinder Hound for 7.",
        "Cinder Hound has 19 of 20 Hit points.",
        "Round 2.",
        "Brom's turn.",
    ]
    # The sheet is the record: the 7 is sealed there, and stays after the fight.
    assert b.who("ilsa").sheet["live"] == {"pools": {"hp": 14}, "sealed": {"hp": {"rest": 7}}}


def test_the_lowered_maximum_stays_on_the_sheet_until_a_rest():
    b, _out = bitten({"reducesMax": {}})
    rs, sheet = b.rs, b.who("ilsa").sheet
    # No healing raises her above 14: 10 more heals nothing.
    healed = heal(rs, sheet, 10, pool="hp")
    assert isinstance(healed, dict) and healed["live"]["pools"]["hp"] == 14
    # The short rest gives the maximum back (21) but heals nothing: 14 of 21.
    short = rest(rs, sheet, "short")
    assert isinstance(short, dict) and "sealed" not in short["live"]
    assert short["live"]["pools"]["hp"] == 14
    healed = heal(rs, short, 10, pool="hp")
    assert isinstance(healed, dict) and healed["live"]["pools"]["hp"] == 21
    # The long rest lifts the seal, then fills the pool to the maximum given back: 21.
    long = rest(rs, sheet, "long")
    assert isinstance(long, dict) and "sealed" not in long["live"] and long["live"]["pools"]["hp"] == 21


def test_a_lasting_reduction_outlives_the_long_rest():
    b, out = bitten({"reducesMax": {"lasting": True}})
    assert out[5] == ("Searing bite lowers Ilsa's Hit points maximum by 7 to 14: only something that unseals it "
                      "gives it back.")
    long = rest(b.rs, b.who("ilsa").sheet, "long")
    assert isinstance(long, dict)
    assert long["live"]["sealed"] == {"hp": {"lasting": 7}} and long["live"]["pools"]["hp"] == 14


def test_without_the_key_the_maximum_stays_21():
    b, out = bitten({"drain": {}})
    assert out[5] == "Searing bite (drains 7 of the 7 damage dealt) heals Cinder Hound for 7."
    assert b.who("ilsa").sheet["live"] == {"pools": {"hp": 14}}


def test_the_wights_own_save_keeps_the_maximum_on_a_success_only():
    # Life Drain's DC 13 Constitution save: 12 + 1 = 13 succeeds, 11 + 1 = 12 fails.
    wight = {"reducesMax": {"save": "con_save", "difficulty": 13}}
    _b, out = bitten(wight, more=[12])
    assert out[5:7] == ["Ilsa rolls a Constitution save against Searing bite lowering their maximum: 12 + 1 = 13 "
                        "against 13, a success.", "Round 2."]
    _b, out = bitten(wight, more=[11])
    assert out[5:7] == [
        "Ilsa rolls a Constitution save against Searing bite lowering their maximum: 11 + 1 = 12 against 13, a failure.",
        "Searing bite lowers Ilsa's Hit points maximum by 7 to 14: no healing gives it back until a rest.",
    ]


def test_only_the_named_damage_type_counts_and_heals_gives_it_to_the_biter():
    # The vampire's Bite: only the 2 fire counts (the vampire's is necrotic), and `heals`
    # gives the hound those 2: 12 -> 14.
    _b, out = bitten({"reducesMax": {"damageType": "fire", "heals": True}})
    assert out[5:8] == [
        "Searing bite lowers Ilsa's Hit points maximum by 2 to 19: no healing gives it back until a rest.",
        "Searing bite (the 2 of maximum it took) heals Cinder Hound for 2.",
        "Cinder Hound has 14 of 20 Hit points.",
    ]


def test_a_maximum_lowered_to_0_kills():
    # Ilsa comes in with 16 of her 21 sealed for good: 5 of 5. The bite's 7 drops her to 0
    # (dying), and takes the 5 left of the maximum: she dies.
    b, out = bitten({"reducesMax": {}}, ilsa_live={"pools": {"hp": 5}, "sealed": {"hp": {"lasting": 16}}})
    assert out == [
        "Cinder Hound attacks Ilsa with Searing bite: 15 + 4 = 19 against Armor Class 14, a hit.",
        "Searing bite (4 + 1 = 5) deals 5 piercing damage to Ilsa.",
        "Ilsa has 0 of 5 Hit points.",
        "Searing bite (2) deals 2 fire damage to Ilsa.",
        "Ilsa has 0 of 5 Hit points.",
        "Ilsa goes down and is dying.",
        "Searing bite lowers Ilsa's Hit points maximum by 7 to 0: no healing gives it back until a rest.",
        "Searing bite kills Ilsa.",
        "Round 2.",
        "Brom's turn.",
    ]
    assert b.who("ilsa").out
    assert b.who("ilsa").sheet["live"]["sealed"] == {"hp": {"lasting": 16, "rest": 7}}


def test_harm_lowers_the_maximum_only_of_a_target_that_failed_its_save():
    # tests/combat/test_damage_floor_and_maximum.py's Harm (14d6 = 42, held to 19 by
    # `leavesAtLeast`), with 5e's `reducesMax: {onFailedSave: true}`: the Ghoul's save 5
    # fails, so its maximum drops by the 19 dealt, 20 -> 1.
    harm = {**bounds.HARM, "reducesMax": {"onFailedSave": True}}
    b = bounds.bout(bounds.package(harm=harm), bounds.HARM_DICE)
    assert b.choose("mira", "ability:spells:harm", "ghoul")[4:6] == [
        "Ghoul has 1 of 20 Hit points.",
        "Harm lowers Ghoul's Hit points maximum by 19 to 1: no healing gives it back until a rest.",
    ]
    assert (b.who("ghoul").health, b.who("ghoul").health_max) == (1, 1)
    # Its save 15 succeeds: 42 halved to 21, held to 19; the maximum stays 20.
    b = bounds.bout(bounds.package(harm=harm), [3] * 14 + [15])
    out = b.choose("mira", "ability:spells:harm", "ghoul")
    assert out[4:6] == ["Ghoul has 1 of 20 Hit points.", "Brom's turn."]
    assert b.who("ghoul").health_max == 20
