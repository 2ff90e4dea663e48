"""Destroying outright by threat tier (spec/mechanics-3 1.266 `destroysUpTo`;
shared/combat/destroying.py), on Marinara's 5e package (the vendored 5e-srd) with Turn
Undead written from the SRD 5.1 text (a cleric's Channel Divinity: each undead within 30 feet
makes a Wisdom saving throw or is turned for 1 minute; Destroy Undead: from 5th level an
undead of CR 1/2 or lower that fails is destroyed instead, CR 1 from 8th level), in the shape
of the package's `spells/hold-person` with no cost (a cantrip-level row stands in for the
Channel Divinity use). `turned` keeps the undead walking away (`moves: "away"`).

Mira (tests/combat/srd_kit.py) as a level-5 cleric: Wisdom 16 (+3), proficiency +3, save DC
8 + 3 + 3 = 14. The SRD Zombie (threat cr_1_4, Wisdom save + 0 in its block) and Ghoul (cr_1, Wisdom 10: + 0).
"""

from __future__ import annotations

from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import mira, srd_package
from tests.combat.test_items_held_weapons import spear_bout
from tests.combat.test_remaining_health import spell

TURN_UNDEAD = {"kind": "debuff", "range": 30, "targets": "enemy", "save": {"save": "wis_save", "onSuccess": "negates"},
               "applies": [{"condition": "turned", "duration": {"rounds": 10},
                            "destroysUpTo": [{"tier": "cr_1_2", "when": {"value": {"field": "level"}, "atLeast": 5}},
                                             {"tier": "cr_1", "when": {"value": {"field": "level"}, "atLeast": 8}}]}]}


def _bout(creature: str, health: list[int], level: int, dice: list[int]) -> Bout:
    pkg = srd_package()
    add_condition(pkg, "turned", "Turned", behavior={"moves": "away"})
    spell(pkg, "turn-undead", "Turn Undead", 0, TURN_UNDEAD)
    cleric = mira(("turn-undead", "Turn Undead", 0), level=level, spellcasting_ability="wis")
    cleric["sheet"]["abilities"]["wis"] = 16
    # Mira's initiative 15 + 2 (Dex 14) goes first.
    return Bout(ruleset(pkg), [cleric], [foe(creature)], dice=health + [15, 1] + dice)


def test_a_level_5_cleric_destroys_a_zombie_that_fails():
    # The Zombie's health 3d8 + 9 (3 x 4 + 9 = 21); its Wisdom save (+ 0 in its block) 5 against 14, a failure:
    # cr_1_4 is no higher than cr_1_2 (level 5 reaches it), so it is destroyed, not turned.
    bout = _bout("zombie", [4, 4, 4], 5, [5])
    log = bout.choose("mira", "ability:spells:turn-undead", "zombie")
    assert log[1] == "Zombie rolls a Wisdom save against Turn Undead: 5 against 14, a failure."
    assert "Zombie (threat cr_1_4) is destroyed instead of Turned: Mira's destroys up to cr_1_2." in log
    assert bout.who("zombie").out and bout.state.outcome == "victory"


def test_a_ghoul_above_the_tier_is_only_turned():
    # The Ghoul's health 5d8 (5 x 4 = 20); its save 5 + 0 = 5 against 14, a failure: cr_1 is above cr_1_2.
    bout = _bout("ghoul", [4] * 5, 5, [5])
    log = bout.choose("mira", "ability:spells:turn-undead", "ghoul")
    assert "Ghoul is Turned for 10 rounds." in log
    assert not any("destroyed" in line for line in log)
    # At level 8 the cr_1 step holds too.
    bout = _bout("ghoul", [4] * 5, 8, [5])
    assert "Ghoul (threat cr_1) is destroyed instead of Turned: Mira's destroys up to cr_1." in bout.choose(
        "mira", "ability:spells:turn-undead", "ghoul")


def test_a_weapons_hit_destroys_a_hound_up_to_its_tier():
    # tests/combat/test_items_held_weapons.py's Hound spear, whose hit (12 + 5 = 17 against
    # Armor Class 12; 1d8 5 + 3 = 8, the hound 20 - 8 = 12) would frighten; with `destroysUpTo`
    # cr_1 (no `when`) the Cinder Hound (cr_1) is destroyed instead.
    on_hit = {"condition": "frightened", "duration": {"rounds": 10}, "destroysUpTo": [{"tier": "cr_1"}]}
    bout = spear_bout(on_hit, [12, 5])
    log = bout.choose("brom", "attack:item:hound-spear", "cinder-hound")
    assert "Cinder Hound (threat cr_1) is destroyed instead of Frightened: Brom's destroys up to cr_1." in log
    assert bout.state.outcome == "victory"
