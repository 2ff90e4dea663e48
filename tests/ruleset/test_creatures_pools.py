"""Creatures in pool fights: a creature's own soak, damage dice of the ruleset's own die,
hardness, and symbol-pool to-hit dice with `upgrades` (spec/combat-2)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from tests.ruleset.minimal import problems_of
from tests.ruleset.test_creatures import AT, THREAT
from tests.ruleset.test_pools import RESOURCE_INITIATIVE, dice_pool_package, symbol_pool_package

#: Gravewatch's hollow warden, in the test package's terms (it soaks knocks best).
HOLLOW: dict[str, Any] = {
    "tier": "pack",
    "health": 6,
    "defense": 2,
    "initiativeModifier": 2,
    "soak": {"all": 1, "byKind": {"knock": 3}},
    "traits": [{"name": "Cold", "text": "Its grip is colder than the grave, and it does not tire."}],
    "actions": [
        {
            "id": "grip",
            "name": "Cold grip",
            "budget": "act",
            "toHit": 6,
            "damage": {"dice": "2d10", "type": "blunt"},
            "applies": [{"condition": "shaken", "duration": {"rounds": 1}}],
        }
    ],
}


def with_bestiary(pkg: dict[str, Any], creature: dict[str, Any]) -> dict[str, Any]:
    pkg["combat"]["threat"] = copy.deepcopy(THREAT)
    pkg["catalogs"] = [
        {
            "id": "night",
            "label": "Things in the night",
            "holds": "creatures",
            "entries": [{"id": "hollow-warden", "label": "Hollow warden", "creature": copy.deepcopy(creature)}],
        }
    ]
    return pkg


def creature_of(pkg: dict[str, Any]) -> dict[str, Any]:
    return pkg["catalogs"][0]["entries"][0]["creature"]


def test_a_pool_creature_validates() -> None:
    assert problems_of(with_bestiary(dice_pool_package(), HOLLOW)) == []


def test_creature_soak_needs_the_block_to_say_how_soak_is_taken() -> None:
    pkg = with_bestiary(dice_pool_package(), HOLLOW)
    del pkg["combat"]["pool"]["soak"]
    assert problems_of(pkg) == [f'{AT}.soak: a creature\'s own soak needs "combat.pool.soak" to say how soak is taken']


def test_creature_soak_by_kind_names_kinds_of_the_health_track() -> None:
    pkg = with_bestiary(dice_pool_package(), dict(HOLLOW, soak={"byKind": {"lethal": 2}}))
    assert problems_of(pkg) == [f'{AT}.soak.byKind.lethal: unknown kind "lethal" of health track "harm" ("knock", "tear")']


def test_creature_soak_is_never_negative() -> None:
    pkg = with_bestiary(dice_pool_package(), dict(HOLLOW, soak={"all": -1}))
    assert problems_of(pkg) == [f"{AT}.soak.all: must be at least 0, not -1"]


def test_creature_soak_needs_capability_api_1_47() -> None:
    pkg = with_bestiary(dice_pool_package(), HOLLOW)
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 46}
    assert problems_of(pkg) == [f'{AT}.soak: "soak" needs capabilityApi 1.47 or later (this package declares 1.46)']


def test_damage_dice_are_the_ruleset_own_die() -> None:
    creature = copy.deepcopy(HOLLOW)
    creature["actions"][0]["damage"] = {"dice": "2d6", "type": "blunt", "plus": [{"dice": "1d10", "type": "cold"}]}
    pkg = with_bestiary(dice_pool_package(), creature)
    assert problems_of(pkg) == [
        f'{AT}.actions[0].damage.dice: "2d6" is not dice of the ruleset\'s own die (d10) in a "dice-pool" fight'
    ]


def test_hardness_with_initiative_that_attacks_move() -> None:
    pkg = with_bestiary(dice_pool_package(), dict(HOLLOW, hardness=2))
    pkg["combat"]["initiative"] = copy.deepcopy(RESOURCE_INITIATIVE)
    assert problems_of(pkg) == []


def test_a_symbol_creature_soaks_when_the_symbols_block_does() -> None:
    creature = dict(HOLLOW, soak={"all": 2})
    creature["actions"] = [{"id": "grip", "name": "Cold grip", "budget": "act", "toHit": 3, "upgrades": 1, "damage": {"flat": 4}}]
    pkg = with_bestiary(symbol_pool_package(), creature)
    assert problems_of(pkg) == []
    del pkg["combat"]["symbols"]["soak"]
    assert problems_of(pkg) == [f'{AT}.soak: a creature\'s own soak needs "combat.symbols.soak" to be declared']


def test_upgrades_need_a_pool_built_larger_upgraded() -> None:
    creature = copy.deepcopy(HOLLOW)
    del creature["soak"]
    creature["actions"][0].update(toHit=3, upgrades=1)
    pkg = with_bestiary(symbol_pool_package(), creature)
    pkg["resolution"]["pool"] = {"build": "sum", "die": "ability", "upgrade": "proficiency"}
    assert problems_of(pkg) == [
        f'{AT}.actions[0].upgrades: "upgrades" needs a resolution pool with an "upgrade" die that is not built with "sum"'
    ]


DOC = Path(__file__).resolve().parents[2] / "docs" / "format-symbol-combat.md"


def test_the_documented_symbol_pool_example_validates() -> None:
    text = DOC.read_text()
    example = json.loads(text.split("```json", 1)[1].split("```", 1)[0])
    pkg = symbol_pool_package()
    pkg.update(example)
    assert problems_of(pkg) == []
    bruiser = pkg["catalogs"][0]["entries"][0]["creature"]
    bruiser["actions"][0]["upgrades"] = 4
    assert problems_of(pkg) == [f'{AT}.actions[0].upgrades: "upgrades" (4) is more than the "toHit" dice (3)']
