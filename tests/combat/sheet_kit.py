"""Lantern Marsh whose charms count only once chosen, for opponents the GM writes as
sheets: the Charms list gains a `prepared` column that `combat.abilities` reads as
`onlyWhen`, and the charms catalog is sorted by Path (a `tags` filter with `startFrom`
on the `path` field), so a creature keeps only the charms of its own path.

Charms by path: lamplighter - Lantern Flare (1 oil, 1d8 fire), Bog Hex (1 oil), Reed Ward
(1 oil), Will Snuff (at will, 1d4 fire); ferrier - Reed Ward, Marsh Mend (at will);
reed_cutter - Marsh Mend, Cinder Burst (1 oil, 4d8 fire, +2d8 for each bigger payment
from the `lamps` group: Lamp oil, then Great lamp)."""

from __future__ import annotations

from typing import Any

from tests.combat.kit import marsh

PATHS = {"lantern-flare": ["lamplighter"], "bog-hex": ["Lamplighter"], "reed-ward": ["lamplighter", "ferrier"],
         "marsh-mend": ["ferrier", "reed_cutter"], "will-snuff": ["lamplighter"], "cinder-burst": ["reed_cutter"]}


def chosen_marsh() -> dict[str, Any]:
    pkg = marsh()
    charms = next(lst for lst in pkg["sheet"]["lists"] if lst["id"] == "charms")
    charms["columns"].append({"id": "prepared", "label": "Prepared", "type": "boolean", "default": False})
    pkg["combat"]["abilities"][0]["onlyWhen"] = "prepared"
    pools = pkg["sheet"]["live"]["pools"]
    oil = next(p for p in pools if p["id"] == "oil")
    oil["group"] = "lamps"
    pools.append({"id": "great_lamp", "label": "Great lamp", "max": {"field": "rank"}, "group": "lamps"})
    catalog = next(c for c in pkg["catalogs"] if c["id"] == "charms")
    catalog["filters"] = [{"id": "paths", "label": "Path", "type": "tags", "startFrom": {"field": "path"}}]
    catalog["entries"] += [
        {"id": "will-snuff", "label": "Will Snuff", "rows": [{"list": "charms", "values": {"name": "Will Snuff"}}],
         "mechanics": {"kind": "attack", "range": 6, "targets": "enemy", "attackRoll": True,
                       "amount": {"dice": "1d4"}, "damageType": "fire"}},
        {"id": "cinder-burst", "label": "Cinder Burst", "rows": [{"list": "charms", "values": {"name": "Cinder Burst"}}],
         "mechanics": {"kind": "attack", "range": 6, "targets": "enemy", "attackRoll": True,
                       "amount": {"dice": "4d8"}, "damageType": "fire", "cost": [{"pool": "oil", "amount": 1}],
                       "perCostStep": {"dice": "2d8"}}},
    ]
    for entry in catalog["entries"]:
        entry["filters"] = {"paths": PATHS[entry["id"]]}
    for cat in pkg["catalogs"]:
        if cat["id"] == "marsh_things":
            cat["entries"] = [e for e in cat["entries"] if e["id"] != "reed-witch"]
    return pkg
