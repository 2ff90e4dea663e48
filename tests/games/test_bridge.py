"""The battle bridge on Ember Roads (the upstream package with a `battle` block), without
its own `combat` block: health as a fraction onto the host's bar, Luck as MP, knacks as
skills by the conversion rules, and the write-back through the sheet's own rules. As it
ships, with `combat`, the bridge refuses it."""

from __future__ import annotations

import copy
import json

import pytest

from shared.bridge import health_on_bar, lend, lend_refusal, multiplier, write_back
from shared.ruleset.load import load_package
from shared.sheet.refusal import Refusal
from tests.conftest import UPSTREAM, needs_upstream

pytestmark = needs_upstream


def ember_as_shipped() -> dict:
    return json.loads((UPSTREAM / "ember-roads.json").read_text())


def ember_data() -> dict:
    """Ember Roads as a game Marinara's own battle fights: without its `combat` block (and
    the bestiary that needs it), the only way the bridge lends its sheets."""
    data = ember_as_shipped()
    del data["combat"]
    data["coverage"]["combat"] = False
    data["catalogs"] = [c for c in data["catalogs"] if c.get("holds") != "creatures"]
    return data


@pytest.fixture(scope="module")
def ember():
    return load_package(ember_data())


def test_a_ruleset_with_its_own_combat_block_lends_no_sheet_and_writes_nothing_back():
    shipped = load_package(ember_as_shipped())
    refused = Refusal("own-combat", "Ember Roads declares its own combat block, so its fights are resolved by its "
                                    "own rules (POST /v1/battles) and no sheet is lent to Marinara's battle")
    assert lend(shipped, wren(), 40) == refused
    assert write_back(shipped, wren(), {"health": 10, "maxHealth": 40, "mp": 1}) == refused
    bare = ember_data()
    del bare["battle"]
    assert lend_refusal(load_package(bare)) == Refusal(
        "no-battle-block", "this ruleset has no battle block, so combat knows nothing of the sheet")


def wren(grit: int = 3, luck: int = 2, knacks: list | None = None) -> dict:
    """Grit maximum 8 (4 + toughness 2 + Brawn's modifier 2), Luck maximum 3."""
    return {"name": "Wren", "sheet": {
        "abilities": {"brawn": 2, "wits": 1, "heart": 0},
        "fields": {"toughness": 2},
        "lists": {"knacks": knacks if knacks is not None else [
            {"name": "Coldfire Toss", "_catalog": "knacks/coldfire-toss"},
            {"name": "Last Ember", "_catalog": "knacks/last-ember"},
            {"name": "Hold the Line", "_catalog": "knacks/hold-the-line"},
            {"name": "Second Breath", "_catalog": "knacks/second-breath"},
            {"name": "Smother", "_catalog": "knacks/smother"},
            {"name": "Road Sense", "_catalog": "knacks/road-sense"},
            {"name": "Lucky guess"},
        ]},
        "live": {"pools": {"grit": grit, "luck": luck}},
    }}


def test_import_brings_health_as_a_fraction_and_knacks_as_skills(ember):
    lent = lend(ember, wren(), 40)
    assert lent["health"] == {"pool": "grit", "current": 3, "max": 8, "start": 15, "maxHealth": 40, "down": False}
    assert lent["mp"] == {"pool": "luck", "current": 2, "max": 3}
    assert lent["slots"] == {}
    coldfire, hold = lent["skills"]
    # 2d6 averages 7: 0.5 + 7/8 = 1.375, 1.38 to the hundredth. Range 12 paces and a
    # burst of 4 paces at 2 paces a cell.
    assert coldfire == {
        "id": "coldfire-toss", "name": "Coldfire Toss", "catalog": "knacks/coldfire-toss", "type": "attack",
        "multiplier": 1.38, "range": 6, "area": {"shape": "burst", "radius": 2}, "allEnemiesInArea": True,
        "friendlyFire": True, "element": "coldfire", "mpCost": 0, "slotLevel": None, "buffs": [], "debuffs": [],
    }
    assert (hold["type"], hold["mpCost"], hold["range"], hold["multiplier"]) == ("buff", 1, 2, 1.0)
    assert lent["leftOut"] == [
        {"name": "Last Ember", "reason": "it costs grit, the health pool, and combat cannot burn health as fuel"},
        {"name": "Second Breath", "reason": "it is a utility entry, and combat has no place for it"},
        {"name": "Smother", "reason": "it is a utility entry, and combat has no place for it"},
        {"name": "Road Sense", "reason": "its catalog entry has no mechanics"},
        {"name": "Lucky guess", "reason": "it was typed by hand, so it has no numeric meaning"},
    ]


def test_health_on_the_bar_is_never_rounded_down_to_zero_and_zero_starts_down(ember):
    assert health_on_bar(1, 8, 5) == 1  # 0.625 would round to 1 anyway; 1 of 80 would not:
    assert health_on_bar(1, 80, 5) == 1
    assert health_on_bar(8, 8, 40) == 40
    lent = lend(ember, wren(grit=0), 40)
    assert (lent["health"]["start"], lent["health"]["down"]) == (0, True)


