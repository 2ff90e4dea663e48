"""What item attacks hit (spec/mechanics-1 1.187, 1.189 sworn targets, 1.192; combat-2
`resist`/`immune` `except`, 1.55), on the 5e example with an item catalog
(tests/combat/item_kit.py `typed_item_package`: the Cinder Hound a beast, the Hollow
Sentinel a construct, as their own `filters.kind` says).

The 5e example ships no items and the vendored 5e-srd sample has no item catalog, so each
weapon below is a small catalog entry written in this file from the SRD 5.1 entry of the
same name, in the package format, and the text says where it leaves the SRD out.

A held weapon is rolled as a row of the example's attack list (item_weapons.py): Brom,
Str 16 (+3), Dex 12 (+1), proficiency +2 at level 3, rolls Str (or the `ability` stat) +
2 + the `bonus` stat, and deals its dice + the ability.

Dice: the Cinder Hound (Armor Class 12, resists fire) has 5d8 = 20 (4 each), initiative
Brom 15 + 1 = 16, the hound 1 + 1 = 2. The Hollow Sentinel (Armor Class 15, resists
bludgeoning, piercing and slashing) has 9d10 + 9 = 54 (5 each), initiative Brom 16, the
sentinel 1 - 1 = 0.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.combat.item_kit import brom, typed_item_package
from tests.combat.kit import Bout, add_condition, foe, ruleset

HOUND = [4] * 5 + [15, 1]
SENTINEL = [5] * 9 + [15, 1]
SENTINEL_WAITS = "The fight waits: between turns, signature actions may be bought. Asked in turn: Hollow Sentinel."


def _weapon(eid: str, label: str, stats: dict[str, Any], attack: dict[str, Any], **item: Any) -> dict[str, Any]:
    return {"id": eid, "label": label, "summary": label,
            "item": {"category": "weapon", "rarity": "rare", "slots": {"hand": 1}, "stats": stats,
                     "attack": attack, **item}}


def _bout(weapon: dict[str, Any], foe_id: str, dice: list[int], *, worn: bool = True,
          pkg: dict[str, Any] | None = None, **sheet_fields: Any) -> Bout:
    pkg = pkg if pkg is not None else typed_item_package(weapon)
    wielder = brom(items=[{"item": f"items/{weapon['id']}", "worn": worn}])
    wielder["sheet"]["fields"].update(sheet_fields)
    start = HOUND if foe_id == "cinder-hound" else SENTINEL
    return Bout(ruleset(pkg), [wielder], [foe(foe_id)], dice=start + dice)


# ---------------------------------------------------------------------------
# against: to hit by target (1.187)
# ---------------------------------------------------------------------------

#: SRD "Mace of Smiting": a +1 weapon whose bonus rises to +3 against a construct (the
#: extra damage against a construct and the 20 that destroys one are left out here).
MACE = _weapon("mace-of-smiting", "Mace of Smiting", {"ability": "str", "bonus": 1},
               {"damage": {"dice": "1d6+1", "type": "bludgeoning"},
                "against": [{"is": {"types": ["construct"]}, "toHit": 2}]})


def test_the_mace_of_smiting_adds_two_to_hit_only_against_a_construct():
    # Str 3 + proficiency 2 + bonus 1 = +6; against the construct + 2 more: 8 + 8 = 16
    # reaches Armor Class 15 (without it 14 would miss). 1d6 + 1 + 3: 4 + 4 = 8, halved by
    # the sentinel's resistance to 4: 54 - 4 = 50.
    bout = _bout(MACE, "hollow-sentinel", [8, 4])
    # The odds: +8 against 15 hits on 7 or more, 14 faces of 20; 1d6 + 4 halved (rounded
    # down) averages 3.5, a critical's 2d6 + 4 halved 189/36 = 5.25:
    # 0.65 * 3.5 + 0.05 * 5.25 = 2.5375.
    f = bout.options("brom")["attack:item:mace-of-smiting"].forecasts[0]
    assert (f.hit, round(f.damage, 2)) == (0.7, 2.54)
    assert bout.choose("brom", "attack:item:mace-of-smiting", "hollow-sentinel") == [
        "Brom attacks Hollow Sentinel with Mace of Smiting: 8 + 6 + 2 (Mace of Smiting) = 16 against Armor Class 15, "
        "a hit.",
        "Mace of Smiting (4 + 4 = 8) deals 4 bludgeoning damage to Hollow Sentinel (resisted: halved).",
        "Hollow Sentinel has 50 of 54 Hit points.",
        SENTINEL_WAITS,
    ]
    # The hound is a beast: +6 against 12 hits on 6 or more, 15 faces of 20.
    hound = _bout(MACE, "cinder-hound", [8, 4])
    assert hound.options("brom")["attack:item:mace-of-smiting"].forecasts[0].hit == 0.75
    assert hound.choose("brom", "attack:item:mace-of-smiting", "cinder-hound")[0] == (
        "Brom attacks Cinder Hound with Mace of Smiting: 8 + 6 = 14 against Armor Class 12, a hit.")


# ---------------------------------------------------------------------------
# plus parts: not, tempHp, blow (1.187)
# ---------------------------------------------------------------------------

#: SRD "Sword of Life Stealing": 3d6 necrotic more, never to a construct or an undead, and
#: the wielder gains that much in temporary hit points (the SRD's "roll a 20" is left out:
#: a `plus` part has no key for it, so here it comes with every hit).
LIFE_STEALING = _weapon("sword-of-life-stealing", "Sword of Life Stealing", {"ability": "str"},
                        {"damage": {"dice": "1d8", "type": "slashing"},
                         "plus": [{"dice": "3d6", "type": "necrotic", "not": {"types": ["construct", "undead"]},
                                   "tempHp": True}]})


def test_life_stealing_gives_the_wielder_what_its_necrotic_part_dealt():
    # 12 + 5 = 17 hits 12; 1d8 (5) + 3 = 8 slashing: 20 - 8 = 12; 3d6 (2, 3, 4) = 9
    # necrotic: 12 - 9 = 3, and Brom gains 9 temporary points.
    bout = _bout(LIFE_STEALING, "cinder-hound", [12, 5, 2, 3, 4])
    assert bout.choose("brom", "attack:item:sword-of-life-stealing", "cinder-hound") == [
        "Brom attacks Cinder Hound with Sword of Life Stealing: 12 + 5 = 17 against Armor Class 12, a hit.",
        "Sword of Life Stealing (5 + 3 = 8) deals 8 slashing damage to Cinder Hound.",
        "Cinder Hound has 12 of 20 Hit points.",
        "Sword of Life Stealing (9 (2 + 3 + 4)) deals 9 necrotic damage to Cinder Hound.",
        "Cinder Hound has 3 of 20 Hit points.",
        "Sword of Life Stealing gives Brom 9 temporary Hit points.",
        "Cinder Hound's turn.",
    ]
    assert bout.who("brom").sheet["live"]["temp"] == {"hp": 9}


def test_life_stealing_skips_a_construct_and_gives_nothing():
    # 12 + 5 = 17 hits 15; 1d8 (5) + 3 = 8 slashing, halved to 4: 54 - 4 = 50. No necrotic
    # die is rolled for the construct.
    bout = _bout(LIFE_STEALING, "hollow-sentinel", [12, 5])
    assert bout.choose("brom", "attack:item:sword-of-life-stealing", "hollow-sentinel") == [
        "Brom attacks Hollow Sentinel with Sword of Life Stealing: 12 + 5 = 17 against Armor Class 15, a hit.",
        "Part of Sword of Life Stealing skips Construct or Undead, so it passes Hollow Sentinel by.",
        "Sword of Life Stealing (5 + 3 = 8) deals 4 slashing damage to Hollow Sentinel (resisted: halved).",
        "Hollow Sentinel has 50 of 54 Hit points.",
        SENTINEL_WAITS,
    ]
    assert bout.dice_left() == 0


def _thrower(stats: dict[str, Any]) -> dict[str, Any]:
    """SRD "Dwarven Thrower": a +3 warhammer that deals 1d8 more when thrown (2d8 against a
    giant, left out here)."""
    return _weapon("dwarven-thrower", "Dwarven Thrower", {"ability": "str", "bonus": 3, **stats},
                   {"damage": {"dice": "1d8+3", "type": "bludgeoning"},
                    "plus": [{"dice": "1d8", "type": "bludgeoning", "blow": "ranged"}]})


def test_the_dwarven_throwers_part_counts_only_on_a_thrown_blow():
    # Swung (no range): +8, 10 + 8 = 18 hits 12; 1d8 (6) + 3 + 3 = 12: 20 - 12 = 8.
    swung = _bout(_thrower({}), "cinder-hound", [10, 6])
    assert swung.choose("brom", "attack:item:dwarven-thrower", "cinder-hound")[:4] == [
        "Brom attacks Cinder Hound with Dwarven Thrower: 10 + 8 = 18 against Armor Class 12, a hit.",
        "Part of Dwarven Thrower counts only on a ranged blow, so it passes Cinder Hound by.",
        "Dwarven Thrower (6 + 6 = 12) deals 12 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 8 of 20 Hit points.",
    ]
    # Written with a range of 20 and no reach (the attack list reads a weapon with range
    # and no reach as ranged off the board): the same 12, then 1d8 (3): 8 - 3 = 5.
    thrown = _bout(_thrower({"reach": 0, "range": 20}), "cinder-hound", [10, 6, 3])
    assert thrown.choose("brom", "attack:item:dwarven-thrower", "cinder-hound")[1:5] == [
        "Dwarven Thrower (6 + 6 = 12) deals 12 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 8 of 20 Hit points.",
        "Dwarven Thrower (3) deals 3 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 5 of 20 Hit points.",
    ]


# ---------------------------------------------------------------------------
# sworn targets: against `marked`, plus `marked`, othersWhileMarked (1.189, 1.192)
# ---------------------------------------------------------------------------

#: SRD "Oathbow": against its sworn enemy the wielder has advantage and deals 3d6 piercing
#: more; while that enemy lives, attacks with every other weapon are at disadvantage. The
#: oath itself (a bonus action) is put on by the test, as a condition a fight carried in.
OATHBOW = _weapon("oathbow", "Oathbow", {"ability": "dex", "reach": 0, "range": 150},
                  {"damage": {"dice": "1d8", "type": "piercing"},
                   "against": [{"marked": "sworn", "mode": "advantage"}],
                   "plus": [{"dice": "3d6", "type": "piercing", "marked": "sworn"}],
                   "othersWhileMarked": {"condition": "sworn", "mode": "disadvantage"}},
                  slots={"hand": 2})


def _oath_bout(dice: list[int], *, sworn: bool, worn: bool = True) -> Bout:
    pkg = add_condition(typed_item_package(OATHBOW), "sworn", "Sworn enemy", onePerSource=True)
    bout = _bout(OATHBOW, "cinder-hound", dice, worn=worn, pkg=pkg)
    if sworn:
        bout.put("cinder-hound", "sworn", source="brom")
    return bout


def test_the_oathbow_against_its_sworn_enemy():
    # Advantage: 3 and 14, the 14 kept; Dex 1 + proficiency 2: 17 hits 12. 1d8 (5) + 1 = 6:
    # 20 - 6 = 14; the sworn part 3d6 (2, 3, 4) = 9: 14 - 9 = 5.
    bout = _oath_bout([3, 14, 5, 2, 3, 4], sworn=True)
    assert bout.choose("brom", "attack:item:oathbow", "cinder-hound") == [
        "Brom attacks Cinder Hound with Oathbow: 14 (advantage; dropped 3) + 3 = 17 against Armor Class 12, a hit.",
        "Oathbow (5 + 1 = 6) deals 6 piercing damage to Cinder Hound.",
        "Cinder Hound has 14 of 20 Hit points.",
        "Oathbow (9 (2 + 3 + 4)) deals 9 piercing damage to Cinder Hound.",
        "Cinder Hound has 5 of 20 Hit points.",
        "Cinder Hound's turn.",
    ]


def test_the_oathbow_against_a_foe_not_sworn():
    # One die: 12 + 3 = 15 hits 12; 1d8 (5) + 1 = 6: 20 - 6 = 14; no 3d6.
    bout = _oath_bout([12, 5], sworn=False)
    assert bout.choose("brom", "attack:item:oathbow", "cinder-hound") == [
        "Brom attacks Cinder Hound with Oathbow: 12 + 3 = 15 against Armor Class 12, a hit.",
        "Part of Oathbow reaches only one holding Sworn enemy from Brom, so it passes Cinder Hound by.",
        "Oathbow (5 + 1 = 6) deals 6 piercing damage to Cinder Hound.",
        "Cinder Hound has 14 of 20 Hit points.",
        "Cinder Hound's turn.",
    ]
    assert bout.dice_left() == 0


def test_another_weapon_is_at_disadvantage_while_the_sworn_enemy_stands():
    # Brom's own Longsword row (+5) while the hound is sworn: 15 and 6, the 6 kept: 11
    # misses 12. Without the bow in hand the oath weighs nothing: 15 + 5 = 20 hits.
    sworn = _oath_bout([15, 6], sworn=True)
    assert sworn.choose("brom", "attack:attacks:longsword", "cinder-hound")[0] == (
        "Brom attacks Cinder Hound with Longsword: 6 (disadvantage; dropped 15) + 5 = 11 against Armor Class 12, "
        "a miss.")
    packed = _oath_bout([15, 6], sworn=True, worn=False)
    assert packed.choose("brom", "attack:attacks:longsword", "cinder-hound")[0] == (
        "Brom attacks Cinder Hound with Longsword: 15 + 5 = 20 against Armor Class 12, a hit.")


# ---------------------------------------------------------------------------
# ignoresResistance (1.192) and a guard's `except` (1.55)
# ---------------------------------------------------------------------------

#: SRD "Vorpal Sword": a +3 weapon that ignores resistance to slashing damage (its
#: beheading is a `slay`, left out here). The 1d4 bludgeoning part is this test's own, to
#: show a part of another type still halved.
VORPAL = _weapon("vorpal-sword", "Vorpal Sword", {"ability": "str", "bonus": 3},
                 {"damage": {"dice": "1d8+3", "type": "slashing"}, "ignoresResistance": True,
                  "plus": [{"dice": "1d4", "type": "bludgeoning"}]})


def test_the_vorpal_swords_slashing_passes_the_sentinels_resistance():
    # +8: 10 + 8 = 18 hits 15; 1d8 (6) + 3 + 3 = 12 slashing in full: 54 - 12 = 42; 1d4
    # (3) bludgeoning halved to 1: 41.
    bout = _bout(VORPAL, "hollow-sentinel", [10, 6, 3])
    # The odds: +8 against 15 hits on 7 or more; 1d8 + 6 in full averages 10.5, a critical's
    # 2d8 + 6 15; the bludgeoning part 1d4 halved (0, 1, 1, 2) averages 1, 2d4 halved
    # 36/16 = 2.25: 0.65 * (10.5 + 1) + 0.05 * (15 + 2.25) = 7.475 + 0.8625 = 8.3375.
    f = bout.options("brom")["attack:item:vorpal-sword"].forecasts[0]
    assert (f.hit, round(f.damage, 2)) == (0.7, 8.34)
    assert bout.choose("brom", "attack:item:vorpal-sword", "hollow-sentinel") == [
        "Brom attacks Hollow Sentinel with Vorpal Sword: 10 + 8 = 18 against Armor Class 15, a hit.",
        "Vorpal Sword (6 + 6 = 12) deals 12 slashing damage to Hollow Sentinel (the blow gets past its resistance).",
        "Hollow Sentinel has 42 of 54 Hit points.",
        "Vorpal Sword (3) deals 1 bludgeoning damage to Hollow Sentinel (resisted: halved).",
        "Hollow Sentinel has 41 of 54 Hit points.",
        SENTINEL_WAITS,
    ]


#: SRD "+1 Longsword" (Weapon, +1), tagged magical.
MAGIC_LONGSWORD = _weapon("longsword-plus-one", "Longsword +1", {"ability": "str", "bonus": 1},
                          {"damage": {"dice": "1d8+1", "type": "slashing"}}, tags=["magical"])


def _nonmagical_guard() -> dict[str, Any]:
    """The example with the sentinel's resistances written as the SRD's "from nonmagical
    attacks": each one `except` the magical tag."""
    pkg = typed_item_package(MAGIC_LONGSWORD)
    sentinel = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "hollow-sentinel")
    sentinel["creature"]["resist"] = [{"type": t, "except": ["magical"]} for t in sentinel["creature"]["resist"]]
    return pkg


