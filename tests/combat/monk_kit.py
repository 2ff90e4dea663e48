"""Marinara's 5e (SRD 5.1) package as it ships (tests/data/upstream/5e-srd) with the class
kit of mechanics-2 written onto the vendored class features, as the spec writes them:
Flurry of Blows (1.242, the package has no entry of its own for it: it is a part of the
vendored Ki feature's text), Quivering Palm (1.245), Lay on Hands (1.251) and Font of
Magic (1.252), Open Hand Technique (1.248); and the party members who use them.

Kai: a level-5 monk (Dexterity 16: +3, proficiency +3, so +6 to hit), a Shortsword (1d6
piercing) and an Unarmed Strike written at the Martial Arts die of level 5 (1d6
bludgeoning, Dexterity), two attacks per Attack action (Extra Attack), Ki 5 (the vendored
counter's table: level 5 gives 5).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import member
from tests.combat.srd_kit import entry, srd_package

#: Flurry of Blows as 1.242 writes it: a `utility` entry on the bonus budget that spends one
#: Ki (`usesOf`), is offered only after the Attack action taken with a monk weapon or an
#: unarmed strike (`afterAttack`), gives 2 of the `flurry` budget (declared with count 0),
#: and lets that budget buy an Unarmed Strike (`grantsStrike`).
FLURRY = {
    "id": "monk-flurry-of-blows", "label": "Flurry of Blows",
    "summary": "Immediately after you take the Attack action on your turn, you can spend 1 ki point to make two "
               "unarmed strikes as a bonus action.",
    "mechanics": {"kind": "utility", "budget": "bonus", "usesOf": "Ki",
                  "afterAttack": {"names": ["Shortsword", "Unarmed Strike"]},
                  "gives": [{"budget": "flurry", "count": 2}],
                  "grantsStrike": {"budget": "flurry", "names": ["Unarmed Strike"]}},
}

#: Quivering Palm as 1.245 writes it: a free answer to the monk's own hit by an Unarmed
#: Strike that spends 3 Ki and applies a long-lasting `quivering`.
QUIVERING_PALM = {
    "kind": "debuff", "targets": "enemy", "free": True, "usesOf": "Ki", "usesSpent": 3,
    "applies": [{"condition": "quivering", "duration": {"rounds": 10}}],
    "reaction": {"on": "hit", "by": "self", "names": ["Unarmed Strike"], "at": "target"},
}

#: Lay on Hands as 1.251 writes it, but for its `targetTypes` (not undead or construct): the
#: package is a schemaVersion 1 package without `combat.creatureTypes`, which that key needs.
LAY_ON_HANDS = {
    "kind": "heal", "targets": "ally", "amount": {"flat": 1}, "usesOf": "Lay on Hands", "usesChosen": True,
}


#: Font of Magic's Flexible Casting as 1.252 writes it, two entries beside the vendored
#: feature (whose pick writes the Sorcery Points counter, so its own uses are those points):
#: a slot turned into points equal to its level (a self `buff` costing `slots_1`, one more
#: point per slot level above the first), and a 2nd-level slot made from 3 points, past the
#: slots' maximum (`overMax`).
SLOT_TO_POINTS = {
    "id": "font-of-magic-slot-to-points", "label": "Slot to Sorcery Points",
    "summary": "As a bonus action on your turn, you can expend one spell slot and gain a number of sorcery points "
               "equal to the slot's level.",
    "mechanics": {"kind": "buff", "targets": "self", "budget": "bonus", "cost": [{"pool": "slots_1", "amount": 1}],
                  "perCostStep": {"flat": 1}, "restore": {"pool": "Sorcery Points", "amount": {"flat": 1}}},
}
POINTS_TO_SLOT_2 = {
    "id": "font-of-magic-slot-2", "label": "Create a 2nd-level Slot",
    "summary": "You can transform unexpended sorcery points into one spell slot as a bonus action on your turn.",
    "mechanics": {"kind": "buff", "targets": "self", "budget": "bonus", "usesOf": "Sorcery Points", "usesSpent": 3,
                  "restore": {"pool": "slots_2", "amount": {"flat": 1}, "overMax": True}},
}


#: Open Hand Technique as 1.248 writes it: three free answers to the monk's own hit by a
#: strike paid from the `flurry` budget, sharing `"oneOf": "open-hand"`. The vendored entry
#: (`way-of-the-open-hand-open-hand-technique`) has no mechanics: it is given the first (a
#: Dexterity save or prone); the push and the stillness are two entries written here.
OPEN_HAND_MOMENT = {"on": "hit", "by": "self", "budget": "flurry", "at": "target", "oneOf": "open-hand"}
OPEN_HAND_PRONE = {"kind": "debuff", "targets": "enemy", "free": True,
                   "save": {"save": "dex_save", "onSuccess": "negates"},
                   "applies": [{"condition": "prone", "duration": "instant"}], "reaction": OPEN_HAND_MOMENT}
OPEN_HAND_MORE = [
    {"id": "open-hand-technique-push", "label": "Open Hand Push",
     "summary": "It must make a Strength saving throw. If it fails, you can push it up to 15 feet away from you.",
     "mechanics": {"kind": "debuff", "targets": "enemy", "free": True,
                   "save": {"save": "str_save", "onSuccess": "negates"}, "push": 15, "reaction": OPEN_HAND_MOMENT}},
    {"id": "open-hand-technique-stillness", "label": "Open Hand Stillness",
     "summary": "It can't take reactions until the end of your next turn.",
     "mechanics": {"kind": "debuff", "targets": "enemy", "free": True,
                   "applies": [{"condition": "shaken", "duration": {"rounds": 1, "at": "turn-start"}}],
                   "reaction": OPEN_HAND_MOMENT}},
]
OPEN_HAND_ROWS = [("Open Hand Technique", "features/way-of-the-open-hand-open-hand-technique"),
                  ("Open Hand Push", "features/open-hand-technique-push"),
                  ("Open Hand Stillness", "features/open-hand-technique-stillness")]


def open_hand_package(*, one_of: bool = True) -> dict[str, Any]:
    """`monk_package` with Open Hand Technique's three answers (without their `oneOf` when
    `one_of` is False). The package's features list has no `saveDifficulty` (its comment:
    none of its entries asks for a save), so it is given the spell save DC's sum, which for
    a monk whose `spellcasting_ability` is Wisdom is the ki save DC: 8 + proficiency + Wisdom."""
    pkg = monk_package()
    entry(pkg, "features", "way-of-the-open-hand-open-hand-technique")["mechanics"] = copy.deepcopy(OPEN_HAND_PRONE)
    feats = next(c for c in pkg["catalogs"] if c["id"] == "features")
    feats["entries"] += copy.deepcopy(OPEN_HAND_MORE)
    if not one_of:
        for e in feats["entries"]:
            reaction = (e.get("mechanics") or {}).get("reaction")
            if isinstance(reaction, dict):
                reaction.pop("oneOf", None)
    next(lst for lst in pkg["combat"]["abilities"] if lst["list"] == "features")["saveDifficulty"] = {
        "derived": "spell_save_dc"}
    pkg["sheet"]["live"]["conditions"].append({"id": "shaken", "label": "Shaken by the Open Hand"})
    pkg["combat"]["conditions"].append({"condition": "shaken", "effects": ["cannot-react"]})
    return pkg


def monk_package(*, lay_on_hands: bool = True) -> dict[str, Any]:
    pkg = srd_package()
    pkg["combat"]["economy"]["budgets"].append({"id": "flurry", "label": "Flurry of Blows", "per": "turn", "count": 0})
    feats = next(c for c in pkg["catalogs"] if c["id"] == "features")
    feats["entries"] += [copy.deepcopy(FLURRY), copy.deepcopy(SLOT_TO_POINTS), copy.deepcopy(POINTS_TO_SLOT_2)]
    entry(pkg, "features", "way-of-the-open-hand-quivering-palm")["mechanics"] = copy.deepcopy(QUIVERING_PALM)
    if lay_on_hands:
        entry(pkg, "features", "paladin-lay-on-hands")["mechanics"] = copy.deepcopy(LAY_ON_HANDS)
    pkg["sheet"]["live"]["conditions"].append({"id": "quivering", "label": "Quivering"})
    pkg["combat"]["conditions"].append({"condition": "quivering"})
    return pkg


def kai(*, ki: int | None = None, level: int = 5, features: tuple[str, ...] = ("flurry",)) -> dict[str, Any]:
    refs = {"flurry": ("Flurry of Blows", "features/monk-flurry-of-blows"),
            "quivering": ("Quivering Palm", "features/way-of-the-open-hand-quivering-palm"),
            **{f"open-hand-{i}": row for i, row in enumerate(OPEN_HAND_ROWS)}}
    sheet: dict[str, Any] = {
        "abilities": {"str": 10, "dex": 16, "con": 12, "int": 10, "wis": 14, "cha": 8},
        "fields": {"level": level, "class": "Monk", "hp_max": 33, "ac": 15, "attacks_per_action": 2},
        "lists": {
            "attacks": [
                {"name": "Shortsword", "ability": "dex", "proficient": True, "damage": "1d6",
                 "damage_type": "piercing", "reach": 5},
                {"name": "Unarmed Strike", "ability": "dex", "proficient": True, "damage": "1d6",
                 "damage_type": "bludgeoning", "reach": 5}],
            "features": [{"name": "Ki", "_catalog": "features/monk-ki"}]
            + [{"name": refs[f][0], "_catalog": refs[f][1]} for f in features],
            "counters": [{"name": "Ki", "max": level, "recharge": "short", "_catalog": "features/monk-ki"}]}}
    if any(f.startswith("open-hand") for f in features):
        # The ki save DC: 8 + proficiency 3 + Wisdom 14 (+2) = 13 (`open_hand_package`).
        sheet["fields"]["spellcasting_ability"] = "wis"
    if ki is not None:
        sheet["live"] = {"pools": {"counters:ki": ki}}
    return member("Kai", sheet)


#: Kai's features with Open Hand Technique's three answers.
OPEN_HAND = ("flurry", "open-hand-0", "open-hand-1", "open-hand-2")


def ilsa(*, pool: int | None = None, hp: int | None = None) -> dict[str, Any]:
    """A level-3 paladin: Lay on Hands 15 (the package's `lay_on_hands_pool`, level x 5)."""
    sheet: dict[str, Any] = {
        "abilities": {"str": 16, "dex": 10, "con": 14, "int": 8, "wis": 10, "cha": 16},
        "fields": {"level": 3, "class": "Paladin", "hp_max": 28, "ac": 18},
        "lists": {"attacks": [{"name": "Longsword", "ability": "str", "proficient": True, "damage": "1d8",
                               "damage_type": "slashing", "reach": 5}],
                  "features": [{"name": "Lay on Hands", "_catalog": "features/paladin-lay-on-hands"}],
                  "counters": [{"name": "Lay on Hands", "max": 15, "recharge": "long",
                                "_catalog": "features/paladin-lay-on-hands"}]}}
    live: dict[str, Any] = {"pools": {}}
    if pool is not None:
        live["pools"]["counters:lay-on-hands"] = pool
    if hp is not None:
        live["pools"]["hp"] = hp
    if live["pools"]:
        sheet["live"] = live
    return member("Ilsa", sheet)


def sera(*, points: int | None = None, slots_2: int | None = None) -> dict[str, Any]:
    """A level-3 sorcerer: Sorcery Points 3 (the vendored counter's table at level 3), four
    1st-level and two 2nd-level slots, both Flexible Casting entries."""
    feats = [{"name": "Font of Magic", "_catalog": "features/sorcerer-font-of-magic"},
             {"name": "Slot to Sorcery Points", "_catalog": "features/font-of-magic-slot-to-points"},
             {"name": "Create a 2nd-level Slot", "_catalog": "features/font-of-magic-slot-2"}]
    sheet: dict[str, Any] = {
        "abilities": {"str": 8, "dex": 14, "con": 14, "int": 10, "wis": 10, "cha": 16},
        "fields": {"level": 3, "class": "Sorcerer", "hp_max": 20, "ac": 12, "spellcasting_ability": "cha",
                   "slots_max_1": 4, "slots_max_2": 2},
        "lists": {"features": feats,
                  "counters": [{"name": "Sorcery Points", "max": 3, "recharge": "long",
                                "_catalog": "features/sorcerer-font-of-magic"}]}}
    pools: dict[str, int] = {}
    if points is not None:
        pools["counters:sorcery-points"] = points
    if slots_2 is not None:
        pools["slots_2"] = slots_2
    if pools:
        sheet["live"] = {"pools": pools}
    return member("Sera", sheet)