def test_a_bigger_die_never_hits_weaker():
    from shared.ruleset.mechanics.amounts import Amount

    values = [multiplier(Amount(dice=d)) for d in ("1d4", "1d6", "1d8", "2d6", "3d6", "4d8", "8d6", "20d10")]
    assert values == sorted(values)
    assert values[0] == 0.81 and values[-1] == 3.0


def test_write_back_applies_the_difference_through_the_sheet(ember):
    member = wren()
    # Started at 15 of 40; ended at 10 of 40: a quarter of 8 is 2 Grit, 1 below the start.
    # One Luck spent in the fight.
    out = write_back(ember, member, {"health": 10, "maxHealth": 40, "mp": 1})
    assert out["changes"] == [
        {"what": "grit", "op": "damage", "amount": 1, "result": "ok"},
        {"what": "luck", "op": "spend", "amount": 1, "result": "ok"},
    ]
    assert out["sheet"]["live"]["pools"] == {"grit": 2, "luck": 1}
    assert member["sheet"]["live"]["pools"] == {"grit": 3, "luck": 2}


def test_health_that_never_moved_writes_nothing(ember):
    out = write_back(ember, wren(), {"health": 15, "maxHealth": 40, "mp": 2})
    assert out["changes"] == []
    assert out["notes"] == ["the health bar ended where it started, so no health change is written"]
    assert out["sheet"] == wren()["sheet"]


def test_healing_is_written_back_and_counts_are_restored_to_their_maximum(ember):
    out = write_back(ember, wren(), {"health": 40, "maxHealth": 40, "mp": 5})
    assert out["changes"] == [
        {"what": "grit", "op": "heal", "amount": 5, "result": "ok"},
        {"what": "luck", "op": "restore", "amount": 3, "result": "ok"},
    ]
    assert out["sheet"]["live"]["pools"] == {"grit": 8, "luck": 3}


def test_an_abandoned_fight_writes_nothing(ember):
    out = write_back(ember, wren(), {"health": 0, "maxHealth": 40, "mp": 0}, abandoned=True)
    assert out == {"name": "Wren", "sheet": wren()["sheet"], "changes": [],
                   "notes": ["the fight was abandoned, so nothing is written back"]}


def slotted_ruleset():
    """Ember Roads with two slot pools and knacks that pay in slots, to read the cost rules."""
    data = ember_data()
    data["sheet"]["live"]["pools"] += [
        {"id": "slots_1", "label": "Level 1 slots", "max": {"const": 3}},
        {"id": "slots_2", "label": "Level 2 slots", "max": {"const": 2}},
    ]
    data["battle"]["slots"] = [{"pool": "slots_1", "level": 1}, {"pool": "slots_2", "level": 2}]
    knacks = data["catalogs"][0]
    base = {"kind": "attack", "range": 6, "amount": {"dice": "1d8"}}
    for entry_id, cost, area in (
        ("one-slot", [{"pool": "slots_1", "amount": 1}], {"shape": "cone", "size": 6}),
        ("two-slots", [{"pool": "slots_1", "amount": 2}], None),
        ("two-levels", [{"pool": "slots_1", "amount": 1}, {"pool": "slots_2", "amount": 1}], None),
        ("slot-and-luck", [{"pool": "slots_2", "amount": 1}, {"pool": "luck", "amount": 1}], None),
        ("luck-three", [{"pool": "luck", "amount": 3}], {"shape": "line", "size": 9}),
    ):
        mech = copy.deepcopy(base)
        mech["cost"] = cost
        if area:
            mech["area"] = area
        knacks["entries"].append({"id": entry_id, "label": entry_id, "mechanics": mech,
                                  "rows": [{"list": "knacks", "values": {"name": entry_id}}]})
    return load_package(data)


def test_costs_become_mp_or_one_slot_and_the_rest_is_left_out():
    ruleset = slotted_ruleset()
    names = ["one-slot", "two-slots", "two-levels", "slot-and-luck", "luck-three"]
    lent = lend(ruleset, wren(knacks=[{"name": n, "_catalog": f"knacks/{n}"} for n in names]), 20)
    assert lent["slots"] == {"1": {"pool": "slots_1", "current": 3, "max": 3},
                             "2": {"pool": "slots_2", "current": 2, "max": 2}}
    skills = {s["name"]: s for s in lent["skills"]}
    assert (skills["one-slot"]["slotLevel"], skills["one-slot"]["mpCost"], skills["one-slot"]["area"]) == (
        1, 0, {"shape": "cone", "radius": 1})
    assert (skills["luck-three"]["mpCost"], skills["luck-three"]["area"]) == (
        3, {"shape": "line", "width": 1, "length": 4})
    assert lent["leftOut"] == [
        {"name": "two-slots", "reason": "it costs 2 slots, and combat spends one slot at a time"},
        {"name": "two-levels", "reason": "it costs slots of two levels, and combat spends one slot at a time"},
        {"name": "slot-and-luck", "reason": "it costs a slot and energy together, and combat charges only one of them"},
    ]
    out = write_back(ruleset, wren(knacks=[]), {"health": 8, "maxHealth": 20, "mp": 2, "slots": {"1": 1}})
    assert out["changes"] == [{"what": "level 1 slots", "op": "spend", "amount": 2, "result": "ok"}]
    assert out["sheet"]["live"]["pools"]["slots_1"] == 1
