"""Auras and compelled behaviour on the 5e example (tests/combat/test_auras.py and the
capability guard's probes, tests/ruleset/guard_auras.py): tests/combat/item_kit.py's
package (the vendored example with an `items` block and a Longsword in the hand slot) with
the SRD 5.1 entries written as spec/mechanics-3 1.263-1.266 spells them out:

- Aura of Protection (SRD 5.1, paladin 6th level: "Whenever you or a friendly creature
  within 10 feet of you must make a saving throw, the creature gains a bonus to the saving
  throw equal to your Charisma modifier (with a minimum bonus of +1). You must be conscious
  to grant this bonus."): a feature whose mechanics `keepsOn` the `aura_of_protection`
  condition; its aura (10 feet, allies, `self`, from level 6) spreads `protected`, a + 3 to
  every save, the Charisma modifier of the paladin here (Charisma 16). The package format
  gives a condition's modifier a written number, so the + 3 is written for this paladin.
- Fear (SRD 5.1: "drops whatever it is holding and becomes frightened ... must take the
  Dash action and move away from you by the safest available route on each of its turns,
  unless there is nowhere to move"): `frightened_by_fear`, with `behavior` `moves: "away"`
  and `drops {slots: ["hand"], at: "applied"}` (mechanics-3 1.264, 1.266).

Attribution: SRD 5.1 by Wizards of the Coast LLC, CC-BY-4.0 (tests/data/upstream/SOURCES.md).
The 5e-srd sample and Marinara's 5e package hold none of these entries, so they are written
here from the SRD text in the package format.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat.item_kit import item_package
from tests.combat.kit import FIXTURES, add_condition

LONGSWORD = {
    "id": "longsword", "label": "Longsword", "summary": "Martial melee weapon, 1d8 slashing.",
    "item": {"category": "weapon", "rarity": "common", "slots": {"hand": 1}, "stats": {"ability": "str"},
             "attack": {"damage": {"dice": "1d8", "type": "slashing"}}},
}

AURA_OF_PROTECTION = {"auras": [{"distance": 10, "side": "allies", "self": True, "conditions": ["protected"],
                                 "when": {"value": {"field": "level"}, "atLeast": 6}}]}
PROTECTED = {"modifiers": [{"to": "saves", "flat": 3}]}
FEAR = {"effects": ["own-attacks-disadvantage", "cannot-approach-source"],
        "behavior": {"only": ["move", "dash"], "moves": "away", "drops": {"slots": ["hand"], "at": "applied"}}}
#: The Grave Piper casts Fear (SRD 5.1: a 30-foot cone, a Wisdom save, frightened for up to
#: a minute, the save repeated at the end of each turn); the example's DC 12, at one target.
FEAR_ACTION = {"id": "fear", "name": "Fear", "budget": "action", "range": 30,
               "save": {"save": "wis_save", "difficulty": 12, "onSuccess": "negates"},
               "applies": [{"condition": "frightened_by_fear", "duration": "until-save",
                            "saveEnds": {"save": "wis_save", "at": "turn-end"}}]}


def package(*, aura: dict[str, Any] | None = None, fear: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package; `aura` and `fear` replace the two conditions' rules (a probe's change)."""
    pkg = item_package(LONGSWORD)
    pkg["items"]["tags"].append({"id": "shield", "label": "Shield"})
    add_condition(pkg, "aura_of_protection", "Aura of Protection", **copy.deepcopy(aura or AURA_OF_PROTECTION))
    add_condition(pkg, "protected", "Protected", **copy.deepcopy(PROTECTED))
    add_condition(pkg, "frightened_by_fear", "Frightened (Fear)", **copy.deepcopy(fear or FEAR))
    pkg["catalogs"].append({"id": "features", "label": "Class features", "entries": [{
        "id": "aura-of-protection", "label": "Aura of Protection",
        "summary": "You and friendly creatures within 10 feet of you add your Charisma modifier to saving throws.",
        "rows": [{"list": "features", "values": {"name": "Aura of Protection"}}],
        "mechanics": {"kind": "utility", "keepsOn": ["aura_of_protection"]}}]})
    piper = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "grave-piper")
    piper["creature"]["actions"].append(copy.deepcopy(FEAR_ACTION))
    return pkg


def member(name: str) -> dict[str, Any]:
    party = json.loads((FIXTURES / "5e-party.json").read_text())
    return copy.deepcopy(next(m for m in party if m["name"] == name))


def paladin(level: int = 6) -> dict[str, Any]:
    """Aldric: Brom's sheet with Charisma 16 (+ 3), level 6, and Aura of Protection."""
    out = member("Brom")
    out["name"] = "Aldric"
    out["player"] = "p3"
    out["sheet"]["abilities"]["cha"] = 16
    out["sheet"]["fields"]["level"] = level
    out["sheet"]["lists"]["features"] = [{"name": "Aura of Protection", "_catalog": "features/aura-of-protection"}]
    return out


def brom_armed() -> dict[str, Any]:
    """Brom with a Longsword in hand (worn in the hand slot)."""
    out = member("Brom")
    out["sheet"].setdefault("live", {})["items"] = [{"item": "items/longsword", "worn": True}]
    return out
