"""Held weapons (`ItemDef.attack`, spec/combat-1 "Every key": attacks of equipped items are
weapons; combat-2 "Minimum damage dice"), on the 5e example with an item catalog
(tests/combat/item_kit.py) and on Gravewatch (vendored, a pool fight).

An item attack is rolled as a row of the ruleset's first attack list would be (item_weapons.py,
docs/format.md "Held weapons"): the 5e example's `attacks` list rolls Str (the `ability`
stat) + proficiency (the `proficient` column's default, true) + the `bonus` stat.

Brom: Str 16 (+3), proficiency +2 at level 3. The Cinder Hound: Armor Class 12, resists fire.
Dice: the hound's health 5d8 (4 each) = 20; initiative Brom 15 + Dex 1 = 16, the hound
1 + 1 = 2, so Brom acts first.
"""

from __future__ import annotations

import copy
import json

from tests.combat.item_kit import brom, item_package, item_ruleset
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, add_condition, foe, ruleset

START = [4] * 5 + [15, 1]

FLAME_TONGUE = {
    "id": "flame-tongue", "label": "Flame Tongue",
    "summary": "While the sword is ablaze, it deals an extra 2d6 fire damage to any target it hits.",
    "item": {"category": "weapon", "rarity": "rare", "slots": {"hand": 1}, "stats": {"ability": "str"},
             "attack": {"damage": {"dice": "1d8", "type": "slashing"}, "plus": [{"dice": "2d6", "type": "fire"}]}},
}
LONGSWORD_PLUS_ONE = {
    "id": "longsword-plus-one", "label": "Longsword +1", "summary": "A +1 bonus to attack and damage rolls.",
    "item": {"category": "weapon", "rarity": "uncommon", "slots": {"hand": 1}, "stats": {"ability": "str", "bonus": 1},
             "attack": {"damage": {"dice": "1d8+1", "type": "slashing"}}},
}
IN_HAND = {"item": "items/flame-tongue", "worn": True}


def _bout(items: list[dict], dice: list[int]) -> Bout:
    return Bout(item_ruleset(FLAME_TONGUE, LONGSWORD_PLUS_ONE), [brom(items=items)], [foe("cinder-hound")],
                dice=START + dice)


def test_a_flame_tongue_in_hand_is_on_the_menu_as_a_weapon():
    menu = _bout([IN_HAND], []).options("brom")
    option = menu["attack:item:flame-tongue"]
    # To hit: Str 3 + proficiency 2 = +5; damage 1d8 + Str 3.
    assert (option.label, option.budget, option.text) == ("Flame Tongue", "action", "Action; to hit +5, 1d8+3 slashing")
    # Hits on 7 or more: 0.65 a plain hit, 0.05 a critical. 1d8 + 3: 7.5, a critical's 2d8 + 3: 12;
    # the fire part, halved by the hound's resistance and rounded down: 2d6 3.25, 4d6 6.75.
    # 0.65 * 7.5 + 0.05 * 12 = 5.475, + 0.65 * 3.25 + 0.05 * 6.75 = 2.45: 7.925.
    f = option.forecasts[0]
    assert (f.hit, f.damage) == (0.7, 7.925)
    # The sheet's own Longsword row stays beside it.
    assert "attack:attacks:longsword" in menu


def test_the_flame_tongue_hits_and_its_fire_part_is_resisted():
    # d20 12 + 5 = 17 hits Armor Class 12; 1d8 (5) + 3 = 8 slashing: 20 - 8 = 12; 2d6 (3, 4)
    # = 7 fire, halved by the resistance to 3: 12 - 3 = 9.
    assert _bout([IN_HAND], [12, 5, 3, 4]).choose("brom", "attack:item:flame-tongue", "cinder-hound") == [
        "Brom attacks Cinder Hound with Flame Tongue: 12 + 5 = 17 against Armor Class 12, a hit.",
        "Flame Tongue (5 + 3 = 8) deals 8 slashing damage to Cinder Hound.",
        "Cinder Hound has 12 of 20 Hit points.",
        "Flame Tongue (7 (3 + 4)) deals 3 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 9 of 20 Hit points.",
        "Cinder Hound's turn.",
    ]


