"""A blow of several damage clauses is one blow (spec/combat-2 `plus`: "The whole blow is
still checked against concentration once, with the summed damage, and checked once for
going down"): one concentration save against what its parts landed in all, one mark on a
track marked `per-blow` (the worse kind), one check for going down, one count against death
for a target already down.

On the 5e (SRD 5.1) package as it ships, with the Adult Black Dragon's Bite as the SRD
writes it ("Hit: 17 (2d10 + 6) piercing damage plus 4 (1d8) acid damage"; the package's
sample leaves the acid out, so the test puts it back as a `plus` clause). The dragon's
health 17d12 comes up 6 seventeen times (102 + 85 = 187).
"""

from __future__ import annotations

import copy

from tests.combat.kit import Bout, add_creature, foe, juno_roads, roads, ruleset
from tests.combat.srd_kit import brom, entry, mira, srd, srd_package
from tests.ruleset.test_pools import dice_pool_package

DRAGON = "adult-black-dragon"
DRAGON_HEALTH = [6] * 17


def _acid_bite() -> dict:
    pkg = srd_package()
    dragon = entry(pkg, "creatures", DRAGON)["creature"]
    bite = next(a for a in dragon["actions"] if a["id"] == "bite")
    bite["damage"]["plus"] = [{"dice": "1d8", "type": "acid"}]
    return pkg


def test_one_concentration_save_against_the_whole_blow():
    # Mira (40 hit points, Constitution 12: +1) casts Hold Person at the dragon, which saves
    # (20 + 6 = 26 against 13); she concentrates on it all the same. The Bite: 10 + 11 = 21
    # against Armor Class 12, 9 + 9 + 6 = 24 piercing and 8 acid: 32 in all, one save at
    # DC 32 / 2 = 16. Her 14 + 1 = 15 fails it (one save per part, at DC 12 and the floor of
    # 10, would both have held).
    caster = mira(("hold-person", "Hold Person", 2), hp_max=40)
    b = Bout(srd(_acid_bite()), [caster], [foe(DRAGON)], dice=[*DRAGON_HEALTH, 15, 5, 20, 10, 9, 9, 8, 14])
    b.choose("mira", "ability:spells:hold-person", DRAGON)
    assert b.who("mira").concentration is not None
    b.choose(DRAGON, "pass")  # the signature actions offered between turns
    lines = b.choose(DRAGON, "action:bite", "mira")
    assert lines[:8] == [
        "Adult Black Dragon attacks Mira with Bite: 10 + 11 = 21 against Armor Class 12, a hit.",
        "Bite (18 (9 + 9) + 6 = 24) deals 24 piercing damage to Mira.",
        "Mira has 16 of 40 Hit points.",
        "Bite (8) deals 8 acid damage to Mira.",
        "Mira has 8 of 40 Hit points.",
        "Mira rolls a Constitution save to keep concentrating on Hold Person: 14 + 1 = 15 against 16, a failure.",
        "Mira stops concentrating on Hold Person: concentration is broken.",
        "Round 2.",
    ]
    assert sum("to keep concentrating" in line for line in b.log) == 1
    assert b.dice_left() == 0


def test_twenty_four_and_ten_make_one_save_at_dc_17():
    # The Bite made the Adult Red Dragon's as the SRD writes it (+14, "19 (2d10 + 8) piercing
    # damage plus 7 (2d6) fire damage"): 10 + 14 = 24 hits; 8 + 8 + 8 = 24 piercing and 4 + 6 =
    # 10 fire, 34 in all: one save at DC 34 / 2 = 17, which Mira's 16 + 1 = 17 makes.
    pkg = srd_package()
    dragon = entry(pkg, "creatures", DRAGON)["creature"]
    bite = next(a for a in dragon["actions"] if a["id"] == "bite")
    bite["toHit"] = 14
    bite["damage"] = {"dice": "2d10", "flat": 8, "type": "piercing", "plus": [{"dice": "2d6", "type": "fire"}]}
    caster = mira(("hold-person", "Hold Person", 2), hp_max=40)
    b = Bout(srd(pkg), [caster], [foe(DRAGON)], dice=[*DRAGON_HEALTH, 15, 5, 20, 10, 8, 8, 4, 6, 16])
    b.choose("mira", "ability:spells:hold-person", DRAGON)
    b.choose(DRAGON, "pass")
    lines = b.choose(DRAGON, "action:bite", "mira")
    assert lines[:7] == [
        "Adult Black Dragon attacks Mira with Bite: 10 + 14 = 24 against Armor Class 12, a hit.",
        "Bite (16 (8 + 8) + 8 = 24) deals 24 piercing damage to Mira.",
        "Mira has 16 of 40 Hit points.",
        "Bite (10 (4 + 6)) deals 10 fire damage to Mira.",
        "Mira has 6 of 40 Hit points.",
        "Mira rolls a Constitution save to keep concentrating on Hold Person: 16 + 1 = 17 against 17, a success.",
        "Round 2.",
    ]
    assert b.who("mira").concentration is not None
    assert b.dice_left() == 0


