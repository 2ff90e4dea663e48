"""A game ruleset for the clock, party and reply tests: the example Lantern Marsh package
declared at Capability API 1.163 with the spec's own `clocks` and `party` examples
(the Crew with Heat, Vault capacity, Coin and Upgrades; Crew size from the members)."""

from __future__ import annotations

import copy
import json
from functools import lru_cache
from typing import Any

from shared.ruleset.load import load_package
from tests.conftest import EXAMPLES

CLOCKS = {
    "sizes": [4, 6, 8],
    "max": 8,
    "text": "Create clocks for looming threats and long projects. Tick them when the fiction advances.",
}

PARTY = {
    "label": "Crew",
    "fields": [
        {"id": "heat", "label": "Heat", "type": "number", "min": 0, "max": 9, "default": 0},
        {"id": "vault", "label": "Vault capacity", "type": "number", "min": 0, "max": 16, "default": 8},
        {"id": "upgrades", "label": "Upgrades", "type": "text", "maxLength": 400},
        {"id": "size", "label": "Crew size", "type": "number", "min": 0, "max": 12, "default": 0},
        {"id": "stamina_total", "label": "Stamina together", "type": "number", "min": 0, "max": 20, "default": 0},
    ],
    "pools": [{"id": "coin", "label": "Coin", "max": {"field": "vault"}, "start": "empty"}],
    "lists": [{"id": "contacts", "label": "Contacts", "maxItems": 6,
               "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 60}]}],
    "fromMembers": [{"field": "size", "count": True}, {"field": "stamina_total", "sum": "stamina"}],
    "advancement": {"fields": ["heat", "vault", "upgrades"], "text": "Record heat after a score."},
    "summary": {"fields": ["heat", "size"], "lists": [{"list": "contacts", "nameColumn": "name"}]},
    "text": "Coin belongs to the crew.",
}


def game_package(**changes: Any) -> dict[str, Any]:
    data = json.loads((EXAMPLES / "lantern-marsh.json").read_text())
    data["schemaVersion"] = 2
    data["capabilityApi"] = {"major": 1, "minor": 163}
    data["clocks"] = copy.deepcopy(CLOCKS)
    data["party"] = copy.deepcopy(PARTY)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return data


@lru_cache(maxsize=None)
def game_ruleset():
    return load_package(game_package())


@lru_cache(maxsize=None)
def plain_ruleset():
    """The same package with neither clocks nor a party sheet."""
    return load_package(game_package(clocks=None, party=None))


def member(name: str, stamina: int) -> dict[str, Any]:
    return {"name": name, "sheet": {"fields": {"path": "reed_cutter", "stamina": stamina, "rank": 1}}}
