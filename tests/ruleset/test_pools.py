"""The pool kinds of combat: the `pool` block (dice-pool), the `symbols` block
(symbol-pool), minimum damage dice, dazing hits, initiative thrown as a pool and moved by
attacks (spec/combat-2). Each refusal plants one defect in a small valid package."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.ruleset.minimal import minimal_package, problems_of


def dice_pool_package() -> dict[str, Any]:
    """The minimal package fought as a dice-pool: d10 pools, a harm track with two kinds."""
    p = minimal_package()
    p["resolution"] = {
        "kind": "dice-pool",
        "die": {"sides": 10},
        "abilityModifier": {"op": "identity"},
        "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}],
        "target": {"default": 7, "min": 5, "max": 9},
        "difficultyLadder": [{"label": "Plain", "successes": 1}, {"label": "Hard", "successes": 3}],
    }
    p["sheet"]["live"]["tracks"].append(
        {
            "id": "harm",
            "label": "Harm",
            "min": 0,
            "max": 4,
            "levels": [
                {"label": "Scuffed", "penalty": 0},
                {"label": "Winded", "penalty": -1},
                {"label": "Bleeding", "penalty": -3},
                {"label": "Down", "penalty": -99},
            ],
            "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}],
        }
    )
    c = p["combat"]
    c["kind"] = "dice-pool"
    c["health"] = {"track": "harm"}
    c["damageKinds"] = {"default": "knock", "marks": "per-point"}
    c["defense"] = {"const": 1}
    del c["attackRoll"]
    # The spec's own `pool` example, soaking knocks with Brawn.
    c["pool"] = {"advantage": True, "damageTarget": 6, "soak": {"roll": True, "byKind": {"knock": {"abilityMod": "brawn"}}}}
    return p


SYMBOL_RESOLUTION: dict[str, Any] = {
    "kind": "symbol-pool",
    "abilityModifier": {"op": "identity"},
    "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}],
    "dice": [
        {"id": "ability", "label": "Ability", "faces": [[], ["s"], ["s"], ["s", "s"], ["a"], ["a"], ["s", "a"], ["a", "a"]]},
        {
            "id": "proficiency",
            "label": "Proficiency",
            "faces": [[], ["s"], ["s"], ["s", "s"], ["s", "s"], ["a"], ["s", "a"], ["s", "a"], ["s", "a"], ["a", "a"], ["a", "a"], ["t"]],
        },
        {"id": "difficulty", "label": "Difficulty", "faces": [[], ["f"], ["f", "f"], ["h"], ["h"], ["h"], ["h", "h"], ["f", "h"]]},
        {
            "id": "challenge",
            "label": "Challenge",
            "faces": [[], ["f"], ["f"], ["f", "f"], ["f", "f"], ["h"], ["h"], ["f", "h"], ["f", "h"], ["h", "h"], ["h", "h"], ["d"]],
        },
        {"id": "boost", "label": "Boost", "faces": [[], [], ["s"], ["s", "a"], ["a", "a"], ["a"]]},
        {"id": "setback", "label": "Setback", "faces": [[], [], ["f"], ["f"], ["h"], ["h"]]},
    ],
    "pool": {"build": "larger-upgraded", "die": "ability", "upgrade": "proficiency"},
    "difficulty": {"die": "difficulty", "upgrade": "challenge"},
    "boost": "boost",
    "setback": "setback",
    "success": {"needed": 1},
    "difficultyLadder": [{"label": "Easy", "dice": 1}, {"label": "Average", "dice": 2}],
}

#: The spec's `symbols` example, word for word.
SYMBOLS_EXAMPLE: dict[str, Any] = {
    "damage": {"perSuccess": 1, "counts": "all"},
    "soak": {"all": {"derived": "soak"}},
    "spends": [
        {"id": "boost", "label": "Boost an ally", "by": "attacker", "symbol": "a", "cost": 1, "boost": {"dice": 1, "on": "attacker-ally"}},
        {
            "id": "crit",
            "label": "Critical",
            "by": "attacker",
            "symbol": "a",
            "cost": 2,
            "when": "hit",
            "critical": True,
            "condition": {"id": "injured", "on": "target", "rounds": 3},
        },
        {"id": "triumph", "label": "Triumphant blow", "by": "attacker", "symbol": "t", "cost": 1, "when": "hit", "critical": True, "damage": 2},
        {"id": "strain", "label": "Overextend", "by": "target", "symbol": "h", "cost": 2, "track": {"id": "strain", "by": 1, "on": "attacker"}},
        {"id": "setback", "label": "Opening", "by": "target", "symbol": "h", "cost": 1, "setback": {"dice": 1, "on": "attacker"}},
        {"id": "despair", "label": "Weapon slips", "by": "target", "symbol": "d", "cost": 1, "condition": {"id": "disarmed", "on": "attacker"}},
    ],
}


def symbol_pool_package() -> dict[str, Any]:
    """The minimal package fought with Genesys-style symbol dice and the spec's spends."""
    p = minimal_package()
    p["resolution"] = copy.deepcopy(SYMBOL_RESOLUTION)
    sheet = p["sheet"]
    sheet["derived"].append({"id": "soak", "label": "Soak", "op": "sum", "of": [{"field": "toughness"}], "section": "about"})
    sheet["live"]["tracks"].append({"id": "strain", "label": "Strain", "min": 0, "max": 10, "default": 0})
    sheet["live"]["conditions"] += [{"id": "injured", "label": "Injured"}, {"id": "disarmed", "label": "Disarmed"}]
    c = p["combat"]
    c["kind"] = "symbol-pool"
    c["defense"] = {"const": 1}
    del c["attackRoll"]
    c["symbols"] = copy.deepcopy(SYMBOLS_EXAMPLE)
    return p


