"""A small valid package for refusal tests: each test copies it, plants one defect and
asserts the exact `path: message` the validator reports."""

from __future__ import annotations

import copy
from typing import Any

from shared.ruleset import validate_package

_MINIMAL: dict[str, Any] = {
    "schemaVersion": 1,
    "id": "test-roads",
    "version": 1,
    "name": "Test Roads",
    "coverage": {"checks": True, "sheet": True, "resources": True, "rests": True, "combat": True},
    "resolution": {
        "kind": "dice-sum",
        "dice": {"count": 2, "sides": 6},
        "abilityModifier": {"op": "identity"},
        "proficiencyTiers": [
            {"id": "untrained", "label": "Untrained"},
            {"id": "trained", "label": "Trained", "flat": 1},
        ],
        "difficultyLadder": [{"label": "Easy", "dc": 6}, {"label": "Hard", "dc": 10}],
    },
    "sheet": {
        "version": 1,
        "sections": [{"id": "about", "label": "About"}],
        "abilities": [
            {"id": "brawn", "label": "Brawn", "min": -1, "max": 3, "default": 0},
            {"id": "wits", "label": "Wits", "min": -1, "max": 3, "default": 0},
        ],
        "skills": [{"id": "scrap", "label": "Scrap", "ability": "brawn"}],
        "fields": [
            {"id": "toughness", "label": "Toughness", "type": "number", "min": 0, "max": 6, "default": 2, "section": "about"}
        ],
        "derived": [
            {"id": "grit_max", "label": "Grit maximum", "op": "sum", "of": [{"const": 4}, {"field": "toughness"}, {"abilityMod": "brawn"}], "section": "about"},
            {"id": "guard", "label": "Guard", "op": "sum", "of": [{"const": 6}, {"abilityMod": "wits"}], "section": "about"},
        ],
        "lists": [
            {
                "id": "gear",
                "label": "Gear",
                "section": "about",
                "maxItems": 10,
                "columns": [
                    {"id": "name", "label": "Name", "type": "text", "maxLength": 60, "required": True},
                    {"id": "swing", "label": "Rolls with", "type": "enum", "values": ["brawn", "wits"], "default": "brawn"},
                    {"id": "damage", "label": "Damage dice", "type": "dice"},
                ],
            }
        ],
        "live": {
            "pools": [
                {"id": "grit", "label": "Grit", "max": {"derived": "grit_max"}},
                {"id": "luck", "label": "Luck", "max": {"const": 3}},
            ],
            "tracks": [{"id": "heat", "label": "Heat", "min": 0, "max": 5, "default": 0}],
            "conditions": [{"id": "shaken", "label": "Shaken"}],
        },
    },
    "rests": [{"id": "camp", "label": "Make camp", "restore": [{"pool": "grit", "to": "max"}]}],
    "gm": {"checkGuidance": "Call for a check with a skill on the sheet."},
    "combat": {
        "kind": "attack-vs-defense",
        "health": {"pool": "grit"},
        "defense": {"derived": "guard"},
        "initiative": {"dice": {"count": 2, "sides": 6}, "modifier": {"abilityMod": "wits"}},
        "attackRoll": {"dice": {"count": 2, "sides": 6}},
        "economy": {"budgets": [{"id": "act", "label": "Action", "per": "turn", "count": 1}]},
        "attacks": [
            {
                "list": "gear",
                "budget": "act",
                "name": "name",
                "toHit": {"ability": {"column": "swing"}},
                "damage": {"dice": {"column": "damage"}, "ability": {"column": "swing"}},
            }
        ],
        "standard": ["dodge", "help"],
        "conditions": [{"condition": "shaken", "effects": ["own-attacks-disadvantage", "ends-on-damage"]}],
    },
}


def minimal_package() -> dict[str, Any]:
    """A fresh deep copy of the small valid package."""
    return copy.deepcopy(_MINIMAL)


def problems_of(data: dict[str, Any]) -> list[str]:
    """Every `path: message` line the validator reports for `data`."""
    _pkg, problems = validate_package(data)
    return problems.lines()
