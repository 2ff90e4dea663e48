"""Fights on a board: setup and refusals, walking with its log line, reach filtering the
menu, the leaves-reach window (asked, answered, resumed; reloaded from JSON mid-window),
dash and disengage, and whole fights with the example and the upstream rulesets."""

from __future__ import annotations

import json

import pytest

from shared.combat import BattleState, SetupError, advance, decide_for, menu, start_battle
from shared.combat.fight import Refusal
from tests.combat.kit import EXAMPLES, UPSTREAM, foe, juno_marsh, marsh, ruleset, wren_marsh

BOARD = {"rows": ["........", "........", "..,.....", "........"]}


def marsh_board(**combat):
    pkg = marsh()
    pkg["combat"].update(combat)
    return ruleset(pkg)


def start(rs, party, foes, board=BOARD, seed=3, **kw):
    return start_battle(rs, party, foes, seed=seed, board=board, **kw)


def test_a_board_needs_distance_and_the_tactical_style():
    rs = ruleset(marsh())
    state, events = start(rs, [juno_marsh() | {"position": [0, 0]}], [foe("bog-hound", position=[5, 0])])
    assert state.board is not None and state.style == "tactical"
    assert events[0].text == "The fight is on a 8 x 4 board: Juno 0, 0, Bog Hound 5, 0."
    classic, events = start(rs, [juno_marsh()], [foe("bog-hound")], style="classic")
    assert classic.board is None
    assert events[0].text == ("The board is set aside: the combat style is classic, so the fight is played as "
                              "theatre of the mind.")
    with pytest.raises(SetupError) as err:
        start(marsh_board(styles=["classic"]), [juno_marsh()], [foe("bog-hound")])
    assert err.value.problems == ["Lantern Marsh allows the combat styles classic, not 'tactical'"]


def test_bad_starting_positions_are_refused():
    rs = ruleset(marsh())
    board = {"rows": ["..#.", "...."]}
    cases = [
        ([0, 0], [0, 0], "Bog Hound: 0, 0 is already Juno's cell"),
        ([2, 0], [3, 1], "Juno: 2, 0 is wall, which nobody can stand on"),
        ([9, 0], [3, 1], "Juno: 9, 0 is off the 4 x 2 board"),
    ]
    for mine, theirs, problem in cases:
        with pytest.raises(SetupError) as err:
            start(rs, [juno_marsh() | {"position": mine}], [foe("bog-hound", position=theirs)], board=board)
        assert err.value.problems == [problem]
    with pytest.raises(SetupError) as err:
        start(rs, [juno_marsh()], [foe("bog-hound")], board={"rows": ["..x"]})
    assert err.value.problems == ["board.rows[0]: unknown terrain 'x' at 2, 0"]


def test_walking_costs_and_the_log_line_in_the_rulesets_unit():
    rs = ruleset(marsh())
    state, _ = start(rs, [juno_marsh() | {"position": [0, 2]}], [foe("bog-hound", position=[7, 0])], dice=[3, 3, 12, 1])
    assert state.pending.actor == "juno"
    options = {o.id: o for o in menu(rs, state, "juno")}
    # Movement 6 strides on one-stride cells; (2, 2) is rough: two steps cost 1 + 2 (the
    # diagonal first: all eight directions cost the same).
    walk = options["move:2,2"]
    assert walk.board == {"cell": [2, 2], "path": [[1, 1], [2, 2]], "cost": "3 strides", "left": "3 strides", "cells": 3}
    assert options["move:6,2"].board["cost"] == "6 strides"
    assert "move:7,2" not in options
    # Out of reach: the axe is not on the menu until Juno stands beside the hound.
    assert "attack:kit:reed-axe" not in options
    state, events = advance(rs, state, {"actor": "juno", "option": "move:2,2"})
    assert [e.text for e in events] == ["Juno moves to 2, 2 for 3 strides and has 3 strides left."]
    assert advance(rs, state, {"actor": "juno", "option": "move:7,2"}) == Refusal(
        "unknown-option", "'move:7,2' is not on Juno's menu now")


