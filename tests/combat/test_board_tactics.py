"""The Engine's tactics on a board (spec/combat-3 "How opponents use the board"): foes with
nothing in reach close in rather than take a token Dodge or Help, a bowman scores every cell
as it scores staying put (cover, long shots) and so never walks back and forth, an area the
Engine aims catches whoever stands in it, and all-Engine fights on the example and 5e boards
end well within MAX_ROUNDS."""

from __future__ import annotations

import json
import re

import pytest

from shared.combat import advance, start_battle
from shared.combat.engine import MAX_ROUNDS
from tests.combat.kit import EXAMPLES, FIXTURES, UPSTREAM, add_creature, juno_marsh, marsh, ruleset, wren_marsh

ROW = {"rows": ["." * 24]}


def moves(state, who: str) -> list[tuple[int, int]]:
    out = []
    for e in state.events:
        m = re.match(rf"{who} moves to (\d+), (\d+) for", e.text)
        if m:
            out.append((int(m.group(1)), int(m.group(2))))
    return out


def test_foes_with_nothing_in_reach_close_in_instead_of_a_token_dodge():
    # Lantern Marsh offers Dodge, Help and Dash; a Bog Hound 23 cells away (10 strides a turn) with nothing in
    # reach dashes (10 strides, 20 in all) and walks up to Juno instead of dodging. Dice: its
    # health 2d6 (5, 5), then initiative (Juno 1, the hound 12).
    rs = ruleset(marsh())
    hound = {"creature": "bog-hound", "controller": "engine", "position": [23, 0]}
    state, _ = start_battle(rs, [juno_marsh() | {"position": [0, 0]}], [hound], board=ROW, dice=[5, 5, 1, 12])
    log = [e.text for e in state.events]
    turn = log[log.index("Bog Hound's turn."):]
    assert turn[1] == "Bog Hound dashes: 10 strides more movement, 20 strides in all."
    assert turn[2] == "Bog Hound moves to 3, 0 for 20 strides and has 0 strides left."
    assert not any("dodges" in line for line in turn)
    assert state.pending.actor == "juno"


ARCHER = {
    "health": 30, "defense": 8, "initiativeModifier": 9, "speed": 6, "tier": "pack",
    "actions": [{"id": "bow", "name": "Reed bow", "budget": "act", "toHit": 3,
                 "damage": {"dice": "1d6", "type": "cut"}, "range": {"normal": 4, "long": 12}}],
}
#: Boards where the Reed Archer used to walk back and forth every turn (each cell's worth
#: came from where it stood: a target it could not see from there looked uncovered): Juno,
#: Wren and the archer's starting cells.
ARCHERIES = [
    (["T#T##..T..", "..#.....#.", "..T#......", ".TT##.#...", "T..#......", "T..#...#.#"],
     [1, 2], [0, 2], [5, 5]),
    (["#T#TT#.TT.", "..T......#", "...##.....", "....#.#..#", ".#.....T#.", ".T.......T"],
     [7, 4], [4, 0], [8, 0]),
    (["#..T.T....", "....T#....", ".T.T.###..", "#......T.#", "...#.#T...", ".T.#......"],
     [8, 3], [9, 0], [0, 1]),
]


def _archer_fight(rows, juno_at, wren_at, archer_at, rounds: int):
    pkg = marsh()
    pkg["combat"]["ranged"] = {"long": "disadvantage", "adjacentFoe": "disadvantage"}
    pkg["combat"]["cover"] = {"bonus": 2, "threeQuarters": 5}
    add_creature(pkg, "reed-archer", "Reed Archer", ARCHER)
    rs = ruleset(pkg)
    party = [juno_marsh() | {"position": juno_at}, wren_marsh() | {"position": wren_at}]
    archer = {"creature": "reed-archer", "controller": "engine", "position": archer_at}
    state, _ = start_battle(rs, party, [archer], board={"rows": rows}, seed=11)
    # The party stands still: each of them ends every turn where they are.
    while state.round <= rounds and state.outcome is None:
        state, _ = advance(rs, state, {"actor": state.pending.actor, "option": "end-turn"})
    return state


@pytest.mark.parametrize("rows,juno_at,wren_at,archer_at", ARCHERIES)
def test_an_archer_never_walks_back_and_forth(rows, juno_at, wren_at, archer_at):
    state = _archer_fight(rows, juno_at, wren_at, archer_at, 4)
    cells = moves(state, "Reed Archer")
    assert all(cells[i] != cells[i - 2] for i in range(2, len(cells))), cells
    # With nobody else moving, it finds its spot within its first turn and keeps it.
    assert len(cells) <= 2, cells


def test_the_archer_takes_its_spot_and_shoots():
    state = _archer_fight(*ARCHERIES[0], 4)
    assert moves(state, "Reed Archer") == [(4, 1)]
    # One shot a turn: rounds 1 to 4, and round 5, where it acts first.
    assert sum("Reed Archer attacks" in e.text for e in state.events) == 5


def test_the_engine_aims_an_area_at_whoever_stands_in_it():
    # The 5e Cinder Hound's Ember breath, aimed by the Engine, catches Brom and Ilsa (it used
    # to be aimed at their cell and catch nobody).
    state = _five_e_fight(2)
    log = [e.text for e in state.events]
    assert "Cinder Hound aims Ember breath at 0, 2, catching Brom, Ilsa." in log
    assert "Cinder Hound uses Ember breath on Brom, Ilsa." in log
    assert not any(line.endswith("catching .") for line in log)


def _five_e():
    if not (UPSTREAM / "ruleset-5e-2014.example.json").exists():
        pytest.skip("upstream rulesets are absent")
    from shared.ruleset.load import load_package

    return load_package(json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text()))


def _engine(members):
    return [dict(m, controller="engine") for m in members]


def _five_e_fight(seed):
    party = _engine(json.loads((FIXTURES / "5e-party.json").read_text()))
    foes = _engine(json.loads((FIXTURES / "5e-foes.json").read_text()))
    board = json.loads((EXAMPLES / "board-marsh.json").read_text())
    return start_battle(_five_e(), party, foes, board=board, seed=seed)[0]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6, 7, 8])
def test_all_engine_5e_fights_on_the_example_board_end(seed):
    # Before: seeds 2, 3, 6 and 7 were called off after 100 rounds (both sides dodging).
    state = _five_e_fight(seed)
    assert state.outcome in ("victory", "defeat")
    assert state.round <= 12 < MAX_ROUNDS


@pytest.mark.parametrize("seed", [1, 2, 3, 7])
def test_all_engine_marsh_fights_on_the_example_board_end(seed):
    rs = ruleset(marsh())
    party = _engine(json.loads((EXAMPLES / "party.json").read_text()))
    foes = _engine(json.loads((EXAMPLES / "foes.json").read_text()))
    board = json.loads((EXAMPLES / "board-marsh.json").read_text())
    state, _ = start_battle(rs, party, foes, board=board, seed=seed)
    assert state.outcome in ("victory", "defeat")
    assert state.round <= 12 < MAX_ROUNDS
