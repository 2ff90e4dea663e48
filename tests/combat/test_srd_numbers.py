"""Numbers that match the book, on Marinara's 5e (SRD 5.1) package as it ships
(tests/combat/srd_kit.py): a flat bonus written inside a dice string is added once.

Scripted dice: the Zombie's health 3d8 comes up 8, 1, 6; initiative is Mira's (or Brom's)
d20 then the Zombie's (Dexterity 6: -2).
"""

from __future__ import annotations

from shared.dice import parse_dice
from tests.combat.kit import Bout, foe
from tests.combat.srd_kit import brom, mira, srd

ZOMBIE_HEALTH = [8, 1, 6]


def test_with_modifier_adds_only_what_it_is_given():
    # 3d8+9 with 2 more is 3d8+11; with nothing more it stays 3d8+9 (the text's own 9 once).
    assert str(parse_dice("3d8+9").with_modifier(2)) == "3d8+11"
    assert str(parse_dice("3d8+9").with_modifier(0)) == "3d8+9"


def test_the_zombies_health_adds_its_nine_once():
    # "health": {"dice": "3d8+9"}: 8 + 1 + 6 = 15, + 9 = 24 (not + 18 = 33).
    b = Bout(srd(), [mira()], [foe("zombie")], dice=[*ZOMBIE_HEALTH, 10, 5])
    assert b.started[0] == "Zombie's health: 3d8+9 = 15 (8 + 1 + 6) + 9 = 24."
    assert b.who("zombie").health == b.who("zombie").health_max == 24


def test_magic_missile_deals_its_die_plus_one():
    # Magic Missile "amount": {"dice": "1d4+1"}, an automatic hit: the d4 shows 1, 1 + 1 = 2.
    b = Bout(srd(), [mira()], [foe("zombie")], dice=[*ZOMBIE_HEALTH, 10, 5, 1])
    lines = b.choose("mira", "ability:spells:magic-missile", "zombie")
    assert "Magic Missile (1 + 1 = 2) deals 2 force damage to Zombie." in lines
    assert "Zombie has 22 of 24 Hit points." in lines
    assert b.dice_left() == 0


def test_false_life_gives_its_die_plus_four():
    # False Life "temporary": {"dice": "1d4+4"}: the d4 shows 3, 3 + 4 = 7 temporary hit points.
    b = Bout(srd(), [mira()], [foe("zombie")], dice=[*ZOMBIE_HEALTH, 10, 5, 3])
    lines = b.choose("mira", "ability:spells:false-life")
    assert "False Life gives Mira 7 temporary Hit points." in lines
    assert b.dice_left() == 0


def test_a_weapon_rows_own_bonus_is_added_once_beside_the_ability():
    # A +2 longsword written "1d8+2", swung with Strength 16 (+3): the d8 shows 5,
    # 5 + (2 + 3) = 10 (not 5 + 7 = 12). To hit: 12 + 3 (Strength) + 2 (proficiency) = 17.
    fighter = brom()
    fighter["sheet"]["lists"]["attacks"][0]["damage"] = "1d8+2"
    b = Bout(srd(), [fighter], [foe("zombie")], dice=[*ZOMBIE_HEALTH, 10, 5, 12, 5])
    lines = b.choose("brom", "attack:attacks:longsword", "zombie")
    assert lines[:3] == [
        "Brom attacks Zombie with Longsword: 12 + 5 = 17 against Armor Class 8, a hit.",
        "Longsword (5 + 5 = 10) deals 10 slashing damage to Zombie.",
        "Zombie has 14 of 24 Hit points.",
    ]
    assert b.dice_left() == 0


# -- a creature action's save with "onSuccess": "none" keeps the damage (mechanics-1, 1.184) --

# The Ghoul's health 5d8 comes up 4 four times over (20); initiative Brom 5 + 1 = 6, Ghoul
# 15 + 2 = 17: the Ghoul goes first.
GHOUL_START = [4, 4, 4, 4, 4, 5, 15]