def test_a_magical_weapon_gets_past_a_resistance_to_nonmagical_attacks():
    # +6: 10 + 6 = 16 hits 15; 1d8 (6) + 1 + 3 = 10 in full: 54 - 10 = 44.
    bout = _bout(MAGIC_LONGSWORD, "hollow-sentinel", [10, 6], pkg=_nonmagical_guard())
    # The odds: +6 against 15 hits on 9 or more, 12 faces of 20; 1d8 + 4 averages 8.5, a
    # critical's 2d8 + 4 13: 0.55 * 8.5 + 0.05 * 13 = 5.325.
    f = bout.options("brom")["attack:item:longsword-1"].forecasts[0]
    assert (f.hit, round(f.damage, 3)) == (0.6, 5.325)
    assert bout.choose("brom", "attack:item:longsword-1", "hollow-sentinel")[1:3] == [
        "Longsword +1 (6 + 4 = 10) deals 10 slashing damage to Hollow Sentinel (magical gets past its resistance).",
        "Hollow Sentinel has 44 of 54 Hit points.",
    ]
    # Brom's own Longsword row carries no tag: 10 + 5 = 15 hits; 6 + 3 = 9, halved to 4.
    plain = _bout(MAGIC_LONGSWORD, "hollow-sentinel", [10, 6], pkg=_nonmagical_guard())
    assert plain.choose("brom", "attack:attacks:longsword", "hollow-sentinel")[1:3] == [
        "Longsword (6 + 3 = 9) deals 4 slashing damage to Hollow Sentinel (resisted: halved).",
        "Hollow Sentinel has 50 of 54 Hit points.",
    ]


