"""Refusals of `combat.conditions`, their modifiers, and `combat.levels` (spec/combat-1
"conditions", "Numbers a condition changes", "Damage a condition changes", "Saves against
conditions, damage and magic", "levels"; combat-3 "Not yet supported": what a condition
changes is a fixed list)."""

from __future__ import annotations

import pytest

from shared.ruleset.capabilities import capability_table
from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.test_combat_examples import conditions_package, d20_package, five_e


def with_condition(entry, package=d20_package):
    p = package()
    p["combat"].setdefault("conditions", []).append(entry)
    return p


def with_modifier(mod):
    return with_condition({"condition": "blessed", "modifiers": [mod]})


# ---------------------------------------------------------------------------
# the condition entry
# ---------------------------------------------------------------------------


def test_condition_must_be_a_sheet_condition():
    p = minimal_package()
    p["combat"]["conditions"].append({"condition": "poisoned", "effects": ["own-attacks-disadvantage"]})
    assert problems_of(p) == ['combat.conditions[1].condition: unknown condition "poisoned": declare it in "sheet.live.conditions"']


def test_effects_are_a_fixed_list():
    p = minimal_package()
    p["combat"]["conditions"][0]["effects"] = ["flying"]
    line = problems_of(p)[0]
    assert line.startswith('combat.conditions[0].effects[0]: "flying" is not a condition effect; the effects are a fixed list: own-attacks-advantage, ')
    assert line.endswith("cannot-heal, cannot-heal-nonmagical")


def test_effect_named_twice():
    p = minimal_package()
    p["combat"]["conditions"][0]["effects"] = ["cannot-act", "cannot-act"]
    assert problems_of(p) == ['combat.conditions[0]: effect "cannot-act" is named twice']


def test_condition_given_twice():
    p = minimal_package()
    p["combat"]["conditions"].append({"condition": "shaken", "effects": ["cannot-act"]})
    assert problems_of(p) == ['combat.conditions: condition "shaken" is given twice (entries 0 and 1)']


def test_newer_effect_value_gate():
    p = with_condition({"condition": "charmed", "effects": ["cannot-target-source-side"]})
    p["capabilityApi"] = {"major": 1, "minor": 277}
    assert problems_of(p) == [
        'combat.conditions[1].effects[0]: "effects" value "cannot-target-source-side" needs capabilityApi 1.278 or later (this package declares 1.277)'
    ]


def test_fails_saves_names_declared_saves():
    p = with_condition({"condition": "prone", "failsSaves": ["reflex"]})
    assert problems_of(p) == ['combat.conditions[1].failsSaves[0]: unknown save "reflex"']


def test_saves_without_a_save_effect_or_modifier():
    p = with_condition({"condition": "restrained", "effects": ["speed-zero"], "saves": ["dex_save"]})
    assert problems_of(p) == [
        'combat.conditions[1].saves: "saves" narrows "own-saves-advantage", "own-saves-disadvantage" and save modifiers; '
        "this entry has none of them"
    ]


def test_skills_without_a_check_effect_or_modifier():
    p = with_condition({"condition": "muddy", "effects": ["speed-zero"], "skills": ["sneak"]})
    assert problems_of(p) == [
        'combat.conditions[1].skills: "skills" narrows "own-checks-advantage", "own-checks-disadvantage" and check modifiers; '
        "this entry has none of them"
    ]


def test_skills_name_declared_skills():
    p = with_condition({"condition": "muddy", "effects": ["own-checks-disadvantage"], "skills": ["climb"]})
    assert problems_of(p) == ['combat.conditions[1].skills[0]: unknown skill "climb"']


def test_while_source_in_sight_names_own_effects():
    p = with_condition({"condition": "frightened", "effects": ["cannot-approach-source"], "whileSourceInSight": ["own-attacks-disadvantage"]})
    assert problems_of(p) == [
        'combat.conditions[1].whileSourceInSight: "whileSourceInSight" names "own-attacks-disadvantage", an effect this condition does not have'
    ]


