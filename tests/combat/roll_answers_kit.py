"""A package for the tests of answers to rolls and hits (spec/mechanics-2.md 1.241, 1.249,
1.250), our own text on tests/combat/windows_kit.py's Lantern Marsh: Cutting Words (dice
taken off someone else's hit, a die sized by Rank), a smite added to the owner's own blow,
Inspired (a rescue held back on a condition), Steady Nerve (an entry spent when its owner's
save fails) and an Evasion condition.
"""

from __future__ import annotations

from typing import Any

from tests.combat import windows_kit as K
from tests.combat.kit import add_charm, add_condition, add_creature

RANK_DIE = {"from": {"field": "rank"}, "table": [[1, 6], [5, 8]]}


def package() -> dict[str, Any]:
    pkg = K.package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 300}
    pkg["sheet"]["fields"].append({"id": "kin", "label": "Kin", "type": "text", "maxLength": 20, "section": "about"})
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "humanoid", "label": "Humanoid"}, {"id": "hag", "label": "Hag"}],
                                      "field": "kin", "default": "humanoid"}
    bestiary = next(c for c in pkg["catalogs"] if c.get("holds") == "creatures")
    next(e for e in bestiary["entries"] if e["id"] == "masked-hag")["creature"]["type"] = "hag"
    add_charm(pkg, "cutting-words", "Cutting Words", {
        "kind": "debuff", "targets": "enemy", "budget": "reaction", "lowersRoll": {"die": RANK_DIE},
        "reaction": {"on": "hit", "for": "ally", "within": 60}})
    add_smite(pkg)
    add_creature(pkg, "word-witch", "Word witch", {"tier": "pack", "sheet": {
        "abilities": {"might": 0, "nerve": 1, "lore": 2}, "fields": {"stamina": 6, "rank": 1},
        "lists": {"kit": [], "charms": [{"name": "Cutting Words", "_catalog": "charms/cutting-words"}]}}})
    add_condition(pkg, "nimble", "Nimble", evasion=["nerve_save"])
    return pkg


def add_smite(pkg: dict[str, Any]) -> None:
    """Smite: 2d8 fire joined to Juno's own melee hit, 1d8 more per slot level above the
    first (at most 3), and 1d8 fire more against a hag."""
    add_charm(pkg, "smite", "Smite", {
        "kind": "attack", "targets": "enemy", "free": True, "addsToBlow": True, "amount": {"dice": "2d8"},
        "damageType": "fire", "perCostStep": {"dice": "1d8"}, "perCostStepsMax": 3,
        "plus": [{"dice": "1d8", "type": "fire", "targetIs": {"types": ["hag"]}}],
        "cost": [{"pool": "slot_1", "amount": 1}],
        "reaction": {"on": "hit", "by": "self", "weapon": True, "blow": "melee", "at": "target"}})
