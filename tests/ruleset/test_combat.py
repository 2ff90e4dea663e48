"""Refusals of the `combat` block itself (spec/combat-1 "Every key", combat-3 "Positions",
"Contests", "Windows", "Not yet supported"): each test plants one defect in a valid
package and asserts the exact `path: message` lines."""

from __future__ import annotations

import json

import pytest

from tests.conftest import UPSTREAM

from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.test_combat_examples import d20_package, five_e, with_combat


# ---------------------------------------------------------------------------
# kind, health, damage kinds
# ---------------------------------------------------------------------------


def test_unknown_kind():
    p = minimal_package()
    p["combat"]["kind"] = "narrative"
    assert problems_of(p) == [
        "combat.kind: must be one of 'attack-vs-defense', 'dice-pool' or 'symbol-pool', not \"narrative\""
    ]


def test_attack_roll_required_in_attack_vs_defense():
    p = minimal_package()
    del p["combat"]["attackRoll"]
    assert problems_of(p) == ['combat.attackRoll: required in an "attack-vs-defense" fight']


def test_health_names_one_thing():
    p = minimal_package()
    p["combat"]["health"] = {"pool": "grit", "track": "heat"}
    assert problems_of(p) == ['combat.health: "health" names exactly one of "pool" and "track"']


def test_health_pool_unknown():
    p = minimal_package()
    p["combat"]["health"] = {"pool": "mana"}
    assert problems_of(p) == ['combat.health.pool: unknown pool "mana"']


def test_health_pool_that_is_a_track():
    p = minimal_package()
    p["combat"]["health"] = {"pool": "heat"}
    assert problems_of(p) == ['combat.health.pool: "heat" is a track, not a pool: write { "track": "heat" }']


def test_health_pool_that_is_a_list():
    p = minimal_package()
    p["combat"]["health"] = {"pool": "gear"}
    assert problems_of(p) == ['combat.health.pool: "gear" is a list, not a live pool']


def test_damage_kinds_rejected_with_a_pool():
    p = minimal_package()
    p["combat"]["damageKinds"] = {"default": "knock", "marks": "per-point"}
    assert problems_of(p) == [
        'combat.damageKinds: rejected when "health" names a pool: only marks on a harm track carry a kind'
    ]


def test_harm_track_health_needs_damage_kinds():
    p = with_combat(health={"track": "harm"})
    assert problems_of(p) == ['combat.damageKinds: required when "health" names the harm track "harm"']


def test_damage_kinds_name_kinds_of_the_track():
    p = with_combat(health={"track": "harm"}, damageKinds={"default": "knock", "byType": {"fire": "burn"}, "marks": "per-blow"})
    assert problems_of(p) == [
        'combat.damageKinds.default: "knock" is not a kind of the health track "harm"',
        'combat.damageKinds.byType.fire: "burn" is not a kind of the health track "harm"',
    ]


def test_damage_kinds_by_type_names_declared_types():
    p = with_combat(health={"track": "harm"}, damageKinds={"default": "bashing", "byType": {"bullet": "lethal"}, "marks": "per-point"})
    assert problems_of(p) == ['combat.damageKinds.byType.bullet: unknown damage type "bullet": it is not one of "combat.damageTypes"']


def test_damage_kinds_by_type_keys_are_case_insensitive():
    p = with_combat(
        health={"track": "harm"},
        damageKinds={"default": "bashing", "byType": {"Fire": "aggravated", "fire": "lethal"}, "marks": "per-point"},
    )
    assert problems_of(p) == [
        'combat.damageKinds.byType: "byType" gives both "Fire" and "fire": its keys are case-insensitive, so that is one key twice'
    ]


def test_damage_kinds_marks_has_no_default():
    p = with_combat(health={"track": "harm"}, damageKinds={"default": "bashing"})
    assert problems_of(p) == ["combat.damageKinds.marks: required"]


def test_plain_track_health_takes_no_damage_kinds():
    p = with_combat(health={"track": "wounds"}, damageKinds={"default": "bashing", "marks": "per-point"})
    assert problems_of(p) == ['combat.damageKinds: rejected: the plain track "wounds" takes points, not marks of a kind']