def test_lacks_one_to_four_distinct_senses():
    p = with_condition({"condition": "deafened", "lacks": ["hearing", "hearing"]})
    assert problems_of(p) == ['combat.conditions[1].lacks: "lacks" names a sense twice']
    p = with_condition({"condition": "deafened", "lacks": ["a", "b", "c", "d", "e"]})
    assert problems_of(p) == ["combat.conditions[1].lacks: has more than 4 item(s)"]


def test_ends_when_is_a_fixed_list():
    p = with_condition({"condition": "charmed", "endsWhen": ["healed"]})
    assert problems_of(p) == [
        'combat.conditions[1].endsWhen[0]: "healed" is not a way a condition ends; "endsWhen" takes '
        "damaged, harmed-by-source-side, attacked, ally-harmed-in-sight"
    ]


def test_ends_when_distinct():
    p = with_condition({"condition": "charmed", "endsWhen": ["damaged", "damaged"]})
    assert problems_of(p) == ['combat.conditions[1].endsWhen: "endsWhen" has distinct entries']


def test_ends_when_newer_endings_gate():
    p = with_condition({"condition": "charmed", "endsWhen": ["damaged", "attacked"]})
    p["capabilityApi"] = {"major": 1, "minor": 200}
    assert problems_of(p) == [
        'combat.conditions[1].endsWhen[1]: "endsWhen" value "attacked" needs capabilityApi 1.278 or later (this package declares 1.200)'
    ]


def test_ends_when_gate():
    p = with_condition({"condition": "charmed", "endsWhen": ["damaged"]})
    p["capabilityApi"] = {"major": 1, "minor": 124}
    assert problems_of(p) == ['combat.conditions[1].endsWhen: "endsWhen" needs capabilityApi 1.125 or later (this package declares 1.124)']


def test_shake_off_budget_declared():
    p = with_condition({"condition": "hypnotized", "endsWhen": ["damaged"], "shakeOff": {"budget": "action"}})
    assert problems_of(p) == [
        'combat.conditions[1].shakeOff.budget: unknown budget "action": declare it in "combat.economy.budgets"'
    ]


def test_condition_immunities_name_conditions_or_kinds():
    p = with_condition({"condition": "blessed", "conditionImmunities": ["poisoned", "disease"]})
    assert problems_of(p) == [
        'combat.conditions[1].conditionImmunities[1]: unknown condition or kind "disease"',
    ]


def test_no_damage_from_names_a_catalog():
    p = with_condition({"condition": "shielded", "noDamageFrom": ["spells/magic-missile"]})
    assert problems_of(p) == ['combat.conditions[1].noDamageFrom[0]: unknown catalog "spells"']


# ---------------------------------------------------------------------------
# the action economy a condition changes (1.76)
# ---------------------------------------------------------------------------


def haste_package(**condition):
    p = conditions_package()
    hasted = next(c for c in p["combat"]["conditions"] if c["condition"] == "hasted")
    hasted.update(condition)
    return p, p["combat"]["conditions"].index(hasted)


def test_budget_change_only_per_turn_budgets():
    p, i = haste_package()
    p["combat"]["economy"]["budgets"][3]["per"] = "round"
    assert problems_of(p) == [
        f'combat.conditions[{i}].budgets[0].budget: budget "haste" is refilled per round; only budgets refilled per turn can be changed'
    ]


def test_budget_change_flat_not_zero():
    p, i = haste_package(budgets=[{"budget": "haste", "flat": 0}])
    assert problems_of(p) == [f'combat.conditions[{i}].budgets[0].flat: "flat" carries its own sign, and 0 is rejected']


def test_grants_standard_from_the_standard_list():
    p, i = haste_package()
    p["combat"]["standard"] = ["dash", "disengage", "dodge", "help"]
    assert problems_of(p) == [f'combat.conditions[{i}].grants.standard[2]: "hide" is not in the ruleset\'s "standard" list']


def test_grants_standard_not_on_the_first_budget():
    p, i = haste_package(grants={"budget": "action", "standard": ["dash"]})
    assert problems_of(p) == [
        f'combat.conditions[{i}].grants.standard: "action" is the first budget, which already has every standard action'
    ]