# ---------------------------------------------------------------------------
# oncePerTurn (1.187)
# ---------------------------------------------------------------------------

#: SRD "Sword of Wounding": once per turn, a hit wounds the target. Here the wound is a
#: condition of the test's own (the harm it deals each turn is `harms`, not this key).
WOUNDING = _weapon("sword-of-wounding", "Sword of Wounding", {"ability": "str"},
                   {"damage": {"dice": "1d8", "type": "slashing"},
                    "onHit": [{"condition": "wounded", "duration": {"rounds": 10}, "oncePerTurn": True}]})


def _wounding_bout(weapon: dict[str, Any]) -> Bout:
    """Brom with two attacks an action (a level 5 fighter's Extra Attack, on the sheet)
    against two Cinder Hounds (20 each; initiative Brom 16, the hounds 2)."""
    pkg = add_condition(typed_item_package(weapon), "wounded", "Wounded", effects=["cannot-heal"])
    wielder = brom(items=[{"item": "items/sword-of-wounding", "worn": True}])
    wielder["sheet"]["fields"]["attacks_per_action"] = 2
    return Bout(ruleset(pkg), [wielder], [foe("cinder-hound"), foe("cinder-hound")],
                dice=[4] * 10 + [15, 1, 1] + [12, 5, 12, 5])