def test_the_items_bonus_stat_fills_the_rows_bonus_column():
    # Str 3 + proficiency 2 + bonus 1 = +6; d20 5 + 6 = 11 misses Armor Class 12.
    bout = _bout([{"item": "items/longsword-plus-one", "worn": True}], [5])
    assert bout.options("brom")["attack:item:longsword-1"].text == "Action; to hit +6, 1d8+4 slashing"
    assert bout.choose("brom", "attack:item:longsword-1", "cinder-hound")[0] == (
        "Brom attacks Cinder Hound with Longsword +1: 5 + 6 = 11 against Armor Class 12, a miss.")


def test_a_weapon_in_the_pack_is_not_in_hand():
    # The sword has a slot (a hand) and is not worn in it: carried, not wielded.
    menu = _bout([{"item": "items/flame-tongue"}], []).options("brom")
    assert "attack:item:flame-tongue" not in menu


def _gravewatch_maul() -> tuple[Bout, Bout]:
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    arms = next(c for c in pkg["catalogs"] if c.get("holds") == "items")
    arms["entries"].append({"id": "wardens-maul", "label": "Warden's maul", "summary": "An iron maul.",
                            "item": {"category": "arm", "slots": {"hands": 2},
                                     "attack": {"damage": {"dice": "1d10", "type": "blunt", "minimum": {"const": 3}},
                                                "floor": 3}}})
    ada = copy.deepcopy(json.loads((FIXTURES / "gravewatch-party.json").read_text())[0])
    ada.update({"controller": "player", "player": "ada"})
    ada["sheet"]["live"] = {"items": [{"item": f"{arms['id']}/wardens-maul", "worn": True}]}
    return ruleset(pkg), ada


def test_a_pool_weapons_own_minimum_and_floor():
    """Gravewatch (d10 pools; a 6 or more is a success; vendored, with no common minimum):
    Ada, Sinew 3 and Wrestle rating 2 (5 dice to hit: the `arms` list's rating and trade
    columns' defaults, as a row without them), holds a Warden's maul (1d10 blunt: 1 damage
    die) whose attack sets its own minimum of 3 dice and a floor of 3. Initiative: Ada 9 + 2
    = 11, the rats 9 + 3 = 12; the rats pass.

    To hit 9, 2, 2, 2, 2: 1 success against Defense 1, a hit with none beyond, so the pool is
    the maul's 1 die, raised to its minimum of 3; 2, 2, 2 count nothing (the rats soak
    nothing of nothing), raised to the floor of 3."""
    rs, ada = _gravewatch_maul()
    bout = Bout(rs, [ada], [foe("grave-rats")], dice=[9, 9, 9, 2, 2, 2, 2, 2, 2, 2])
    bout.choose("grave-rat-swarm", "end-turn")
    assert bout.choose("ada", "attack:item:warden-s-maul", "grave-rat-swarm")[:2] == [
        "Ada attacks Grave-rat swarm with Warden's maul: 5 dice (Sinew 3 + 2 (Wrestle)): 9, 2, 2, 2, 2 "
        "→ 1 success against Defense 1, a hit.",
        "Warden's maul (1 die, raised to the minimum of 3 against 6: 2, 2, 2 → no successes, "
        "raised to the weapon's floor of 3) deals 3 blunt damage to Grave-rat swarm.",
    ]
    assert bout.dice_left() == 0


MOON_DAGGER = {
    "id": "moon-dagger", "label": "Moon dagger", "summary": "A slim silvered dagger.",
    "item": {"category": "weapon", "slots": {"hand": 1}, "tags": ["finesse"], "stats": {"ability": "dex"},
             "attack": {"damage": {"dice": "1d4", "type": "piercing"}}},
}


def _sly_dagger_bout(weapons: dict | None) -> Bout:
    """Brom with the 5e example's Sly Strike (a rider off rows whose finesse column is set,
    with an ally at hand; `weapons` added to it when given) and a Moon dagger (finesse, Dex)
    in hand; Ilsa beside him. Initiative: Brom 15 + 1 = 16, Ilsa 2 + 3 = 5, the hound 1 + 1."""
    pkg = item_package(MOON_DAGGER)
    sly = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "sly-strike")
    if weapons is not None:
        sly["mechanics"]["rider"]["weapons"] = weapons
    wielder = brom(items=[{"item": "items/moon-dagger", "worn": True}])
    wielder["sheet"]["lists"]["features"] = [{"name": "Sly Strike", "_catalog": "feats/sly-strike"}]
    ilsa = copy.deepcopy(json.loads((FIXTURES / "5e-party.json").read_text())[1])
    return Bout(ruleset(pkg), [wielder, ilsa], [foe("cinder-hound")], dice=[4] * 5 + [15, 2, 1, 12, 3, 5, 2])


