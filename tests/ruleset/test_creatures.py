"""Bestiaries: creatures written in plain numbers (spec/combat-2 "Creatures: the bestiary
combat reads"). Each refusal plants one defect in a small valid bestiary."""

from __future__ import annotations

import copy
from typing import Any

from tests.ruleset.minimal import minimal_package, problems_of

THREAT: dict[str, Any] = {
    "tiers": [
        {"id": "stray", "label": "Stray trouble", "health": [3, 8], "defense": 5, "toHit": 0, "damagePerRound": [2, 5], "saveDifficulty": 0},
        {"id": "pack", "label": "Pack trouble", "health": [8, 16], "defense": 6, "toHit": 1, "damagePerRound": [4, 7], "saveDifficulty": 0},
    ]
}

#: The spec's Rust Jackal, word for word (the minimal sheet has no Heart, so it is left out).
JACKAL: dict[str, Any] = {
    "health": {"dice": "3d6"},
    "defense": 6,
    "initiativeModifier": 1,
    "speed": 16,
    "abilities": {"brawn": 1, "wits": 0},
    "tier": "pack",
    "actions": [
        {"id": "bite", "name": "Bite", "budget": "act", "toHit": 2, "damage": {"dice": "1d6", "flat": 1, "type": "cut"}, "reach": 2},
        {
            "id": "worry",
            "name": "Worry",
            "budget": "act",
            "toHit": 2,
            "damage": {"dice": "1d4", "type": "cut"},
            "applies": [{"condition": "shaken", "duration": {"rounds": 2}}],
        },
        {
            "id": "snap_and_worry",
            "name": "Snap and worry",
            "budget": "act",
            "sequence": [{"action": "bite", "times": 1}, {"action": "worry", "times": 1}],
        },
    ],
}

CREATURE = ["catalogs", 0, "entries", 0, "creature"]
AT = "catalogs[0].entries[0].creature"


def bestiary_package(creature: dict[str, Any] | None = None) -> dict[str, Any]:
    """The minimal package with a threat scale and a bestiary of one creature."""
    p = minimal_package()
    p["combat"]["threat"] = copy.deepcopy(THREAT)
    p["catalogs"] = [
        {
            "id": "road_trouble",
            "label": "Road trouble",
            "holds": "creatures",
            "filters": [{"id": "tier", "label": "How bad", "type": "text"}],
            "entries": [
                {
                    "id": "rust-jackal",
                    "label": "Rust Jackal",
                    "summary": "A lean thing that lives on the metal roads.",
                    "filters": {"tier": "Pack trouble"},
                    "creature": copy.deepcopy(creature if creature is not None else JACKAL),
                }
            ],
        }
    ]
    return p


def creature_of(pkg: dict[str, Any]) -> dict[str, Any]:
    return pkg["catalogs"][0]["entries"][0]["creature"]


def action(pkg: dict[str, Any], action_id: str) -> dict[str, Any]:
    return next(a for a in creature_of(pkg)["actions"] if a["id"] == action_id)


def with_api(pkg: dict[str, Any], minor: int) -> dict[str, Any]:
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": minor}
    return pkg


def test_the_spec_rust_jackal_validates() -> None:
    assert problems_of(bestiary_package()) == []


# ---------------------------------------------------------------------------
# The bestiary and the threat scale
# ---------------------------------------------------------------------------


def test_a_bestiary_needs_a_threat_scale() -> None:
    pkg = bestiary_package()
    del pkg["combat"]["threat"]
    assert problems_of(pkg) == [
        'catalogs[0].holds: a bestiary needs "combat.threat": each creature is filed under one of its tiers'
    ]


def test_a_creature_names_a_tier_of_the_scale() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["tier"] = "boss"
    assert problems_of(pkg) == [f'{AT}.tier: unknown tier "boss" (combat.threat has "pack", "stray")']


def test_a_creature_needs_a_tier() -> None:
    pkg = bestiary_package()
    del creature_of(pkg)["tier"]
    assert problems_of(pkg) == [f"{AT}.tier: required"]


# ---------------------------------------------------------------------------
# Plain numbers
# ---------------------------------------------------------------------------


def test_a_plain_creature_gives_health_defense_and_initiative() -> None:
    pkg = bestiary_package()
    del creature_of(pkg)["health"]
    del creature_of(pkg)["defense"]
    assert problems_of(pkg) == [f'{AT}: a creature without a "sheet" needs "health", "defense"']


