"""Small packages the sheet engine is tested on without ../shared: the minimal package
grown, piece by piece, into the shapes the upstream rulesets use (Ember Roads' Grit,
Guard, Burden, Stance and Strain; Gravewatch's Harm with scars, Resolve and Light; 5e's
proficiency bonus, hit points with temporary points, spell slots and hit dice)."""

from __future__ import annotations

import copy
from typing import Any

from shared.ruleset import load_package
from tests.ruleset.minimal import minimal_package

HARM = {
    "id": "harm",
    "label": "Harm",
    "min": 0,
    "max": 4,
    "levels": [
        {"label": "Scuffed", "penalty": 0},
        {"label": "Winded", "penalty": -1},
        {"label": "Bleeding", "penalty": -3},
        {"label": "Down", "penalty": -99},
    ],
    "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}],
    "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"},
}

STRAIN = {
    "id": "strain",
    "label": "Strain",
    "min": 0,
    "max": {"derived": "strain_boxes"},
    "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
    "kinds": [{"id": "strain", "label": "S", "severity": 0}],
    "fill": "indexed",
    "onFull": "refuse",
}


def roads_data() -> dict[str, Any]:
    """The minimal package with Ember Roads' sheet parts and a Gravewatch-style harm track."""
    pkg = minimal_package()
    sheet = pkg["sheet"]
    sheet["abilities"].append({"id": "heart", "label": "Heart", "min": -1, "max": 3, "default": 0})
    sheet["sections"].append({"id": "labour", "label": "Labour", "untrained": {"by": -1}})
    sheet["skills"] += [
        {"id": "tinker", "label": "Tinker", "ability": "wits", "untrained": {"by": -2}},
        {"id": "haul", "label": "Haul", "ability": "brawn", "section": "labour"},
        {"id": "dig", "label": "Dig", "ability": "brawn", "section": "labour", "untrained": "refuse"},
        {"id": "soothe", "label": "Soothe", "ability": "heart", "cap": {"livePool": "luck"}},
    ]
    sheet["saves"] = [{"id": "steel", "label": "Steel", "ability": "heart"}]
    sheet["fields"] += [
        {"id": "watch", "label": "Watch", "type": "enum", "values": ["dusk", "night", "dawn"], "default": "night"},
        {"id": "lantern", "label": "Lantern oil", "type": "number", "min": 0, "max": 6, "default": 3,
         "hideWhen": {"field": "watch", "notEquals": "night"}},
        {"id": "calling", "label": "Calling", "type": "text", "maxLength": 60},
        {"id": "caster", "label": "Casts with", "type": "enum", "values": ["none", "wits", "heart"], "default": "none"},
    ]
    sheet["lists"][0]["columns"] += [
        {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 3, "default": 0},
        {"id": "packed", "label": "Packed", "type": "boolean", "default": True},
    ]
    sheet["lists"] += [
        {"id": "knacks", "label": "Knacks", "maxItems": 20,
         "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 60, "required": True},
                     {"id": "notes", "label": "Notes", "type": "text", "maxLength": 200}]},
        {"id": "tricks", "label": "Limited tricks", "maxItems": 12,
         "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 60, "required": True},
                     {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9, "default": 1},
                     {"id": "recharge", "label": "Comes back", "type": "enum", "values": ["camp", "scene"], "default": "camp"}],
         "pools": {"nameColumn": "name", "maxColumn": "uses", "rechargeColumn": "recharge"}},
        {"id": "scars", "label": "Scars", "maxItems": 4,
         "columns": [{"id": "name", "label": "Scar", "type": "text", "maxLength": 60, "required": True},
                     {"id": "levels", "label": "Levels", "type": "number", "min": 1, "max": 2, "default": 1},
                     {"id": "penalty", "label": "Penalty", "type": "number", "min": -3, "max": 0, "default": -1}]},
    ]
    sheet["derived"] += [
        {"id": "burden", "label": "Burden", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "bulk", "onlyWhen": "packed"}}]},
        {"id": "burdened", "label": "Burden on Brawn", "op": "stepTable", "from": {"derived": "burden"},
         "table": [[0, 0], [3, -1], [6, -2], [9, -3]]},
        {"id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{"const": 2}, {"abilityMod": "heart"}]},
        {"id": "stance_brawn", "label": "Stance on Brawn", "op": "enumTable", "from": {"liveState": "stance"},
         "table": {"guarded": -1, "reckless": 2}},
        {"id": "dawn_luck", "label": "Seen the night through", "op": "enumTable", "from": {"field": "watch"}, "table": {"dawn": 1}},
        {"id": "harm_left", "label": "Harm still to take", "op": "sum", "of": [{"liveTrack": "harm", "read": "remaining"}]},
        {"id": "cast", "label": "Casting", "op": "sum", "of": [{"abilityModFromField": "caster"}]},
    ]
    sheet["live"]["pools"][1]["max"] = {"const": 3}
    sheet["live"]["pools"].append({"id": "resolve", "label": "Resolve", "max": {"derived": "dawn_luck"}, "start": "empty"})
    sheet["live"]["pools"].append({"id": "oil", "label": "Oil", "max": {"field": "lantern"}, "hideWhen": {"field": "watch", "notEquals": "night"}})
    sheet["live"]["tracks"] += [HARM, STRAIN]
    sheet["live"]["conditions"].append({"id": "wounded", "label": "Wounded"})
    sheet["live"]["text"] = [{"id": "note", "label": "Concentrating on", "maxLength": 20}]
    sheet["live"]["states"] = [
        {"id": "stance", "label": "Stance", "values": ["guarded", "steady", "reckless"],
         "valueLabels": {"guarded": "Guarded", "steady": "Steady", "reckless": "Reckless"}, "default": "steady"},
        {"id": "light", "label": "Light", "values": ["lit", "out"], "hideWhen": {"field": "watch", "equals": "dusk"}},
    ]
    pkg["resolution"]["penaltyFrom"] = "harm"
    pkg["resolution"]["adjust"] = [
        {"value": {"derived": "burdened"}, "abilities": ["brawn"]},
        {"value": {"derived": "stance_brawn"}, "abilities": ["brawn"]},
    ]
    pkg["rests"] = [
        {"id": "camp", "label": "Make camp",
         "restore": [{"pool": "grit", "to": "max"}, {"pool": "luck", "by": {"const": 1}}, {"track": "heat", "by": {"const": -1}},
                     {"listPools": "tricks", "recharge": ["camp"], "to": "max"}, {"state": "stance", "to": "default"}],
         "clear": {"conditions": ["shaken"], "text": ["note"]}},
        {"id": "breather", "label": "Catch your breath", "restore": [{"track": "harm", "kind": "knock", "to": "min"}]},
        {"id": "mend", "label": "Mend", "restore": [{"track": "harm", "by": {"const": -2}}, {"track": "harm", "by": {"const": 3}}]},
        {"id": "vigil", "label": "Stand down", "restore": [{"track": "harm", "to": 1}, {"state": "light", "to": "default"}],
         "clear": {"conditions": "all"}},
    ]
    pkg["catalogs"] = [
        {"id": "knacks", "label": "Knacks", "feeds": ["knacks", "tricks"],
         "entries": [{"id": "hold-the-line", "label": "Hold the Line",
                      "rows": [{"list": "knacks", "values": {"name": "Hold the Line"}}]}]},
    ]
    return pkg