def test_a_target_too_far_or_out_of_sight_is_refused_for_that_reason():
    rs = ruleset(marsh())
    # Wren at 0, 0 behind the wall column x = 2 (rows 0 and 1); Lantern Flare has range 6.
    # The first hound (4, 0) is 4 cells off, in range, but the line to it crosses the wall;
    # the second (0, 2) is 2 cells off in the open; the third (7, 2) is 7 cells off: 7 > 6.
    board = {"rows": ["..#.....", "..#.....", "........"]}
    foes = [foe("bog-hound", position=[4, 0]), foe("bog-hound", position=[0, 2]), foe("bog-hound", position=[7, 2])]
    state, _ = start(rs, [wren_marsh("lantern-flare") | {"position": [0, 0]}], foes,
                     board=board, dice=[3, 3, 3, 3, 3, 3, 12, 1, 1, 1] + [4] * 20)
    assert state.pending.actor == "wren"
    flare = "ability:charms:lantern-flare"
    assert {o.id: o for o in menu(rs, state, "wren")}[flare].targets == ["bog-hound-2"]
    choose = {"actor": "wren", "option": flare}
    assert advance(rs, state, choose | {"targets": ["bog-hound"]}) == Refusal(
        "no-line-of-sight", "Wren cannot see Bog Hound: something solid is in between")
    assert advance(rs, state, choose | {"targets": ["bog-hound-3"]}) == Refusal(
        "out-of-reach", "Bog Hound 3 is 7 strides away from Wren; Lantern Flare reaches 6 strides")
    # A target the option never takes (Wren's own side) is still a bad target.
    assert advance(rs, state, choose | {"targets": ["wren"]}) == Refusal(
        "bad-target", "'wren' cannot be aimed at with Lantern Flare now")
    # An option the board left off altogether: Juno's Reed axe (reach 1) with the hound
    # 7 cells off (0, 2 to 7, 0), named with or without its target.
    state, _ = start(rs, [juno_marsh() | {"position": [0, 2]}], [foe("bog-hound", position=[7, 0])], dice=[3, 3, 12, 1])
    assert "attack:kit:reed-axe" not in {o.id for o in menu(rs, state, "juno")}
    far = Refusal("out-of-reach", "Bog Hound is 7 strides away from Juno; Reed axe reaches 1 strides")
    assert advance(rs, state, {"actor": "juno", "option": "attack:kit:reed-axe", "targets": ["bog-hound"]}) == far
    assert advance(rs, state, {"actor": "juno", "option": "attack:kit:reed-axe"}) == far
    assert advance(rs, state, {"actor": "juno", "option": "attack:kit:nothing"}) == Refusal(
        "unknown-option", "'attack:kit:nothing' is not on Juno's menu now")


def _window_fight():
    rs = marsh_board(opportunity={"budget": "quick"})
    party = [juno_marsh() | {"position": [3, 1]}]
    foes = [foe("bog-hound", position=[4, 1])]
    # The hound's health 3 + 3 + 2, then initiative: Juno 1, the hound 12. The hound's
    # turn passes (its Quick action, the opportunity budget, refilled) and Juno walks.
    state, _ = start(rs, party, foes, dice=[3, 3, 1, 12] + [4] * 40)
    state, _ = advance(rs, state, {"actor": "bog-hound", "option": "end-turn"})
    return rs, state


def test_leaving_reach_opens_the_window_and_the_walk_resumes():
    rs, state = _window_fight()
    assert state.pending.actor == "juno"
    options = {o.id: o for o in menu(rs, state, "juno")}
    away = options["move:0,1"]
    assert away.board["strikes"] == [{"cell": [3, 1], "by": "bog-hound"}]
    state, events = advance(rs, state, {"actor": "juno", "option": "move:0,1"})
    window = state.pending.window
    assert state.pending.decision == "window" and state.pending.actor == "bog-hound"
    assert window.moment == "leaves-reach" and window.asking == ["bog-hound"]
    assert window.resume.cells == [[2, 0], [1, 0], [0, 1]] and window.id == f"w{events[-1].seq}"
    assert events[-1].text == "Juno walks out of Bog Hound's reach at 3, 1; the fight waits for that answer."
    assert state.combatant("juno").position == [3, 1]
    hound_menu = [o.id for o in menu(rs, state, "bog-hound")]
    assert hound_menu[-1] == "pass" and "action:bite" in hound_menu
    # Saved mid-window and reloaded: the same answer gives the same events.
    reloaded = BattleState.model_validate(json.loads(json.dumps(state.model_dump(mode="json"))))
    a, ea = advance(rs, state, {"actor": "bog-hound", "option": "pass"})
    b, eb = advance(rs, reloaded, {"actor": "bog-hound", "option": "pass"})
    assert [e.model_dump() for e in ea] == [e.model_dump() for e in eb]
    assert [e.text for e in ea][:2] == ["Bog Hound lets Juno go.", "Juno moves to 0, 1 for 3 strides and has 3 strides left."]
    assert a.combatant("juno").position == [0, 1] and a.pending.actor == "juno"
    # Striking spends the opportunity budget and resolves like the bite on its own turn.
    c, ec = advance(rs, reloaded, {"actor": "bog-hound", "option": "action:bite", "targets": ["juno"]})
    assert c.combatant("bog-hound").budgets["quick"] == 0
    assert any(e.text.startswith("Bog Hound attacks Juno with Bite: ") for e in ec)


