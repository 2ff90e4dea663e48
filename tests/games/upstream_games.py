"""Upstream rulesets and characters for the game tests, with their numbers worked out by
hand from the entries: the 5e example (Brom, a level 3 fighter at 28 hit points with 3 hit
dice; Mira, a level 5 wizard with 4 1st-level and 2 3rd-level slots) and Gravewatch
(Ada, a watcher of the night watch)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from shared.ruleset.load import load_package
from tests.conftest import UPSTREAM

FIVE_E = "ruleset-5e-2014.example.json"
GRAVEWATCH = "gravewatch.json"


def package(name: str) -> dict[str, Any]:
    return json.loads((UPSTREAM / name).read_text())


@lru_cache(maxsize=None)
def ruleset(name: str):
    return load_package(package(name))


def brom(**fields: Any) -> dict[str, Any]:
    return {"name": "Brom", "sheet": {
        "abilities": {"str": 16, "dex": 12, "con": 14, "int": 8, "wis": 10, "cha": 10},
        "saves": {"str_save": "proficient", "con_save": "proficient"},
        "fields": {"level": 3, "ac": 16, "speed": 30, "hp_max": 28, **fields}}}


def mira() -> dict[str, Any]:
    return {"name": "Mira", "sheet": {
        "abilities": {"str": 8, "dex": 14, "con": 12, "int": 16, "wis": 12, "cha": 10},
        "fields": {"level": 5, "hp_max": 32, "spellcasting_ability": "int", "slots_max_1": 4, "slots_max_3": 2}}}


def ada() -> dict[str, Any]:
    return {"name": "Ada", "sheet": {"fields": {"watch": "night"}}}