def test_the_sword_of_wounding_wounds_on_the_first_hit_of_a_turn_only():
    # 12 + 5 = 17 hits each hound; 1d8 (5) + 3 = 8 each: 20 - 8 = 12. The first hit of the
    # turn wounds the first hound; the second, on the other hound, does not.
    bout = _wounding_bout(WOUNDING)
    first = bout.choose("brom", "attack:item:sword-of-wounding", "cinder-hound")
    assert first[3:] == ["Cinder Hound is Wounded for 10 rounds."]
    second = bout.choose("brom", "attack:item:sword-of-wounding", "cinder-hound-2")
    assert second[1:4] == [
        "Sword of Wounding (5 + 3 = 8) deals 8 slashing damage to Cinder Hound 2.",
        "Cinder Hound 2 has 12 of 20 Hit points.",
        "Sword of Wounding puts Wounded on only once a turn.",
    ]
    assert [h.id for h in bout.who("cinder-hound-2").conditions] == []


def test_a_weapon_without_the_key_wounds_on_every_hit():
    attack = copy.deepcopy(WOUNDING)
    del attack["item"]["attack"]["onHit"][0]["oncePerTurn"]
    bout = _wounding_bout(attack)
    bout.choose("brom", "attack:item:sword-of-wounding", "cinder-hound")
    assert bout.choose("brom", "attack:item:sword-of-wounding", "cinder-hound-2")[3] == (
        "Cinder Hound 2 is Wounded for 10 rounds.")