def test_plain_track_health_cannot_start_at_max():
    p = with_combat(health={"track": "wounds"})
    p["sheet"]["live"]["tracks"][-2]["default"] = 12
    assert problems_of(p) == [
        'combat.health.track: the plain track "wounds" starts at its "max" (12), so everyone would start out of the fight'
    ]


def test_plain_track_health_needs_1_383():
    p = with_combat(health={"track": "wounds"})
    p["capabilityApi"] = {"major": 1, "minor": 382}
    lines = problems_of(p)
    assert 'combat.health.track: a plain track ("wounds") as "health" needs capabilityApi 1.383 or later (this package declares 1.382)' in lines


def test_damage_types_are_case_insensitive():
    p = minimal_package()
    p["combat"]["damageTypes"] = ["Fire", "fire"]
    assert problems_of(p) == ['combat.damageTypes: "fire" and "Fire" are the same damage type (compared case-insensitively)']


# ---------------------------------------------------------------------------
# initiative, attack roll, economy
# ---------------------------------------------------------------------------


def test_initiative_needs_dice():
    p = minimal_package()
    p["combat"]["initiative"] = {"modifier": {"abilityMod": "wits"}}
    assert problems_of(p) == ['combat.initiative: "initiative" needs "dice"']


def test_initiative_modifier_reads_the_sheet():
    p = minimal_package()
    p["combat"]["initiative"]["modifier"] = {"abilityMod": "luck"}
    assert problems_of(p) == ['combat.initiative.modifier.abilityMod: unknown ability "luck"']


def test_initiative_each_is_round():
    p = minimal_package()
    p["combat"]["initiative"]["each"] = "turn"
    assert problems_of(p) == ["combat.initiative.each: must be one of 'round', not \"turn\""]


def test_special_faces_need_a_single_die():
    p = minimal_package()
    p["combat"]["attackRoll"]["naturals"] = {"max": "critical"}
    assert problems_of(p) == ['combat.attackRoll: special faces ("naturals") need a single die, not 2']


def test_critical_from_needs_natural_critical():
    p = five_e()
    p["combat"]["attackRoll"]["naturals"] = {"max": "hit"}
    p["combat"]["attackRoll"]["criticalFrom"] = {"field": "critical_from"}
    assert problems_of(p) == ['combat.attackRoll.criticalFrom: "criticalFrom" needs "naturals.max" set to "critical"']


def test_critical_from_gate():
    p = five_e()
    p["capabilityApi"] = {"major": 1, "minor": 80}
    p["combat"]["attackRoll"]["criticalFrom"] = {"field": "critical_from"}
    assert problems_of(p) == [
        'combat.attackRoll.criticalFrom: "criticalFrom" needs capabilityApi 1.81 or later (this package declares 1.80)'
    ]


def test_budget_ids_once():
    p = minimal_package()
    p["combat"]["economy"]["budgets"].append({"id": "act", "label": "Again", "per": "round"})
    assert problems_of(p) == ['combat.economy.budgets: budget id "act" is used twice (entries 0 and 1)']


def test_main_budget_cannot_be_empty():
    p = minimal_package()
    p["combat"]["economy"]["budgets"][0]["count"] = 0
    assert problems_of(p) == [
        'combat.economy.budgets: the first budget is the main budget that standard actions spend, so its "count" cannot be 0'
    ]


def test_budget_per():
    p = minimal_package()
    p["combat"]["economy"]["budgets"][0]["per"] = "scene"
    assert problems_of(p) == ["combat.economy.budgets[0].per: must be one of 'turn' or 'round', not \"scene\""]


def test_movement_reads_a_number_field():
    p = five_e()
    p["combat"]["economy"]["movement"] = {"field": "race"}
    assert problems_of(p) == ['combat.economy.movement.field: "race" is a text field, not a number field']


def test_spend_limit_pool_must_be_a_pool():
    p = five_e()
    p["combat"]["spendLimits"] = [{"pool": "exhaustion", "max": {"const": 1}, "per": "turn"}]
    assert problems_of(p) == ['combat.spendLimits[0].pool: "exhaustion" is a track, not a pool']


def test_spend_limit_gate():
    p = five_e()
    p["capabilityApi"] = {"major": 1, "minor": 46}
    p["combat"]["spendLimits"] = [{"pool": "blood", "max": {"const": 1}, "per": "turn"}]
    assert problems_of(p) == ['combat.spendLimits: "spendLimits" needs capabilityApi 1.47 or later (this package declares 1.46)']


