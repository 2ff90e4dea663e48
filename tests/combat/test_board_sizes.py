"""Creature sizes on a board (spec/mechanics-1 "Sizes larger than one cell", 1.194;
shared/combat/sizes.py, board/battlefield.py `body`, paths.py `body_cost`, push.py), with
exact log lines from scripted dice. The package, Brom, Ilsa and the SRD Ogre (Large: 2 cells
a side) are tests/combat/sizes_kit.py's; the board is 10 x 10 open ground.

Dice at the start: the Ogre's 7d10 (seven 5s: 35 + 21 = 56), then initiative: Ilsa 20 + 3,
Brom 10 + 1, the Ogre 1 - 1.
"""

from __future__ import annotations

import json

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import BattleState, advance, menu, start_battle
from shared.combat.board.units import gap, square, steps
from shared.combat.fight import Refusal
from tests.combat import sizes_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import play, foe, ruleset

START = [5] * 7 + [20, 10, 1]


_go = play


def _fight(dice, *, pkg=None, board=SK.BOARD, ogre=(5, 5), brom=(7, 7)):
    rs = ruleset(pkg or SK.package())
    state, events = start_battle(rs, [ZK.ilsa([0, 0]), SK.brom(list(brom))], [foe("ogre", position=list(ogre))],
                                 board=board, dice=START + dice)
    return rs, state, [e.text for e in events]