def test_grants_something():
    p, i = haste_package(grants={"budget": "haste"})
    assert problems_of(p) == [f'combat.conditions[{i}].grants: "grants" names at least one of "standard", "attacks" or "items"']


def test_grants_melee_needs_attacks():
    p, i = haste_package(grants={"budget": "haste", "items": True, "melee": True})
    assert problems_of(p) == [f'combat.conditions[{i}].grants.melee: "melee" narrows the granted strike, so it needs "attacks": true']


def test_grants_item_tags_declared():
    p, i = haste_package(grants={"budget": "haste", "items": {"tags": ["magical"]}})
    assert problems_of(p) == [f'combat.conditions[{i}].grants.items.tags[0]: unknown item tag "magical"']


def test_exclusive_names_two_different_budgets():
    p, i = haste_package(exclusive=["action", "action"])
    assert problems_of(p) == [f'combat.conditions[{i}].exclusive: "exclusive" names two different budgets']


def test_exclusive_budgets_declared():
    p, i = haste_package(exclusive=["action", "legendary"])
    assert problems_of(p) == [
        f'combat.conditions[{i}].exclusive[1]: unknown budget "legendary": declare it in "combat.economy.budgets"'
    ]


def test_on_end_lasts_rounds():
    p, i = haste_package(onEnd={"applies": [{"condition": "lethargic", "duration": "until-save", "saveEnds": {"save": "con_save", "at": "turn-end"}}]})
    assert problems_of(p) == [
        f'combat.conditions[{i}].onEnd: applies[0]: what "onEnd" leaves behind lasts "rounds" (not "until-save", "instant" or "this-action")'
    ]


def test_on_end_rejects_when():
    p, i = haste_package(
        onEnd={"applies": [{"condition": "lethargic", "duration": {"rounds": 1}, "when": {"value": {"field": "level"}, "atLeast": 1}}]}
    )
    assert problems_of(p) == [
        f'combat.conditions[{i}].onEnd.applies[0].when: "when" is rejected in "onEnd", which has no applier sheet to read'
    ]


def test_on_end_condition_declared():
    p, i = haste_package(onEnd={"applies": [{"condition": "sluggish", "duration": {"rounds": 1}}]})
    assert problems_of(p) == [
        f'combat.conditions[{i}].onEnd.applies[0].condition: unknown condition "sluggish": declare it in "sheet.live.conditions"'
    ]


def test_on_end_tracks_shift_plain_tracks():
    p, i = haste_package(onEnd={"tracks": [{"track": "harm", "by": 1}]})
    assert problems_of(p) == [f'combat.conditions[{i}].onEnd.tracks[0].track: "harm" is a harm track; "onEnd" shifts ordinary tracks']


def test_economy_keys_gate():
    p, i = haste_package()
    p["capabilityApi"] = {"major": 1, "minor": 75}
    lines = problems_of(p)
    assert f'combat.conditions[{i}].grants: "grants" needs capabilityApi 1.76 or later (this package declares 1.75)' in lines
    assert f'combat.conditions[{i}].budgets: "budgets" needs capabilityApi 1.76 or later (this package declares 1.75)' in lines


def test_more_than_80_conditions_needs_1_188():
    p = d20_package()
    p["capabilityApi"] = {"major": 1, "minor": 187}
    p["sheet"]["live"]["conditions"] = [{"id": f"c{i}", "label": f"C{i}"} for i in range(80)]
    p["combat"]["conditions"] = [{"condition": f"c{i}"} for i in range(80)] + [{"condition": "c0x"}]
    lines = problems_of(p)
    assert 'combat.conditions: "conditions" needs capabilityApi 1.188 or later (this package declares 1.187)' in lines


# ---------------------------------------------------------------------------
# modifiers
# ---------------------------------------------------------------------------