def test_a_plain_creature_needs_an_action() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["actions"] = []
    assert problems_of(pkg) == [f'{AT}: a creature without a "sheet" needs at least one action in "actions"']


def test_health_is_a_number_or_dice() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["health"] = {"dice": "4d8", "flat": 4}
    assert problems_of(pkg) == []
    creature_of(pkg)["health"] = "12"
    assert problems_of(pkg) == [f"{AT}.health: must be a whole number, not text"]


def test_health_dice_are_dice() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["health"] = {"dice": "12"}
    assert problems_of(pkg) == [
        f'{AT}.health.dice: "12" is not a valid id or value here (pattern ^[1-9]\\d{{0,2}}d(?:[2-9]|[1-9]\\d{{1,3}})(?:[+-]\\d{{1,4}})?$)'
    ]


def test_abilities_are_the_sheet_abilities() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["abilities"]["heart"] = -1
    assert problems_of(pkg) == [f'{AT}.abilities.heart: unknown ability "heart"']


def test_saves_are_the_sheet_saves() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["saves"] = {"steel": 1}
    assert problems_of(pkg) == [f'{AT}.saves.steel: unknown save "steel"']


def test_checks_are_the_combat_checks() -> None:
    pkg = bestiary_package()
    pkg["combat"]["checks"] = [{"id": "brawn", "label": "Brawn", "value": {"abilityMod": "brawn"}}]
    creature_of(pkg)["checks"] = {"brawn": 2, "agility": 1}
    assert problems_of(pkg) == [f'{AT}.checks.agility: unknown check "agility"']


def test_unknown_keys_are_refused() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["armour"] = 3
    assert problems_of(pkg) == [f"{AT}.armour: unknown key"]


def test_traits_are_at_most_eight() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["traits"] = [{"name": f"Trait {i}", "text": "Shown to the Game Master."} for i in range(9)]
    assert problems_of(pkg) == [f"{AT}.traits: has more than 8 item(s)"]


# ---------------------------------------------------------------------------
# Damage types, resistances and immunities
# ---------------------------------------------------------------------------


def typed_package() -> dict[str, Any]:
    pkg = bestiary_package()
    pkg["combat"]["damageTypes"] = ["cut", "burn", "crush"]
    pkg["items"] = {"categories": [{"id": "arm", "label": "Arm"}], "tags": [{"id": "silver", "label": "Silver"}]}
    return pkg


def test_damage_types_are_declared_ones_compared_without_case() -> None:
    pkg = typed_package()
    action(pkg, "bite")["damage"]["type"] = "Cut"
    creature_of(pkg)["resist"] = ["CRUSH", {"type": "cut", "except": ["silver"]}]
    creature_of(pkg)["vulnerable"] = ["burn"]
    # `except` plays (1.55: a silver weapon gets through); the types around it check as before.
    assert problems_of(pkg) == []


def test_an_unknown_damage_type_is_refused() -> None:
    pkg = typed_package()
    action(pkg, "worry")["damage"]["type"] = "rust"
    assert problems_of(pkg) == [
        f'{AT}.actions[1].damage.type: unknown damage type "rust": it is not one of "combat.damageTypes"'
    ]


def test_a_resistance_names_a_declared_type() -> None:
    pkg = typed_package()
    creature_of(pkg)["immune"] = ["poison"]
    assert problems_of(pkg) == [f'{AT}.immune[0]: unknown damage type "poison": it is not one of "combat.damageTypes"']


def test_except_names_item_tags() -> None:
    pkg = typed_package()
    creature_of(pkg)["resist"] = [{"type": "cut", "except": ["iron"]}]
    assert problems_of(pkg) == [f'{AT}.resist[0].except[0]: unknown item tag "iron"']


def test_vulnerability_has_no_exceptions() -> None:
    pkg = typed_package()
    creature_of(pkg)["vulnerable"] = [{"type": "burn", "except": ["silver"]}]
    assert problems_of(pkg) == [f"{AT}.vulnerable[0]: must be text, not an object"]


def test_damage_qualities_are_item_tags() -> None:
    pkg = typed_package()
    action(pkg, "bite")["damage"]["qualities"] = ["magical"]
    assert problems_of(pkg) == [f'{AT}.actions[0].damage.qualities[0]: unknown item tag "magical"']