# ---------------------------------------------------------------------------
# slay (1.187) and what a target that saves gets instead (1.192)
# ---------------------------------------------------------------------------

#: SRD "Nine Lives Stealer": a +2 weapon with 1d8 + 1 charges (here 3, the stack holding
#: 2); on a critical hit a creature with fewer than 100 hit points, not a construct or an
#: undead, makes a DC 15 Constitution save or is slain, and the sword loses a charge.
NINE_LIVES = _weapon("nine-lives-stealer", "Nine Lives Stealer", {"ability": "str", "bonus": 2},
                     {"damage": {"dice": "1d8+2", "type": "slashing"},
                      "slay": [{"when": "critical", "not": {"types": ["construct", "undead"]}, "healthAtMost": 99,
                                "save": {"save": "con_save", "difficulty": 15}, "charges": 1}]},
                     charges={"max": 3})


def _nine_lives(dice: list[int], charges: int = 2) -> Bout:
    wielder = brom(items=[{"item": "items/nine-lives-stealer", "worn": True, "charges": charges}])
    return Bout(ruleset(typed_item_package(NINE_LIVES)), [wielder], [foe("cinder-hound")], dice=HOUND + dice)


def test_nine_lives_stealer_slays_on_a_critical_hit_and_spends_a_charge():
    # A natural 20: 20 + 7 = 27, a critical. 1d8 (5) + 2 + 3 = 10, the critical's second
    # die 3: 13; 20 - 13 = 7, at most 99: a charge goes (2 -> 1 of 3), the hound's
    # Constitution save 6 + 4 = 10 fails 15, and it dies.
    bout = _nine_lives([20, 5, 3, 6])
    assert bout.choose("brom", "attack:item:nine-lives-stealer", "cinder-hound") == [
        "Brom attacks Cinder Hound with Nine Lives Stealer: 20 + 7 = 27 against Armor Class 12, a natural 20, "
        "a critical hit.",
        "Nine Lives Stealer (5 + 5 = 10, doubled dice 3) deals 13 slashing damage to Cinder Hound.",
        "Cinder Hound has 7 of 20 Hit points.",
        "Brom spends 1 charge of Nine Lives Stealer: 1/3 charges.",
        "Cinder Hound rolls a Constitution save against Nine Lives Stealer's slaying blow: 6 + 4 = 10 against 15, "
        "a failure.",
        "Brom's Nine Lives Stealer kills Cinder Hound.",
        "The fight is over after 1 round: the party wins.",
    ]
    assert bout.who("brom").sheet["live"]["items"] == [
        {"item": "items/nine-lives-stealer", "worn": True, "charges": 1}]


