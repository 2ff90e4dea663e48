"""A package rich enough for every key of the mechanics pages, and helpers that put one
catalog entry, creature or item into it (the tests of those keys build on it).

`rich_package()` is the minimal package with what these keys name (saves, budgets,
conditions, an ordinary track, damage and creature types, item tags, a `spells` catalog),
declaring Capability API 1.290.
"""

from __future__ import annotations

from typing import Any

from tests.ruleset.minimal import minimal_package

MECH = "catalogs[1].entries[0].mechanics"


def rich_package() -> dict[str, Any]:
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    sheet = pkg["sheet"]
    sheet["saves"] = [
        {"id": "con_save", "label": "Constitution save", "ability": "brawn"},
        {"id": "dex_save", "label": "Dexterity save", "ability": "wits"},
    ]
    sheet["live"]["tracks"].append({"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6, "default": 0})
    sheet["live"]["conditions"] += [
        {"id": c, "label": c.replace("_", " ").title()}
        for c in (
            "charmed", "incapacitated", "frightened", "prone", "stunned", "raging",
            "frenzied", "quivering", "restrained", "inspired", "acid_burn", "grappled",
        )
    ]
    combat = pkg["combat"]
    combat["economy"]["budgets"] += [
        {"id": "bonus", "label": "Bonus action", "per": "turn", "count": 1},
        {"id": "reaction", "label": "Reaction", "per": "turn", "count": 1},
    ]
    combat["damageTypes"] = ["radiant", "necrotic", "cold", "fire", "psychic", "acid", "force"]
    combat["creatureTypes"] = {
        "types": [
            {"id": "humanoid", "label": "Humanoid"},
            {"id": "undead", "label": "Undead"},
            {"id": "fiend", "label": "Fiend"},
        ],
        "default": "humanoid",
    }
    combat["distance"] = {"label": "ft", "perCell": 5}
    combat["conditions"] += [{"condition": c} for c in ("charmed", "incapacitated", "frightened", "prone", "stunned")]
    combat["threat"] = {
        "tiers": [
            {"id": "minor", "label": "Minor", "health": [5, 30], "defense": 12, "toHit": 4,
             "damagePerRound": [2, 12], "saveDifficulty": 12},
        ]
    }
    pkg["items"] = {
        "categories": [{"id": "weapon", "label": "Weapon"}],
        "tags": [{"id": t, "label": t.title()} for t in ("magical", "simple", "melee", "heavy", "two_handed")],
    }
    pkg["catalogs"] = [
        {"id": "spells", "label": "Spells", "entries": [{"id": "bless", "label": "Bless", "mechanics": {"kind": "buff"}}]}
    ]
    return pkg


def with_entry(mechanics: dict[str, Any], pkg: dict[str, Any] | None = None) -> dict[str, Any]:
    """`pkg` (the rich package by default) with one more catalog holding this entry."""
    pkg = pkg if pkg is not None else rich_package()
    pkg["catalogs"].append({"id": "feats", "label": "Feats", "entries": [{"id": "x", "label": "X", "mechanics": mechanics}]})
    return pkg


NOT_YET = "is not supported by marinara-battle yet"
CREATURE = "catalogs[1].entries[0].creature"
ITEM = "catalogs[1].entries[0].item"

BITE = {"id": "bite", "name": "Bite", "budget": "act", "toHit": 4, "damage": {"dice": "1d6", "flat": 2, "type": "necrotic"}}


def with_creature(actions: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    pkg = rich_package()
    creature = {"health": 20, "defense": 12, "initiativeModifier": 1, "tier": "minor", "actions": actions, **extra}
    pkg["catalogs"].append(
        {"id": "bestiary", "label": "Bestiary", "holds": "creatures", "entries": [{"id": "wight", "label": "Wight", "creature": creature}]}
    )
    return pkg


def with_item(item: dict[str, Any]) -> dict[str, Any]:
    pkg = rich_package()
    pkg["catalogs"].append({"id": "gear", "label": "Gear", "holds": "items", "entries": [{"id": "ring", "label": "Ring", "item": item}]})
    return pkg