def test_the_test_packages_are_valid() -> None:
    assert problems_of(dice_pool_package()) == []
    assert problems_of(symbol_pool_package()) == []


# ---------------------------------------------------------------------------
# dice-pool: the pool block
# ---------------------------------------------------------------------------


def test_pool_is_required_in_a_dice_pool_fight() -> None:
    pkg = dice_pool_package()
    del pkg["combat"]["pool"]
    assert problems_of(pkg) == ['combat: "pool" is required in a "dice-pool" fight']


def test_pool_is_rejected_in_attack_vs_defense() -> None:
    pkg = minimal_package()
    pkg["combat"]["pool"] = {"advantage": True}
    assert problems_of(pkg) == [
        'combat.pool: "pool" is read only in a "dice-pool" fight, so it is rejected with "kind" "attack-vs-defense"'
    ]


def test_a_dice_pool_fight_needs_a_dice_pool_resolution() -> None:
    pkg = dice_pool_package()
    pkg["resolution"] = minimal_package()["resolution"]
    assert problems_of(pkg) == ['combat.kind: a "dice-pool" fight needs a "dice-pool" resolution, not "dice-sum"']


def test_soak_by_kind_names_a_kind_of_the_health_track() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["pool"]["soak"]["byKind"] = {"bruise": {"abilityMod": "brawn"}}
    assert problems_of(pkg) == [
        'combat.pool.soak.byKind.bruise: unknown kind "bruise" of health track "harm" ("knock", "tear")'
    ]


def test_soak_by_kind_needs_a_harm_track_for_health() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["health"] = {"pool": "grit"}
    del pkg["combat"]["damageKinds"]
    assert problems_of(pkg) == ['combat.pool.soak.byKind.knock: "byKind" needs health to be a harm track with kinds']


def test_soak_reads_what_the_sheet_declares() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["pool"]["soak"]["all"] = {"abilityMod": "sinew"}
    assert problems_of(pkg) == ['combat.pool.soak.all.abilityMod: unknown ability "sinew"']


def test_soak_needs_something_to_soak() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["pool"]["soak"] = {"roll": False}
    assert problems_of(pkg) == ['combat.pool.soak: "soak" needs "all", "byKind" or both']


def test_soak_says_how_it_is_taken() -> None:
    pkg = dice_pool_package()
    del pkg["combat"]["pool"]["soak"]["roll"]
    assert problems_of(pkg) == ["combat.pool.soak.roll: required"]


def test_damage_target_is_a_die_face() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["pool"]["damageTarget"] = 1
    assert problems_of(pkg) == ["combat.pool.damageTarget: must be at least 2, not 1"]


def test_hardness_needs_initiative_that_attacks_move() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["pool"]["hardness"] = {"field": "toughness"}
    assert problems_of(pkg) == [
        'combat: "pool.hardness" is read only where initiative is a number attacks move ("initiative.resource")'
    ]


def test_flat_condition_modifiers_are_dice_in_a_pool_fight() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["conditions"] = [{"condition": "shaken", "modifiers": [{"to": "attacks", "flat": -1}]}]
    assert problems_of(pkg) == []


# ---------------------------------------------------------------------------
# Minimum damage dice and dazing hits
# ---------------------------------------------------------------------------


def test_minimum_damage_dice_validate() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["damage"] = {"minimum": {"field": "toughness"}}
    assert problems_of(pkg) == []