def test_condition_immunities_name_sheet_conditions() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["conditionImmunities"] = ["shaken", "charmed"]
    assert problems_of(pkg) == [
        f'{AT}.conditionImmunities[1]: unknown condition "charmed": declare it in "sheet.live.conditions"'
    ]


def test_condition_immunities_may_name_a_track_levels_read() -> None:
    pkg = bestiary_package()
    pkg["combat"]["levels"] = [{"track": "heat", "at": 3, "modifiers": [{"to": "attacks", "flat": -1}]}]
    creature_of(pkg)["conditionImmunities"] = ["heat"]
    assert problems_of(pkg) == []
    pkg = with_api(pkg, 114)
    assert problems_of(pkg) == [
        f'{AT}.conditionImmunities[0]: a track in "conditionImmunities" needs capabilityApi 1.115 or later '
        "(this package declares 1.114)"
    ]


def test_condition_immunities_track_must_be_read_by_a_level() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["conditionImmunities"] = ["heat"]
    assert problems_of(pkg) == [
        f'{AT}.conditionImmunities[0]: track "heat" is read by no level of "combat.levels", so nothing can be immune to it'
    ]


def test_opponent_tracks_are_live_tracks_within_range() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["tracks"] = {"heat": 2}
    assert problems_of(pkg) == []
    creature_of(pkg)["tracks"] = {"heat": 9, "grit": 1}
    assert problems_of(pkg) == [
        f"{AT}.tracks.heat: must be from 0 to 5, not 9",
        f'{AT}.tracks.grit: "grit" is a pool, not a track',
    ]


# ---------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------


def test_an_action_spends_a_declared_budget() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["budget"] = "bonus"
    assert problems_of(pkg) == [
        f'{AT}.actions[0].budget: unknown budget "bonus": declare it in "combat.economy.budgets"'
    ]


def test_action_ids_are_unique() -> None:
    pkg = bestiary_package()
    action(pkg, "worry")["id"] = "bite"
    lines = problems_of(pkg)
    assert lines == [
        f'{AT}.actions[1].id: action id "bite" is used twice',
        f'{AT}.actions[2].sequence[1].action: unknown action "worry" (a sequence names actions of the same block)',
    ]


def test_at_most_twelve_actions() -> None:
    pkg = bestiary_package()
    bite = action(pkg, "bite")
    creature_of(pkg)["actions"] += [dict(bite, id=f"bite_{i}") for i in range(10)]
    assert problems_of(pkg) == [f"{AT}.actions: has more than 12 item(s)"]


def test_an_applied_condition_is_a_sheet_condition() -> None:
    pkg = bestiary_package()
    action(pkg, "worry")["applies"][0]["condition"] = "bleeding"
    assert problems_of(pkg) == [
        f'{AT}.actions[1].applies[0].condition: unknown condition "bleeding": declare it in "sheet.live.conditions"'
    ]


def test_a_stat_block_applies_nothing_only_when() -> None:
    pkg = with_api(bestiary_package(), 170)
    action(pkg, "worry")["applies"][0]["when"] = {"value": {"field": "toughness"}, "atLeast": 1}
    assert problems_of(pkg) == [
        f'{AT}.actions[1].applies[0].when: a stat block writes plain numbers, so "when" is rejected here'
    ]


def test_a_sequence_names_actions_of_the_same_block() -> None:
    pkg = bestiary_package()
    action(pkg, "snap_and_worry")["sequence"][0]["action"] = "maul"
    assert problems_of(pkg) == [
        f'{AT}.actions[2].sequence[0].action: unknown action "maul" (a sequence names actions of the same block)'
    ]


def test_a_sequence_cannot_name_another_sequence() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["actions"].append(
        {"id": "frenzy", "name": "Frenzy", "budget": "act", "sequence": [{"action": "snap_and_worry", "times": 2}]}
    )
    assert problems_of(pkg) == [
        f'{AT}.actions[3].sequence[0].action: "snap_and_worry" is itself a sequence, and a sequence cannot name another'
    ]


def test_a_sequence_carries_no_content() -> None:
    pkg = bestiary_package()
    action(pkg, "snap_and_worry")["damage"] = {"dice": "1d4"}
    assert problems_of(pkg) == [f'{AT}.actions[2]: a "sequence" carries no content of its own, so "damage" is rejected']