def roads():
    return load_package(roads_data())


def items_data() -> dict[str, Any]:
    """Ember Roads' items on the test package: worn armor guards, everything has bulk."""
    pkg = roads_data()
    pkg["items"] = {
        "categories": [{"id": "weapon", "label": "Weapon"}, {"id": "armor", "label": "Armor"}, {"id": "gear", "label": "Gear"}],
        "tags": [{"id": "thrown", "label": "Thrown"}],
        "stats": [
            {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 0},
            {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0},
        ],
        "slots": [{"id": "body", "label": "Body", "count": 1}, {"id": "hands", "label": "Hands", "count": 2}],
    }
    pkg["catalogs"].append(
        {"id": "outfitter", "label": "Outfitter", "holds": "items", "entries": [
            {"id": "hand-axe", "label": "Hand axe",
             "item": {"category": "weapon", "tags": ["thrown"], "stats": {"bulk": 1}, "slots": {"hands": 1}}},
            {"id": "leather-coat", "label": "Leather coat",
             "item": {"category": "armor", "stats": {"bulk": 3, "guard": 1}, "slots": {"body": 1}}},
            {"id": "mail", "label": "Mail", "item": {"category": "armor", "stats": {"bulk": 4, "guard": 2}, "slots": {"body": 1}}},
            {"id": "gauntlets", "label": "Ox-hide gauntlets",
             "item": {"category": "armor", "stats": {"bulk": 1}, "slots": {"hands": 2}, "worn": {"abilities": {"brawn": {"set": 2}}}}},
            {"id": "rations", "label": "Road rations", "item": {"category": "gear", "stats": {"bulk": 1}, "stack": 7}},
        ]}
    )
    sheet = pkg["sheet"]
    sheet["derived"][1]["of"].append({"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}})
    sheet["derived"] += [
        {"id": "bulk_all", "label": "Bulk carried", "op": "sum", "of": [{"itemStat": {"stat": "bulk", "from": "all", "pick": "sum"}}]},
        {"id": "bulk_packed", "label": "Bulk packed", "op": "sum", "of": [{"itemStat": {"stat": "bulk", "from": "carried", "pick": "sum"}}]},
        {"id": "best_guard", "label": "Best guard", "op": "sum",
         "of": [{"itemStat": {"stat": "guard", "from": "all", "pick": "max", "default": -1}}]},
        {"id": "armor_worn", "label": "Armor worn", "op": "sum",
         "of": [{"itemStat": {"from": "worn", "pick": "count", "category": "armor"}}]},
        {"id": "thrown", "label": "Thrown weapons", "op": "sum",
         "of": [{"itemStat": {"from": "all", "pick": "count", "tag": "thrown"}}]},
        {"id": "in_hands", "label": "In hands", "op": "sum",
         "of": [{"itemStat": {"from": "worn", "pick": "count", "slot": "hands"}}]},
    ]
    return pkg


def with_items():
    return load_package(items_data())


def d20_data() -> dict[str, Any]:
    """A 5e-shaped package: floorHalfMinusTen, a proficiency bonus by level, multiplier
    tiers, hit points with temporary points, slots in a group, hit dice, death saves."""
    pkg = minimal_package()
    pkg["resolution"] = {
        "kind": "dice-sum",
        "dice": {"count": 1, "sides": 20},
        "abilityModifier": {"op": "floorHalfMinusTen"},
        "proficiency": {"bonus": {"derived": "proficiency_bonus"}},
        "proficiencyTiers": [
            {"id": "none", "label": "Not proficient", "multiplier": 0},
            {"id": "half", "label": "Half", "multiplier": 0.5, "round": "down"},
            {"id": "proficient", "label": "Proficient", "multiplier": 1},
            {"id": "expertise", "label": "Expertise", "multiplier": 2},
        ],
        "difficultyLadder": [{"label": "Medium", "dc": 15}],
    }
    pkg.pop("combat")
    pkg["sheet"] = {
        "version": 1,
        "abilities": [{"id": a, "label": a.upper(), "min": 1, "max": 30, "default": 10} for a in ("str", "dex", "con", "wis")],
        "saves": [{"id": "dex_save", "label": "Dexterity save", "ability": "dex"}],
        "saveTiers": ["none", "proficient"],
        "skills": [{"id": "athletics", "label": "Athletics", "ability": "str"},
                   {"id": "perception", "label": "Perception", "ability": "wis"}],
        "fields": [
            {"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1},
            {"id": "hp_max", "label": "Hit point maximum", "type": "number", "min": 1, "max": 999, "default": 8},
            {"id": "slots_max_1", "label": "1st", "type": "number", "min": 0, "max": 9, "default": 0},
            {"id": "slots_max_2", "label": "2nd", "type": "number", "min": 0, "max": 9, "default": 0},
        ],
        "derived": [
            {"id": "proficiency_bonus", "label": "Proficiency bonus", "op": "stepTable", "from": {"field": "level"},
             "table": [[1, 2], [5, 3], [9, 4], [13, 5], [17, 6]]},
            {"id": "passive_perception", "label": "Passive Perception", "op": "sum", "of": [{"const": 10}, {"skillMod": "perception"}]},
            {"id": "half_level", "label": "Half level", "op": "scale", "of": {"field": "level"}, "multiplier": 0.5, "round": "nearest"},
            {"id": "con_hp", "label": "Con HP", "op": "multiply", "of": [{"abilityMod": "con"}, {"field": "level"}]},
            {"id": "low", "label": "Low", "op": "min", "of": [{"abilityMod": "str"}, {"abilityMod": "dex"}]},
            {"id": "high", "label": "High", "op": "max", "of": [{"abilityMod": "str"}, {"abilityMod": "dex"}]},
        ],
        "live": {
            "pools": [
                {"id": "hp", "label": "Hit points", "max": {"field": "hp_max"}, "allowTemp": True},
                {"id": "hit_dice", "label": "Hit dice", "max": {"field": "level"}},
                {"id": "slots_1", "label": "1st-level slots", "max": {"field": "slots_max_1"}, "group": "slots"},
                {"id": "slots_2", "label": "2nd-level slots", "max": {"field": "slots_max_2"}, "group": "slots"},
            ],
            "tracks": [
                {"id": "death_save_failures", "label": "Death save failures", "min": 0, "max": 3},
                {"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6},
            ],
            "text": [{"id": "concentration", "label": "Concentrating on", "maxLength": 80}],
            "conditions": [{"id": "prone", "label": "Prone"}, {"id": "poisoned", "label": "Poisoned"}],
        },
    }
    pkg["rests"] = [
        {"id": "long", "label": "Long rest",
         "restore": [{"pool": "hp", "to": "max"}, {"poolGroup": "slots", "to": "max"},
                     {"pool": "hit_dice", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}},
                     {"track": "exhaustion", "by": {"const": -1}}, {"track": "death_save_failures", "to": 0}],
         "clear": {"text": ["concentration"]}},
        {"id": "shared", "label": "Shared",
         "restore": [{"poolGroup": "slots", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}, "shared": True}]},
        {"id": "each", "label": "Each",
         "restore": [{"poolGroup": "slots", "by": {"fractionOfMax": 0.5, "round": "up"}}]},
    ]
    return pkg


def d20():
    return load_package(d20_data())


def character(**sheet: Any) -> dict[str, Any]:
    return {"name": "Juno", "sheet": copy.deepcopy(sheet)}
