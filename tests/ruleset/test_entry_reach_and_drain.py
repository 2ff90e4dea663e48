"""The keys spec/mechanics-3.md gives a catalog entry's `mechanics`: targeting by any sense
(`needsAny`), targets near each other (`targetsWithin`), growing areas and bursts around the
user, a kind named at casting (`kindChoice`), conditions kept for the fight (`keepsOn`),
teleportation and draining blows. Examples validate; each refusal names its path and
reason; keys no planned issue resolves are refused by name."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ruleset.entry_kit import MECH, with_entry
from tests.ruleset.minimal import problems_of


# ---------------------------------------------------------------------------
# A catalog entry's mechanics
# ---------------------------------------------------------------------------

EXAMPLES = {
    "turn undead needsAny (1.267)": {
        "kind": "debuff",
        "needs": ["sight", "hearing"],
        "needsAny": True,
        "save": {"save": "con_save"},
        "applies": [{"condition": "frightened", "duration": {"rounds": 10}}],
    },
    "command at a higher slot (1.267)": {
        "kind": "debuff",
        "targets": "enemy",
        "cost": [{"pool": "luck", "amount": 1}],
        "targetsPerCostStep": 1,
        "targetsWithin": 30,
    },
    "confusion grows (1.267)": {
        "kind": "debuff",
        "range": 90,
        "area": {"shape": "burst", "size": 10, "sizePerCostStep": 5},
        "cost": [{"pool": "luck", "amount": 1}],
    },
    "vampiric touch (1.281)": {
        "kind": "attack",
        "attackRoll": True,
        "amount": {"dice": "3d6"},
        "damageType": "necrotic",
        "drain": {"share": 0.5, "damageType": "necrotic"},
    },
    "calm emotions allies fail (1.278)": {
        "kind": "debuff",
        "area": {"shape": "burst", "size": 20},
        "save": {"save": "con_save", "alliesMayFail": True},
        "applies": [{"condition": "charmed", "duration": {"rounds": 10}}],
    },
    "a healing burst around the user (1.282)": {
        "kind": "heal",
        "amount": {"dice": "1d8"},
        "friendlyFire": False,
        "area": {"shape": "burst", "size": 30, "around": True, "throughWalls": True},
    },
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_spec_example_validates(name):
    # Keys refused for now (issue 19) are named, and nothing else is said.
    entry = EXAMPLES[name]
    expected: list[str] = []
    assert problems_of(with_entry(entry)) == expected


REFUSALS: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "needsAny without needs",
        {"kind": "debuff", "needsAny": True},
        [f'{MECH}.needsAny: "needsAny" goes on an entry that "needs" senses'],
    ),
    (
        "targetsWithin on a single target",
        {"kind": "debuff", "targetsWithin": 30},
        [f'{MECH}.targetsWithin: "targetsWithin" spaces out several targets: it needs "targetCount" above 1 or "targetsPerCostStep"'],
    ),
    (
        "drain on a heal",
        {"kind": "heal", "amount": {"dice": "1d8"}, "drain": {}},
        [f'{MECH}.drain: "drain" gives back damage dealt, so it is rejected on a "heal"'],
    ),
    (
        "drain without an amount",
        {"kind": "attack", "attackRoll": True, "drain": {}},
        [f'{MECH}.drain: "drain" gives back damage dealt, so it needs "amount"'],
    ),
    (
        "drain sharing more than all",
        {"kind": "attack", "amount": {"dice": "3d6"}, "drain": {"share": 1.5}},
        [f'{MECH}.drain.share: must be at most 1, not 1.5'],
    ),
    (
        "drain of an unknown damage type",
        {"kind": "attack", "amount": {"dice": "3d6"}, "drain": {"damageType": "soul"}},
        [f'{MECH}.drain.damageType: unknown damage type "soul": it is not one of "combat.damageTypes"'],
    ),
    (
        "a cone around the user",
        {"kind": "attack", "amount": {"dice": "2d6"}, "area": {"shape": "cone", "size": 15, "around": True}},
        [f'{MECH}.area.around: "around" is a burst centred on the user, so it needs "shape": "burst"'],
    ),
    (
        "throughWalls without around",
        {"kind": "attack", "amount": {"dice": "2d6"}, "area": {"shape": "burst", "size": 15, "throughWalls": True}},
        [f'{MECH}.area.throughWalls: "throughWalls" is used only with "around"'],
    ),
    (
        "sizePerCostStep without a cost",
        {"kind": "debuff", "area": {"shape": "burst", "size": 10, "sizePerCostStep": 5}},
        [f'{MECH}: "area.sizePerCostStep" grows the area with the raised cost, so it needs "cost"'],
    ),
    (
        "alliesMayFail as text",
        {"kind": "debuff", "save": {"save": "con_save", "alliesMayFail": "yes"}},
        [f'{MECH}.save.alliesMayFail: must be one of True, not "yes"'],
    ),
]


@pytest.mark.parametrize("name,mechanics,expected", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refused(name, mechanics, expected):
    assert problems_of(with_entry(mechanics)) == expected


def test_reach_and_drain_keys_need_their_capability_api():
    pkg = with_entry(EXAMPLES["vampiric touch (1.281)"])
    pkg["capabilityApi"] = {"major": 1, "minor": 280}
    assert problems_of(pkg) == [f'{MECH}.drain: "drain" needs capabilityApi 1.281 or later (this package declares 1.280)']


def test_companions_and_leaving_validate():
    # They play (tests/combat/test_teleport_companions.py).
    teleport = {"distance": 5280, "leaves": True, "carries": 3, "carriesWithin": 5, "carriesSeen": True}
    assert problems_of(with_entry({"kind": "utility", "budget": "bonus", "teleport": teleport})) == []


def test_smoke_validates_and_its_senses_must_be_declared():
    # It plays (tests/combat/test_teleport_smoke.py).
    smoke = {"distance": 30, "smoke": {}}
    assert problems_of(with_entry({"kind": "utility", "budget": "bonus", "teleport": smoke})) == []
    # Once `combat.senses` declares the ruleset's senses (1.178), the ones it names must be
    # among them.
    pkg = with_entry({"kind": "utility", "budget": "bonus", "teleport": {"distance": 30, "smoke": {"pierced": ["echolocation"]}}})
    pkg["combat"]["senses"] = [{"id": "blindsight", "label": "Blindsight", "blind": True}]
    assert problems_of(pkg) == [f'{MECH}.teleport.smoke.pierced[0]: unknown sense "echolocation"']


def test_teleport_rules_hold():
    # The teleport plays (tests/combat/test_board_teleport.py); these are rejected.
    assert problems_of(with_entry({"kind": "utility", "teleport": {"distance": 500, "carriesWithin": 5}})) == [
        f'{MECH}.teleport.carriesWithin: "carriesWithin" goes with "carries"'
    ]
    assert problems_of(with_entry({"kind": "utility", "teleport": {"distance": 30, "strike": "bite"}})) == [
        f'{MECH}: only a creature\'s teleport can name a "strike"'
    ]
    area = {"kind": "utility", "area": {"shape": "burst", "size": 5}, "teleport": {"distance": 30}}
    assert problems_of(with_entry(area)) == [f'{MECH}: teleportation is never an area, so "teleport" is rejected with "area"']


def test_teleport_needs_a_board():
    pkg = with_entry({"kind": "utility", "teleport": {"distance": 30}})
    del pkg["combat"]["distance"]
    assert sorted(problems_of(pkg)) == [
        f'{MECH}.teleport: teleportation works only on the board, so it needs "combat.distance"',
    ]


def test_kind_choice_needs_what_it_applies():
    assert problems_of(with_entry({"kind": "debuff", "kindChoice": True})) == [f'{MECH}.kindChoice: "kindChoice" goes on an entry with "applies"']


