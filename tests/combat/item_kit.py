"""The 5e example package (tests/data/upstream/ruleset-5e-2014.example.json, vendored as it
ships) with an item catalog added for the item tests: the example has no `items` block, so
this test package derives one from it. Each item is written from the SRD 5.1 entry of the
same name, in the package format (spec/combat-1 "Every key", mechanics-1 1.181-1.193).

Brom is the example party's fighter (tests/combat/fixtures/5e-party.json: Str 16, Dex 12,
Armor Class 16, 28 hit points, proficiency +2 at level 3).
"""

from __future__ import annotations

import copy
import json
from typing import Any

from shared.ruleset.package import Ruleset
from tests.combat.kit import FIXTURES, UPSTREAM, ruleset

RING_OF_PROTECTION = {
    "id": "ring-of-protection", "label": "Ring of Protection",
    "summary": "You gain a +1 bonus to AC and saving throws while wearing this ring.",
    "item": {"category": "ring", "rarity": "rare", "slots": {"ring": 1},
             "worn": {"modifiers": [{"to": "defense", "flat": 1}, {"to": "saves", "flat": 1}]}},
}


def item_package(*entries: dict[str, Any]) -> dict[str, Any]:
    """The 5e example with an `items` block (rings, potions, weapons; two ring slots, two
    hands) and an `items` catalog holding `entries` (the Ring of Protection when none)."""
    data = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
    data["items"] = {
        "categories": [{"id": "ring", "label": "Ring"}, {"id": "potion", "label": "Potion"},
                       {"id": "weapon", "label": "Weapon"}, {"id": "staff", "label": "Staff"}],
        "rarities": [{"id": "common", "label": "Common"}, {"id": "uncommon", "label": "Uncommon"},
                     {"id": "rare", "label": "Rare"}],
        "tags": [{"id": "finesse", "label": "Finesse"}, {"id": "magical", "label": "Magical"}],
        "slots": [{"id": "ring", "label": "Ring", "count": 2}, {"id": "hand", "label": "Hand", "count": 2}],
        # A weapon's stats named as the attack list's columns (item_weapons.py).
        "stats": [{"id": "ability", "label": "Ability", "type": "enum",
                   "values": ["str", "dex", "con", "int", "wis", "cha"]},
                  {"id": "bonus", "label": "Magic bonus", "type": "number", "min": 0, "max": 3},
                  {"id": "reach", "label": "Reach (ft)", "type": "number", "min": 0, "max": 30}],
    }
    data["catalogs"].append({"id": "items", "label": "Items", "holds": "items",
                             "entries": [copy.deepcopy(e) for e in entries or (RING_OF_PROTECTION,)]})
    return data


def item_ruleset(*entries: dict[str, Any]) -> Ruleset:
    return ruleset(item_package(*entries))


def typed_item_package(*entries: dict[str, Any]) -> dict[str, Any]:
    """`item_package` at schemaVersion 2 with creature types declared (an item attack's
    target tests name them): the Cinder Hound a beast and the Hollow Sentinel a construct,
    as their own `filters.kind` says; anyone else a person. Weapons may carry `range` and
    `long_range` stats too (the attack list's columns: a weapon with range and no reach is
    ranged)."""
    pkg = item_package(*entries)
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    pkg["combat"]["creatureTypes"] = {"types": [{"id": t, "label": t.capitalize()} for t in
                                                ("beast", "construct", "dragon", "undead", "person")],
                                      "default": "person"}
    kinds = {"cinder-hound": "beast", "hollow-sentinel": "construct"}
    for entry in (e for c in pkg["catalogs"] for e in c["entries"] if e["id"] in kinds):
        entry["creature"]["type"] = kinds[entry["id"]]
    pkg["items"]["stats"] += [{"id": "range", "label": "Range (ft)", "type": "number", "min": 0, "max": 600},
                              {"id": "long_range", "label": "Long range (ft)", "type": "number", "min": 0, "max": 600}]
    return pkg


def brom(hp: int | None = None, items: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The example party's Brom, at `hp` hit points, carrying the stacks `items`."""
    member = copy.deepcopy(json.loads((FIXTURES / "5e-party.json").read_text())[0])
    live: dict[str, Any] = {}
    if hp is not None:
        live["pools"] = {"hp": hp}
    if items is not None:
        live["items"] = items
    if live:
        member["sheet"]["live"] = live
    return member


def carry(pkg: dict[str, Any], member: dict[str, Any], entry: dict[str, Any], **line: Any) -> dict[str, Any]:
    """Puts the item catalog entry `entry` in `pkg` (an `items` block of one category, the
    entry's own, when the package has none; a catalog "carried" holding it) and a stack of it
    on `member`'s sheet (`line`: quantity, charges, worn). Returns `pkg`."""
    category = entry["item"]["category"]
    items = pkg.setdefault("items", {"categories": []})
    if all(c["id"] != category for c in items.setdefault("categories", [])):
        items["categories"].append({"id": category, "label": category.title()})
    carried = next((c for c in pkg["catalogs"] if c["id"] == "carried"), None)
    if carried is None:
        carried = {"id": "carried", "label": "Carried", "holds": "items", "entries": []}
        pkg["catalogs"].append(carried)
    carried["entries"].append(copy.deepcopy(entry))
    live = member["sheet"].setdefault("live", {})
    live.setdefault("items", []).append({"item": f"carried/{entry['id']}", **line})
    return pkg