def test_minimum_damage_dice_only_in_a_dice_pool_fight() -> None:
    pkg = minimal_package()
    pkg["combat"]["damage"] = {"minimum": {"const": 2}}
    assert problems_of(pkg) == ['combat: "damage.minimum" counts damage dice, so it is read only in a "dice-pool" fight']


def test_minimum_damage_dice_need_capability_api_1_146() -> None:
    pkg = dice_pool_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 145}
    pkg["combat"]["damage"] = {"minimum": {"const": 2}}
    assert problems_of(pkg) == ['combat.damage: "damage" needs capabilityApi 1.146 or later (this package declares 1.145)']


def test_minimum_reads_what_the_sheet_declares() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["damage"] = {"minimum": {"derived": "overwhelming"}}
    assert problems_of(pkg) == ['combat.damage.minimum.derived: unknown derived value "overwhelming"']


DAZE = {
    "over": {"abilityScore": "brawn"},
    "measure": "damage",
    "condition": "shaken",
    "text": "The blow leaves them reeling until their next turn passes.",
}


def test_the_daze_example_validates() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["daze"] = copy.deepcopy(DAZE)
    assert problems_of(pkg) == []


def test_daze_is_for_pool_fights() -> None:
    pkg = minimal_package()
    pkg["combat"]["daze"] = copy.deepcopy(DAZE)
    assert problems_of(pkg) == ['combat.daze: "daze" is for pool fights ("dice-pool" or "symbol-pool")']


def test_daze_names_a_sheet_condition() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["daze"] = dict(DAZE, condition="dazed")
    assert problems_of(pkg) == ['combat.daze.condition: unknown condition "dazed": declare it in "sheet.live.conditions"']


def test_daze_measures_only_damage() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["daze"] = dict(DAZE, measure="marks")
    assert problems_of(pkg) == ["combat.daze.measure: must be one of 'damage', not \"marks\""]


def test_remap_is_read_only_in_a_pool_fight() -> None:
    pkg = minimal_package()
    pkg["sheet"]["live"]["tracks"].append(
        {
            "id": "harm",
            "label": "Harm",
            "min": 0,
            "max": 2,
            "levels": [{"label": "Hurt", "penalty": 0}, {"label": "Down", "penalty": -99}],
            "kinds": [{"id": "lethal", "label": "L", "severity": 1}, {"id": "bashing", "label": "B", "severity": 0}],
        }
    )
    pkg["sheet"]["fields"].append({"id": "vampire", "label": "Vampire", "type": "number", "min": 0, "max": 1, "default": 0})
    pkg["combat"]["health"] = {"track": "harm"}
    pkg["combat"]["damageKinds"] = {
        "default": "bashing",
        "marks": "per-point",
        "remap": [{"when": {"field": "vampire"}, "from": "lethal", "to": "bashing"}],
    }
    assert problems_of(pkg) == ['combat: "damageKinds.remap" is read only in a pool fight ("dice-pool" or "symbol-pool")']


# ---------------------------------------------------------------------------
# Initiative thrown as a pool, and moved by attacks
# ---------------------------------------------------------------------------

#: The spec's own example, with the sheet's Wits for Nerve and Shaken for Reeling.
RESOURCE_INITIATIVE: dict[str, Any] = {
    "pool": {"abilityMod": "wits"},
    "plus": 3,
    "resource": {
        "base": 3,
        "styles": [
            {"id": "press", "label": "Press", "takes": {"gain": 1}},
            {"id": "telling", "label": "Telling blow", "spends": {"onMiss": [[0, 1], [6, 2], [11, 3]]}},
        ],
        "crash": {"at": 0, "condition": "shaken", "bonus": 5, "recoverAfter": 3},
    },
}


def resource_package() -> dict[str, Any]:
    pkg = dice_pool_package()
    pkg["combat"]["initiative"] = copy.deepcopy(RESOURCE_INITIATIVE)
    return pkg


def test_initiative_that_attacks_move_validates_with_hardness() -> None:
    pkg = resource_package()
    pkg["combat"]["pool"]["hardness"] = {"field": "toughness"}
    assert problems_of(pkg) == []


def test_initiative_pool_is_not_used_with_dice() -> None:
    pkg = resource_package()
    pkg["combat"]["initiative"]["dice"] = {"count": 1, "sides": 10}
    assert problems_of(pkg) == ['combat.initiative.pool: "pool" is not used together with "dice" or "modifier"']


def test_resource_needs_pool() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["initiative"]["resource"] = copy.deepcopy(RESOURCE_INITIATIVE["resource"])
    assert problems_of(pkg) == [
        'combat.initiative.resource: "resource" needs "pool": summed dice are only an order, not a number of dice'
    ]


