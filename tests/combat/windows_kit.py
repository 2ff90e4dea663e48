"""A package for the window tests, our own text modelled on the spec's examples: Lantern
Marsh with d20 attacks, a Reaction budget, slots of three levels (`slots` group) and
answers in the charms catalog (Shield, Magic Missile, Counterspell, Parry, Protection,
Shield Guardian's ward, Rock Catching), plus creatures with answers and signature actions.

Wren (Lore 3, Rank 2: charm attack +5, charm difficulty 12, Guard 8) holds the answers;
Juno (Might 3, Guard 8) swings a Reed axe.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import add_charm, add_condition, add_creature, marsh, member


def package(*, signature_at_turn_start: bool = False) -> dict[str, Any]:
    pkg = marsh(d20=True)
    pkg["combat"]["economy"]["budgets"].append({"id": "reaction", "label": "Reaction", "per": "turn", "count": 1})
    pools = pkg["sheet"]["live"]["pools"]
    for level in (1, 2, 3):
        pools.append({"id": f"slot_{level}", "label": f"Level {level} slot", "max": {"const": 2}, "group": "slots"})
    if signature_at_turn_start:
        pkg["combat"]["signatureAtTurnStart"] = True
    add_condition(pkg, "shielded", "Shielded", modifiers=[{"to": "defense", "flat": 5}],
                  noDamageFrom=["charms/magic-missile"])
    add_condition(pkg, "protected_attack", "Protected", effects=["own-attacks-disadvantage"])
    add_condition(pkg, "parrying", "Parrying", modifiers=[{"to": "defense", "flat": 2}])
    add_condition(pkg, "frightened", "Frightened", effects=["own-attacks-disadvantage"])
    add_condition(pkg, "stunned", "Stunned", effects=["cannot-act", "cannot-react"])
    add_charm(pkg, "magic-missile", "Magic Missile", {
        "kind": "attack", "range": 24, "targets": "enemy", "autoHit": True, "amount": {"dice": "1d4", "flat": 1},
        "damageType": "fire", "cost": [{"pool": "slot_1", "amount": 1}]})
    add_charm(pkg, "shield", "Shield", {
        "kind": "buff", "targets": "self", "budget": "reaction", "cost": [{"pool": "slot_1", "amount": 1}],
        "reaction": {"on": "hit", "also": [{"on": "aimed", "against": {"entries": ["charms/magic-missile"]}}]},
        "applies": [{"condition": "shielded", "duration": {"rounds": 1, "at": "turn-start"}}]})
    add_charm(pkg, "counterspell", "Counterspell", {
        "kind": "utility", "range": 12, "budget": "reaction", "cost": [{"pool": "slot_1", "amount": 1}],
        "reaction": {"on": "used", "cancels": True, "against": {"catalogs": ["charms"]}, "upTo": "paid",
                     "above": {"check": {"abilityMod": "lore"}, "dc": 10}}})
    add_charm(pkg, "parry", "Parry", {
        "kind": "buff", "targets": "self", "budget": "reaction",
        "reaction": {"on": "hit", "blow": "melee", "seesSource": True},
        "applies": [{"condition": "parrying", "duration": "this-action"}]})
    add_charm(pkg, "protection", "Protection", {
        "kind": "debuff", "targets": "enemy", "budget": "reaction",
        "reaction": {"on": "aimed", "for": "ally", "within": 1, "at": "source", "seesSource": True},
        "applies": [{"condition": "protected_attack", "duration": "this-action"}]})
    add_charm(pkg, "guardian-ward", "Guardian Ward", {
        "kind": "buff", "targets": "ally", "range": 1, "budget": "reaction",
        "reaction": {"on": "hit", "for": "ally", "within": 1, "at": "target"},
        "applies": [{"condition": "parrying", "duration": "this-action"}]})
    add_charm(pkg, "rock-catching", "Rock Catching", {
        "kind": "utility", "budget": "reaction",
        "reaction": {"on": "aimed", "cancels": True, "cancelSave": {"save": "nerve_save", "dc": 10},
                     "against": {"actions": ["Rock"]}}})
    add_charm(pkg, "fireball", "Fireball", {
        "kind": "attack", "range": 24, "targets": "enemy", "amount": {"dice": "2d6"}, "damageType": "fire",
        "save": {"save": "nerve_save", "onSuccess": "half"}, "cost": [{"pool": "slot_3", "amount": 1}]})
    add_charm(pkg, "spark", "Spark", {
        "kind": "attack", "range": 24, "targets": "enemy", "attackRoll": True, "amount": {"dice": "1d6"},
        "damageType": "fire", "cost": [{"pool": "slot_1", "amount": 1}]})
    add_charm(pkg, "hot-temper", "Hot Temper", {
        "kind": "attack", "targets": "enemy", "budget": "reaction", "amount": {"dice": "1d4"}, "damageType": "fire",
        "autoHit": True, "reaction": {"on": "harmed", "at": "source"}})
    add_creature(pkg, "ogre", "Ogre", {
        "health": 30, "defense": 9, "initiativeModifier": 0, "abilities": {"might": 4, "nerve": 0, "lore": -2},
        "saves": {"nerve_save": 0}, "tier": "dread",
        "actions": [{"id": "club", "name": "Club", "budget": "act", "toHit": 4, "damage": {"dice": "1d8", "flat": 2,
                                                                                          "type": "cut"}, "reach": 1},
                    {"id": "rock", "name": "Rock", "budget": "act", "toHit": 4, "range": 12,
                     "damage": {"dice": "2d6", "type": "cut"}},
                    {"id": "two_clubs", "name": "Two clubs", "budget": "act",
                     "sequence": [{"action": "club", "times": 2}]}]})
    add_creature(pkg, "masked-hag", "Masked hag", {
        "health": 20, "defense": 8, "initiativeModifier": 0, "abilities": {"might": 0, "nerve": 2, "lore": 2},
        "saves": {"nerve_save": 2}, "tier": "pack",
        "actions": [{"id": "claw", "name": "Claw", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"},
                     "reach": 1},
                    {"id": "unnerving_mask", "name": "Unnerving Mask", "range": 30, "budget": "reaction",
                     "reaction": {"on": "turn-start", "at": "source", "seesSource": True},
                     "save": {"save": "nerve_save", "difficulty": 14, "onSuccess": "negates"},
                     "applies": [{"condition": "frightened", "duration": {"rounds": 1}}]}]})
    add_creature(pkg, "marsh-wyrm", "Marsh wyrm", {
        "health": 40, "defense": 10, "initiativeModifier": 0, "abilities": {"might": 4, "nerve": 1, "lore": 1},
        "tier": "dread", "signaturePoints": 3,
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 5,
                     "damage": {"dice": "1d10", "type": "cut"}, "reach": 1},
                    {"id": "tail", "name": "Tail swipe", "budget": "act", "toHit": 5, "damage": {"dice": "1d6", "type": "cut"},
                     "reach": 2, "signature": {"cost": 1}},
                    {"id": "roar", "name": "Roar", "budget": "act", "save": {"save": "nerve_save", "difficulty": 12,
                                                           "onSuccess": "negates"},
                     "applies": [{"condition": "frightened", "duration": {"rounds": 1}}], "targetCount": 2,
                     "signature": {"cost": 2}}]})
    add_creature(pkg, "hex-witch", "Hex witch", {"tier": "pack", "sheet": {
        "abilities": {"might": 0, "nerve": 1, "lore": 2}, "fields": {"stamina": 6, "rank": 1},
        "lists": {"kit": [], "charms": [{"name": _label(c), "_catalog": f"charms/{c}"}
                                        for c in ("magic-missile", "fireball", "spark", "counterspell", "shield")]}}})
    return pkg


def wren(*charms: str, controller: str = "player", slots: int = 2) -> dict[str, Any]:
    rows = [{"name": _label(c), "_catalog": f"charms/{c}"} for c in charms]
    sheet = {"abilities": {"might": 0, "nerve": 1, "lore": 3}, "fields": {"stamina": 2, "rank": 2},
             "lists": {"kit": [{"name": "Lamp hook", "rolls": "might", "damage": "1d6", "harm": "cut",
                                "reach": 1}],
                       "charms": rows}}
    return member("Wren", sheet, controller)


def juno(*charms: str, controller: str = "player") -> dict[str, Any]:
    rows = [{"name": _label(c), "_catalog": f"charms/{c}"} for c in charms]
    sheet = {"abilities": {"might": 3, "nerve": 1, "lore": 0}, "fields": {"stamina": 3, "rank": 2},
             "lists": {"kit": [{"name": "Reed axe", "rolls": "might", "damage": "1d8", "harm": "cut", "reach": 1}],
                       "charms": rows}}
    return member("Juno", sheet, controller)


def _label(eid: str) -> str:
    return " ".join(part.capitalize() for part in eid.split("-"))


def foe(creature: str, controller: str = "player", **extra: Any) -> dict[str, Any]:
    return {"creature": creature, "controller": controller, **extra}


def copy_package(**kw: Any) -> dict[str, Any]:
    return copy.deepcopy(package(**kw))
