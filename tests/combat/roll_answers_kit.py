"""A package for the tests of answers to rolls and hits (spec/mechanics-2.md 1.241, 1.249,
1.250), our own text on tests/combat/windows_kit.py's Lantern Marsh: Cutting Words (dice
taken off someone else's hit, a die sized by Rank), a smite added to the owner's own blow,
Inspired (a rescue held back on a condition), rescue entries (Steady Nerve and friends), an
Evasion condition and Sharp Words (Cutting Words with `also`: checks and damage rolls).
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
    add_rescues(pkg)
    add_sharp_words(pkg)
    return pkg


def add_sharp_words(pkg: dict[str, Any]) -> None:
    """Sharp Words: the spec's Cutting Words with `also` (1.257), a d6 taken off someone
    else's hit, and, spent on its own, off their checks and damage rolls; it needs hearing
    and never reaches one immune to Charmed. The sharp witch holds it on the foes' side."""
    add_condition(pkg, "deafened", "Deafened", lacks=["hearing"])
    add_condition(pkg, "charmed", "Charmed", effects=["cannot-target-source"])
    add_charm(pkg, "sharp-words", "Sharp Words", {
        "kind": "debuff", "targets": "enemy", "budget": "reaction", "needs": ["hearing"],
        "targetTypes": {"notImmuneTo": ["charmed"]}, "lowersRoll": {"dice": "1d6", "also": ["checks", "damage"]},
        "reaction": {"on": "hit", "for": "ally", "within": 60}})
    add_creature(pkg, "sharp-witch", "Sharp witch", {"tier": "pack", "sheet": {
        "abilities": {"might": 0, "nerve": 1, "lore": 2}, "fields": {"stamina": 6, "rank": 1},
        "lists": {"kit": [], "charms": [{"name": "Sharp Words", "_catalog": "charms/sharp-words"}]}}})


def add_rescues(pkg: dict[str, Any]) -> None:
    """Rescues after the roll (1.249, 1.256): Inspired (Bardic Inspiration's d6 held back
    for a save, an attack and a check), Steady Nerve (a save rolled again, a Level 1 slot),
    Sure Swing (a miss turned into a hit, with the Reaction budget), Lucky Grip (a
    contest's d20 counted a 20) and Own Luck (the owner's d10 on a save)."""
    add_condition(pkg, "inspired", "Inspired", modifiers=[
        {"to": "saves", "dice": "1d6", "rescue": True}, {"to": "attacks", "dice": "1d6", "rescue": True},
        {"to": "checks", "dice": "1d6", "rescue": True}])
    add_charm(pkg, "steady-nerve", "Steady Nerve", {
        "kind": "utility", "free": True, "cost": [{"pool": "slot_1", "amount": 1}],
        "rescue": {"roll": "saves", "by": "reroll", "saves": ["nerve_save"]}})
    add_charm(pkg, "sure-swing", "Sure Swing", {
        "kind": "utility", "free": True, "rescue": {"roll": "attacks", "by": "success", "budget": "reaction"}})
    add_charm(pkg, "lucky-grip", "Lucky Grip", {
        "kind": "utility", "free": True, "cost": [{"pool": "slot_1", "amount": 1}],
        "rescue": {"roll": "checks", "by": "twenty"}})
    add_charm(pkg, "own-luck", "Own Luck", {
        "kind": "utility", "free": True, "cost": [{"pool": "slot_2", "amount": 1}],
        "rescue": {"roll": "saves", "by": "die", "dice": "1d10"}})


def add_smite(pkg: dict[str, Any]) -> None:
    """Smite: 2d8 fire joined to Juno's own melee hit, 1d8 more per slot level above the
    first (at most 3), and 1d8 fire more against a hag."""
    add_charm(pkg, "smite", "Smite", {
        "kind": "attack", "targets": "enemy", "free": True, "addsToBlow": True, "amount": {"dice": "2d8"},
        "damageType": "fire", "perCostStep": {"dice": "1d8"}, "perCostStepsMax": 3,
        "plus": [{"dice": "1d8", "type": "fire", "targetIs": {"types": ["hag"]}}],
        "cost": [{"pool": "slot_1", "amount": 1}],
        "reaction": {"on": "hit", "by": "self", "weapon": True, "blow": "melee", "at": "target"}})
