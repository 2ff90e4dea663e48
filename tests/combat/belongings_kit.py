"""A creature's belongings (spec/combat-2 "Creatures": `inventory` 1.795, `loot` 1.63) on the 5e
example with an item catalog (tests/combat/item_kit.py), and the Goblin of Marinara's 5e
package as it ships (tests/data/upstream/5e-srd/catalogs/creatures.json: Armor Class 15,
2d6 hit points, initiative + 2, Scimitar + 4) copied into the bestiary. Its belongings are
the SRD goblin's gear: a Scimitar (1d6 slashing, finesse, light; SRD 5.1 "Weapons") and, our
own, a 50% chance of 1d2 Potions of Healing (2d4 + 2, the SRD's); its loot table is named
`goblin_purse` (no page of the spec says what a loot table holds).

Brom is the example party's fighter (Armor Class 16, 28 hit points, Longsword + 5 for
1d8 + 3). The capability API is 1.800: `inventory` is 1.795 as the spec writes it.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat.item_kit import item_package
from tests.combat.kit import UPSTREAM

SCIMITAR = {"id": "scimitar", "label": "Scimitar", "summary": "1d6 slashing; finesse, light.",
            "item": {"category": "weapon", "rarity": "common", "slots": {"hand": 1}, "tags": ["finesse"],
                     "stats": {"ability": "dex"}, "attack": {"damage": {"dice": "1d6", "type": "slashing"}}}}
POTION_OF_HEALING = {"id": "potion-of-healing", "label": "Potion of Healing",
                     "summary": "You regain 2d4 + 2 hit points when you drink this potion.",
                     "item": {"category": "potion", "rarity": "common", "stack": 10,
                              "use": {"kind": "heal", "targets": "self", "amount": {"dice": "2d4", "flat": 2},
                                      "budget": "action"}}}
GOBLIN_GEAR = [{"item": "items/scimitar"}, {"item": "items/potion-of-healing", "chance": 50, "count": "1d2"}]
BOARD = {"rows": ["......"] * 3}


def srd_goblin() -> dict[str, Any]:
    creatures = json.loads((UPSTREAM / "5e-srd" / "catalogs" / "creatures.json").read_text())
    return copy.deepcopy(next(e for e in creatures["entries"] if e["id"] == "goblin"))


def belongings_package(*, inventory: list[dict[str, Any]] | None = GOBLIN_GEAR, loot: str | None = "goblin_purse",
                       sergeant: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The package, the Goblin carrying `inventory` and leaving `loot`; `sergeant`: the
    example's Toll Sergeant (a creature written as a sheet) carries these lines."""
    pkg = item_package(SCIMITAR, POTION_OF_HEALING)
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 800}
    goblin = srd_goblin()
    if inventory is not None:
        goblin["creature"]["inventory"] = copy.deepcopy(inventory)
    if loot is not None:
        goblin["creature"]["loot"] = loot
    bestiary = next(c for c in pkg["catalogs"] if c.get("holds") == "creatures")
    bestiary["entries"].append(goblin)
    if sergeant is not None:
        next(e for e in bestiary["entries"] if e["id"] == "toll-sergeant")["creature"]["inventory"] = copy.deepcopy(sergeant)
    return pkg