def _dragon_and_brom() -> Bout:
    # Brom with 20 hit points; initiative Brom 5 + 1 = 6, Mira 4 + 2 = 6, the dragon 15 + 2 = 17.
    return Bout(srd(_acid_bite()), [brom(hp_max=20), mira()], [foe(DRAGON)],
                dice=[*DRAGON_HEALTH, 5, 4, 15, 10, 9, 9, 8, 12, 10, 9, 9, 8, 1])


def test_a_blow_that_drops_its_target_is_checked_once_for_going_down():
    # 24 piercing takes Brom from 20 to 0 and the 8 acid still lands (health stays 0); then
    # he goes down once. The acid is not "damage while down": no failure against death.
    b = _dragon_and_brom()
    lines = b.choose(DRAGON, "action:bite", "brom")
    assert lines == [
        "Adult Black Dragon attacks Brom with Bite: 10 + 11 = 21 against Armor Class 16, a hit.",
        "Bite (18 (9 + 9) + 6 = 24) deals 24 piercing damage to Brom.",
        "Brom has 0 of 20 Hit points.",
        "Bite (8) deals 8 acid damage to Brom.",
        "Brom has 0 of 20 Hit points.",
        "Brom goes down and is dying.",
        "Mira's turn.",
    ]
    assert b.who("brom").dying == {"successes": 0, "failures": 0}


def test_a_blow_of_two_parts_on_someone_down_counts_once_against_death():
    # Round 2: Brom, down (12 against death was a success), is bitten again, with advantage
    # (10, dropping 9): 9 + 8 + 6 = 23 piercing and 1 acid, one blow: one failure, not two.
    b = _dragon_and_brom()
    b.choose(DRAGON, "action:bite", "brom")
    b.choose("mira", "end-turn")
    b.choose(DRAGON, "pass")
    b.choose(DRAGON, "pass")
    lines = b.choose(DRAGON, "action:bite", "brom")
    assert lines[:4] == [
        "Adult Black Dragon attacks Brom with Bite: 10 (advantage; dropped 9) + 11 = 21 against Armor Class 16, a hit.",
        "Bite (17 (9 + 8) + 6 = 23) deals 23 piercing damage to Brom.",
        "Brom marks 1 failure (taking damage while down): 1 of 3 successes, 1 of 3 failures.",
        "Bite (1) deals 1 acid damage to Brom.",
    ]
    assert b.who("brom").dying == {"successes": 1, "failures": 1}
    assert b.dice_left() == 0


def test_a_track_marked_per_blow_takes_one_mark_of_the_worse_kind_in_an_attack_fight():
    # Ember-Roads-like attacks (2d6 against Guard 6) with health on a harm track: cut marks
    # knocks, fire marks tears (severity 1 over 0), one box per blow. The Ember hound's Bite
    # (10 + 2 = 12, a hit) deals 4 cut and 3 fire: one box, a tear (not a knock and a tear).
    pkg = roads()
    harm = next(t for t in dice_pool_package()["sheet"]["live"]["tracks"] if t["id"] == "harm")
    pkg["sheet"]["live"]["tracks"].append(copy.deepcopy(harm))
    pkg["combat"]["health"] = {"track": "harm"}
    pkg["combat"]["damageTypes"] = ["cut", "fire"]
    pkg["combat"]["damageKinds"] = {"default": "knock", "byType": {"fire": "tear"}, "marks": "per-blow"}
    add_creature(pkg, "ember-hound", "Ember hound", {
        "health": 10, "defense": 6, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2,
                     "damage": {"dice": "1d6", "type": "cut", "plus": [{"dice": "1d4", "type": "fire"}]}}]})
    b = Bout(ruleset(pkg), [juno_roads()], [foe("ember-hound")], dice=[1, 1, 6, 6, 5, 5, 4, 3])
    lines = b.choose("ember-hound", "action:bite", "juno")
    assert lines == [
        "Ember hound attacks Juno with Bite: 10 (5 + 5) + 2 = 12 against Guard 6, a hit.",
        "Bite (4) deals 4 cut damage to Juno.",
        "Bite (3) deals 3 fire damage to Juno.",
        "Juno has 3 of 4 Harm.",
        "Juno's turn.",
    ]
    assert b.who("juno").sheet["live"]["marks"] == {"harm": ["tear"]}
    assert b.dice_left() == 0