def test_modifier_target_is_a_fixed_list():
    assert problems_of(with_modifier({"to": "initiative", "flat": 1})) == [
        'combat.conditions[1].modifiers[0].to: "initiative" cannot be changed: what a modifier changes is a fixed list '
        "(defense, attacks, saves, checks, speed, health-max, damage, damage-taken, attacks-taken)"
    ]


def test_modifier_flat_zero():
    assert problems_of(with_modifier({"to": "attacks", "flat": 0})) == [
        'combat.conditions[1].modifiers[0].flat: "flat" carries its own sign, and 0 is rejected'
    ]


def test_modifier_needs_an_amount():
    assert problems_of(with_modifier({"to": "attacks"})) == [
        'combat.conditions[1].modifiers[0]: a modifier needs "flat", "dice", "times", "mode", "diceTimes" or "criticalDice"'
    ]


def test_defense_modifier_is_flat_only():
    assert problems_of(with_modifier({"to": "defense", "dice": "1d4"})) == [
        'combat.conditions[1].modifiers[0]: a "defense" modifier takes flat numbers only'
    ]


def test_health_max_modifier_only_halves():
    assert problems_of(with_modifier({"to": "health-max", "times": 2})) == [
        'combat.conditions[1].modifiers[0]: a "health-max" modifier is only "times": 0.5'
    ]


def test_times_is_half_or_double():
    assert problems_of(with_modifier({"to": "speed", "times": 3})) == [
        "combat.conditions[1].modifiers[0].times: must be one of 0.5 or 2, not 3"
    ]


def test_times_not_on_attacks():
    assert problems_of(with_modifier({"to": "attacks", "times": 2})) == [
        'combat.conditions[1].modifiers[0].times: "times" changes speed, health-max, damage or damage-taken, not "attacks"'
    ]


def test_minus_needs_dice():
    assert problems_of(with_modifier({"to": "attacks", "flat": 1, "minus": True})) == [
        'combat.conditions[1].modifiers[0].minus: "minus" subtracts the dice, so it needs "dice"'
    ]


def test_modifier_dice_are_dice():
    assert problems_of(with_modifier({"to": "attacks", "dice": "4"})) == [
        'combat.conditions[1].modifiers[0].dice: "4" is not dice: write it like "1d4"'
    ]


def test_skills_narrow_checks_only():
    assert problems_of(with_modifier({"to": "saves", "flat": 1, "skills": ["sneak"]})) == [
        'combat.conditions[1].modifiers[0].skills: "skills" narrows a "checks" modifier only'
    ]


def test_modifier_skills_declared():
    assert problems_of(with_modifier({"to": "checks", "flat": 1, "skills": ["climb"]})) == [
        'combat.conditions[1].modifiers[0].skills[0]: unknown skill "climb"'
    ]


def test_damage_keys_rejected_on_other_targets():
    assert problems_of(with_modifier({"to": "saves", "flat": 1, "damageType": "fire"})) == [
        'combat.conditions[1].modifiers[0].damageType: "damageType" is rejected on a "saves" modifier (only damage and damage-taken)'
    ]


def test_from_source_only_on_damage_taken():
    assert problems_of(with_modifier({"to": "damage", "flat": 1, "fromSource": True})) == [
        'combat.conditions[1].modifiers[0].fromSource: "fromSource" is used only on "damage-taken"'
    ]


def test_damage_type_declared():
    assert problems_of(with_modifier({"to": "damage", "dice": "1d4", "damageType": "holy"})) == [
        'combat.conditions[1].modifiers[0].damageType: unknown damage type "holy": it is not one of "combat.damageTypes"'
    ]


def test_damage_modifiers_need_schema_version_2():
    p = minimal_package()
    p["combat"]["conditions"][0]["modifiers"] = [{"to": "damage", "flat": 2}]
    assert problems_of(p) == [
        'combat.conditions[0].modifiers[0].to: "to" value "damage" needs schemaVersion 2 and capabilityApi 1.133 or later '
        "(this package declares schemaVersion 1)"
    ]


def test_saves_against_needs_something_to_match():
    assert problems_of(with_modifier({"to": "saves", "mode": "advantage", "against": {}})) == [
        'combat.conditions[1].modifiers[0].against: "against" needs at least one of "conditions", "damage", "magic", "from", "actions" or "casts"'
    ]