def test_a_sequence_has_at_most_six_steps() -> None:
    pkg = bestiary_package()
    action(pkg, "snap_and_worry")["sequence"] = [{"action": "bite"}] * 7
    assert problems_of(pkg) == [f"{AT}.actions[2].sequence: has more than 6 item(s)"]


def test_damage_lands_somehow() -> None:
    pkg = bestiary_package()
    del action(pkg, "bite")["toHit"]
    assert problems_of(pkg) == [f'{AT}.actions[0]: an action with "damage" lands by "toHit", "autoHit" or "save"']


def test_auto_hit_skips_the_roll() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["autoHit"] = True
    assert problems_of(pkg) == [f'{AT}.actions[0].autoHit: "autoHit" skips the attack roll, so "toHit" is rejected with it']


def test_damage_needs_dice_or_flat() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["damage"] = {"type": "cut"}
    assert problems_of(pkg) == [f'{AT}.actions[0].damage: "damage" needs "dice", "flat" or both']


def test_at_most_three_damage_clauses() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["damage"]["plus"] = [{"dice": "1d4", "type": "fire"}] * 4
    assert problems_of(pkg) == [f"{AT}.actions[0].damage.plus: has more than 3 item(s)"]


def test_a_forced_save_carries_its_difficulty() -> None:
    pkg = bestiary_package()
    pkg["sheet"]["saves"] = [{"id": "grit_save", "label": "Grit save", "ability": "brawn"}]
    action(pkg, "bite")["save"] = {"save": "grit_save", "onSuccess": "half"}
    assert problems_of(pkg) == [f"{AT}.actions[0].save.difficulty: required"]


def test_a_save_names_a_sheet_save() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["save"] = {"save": "dex_save", "difficulty": 12, "onSuccess": "half"}
    assert problems_of(pkg) == [f'{AT}.actions[0].save.save: unknown save "dex_save"']


def test_a_save_ends_condition_needs_a_difficulty() -> None:
    pkg = bestiary_package()
    pkg["sheet"]["saves"] = [{"id": "grit_save", "label": "Grit save", "ability": "brawn"}]
    action(pkg, "worry")["applies"][0] = {
        "condition": "shaken",
        "duration": "until-save",
        "saveEnds": {"save": "grit_save", "at": "turn-end"},
    }
    assert problems_of(pkg) == [
        f'{AT}.actions[1]: a condition that ends on a save needs a difficulty: give "saveDifficulty" '
        '(the action forces no "save" of its own)'
    ]
    action(pkg, "worry")["saveDifficulty"] = 12
    assert problems_of(pkg) == []


def test_a_clause_save_falls_back_to_the_action() -> None:
    pkg = bestiary_package()
    pkg["sheet"]["saves"] = [{"id": "grit_save", "label": "Grit save", "ability": "brawn"}]
    action(pkg, "bite")["damage"]["plus"] = [{"dice": "1d4", "type": "rust", "save": {"save": "grit_save", "onSuccess": "half"}}]
    assert problems_of(pkg) == [
        f'{AT}.actions[0]: damage.plus[0].save has no "difficulty", and the action has no "save" or '
        '"saveDifficulty" to fall back to'
    ]


def test_recharge_can_come_back() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["recharge"] = {"dice": {"count": 1, "sides": 6}, "from": 7}
    assert problems_of(pkg) == [
        f'{AT}.actions[0].recharge.from: "from" (7) is above the most 1d6 can roll, so it would never come back'
    ]


def test_uses_are_per_encounter_or_day() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["uses"] = {"per": "week", "count": 1}
    assert problems_of(pkg) == [f"{AT}.actions[0].uses.per: must be one of 'encounter' or 'day', not \"week\""]


def test_long_range_reaches_further() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["range"] = {"normal": 30, "long": 10}
    assert problems_of(pkg) == [f'{AT}.actions[0].range.long: "long" (10) is shorter than "normal" (30)']


def test_an_area_is_a_burst_cone_or_line() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["area"] = {"shape": "box", "size": 10}
    assert problems_of(pkg) == [f"{AT}.actions[0].area.shape: must be one of 'burst', 'cone' or 'line', not \"box\""]