def test_resource_is_never_thrown_again() -> None:
    pkg = resource_package()
    pkg["combat"]["initiative"]["each"] = "round"
    assert problems_of(pkg) == [
        'combat.initiative.each: "each" is rejected with "resource": the number is kept, never thrown again'
    ]


def test_plus_needs_pool() -> None:
    pkg = dice_pool_package()
    pkg["combat"]["initiative"]["plus"] = 2
    assert problems_of(pkg) == ['combat.initiative.plus: "plus" is added to the successes of "pool", so it needs "pool"']


def test_initiative_pool_is_not_thrown_in_attack_vs_defense() -> None:
    pkg = minimal_package()
    pkg["combat"]["initiative"] = {"pool": {"abilityMod": "wits"}}
    assert problems_of(pkg) == ['combat: "initiative.pool" is thrown only in a "dice-pool" or "symbol-pool" fight']


def test_a_style_takes_or_spends() -> None:
    pkg = resource_package()
    pkg["combat"]["initiative"]["resource"]["styles"][0]["spends"] = {"onMiss": [[0, 1]]}
    assert problems_of(pkg) == [
        'combat.initiative.resource.styles[0]: a style either "takes" or "spends" (exactly one of them)'
    ]


def test_at_least_one_style_takes() -> None:
    pkg = resource_package()
    del pkg["combat"]["initiative"]["resource"]["styles"][0]
    assert problems_of(pkg) == ['combat.initiative.resource: at least one style must take ("takes")']


def test_base_is_above_the_crash_line() -> None:
    pkg = resource_package()
    pkg["combat"]["initiative"]["resource"]["base"] = 0
    assert problems_of(pkg) == [
        'combat.initiative.resource.base: "base" (0) must be higher than "crash.at" (0), or going back to it would crash at once'
    ]


def test_on_miss_steps_ascend() -> None:
    pkg = resource_package()
    pkg["combat"]["initiative"]["resource"]["styles"][1]["spends"]["onMiss"] = [[6, 2], [0, 1]]
    assert problems_of(pkg) == [
        'combat.initiative.resource.styles[1].spends.onMiss: "onMiss" steps must be in ascending order of their first number'
    ]


def test_at_most_four_styles() -> None:
    pkg = resource_package()
    styles = pkg["combat"]["initiative"]["resource"]["styles"]
    styles += [dict(styles[0], id=f"press_{i}") for i in range(3)]
    assert problems_of(pkg) == ["combat.initiative.resource.styles: has more than 4 item(s)"]


def test_crash_names_a_sheet_condition() -> None:
    pkg = resource_package()
    pkg["combat"]["initiative"]["resource"]["crash"]["condition"] = "reeling"
    assert problems_of(pkg) == ['combat.initiative.resource.crash.condition: unknown condition "reeling": declare it in "sheet.live.conditions"']


def test_resource_needs_capability_api_1_48() -> None:
    pkg = resource_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 47}
    lines = problems_of(pkg)
    assert 'combat.initiative.resource: "resource" needs capabilityApi 1.48 or later (this package declares 1.47)' in lines
    assert 'combat.initiative.pool: "pool" needs capabilityApi 1.48 or later (this package declares 1.47)' in lines


# ---------------------------------------------------------------------------
# symbol-pool: the symbols block
# ---------------------------------------------------------------------------


def spend(pkg: dict[str, Any], spend_id: str) -> dict[str, Any]:
    return next(s for s in pkg["combat"]["symbols"]["spends"] if s["id"] == spend_id)


def test_symbols_are_required_in_a_symbol_pool_fight() -> None:
    pkg = symbol_pool_package()
    del pkg["combat"]["symbols"]
    assert problems_of(pkg) == ['combat: "symbols" is required in a "symbol-pool" fight']


def test_symbols_are_rejected_in_attack_vs_defense() -> None:
    pkg = minimal_package()
    pkg["combat"]["symbols"] = {"damage": {"counts": "beyond"}}
    assert problems_of(pkg) == [
        'combat.symbols: "symbols" is read only in a "symbol-pool" fight, so it is rejected with "kind" "attack-vs-defense"'
    ]


def test_a_symbol_pool_fight_needs_a_symbol_pool_resolution() -> None:
    pkg = symbol_pool_package()
    pkg["resolution"] = minimal_package()["resolution"]
    assert problems_of(pkg) == ['combat.kind: a "symbol-pool" fight needs a "symbol-pool" resolution, not "dice-sum"']


