"""The keys spec/mechanics-2.md gives a catalog entry's `mechanics`, most of them the class
kit's (issue 28): cures and sheet changes (`tracks`, `unseals`, `ends.from`, `dismisses`,
`healthPoolSkips`), blows and strikes (`addsToBlow`, `attackRows`, `grantsStrike`,
`reducesMax`, `halfOnMiss`), uses and answers (`usesOf`, `rescue`, `lowersRoll`, reactions
to one's own hit), turns (`initiativeMode`, surprise), Lay on Hands and Metamagic, and wall
sections. The spec's own examples validate, and each refusal names its path and reason
exactly.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruleset.entry_kit import MECH, rich_package, with_entry
from tests.ruleset.minimal import problems_of
from tests.ruleset.refused_keys import refused


def test_rich_package_is_valid():
    assert problems_of(rich_package()) == []


# ---------------------------------------------------------------------------
# The spec's own examples
# ---------------------------------------------------------------------------

DIVINE_SMITE = {
    "kind": "attack",
    "free": True,
    "amount": {"dice": "2d8"},
    "damageType": "radiant",
    "cost": [{"pool": "luck", "amount": 1}],
    "perCostStep": {"dice": "1d8"},
    "perCostStepsMax": 3,
    "plus": [{"dice": "1d8", "type": "radiant", "targetIs": {"types": ["fiend", "undead"]}}],
    "reaction": {"on": "hit", "by": "self", "weapon": True, "blow": "melee", "at": "target"},
    "addsToBlow": True,
}

EXAMPLES = {
    "greater restoration tracks (1.201)": {"kind": "buff", "targets": "ally", "tracks": [{"track": "exhaustion", "by": -1}], "unseals": True},
    "hypnotic pattern endsWith (1.202)": {
        "kind": "debuff",
        "save": {"save": "con_save"},
        "applies": [
            {"condition": "charmed", "duration": {"rounds": 10}, "saveEnds": {"save": "con_save", "at": "damaged"}},
            {"condition": "incapacitated", "duration": "instant", "endsWith": "charmed"},
        ],
    },
    "harm (1.235)": {
        "kind": "attack",
        "amount": {"dice": "14d6"},
        "damageType": "necrotic",
        "save": {"save": "con_save", "onSuccess": "half"},
        "reducesMax": {"onFailedSave": True},
        "leavesAtLeast": 1,
    },
    "quivering palm end (1.245)": {
        "kind": "attack",
        "amount": {"dice": "10d10"},
        "damageType": "necrotic",
        "save": {"save": "con_save", "onSuccess": "none"},
        "targetHolds": {"fromSelf": ["quivering"]},
        "dropsOnFailedSave": True,
        "usesOf": "Ki",
        "usesSpent": 3,
    },
    "stunning strike (1.241)": {
        "kind": "debuff",
        "free": True,
        "save": {"save": "con_save"},
        "applies": [{"condition": "stunned", "duration": {"rounds": 1, "of": "source"}}],
        "reaction": {"on": "hit", "by": "self", "weapon": True, "blow": "melee", "at": "target"},
    },
    "divine smite (1.241)": DIVINE_SMITE,
    "martial arts (1.242, 1.244)": {
        "kind": "utility",
        "attackRows": [
            {
                "names": ["Unarmed Strike", "Shortsword"],
                "items": {"tags": ["simple", "melee"], "notTags": ["two_handed", "heavy"]},
                "abilities": ["brawn", "wits"],
                "die": {"from": {"field": "toughness"}, "table": [[1, 4], [5, 6], [11, 8], [17, 10]]},
                "when": {"value": {"field": "toughness"}, "atMost": 6},
            },
            {"names": ["Unarmed Strike"], "qualities": ["magical"]},
        ],
        "grantsStrike": {
            "budget": "bonus",
            "names": ["Unarmed Strike"],
            "afterAttack": {"names": ["Shortsword"], "items": {"tags": ["simple"]}},
            "wielding": {"only": {"names": ["Shortsword"], "tags": ["simple"], "notTags": ["heavy"]}},
            "when": {"value": {"field": "toughness"}, "atMost": 6},
        },
    },
    "flurry of blows (1.242)": {"kind": "utility", "budget": "bonus", "afterAttack": True, "gives": [{"budget": "bonus", "count": 2}]},
    "reckless attack (1.247)": {
        "kind": "buff",
        "free": True,
        "targets": "self",
        "beforeAttack": True,
        "applies": [{"condition": "raging", "duration": {"rounds": 1}}, {"condition": "prone", "duration": {"rounds": 1, "at": "turn-start"}}],
    },
    "open hand technique (1.248)": {
        "kind": "debuff",
        "free": True,
        "save": {"save": "dex_save"},
        "applies": [{"condition": "prone", "duration": "instant"}],
        "reaction": {"on": "hit", "by": "self", "budget": "bonus", "oneOf": "open-hand"},
    },
    "indomitable (1.249)": {"kind": "utility", "rescue": {"roll": "saves", "by": "reroll"}},
    "stroke of luck (1.256)": {"kind": "utility", "rescue": {"roll": "checks", "by": "twenty"}},
    "peerless skill (1.256)": {
        "kind": "utility",
        "rescue": {"roll": "checks", "by": "die", "die": {"from": {"field": "toughness"}, "table": [[1, 6], [5, 8], [10, 10], [15, 12]]}},
    },
    "ring of evasion rescue (1.257)": {"kind": "utility", "rescue": {"roll": "saves", "by": "success", "saves": ["dex_save"], "budget": "reaction"}},
    "cutting words (1.250, 1.257)": {
        "kind": "debuff",
        "free": True,
        "usesOf": "Bardic Inspiration",
        "needs": ["hearing"],
        "targetTypes": {"notImmuneTo": ["charmed"]},
        "lowersRoll": {"dice": "1d6", "also": ["checks", "damage"]},
        "reaction": {"on": "hit", "for": "ally", "within": 60},
    },
    "bardic inspiration notSelf (1.256)": {
        "kind": "buff",
        "targets": "ally",
        "notSelf": True,
        "budget": "bonus",
        "applies": [{"condition": "inspired", "duration": {"rounds": 100}}],
    },
    "acid arrow (1.255)": {
        "kind": "attack",
        "attackRoll": True,
        "amount": {"dice": "4d4"},
        "damageType": "acid",
        "halfOnMiss": True,
        "cost": [{"pool": "luck", "amount": 1}],
        "perCostStep": {"dice": "1d4"},
        "applies": [{"condition": "acid_burn", "duration": {"rounds": 1}}],
    },
    "feral instinct (1.240)": {"kind": "utility", "initiativeMode": "advantage"},
    "frenzy (1.239)": {
        "kind": "buff",
        "targets": "self",
        "usesOf": "Rage",
        "applies": [
            {"condition": "raging", "duration": {"rounds": 10}},
            {"condition": "frenzied", "duration": {"rounds": 10}, "endsWith": "raging"},
        ],
    },
    "dispel evil endsCondition (1.236)": {"kind": "utility", "endsCondition": "charmed"},
}


#: Spec examples using keys the engine refuses for now (each changed nothing in play, issue
#: 19): refused by name, nothing else.
REFUSED_EXAMPLES: dict[str, list[str]] = {}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_spec_example_validates(name):
    expected = [refused(f"{MECH}.{path}") for path in REFUSED_EXAMPLES.get(name, [])]
    assert problems_of(with_entry(EXAMPLES[name])) == expected


def test_acid_arrow_later_damage_is_accepted_with_the_harm_it_grows():
    # The later acid and its growth play (tests/combat/test_condition_harms.py), and so does
    # halfOnMiss (tests/ruleset/guard_class_kit.py).
    mechanics = dict(EXAMPLES["acid arrow (1.255)"])
    mechanics["applies"] = [{"condition": "acid_burn", "duration": {"rounds": 1}, "harmsPerCostStep": {"dice": "1d4"}}]
    pkg = with_entry(mechanics)
    pkg["combat"]["conditions"].append({"condition": "acid_burn", "harms": {"at": "turn-end", "dice": "2d4", "type": "acid"}})
    assert problems_of(pkg) == []


def test_keys_of_this_page_need_their_capability_api():
    pkg = with_entry(DIVINE_SMITE)
    pkg["capabilityApi"] = {"major": 1, "minor": 240}
    # The gate checker walks keys in no fixed order, so the lines are compared as a set.
    assert sorted(problems_of(pkg)) == [
        f'{MECH}.addsToBlow: "addsToBlow" needs capabilityApi 1.241 or later (this package declares 1.240)',
        f'{MECH}.perCostStepsMax: "perCostStepsMax" needs capabilityApi 1.241 or later (this package declares 1.240)',
        f'{MECH}.reaction.by: "by" needs capabilityApi 1.241 or later (this package declares 1.240)',
        f'{MECH}.reaction.weapon: "weapon" needs capabilityApi 1.241 or later (this package declares 1.240)',
    ]


def test_a_value_gate_inside_rescue():
    pkg = with_entry(EXAMPLES["stroke of luck (1.256)"])
    pkg["capabilityApi"] = {"major": 1, "minor": 250}
    assert problems_of(pkg) == [
        f'{MECH}.rescue.by: "by" value "twenty" needs capabilityApi 1.256 or later (this package declares 1.250)']


# ---------------------------------------------------------------------------
# Refusals: one defect each
# ---------------------------------------------------------------------------

REFUSALS: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "addsToBlow without an own-hit reaction",
        {"kind": "attack", "amount": {"dice": "2d8"}, "addsToBlow": True, "reaction": {"on": "hit"}},
        [f'{MECH}.addsToBlow: "addsToBlow" answers the owner\'s own hit: it needs "reaction" with "on": "hit" and "by": "self"'],
    ),
    (
        "by self on another moment",
        {"kind": "debuff", "reaction": {"on": "aimed", "by": "self"}},
        [f'{MECH}.reaction.by: "by": "self" answers the owner\'s own hit, so it needs "on": "hit"'],
    ),
    (
        "oneOf with also",
        {"kind": "debuff", "reaction": {"on": "hit", "by": "self", "oneOf": "open-hand", "also": [{"on": "harmed"}]}},
        [f'{MECH}.reaction.oneOf: "oneOf" goes on a "hit" moment with "by": "self" and no "also"'],
    ),
    (
        "names on a moment that is no hit",
        {"kind": "debuff", "reaction": {"on": "used", "names": ["Unarmed Strike"]}},
        [f'{MECH}.reaction.names: "names" narrows a hit, so it needs a "hit" moment'],
    ),
    (
        "perCostStepsMax with nothing to cap",
        {"kind": "attack", "amount": {"dice": "2d8"}, "perCostStepsMax": 3},
        [f'{MECH}.perCostStepsMax: "perCostStepsMax" caps "perCostStep" or "targetsPerCostStep", so it needs one of them'],
    ),
    (
        "a track that is a pool",
        {"kind": "buff", "tracks": [{"track": "grit", "by": -1}]},
        [f'{MECH}.tracks[0].track: "grit" is a pool, not a track'],
    ),
    (
        "a track shifted by nothing",
        {"kind": "buff", "tracks": [{"track": "exhaustion", "by": 0}]},
        [f'{MECH}.tracks[0].by: "by" carries its own sign, and 0 is rejected'],
    ),
    (
        "endsWith naming itself",
        {"kind": "debuff", "applies": [{"condition": "charmed", "duration": "instant", "endsWith": "charmed"}]},
        [f'{MECH}.applies[0].endsWith: "endsWith" names "charmed" itself: it names another condition of the same list'],
    ),
    (
        "endsWith naming a condition of no list",
        {"kind": "debuff", "applies": [{"condition": "charmed", "duration": "instant", "endsWith": "stunned"}]},
        [f'{MECH}.applies[0].endsWith: "stunned" is not applied by the same list'],
    ),
    (
        "reducesMax with its own save on catalog mechanics",
        {"kind": "attack", "amount": {"dice": "1d6"}, "reducesMax": {"save": "con_save", "difficulty": 14}},
        [f'{MECH}: on catalog mechanics "reducesMax" never has a saving throw of its own ("save", "difficulty")'],
    ),
    (
        "reducesMax.onFailedSave without the entry's save",
        {"kind": "attack", "amount": {"dice": "1d6"}, "reducesMax": {"onFailedSave": True}},
        [f'{MECH}: "reducesMax.onFailedSave" reads the entry\'s own "save", so the entry needs one'],
    ),
    (
        "dropsOnFailedSave without a save",
        {"kind": "attack", "amount": {"dice": "10d10"}, "dropsOnFailedSave": True},
        [f'{MECH}.dropsOnFailedSave: "dropsOnFailedSave" goes on an entry with a "save"'],
    ),
    (
        "halfOnMiss without an attack roll",
        {"kind": "attack", "amount": {"dice": "4d4"}, "halfOnMiss": True},
        [f'{MECH}.halfOnMiss: "halfOnMiss" needs "attackRoll" and "amount"'],
    ),
    (
        "notSelf on an entry aimed at enemies",
        {"kind": "debuff", "targets": "enemy", "notSelf": True},
        [f'{MECH}.notSelf: "notSelf" goes on an entry aimed at an "ally" or "any" creature'],
    ),
    (
        "rescue reroll of an attack",
        {"kind": "utility", "rescue": {"roll": "attacks", "by": "reroll"}},
        [f'{MECH}.rescue.by: "by": "reroll" rolls a saving throw again, so it needs "roll": "saves"'],
    ),
    (
        "rescue twenty on a save",
        {"kind": "utility", "rescue": {"roll": "saves", "by": "twenty"}},
        [f'{MECH}.rescue.by: "by": "twenty" goes only with "roll": "checks"'],
    ),
    (
        "rescue by die without a die",
        {"kind": "utility", "rescue": {"roll": "checks", "by": "die"}},
        [f'{MECH}.rescue.by: "by": "die" adds the owner\'s own die: give exactly one of "dice" and "die"'],
    ),
    (
        "rescue saves on a checks rescue",
        {"kind": "utility", "rescue": {"roll": "checks", "by": "success", "saves": ["dex_save"]}},
        [f'{MECH}.rescue.saves: "saves" narrows a "saves" rescue only'],
    ),
    (
        "rescue naming an unknown save",
        {"kind": "utility", "rescue": {"roll": "saves", "by": "success", "saves": ["wis_save"]}},
        [f'{MECH}.rescue.saves[0]: unknown save "wis_save"'],
    ),
    (
        "lowersRoll without a hit reaction",
        {"kind": "debuff", "lowersRoll": {"dice": "1d6"}},
        [f'{MECH}.lowersRoll: "lowersRoll" answers someone else\'s hit: it needs a "hit" "reaction" without "by"'],
    ),
    (
        "lowersRoll with both dice and die",
        {
            "kind": "debuff",
            "reaction": {"on": "hit"},
            "lowersRoll": {"dice": "1d6", "die": {"from": {"field": "toughness"}, "table": [[1, 6]]}},
        },
        [f'{MECH}.lowersRoll: "lowersRoll" subtracts "dice" or one "die": give exactly one of them'],
    ),
    (
        "a step die table going down",
        {"kind": "utility", "rescue": {"roll": "checks", "by": "die", "die": {"from": {"field": "toughness"}, "table": [[5, 8], [1, 6]]}}},
        [f'{MECH}.rescue.die.table: "table" steps go up: each row starts above the one before it'],
    ),
    (
        "attackRows rule that changes nothing",
        {"kind": "utility", "attackRows": [{"names": ["Unarmed Strike"]}]},
        [f'{MECH}.attackRows[0]: an "attackRows" rule changes "abilities", "die" or "qualities"'],
    ),
    (
        "attackRows rule that matches nothing",
        {"kind": "utility", "attackRows": [{"abilities": ["brawn"]}]},
        [f'{MECH}.attackRows[0]: an "attackRows" rule matches rows by "names", "items" or both'],
    ),
    (
        "attackRows with an unknown ability",
        {"kind": "utility", "attackRows": [{"names": ["Unarmed Strike"], "abilities": ["dex"]}]},
        [f'{MECH}.attackRows[0].abilities.dex: unknown ability "dex"'],
    ),
    (
        "attackRows quality that is no item tag",
        {"kind": "utility", "attackRows": [{"names": ["Unarmed Strike"], "qualities": ["silvered"]}]},
        [f'{MECH}.attackRows[0].qualities[0]: unknown item tag "silvered"'],
    ),
    (
        "a weapon test both wanting and refusing a tag",
        {"kind": "utility", "afterAttack": {"items": {"tags": ["heavy"], "notTags": ["heavy"]}}},
        [f'{MECH}.afterAttack.items: "heavy" is both in "tags" and in "notTags"'],
    ),
    (
        "grantsStrike with an unknown budget",
        {"kind": "utility", "grantsStrike": {"budget": "ki_strike", "names": ["Unarmed Strike"]}},
        [f'{MECH}.grantsStrike.budget: unknown budget "ki_strike": declare it in "combat.economy.budgets"'],
    ),
    (
        "targetHolds naming an unknown condition",
        {"kind": "attack", "amount": {"dice": "1d6"}, "targetHolds": {"conditions": ["swallowed"]}},
        [f'{MECH}.targetHolds.conditions[0]: unknown condition "swallowed": declare it in "sheet.live.conditions"'],
    ),
    (
        "reaction budget that does not exist",
        {"kind": "debuff", "reaction": {"on": "hit", "by": "self", "budget": "flurry"}},
        [f'{MECH}.reaction.budget: unknown budget "flurry": declare it in "combat.economy.budgets"'],
    ),
    (
        "endsCondition naming an unknown condition",
        {"kind": "utility", "endsCondition": "warded"},
        [f'{MECH}.endsCondition: unknown condition "warded": declare it in "sheet.live.conditions"'],
    ),
    (
        "harmsPerCostStep on a condition without harms",
        {
            "kind": "attack", "amount": {"dice": "4d4"}, "cost": [{"pool": "luck", "amount": 1}],
            "applies": [{"condition": "stunned", "duration": {"rounds": 1}, "harmsPerCostStep": {"dice": "1d4"}}],
        },
        [
            f'{MECH}.applies[0].harmsPerCostStep: "stunned" has no "harms" in "combat.conditions" to add to',
        ],
    ),
    (
        "a text number for usesSpent",
        {"kind": "utility", "usesSpent": "3"},
        [f'{MECH}.usesSpent: must be a whole number, not text'],
    ),
]


@pytest.mark.parametrize("name,mechanics,expected", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused(name, mechanics, expected):
    assert sorted(problems_of(with_entry(mechanics))) == sorted(expected)


def test_unseals_needs_health_in_points():
    pkg = with_entry({"kind": "buff", "unseals": True})
    pkg["combat"]["health"] = {"track": "exhaustion"}
    problems = problems_of(pkg)
    assert f'{MECH}.unseals: "unseals" needs health in points, and "combat.health" is not a pool' in problems


def test_tracks_shift_ordinary_tracks_only():
    pkg = with_entry({"kind": "buff", "tracks": [{"track": "wounds", "by": 1}]})
    pkg["sheet"]["live"]["tracks"].append(
        {"id": "wounds", "label": "Wounds", "min": 0, "max": 4, "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
         "kinds": [{"id": "cut", "label": "C", "severity": 0}]}
    )
    assert problems_of(pkg) == [f'{MECH}.tracks[0].track: "wounds" is a harm track; "tracks" shifts ordinary tracks']


# ---------------------------------------------------------------------------
# Keys no planned issue resolves: modelled, and refused by name
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("mechanics", [
    {"kind": "heal", "amount": {"flat": 1}, "usesOf": "Lay on Hands", "usesChosen": True,
     "targetTypes": {"not": {"types": ["undead"]}}},
    {"kind": "buff", "targets": "self", "cost": [{"pool": "luck", "amount": 1}], "perCostStep": {"flat": 1},
     "restore": {"pool": "Sorcery Points", "amount": {"flat": 1}}},
], ids=["lay on hands (1.251)", "font of magic (1.252)"])
def test_lay_on_hands_and_font_of_magic_validate(mechanics):
    # Played (tests/combat/test_class_resources.py).
    assert problems_of(with_entry(mechanics)) == []


def test_health_pool_skips_validate_with_conditions_unseeing_or_both():
    # Played (tests/combat/test_remaining_health.py: Sleep, Color Spray).
    sleep = {"kind": "debuff", "healthPool": {"dice": "5d8"}, "healthPoolSkips": {"conditions": ["incapacitated"]}}
    assert problems_of(with_entry(sleep)) == []
    sleep["healthPoolSkips"]["unseeing"] = True
    assert problems_of(with_entry(sleep)) == []
    sleep["healthPoolSkips"].pop("conditions")
    assert problems_of(with_entry(sleep)) == []


def test_metamagic_is_accepted_and_its_unplayed_changes_refused_by_name():
    twinned = {
        "kind": "utility", "usesOf": "Sorcery Points", "usesSpentByLevel": True,
        "alters": {"catalogs": ["spells"], "twins": True, "budget": {"from": "act", "to": "bonus"}},
    }
    assert problems_of(with_entry(twinned)) == []
    # The spec never says how many rounds Extended's minute is; Distant plays.
    later = {"kind": "utility", "usesOf": "Sorcery Points", "usesSpent": 1,
             "alters": {"catalogs": ["spells"], "lasts": 2}}
    extended = ('the spec counts Extended in minutes and hours ("a minute or longer", "24 hours") and never says '
                "how many rounds a minute is")
    assert problems_of(with_entry(later)) == [
        f'{MECH}.alters.lasts: "lasts" (Capability API 1.253) is not supported by marinara-battle yet: {extended}',
    ]
    distant = {"kind": "utility", "usesOf": "Sorcery Points", "usesSpent": 1,
               "alters": {"catalogs": ["spells"], "range": {"times": 2, "touch": 30}}}
    assert problems_of(with_entry(distant)) == []


def test_metamagic_rules_still_hold():
    quickened = {"kind": "buff", "alters": {"catalogs": ["spells"], "budget": {"from": "act", "to": "act"}}}
    assert problems_of(with_entry(quickened)) == [f'{MECH}.alters.budget.from: "from" and "to" name the same budget']


def test_a_cure_needs_two_cures_to_choose_between():
    assert problems_of(with_entry({"kind": "buff", "cureOneOf": True, "unseals": True})) == [
        f'{MECH}.cureOneOf: "cureOneOf" needs at least two cures to choose between ("ends", "tracks", "unseals")'
    ]


def test_health_pool_skips_need_a_health_pool():
    assert problems_of(with_entry({"kind": "debuff", "healthPoolSkips": {"conditions": ["incapacitated"]}})) == [
        f'{MECH}.healthPoolSkips: "healthPoolSkips" needs "healthPool"'
    ]


def test_dismissal_validates():
    # `dismisses` plays (tests/combat/test_dismissal.py).
    assert problems_of(with_entry({"kind": "debuff", "save": {"save": "con_save"}, "dismisses": True})) == []


def test_banishment_dismisses_while_a_condition_it_applies():
    banish = {"kind": "debuff", "save": {"save": "con_save"}, "dismisses": {"while": "stunned"},
              "applies": [{"condition": "charmed", "duration": {"rounds": 10}}]}
    assert problems_of(with_entry(banish)) == [
        f'{MECH}: "dismisses.while" names "stunned", which this entry\'s "applies" does not apply'
    ]


WALL_OF_ICE = {
    "kind": "attack",
    "range": 120,
    "amount": {"dice": "10d6"},
    "damageType": "cold",
    "save": {"save": "dex_save", "onSuccess": "half"},
    "area": {"shape": "wall", "size": 100},
    "zone": {
        "rounds": 100,
        "triggers": [],
        "blocks": ["move", "sight"],
        "sections": {
            "every": 10,
            "health": 30,
            "defense": 12,
            "vulnerable": ["fire"],
            "broken": {
                "triggers": ["enter"],
                "amount": {"dice": "5d6"},
                "damageType": "cold",
                "save": "con_save",
                "onSave": "half",
                "perCostStep": {"dice": "1d6"},
            },
        },
    },
}


def test_wall_of_ice_sections_validate():
    # The wall, what it blocks and its sections play (tests/combat/test_board_walls.py).
    assert problems_of(with_entry(WALL_OF_ICE)) == []


def test_sections_stand_in_a_wall_that_blocks():
    wall = {**WALL_OF_ICE, "zone": {**WALL_OF_ICE["zone"], "blocks": None}}
    del wall["zone"]["blocks"]
    assert problems_of(with_entry(wall)) == [f'{MECH}.zone.sections: "sections" stand in a wall that "blocks"']


def test_sections_divide_a_wall():
    burst = {**WALL_OF_ICE, "area": {"shape": "burst", "size": 20}}
    assert problems_of(with_entry(burst)) == [f'{MECH}: "zone.sections" divide a wall: the entry needs "area" with "shape": "wall"']


def test_a_broken_section_saves_against_the_entry():
    no_save = {k: v for k, v in WALL_OF_ICE.items() if k != "save"}
    assert problems_of(with_entry(no_save)) == [f'{MECH}: the "save" of a broken section needs the entry\'s own "save"']


def test_section_damage_types_are_declared():
    wall = {**WALL_OF_ICE, "zone": {**WALL_OF_ICE["zone"], "sections": {**WALL_OF_ICE["zone"]["sections"], "vulnerable": ["thunder"]}}}
    assert f'{MECH}.zone.sections.vulnerable[0]: unknown damage type "thunder": it is not one of "combat.damageTypes"' in problems_of(with_entry(wall))


def test_a_granted_strike_after_an_attack_with_unknown_tags():
    strike = {"kind": "utility", "grantsStrike": {"budget": "bonus", "afterAttack": {"items": {"notTags": ["finesse"]}}}}
    assert problems_of(with_entry(strike)) == [
        f'{MECH}.grantsStrike.afterAttack.items.notTags[0]: unknown item tag "finesse"'
    ]


def test_after_attack_true_or_an_object_only():
    assert problems_of(with_entry({"kind": "utility", "afterAttack": False})) == [f"{MECH}.afterAttack: must be one of True, not false"]


# ---------------------------------------------------------------------------
# Rescue after the roll (1.249): what the resolver takes and what it refuses
# ---------------------------------------------------------------------------


def test_a_rescue_entry_is_refused_in_a_dice_pool_fight():
    from tests.ruleset.test_pools import dice_pool_package

    pkg = dice_pool_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    pkg["catalogs"] = []
    pkg = with_entry({"kind": "utility", "free": True, "rescue": {"roll": "attacks", "by": "success"}}, pkg)
    where = f"catalogs[{len(pkg['catalogs']) - 1}].entries[0].mechanics"
    assert problems_of(pkg) == [
        f'{where}.rescue: a "dice-pool" fight holds nothing back for after the roll, so it refuses "rescue"']


def test_a_held_back_modification_adds_its_dice_and_nothing_else():
    pkg = rich_package()
    pkg["combat"]["conditions"].append(
        {"condition": "inspired", "modifiers": [{"to": "saves", "dice": "1d6", "rescue": True, "minus": True}]})
    assert problems_of(pkg) == [
        'combat.conditions[6].modifiers[0].rescue: "rescue" adds its dice to a roll that fell short: '
        '"minus" and "mode" are rejected with it']
    pkg["combat"]["conditions"][-1]["modifiers"] = [{"to": "saves", "dice": "1d6", "rescue": True}]
    assert problems_of(pkg) == []


def test_a_use_while_surprised_and_a_second_first_turn_validate_on_an_entry():
    # Played (tests/combat/test_surprise.py: Feral Instinct, Thief's Reflexes).
    assert problems_of(with_entry({"kind": "utility", "ignoresSurpriseWith": "spells/bless"})) == []
    assert problems_of(with_entry({"kind": "utility", "extraFirstTurn": {"initiative": -10, "unlessSurprised": True}})) == []