def test_disengage_prevents_the_strike():
    rs, state = _window_fight()
    assert state.pending.actor == "juno"
    state, events = advance(rs, state, {"actor": "juno", "option": "standard:disengage"})
    assert events[0].text == "Juno disengages: nobody strikes at them as they walk away this turn."
    assert "strikes" not in {o.id: o for o in menu(rs, state, "juno")}["move:0,1"].board
    state, events = advance(rs, state, {"actor": "juno", "option": "move:0,1"})
    assert state.pending.decision == "turn"


def test_dash_adds_the_allowance_again():
    rs, state = _window_fight()
    assert state.pending.actor == "juno"
    state, events = advance(rs, state, {"actor": "juno", "option": "standard:dash"})
    assert events[0].text == "Juno dashes: 6 strides more movement, 12 strides in all."


def test_area_aimed_at_a_cell_and_bad_cells_refused():
    pkg = marsh()
    for cat in pkg["catalogs"]:
        for entry in cat["entries"]:
            if entry["id"] == "lantern-flare":
                entry["mechanics"]["area"] = {"shape": "burst", "size": 2}
                entry["mechanics"]["range"] = 5
    rs = ruleset(pkg)
    state, _ = start(rs, [wren_marsh("lantern-flare") | {"position": [0, 1]}],
                     [foe("bog-hound", position=[4, 1], count=2)], dice=[3, 3, 3, 3, 12, 1, 1] + [4] * 40)
    if state.pending.actor != "wren":
        pytest.skip("initiative order")
    flare = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:lantern-flare"]
    # The second hound stands on the nearest free cell to the group's start, (4, 0).
    assert flare.count == 0 and flare.board["catches"]["4,1"] == ["bog-hound", "bog-hound-2"]
    assert flare.board["area"] == {"shape": "burst", "size": "2 strides", "range": "5 strides"}
    refused = advance(rs, state, {"actor": "wren", "option": "ability:charms:lantern-flare", "cell": [7, 3]})
    assert refused == Refusal("bad-cell", "Lantern Flare cannot be aimed at 7, 3")
    state, events = advance(rs, state, {"actor": "wren", "option": "ability:charms:lantern-flare", "cell": [4, 1]})
    assert events[0].text.startswith("Wren aims Lantern Flare at 4, 1, catching Bog Hound")


def _whole_fight(rs, party, foes, board, seed):
    state, _ = start_battle(rs, party, foes, seed=seed, board=board)
    steps = 0
    while state.pending is not None and not state.outcome:
        state, _ = advance(rs, state, decide_for(rs, state))
        steps += 1
        assert steps < 2000
    return state


def test_whole_example_fight_on_the_marsh_board_is_deterministic():
    rs = ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = json.loads((EXAMPLES / "party.json").read_text())
    foes = json.loads((EXAMPLES / "foes.json").read_text())
    board = json.loads((EXAMPLES / "board-marsh.json").read_text())
    a = _whole_fight(rs, party, foes, board, 7)
    b = _whole_fight(rs, party, foes, board, 7)
    assert a.outcome in ("victory", "defeat")
    assert [e.model_dump() for e in a.events] == [e.model_dump() for e in b.events]
    assert any(e.kind == "move" for e in a.events)
    cells = [tuple(c.position) for c in a.combatants if not c.out]
    assert len(cells) == len(set(cells))


@pytest.mark.skipif(not (UPSTREAM / "ruleset-5e-2014.example.json").exists(), reason="upstream rulesets are absent")
def test_whole_fight_on_a_board_with_the_5e_example():
    from shared.ruleset.load import load_package

    data = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
    rs = load_package(data)
    entries = {e.id: e for c in rs.catalogs or [] if c.holds == "creatures" for e in c.entries}
    sergeant = entries["toll-sergeant"].creature.model_dump(mode="json", by_alias=True, exclude_none=True)["sheet"]
    party = [{"name": "Sergeant", "sheet": sergeant, "position": [0, 4]}]
    foes = [{"creature": "cinder-hound", "position": [9, 3]}, {"creature": "thorn-lurker", "position": [9, 5]}]
    board = {"rows": ["..........", "...#......", "...#..T...", "..........", "....,,....", "..........",
                      "..........", ".........."]}
    a = _whole_fight(rs, party, foes, board, 5)
    b = _whole_fight(rs, party, foes, board, 5)
    assert a.outcome is not None and a.board is not None
    assert [e.model_dump() for e in a.events] == [e.model_dump() for e in b.events]
    assert any(e.text.startswith("Sergeant moves to ") or e.text.startswith("Cinder") for e in a.events)