def test_damage_says_which_successes_count() -> None:
    pkg = symbol_pool_package()
    del pkg["combat"]["symbols"]["damage"]["counts"]
    assert problems_of(pkg) == ["combat.symbols.damage.counts: required"]


def test_a_symbol_is_spent_by_one_side() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "strain")["by"] = "attacker"
    assert problems_of(pkg) == ['combat.symbols.spends[3]: symbol "h" is spent by the target, not the attacker']


def test_success_symbols_buy_nothing() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "boost")["symbol"] = "s"
    assert problems_of(pkg) == ["combat.symbols.spends[0].symbol: must be one of 'a', 't', 'h' or 'd', not \"s\""]


def test_damage_spends_need_a_hit_and_the_attacker() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "triumph")["when"] = "any"
    assert problems_of(pkg) == ['combat.symbols.spends[2].damage: "damage" needs "when": "hit" and "by": "attacker"']


def test_a_condition_spend_is_bought_once() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "despair")["max"] = 2
    assert problems_of(pkg) == [
        'combat.symbols.spends[5]: a spend that gives a "condition" or "critical" applies once, so "max" stays 1'
    ]


def test_a_spend_needs_an_effect() -> None:
    pkg = symbol_pool_package()
    del spend(pkg, "setback")["setback"]
    assert problems_of(pkg) == [
        'combat.symbols.spends[4]: a spend needs an effect: "condition", "critical", "damage", "track", "boost" or "setback"'
    ]


def test_spend_ids_are_unique() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "setback")["id"] = "strain"
    assert problems_of(pkg) == ['combat.symbols: spend id "strain" is used twice']


def test_at_most_sixteen_spends() -> None:
    pkg = symbol_pool_package()
    first = pkg["combat"]["symbols"]["spends"][0]
    pkg["combat"]["symbols"]["spends"] += [dict(first, id=f"boost_{i}") for i in range(11)]
    assert problems_of(pkg) == ["combat.symbols.spends: has more than 16 item(s)"]


def test_a_spend_condition_is_a_sheet_condition() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "crit")["condition"]["id"] = "maimed"
    assert problems_of(pkg) == ['combat.symbols.spends[1].condition.id: unknown condition "maimed": declare it in "sheet.live.conditions"']


def test_a_spend_moves_an_ordinary_track_not_health() -> None:
    pkg = symbol_pool_package()
    pkg["sheet"]["live"]["tracks"].append({"id": "wounds", "label": "Wounds", "min": 0, "max": 12, "default": 0})
    pkg["combat"]["health"] = {"track": "wounds"}
    spend(pkg, "strain")["track"]["id"] = "wounds"
    assert problems_of(pkg) == [
        'combat.symbols.spends[3].track.id: "wounds" is a harm or health track; a spend moves only an ordinary live track'
    ]


def test_a_spend_track_is_not_a_pool() -> None:
    pkg = symbol_pool_package()
    spend(pkg, "strain")["track"]["id"] = "luck"
    assert problems_of(pkg) == ['combat.symbols.spends[3].track.id: "luck" is a pool, not a track']


def test_a_spend_symbol_is_shown_by_some_die() -> None:
    pkg = symbol_pool_package()
    for die in pkg["resolution"]["dice"]:
        die["faces"] = [[s for s in face if s != "d"] for face in die["faces"]]
    assert problems_of(pkg) == ['combat.symbols.spends[5].symbol: no die of the resolution shows symbol "d"']


def test_symbol_soak_reads_the_sheet() -> None:
    pkg = symbol_pool_package()
    pkg["combat"]["symbols"]["soak"] = {"all": {"derived": "armour"}}
    assert problems_of(pkg) == ['combat.symbols.soak.all.derived: unknown derived value "armour"']


def test_initiative_is_thrown_as_a_pool_in_a_symbol_fight() -> None:
    pkg = symbol_pool_package()
    pkg["combat"]["initiative"] = {"pool": {"abilityMod": "wits"}}
    assert problems_of(pkg) == []


def test_resource_initiative_is_only_for_dice_pool_fights() -> None:
    pkg = symbol_pool_package()
    pkg["combat"]["initiative"] = copy.deepcopy(RESOURCE_INITIATIVE)
    assert problems_of(pkg) == ['combat: "initiative.resource" is used only in a "dice-pool" fight']


@pytest.mark.parametrize("counts", ["all", "beyond"])
def test_symbol_damage_counts(counts: str) -> None:
    pkg = symbol_pool_package()
    pkg["combat"]["symbols"]["damage"] = {"counts": counts}
    assert problems_of(pkg) == []