def test_against_only_on_saves():
    assert problems_of(with_modifier({"to": "checks", "mode": "advantage", "against": {"magic": True}})) == [
        'combat.conditions[1].modifiers[0].against: "against" goes only on a "saves" modifier'
    ]


def test_against_conditions_declared():
    assert problems_of(with_modifier({"to": "saves", "mode": "advantage", "against": {"conditions": ["cursed"]}})) == [
        'combat.conditions[1].modifiers[0].against.conditions[0]: unknown condition "cursed": declare it in "sheet.live.conditions"'
    ]


def test_against_needs_schema_version_2():
    p = minimal_package()
    p["combat"]["conditions"][0]["modifiers"] = [{"to": "saves", "mode": "advantage", "against": {"magic": True}}]
    assert problems_of(p) == [
        'combat.conditions[0].modifiers[0].against: "against" needs schemaVersion 2 and capabilityApi 1.134 or later '
        "(this package declares schemaVersion 1)"
    ]


def test_target_test_types_declared():
    assert problems_of(with_modifier({"to": "attacks-taken", "mode": "disadvantage", "from": {"types": ["fiend"]}})) == [
        'combat.conditions[1].modifiers[0].from.types[0]: creature type "fiend" is named, but "combat.creatureTypes" is not declared',
    ]


def test_target_test_names_something():
    assert problems_of(with_modifier({"to": "attacks-taken", "mode": "disadvantage", "from": {}})) == [
        'combat.conditions[1].modifiers[0].from: a target test names "types", "tags" or both'
    ]


def test_rolled_modifier_rejected_in_pool_fights():
    from tests.ruleset.test_pools import dice_pool_package

    p = dice_pool_package()
    p["combat"]["conditions"].append({"condition": "shaken2", "modifiers": [{"to": "attacks", "dice": "1d4"}]})
    p["sheet"]["live"]["conditions"].append({"id": "shaken2", "label": "Shaken again"})
    assert problems_of(p) == [
        'combat.conditions[1].modifiers[0].dice: a "dice-pool" fight adds or takes away dice, so a modifier to attacks is a "flat" number, not rolled "dice"'
    ]


def test_modifiers_gate():
    p = with_modifier({"to": "attacks", "flat": 1})
    p["capabilityApi"] = {"major": 1, "minor": 44}
    assert problems_of(p) == ['combat.conditions[1].modifiers: "modifiers" needs capabilityApi 1.45 or later (this package declares 1.44)']


# ---------------------------------------------------------------------------
# levels
# ---------------------------------------------------------------------------


def with_level(level, package=five_e):
    p = package()
    p["combat"]["levels"] = [level]
    return p


def test_level_reads_track_or_derived():
    assert problems_of(with_level({"at": 1, "effects": ["speed-zero"]})) == [
        'combat.levels[0]: a level reads exactly one of "track" and "derived"'
    ]
    assert problems_of(with_level({"track": "exhaustion", "derived": "bulk_carried", "at": 1, "effects": ["speed-zero"]})) == [
        'combat.levels[0]: a level reads exactly one of "track" and "derived"'
    ]


def test_level_reads_a_plain_track():
    assert problems_of(with_level({"track": "harm", "at": 1, "effects": ["speed-zero"]})) == [
        'combat.levels[0].track: "harm" is a harm track; a level reads a plain track or a derived value'
    ]


def test_level_track_unknown():
    assert problems_of(with_level({"track": "hp", "at": 1, "effects": ["speed-zero"]})) == [
        'combat.levels[0].track: "hp" is a pool, not a track'
    ]


def test_level_derived_unknown():
    assert problems_of(with_level({"derived": "load", "at": 1, "effects": ["speed-zero"]})) == [
        'combat.levels[0].derived: unknown derived value "load"'
    ]


