"""Taking a rest: every kind of recovery step and what a rest clears."""

from __future__ import annotations

import json

from shared.ruleset import load_package
from shared.sheet import Refusal, SheetView, rest
from tests.conftest import UPSTREAM, needs_upstream
from tests.sheet.packages import d20, roads

ROADS = roads()
D20 = d20()


def test_make_camp():
    sheet = {
        "abilities": {"brawn": 2},
        "fields": {"toughness": 3},
        "lists": {"tricks": [{"name": "Second Wind", "uses": 2, "recharge": "camp"}, {"name": "Quick Step", "uses": 1, "recharge": "scene"}]},
        "live": {
            "pools": {"grit": 2, "luck": 0, "tricks:second-wind": 0, "tricks:quick-step": 0},
            "tracks": {"heat": 3},
            "states": {"stance": "reckless"},
            "conditions": ["shaken", "wounded"],
            "text": {"note": "the bridge"},
        },
    }
    after = rest(ROADS, sheet, "camp")
    v = SheetView(ROADS, after)
    assert v.pool("grit")[1] == 9
    assert v.pool("luck")[1] == 1
    assert v.track("heat").value == 2
    assert v.pool("tricks:second-wind")[1] == 2  # recharges at camp
    assert v.pool("tricks:quick-step")[1] == 0  # recharges each scene, not at camp
    assert v.state("stance") == "steady"
    assert v.conditions() == ["wounded"]
    assert v.text("note") == ""


def test_a_kind_step_mends_knocks_and_leaves_tears():
    sheet = {"live": {"marks": {"harm": ["tear", "knock", "knock"]}}}
    assert SheetView(ROADS, rest(ROADS, sheet, "breather")).track("harm").state.marks == ("tear",)


def test_to_reduces_to_that_many_marks_overflow_included():
    sheet = {"live": {"marks": {"harm": ["tear"] * 4}, "overflow": {"harm": 2}, "conditions": ["shaken"]}}
    after = SheetView(ROADS, rest(ROADS, sheet, "vigil"))
    assert (after.track("harm").state.marks, after.track("harm").state.overflow) == (("tear",), 0)
    assert after.conditions() == []


def test_negative_by_clears_and_positive_by_is_skipped():
    sheet = {"live": {"marks": {"harm": ["tear", "knock", "knock"]}, "overflow": {"harm": 1}}}
    after = SheetView(ROADS, rest(ROADS, sheet, "mend")).track("harm").state
    assert (after.marks, after.overflow) == (("tear", "knock"), 0)


def test_long_rest_hit_dice_by_half_rounded_down_at_least_one():
    for level, spent, expected in [(5, 5, 2), (1, 1, 1), (4, 1, 4), (9, 9, 4)]:
        sheet = {"fields": {"level": level}, "live": {"pools": {"hit_dice": level - spent, "hp": 1}, "tracks": {"exhaustion": 2, "death_save_failures": 2}, "text": {"concentration": "Bless"}}}
        v = SheetView(D20, rest(D20, sheet, "long"))
        assert v.pool("hit_dice")[1] == expected
        assert v.pool("hp")[1] == 8
        assert v.track("exhaustion").value == 1
        assert v.track("death_save_failures").value == 0
        assert v.text("concentration") == ""


def test_pool_group_to_max_skips_pools_the_sheet_does_not_have():
    sheet = {"fields": {"slots_max_1": 4}, "live": {"pools": {"slots_1": 0}}}
    after = rest(D20, sheet, "long")
    assert after["live"]["pools"]["slots_1"] == 4
    assert "slots_2" not in after["live"]["pools"]


def test_shared_group_fraction_is_handed_out_in_sheet_order():
    # 4 + 3 slots: half of 7 rounded down is 3, given first to the 1st-level slots.
    sheet = {"fields": {"slots_max_1": 4, "slots_max_2": 3}, "live": {"pools": {"slots_1": 2, "slots_2": 0}}}
    v = SheetView(D20, rest(D20, sheet, "shared"))
    assert (v.pool("slots_1")[1], v.pool("slots_2")[1]) == (4, 1)


def test_group_fraction_without_shared_is_each_pools_own():
    sheet = {"fields": {"slots_max_1": 4, "slots_max_2": 3}, "live": {"pools": {"slots_1": 0, "slots_2": 0}}}
    v = SheetView(D20, rest(D20, sheet, "each"))
    assert (v.pool("slots_1")[1], v.pool("slots_2")[1]) == (2, 2)


def test_a_hidden_state_is_left_alone():
    sheet = {"fields": {"watch": "dusk"}, "live": {"states": {"light": "out"}}}
    assert rest(ROADS, sheet, "vigil")["live"]["states"] == {"light": "out"}


def test_unknown_rest():
    assert rest(ROADS, {}, "nap") == Refusal("unknown-rest", "there is no rest 'nap' in this ruleset")
    assert SheetView(ROADS, rest(ROADS, {"live": {"marks": {"harm": ["knock"]}}}, "Catch your breath")).track("harm").value == 0


@needs_upstream
def test_upstream_rests():
    grave = load_package(json.loads((UPSTREAM / "gravewatch.json").read_text()))
    sheet = {"live": {"pools": {"resolve": 0}, "marks": {"harm": ["tear", "knock"]}, "states": {"light": "out"}, "conditions": ["rattled", "marked"]}}
    breather = SheetView(grave, rest(grave, sheet, "breather"))
    assert breather.track("harm").state.marks == ("tear",)
    vigil = SheetView(grave, rest(grave, sheet, "vigil"))
    assert (vigil.pool("resolve")[1], vigil.track("harm").value, vigil.state("light"), vigil.conditions()) == (4, 0, "lit", ["marked"])
    five = load_package(json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text()))
    sheet = {"fields": {"level": 6}, "lists": {"counters": [{"name": "Ki", "max": 6, "recharge": "short"}, {"name": "Rage", "max": 3}]},
             "live": {"pools": {"hit_dice": 0, "counters:ki": 0, "counters:rage": 0}}}
    short = SheetView(five, rest(five, sheet, "short"))
    assert (short.pool("counters:ki")[1], short.pool("counters:rage")[1]) == (6, 0)
    long = SheetView(five, rest(five, sheet, "long"))
    assert (long.pool("counters:rage")[1], long.pool("hit_dice")[1]) == (3, 3)
