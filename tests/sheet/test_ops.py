"""Sheet operations: what each one writes, and the refusals, which change nothing."""

from __future__ import annotations

import copy

import pytest

from shared.sheet import (
    Refusal,
    SheetView,
    advance,
    apply,
    damage,
    heal,
    move_track,
    restore,
    set_condition,
    set_state,
    set_temp,
    set_text,
    spend,
)
from tests.sheet.packages import d20, roads

ROADS = roads()
D20 = d20()
HERO = {"abilities": {"brawn": 2}, "fields": {"toughness": 3}}  # Grit 9


def pool(ruleset, sheet, key):
    return SheetView(ruleset, sheet).pool(key)[1:]


def test_spend_and_restore():
    sheet = spend(ROADS, HERO, "grit", 4)
    assert pool(ROADS, sheet, "grit") == (5, 0)
    sheet = restore(ROADS, sheet, "Grit", 10)  # by label, never above the maximum
    assert pool(ROADS, sheet, "grit") == (9, 0)
    assert sheet["live"]["pools"] == {"grit": 9}


def test_spend_more_than_is_left_is_refused():
    sheet = spend(ROADS, HERO, "luck", 2)
    refused = spend(ROADS, sheet, "luck", 2)
    assert refused == Refusal("insufficient", "Luck has 1 left, not enough to spend 2")


def test_operations_never_change_their_input():
    before = copy.deepcopy(HERO)
    spend(ROADS, HERO, "grit", 1)
    damage(ROADS, HERO, 3, pool="grit")
    set_condition(ROADS, HERO, "shaken")
    assert HERO == before


def test_damage_takes_temporary_points_first_and_stops_at_zero():
    sheet = set_temp(D20, {"fields": {"hp_max": 20}}, "hp", 5)
    sheet = damage(D20, sheet, 8, pool="hp")
    assert pool(D20, sheet, "hp") == (17, 0)
    assert "temp" not in sheet["live"]
    sheet = damage(D20, sheet, 50, pool="hp")
    assert pool(D20, sheet, "hp") == (0, 0)


def test_temporary_points_keep_the_bigger_buffer():
    sheet = set_temp(D20, {}, "hp", 5)
    assert pool(D20, set_temp(D20, sheet, "hp", 3, keep_bigger=True), "hp") == (8, 5)
    assert pool(D20, set_temp(D20, sheet, "hp", 3), "hp") == (8, 3)
    assert set_temp(D20, {}, "hit_dice", 2).code == "no-temp"


def test_heal_a_pool():
    sheet = damage(D20, {}, 6, pool="hp")
    assert pool(D20, heal(D20, sheet, 4, pool="hp"), "hp") == (6, 0)
    assert pool(D20, heal(D20, sheet, 40, pool="hp"), "hp") == (8, 0)


def test_list_row_pools_are_spent_by_key_or_row_name():
    sheet = {"lists": {"tricks": [{"name": "Second Wind", "uses": 2}]}}
    sheet = spend(ROADS, sheet, "Second Wind", 1)
    assert sheet["live"]["pools"] == {"tricks:second-wind": 1}
    sheet = spend(ROADS, sheet, "tricks:second-wind", 1)
    assert spend(ROADS, sheet, "tricks:second-wind", 1).code == "insufficient"


def test_hidden_pool_is_not_on_the_sheet():
    hidden = {"fields": {"watch": "dawn"}}
    assert spend(ROADS, hidden, "oil", 1).code == "unknown-pool"
    assert pool(ROADS, spend(ROADS, {}, "oil", 1), "oil") == (2, 0)


def test_plain_track_moves_within_its_bounds():
    sheet = move_track(ROADS, {}, "heat", by=4)
    assert SheetView(ROADS, sheet).track("heat").value == 4
    assert SheetView(ROADS, move_track(ROADS, sheet, "heat", by=9)).track("heat").value == 5
    assert SheetView(ROADS, move_track(ROADS, sheet, "Heat", to="min")).track("heat").value == 0
    assert move_track(ROADS, sheet, "heat", by=1, to=2).code == "bad-value"