def test_an_ogre_fills_four_cells_is_caught_by_a_burst_on_any_and_reached_from_beside_any():
    # Moonbeam aimed at 6, 6 (one cell: a 5-foot burst): 2d10 = 7 + 5 = 12, the Ogre's
    # Constitution save 4 + 0 against 12 fails; 56 - 12 = 44. Brom on 7, 7 is beside the
    # Ogre's cell 6, 6: his Longsword 15 + 5 = 20 hits Armor Class 11 for 1d8 6 + 3 = 9;
    # 44 - 9 = 35.
    rs, state, lines = _fight([7, 5, 4, 15, 6])
    assert lines[0] == "The fight is on a 10 x 10 board: Ilsa 0, 0, Brom 7, 7, Ogre 5, 5."
    state, lines = _go(rs, state, "ilsa", "ability:spells:moonbeam", cell=[6, 6])
    assert lines[0] == "Ilsa aims Moonbeam at 6, 6, catching Ogre."
    assert lines[-2:] == ["Moonbeam (12 (7 + 5)) deals 12 radiant damage to Ogre.", "Ogre has 44 of 56 Hit points."]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    options = {o.id: o for o in menu(rs, state, "brom")}
    assert options["attack:attacks:longsword"].targets == ["ogre"]
    # Nobody stops on, or passes through, any of the Ogre's four cells.
    assert not {"move:5,5", "move:6,5", "move:5,6", "move:6,6"} & options.keys()
    state, lines = _go(rs, state, "brom", "attack:attacks:longsword", "ogre")
    assert lines == ["Brom attacks Ogre with Longsword: 15 + 5 = 20 against Armor Class 11, a hit.",
                     "Longsword (6 + 3 = 9) deals 9 slashing damage to Ogre.", "Ogre has 35 of 56 Hit points."]
    # The battle saves and reloads exactly.
    again = BattleState.model_validate(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert again.model_dump(mode="json") == state.model_dump(mode="json")


def test_without_sizes_the_ogre_fills_one_cell_and_brom_cannot_reach_it():
    rs, state, _ = _fight([], pkg=SK.package(sizes=None))
    state, _ = _go(rs, state, "ilsa", "end-turn")
    options = {o.id for o in menu(rs, state, "brom")}
    assert "attack:attacks:longsword" not in options and "move:6,6" in options


def test_an_ogre_is_set_down_where_its_square_fits_nearest_the_cell_asked():
    # 6, 5 is a wall: the square at 5, 5 does not fit; the first of the next ring out (row
    # by row) whose square fits is 4, 4, filling 4..5 x 4..5.
    board = {"rows": [".........."] * 5 + ["......#..."] + [".........."] * 4}
    _rs, _state, lines = _fight([], board=board)
    assert lines[0] == "The fight is on a 10 x 10 board: Ilsa 0, 0, Brom 7, 7, Ogre 4, 4."


def test_the_ogre_walks_only_where_its_whole_square_fits():
    # A corridor one cell wide (row 2 between walls): the Ogre on 1, 0 (filling 1..2 x
    # 0..1) cannot enter it, nor pass Ilsa on 0, 0. Its 40 feet are 8 cells; along the
    # open rows 0-1 it walks as far as 8, 0 (its square 8..9 x 0..1): 7 cells, 35 feet.
    board = {"rows": ["..........", "..........", "##.#######", ".........."]}
    rs, state, lines = _fight([], board=board, ogre=(1, 0), brom=(9, 3))
    assert lines[0] == "The fight is on a 10 x 4 board: Ilsa 0, 0, Brom 9, 3, Ogre 1, 0."
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, _ = _go(rs, state, "brom", "end-turn")
    moves = {o.id for o in menu(rs, state, "ogre") if o.id.startswith("move:")}
    assert moves == {f"move:{x},0" for x in range(2, 9)}
    state, lines = _go(rs, state, "ogre", "move:8,0")
    assert lines == ["Ogre moves to 8, 0 for 35 ft and has 5 ft left."]


def test_a_shove_moves_the_whole_square_one_cell():
    # Shove away (5 feet: one cell): Brom's Athletics 12 + 3 = 15 against the Ogre's best of
    # Athletics + 4 and Acrobatics - 1: 9 + 4 = 13. Brom on 7, 7 is past the square on both
    # axes, so the Ogre goes up and left, to 4, 4 (filling 4..5 x 4..5).
    rs, state, _ = _fight([12, 9])
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, lines = _go(rs, state, "brom", "contest:shove_away", "ogre")
    assert lines[-1] == "Brom pushes Ogre 5 ft to 4, 4."
    assert state.combatant("ogre").position == [4, 4]


def test_a_shove_straight_along_a_row_and_stopped_by_a_wall():
    # Brom on 7, 6 is beside the square's cell 6, 6 and level with its rows: the push is
    # straight left; a wall at 4, 6 stops the square from moving at all.
    rs, state, _ = _fight([12, 9], brom=(7, 6))
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, lines = _go(rs, state, "brom", "contest:shove_away", "ogre")
    assert lines[-1] == "Brom pushes Ogre 5 ft to 4, 5."
    board = {"rows": [".........."] * 6 + ["....#....."] + [".........."] * 3}
    rs, state, _ = _fight([12, 9], board=board, brom=(7, 6))
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, lines = _go(rs, state, "brom", "contest:shove_away", "ogre")
    assert lines[-1] == "Ogre cannot be pushed away from Brom: the way is blocked."


@settings(max_examples=60, deadline=None)
@given(st.tuples(st.integers(0, 9), st.integers(0, 9)), st.integers(1, 4),
       st.tuples(st.integers(0, 9), st.integers(0, 9)), st.integers(1, 4))
def test_the_gap_between_squares_is_the_least_step_between_their_cells(a, a_side, b, b_side):
    assert gap(a, a_side, b, b_side) == min(steps(p, q) for p in square(a, a_side) for q in square(b, b_side))


def test_a_size_without_cells_fills_one_cell():
    sizes = {"order": [{k: v for k, v in size.items() if k != "cells"} for size in SK.SIZES["order"]]}
    rs, state, _ = _fight([], pkg=SK.package(sizes=sizes))
    state, _ = _go(rs, state, "ilsa", "end-turn")
    assert "attack:attacks:longsword" not in {o.id for o in menu(rs, state, "brom")}


def test_a_huge_ogre_fills_nine_cells():
    # Huge: 3 cells a side from 5, 5 (5..7 x 5..7) would hold Brom's 7, 7: set down at the
    # nearest place that fits, the first of ring 1 row by row: 4, 4 (4..6 x 4..6).
    rs, _state, lines = _fight([], pkg=SK.package(ogre_size="huge"))
    assert lines[0] == "The fight is on a 10 x 10 board: Ilsa 0, 0, Brom 7, 7, Ogre 4, 4."


def _grapple_targets(max_size_above):
    rs = ruleset(SK.package(max_size_above=max_size_above))
    state, _ = start_battle(rs, [ZK.ilsa([0, 0]), SK.brom([7, 6])], SK.giants(), board=SK.BOARD, dice=SK.GIANTS_START)
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # The Dragon's legendary actions are asked between turns: it passes.
    state, _ = _go(rs, state, "adult-black-dragon", "pass")
    options = {o.id: o for o in menu(rs, state, "brom")}
    return options["contest:grapple"].targets, options["contest:shove_away"].targets


def test_a_grapple_no_more_than_one_size_up_is_not_offered_against_a_huge_dragon():
    # Brom names no size: he counts as the largest one-cell size, Medium (2 along the
    # order); the Ogre is Large (3): one above; the Dragon Huge (4): two above.
    assert _grapple_targets(1) == (["ogre"], ["ogre", "adult-black-dragon"])
    assert _grapple_targets(2) == (["ogre", "adult-black-dragon"], ["ogre", "adult-black-dragon"])
    with pytest.raises(KeyError):
        _grapple_targets(0)  # nobody is offered: the option is not on the menu


def _teleports(ogre_blink: bool = False) -> dict:
    """The sizes package with Misty Step as tests/combat/test_board_teleport.py plays it (a
    self entry with `teleport: {"distance": 30}`: 6 cells, unseen cells too), and, with
    `ogre_blink`, a 10-foot Blink (2 cells) on the Ogre."""
    pkg = SK.package()
    misty = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "misty-step")
    misty["mechanics"]["targets"] = "self"
    misty["mechanics"]["teleport"] = {"distance": 30}
    if ogre_blink:
        ogre = next(e for c in pkg["catalogs"] if c["id"] == "creatures" for e in c["entries"] if e["id"] == "ogre")
        ogre["creature"]["actions"].append({"id": "blink", "name": "Blink", "budget": "action", "self": True,
                                            "teleport": {"distance": 10}})
    return pkg


