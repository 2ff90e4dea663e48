"""Harm tracks, rule by rule as the spec writes them, through the sheet operations."""

from __future__ import annotations

import json

import pytest

from shared.ruleset import load_package
from shared.sheet import Refusal, SheetView, damage, heal, mark, move_track
from tests.conftest import UPSTREAM, needs_upstream
from tests.sheet.packages import roads, roads_data

ROADS = roads()


def marks(sheet, track="harm"):
    info = SheetView(ROADS, sheet).track(track)
    return list(info.state.marks), info.state.overflow


def marked(*steps, sheet=None):
    sheet = sheet if sheet is not None else {}
    for kind, amount in steps:
        sheet = mark(ROADS, sheet, "harm", kind, amount)
        assert not isinstance(sheet, Refusal), sheet
    return sheet


def test_a_mark_takes_the_highest_level_its_severity_can_and_pushes_lighter_marks_down():
    sheet = marked(("knock", 2), ("tear", 1))
    assert marks(sheet) == (["tear", "knock", "knock"], 0)


def test_amount_is_marks_applied_one_at_a_time_and_a_full_track_raises_its_lightest_mark():
    sheet = marked(("knock", 3), ("knock", 3))
    # The fourth knock fills the track; the fifth and sixth each raise the lightest knock.
    assert marks(sheet) == (["tear", "tear", "knock", "knock"], 0)


def test_raising_is_one_step_of_the_marks_own_kind_whatever_the_new_marks_kind():
    sheet = marked(("knock", 4), ("tear", 1))
    assert marks(sheet) == (["tear", "knock", "knock", "knock"], 0)


def test_what_cannot_go_in_is_overflow_and_is_kept():
    sheet = marked(("tear", 4), ("knock", 2))
    assert marks(sheet) == (["tear"] * 4, 2)
    assert sheet["live"]["overflow"] == {"harm": 2}


def test_penalty_is_the_lowest_marked_level_not_a_sum():
    assert SheetView(ROADS, marked(("knock", 3))).harm_penalty() == -3


def test_healing_clears_overflow_first_then_the_lightest_marks():
    sheet = marked(("tear", 4), ("knock", 1))
    sheet = mark(ROADS, sheet, "harm", None, -2)
    assert marks(sheet) == (["tear"] * 3, 0)


def test_healing_that_names_a_kind_clears_only_that_kind():
    sheet = marked(("tear", 1), ("knock", 2))
    sheet = heal(ROADS, sheet, 5, track="harm", kind="tear")
    assert marks(sheet) == (["knock", "knock"], 0)


def test_healing_that_names_no_kind_on_the_track_clears_the_lightest():
    sheet = marked(("tear", 1), ("knock", 2))
    sheet = damage(ROADS, sheet, -1, track="harm", kind="burn")
    assert marks(sheet) == (["tear", "knock"], 0)


def test_a_plain_track_command_is_refused_on_a_harm_track():
    result = move_track(ROADS, {}, "harm", by=1)
    assert isinstance(result, Refusal) and result.code == "harm-track"


def test_a_mark_needs_a_kind_the_track_takes():
    assert mark(ROADS, {}, "harm", None, 1).code == "no-kind"
    assert mark(ROADS, {}, "harm", "burn", 1).code == "unknown-kind"


def refusing_roads():
    data = roads_data()
    harm = next(t for t in data["sheet"]["live"]["tracks"] if t["id"] == "harm")
    harm["onFull"] = "refuse"
    return load_package(data)


def test_on_full_refuse_refuses_the_whole_command():
    pkg = refusing_roads()
    sheet = mark(pkg, {}, "harm", "knock", 2)
    refused = mark(pkg, sheet, "harm", "tear", 3)
    assert isinstance(refused, Refusal) and refused.code == "track-full"
    assert SheetView(pkg, sheet).track("harm").state.marks == ("knock", "knock")
    filled = mark(pkg, sheet, "harm", "tear", 2)
    assert SheetView(pkg, filled).track("harm").state.marks == ("tear", "tear", "knock", "knock")


# -- indexed boxes ----------------------------------------------------------------------------------

HEART = {"abilities": {"heart": 2}}  # four strain boxes


def boxes(sheet):
    return list(SheetView(ROADS, sheet).track("strain").state.marks)


def test_indexed_marks_the_named_box_or_the_next_empty_one_above():
    sheet = mark(ROADS, HEART, "strain", "strain", 1, box=3)
    assert boxes(sheet) == [None, None, "strain", None]
    sheet = mark(ROADS, sheet, "strain", "strain", 1, box=3)
    assert boxes(sheet) == [None, None, "strain", "strain"]
    sheet = mark(ROADS, sheet, "strain", "strain", 1)
    assert boxes(sheet) == ["strain", None, "strain", "strain"]
    assert sheet["live"]["marks"]["strain"] == ["strain", None, "strain", "strain"]


def test_indexed_refuses_when_no_box_at_or_above_is_free():
    sheet = mark(ROADS, HEART, "strain", "strain", 1, box=4)
    refused = mark(ROADS, sheet, "strain", "strain", 1, box=4)
    assert isinstance(refused, Refusal) and refused.code == "track-full"
    assert mark(ROADS, sheet, "strain", "strain", 4).code == "track-full"  # three free boxes, four marks: none go in


def test_a_box_that_is_not_on_the_track():
    assert mark(ROADS, HEART, "strain", "strain", 1, box=5).code == "bad-box"
    assert mark(ROADS, {}, "harm", "knock", 1, box=1).code == "bad-box"


def test_indexed_healing_clears_the_highest_box_among_the_lightest():
    sheet = {**HEART, "live": {"marks": {"strain": ["strain", None, "strain"]}}}
    sheet = heal(ROADS, sheet, 1, track="strain")
    assert boxes(sheet) == ["strain", None, None, None]


def test_box_penalty_reads_the_boxes_left():
    sheet = {**HEART, "live": {"marks": {"strain": ["strain", "strain", None, "strain"]}}}
    assert SheetView(ROADS, sheet).track("strain").penalty == 0
    full = mark(ROADS, sheet, "strain", "strain", 1)
    assert SheetView(ROADS, full).track("strain").penalty == -1


@needs_upstream
@pytest.mark.parametrize(
    "steps, expected, penalty",
    [
        ([("knock", 1)], ["knock"], 0),
        ([("knock", 2), ("tear", 1)], ["tear", "knock", "knock"], -3),
        ([("knock", 4), ("knock", 1)], ["tear", "knock", "knock", "knock"], -99),
        ([("knock", 2), ("knock", -1)], ["knock"], 0),
    ],
)
def test_gravewatch_harm(steps, expected, penalty):
    grave = load_package(json.loads((UPSTREAM / "gravewatch.json").read_text()))
    sheet: dict = {}
    for kind, amount in steps:
        sheet = damage(grave, sheet, amount, track="harm", kind=kind)
    v = SheetView(grave, sheet)
    assert list(v.track("harm").state.marks) == expected
    assert v.harm_penalty() == penalty
