"""A creature's sequence, part by part: a part with its own `uses` keeps its own books (a
Spit with 1 use a fight is spat once, not again in rounds 2 and 3), and once the chosen
target drops the parts aimed at it do not happen (they used to be turned on someone else).
"""

from __future__ import annotations

import json

from shared.ruleset import load_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, add_creature, foe, ruleset
from tests.combat.srd_kit import fighter, srd_package


def _spitting_lizard() -> Bout:
    # Initiative: Brom 10 + Dex 1 = 11, the lizard 5 + 0. Round 1: Bite 15 + 3 = 18 against
    # AC 16 for 1d6 (4) + 1 = 5, Spit 17 + 3 = 20 for 1d4 (3). Rounds 2 and 3: Bite 2 and 10
    # (+ 3: 5 and 13), both misses.
    return _spitting_lizard_against([fighter()], dice=[10, 5, 15, 4, 17, 3, 2, 10])


def _spitting_lizard_against(party: list, dice: list[int]) -> Bout:
    pkg = srd_package()
    add_creature(pkg, "spitting-lizard", "Spitting lizard", {
        "health": 12, "defense": 12, "initiativeModifier": 0, "tier": "cr_1_4",
        "actions": [
            {"id": "bite_and_spit", "name": "Bite and spit", "budget": "action",
             "sequence": [{"action": "bite", "times": 1}, {"action": "spit", "times": 1}]},
            {"id": "bite", "name": "Bite", "budget": "action", "toHit": 3,
             "damage": {"dice": "1d6", "flat": 1, "type": "piercing"}, "reach": 5},
            {"id": "spit", "name": "Spit", "budget": "action", "toHit": 3, "damage": {"dice": "1d4", "type": "acid"},
             "range": 30, "uses": {"per": "encounter", "count": 1}},
        ]})
    return Bout(ruleset(pkg), party, [foe("spitting-lizard")], dice=dice)


def test_a_spit_with_one_use_a_fight_is_spat_once_and_the_sequence_goes_on_without_it():
    bout = _spitting_lizard()
    bout.choose("brom", "end-turn")
    # Both parts hit on 13 or more of the d20 (8 faces: 0.4), a 20 is a critical (double
    # dice): Bite 0.35 x 4.5 + 0.05 x 8 = 1.975, Spit 0.35 x 2.5 + 0.05 x 5 = 1.125.
    assert bout.options("spitting-lizard")["action:bite_and_spit"].forecasts[0].damage == 3.1
    assert bout.choose("spitting-lizard", "action:bite_and_spit", "brom")[:7] == [
        "Spitting lizard uses Bite and spit.",
        "Spitting lizard attacks Brom with Bite: 15 + 3 = 18 against Armor Class 16, a hit.",
        "Bite (4 + 1 = 5) deals 5 piercing damage to Brom.",
        "Brom has 15 of 20 Hit points.",
        "Spitting lizard attacks Brom with Spit: 17 + 3 = 20 against Armor Class 16, a hit.",
        "Spit (3) deals 3 acid damage to Brom.",
        "Brom has 12 of 20 Hit points.",
    ]
    assert bout.who("spitting-lizard").uses == {"spit": 0}
    for _round in (2, 3):
        bout.choose("brom", "end-turn")
        menu = bout.options("spitting-lizard")
        assert "action:spit" not in menu
        # The sequence is now the Bite alone: 1.975.
        assert menu["action:bite_and_spit"].forecasts[0].damage == 1.975
        lines = bout.choose("spitting-lizard", "action:bite_and_spit", "brom")
        assert lines[:2] == ["Spitting lizard uses Bite and spit.",
                             "Spit has no use left for this part of Bite and spit, so it does not happen."]
        assert not any("with Spit" in line for line in lines)
    assert bout.who("brom").sheet["live"]["pools"]["hp"] == 12
    assert bout.dice_left() == 0


def test_a_sequence_whose_target_drops_skips_the_parts_aimed_at_it():
    rs = load_package(UPSTREAM / "ember-roads.json")
    juno, pell = json.loads((FIXTURES / "ember-party.json").read_text())[:2]
    pell["sheet"]["live"] = {"pools": {"grit": 2}}
    # The Rust jackal's health 3d6 (3, 3, 3) = 9; initiative Juno 1 + 1 + 1 = 3, Pell
    # 1 + 1 + 2 = 4, the jackal 6 + 6 + 1 = 13. Snap and worry at Pell: Bite 5 + 4 + 2 = 11
    # against Guard 8 (6 + Wits 2), 1d6 (2) cut and 1 rust: Pell's 2 Grit are gone.
    bout = Bout(rs, [juno, pell], [foe("rust-jackal")], dice=[3, 3, 3, 1, 1, 1, 1, 6, 6, 5, 4, 2])
    assert bout.choose("rust-jackal", "action:snap_and_worry", "pell") == [
        "Rust Jackal uses Snap and worry.",
        "Rust Jackal attacks Pell with Bite: 9 (5 + 4) + 2 = 11 against Guard 8, a hit.",
        "Bite (2) deals 2 cut damage to Pell.",
        "Pell has 0 of 6 Grit.",
        # Both parts of the Bite are one blow: it is judged for going down once, after both land.
        "Bite (1) deals 1 rust damage to Pell.",
        "Pell has 0 of 6 Grit.",
        "Pell goes down.",
        # Not turned on Juno: the Worry was aimed at Pell.
        "Pell is down, so Worry (Snap and worry) does not happen.",
        "Pell's turn.",
        "Juno's turn.",
    ]
    assert bout.who("juno").sheet.get("live") is None
    assert bout.dice_left() == 0


def test_a_sequence_aimed_at_someone_already_down_makes_every_part_at_them():
    # Brom starts at 0 hit points, dying; a blow on him while down is a failure against
    # death. Initiative: Brom 15 + 1 = 16, Ada 2 + 1 = 3, the lizard 10. Brom's roll against
    # death: 12, a success. Brom is unconscious, so both parts roll with advantage: Bite 14
    # and 3, 14 + 3 = 17 against AC 16 for 1d6 (2) + 1; Spit 16 and 5, 16 + 3 = 19, 1d4 (1).
    bout = _spitting_lizard_against([fighter(hp=0), fighter("Ada")], dice=[15, 2, 10, 12, 14, 3, 2, 16, 5, 1])
    lines = bout.choose("spitting-lizard", "action:bite_and_spit", "brom")
    assert [line for line in lines if "failure" in line or "attacks" in line] == [
        "Spitting lizard attacks Brom with Bite: 14 (advantage; dropped 3) + 3 = 17 against Armor Class 16, a hit.",
        "Brom marks 1 failure (taking damage while down): 1 of 3 successes, 1 of 3 failures.",
        "Spitting lizard attacks Brom with Spit: 16 (advantage; dropped 5) + 3 = 19 against Armor Class 16, a hit.",
        "Brom marks 1 failure (taking damage while down): 1 of 3 successes, 2 of 3 failures.",
    ]
    assert bout.dice_left() == 0