def _teleport_cells(option) -> set[tuple[int, int]]:
    return {(x, y) for x, y in option.board["teleport"]["cells"]}


def test_a_teleport_never_lands_on_any_cell_of_the_ogres_square():
    # Ilsa on 3, 5; the Ogre's square fills 5..6 x 5..6; Brom on 9, 9. Within 6 cells of
    # 3, 5 on the 10 x 10 field: every cell (x 0..9, y 0..9, 100), less Ilsa's own, the
    # Ogre's four and Brom's: 94.
    rs = ruleset(_teleports())
    state, _ = start_battle(rs, [ZK.ilsa([3, 5], ("misty-step", "Misty Step", 2)), SK.brom([9, 9])],
                            [foe("ogre", position=[5, 5])], board=SK.BOARD, dice=START)
    misty = next(o for o in menu(rs, state, "ilsa") if o.id == "ability:spells:misty-step")
    cells = _teleport_cells(misty)
    assert len(cells) == 94
    assert not cells & {(5, 5), (6, 5), (5, 6), (6, 6), (3, 5), (9, 9)}
    refused = advance(rs, state, {"actor": "ilsa", "option": misty.id, "targets": [], "cell": [6, 6]})
    assert isinstance(refused, Refusal) and refused.code == "bad-cell"


def test_the_ogre_teleports_only_where_its_whole_square_fits():
    # The Ogre's Blink, 10 ft (2 cells), from 5, 5: top-left cells 3..7 x 3..7 (25), less its
    # own 5, 5 and every one whose 2 x 2 square would take Brom's 7, 7 (6, 6; 7, 6; 6, 7;
    # 7, 7): 20. Ilsa on 0, 0 is out of its way.
    rs = ruleset(_teleports(ogre_blink=True))
    state, _ = start_battle(rs, [ZK.ilsa([0, 0]), SK.brom([7, 7])], [foe("ogre", position=[5, 5])],
                            board=SK.BOARD, dice=START)
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, _ = _go(rs, state, "brom", "end-turn")
    blink = next(o for o in menu(rs, state, "ogre") if o.id == "action:blink")
    cells = _teleport_cells(blink)
    expected = {(x, y) for x in range(3, 8) for y in range(3, 8)} - {(5, 5), (6, 6), (7, 6), (6, 7), (7, 7)}
    assert cells == expected and len(cells) == 20
    state, lines = _go(rs, state, "ogre", "action:blink", cell=[3, 3])
    assert lines[-1] == "Ogre teleports 10 ft from 5, 5 to 3, 3."
