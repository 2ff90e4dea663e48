"""Walls on a board (spec/mechanics-1 "Box areas and walls", 1.177, and `copies`, 1.178;
shared/combat/walls.py, board/areas.py, board/battlefield.py `grid`), with exact log lines
from scripted dice. The package, Ilsa (Wisdom caster, spell save DC 12) and the walls are
tests/combat/walls_kit.py's; the Cinder Hound is the 5e example's (5d8 hit points, speed 40
feet: 8 cells, resistant to fire, no Dexterity save bonus: its block lists only a
Constitution save). 5 feet a cell.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.board.areas import Shape, wall, wall_position, wall_side
from shared.combat.board.grid import Grid, read_board
from shared.combat.board.units import steps
from shared.combat.screen import screen_view
from shared.combat.state import BattleState
from tests.combat import walls_kit as WK
from tests.combat import zones_kit as ZK
from tests.combat.kit import play, ruleset

#: The Hound's 5d8 = 25, initiative: Ilsa 20 (+ 3: 23), the Hound 1 (+ 1: 2).
START = [5, 5, 5, 5, 5, 20, 1]
FIRE = "ability:spells:wall-of-fire"
STONE = "ability:spells:wall-of-stone"


_go = play


def _refused(rs, state, actor, option, *targets, **extra: Any):
    result = advance(rs, state, {"actor": actor, "option": option, "targets": list(targets), **extra})
    assert hasattr(result, "code"), result
    return result.code, result.message


def _fight(hound: list[int], dice: list[int], *, board: dict[str, Any] = ZK.BOARD, pkg: dict[str, Any] | None = None,
           ilsa: list[int] | None = None):
    rs = ruleset(pkg or WK.package())
    state, _ = start_battle(rs, [WK.ilsa(ilsa or [0, 2])], ZK.foes(hound=hound), board=board, dice=START + dice)
    return rs, state


def _options(rs, state, actor) -> dict[str, Any]:
    return {o.id: o for o in menu(rs, state, actor)}


#: Each time Wall of Fire affects the Hound: its 5d8, 3 + 3 + 3 + 3 + 3 = 15 (halved by the
#: Hound's resistance to 7), then the Hound's Dexterity save 10 (10 + 0 against 12, a failure).
BURNS = [3, 3, 3, 3, 3, 10] * 3


def test_wall_of_fire_blocks_sight_burns_its_far_side_and_whoever_crosses_it():
    rs, state = _fight([8, 2], BURNS)
    # Before the wall, Ilsa sees the Hound: Fire Bolt may be aimed at it.
    assert _options(rs, state, "ilsa")["ability:spells:fire-bolt"].targets == ["cinder-hound"]
    # Across the line from Ilsa (0, 2) through 4, 2: a 60-foot wall runs north-south, cut by
    # the 4-row board to 4, 0 to 4, 3. Nobody stands there: no save, no damage.
    state, lines = _go(rs, state, "ilsa", FIRE, cell=[4, 2])
    assert lines == [
        "Ilsa aims Wall of Fire at 4, 2, catching nobody.",
        "Ilsa spends 1 4th-level slot on Wall of Fire.",
        "Ilsa uses Wall of Fire.",
        "Wall of Fire stays on 4, 2 (4 cells) for 10 rounds.",
    ]
    (wall,) = state.zones
    assert wall.cells == [[4, 0], [4, 1], [4, 2], [4, 3]] and wall.blocks == ["sight"]
    # Its far side (no side chosen), 10 feet: columns 5 and 6, where the Hound is not.
    assert wall.side_cells == [[x, y] for y in range(4) for x in (5, 6)]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # The Hound steps to 6, 2, on the burning side (entering the side sets nothing off), and
    # ends its turn there: 10 against 12 fails, 5d8 = 15 fire, resisted: 7; 25 - 7 = 18.
    state, _ = _go(rs, state, "cinder-hound", "move:6,2")
    state, lines = _go(rs, state, "cinder-hound", "end-turn")
    assert lines[:4] == [
        "Wall of Fire affects Cinder Hound: its turn ends in it.",
        "Cinder Hound rolls a Dexterity save against Wall of Fire: 10 against 12, a failure.",
        "Wall of Fire (15 (3 + 3 + 3 + 3 + 3)) deals 7 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 18 of 25 Hit points.",
    ]
    # The wall blocks sight: the Hound behind it is no target, and a choice of it is refused.
    assert "ability:spells:fire-bolt" not in _options(rs, state, "ilsa")
    assert _refused(rs, state, "ilsa", "ability:spells:fire-bolt", "cinder-hound") == (
        "no-line-of-sight", "Ilsa cannot see Cinder Hound: something solid is in between")
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # Through the wall to Ilsa's side: a wall of fire does not block movement, so the walk
    # costs its 5 cells, 25 feet; its path crosses the wall on 4, 0, where `enter` burns it
    # (7 again: 11 left).
    walk = _options(rs, state, "cinder-hound")["move:1,2"]
    assert (walk.board["cost"], walk.board["harms"]) == ("25 ft", [[4, 0]])
    state, lines = _go(rs, state, "cinder-hound", "move:1,2")
    assert lines == [
        "Wall of Fire affects Cinder Hound: it enters it.",
        "Cinder Hound rolls a Dexterity save against Wall of Fire: 10 against 12, a failure.",
        "Wall of Fire (15 (3 + 3 + 3 + 3 + 3)) deals 7 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 11 of 25 Hit points.",
        "Cinder Hound moves to 1, 2 for 25 ft and has 15 ft left.",
    ]
    # On her side of the wall, Ilsa sees it again.
    state, _ = _go(rs, state, "cinder-hound", "end-turn")
    assert _options(rs, state, "ilsa")["ability:spells:fire-bolt"].targets == ["cinder-hound"]


#: 7 x 5 cells: the stone wall through 4, 2 (20 feet: 4 cells, 4, 1 to 4, 4) leaves 4, 0 open.
OPEN = {"rows": ["......."] * 5}


def test_a_stone_wall_closes_its_cells_so_the_way_around_costs_more_and_hides_the_hound():
    # Without the wall, the Hound on 6, 3 walks to 2, 3 straight: 4 cells, 20 feet.
    rs, state = _fight([6, 3], [], board=OPEN)
    state, _ = _go(rs, state, "ilsa", "end-turn")
    assert _options(rs, state, "cinder-hound")["move:2,3"].board["cost"] == "20 ft"
    rs, state = _fight([6, 3], [], board=OPEN)
    state, lines = _go(rs, state, "ilsa", STONE, cell=[4, 2])
    assert lines == [
        "Ilsa aims Wall of Stone at 4, 2, catching nobody.",
        "Ilsa spends 1 5th-level slot on Wall of Stone.",
        "Ilsa uses Wall of Stone.",
        "Wall of Stone stays on 4, 2 (4 cells) for 100 rounds.",
    ]
    assert state.zones[0].cells == [[4, 1], [4, 2], [4, 3], [4, 4]]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # With it, around through 4, 0: 6, 3 to 4, 0 is 3 cells, 4, 0 to 2, 3 another 3: 30 feet.
    walks = _options(rs, state, "cinder-hound")
    assert (walks["move:2,3"].board["cost"], walks["move:2,3"].board["path"]) == (
        "30 ft", [[5, 2], [5, 1], [4, 0], [3, 1], [2, 2], [2, 3]])
    # Nobody walks into the wall.
    assert not any(f"move:4,{y}" in walks for y in range(1, 5))
    # The Engine's tactics take the Hound around it to Ilsa's side and no cell of its way is
    # the wall's.
    suggested = decide_for(rs, state)
    path = walks[suggested["option"]].board["path"]
    assert suggested["option"].startswith("move:") and not any(c in state.zones[0].cells for c in path)
    # Behind it, the Hound is out of Ilsa's sight (the line from 0, 2 to 6, 3 crosses 4, 2).
    state, _ = _go(rs, state, "cinder-hound", "end-turn")
    assert "ability:spells:fire-bolt" not in _options(rs, state, "ilsa")


def test_a_stone_wall_rising_under_the_hound_puts_it_on_the_chosen_side():
    # The Hound stands on 4, 2, where the wall rises: the nearest free cells are one step away,
    # 3, 1 first in row order (Ilsa's side) and 5, 1 the first on the far side, which is taken
    # when no side is chosen; with "side": "near", 3, 1.
    for side, cell in ((None, [5, 1]), ("near", [3, 1])):
        rs, state = _fight([4, 2], [], board=OPEN)
        extra = {"side": side} if side else {}
        state, lines = _go(rs, state, "ilsa", STONE, cell=[4, 2], **extra)
        assert lines[:4] == [
            "Ilsa aims Wall of Stone at 4, 2, catching Cinder Hound.",
            "Ilsa spends 1 5th-level slot on Wall of Stone.",
            "Ilsa uses Wall of Stone on Cinder Hound.",
            "Wall of Stone stays on 4, 2 (4 cells) for 100 rounds.",
        ]
        assert lines[4] == f"Wall of Stone rises under Cinder Hound, who is put 5 ft away on {cell[0]}, {cell[1]}."
        assert state.combatant("cinder-hound").position == cell


def test_a_ring_of_fire_around_the_hound_burns_it_inside_and_as_it_crosses():
    # A ring of 20 feet (4 cells across) around the Hound on 6, 2: the cells 2 steps from it,
    # 4, 0 to 8, 4 (16 cells); its near side (inside) within 10 feet is the 3 x 3 square
    # the Hound stands in the middle of.
    rs, state = _fight([6, 2], BURNS, board={"rows": [".........."] * 5})
    state, lines = _go(rs, state, "ilsa", FIRE, cell=[6, 2], ring=True, side="near")
    assert lines[-1] == "Wall of Fire stays on 6, 2 (16 cells) for 10 rounds."
    (wall,) = state.zones
    assert sorted(map(tuple, wall.cells)) == sorted(
        (x, y) for x in range(4, 9) for y in range(5) if max(abs(x - 6), abs(y - 2)) == 2)
    assert wall.side_cells == [[x, y] for y in range(1, 4) for x in range(5, 8)]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # Its turn ends inside: 7 fire (18 left); next turn it walks out through 4, 2: 7 more.
    state, lines = _go(rs, state, "cinder-hound", "end-turn")
    assert lines[:4] == [
        "Wall of Fire affects Cinder Hound: its turn ends in it.",
        "Cinder Hound rolls a Dexterity save against Wall of Fire: 10 against 12, a failure.",
        "Wall of Fire (15 (3 + 3 + 3 + 3 + 3)) deals 7 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 18 of 25 Hit points.",
    ]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, lines = _go(rs, state, "cinder-hound", "move:1,2")
    assert lines == [
        "Wall of Fire affects Cinder Hound: it enters it.",
        "Cinder Hound rolls a Dexterity save against Wall of Fire: 10 against 12, a failure.",
        "Wall of Fire (15 (3 + 3 + 3 + 3 + 3)) deals 7 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 11 of 25 Hit points.",
        "Cinder Hound moves to 1, 2 for 25 ft and has 15 ft left.",
    ]


def test_a_wall_is_saved_and_reloaded_exactly_and_plays_on_the_same():
    rs, state = _fight([8, 2], BURNS)
    state, _ = _go(rs, state, "ilsa", FIRE, cell=[4, 2], toward=[4, 0], side="near")
    data = state.model_dump(mode="json")
    # Run from 4, 2 toward 4, 0, the wall is cut by the board's edge to 4, 2, 4, 1, 4, 0;
    # its near side is Ilsa's (columns 2 and 3).
    assert data["zones"][0] | {"plan": None} == {
        "entry": "spells/wall-of-fire", "name": "Wall of Fire", "owner": "ilsa", "plan": None, "shape": "wall",
        "size": 12, "width": 1, "centre": [4, 2], "origin": [0, 2], "cells": [[4, 2], [4, 1], [4, 0]],
        "rounds": 10, "fresh": True, "concentration": True, "triggers": ["enter", "turn-end"],
            "blocks": ["sight"],
        "side_cells": [[2, 0], [3, 0], [2, 1], [3, 1], [2, 2], [3, 2], [2, 3], [3, 3]],
        "side_triggers": ["turn-end"]}
    assert data["zones"][0]["plan"]["placing"] == {"toward": [4, 0], "side": "near"}
    again = BattleState.model_validate(data)
    assert again.model_dump(mode="json") == data
    _, lines = _go(rs, state, "ilsa", "end-turn")
    _, reloaded = _go(rs, again, "ilsa", "end-turn")
    assert reloaded == lines


STORM = "ability:spells:fire-storm"
#: The Lurker's 3d8 + 3 = 23, the Hound's 5d8 = 25, initiative Ilsa 20 (+ 3), the Lurker 1,
#: the Hound 1; Fire Storm's 7d10 = 7 x 5 = 35, the Lurker's Dexterity save 10 (+ 4: 14, a
#: success), the Hound's 5 (+ 0, a failure).
STORM_DICE = [8, 8, 4, 5, 5, 5, 5, 5, 20, 1, 1] + [5] * 7 + [10, 5]


def _storm():
    rs = ruleset(WK.package())
    ilsa = WK.ilsa([0, 2])
    # Without Wall of Ice, whose 10d6 the Engine would rather spend.
    ilsa["sheet"]["lists"]["spells"] = [r for r in ilsa["sheet"]["lists"]["spells"] if r["name"] != "Wall of Ice"]
    state, _ = start_battle(rs, [ilsa], ZK.foes([4, 0], [8, 1]), board=ZK.BOARD, dice=STORM_DICE)
    return rs, state


def test_fire_storm_is_placed_three_times_each_copy_touching_another():
    rs, state = _storm()
    option = _options(rs, state, "ilsa")[STORM]
    assert option.board["area"] == {"shape": "box", "size": "10 ft", "range": "150 ft", "copies": 3}
    # Each copy is given: two more than the cell, touching one another.
    assert _refused(rs, state, "ilsa", STORM, cell=[4, 1], copies=[[6, 1]]) == (
        "bad-cell", 'Fire Storm is placed 3 times: give "copies": [[x, y], ...] for the other 2')
    assert _refused(rs, state, "ilsa", STORM, cell=[4, 1], copies=[[6, 1], [9, 3]]) == (
        "bad-cell", "Fire Storm: each copy touches another, and some do not")
    # The 10-foot boxes away from Ilsa (0, 2): on 4, 1 the cells 4 to 5 by 0 to 1 (the Lurker
    # on 4, 0), on 6, 1 the next two columns, on 8, 1 the last two (the Hound on 8, 1). One
    # roll of 7d10 = 35 for both: the Lurker saves, 17 (23 - 17 = 6); the Hound fails, 35
    # resisted: 17 (25 - 17 = 8).
    state, lines = _go(rs, state, "ilsa", STORM, cell=[4, 1], copies=[[6, 1], [8, 1]])
    assert lines == [
        "Ilsa aims Fire Storm at 4, 1, catching Thorn Lurker, Cinder Hound.",
        "Ilsa spends 1 7th-level slot on Fire Storm.",
        "Ilsa uses Fire Storm on Thorn Lurker, Cinder Hound.",
        "Thorn Lurker rolls a Dexterity save against Fire Storm: 10 + 4 = 14 against 12, a success.",
        "Fire Storm (35 (5 + 5 + 5 + 5 + 5 + 5 + 5), halved by the save) deals 17 fire damage to Thorn Lurker.",
        "Thorn Lurker has 6 of 23 Hit points.",
        "Cinder Hound rolls a Dexterity save against Fire Storm: 5 against 12, a failure.",
        "Fire Storm (35 (5 + 5 + 5 + 5 + 5 + 5 + 5)) deals 17 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 8 of 25 Hit points.",
    ]


def test_the_engine_places_every_copy_toward_the_foes_and_the_suggestion_is_taken_as_it_is():
    rs, state = _storm()
    # The Engine aims the first box at 3, 0 (3 to 4 by 0: the Lurker); the next touching copy
    # catching nobody new goes nearest the Hound (5, 0: 5 to 6), and the last catches it
    # (7, 1: 7 to 8 by 0 to 1).
    suggested = decide_for(rs, state)
    assert suggested == {"actor": "ilsa", "option": STORM, "targets": [], "cell": [3, 0], "copies": [[5, 0], [7, 1]]}
    state, lines = _go(rs, state, "ilsa", STORM, cell=suggested["cell"], copies=suggested["copies"])
    assert lines[0] == "Ilsa aims Fire Storm at 3, 0, catching Thorn Lurker, Cinder Hound."
    assert [c.health for c in state.combatants if c.side == "foes"] == [6, 8]


ICE = "ability:spells:wall-of-ice"
#: The Hound's bite at the section on 4, 2: 15 + 4 = 19 (a hit), 1d6 6 + 1 = 7 piercing and
#: 1d4 4 fire; Ilsa's Fire Bolt: 12 + 4 = 16 (a hit), 1d10 8 fire; the broken section's 5d6
#: (3 each: 15) and the Hound's Constitution save 5 (+ 4: 9 against 12, a failure).
ICE_DICE = [15, 6, 4, 12, 8, 3, 3, 3, 3, 3, 5]


def test_a_wall_of_ice_section_struck_to_0_breaks_opens_and_chills_whoever_enters():
    rs, state = _fight([5, 2], ICE_DICE, board=OPEN)
    # Through 4, 2 across Ilsa's line: 4, 1 to 4, 4, two 10-foot sections of 2 cells each.
    state, lines = _go(rs, state, "ilsa", ICE, cell=[4, 2])
    assert lines[-1] == "Wall of Ice stays on 4, 2 (4 cells) for 100 rounds."
    assert [(s.cells, s.health) for s in state.zones[0].sections] == [
        ([[4, 1], [4, 2]], 30), ([[4, 3], [4, 4]], 30)]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # The Hound's bite reaches no creature but three cells of the wall (its reach is 5 feet).
    bite = _options(rs, state, "cinder-hound")["action:sear_bite"]
    assert (bite.targets, bite.board["walls"]) == ([], [[4, 1], [4, 2], [4, 3]])
    assert _refused(rs, state, "cinder-hound", "action:sear_bite", wall=[4, 4]) == (
        "bad-cell", "Searing bite cannot strike a wall section on 4, 4")
    # Against the section's defense 12: 19 hits; 7 piercing (30 - 7 = 23), 4 fire doubled
    # (vulnerable): 8 (23 - 8 = 15).
    state, lines = _go(rs, state, "cinder-hound", "action:sear_bite", wall=[4, 2])
    assert lines == [
        "Cinder Hound attacks Wall of Ice's section on 4, 1 with Searing bite: 15 + 4 = 19 against 12, a hit.",
        "Searing bite (6 + 1 = 7) deals 7 piercing damage to Wall of Ice's section on 4, 1; it has 23 of 30 left.",
        "Searing bite (4) deals 8 fire damage to Wall of Ice's section on 4, 1 (vulnerable: doubled); it has 15 of 30 left.",
    ]
    state, _ = _go(rs, state, "cinder-hound", "end-turn")
    # Ilsa's Fire Bolt (+ 4: 12 + 4 = 16 against 12): 8 fire doubled: 16, at least the 15
    # left: it breaks, and its cells no longer block.
    state, lines = _go(rs, state, "ilsa", "ability:spells:fire-bolt", wall=[4, 2])
    assert lines == [
        "Ilsa attacks Wall of Ice's section on 4, 1 with Fire Bolt: 12 + 4 = 16 against 12, a hit.",
        "Fire Bolt (8) deals 16 fire damage to Wall of Ice's section on 4, 1 (vulnerable: doubled); it has 0 of 30 left.",
        "Wall of Ice's section on 4, 1 breaks: 4, 1; 4, 2 no longer block.",
    ]
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # The Hound walks through the opening (4 cells to 1, 2, 20 feet, by 4, 1): entering it,
    # 5d6 = 15 cold, its Constitution save 5 + 4 = 9 fails: 25 - 15 = 10.
    walk = _options(rs, state, "cinder-hound")["move:1,2"]
    assert (walk.board["cost"], walk.board["harms"]) == ("20 ft", [[4, 1]])
    state, lines = _go(rs, state, "cinder-hound", "move:1,2")
    assert lines == [
        "Wall of Ice affects Cinder Hound: it enters it.",
        "Cinder Hound rolls a Constitution save against Wall of Ice's broken section: 5 + 4 = 9 against 12, a failure.",
        "Wall of Ice's broken section (15 (3 + 3 + 3 + 3 + 3)) deals 15 cold damage to Cinder Hound.",
        "Cinder Hound has 10 of 25 Hit points.",
        "Cinder Hound moves to 1, 2 for 20 ft and has 20 ft left.",
    ]
    # The screen draws as wall only the cells that still block.
    (shown,) = screen_view(rs, state, battle="b", revision=0, last_seq=0, status="active").zones
    assert (shown.label, shown.walls) == ("Wall of Ice, 99 rounds", [[4, 3], [4, 4]])
    # Saved and reloaded, the sections are as they were.
    data = state.model_dump(mode="json")
    assert data["zones"][0]["sections"] == [{"cells": [[4, 1], [4, 2]], "health": 0},
                                            {"cells": [[4, 3], [4, 4]], "health": 30}]
    assert BattleState.model_validate(data).model_dump(mode="json") == data


# ---------------------------------------------------------------------------
# properties of the wall's layout (board/areas.py)
# ---------------------------------------------------------------------------

_OPEN_GRID = Grid(read_board({"rows": ["." * 41] * 41})[0])
_CELL = st.tuples(st.integers(10, 30), st.integers(10, 30))


@settings(max_examples=150, deadline=None)
@given(origin=_CELL, aim=_CELL, size=st.integers(1, 9), width=st.integers(1, 3), side=st.sampled_from(["near", "far"]))
def test_a_straight_wall_is_size_by_width_and_its_sides_never_touch_it(origin, aim, size, width, side):
    shape = Shape("wall", size, width, 40)
    cells = wall(_OPEN_GRID, shape, origin, aim)
    # On open ground, every cell is laid, none twice, and it runs through the aimed cell.
    assert len(cells) == len(set(cells)) == size * width and aim in cells
    of = wall_side(shape, origin, aim)
    # The maker is never on the far side; no cell is on both sides.
    assert of(origin) != "far"
    assert all(of(c) in ("near", "far", None) for c in cells)


@settings(max_examples=60, deadline=None)
@given(aim=_CELL, diameter=st.integers(1, 12))
def test_a_ring_is_every_cell_its_radius_away_and_inside_is_near(aim, diameter):
    shape = Shape("wall", 12, 1, 40, ring=diameter, ringed=True)
    cells = wall(_OPEN_GRID, shape, (0, 0), aim)
    r = max(1, (diameter + 1) // 2)
    assert len(cells) == 8 * r and all(steps(c, aim) == r for c in cells)
    of = wall_side(shape, (0, 0), aim)
    assert of(aim) == "near" and of((aim[0] + r + 1, aim[1])) == "far"
    # Cut along it from its north-west corner, each cell has its own place.
    along = wall_position(shape, (0, 0), aim)
    assert sorted(along(c) for c in cells) == list(range(8 * r))


def test_a_layout_the_area_does_not_have_is_refused_and_nothing_changes():
    rs, state = _fight([6, 2], [], board=OPEN)
    # Wall of Stone has no ring; Fire Storm is no wall; a side is near or far; toward is a
    # cell on the board.
    assert _refused(rs, state, "ilsa", STONE, cell=[4, 2], ring=True) == (
        "bad-cell", "Wall of Stone is never laid out as a ring")
    assert _refused(rs, state, "ilsa", STORM, cell=[4, 1], toward=[6, 1], copies=[[6, 1], [8, 1]]) == (
        "bad-cell", 'Fire Storm is no wall: "toward", "ring" and "side" lay out a wall')
    assert _refused(rs, state, "ilsa", STONE, cell=[4, 2], side="left") == (
        "malformed", '"side" is "near" or "far"')
    assert _refused(rs, state, "ilsa", STONE, cell=[4, 2], toward=[4, 9]) == (
        "bad-cell", "Wall of Stone cannot run toward 4, 9: it is off the board")
    assert _refused(rs, state, "ilsa", "ability:spells:fire-bolt", "cinder-hound", wall=[4, 2]) == (
        "malformed", '"wall" is a cell [x, y], aimed at instead of any target')
    assert state.zones == [] and state.revision == 0
