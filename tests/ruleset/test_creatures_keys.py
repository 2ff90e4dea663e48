"""Bestiary keys with their own rules and versions: signature actions, reactions and `self`
(the spec's Parry), healing (the spec's Healing Touch), block riders, other movement,
sizes and creature types, soak and hardness outside pool fights, and keys this engine
refuses (spec/combat-2 "Creatures")."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from shared.ruleset.capabilities import capability_table
from tests.ruleset.minimal import problems_of
from tests.ruleset.test_creatures import AT, action, bestiary_package, creature_of, with_api
from tests.ruleset.entry_kit import rich_package


# ---------------------------------------------------------------------------
# Signature actions, reactions, self, heal
# ---------------------------------------------------------------------------


def test_a_signature_action_needs_points() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["signature"] = {"cost": 1}
    assert problems_of(pkg) == [
        f'{AT}.actions[0].signature: a signature action is paid with the creature\'s own points, '
        'so the creature needs "signaturePoints"'
    ]


def test_a_signature_action_costs_no_more_than_the_points() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["signaturePoints"] = 2
    action(pkg, "bite")["signature"] = {"cost": 3}
    assert problems_of(pkg) == [f'{AT}.actions[0].signature.cost: costs 3, more than the creature\'s 2 "signaturePoints"']


PARRY: dict[str, Any] = {
    "id": "parry",
    "name": "Parry",
    "budget": "reaction",
    "self": True,
    "reaction": {"on": "hit"},
    "applies": [{"condition": "parrying", "duration": {"rounds": 1}, "endsAfter": "attacked"}],
}


def parry_package() -> dict[str, Any]:
    pkg = bestiary_package()
    pkg["combat"]["economy"]["budgets"].append({"id": "reaction", "label": "Reaction", "per": "round", "count": 1})
    pkg["sheet"]["live"]["conditions"].append({"id": "parrying", "label": "Parrying"})
    pkg["combat"]["conditions"].append({"condition": "parrying", "modifiers": [{"to": "defense", "flat": 2}]})
    creature_of(pkg)["actions"].append(copy.deepcopy(PARRY))
    return pkg


def test_the_spec_parry_validates() -> None:
    assert problems_of(parry_package()) == []


def test_parry_needs_capability_api_1_46() -> None:
    pkg = with_api(parry_package(), 45)
    assert sorted(problems_of(pkg)) == [
        f'{AT}.actions[3].reaction.on: "on" value "hit" needs capabilityApi 1.46 or later (this package declares 1.45)',
        f'{AT}.actions[3].reaction: "reaction" needs capabilityApi 1.46 or later (this package declares 1.45)',
        f'{AT}.actions[3].self: "self" needs capabilityApi 1.46 or later (this package declares 1.45)',
    ]


def test_a_reaction_is_not_a_signature_action() -> None:
    pkg = parry_package()
    creature_of(pkg)["signaturePoints"] = 1
    action(pkg, "parry")["signature"] = {"cost": 1}
    assert problems_of(pkg) == [f'{AT}.actions[3]: a reaction cannot also be a "signature" action']


def test_a_self_action_has_no_targets() -> None:
    pkg = parry_package()
    action(pkg, "parry")["targetCount"] = 2
    assert problems_of(pkg) == [
        f'{AT}.actions[3]: a "self" action applies to the creature itself, so "targetCount" is rejected'
    ]


HEALING_TOUCH: dict[str, Any] = {
    "id": "healing_touch",
    "name": "Healing Touch",
    "budget": "act",
    "heal": {"dice": "4d8", "flat": 2},
    "targets": "ally",
    "uses": {"per": "day", "count": 3},
}


def test_the_spec_healing_touch_validates() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["actions"].append(copy.deepcopy(HEALING_TOUCH))
    assert problems_of(pkg) == []


def test_a_heal_has_no_damage() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["actions"].append(dict(HEALING_TOUCH, damage={"dice": "1d4"}, toHit=1))
    assert problems_of(pkg) == [f'{AT}.actions[3]: a "heal" has no "damage"']


def test_heal_needs_capability_api_1_121() -> None:
    pkg = with_api(bestiary_package(), 120)
    creature_of(pkg)["actions"].append(copy.deepcopy(HEALING_TOUCH))
    assert sorted(problems_of(pkg)) == [
        f'{AT}.actions[3].heal: "heal" needs capabilityApi 1.121 or later (this package declares 1.120)',
        f'{AT}.actions[3].targets: "targets" needs capabilityApi 1.121 or later (this package declares 1.120)',
    ]


def test_riders_fire_on_actions_of_the_block() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["riders"] = [
        {"id": "pack", "name": "Pack", "on": "hit", "oncePer": "turn", "amount": {"dice": "1d6"}, "actions": ["bite", "gore"]}
    ]
    assert problems_of(pkg) == [f'{AT}.riders[0].actions[1]: unknown action "gore"']


def test_a_block_rider_reads_no_sheet_list() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["riders"] = [
        {"id": "pack", "name": "Pack", "on": "hit", "oncePer": "round", "amount": {"flat": 2}, "sources": ["gear"]}
    ]
    assert problems_of(pkg) == [f"{AT}.riders[0].sources: unknown key"]


# ---------------------------------------------------------------------------
# Keys with their own blocks and versions
# ---------------------------------------------------------------------------


def test_hover_needs_a_fly_speed() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["speeds"] = {"swim": 8}
    creature_of(pkg)["hover"] = True
    assert problems_of(pkg) == [f'{AT}.hover: "hover" needs a "fly" speed in "speeds"']


def test_size_needs_combat_sizes() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["size"] = "large"
    assert problems_of(pkg) == [f'{AT}.size: "size" needs "combat.sizes"']
    # Played on a board since issue 27 (tests/combat/test_board_sizes.py).
    pkg["combat"]["sizes"] = {"order": [{"id": "medium", "label": "Medium"}, {"id": "large", "label": "Large", "cells": 2}]}
    assert problems_of(pkg) == []


def test_a_creature_type_needs_creature_types() -> None:
    pkg = with_api(bestiary_package(), 168)
    creature_of(pkg)["type"] = "beast"
    assert problems_of(pkg) == [
        f'{AT}.type: creature type "beast" is named, but "combat.creatureTypes" is not declared'
    ]


def test_soak_is_read_only_in_a_pool_fight() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["soak"] = {"all": 1}
    assert problems_of(pkg) == [f'{AT}.soak: "soak" is read only in a "dice-pool" or "symbol-pool" fight']


def test_hardness_needs_initiative_that_attacks_move() -> None:
    pkg = bestiary_package()
    creature_of(pkg)["hardness"] = 2
    assert problems_of(pkg) == [
        f'{AT}.hardness: "hardness" is read only where initiative is a number attacks move ("initiative.resource")'
    ]


def test_upgrades_are_for_symbol_pool_fights() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["upgrades"] = 1
    assert problems_of(pkg) == [f'{AT}.actions[0].upgrades: "upgrades" is read only in a "symbol-pool" fight']


def test_upgrades_are_some_of_the_dice() -> None:
    pkg = bestiary_package()
    action(pkg, "bite")["upgrades"] = 3
    assert problems_of(pkg) == [f'{AT}.actions[0].upgrades: "upgrades" (3) is more than the "toHit" dice (2)']


def test_loot_validates_and_a_loot_table_line_is_refused_by_name() -> None:
    # The table is named for the victors (tests/combat/test_creature_belongings.py); an
    # inventory line cannot name one, since no page gives a loot table's shape.
    pkg = bestiary_package()
    creature_of(pkg)["loot"] = "jackal_pelts"
    assert problems_of(pkg) == []
    creature_of(pkg)["inventory"] = [{"table": "jackal_pelts"}]
    assert [p for p in problems_of(pkg) if "inventory" in p] == [
        f'{AT}.inventory[0].table: "table" (Capability API 1.795) is not supported by marinara-battle yet: '
        'the spec never says what a loot table holds or how it is rolled (its "Loot" section is not among the '
        "pages), so an inventory line naming a table is refused; a creature's own `loot` is named for the victors"
    ]


def test_checks_need_capability_api_1_43() -> None:
    pkg = with_api(bestiary_package(), 42)
    creature_of(pkg)["checks"] = {}
    assert problems_of(pkg) == [f'{AT}.checks: "checks" needs capabilityApi 1.43 or later (this package declares 1.42)']


@pytest.mark.parametrize("key,value,line", [
    ("sizePerCostStep", 2, 'catalogs[1].entries[0].creature.actions[0]: a creature action pays no raised cost, '
                           'so "area.sizePerCostStep" is rejected'),
    ("ring", 10, 'catalogs[1].entries[0].creature.actions[0].area.ring: "ring" goes only with a "wall"'),
])
def test_a_stat_block_area_never_takes_an_entry_area_key(key, value, line):
    # A stat block's area is a burst, cone or line, paid by no raised cost: these keys of an
    # entry's area are rejected there with their own sentence, and so are no capability of it.
    pkg = rich_package()
    pkg["catalogs"].append({"id": "bestiary", "label": "Bestiary", "holds": "creatures", "entries": [
        {"id": "wight", "label": "Wight", "creature": {
            "health": 20, "defense": 12, "initiativeModifier": 1, "tier": "minor",
            "actions": [{"id": "gaze", "name": "Gaze", "budget": "act", "save": {"save": "con_save", "difficulty": 12, "onSuccess": "half"},
                         "area": {"shape": "burst", "size": 2, key: value}}]}}]})
    assert problems_of(pkg) == [line]
    assert not any(row.model == "ActionArea" and row.key == key for row in capability_table())
