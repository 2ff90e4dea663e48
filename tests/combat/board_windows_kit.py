"""Windows on a board, our own text on tests/combat/windows_kit.py's package: strikes at
someone walking away spend the Reaction budget; a Shove contest (Might against Might,
ties to the attacker) pushes one stride; a drop of two levels of 5 strides is a fall of
1d6 per 5 strides (cut damage, then Prone); the spec's Feather Fall (targetCount 5,
range 60, a level 1 slot, `feather_falling` with `fallsSafely`); the Ogre has Might 4
for contests; the Bog grabber's Grab puts on Held (`speed-zero`) for a round.

Distances are Lantern Marsh's strides, one a cell.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import windows_kit as K
from tests.combat.kit import add_charm, add_condition, add_creature

#: The spec's Feather Fall for up to five fallers (spec/combat-3 "Catching several fallers").
FEATHER_FALL = {"kind": "buff", "targets": "ally", "targetCount": 5, "range": 60, "budget": "reaction",
                "cost": [{"pool": "slot_1", "amount": 1}], "reaction": {"on": "falls"},
                "applies": [{"condition": "feather_falling", "duration": {"rounds": 10}}]}

#: Two levels up on the left, open ground on the right: a push from column 0 to 2 is a fall.
LEDGE = {"rows": ["......", "......", "......"], "heights": ["220000", "220000", "220000"]}
OPEN = {"rows": ["........", "........", "........"]}


def package(*, feather_range: int = 60, capability: int | None = None) -> dict[str, Any]:
    pkg = K.package()
    combat = pkg["combat"]
    combat["opportunity"] = {"budget": "reaction"}
    combat["checks"] = [{"id": "might", "label": "Might", "value": {"abilityMod": "might"}}]
    combat["contests"] = [{"id": "shove", "label": "Shove", "budget": "act", "attacker": {"checks": ["might"]},
                           "defender": {"checks": ["might"]}, "ties": "attacker", "onWin": {"push": 1}}]
    combat["elevation"] = {"levelHeight": 5, "falling": {"per": 5, "dice": {"count": 1, "sides": 6}, "type": "cut",
                                                         "prone": "prone"}}
    add_condition(pkg, "prone", "Prone", effects=["half-move-to-stand"])
    add_condition(pkg, "feather_falling", "Feather falling", fallsSafely=True)
    add_charm(pkg, "feather-fall", "Feather Fall", {**copy.deepcopy(FEATHER_FALL), "range": feather_range})
    add_creature(pkg, "grabber", "Bog grabber", {
        "health": 20, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "grab", "name": "Grab", "budget": "act", "toHit": 3, "reach": 1,
                     "damage": {"dice": "1d4", "type": "cut"},
                     "applies": [{"condition": "held", "duration": {"rounds": 1}}]}]})
    for catalog in pkg["catalogs"]:
        for entry in catalog["entries"]:
            if entry["id"] == "ogre":
                entry["creature"]["checks"] = {"might": 4}
    if capability is not None:
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": capability}
    return pkg


def at(member: dict[str, Any], x: int, y: int) -> dict[str, Any]:
    return {**member, "position": [x, y]}