@pytest.mark.parametrize(
    "effect", ["half-move-to-stand", "ends-on-damage", "cannot-target-source", "cannot-target-source-side", "cannot-approach-source"]
)
def test_level_rejects_source_effects(effect):
    assert problems_of(with_level({"track": "exhaustion", "at": 1, "effects": [effect]})) == [
        f'combat.levels[0]: "{effect}" is rejected on a level: levels have no source and end only when the value they read goes down'
    ]


def test_capability_table_lists_no_source_effect_on_a_level():
    # A value a level always rejects is not a capability of a level: the table lists
    # cannot-target-source-side (1.278) on a condition only.
    rows = {(row.model, row.key) for row in capability_table()}
    assert ("CombatCondition", "effects = 'cannot-target-source-side'") in rows
    assert ("CombatLevel", "effects = 'cannot-target-source-side'") not in rows


def test_level_does_something():
    assert problems_of(with_level({"track": "exhaustion", "at": 1})) == [
        'combat.levels[0]: a level needs "effects", "modifiers", "failsSaves", "defeats", "evasion" or "conditionImmunities"'
    ]


def test_level_at_from_one():
    assert problems_of(with_level({"track": "exhaustion", "at": 0, "defeats": True})) == [
        "combat.levels[0].at: must be at least 1, not 0"
    ]


def test_derived_level_gate():
    p = with_level({"derived": "bulk_carried", "at": 10, "modifiers": [{"to": "speed", "flat": -2}]})
    p["capabilityApi"] = {"major": 1, "minor": 53}
    assert problems_of(p) == ['combat.levels[0].derived: "derived" needs capabilityApi 1.54 or later (this package declares 1.53)']


def test_defeats_gate():
    p = with_level({"track": "exhaustion", "at": 6, "defeats": True})
    p["capabilityApi"] = {"major": 1, "minor": 114}
    assert problems_of(p) == ['combat.levels[0].defeats: "defeats" needs capabilityApi 1.115 or later (this package declares 1.114)']


def test_health_max_value_gate():
    p = with_level({"track": "exhaustion", "at": 4, "modifiers": [{"to": "health-max", "times": 0.5}]})
    p["capabilityApi"] = {"major": 1, "minor": 114}
    assert problems_of(p) == [
        'combat.levels[0].modifiers[0].to: "to" value "health-max" needs capabilityApi 1.115 or later (this package declares 1.114)'
    ]


def _omens(count: int, api: int | None) -> dict:
    """The minimal package with `count` sheet conditions in all (Shaken and omens), Make camp
    clearing each by name, declaring Capability API 1.`api` when given."""
    pkg = minimal_package()
    if api is not None:
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": api}
    pkg["sheet"]["live"]["conditions"] += [{"id": f"omen_{n}", "label": f"Omen {n}"} for n in range(count - 1)]
    pkg["rests"][0]["clear"] = {"conditions": [c["id"] for c in pkg["sheet"]["live"]["conditions"]]}
    return pkg


@pytest.mark.parametrize("count,api,needs", [(81, 187, "1.188"), (161, 188, "1.269"), (321, 268, "1.552")])
def test_sheet_conditions_past_a_cap_need_its_capability_api(count, api, needs):
    # mechanics-1: a sheet's live.conditions and a rest's clear.conditions hold as many as
    # combat.conditions: 80, 160 from 1.188, 320 from 1.269, 640 from 1.552.
    assert problems_of(_omens(count, api)) == [
        f'sheet.live.conditions: "conditions" needs capabilityApi {needs} or later (this package declares 1.{api})',
        f'rests[0].clear.conditions: "conditions" needs capabilityApi {needs} or later (this package declares 1.{api})',
    ]


@pytest.mark.parametrize("count,api", [(81, 188), (161, 269), (321, 552), (640, 552), (640, None)])
def test_sheet_conditions_up_to_their_cap_are_accepted(count, api):
    assert problems_of(_omens(count, api)) == []


def test_sheet_conditions_past_640_are_refused():
    assert problems_of(_omens(641, None)) == [
        "sheet.live.conditions: has more than 640 item(s)",
        "rests[0].clear.conditions: has more than 640 item(s)",
    ]