def test_nine_lives_stealer_does_nothing_more_on_an_ordinary_hit_or_without_charges():
    # 12 + 7 = 19 hits, no critical: 5 + 5 = 10 (20 -> 10), no save, no charge spent.
    bout = _nine_lives([12, 5])
    assert bout.choose("brom", "attack:item:nine-lives-stealer", "cinder-hound")[2:] == [
        "Cinder Hound has 10 of 20 Hit points.", "Cinder Hound's turn."]
    assert bout.who("brom").sheet["live"]["items"][0]["charges"] == 2
    # A critical with the stack's charges spent: 13 (20 -> 7), and no save is asked.
    empty = _nine_lives([20, 5, 3], charges=0)
    assert empty.choose("brom", "attack:item:nine-lives-stealer", "cinder-hound")[2:] == [
        "Cinder Hound has 7 of 20 Hit points.",
        "Nine Lives Stealer has too few charges left to slay Cinder Hound.",
        "Cinder Hound's turn.",
    ]


#: SRD "Mace of Disruption": a target left with 25 hit points or fewer makes a DC 15
#: Wisdom save or is destroyed; on a success it is frightened of the wielder until the end
#: of the wielder's next turn. (The SRD's "a fiend or an undead" has no key on `slay`, which
#: can only exclude types, so here it reaches the hound.)
DISRUPTION = _weapon("mace-of-disruption", "Mace of Disruption", {"ability": "str"},
                     {"damage": {"dice": "1d6", "type": "bludgeoning"},
                      "slay": [{"healthAtMost": 25, "save": {"save": "wis_save", "difficulty": 15},
                                "saved": [{"condition": "frightened", "duration": {"rounds": 1, "of": "source"}}]}]})


def test_a_target_that_makes_the_slaying_save_gets_the_saved_conditions():
    # 12 + 5 = 17 hits; 1d6 (4) + 3 = 7: 20 - 7 = 13, at most 25. The hound lists no
    # Wisdom save, so it rolls the bare die: 16 against 15, a success, and it is frightened.
    bout = _bout(DISRUPTION, "cinder-hound", [12, 4, 16])
    assert bout.choose("brom", "attack:item:mace-of-disruption", "cinder-hound")[2:] == [
        "Cinder Hound has 13 of 20 Hit points.",
        "Cinder Hound rolls a Wisdom save against Mace of Disruption's slaying blow: 16 against 15, a success.",
        "Cinder Hound is Frightened for 1 round.",
        "Cinder Hound's turn.",
    ]
    # A 9 fails: it is destroyed.
    failed = _bout(DISRUPTION, "cinder-hound", [12, 4, 9])
    assert failed.choose("brom", "attack:item:mace-of-disruption", "cinder-hound")[3:5] == [
        "Cinder Hound rolls a Wisdom save against Mace of Disruption's slaying blow: 9 against 15, a failure.",
        "Brom's Mace of Disruption kills Cinder Hound.",
    ]