# ---------------------------------------------------------------------------
# standard actions, concentration, dying, creature types, threat
# ---------------------------------------------------------------------------


def test_standard_is_a_fixed_list():
    p = minimal_package()
    p["combat"]["standard"] = ["dodge", "parry"]
    assert problems_of(p) == [
        "combat.standard[1]: must be one of 'dash', 'disengage', 'dodge', 'help', 'hide', 'ready' or 'search', not \"parry\""
    ]


def test_standard_listed_once():
    p = minimal_package()
    p["combat"]["standard"] = ["dodge", "dodge"]
    assert problems_of(p) == ['combat.standard: "dodge" is listed twice']


def test_search_needs_hiding():
    p = minimal_package()
    p["combat"]["standard"] = ["search"]
    assert problems_of(p) == [
        'combat.standard[0]: "search" needs "combat.hiding"',
    ]


def test_dodge_effects_need_dodge():
    p = with_combat(standard=["help"], standardEffects={"dodge": {"saves": ["dex_save"]}})
    assert problems_of(p) == ['combat.standardEffects.dodge: used only when "dodge" is in the "standard" list']


def test_dodge_effects_name_declared_saves():
    p = with_combat(standardEffects={"dodge": {"saves": ["reflex"]}})
    assert problems_of(p) == ['combat.standardEffects.dodge.saves[0]: unknown save "reflex"']


def test_help_beside_needs_help():
    p = with_combat(standard=["dodge"], standardEffects={"help": {"beside": True}})
    assert problems_of(p) == ['combat.standardEffects.help: used only when "help" is in the "standard" list']


def test_concentration_text_must_be_live_text():
    p = five_e()
    p["combat"]["concentration"]["text"] = "race"
    assert problems_of(p) == [
        'combat.concentration.text: unknown live text field "race": declare it in "sheet.live.text"'
    ]


def test_concentration_save_must_be_declared():
    p = five_e()
    p["combat"]["concentration"]["save"] = "concentration"
    assert problems_of(p) == ['combat.concentration.save: unknown save "concentration"']


def test_dying_counts_on_plain_tracks():
    p = five_e()
    p["combat"]["dying"] = {
        "kind": "saves",
        "successes": "harm",
        "failures": "hp",
        "dice": {"count": 1, "sides": 20},
        "succeedAt": 10,
    }
    assert problems_of(p) == [
        'combat.dying.successes: "harm" is a harm track; the dying rule counts rolls on a plain track',
        'combat.dying.failures: "hp" is a pool, not a track',
    ]


def test_creature_types_field_must_be_text_or_choice():
    p = with_combat(creatureTypes={"types": [{"id": "humanoid", "label": "Humanoid"}], "field": "level", "default": "humanoid"})
    assert problems_of(p) == [
        "combat.creatureTypes.field: \"level\" is a number field; a character's type is read from a text or choice field"
    ]


def test_creature_types_default_is_a_type():
    p = with_combat(creatureTypes={"types": [{"id": "humanoid", "label": "Humanoid"}], "default": "beast"})
    assert problems_of(p) == ['combat.creatureTypes.default: "default" is "beast", which is not one of "types"']


def test_creature_types_need_schema_version_2():
    p = minimal_package()
    p["combat"]["creatureTypes"] = {"types": [{"id": "humanoid", "label": "Humanoid"}]}
    assert problems_of(p) == [
        'combat.creatureTypes: "creatureTypes" needs schemaVersion 2 and capabilityApi 1.168 or later '
        "(this package declares schemaVersion 1)"
    ]


TIER = {"id": "pack", "label": "Pack", "health": [8, 16], "defense": 6, "toHit": 1, "damagePerRound": [4, 7], "saveDifficulty": 0}


def test_tier_ranges_run_low_to_high():
    p = minimal_package()
    p["combat"]["threat"] = {"tiers": [dict(TIER, damagePerRound=[7, 4])]}
    assert problems_of(p) == ['combat.threat.tiers[0].damagePerRound: "damagePerRound" is a range [low, high], and 7 is above 4']


def test_tier_ids_once():
    p = minimal_package()
    p["combat"]["threat"] = {"tiers": [TIER, TIER]}
    assert problems_of(p) == ['combat.threat.tiers: tier id "pack" is used twice (entries 0 and 1)']


