"""The board's geometry with exact expectations: the spec's three area diagrams, distances
in the ruleset's unit and their rounding, walking costs (rough ground, climbing, cliffs,
cut corners, allies and foes), sight and the DMG corner-line cover grades."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat.board.areas import burst, cone, line
from shared.combat.board.grid import Grid, read_board
from shared.combat.board.paths import NEIGHBOURS, Walkers, path_cost, reachable
from shared.combat.board.sight import HALF, NONE, THREE_QUARTERS, TOTAL, cover, sees
from shared.combat.board.units import allowance_cells, steps, to_cells


def grid(*rows: str, heights: list[str] | None = None) -> Grid:
    data, problems = read_board({"rows": list(rows), **({"heights": heights} if heights else {})})
    assert data is not None, problems
    return Grid(data)


def drawn(width: int, height: int, cells: list, marks: dict) -> list[str]:
    return [" ".join(marks.get((x, y), "#" if (x, y) in cells else ".") for x in range(width)) for y in range(height)]


# -- the spec's diagrams -----------------------------------------------------------------


def test_burst_size_2_aimed_at_x():
    assert drawn(5, 5, burst(grid(*["....."] * 5), (2, 2), 2), {(2, 2): "X"}) == [
        ". . . . .",
        ". # # # .",
        ". # X # .",
        ". # # # .",
        ". . . . .",
    ]


def test_cone_size_3_aimed_right():
    assert drawn(4, 5, cone(grid(*["...."] * 5), (0, 2), (3, 2), 3), {(0, 2): "A"}) == [
        ". . . .",
        ". . # .",
        "A # # #",
        ". . # .",
        ". . . .",
    ]


def test_line_size_3_aimed_right():
    assert drawn(4, 3, line(grid(*["...."] * 3), (0, 1), (3, 1), 3), {(0, 1): "A"}) == [
        ". . . .",
        "A # # #",
        ". . . .",
    ]


def test_even_line_width_puts_the_extra_column_on_the_casters_left():
    # Facing right (east) on a board whose y grows downward, the caster's left is north.
    assert sorted(line(grid(*["....."] * 4), (0, 2), (4, 2), 4, 2)) == [
        (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2), (4, 1), (4, 2)]


def test_shapes_stop_at_anything_solid():
    g = grid(".....", "..#..", ".....")
    assert line(g, (0, 1), (4, 1), 4) == [(1, 1)]
    assert (3, 1) not in burst(g, (1, 1), 3) and (2, 1) not in burst(g, (1, 1), 3)
    # Water does not stop a line.
    assert line(grid(".~~.."), (0, 0), (4, 0), 4) == [(1, 0), (2, 0), (3, 0), (4, 0)]


# -- distances -----------------------------------------------------------------------------


def test_distance_rounding_in_cells():
    assert to_cells(5, 5) == 1
    assert to_cells(1, 5) == 1          # above zero never rounds to zero
    assert to_cells(12, 5) == 2 and to_cells(13, 5) == 3   # to the nearest cell
    assert to_cells(0, 5) == 0          # zero keeps its meaning
    assert to_cells(None, 5) is None
    assert allowance_cells(8, 2) == 4   # Ember Roads: eight paces on two-pace cells
    assert allowance_cells(25, 5) == 5 and allowance_cells(3, 5) == 1 and allowance_cells(0, 5) == 0
    assert steps((0, 0), (3, 2)) == 3   # all eight directions cost the same


# -- walking -------------------------------------------------------------------------------


def test_rough_ground_climbing_and_cliffs():
    g = grid("..,..", ".....", heights=["00000", "01200"])
    found = reachable(g, (0, 0), 3, Walkers())
    assert {cell: (way.cost, way.path) for cell, way in found.items()} == {
        (1, 0): (1, ((1, 0),)),
        (2, 0): (3, ((1, 0), (2, 0))),    # rough ground costs 2
        (0, 1): (1, ((0, 1),)),
        (1, 1): (2, ((1, 1),)),           # one level up costs one more
    }
    # (2, 1) is two levels above (1, 0)/(3, 0)... a cliff from level 0, a climb from (1, 1):
    assert reachable(g, (0, 0), 4, Walkers())[(2, 1)].cost == 4
    # Going down is free; a drop of two levels is a cliff.
    assert reachable(g, (2, 1), 1, Walkers()).get((3, 1)) is None
    assert reachable(g, (1, 1), 1, Walkers())[(0, 1)].cost == 1


def test_rough_costs_two():
    g = grid(".,.")
    found = reachable(g, (0, 0), 5, Walkers())
    assert found[(1, 0)].cost == 2 and found[(2, 0)].cost == 3


def test_no_cutting_a_corner_between_two_solid_cells():
    g = grid(".#", "#.")
    assert reachable(g, (0, 0), 10, Walkers()) == {}
    assert path_cost(g, (0, 0), [(1, 1)]) is None


def test_allies_passable_foes_walls_no_stopping_on_anyone():
    g = grid(".....")
    ally = Walkers(walls=set(), occupied={(1, 0)})
    found = reachable(g, (0, 0), 2, ally)
    assert (1, 0) not in found and found[(2, 0)].path == ((1, 0), (2, 0))
    foe = Walkers(walls={(1, 0)}, occupied={(1, 0)})
    assert (2, 0) not in reachable(g, (0, 0), 5, foe)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(".,~#T-"), min_size=64, max_size=64), st.lists(st.sampled_from("0123"), min_size=64, max_size=64),
       st.integers(0, 63), st.integers(0, 8), st.sets(st.integers(0, 63), max_size=6))
def test_every_walk_is_legal(cells, levels, start, allowance, others):
    rows = ["".join(cells[i * 8:(i + 1) * 8]) for i in range(8)]
    g = grid(*rows, heights=["".join(levels[i * 8:(i + 1) * 8]) for i in range(8)])
    s = (start % 8, start // 8)
    if g.solid(*s):
        return
    occupied = {(o % 8, o // 8) for o in others} - {s}
    walls = {c for i, c in enumerate(sorted(occupied)) if i % 2}
    found = reachable(g, s, allowance, Walkers(walls=walls, occupied=occupied))
    for cell, way in found.items():
        assert way.cost <= allowance
        assert not g.solid(*cell) and cell not in occupied
        assert path_cost(g, s, way.path) == way.cost       # 8-connected, every step legal
        assert not any(c in walls for c in way.path)
        assert all((b[0] - a[0], b[1] - a[1]) in NEIGHBOURS for a, b in zip((s,) + way.path, way.path))


# -- sight and cover -----------------------------------------------------------------------


def test_walls_block_sight_water_does_not():
    assert not sees(grid("..#.."), (0, 0), (4, 0))
    assert sees(grid("..~.."), (0, 0), (4, 0))
    # Ground higher than both ends blocks sight.
    assert not sees(grid(".....", heights=["00200"]), (0, 0), (4, 0))
    assert sees(grid(".....", heights=["20200"]), (0, 0), (4, 0))


def test_cover_grades_from_the_best_corner():
    assert cover(grid("....."), (0, 0), (4, 0)) == NONE
    # A wall square in the middle of a row: the target beyond is out of sight.
    assert cover(grid(".#."), (0, 0), (2, 0)) == TOTAL
    # A wall square the centre line crosses: out of sight, total cover.
    assert cover(grid(".#...", ".....", ".....", "....."), (0, 0), (4, 1)) == TOTAL
    # A wall beside the line catches only some corner lines from the best corner: half.
    assert cover(grid(".....", ".....", ".....", "..#.."), (0, 0), (3, 3)) == HALF
    assert cover(grid("#....", ".....", ".....", "....."), (0, 1), (4, 1)) == NONE
    # Forest in between gives half cover; standing in it too.
    assert cover(grid(".T."), (0, 0), (2, 0)) == HALF
    assert cover(grid("..T"), (0, 0), (2, 0)) == HALF
    # Low cover hides nothing from someone shooting down from higher up.
    assert cover(grid(".-.", heights=["100"]), (0, 0), (2, 0)) == NONE
    assert cover(grid(".-."), (0, 0), (2, 0)) == HALF
    # Another combatant in between, with cover.creatures.
    assert cover(grid("..."), (0, 0), (2, 0), bodies={(1, 0)}) == HALF


def test_three_quarters_cover_through_a_narrow_gap():
    # The centre line slips between two walls that meet at a corner (so the target is
    # seen), but three of the four corner lines from every attacker corner hit a wall.
    g = grid("......", "...#..", "..#...", "......")
    assert sees(g, (0, 0), (5, 3))
    assert cover(g, (0, 0), (5, 3)) == THREE_QUARTERS


def test_cover_is_symmetric_for_walls_between_level_cells():
    g = grid(".....", "..#..", ".....")
    for a, b in (((0, 0), (4, 2)), ((0, 1), (4, 1)), ((1, 0), (3, 2))):
        assert sees(g, a, b) == sees(g, b, a)


def test_bad_boards_are_refused_with_reasons():
    assert read_board({"rows": ["..x"]})[1] == ["board.rows[0]: unknown terrain 'x' at 2, 0"]
    assert read_board({"rows": ["." * 101]})[1] == ["board: 101 x 1 cells is outside 1 to 100 on a side"]
    assert read_board({"rows": ["...", ".."]})[1] == ["board.rows[1]: 2 cells where the first row has 3"]
    assert read_board({"rows": ["..."], "heights": ["004"]})[1] == ["board.heights[0]: 3 ground levels, each 0 to 3"]
    assert read_board({"rows": ["." * 60] * 60})[0]["width"] == 60