# ---------------------------------------------------------------------------
# against: cover and long range on the board (1.189)
# ---------------------------------------------------------------------------

#: The Oathbow's "no disadvantage at long range" and "no cover but total cover" against its
#: sworn enemy, on a bow shortened to range 20 (long 60) so the board holds a long shot.
SIGHTED_BOW = _weapon("oathbow", "Oathbow", {"ability": "dex", "reach": 0, "range": 20, "long_range": 60},
                      {"damage": {"dice": "1d8", "type": "piercing"},
                       "against": [{"marked": "sworn", "ignoresCover": True, "ignoresLongRange": True}]},
                      slots={"hand": 2})
#: Brom at (0, 1), the hound at (6, 1): 30 feet, past the bow's 20; low cover at (3, 1).
COVERED = {"rows": ["..........", "...-......", ".........."]}


def _board_bout(sworn: bool) -> Bout:
    rs = ruleset(add_condition(typed_item_package(SIGHTED_BOW), "sworn", "Sworn enemy"))
    wielder = brom(items=[{"item": "items/oathbow", "worn": True}]) | {"position": [0, 1]}
    bout = Bout(rs, [wielder], [foe("cinder-hound", position=[6, 1])], dice=HOUND + [12, 3, 5], board=COVERED)
    if sworn:
        bout.put("cinder-hound", "sworn", source="brom")
    return bout


def test_the_sworn_enemy_gets_no_cover_and_no_long_range_disadvantage():
    # Not sworn: a long shot at disadvantage (12 and 3, the 3 kept) + 3 = 6 against 12 + 2
    # half cover. The odds: 11 or more on both dice, 0.5 * 0.5 = 0.25; 1d8 + 1 averages 5.5,
    # a critical (1/400) 2d8 + 1 10: 0.2475 * 5.5 + 0.0025 * 10 = 1.38625.
    plain = _board_bout(False)
    f = plain.options("brom")["attack:item:oathbow"].forecasts[0]
    assert (f.hit, f.damage) == (0.25, 1.386)
    assert plain.choose("brom", "attack:item:oathbow", "cinder-hound")[0] == (
        "Brom attacks Cinder Hound with Oathbow: 3 (disadvantage; dropped 12) + 3 = 6 against Armor Class 14 "
        "(+ 2 half cover), a miss.")
    # Sworn: one die, 12 + 3 = 15 against the bare 12, a hit; 1d8 (3) + 1 = 4. The odds: 9
    # or more, 0.6; 0.55 * 5.5 + 0.05 * 10 = 3.525.
    sworn = _board_bout(True)
    f = sworn.options("brom")["attack:item:oathbow"].forecasts[0]
    assert (f.hit, f.damage) == (0.6, 3.525)
    assert sworn.choose("brom", "attack:item:oathbow", "cinder-hound")[:2] == [
        "Brom attacks Cinder Hound with Oathbow: 12 + 3 = 15 against Armor Class 12, a hit.",
        "Oathbow (3 + 1 = 4) deals 4 piercing damage to Cinder Hound.",
    ]


# ---------------------------------------------------------------------------
# modes (1.190)
# ---------------------------------------------------------------------------

#: SRD "Javelin of Lightning": hurled with its command word it becomes a bolt to a target
#: within 120 feet, which takes 4d6 lightning more on a hit; once until the next dawn (here
#: `charges.max` 1 and `stack` 1, as the spec writes it). The line's saves for those between
#: wielder and target (`line`) are tests/combat/test_item_mode_line.py's; the mode here has none.
JAVELIN = _weapon("javelin-of-lightning", "Javelin of Lightning", {"ability": "str"},
                  {"damage": {"dice": "1d6", "type": "piercing"},
                   "modes": [{"label": "Lightning bolt", "range": {"normal": 120},
                              "plus": [{"dice": "4d6", "type": "lightning"}], "charges": 1}]},
                  stack=1, charges={"max": 1})
BOLT = "attack:item:javelin-of-lightning-lightning-bolt"