def test_a_rider_naming_weapon_tags_fires_on_a_held_finesse_dagger():
    # d20 12 + Dex 1 + proficiency 2 = 15 hits 12; 1d4 (3) + 1 = 4: 20 - 4 = 16. With
    # `weapons` naming finesse, Sly Strike (2d6 at level 3) adds 5 + 2 = 7: 16 - 7 = 9.
    lines = _sly_dagger_bout({"tags": ["finesse"]}).choose("brom", "attack:item:moon-dagger", "cinder-hound")
    assert lines == [
        "Brom attacks Cinder Hound with Moon dagger: 12 + 3 = 15 against Armor Class 12, a hit.",
        "Sly Strike adds 2d6 to Brom's hit on Cinder Hound with an ally at hand (once a turn).",
        "Moon dagger (3 + 1 = 4) deals 4 piercing damage to Cinder Hound.",
        "Cinder Hound has 16 of 20 Hit points.",
        "Sly Strike (7 (5 + 2)) deals 7 piercing damage to Cinder Hound.",
        "Cinder Hound has 9 of 20 Hit points.",
        "Ilsa's turn.",
    ]
    # As the package ships it, Sly Strike names only rows (`sources`, `requires`): a held
    # weapon is no row, so it passes the dagger by.
    lines = _sly_dagger_bout(None).choose("brom", "attack:item:moon-dagger", "cinder-hound")
    assert not any("Sly Strike" in line for line in lines)
    assert lines[2] == "Cinder Hound has 16 of 20 Hit points."


def spear(on_hit: dict) -> dict:
    """A spear (1d8 piercing, Str) whose hit puts `on_hit` on the target."""
    return {"id": "hound-spear", "label": "Hound spear", "summary": "A boar spear with a crossbar.",
            "item": {"category": "weapon", "slots": {"hand": 1}, "stats": {"ability": "str"},
                     "attack": {"damage": {"dice": "1d8", "type": "piercing"}, "onHit": [on_hit]}}}


def spear_bout(on_hit: dict, dice: list[int], **condition: object) -> Bout:
    pkg = item_package(spear(on_hit))
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    if condition:
        add_condition(pkg, "heartened", "Heartened", **condition)
    return Bout(ruleset(pkg), [brom(items=[{"item": "items/hound-spear", "worn": True}])], [foe("cinder-hound")],
                dice=START + dice)


def test_a_weapons_hit_fixes_the_wielders_level_for_its_condition():
    # 12 + 5 = 17 hits; 1d8 (5) + 3 = 8: 20 - 8 = 12. Heartened's value is Brom's level, 3,
    # read as the hit puts it on: the hound gains 3 temporary points as its turn starts.
    bout = spear_bout({"condition": "heartened", "duration": {"rounds": 2}, "value": {"field": "level"}}, [12, 5],
                       temporary={"at": "turn-start", "value": True})
    lines = bout.choose("brom", "attack:item:hound-spear", "cinder-hound")
    assert lines[3:] == ["Cinder Hound is Heartened for 2 rounds.", "Cinder Hound's turn.",
                         "Heartened gives Cinder Hound 3 temporary Hit points."]
    assert bout.who("cinder-hound").conditions[0].value == 3


def test_a_weapons_hit_frightens_until_the_holder_attacks():
    # The hit frightens the hound (10 rounds) until it attacks: its bite (4 + 4 = 8 against
    # Brom's Armor Class 16, rolled twice while frightened) ends it.
    bout = spear_bout({"condition": "frightened", "duration": {"rounds": 10}, "endsWhenHolder": {"attacks": True}},
                       [12, 5, 4, 4, 4, 4])
    bout.choose("brom", "attack:item:hound-spear", "cinder-hound")
    assert [h.id for h in bout.who("cinder-hound").conditions] == ["frightened"]
    assert bout.choose("cinder-hound", "action:sear_bite", "brom")[:2] == [
        "Cinder Hound attacks Brom with Searing bite: 4 (disadvantage; dropped 4) + 4 = 8 against Armor Class 16, a miss.",
        "Cinder Hound is no longer Frightened: Cinder Hound attacked.",
    ]
    assert bout.who("cinder-hound").conditions == []