def test_the_ghouls_claws_deal_their_damage_when_the_save_succeeds():
    # Claws: 15 + 4 = 19 against Armor Class 16, a hit. Brom's Constitution save (14: +2,
    # proficient +2) 10 + 4 = 14 against 10 succeeds: the 2d4 + 2 still lands, 3 + 2 = 5,
    # + 2 = 7 (28 - 7 = 21), and only the paralysis is spared.
    b = Bout(srd(), [brom()], [foe("ghoul")], dice=[*GHOUL_START, 15, 10, 3, 2])
    lines = b.choose("ghoul", "action:claws", "brom")
    assert lines[:5] == [
        "Ghoul uses Claws on Brom.",
        "Ghoul attacks Brom with Claws: 15 + 4 = 19 against Armor Class 16, a hit.",
        "Brom rolls a Constitution save against Claws: 10 + 4 = 14 against 10, a success.",
        "Claws (5 (3 + 2) + 2 = 7) deals 7 slashing damage to Brom.",
        "Brom has 21 of 28 Hit points.",
    ]
    assert lines[5] == "Brom's turn."
    assert b.who("brom").conditions == []
    assert b.dice_left() == 0


def test_the_ghouls_claws_deal_their_damage_and_paralyse_when_the_save_fails():
    # The same hit; the save 3 + 4 = 7 against 10 fails: 7 damage and Paralyzed until saved
    # (Brom's turn passes; his end-of-turn save 9 + 4 = 13 ends it).
    b = Bout(srd(), [brom()], [foe("ghoul")], dice=[*GHOUL_START, 15, 3, 3, 2, 9])
    lines = b.choose("ghoul", "action:claws", "brom")
    assert lines[2:6] == [
        "Brom rolls a Constitution save against Claws: 3 + 4 = 7 against 10, a failure.",
        "Claws (5 (3 + 2) + 2 = 7) deals 7 slashing damage to Brom.",
        "Brom has 21 of 28 Hit points.",
        "Brom is Paralyzed until saved.",
    ]
    assert "Brom rolls a Constitution save to end Paralyzed: 9 + 4 = 13 against 10, a success." in lines
    assert b.dice_left() == 0


# -- log grammar: "spends 1 3rd-level slot" ----------------------------------------------------


def test_one_slot_is_spoken_of_in_the_singular():
    # Magic Missile cast with a 3rd-level slot (the option "@slots_3"); the d4 shows 4: 4 + 1 = 5.
    b = Bout(srd(), [mira(slots_max_3=1)], [foe("zombie")], dice=[*ZOMBIE_HEALTH, 10, 5, 4])
    lines = b.choose("mira", "ability:spells:magic-missile@slots_3", "zombie")
    assert lines[0] == "Mira spends 1 3rd-level slot on Magic Missile."
    assert "Magic Missile (4 + 1 = 5) deals 5 force damage to Zombie." in lines
    # The same spell with a 1st-level slot; the d4 shows 2: 2 + 1 = 3.
    first = Bout(srd(), [mira()], [foe("zombie")], dice=[*ZOMBIE_HEALTH, 10, 5, 2])
    assert first.choose("mira", "ability:spells:magic-missile", "zombie")[0] == (
        "Mira spends 1 1st-level slot on Magic Missile.")


def test_counted_says_one_in_the_singular_and_more_in_the_plural():
    from shared.combat.numbers import counted

    assert [counted(n, "3rd-level slots") for n in (1, 2)] == ["1 3rd-level slot", "2 3rd-level slots"]
    assert counted(1, "1st-level slots") == "1 1st-level slot"
    assert counted(1, "Ki points") == "1 Ki point"
    assert counted(1, "Hit dice") == "1 Hit die"
    assert counted(1, "Charges") == "1 Charge"
    assert counted(1, "Energies") == "1 Energy"
    # Labels that are no plural stay as written.
    assert [counted(1, w) for w in ("Lamp oil", "Focus", "Stress", "Resolve", "Luck")] == [
        "1 Lamp oil", "1 Focus", "1 Stress", "1 Resolve", "1 Luck"]
    assert counted(3, "Lamp oil") == "3 Lamp oil"