def test_the_javelin_of_lightning_is_offered_as_a_javelin_and_as_a_bolt_while_its_charge_lasts():
    bout = _bout(JAVELIN, "cinder-hound", [12, 3, 1, 2, 3, 4])
    menu = bout.options("brom")
    # Both +5 (Str 3 + proficiency 2), 1d6 + 3 piercing. The odds: 7 or more, 0.7; the
    # javelin 0.65 * 6.5 + 0.05 * 10 = 4.725; the bolt adds 4d6 (14, a critical's 8d6 28):
    # 4.725 + 0.65 * 14 + 0.05 * 28 = 15.225.
    plain, bolt = menu["attack:item:javelin-of-lightning"], menu[BOLT]
    assert (plain.label, plain.text, plain.forecasts[0].damage) == (
        "Javelin of Lightning", "Action; to hit +5, 1d6+3 piercing", 4.725)
    assert (bolt.label, bolt.text, bolt.forecasts[0].damage) == (
        "Javelin of Lightning (Lightning bolt)", "Action; to hit +5, 1d6+3 piercing", 15.225)
    # The charge goes as the bolt is paid for (1 -> 0 of 1); 12 + 5 = 17 hits; 1d6 (3) + 3
    # = 6: 20 - 6 = 14; 4d6 (1, 2, 3, 4) = 10 lightning: 14 - 10 = 4.
    assert bout.choose("brom", BOLT, "cinder-hound") == [
        "Brom spends 1 charge of Javelin of Lightning (Lightning bolt): 0/1 charges.",
        "Brom attacks Cinder Hound with Javelin of Lightning (Lightning bolt): 12 + 5 = 17 against Armor Class 12, "
        "a hit.",
        "Javelin of Lightning (Lightning bolt) (3 + 3 = 6) deals 6 piercing damage to Cinder Hound.",
        "Cinder Hound has 14 of 20 Hit points.",
        "Javelin of Lightning (Lightning bolt) (10 (1 + 2 + 3 + 4)) deals 10 lightning damage to Cinder Hound.",
        "Cinder Hound has 4 of 20 Hit points.",
        "Cinder Hound's turn.",
    ]
    assert bout.who("brom").sheet["live"]["items"] == [
        {"item": "items/javelin-of-lightning", "worn": True, "charges": 0}]
    bout.choose("cinder-hound", "end-turn")
    menu = bout.options("brom")
    assert "attack:item:javelin-of-lightning" in menu and BOLT not in menu


def test_a_thrown_mode_is_a_ranged_blow():
    # The Dwarven Thrower with a Thrown mode (20, long 60): thrown, its ranged 1d8 counts:
    # 10 + 8 = 18 hits; 6 + 6 = 12 (20 -> 8), then 3 (8 -> 5).
    thrower = _thrower({})
    thrower["item"]["attack"]["modes"] = [{"label": "Thrown", "range": {"normal": 20, "long": 60}}]
    bout = _bout(thrower, "cinder-hound", [10, 6, 3])
    assert bout.choose("brom", "attack:item:dwarven-thrower-thrown", "cinder-hound")[1:5] == [
        "Dwarven Thrower (Thrown) (6 + 6 = 12) deals 12 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 8 of 20 Hit points.",
        "Dwarven Thrower (Thrown) (3) deals 3 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 5 of 20 Hit points.",
    ]


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=10, max_value=19), st.integers(min_value=1, max_value=8))
def test_a_blow_past_a_guard_lands_whole_where_the_same_blow_is_halved(d20: int, d8: int):
    """Whatever the dice, on the Hollow Sentinel (Armor Class 15, resisting slashing): the
    Vorpal Sword's slashing lands whole (d8 + 6), a magical Longsword +1 past a resistance
    to nonmagical attacks lands whole (d8 + 4), and Brom's untagged Longsword row is halved
    ((d8 + 3) // 2)."""
    def dealt(weapon: dict[str, Any], option: str, pkg: dict[str, Any] | None = None) -> int:
        bout = _bout(weapon, "hollow-sentinel", [d20, d8], pkg=pkg)
        bout.choose("brom", option, "hollow-sentinel")
        return 54 - bout.who("hollow-sentinel").health

    vorpal = copy.deepcopy(VORPAL)
    del vorpal["item"]["attack"]["plus"]
    assert dealt(vorpal, "attack:item:vorpal-sword") == d8 + 6
    assert dealt(MAGIC_LONGSWORD, "attack:item:longsword-1", _nonmagical_guard()) == d8 + 4
    assert dealt(MAGIC_LONGSWORD, "attack:attacks:longsword", _nonmagical_guard()) == (d8 + 3) // 2
