"""Marinara's first-party 5e (SRD 5.1) package as the tests fight it: the folder
tests/data/upstream/5e-srd read as it ships (`read_package`: ruleset.json with the catalogs
its `asset` entries name), as data a test may add a creature to, and a level-2 Fighter.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.ruleset.load import read_package
from tests.combat.kit import UPSTREAM, member

SRD = UPSTREAM / "5e-srd"


def srd() -> dict[str, Any]:
    return copy.deepcopy(read_package(SRD).data)


def fighter(name: str = "Brom", *, hp: int | None = None, features: tuple[str, ...] = (), **fields: Any) -> dict[str, Any]:
    """A level-2 Fighter: Str 16 (+3), Dex 12 (+1), Con 14, AC 16, 20 hit points, a Longsword
    (1d8 slashing, proficient: +2 + 3 = +5 to hit); `features` are fighter entries of the
    features catalog picked as the picker writes them (the feature row and, for an entry
    with one, its Class resources counter, both naming the entry)."""
    feats: list[dict[str, Any]] = []
    counters: list[dict[str, Any]] = []
    labels = {"second-wind": "Second Wind", "action-surge": "Action Surge"}
    for feature in features:
        ref = f"features/fighter-{feature}"
        feats.append({"name": labels[feature], "_catalog": ref})
        counters.append({"name": labels[feature], "max": 1, "recharge": "short", "_catalog": ref})
    sheet: dict[str, Any] = {
        "abilities": {"str": 16, "dex": 12, "con": 14, "int": 8, "wis": 10, "cha": 10},
        "fields": {"level": 2, "class": "Fighter", "hp_max": 20, "ac": 16, **fields},
        "lists": {"attacks": [{"name": "Longsword", "ability": "str", "proficient": True, "damage": "1d8",
                               "damage_type": "slashing", "reach": 5}],
                  "features": feats, "counters": counters},
    }
    if hp is not None:
        sheet["live"] = {"pools": {"hp": hp}}
    return member(name, sheet)