@pytest.mark.parametrize("key", ["soak", "hardness"])
def test_tier_soak_and_hardness_not_supported(key):
    p = minimal_package()
    p["combat"]["threat"] = {"tiers": [dict(TIER, **{key: 1})]}
    assert problems_of(p) == [
        f'combat.threat.tiers[0]: a threat tier sets no "{key}": invented opponents have no soak and no hardness (not supported yet)'
    ]


def test_encounter_budget_needs_worth_on_every_tier():
    p = with_combat(
        threat={
            "tiers": [dict(TIER, worth=50), dict(TIER, id="terror")],
            "budget": {"level": ["level"], "steps": [{"id": "easy", "label": "Easy"}], "byLevel": [{"level": 1, "worth": [25]}]},
        }
    )
    assert problems_of(p) == [
        'combat.threat.budget: "budget" counts each opponent\'s "worth", so every tier needs one (missing on "terror")'
    ]


def test_encounter_budget_one_worth_per_step():
    p = with_combat(
        threat={
            "tiers": [dict(TIER, worth=50)],
            "budget": {
                "level": ["level"],
                "steps": [{"id": "easy", "label": "Easy"}, {"id": "hard", "label": "Hard"}],
                "byLevel": [{"level": 1, "worth": [25]}],
            },
        }
    )
    assert problems_of(p) == ["combat.threat.budget: byLevel[0]: gives 1 worth(s) for 2 step(s); give one per step"]


def test_encounter_budget_level_reads_number_fields():
    p = with_combat(
        threat={
            "tiers": [dict(TIER, worth=50)],
            "budget": {"level": ["race"], "steps": [{"id": "easy", "label": "Easy"}], "byLevel": [{"level": 1, "worth": [25]}]},
        }
    )
    assert problems_of(p) == ['combat.threat.budget.level[0]: "race" is a text field; a level is summed from number fields']


def test_worth_gate():
    p = minimal_package()
    p["schemaVersion"] = 2
    p["capabilityApi"] = {"major": 1, "minor": 802}
    p["combat"]["threat"] = {"tiers": [dict(TIER, worth=50)]}
    assert problems_of(p) == ['combat.threat.tiers[0].worth: "worth" needs capabilityApi 1.803 or later (this package declares 1.802)']


# ---------------------------------------------------------------------------
# board keys
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "key,value",
    [("ranged", {"long": "disadvantage"}), ("cover", {"bonus": 2}), ("opportunity", {"budget": "act"}), ("elevation", {"levelHeight": 5})],
)
def test_board_keys_need_distance(key, value):
    p = minimal_package()
    p["combat"][key] = value
    assert problems_of(p) == [f'combat.{key}: is read only on a board, so it needs "combat.distance"']


def test_reach_needs_distance():
    p = minimal_package()
    p["combat"]["attacks"][0]["reach"] = {"const": 2}
    assert problems_of(p) == ['combat.attacks[0].reach: is a distance, so it needs "combat.distance"']


def test_distance_per_cell_above_zero():
    p = minimal_package()
    p["combat"]["distance"] = {"label": "paces", "perCell": 0}
    assert problems_of(p) == ["combat.distance.perCell: must be above 0, not 0"]


def test_styles_need_a_builtin():
    p = with_combat(styles=["hexes"])
    assert problems_of(p) == ['combat.styles: "styles" must include at least one of "classic" and "tactical"']


def test_styles_at_most_8():
    p = with_combat(styles=["tactical"] + [f"style-{i}" for i in range(8)])
    assert problems_of(p) == ["combat.styles: has more than 8 item(s)"]


def test_styles_gate():
    p = with_combat(styles=["tactical"])
    p["capabilityApi"] = {"major": 1, "minor": 378}
    assert problems_of(p) == ['combat.styles: "styles" needs capabilityApi 1.379 or later (this package declares 1.378)']


def test_opportunity_budget_declared():
    p = with_combat(distance={"label": "ft", "perCell": 5}, opportunity={"budget": "reaction"})
    assert problems_of(p) == ['combat.opportunity.budget: unknown budget "reaction": declare it in "combat.economy.budgets"']


def test_falling_needs_level_height():
    p = with_combat(distance={"label": "ft", "perCell": 5}, elevation={"falling": {"per": 10, "dice": {"count": 1, "sides": 6}}})
    assert problems_of(p) == [
        'combat.elevation.falling: "falling" counts the fall height in levels of "levelHeight", so it needs "levelHeight"'
    ]


