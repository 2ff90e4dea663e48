"""Properties of the sheet operations, over random sequences of commands: pools never
below 0 or above their maximum, tracks within their bounds, harm tracks sorted worst
first and never longer than the track, every accepted result still a valid character,
and a refused command changes nothing."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.sheet import Refusal, SheetView, apply, validate_character
from tests.sheet.packages import d20, roads

ROADS = roads()
D20 = d20()

amounts = st.integers(min_value=-4, max_value=12)

roads_commands = st.one_of(
    st.builds(lambda p, a: {"op": "spend", "pool": p, "amount": a}, st.sampled_from(["grit", "luck", "tricks:second-wind", "mana"]), amounts),
    st.builds(lambda p, a: {"op": "restore", "pool": p, "amount": a}, st.sampled_from(["grit", "luck", "tricks:second-wind"]), amounts),
    st.builds(lambda p, a: {"op": "damage", "pool": p, "amount": a}, st.sampled_from(["grit", "luck"]), amounts),
    st.builds(
        lambda k, a: {"op": "damage", "track": "harm", "kind": k, "amount": a},
        st.sampled_from(["knock", "tear", None, "burn"]), amounts,
    ),
    st.builds(
        lambda a, b: {"op": "damage", "track": "strain", "kind": "strain", "amount": a, "box": b},
        st.integers(min_value=-2, max_value=4), st.one_of(st.none(), st.integers(min_value=0, max_value=5)),
    ),
    st.builds(lambda b: {"op": "track", "track": "heat", "by": b}, st.integers(min_value=-7, max_value=7)),
    st.builds(lambda c, s: {"op": "condition", "condition": c, "state": s}, st.sampled_from(["shaken", "wounded", "dazed"]), st.sampled_from(["on", "off"])),
    st.builds(lambda v: {"op": "state", "state": "stance", "value": v}, st.sampled_from(["guarded", "steady", "reckless", "calm"])),
    st.builds(lambda r: {"op": "rest", "rest": r}, st.sampled_from(["camp", "breather", "mend", "vigil"])),
)

d20_commands = st.one_of(
    st.builds(lambda p, a: {"op": "spend", "pool": p, "amount": a}, st.sampled_from(["hp", "hit_dice", "slots_1", "slots_2"]), amounts),
    st.builds(lambda p, a: {"op": "damage", "pool": p, "amount": a}, st.sampled_from(["hp", "hit_dice"]), st.integers(0, 30)),
    st.builds(lambda a: {"op": "temp", "pool": "hp", "amount": a}, st.integers(0, 9)),
    st.builds(lambda a: {"op": "heal", "pool": "hp", "amount": a}, amounts),
    st.builds(lambda b: {"op": "track", "track": "exhaustion", "by": b}, st.integers(-8, 8)),
    st.builds(lambda r: {"op": "rest", "rest": r}, st.sampled_from(["long", "shared", "each"])),
)

START_ROADS = {
    "abilities": {"brawn": 1, "heart": 1},
    "lists": {"tricks": [{"name": "Second Wind", "uses": 2}], "scars": [{"name": "Bite", "levels": 1, "penalty": -1}]},
}
START_D20 = {"fields": {"level": 3, "hp_max": 20, "slots_max_1": 4, "slots_max_2": 2}}


def check_invariants(ruleset, sheet):
    view = SheetView(ruleset, sheet)
    for key in view.pools():
        _info, current, temp = view.pool(key)
        stored = (sheet.get("live") or {}).get("pools", {}).get(key)
        assert 0 <= current <= view.pools()[key].max
        assert stored is None or 0 <= stored <= view.pools()[key].max
        assert temp >= 0
    for model in view.idx.tracks:
        info = view.track(model.id)
        if info is None:
            continue
        assert info.min <= info.value <= info.max
        if info.harm is not None:
            stored = (sheet.get("live") or {}).get("marks", {}).get(model.id, [])
            assert len(stored) <= info.harm.length
            if not info.harm.indexed:
                order = [info.harm.severity[m] for m in stored]
                assert order == sorted(order, reverse=True)
    _character, problems = validate_character(ruleset, {"name": "Juno", "sheet": sheet})
    assert problems.lines() == []
    assert json.loads(json.dumps(sheet)) == sheet


def run(ruleset, start, commands):
    sheet = copy.deepcopy(start)
    for command in commands:
        before = copy.deepcopy(sheet)
        result = apply(ruleset, sheet, command)
        assert sheet == before  # never mutated, whatever the outcome
        if isinstance(result, Refusal):
            assert result.code and result.message
            continue
        sheet = result
        check_invariants(ruleset, sheet)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(roads_commands, max_size=20))
def test_roads_commands_keep_the_sheet_valid(commands):
    run(ROADS, START_ROADS, commands)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(d20_commands, max_size=20))
def test_d20_commands_keep_the_sheet_valid(commands):
    run(D20, START_D20, commands)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=12), st.integers(min_value=0, max_value=12))
def test_spending_more_than_is_left_is_refused_and_changes_nothing(spent, asked):
    sheet = apply(ROADS, START_ROADS, {"op": "spend", "pool": "grit", "amount": min(spent, 5)})
    left = SheetView(ROADS, sheet).pool("grit")[1]
    result = apply(ROADS, sheet, {"op": "spend", "pool": "grit", "amount": asked})
    if asked > left:
        assert isinstance(result, Refusal) and result.code == "insufficient"
    else:
        assert SheetView(ROADS, result).pool("grit")[1] == left - asked


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["knock", "tear"]), st.integers(1, 6)), max_size=6))
def test_marks_plus_overflow_count_every_mark_taken(blows):
    sheet: dict = {}
    for kind, amount in blows:
        sheet = apply(ROADS, sheet, {"op": "damage", "track": "harm", "kind": kind, "amount": amount})
    info = SheetView(ROADS, sheet).track("harm")
    taken = sum(a for _k, a in blows)
    # A full track raises a mark instead of adding one, so marks + overflow never exceed the blows.
    assert info.state.filled == min(taken, info.harm.length)
    assert info.state.filled + info.state.overflow <= taken