def test_conditions_on_and_off():
    sheet = set_condition(ROADS, {}, "Wounded")
    sheet = set_condition(ROADS, sheet, "shaken")
    assert sheet["live"]["conditions"] == ["shaken", "wounded"]
    sheet = set_condition(ROADS, sheet, "shaken", on=False)
    assert sheet["live"]["conditions"] == ["wounded"]
    assert set_condition(ROADS, sheet, "dazed").code == "unknown-condition"


def test_states_by_value_or_label_and_only_changes_are_stored():
    sheet = set_state(ROADS, {}, "Stance", "Reckless")
    assert sheet["live"]["states"] == {"stance": "reckless"}
    assert "states" not in set_state(ROADS, sheet, "stance", "steady")["live"]
    assert set_state(ROADS, {}, "form", "wolf") == Refusal("unknown-state", "there is no state 'form' on this sheet")
    assert set_state(ROADS, {}, "stance", "calm").code == "unknown-value"
    assert set_state(ROADS, {"fields": {"watch": "dusk"}}, "light", "out").code == "unknown-state"  # hidden


def test_notes():
    sheet = set_text(ROADS, {}, "note", "Bless")
    assert sheet["live"]["text"] == {"note": "Bless"}
    assert "text" not in set_text(ROADS, sheet, "note", "")["live"]
    assert set_text(ROADS, {}, "note", "x" * 21).code == "bad-value"


def test_advance_a_field():
    sheet = advance(ROADS, {"fields": {"toughness": 3}}, "toughness", by=2)
    assert sheet["fields"]["toughness"] == 5
    assert advance(ROADS, sheet, "toughness", by=2) == Refusal("bad-value", "Toughness must be within 0..6, not 7")
    assert advance(ROADS, sheet, "calling", to="Smith")["fields"]["calling"] == "Smith"
    assert advance(ROADS, sheet, "watch", to="noon").code == "bad-value"
    assert advance(ROADS, sheet, "nothing", to=1).code == "unknown-field"


@pytest.mark.parametrize(
    "command, check",
    [
        ({"op": "spend", "pool": "grit", "amount": "2"}, lambda v: v.pool("grit")[1] == 7),
        ({"op": "damage", "track": "harm", "kind": "knock", "amount": "2"}, lambda v: v.harm_penalty() == -1),
        ({"op": "track", "track": "heat", "by": "+2"}, lambda v: v.track("heat").value == 2),
        ({"op": "condition", "condition": "shaken", "state": "on"}, lambda v: v.conditions() == ["shaken"]),
        ({"op": "state", "state": "Stance", "value": "Guarded"}, lambda v: v.state("stance") == "guarded"),
        ({"op": "note", "field": "note", "value": "Bless"}, lambda v: v.text("note") == "Bless"),
        ({"op": "temp", "pool": "hp", "amount": 1}, None),
    ],
)
def test_apply_a_command(command, check):
    if check is None:
        assert SheetView(D20, apply(D20, {}, command)).pool("hp")[1:] == (8, 1)
    else:
        assert check(SheetView(ROADS, apply(ROADS, HERO, command)))


@pytest.mark.parametrize(
    "command, code",
    [
        ({"op": "fly"}, "unknown-op"),
        ({"op": "temp", "pool": "grit", "amount": 1}, "no-temp"),
        ({"op": "spend", "pool": "mana", "amount": 1}, "unknown-pool"),
        ({"op": "spend", "pool": "grit", "amount": -1}, "bad-amount"),
        ({"op": "spend", "pool": "grit", "amount": "lots"}, "bad-amount"),
        ({"op": "damage", "pool": "grit", "track": "heat", "amount": 1}, "bad-value"),
        ({"op": "damage", "track": "heat", "amount": 1}, "not-harm-track"),
        ({"op": "condition", "condition": "shaken", "state": "maybe"}, "bad-value"),
        ({"op": "rest", "rest": "nap"}, "unknown-rest"),
    ],
)
def test_refused_commands_change_nothing(command, code):
    result = apply(ROADS, HERO, command)
    assert isinstance(result, Refusal) and result.code == code
    assert not result