def test_falling_prone_is_a_condition():
    p = with_combat(
        distance={"label": "ft", "perCell": 5},
        elevation={"levelHeight": 5, "falling": {"per": 10, "dice": {"count": 1, "sides": 6}, "type": "bludgeoning", "prone": "down"}},
    )
    assert problems_of(p) == ['combat.elevation.falling.prone: unknown condition "down": declare it in "sheet.live.conditions"']


def test_cover_three_quarters_gate():
    p = with_combat(distance={"label": "ft", "perCell": 5}, cover={"bonus": 2, "threeQuarters": 5})
    p["capabilityApi"] = {"major": 1, "minor": 73}
    assert problems_of(p) == ['combat.cover.threeQuarters: "threeQuarters" needs capabilityApi 1.74 or later (this package declares 1.73)']


def test_signature_at_turn_start_gate():
    p = with_combat(signatureAtTurnStart=True)
    p["capabilityApi"] = {"major": 1, "minor": 804}
    assert problems_of(p) == [
        'combat.signatureAtTurnStart: "signatureAtTurnStart" needs capabilityApi 1.805 or later (this package declares 1.804)'
    ]


# ---------------------------------------------------------------------------
# contests
# ---------------------------------------------------------------------------


def contest_package(**contest):
    p = d20_package()
    p["combat"]["checks"] = [{"id": "brawn", "label": "Brawn", "value": {"abilityMod": "brawn"}}]
    base = {"id": "grab", "label": "Grab", "budget": "act", "attacker": {"checks": ["brawn"]}, "defender": {"checks": ["brawn"]}, "onWin": {"applies": [{"condition": "held"}]}}
    base.update(contest)
    p["combat"]["contests"] = [base]
    return p


def test_contest_checks_declared():
    p = contest_package(defender={"checks": ["wits"]})
    assert problems_of(p) == ['combat.contests[0].defender.checks[0]: unknown check "wits": declare it in "combat.checks"']


def test_contest_must_win_something():
    p = contest_package(onWin={})
    assert problems_of(p) == ['combat.contests[0].onWin: "onWin" must say at least one thing: "applies", "ends", "push" or "stabilizes"']


def test_contest_push_needs_distance():
    p = contest_package(onWin={"push": 4})
    assert problems_of(p) == ['combat.contests[0].onWin.push: is a distance, so it needs "combat.distance"']


def test_contest_conditions_declared():
    p = contest_package(**{"from": {"holding": "gripped"}})
    assert problems_of(p) == ['combat.contests[0].from.holding: unknown condition "gripped": declare it in "sheet.live.conditions"']


def test_contest_checks_value_reads_the_sheet():
    p = contest_package()
    p["combat"]["checks"][0]["value"] = {"skillMod": "wrestle"}
    assert problems_of(p) == ['combat.checks[0].value.skillMod: unknown skill "wrestle"']


def test_contest_ids_once():
    p = contest_package()
    p["combat"]["contests"].append(dict(p["combat"]["contests"][0]))
    assert problems_of(p) == ['combat.contests: id "grab" is given twice (entries 0 and 1)']


def test_contests_gate():
    p = contest_package()
    p["capabilityApi"] = {"major": 1, "minor": 42}
    lines = problems_of(p)
    assert 'combat.contests: "contests" needs capabilityApi 1.43 or later (this package declares 1.42)' in lines
    assert 'combat.checks: "checks" needs capabilityApi 1.43 or later (this package declares 1.42)' in lines


def test_hiding_needs_an_attack_roll_so_a_pool_fight_refuses_it():
    # Gravewatch (vendored, a dice-pool fight) throws pools and has no attackRoll; Hide and
    # Search roll on attackRoll.dice (combat/hiding.py), so its `hiding` is refused at the key.
    p = json.loads((UPSTREAM / "gravewatch.json").read_text())
    assert "combat.hiding" not in " ".join(problems_of(p))
    p["combat"]["hiding"] = {"stealth": "stealth", "perception": "perception"}
    assert ('combat.hiding: rolls Stealth and Search on "combat.attackRoll.dice", so it needs "combat.attackRoll" '
            '(a fight that throws pools has none)') in problems_of(p)
