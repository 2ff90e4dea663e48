"""Refusals of the `mechanics` block, `applies` and the mechanics-1 keys of other blocks:
each test plants one defect (a dangling id, a key newer than the declared Capability API,
a key this engine does not resolve) and asserts the exact `path: message` lines."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import problems_of
from tests.ruleset.test_mechanics_block import M, mech_problems, spells_package

NOT_YET = "is not supported by marinara-battle yet"


# ---------------------------------------------------------------------------
# Cross-references
# ---------------------------------------------------------------------------


def test_cost_pool_unknown():
    assert mech_problems({"kind": "heal", "amount": {"flat": 3}, "cost": [{"pool": "mana", "amount": 1}]}) == [
        f'{M}.cost[0].pool: unknown pool "mana"'
    ]


def test_cost_on_a_track():
    assert mech_problems({"kind": "heal", "amount": {"flat": 3}, "cost": [{"pool": "heat", "amount": 1}]}) == [
        f'{M}.cost[0].pool: "heat" is a track, not a pool'
    ]


def test_budget_unknown():
    assert mech_problems({"kind": "heal", "amount": {"flat": 3}, "budget": "swift"}) == [
        f'{M}.budget: unknown budget "swift": declare it in "combat.economy.budgets"'
    ]


def test_gives_budget_unknown():
    assert mech_problems({"kind": "utility", "free": True, "gives": [{"budget": "haste", "count": 1}]}) == [
        f'{M}.gives[0].budget: unknown budget "haste": declare it in "combat.economy.budgets"'
    ]


def test_standard_action_not_in_combat_standard():
    assert mech_problems({"kind": "utility", "standard": {"actions": ["dash"], "budget": "bonus"}}) == [
        f'{M}.standard.actions[0]: standard action "dash" is not in "combat.standard"'
    ]


def test_save_unknown():
    assert mech_problems({"kind": "attack", "amount": {"dice": "8d6"}, "save": {"save": "ref_save", "onSuccess": "half"}}) == [
        f'{M}.save.save: unknown save "ref_save"'
    ]


def test_applied_condition_unknown():
    assert mech_problems({"kind": "debuff", "applies": [{"condition": "dazed", "duration": {"rounds": 1}}]}) == [
        f'{M}.applies[0].condition: unknown condition "dazed": declare it in "sheet.live.conditions"'
    ]


def test_save_ends_save_unknown():
    assert mech_problems({
        "kind": "debuff",
        "applies": [{"condition": "prone", "duration": "until-save", "saveEnds": {"save": "grit_save", "at": "turn-end"}}],
    }) == [f'{M}.applies[0].saveEnds.save: unknown save "grit_save"']


def test_damage_type_undeclared():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d6"}, "damageType": "coldfire"}) == [
        f'{M}.damageType: unknown damage type "coldfire": it is not one of "combat.damageTypes"'
    ]


def test_damage_type_free_without_declared_types():
    pkg = spells_package({"kind": "attack", "amount": {"dice": "1d6"}, "damageType": "coldfire"})
    del pkg["combat"]["damageTypes"]
    assert problems_of(pkg) == []


def test_plus_clause_type_undeclared():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d6"}, "plus": [{"dice": "1d6", "type": "acid"}]}) == [
        f'{M}.plus[0].type: unknown damage type "acid": it is not one of "combat.damageTypes"'
    ]


def test_reaction_against_unknown_catalog():
    assert mech_problems({
        "kind": "utility", "budget": "reaction", "reaction": {"on": "used", "cancels": True, "against": {"catalogs": ["knacks"]}},
    }) == [f'{M}.reaction.against.catalogs[0]: unknown catalog "knacks"']


def test_reaction_against_entry_of_unknown_catalog():
    assert mech_problems({
        "kind": "buff", "budget": "reaction", "reaction": {"on": "aimed", "against": {"entries": ["prayers/bless"]}},
    }) == [f'{M}.reaction.against.entries[0]: unknown catalog "prayers"']


@needs_upstream
def test_above_refused_in_a_dice_pool_fight():
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    charms = next(c for c in pkg["catalogs"] if c["id"] == "charms")
    charms["entries"][0]["mechanics"] = {
        "kind": "utility", "budget": "quick", "cost": [{"pool": "resolve", "amount": 1}],
        "reaction": {"on": "used", "cancels": True, "upTo": "paid", "above": {"check": {"const": 2}, "dc": 10}},
    }
    assert problems_of(pkg) == [
        'catalogs[0].entries[0].mechanics.reaction.above: a "dice-pool" fight has no difficulty to reach, so it refuses "above"'
    ]


def test_rider_source_is_not_an_attack_list():
    assert mech_problems({
        "kind": "rider", "rider": {"on": "hit", "sources": ["spells"], "oncePer": "turn", "amount": {"dice": "1d6"}},
    }) == [f'{M}.rider.sources[0]: unknown attack list "spells"']


def test_rider_requires_unknown_column():
    assert mech_problems({
        "kind": "rider",
        "rider": {"on": "hit", "sources": ["gear"], "requires": {"column": "finesse"}, "oncePer": "turn", "amount": {"dice": "1d6"}},
    }) == [f'{M}.rider.requires.column: unknown column "finesse" in list "gear"']


def test_qualities_unknown_item_tag():
    assert mech_problems({"kind": "attack", "amount": {"dice": "1d6"}, "qualities": ["magical"]}) == [
        f'{M}.qualities[0]: unknown item tag "magical"'
    ]


def test_target_types_need_creature_types():
    assert mech_problems({"kind": "debuff", "targetTypes": {"is": {"types": ["beast"]}}}, schema=2) == [
        f'{M}.targetTypes.is.types[0]: creature type "beast" is named, but "combat.creatureTypes" is not declared'
    ]


def test_target_types_unknown_ability():
    assert mech_problems({"kind": "debuff", "targetTypes": {"abilityAtMost": {"int": 3}}}, schema=2) == [
        f'{M}.targetTypes.abilityAtMost.int: unknown ability "int"'
    ]


def test_value_reference_of_usable_when_checked():
    assert mech_problems({
        "kind": "buff", "usableWhen": {"value": {"field": "rage_left"}, "atLeast": 1},
    }) == [f'{M}.usableWhen.value.field: unknown field "rage_left"']


def test_save_needs_save_difficulty_on_its_list():
    pkg = spells_package({"kind": "attack", "amount": {"dice": "8d6"}, "save": {"save": "dex_save", "onSuccess": "half"}})
    del pkg["combat"]["abilities"][0]["saveDifficulty"]
    assert problems_of(pkg) == [
        f'{M}.save: this entry calls for a save, and list "spells" it becomes an ability in has no "saveDifficulty"'
    ]


def test_condition_save_needs_save_difficulty_too():
    pkg = spells_package({
        "kind": "debuff",
        "applies": [{"condition": "prone", "duration": "until-save", "saveEnds": {"save": "dex_save", "at": "turn-end"}}],
    })
    del pkg["combat"]["abilities"][0]["saveDifficulty"]
    assert problems_of(pkg) == [
        f'{M}.applies: this entry calls for a save, and list "spells" it becomes an ability in has no "saveDifficulty"'
    ]


def test_stabilizes_needs_dying_rule():
    lines = mech_problems({"kind": "utility", "stabilizes": True})
    assert lines == [
        f'{M}.stabilizes: "stabilizes" needs a combat block with a "dying" rule',
    ]


# ---------------------------------------------------------------------------
# Capability API gates
# ---------------------------------------------------------------------------


def test_of_source_needs_1_119():
    assert mech_problems({
        "kind": "debuff", "applies": [{"condition": "prone", "duration": {"rounds": 1, "of": "source"}}],
    }, schema=2, minor=118) == [
        f'{M}.applies[0].duration.of: "of" needs capabilityApi 1.119 or later (this package declares 1.118)'
    ]


def test_save_ends_on_damage_needs_1_129():
    assert mech_problems({
        "kind": "debuff",
        "applies": [{"condition": "dominated", "duration": "until-save", "saveEnds": {"save": "wis_save", "at": "damaged"}}],
    }, schema=2, minor=128) == [
        f'{M}.applies[0].saveEnds.at: "at" value "damaged" needs capabilityApi 1.129 or later (this package declares 1.128)'
    ]


def test_this_action_needs_1_131():
    assert mech_problems({
        "kind": "buff", "budget": "reaction", "reaction": {"on": "hit"},
        "applies": [{"condition": "parrying", "duration": "this-action"}],
    }, schema=2, minor=130) == [
        f'{M}.applies[0].duration: "duration" value "this-action" needs capabilityApi 1.131 or later (this package declares 1.130)'
    ]


def test_hit_moment_needs_1_46():
    assert mech_problems({"kind": "buff", "budget": "reaction", "reaction": {"on": "hit"}}, schema=2, minor=45) == [
        f'{M}.reaction.on: "on" value "hit" needs capabilityApi 1.46 or later (this package declares 1.45)'
    ]


def test_when_on_applies_needs_schema_2():
    assert mech_problems({
        "kind": "buff",
        "applies": [{"condition": "raging", "duration": {"rounds": 10}, "when": {"value": {"field": "toughness"}, "atLeast": 1}}],
    }) == [
        f'{M}.applies[0].when: "when" needs schemaVersion 2 and capabilityApi 1.167 or later (this package declares schemaVersion 1)'
    ]


def test_more_than_four_applies_needs_1_277():
    item = {"condition": "prone", "duration": "instant"}
    assert mech_problems({"kind": "debuff", "applies": [item] * 5}, schema=2, minor=276) == [
        f'{M}.applies: "applies" needs capabilityApi 1.277 or later (this package declares 1.276)'
    ]


def test_amount_add_needs_1_83():
    assert mech_problems({"kind": "heal", "amount": {"dice": "1d10"}, "amountAdd": {"field": "toughness"}}, schema=2, minor=82) == [
        f'{M}.amountAdd: "amountAdd" needs capabilityApi 1.83 or later (this package declares 1.82)'
    ]


# ---------------------------------------------------------------------------
# Keys no planned issue resolves: refused by name
# ---------------------------------------------------------------------------


def test_cloudkill_zone_with_drift_and_sleet_storms_breaking_concentration_is_played():
    cloudkill = {
        "kind": "attack", "area": {"shape": "burst", "size": 20}, "range": 120, "amount": {"dice": "5d8"},
        "damageType": "poison", "save": {"save": "con_save", "onSuccess": "half"}, "concentration": True,
        "zone": {"rounds": 100, "triggers": ["enter", "turn-start"]},
    }
    assert mech_problems(cloudkill, schema=2) == []
    cloudkill["zone"]["drift"] = {"distance": 10}
    assert mech_problems(cloudkill, schema=2) == []
    # Played since issue 25 (tests/combat/test_zone_occupants.py).
    cloudkill["zone"]["breaksConcentration"] = True
    assert mech_problems(cloudkill, schema=2) == []


def test_spiritual_weapon_summons_validates():
    # Played since issue 27 (tests/combat/test_summons.py).
    assert mech_problems({
        "kind": "attack", "attackRoll": True, "amount": {"dice": "1d8"},
        "summons": {"budget": "bonus", "rounds": 10, "move": 20, "reach": 5},
    }, schema=2) == []


def test_lesser_restoration_ends_validates():
    # Played since issue 24 (tests/combat/test_cures.py).
    assert mech_problems({"kind": "utility", "ends": {"conditions": ["shaken", "prone"], "count": 1}}, schema=2) == []


def test_web_escape_dc_is_accepted():
    # Played: tests/combat/test_board_zones.py (the web escaped against the spell's DC).
    assert mech_problems({
        "kind": "debuff", "save": {"save": "dex_save"},
        "applies": [{"condition": "restrained", "duration": "until-save", "saveEnds": {"save": "dex_save", "at": "turn-end"}, "escapeDc": "save"}],
    }, schema=2) == []


def test_fire_storm_copies_validates():
    # Played since walls (tests/combat/test_board_walls.py).
    assert mech_problems({
        "kind": "attack", "amount": {"dice": "7d10"}, "area": {"shape": "burst", "size": 10, "copies": 10},
    }, schema=2) == []


def test_power_word_kill_validates():
    # Played since issue 24 (tests/combat/test_remaining_health.py).
    assert mech_problems({"kind": "debuff", "healthAtMost": 100, "kills": True}, schema=2) == []


def test_combat_senses_need_distance():
    pkg = spells_package({"kind": "heal", "amount": {"flat": 1}}, schema=2)
    pkg["combat"]["senses"] = [{"id": "darkvision", "label": "Darkvision"}]
    assert problems_of(pkg) == [
        'combat.senses: "combat.senses" needs "combat.distance"',
    ]


def test_condition_harms_and_its_sealing_are_accepted():
    pkg = spells_package({"kind": "heal", "amount": {"flat": 1}}, schema=2)
    pkg["combat"]["conditions"][0]["harms"] = {"at": "turn-start", "dice": "1d4", "type": "necrotic"}
    assert problems_of(pkg) == []
    pkg["combat"]["conditions"][0]["harms"]["healedOnlyByRest"] = True
    assert problems_of(pkg) == []


def test_condition_harms_type_checked():
    pkg = spells_package({"kind": "heal", "amount": {"flat": 1}}, schema=2)
    pkg["combat"]["conditions"][0]["harms"] = {"at": "turn-start", "dice": "1d4", "type": "acid"}
    assert problems_of(pkg)[0] == (
        'combat.conditions[0].harms.type: unknown damage type "acid": it is not one of "combat.damageTypes"'
    )


def test_upstream_style_reaction_true_is_accepted():
    pkg: dict[str, Any] = spells_package({"kind": "utility", "reaction": True, "free": True})
    assert problems_of(pkg) == []
