"""The kit of the attack-row tests and guard probes: attack rows the sheet changes
(spec/mechanics-2 1.242 `attackRows`, 1.244 held weapons in attack rules), on the 5e example (vendored, tests/combat/item_kit.py's item catalog at
Capability API 1.290) with the spec's own Martial Arts and Ki-Empowered Strikes entries in
its `feats` catalog, on the sheet's `features` list.

Mira is a level 3 monk: Str 10 (+0), Dex 16 (+3), proficiency +2. Her Unarmed Strike row
rolls Str (+0) + proficiency 2 = +2 for "1" + Str 0 bludgeoning, as the 5e `always` row
reads. Martial Arts (the spec's rule): the best of Str and Dex, and one die sized by the
level table (d4 from 1), when its average beats the row's (2.5 against 1).

The Cinder Hound: Armor Class 12. Dice: the hound's health 5d8 (4 each) = 20; initiative
Mira 15 + Dex 3 = 18, the hound 1 + 1 = 2, so Mira acts first.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.item_kit import brom, typed_item_package
from tests.combat.kit import Bout, ruleset

START = [4] * 5 + [15, 1]
LEVELS = [[1, 4], [5, 6], [11, 8], [17, 10]]

#: Armor worn: a count of the worn items of the body slot (the spec's `armor_worn` at most 0).
NO_ARMOR = {"value": {"itemStat": {"from": "worn", "pick": "count", "slot": "body"}}, "atMost": 0}

MARTIAL_ARTS = {"names": ["Unarmed Strike"], "items": {"tags": ["simple"], "notTags": ["heavy"]},
                "abilities": ["str", "dex"], "die": {"from": {"field": "level"}, "table": LEVELS}, "when": NO_ARMOR}
KI_STRIKES = {"names": ["Unarmed Strike"], "qualities": ["magical"]}

STAFF = {"id": "quarterstaff", "label": "Quarterstaff", "summary": "A plain staff.",
         "item": {"category": "weapon", "tags": ["simple"], "slots": {"hand": 1}, "stats": {"ability": "str"},
                  "attack": {"damage": {"dice": "1d6", "type": "bludgeoning"}}}}
MAUL = {"id": "maul", "label": "Maul", "summary": "A heavy maul.",
        "item": {"category": "weapon", "tags": ["simple", "heavy"], "slots": {"hand": 1}, "stats": {"ability": "str"},
                 "attack": {"damage": {"dice": "1d4", "type": "bludgeoning"}}}}
COAT = {"id": "leather-coat", "label": "Leather coat", "summary": "Light armor.",
        "item": {"category": "armor", "slots": {"body": 1}}}
UNARMED = {"name": "Unarmed Strike", "ability": "str", "proficient": True, "bonus": 0, "damage": "1",
           "damage_type": "bludgeoning", "reach": 5}


def package(*rules: dict[str, Any], resist: list[Any] | None = None, on_item: bool = False,
            wraps: int = 0) -> dict[str, Any]:
    """The package with `rules` on feats entries `rule-<n>` (`on_item`: on the worn wraps'
    use instead); `wraps` more wraps whose use has no rule."""
    pkg = typed_item_package(STAFF, MAUL, COAT)
    items = pkg["items"]
    items["categories"].append({"id": "armor", "label": "Armor"})
    items["tags"] += [{"id": "simple", "label": "Simple"}, {"id": "heavy", "label": "Heavy"}]
    items["slots"].append({"id": "body", "label": "Body", "count": 1})
    feats = next(c for c in pkg["catalogs"] if c["id"] == "feats")
    for n, rule in enumerate(rules):
        entry = {"id": f"rule-{n}", "label": f"Rule {n}", "summary": "An attack row rule.",
                 "mechanics": {"kind": "utility", "attackRows": [copy.deepcopy(rule)]}}
        if on_item:
            # The same rule on a worn item's use (ItemUse.attackRows): a monk's wraps, whose
            # use (a little healing) is offered as it is.
            catalog = next(c for c in pkg["catalogs"] if c["id"] == "items")
            catalog["entries"].append({"id": f"wraps-{n}", "label": f"Wraps {n}", "summary": "Hand wraps.",
                                       "item": {"category": "ring", "slots": {"ring": 1},
                                                "use": {"kind": "heal", "targets": "self", "amount": {"flat": 1},
                                                        "attackRows": [copy.deepcopy(rule)]}}})
        else:
            feats["entries"].append(entry)
    for n in range(wraps):
        catalog = next(c for c in pkg["catalogs"] if c["id"] == "items")
        catalog["entries"].append({"id": f"wraps-{n}", "label": f"Wraps {n}", "summary": "Hand wraps.",
                                   "item": {"category": "ring", "slots": {"ring": 1},
                                            "use": {"kind": "heal", "targets": "self", "amount": {"flat": 1}}}})
    if resist is not None:
        hound = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "cinder-hound")
        hound["creature"]["resist"] = resist
    return pkg


def mira(rules: int = 1, items: list[dict[str, Any]] | None = None, on_item: bool = False) -> dict[str, Any]:
    member = brom(items=items)
    member["name"] = "Mira"
    sheet = member["sheet"]
    sheet["abilities"].update({"str": 10, "dex": 16})
    sheet["lists"] = {"attacks": [dict(UNARMED)]}
    if on_item:
        live = sheet.setdefault("live", {})
        live["items"] = [*live.get("items", []), *({"item": f"items/wraps-{n}", "worn": True} for n in range(rules))]
    else:
        sheet["lists"]["features"] = [{"name": f"Rule {n}", "_catalog": f"feats/rule-{n}"} for n in range(rules)]
    return member


def bout(pkg: dict[str, Any], member: dict[str, Any], dice: list[int]) -> Bout:
    return Bout(ruleset(pkg), [member], [{"creature": "cinder-hound", "controller": "player"}], dice=START + dice)
