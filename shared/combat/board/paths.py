"""Walking on the board: which cells a walk can reach this turn, by which path, at what
cost (spec/combat-3 "Movement", "Elevation").

Owns: `Walkers` (who stands where and which of them the walker may pass), `step_cost`
(what entering one neighbouring cell costs, or None when the step is not allowed),
`body_cost` (the same for a walker filling a square of cells, mechanics-1 1.194: every cell
of the square must be allowed, and the dearest is what the step costs) and
`reachable` (one Dijkstra from the walker's cell: every cell it can stop on within its
allowance, with the cheapest path to it).

The rules: entering a cell costs its terrain's cost (1 on open ground), all eight
directions the same; climbing one level costs one more and going down costs nothing; a rise
or drop of two or more levels is a cliff nobody walks; solid cells cannot be entered and a
corner between two solid cells cannot be cut; allies (and anyone down) may be walked past
but nobody stops on an occupied cell; a standing opponent is a wall. `cannot-approach-source`
keeps every cell of the path at least as far from its source as the walker started.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from .grid import Grid
from .units import steps

Cell = tuple[int, int]

#: Neighbour order: fixed, so equal-cost paths always come out the same.
NEIGHBOURS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0), (1, -1), (1, 1), (-1, 1), (-1, -1))


@dataclass
class Walkers:
    """`walls`: cells nobody on the walker's side may enter (standing opponents);
    `occupied`: cells nobody may stop on (everyone in the fight but the walker);
    `keep_away`: (cell, distance) pairs every cell of the path must stay at or beyond;
    `least`: what entering a cell of a costly lasting zone costs at least;
    `times`: what a step into a cell of a zone halving speed is multiplied by;
    `toward`: cells whose least cost counts only for a step closer to a cell (a zone's
    caster, `towardCaster`): cell -> (that cell, the least)."""

    walls: set[Cell] = field(default_factory=set)
    occupied: set[Cell] = field(default_factory=set)
    keep_away: list[tuple[Cell, int]] = field(default_factory=list)
    #: Cells a lasting zone's terrain makes cost at least this much to enter (zone_state.py).
    least: dict[Cell, int] = field(default_factory=dict)
    #: Cells a lasting zone's `halvesSpeed` makes cost twice once more (zone_state.py).
    times: dict[Cell, int] = field(default_factory=dict)
    #: Cells of a zone whose terrain counts only toward its caster (zone_state.py).
    toward: dict[Cell, tuple[Cell, int]] = field(default_factory=dict)
    #: Cells across the square the walker fills (1.194): it moves and stops only where the
    #: whole square fits.
    side: int = 1


def passable(grid: Grid, here: Cell, there: Cell) -> bool:
    """Whether anyone can step from `here` into the neighbouring `there` at all: on the
    board, not solid, and not cutting a corner between two solid cells."""
    x, y = here
    nx, ny = there
    if not grid.inside(nx, ny) or grid.solid(nx, ny):
        return False
    return not (nx != x and ny != y and grid.solid(x, ny) and grid.solid(nx, y))


def step_cost(grid: Grid, here: Cell, there: Cell) -> int | None:
    """What entering `there` from the neighbouring `here` costs, or None (solid, a cliff, a
    cut corner, off the board)."""
    if not passable(grid, here, there):
        return None
    x, y = here
    nx, ny = there
    rise = grid.level(nx, ny) - grid.level(x, y)
    if rise >= 2 or rise <= -2:
        return None
    return grid.terrain(nx, ny).cost + (1 if rise == 1 else 0)


def toward_least(here: Cell, there: Cell, toward: tuple[Cell, int]) -> int:
    """The least a step from `here` into `there` costs in terrain that counts only toward a
    cell (`towardCaster`, mechanics-1 1.182): its least for a step closer to it, else 1."""
    cell, least = toward
    return least if steps(there, cell) < steps(here, cell) else 1


def body_cost(grid: Grid, here: Cell, there: Cell, walkers: Walkers) -> int | None:
    """What moving the walker's whole square one step from `here` to `there` (top-left
    cells) costs: the dearest of its cells' steps, or None when any is not allowed."""
    worst = 0
    for dy in range(walkers.side):
        for dx in range(walkers.side):
            cell = (there[0] + dx, there[1] + dy)
            if cell in walkers.walls:
                return None
            enter = step_cost(grid, (here[0] + dx, here[1] + dy), cell)
            if enter is None:
                return None
            worst = max(worst, enter)
    return worst


@dataclass(frozen=True)
class Reach:
    """Where a walk can end: cost in cells and the path (without the starting cell). For
    someone with other ways of moving (modes.py): the mode of each step and the absolute
    level each step flies at aloft (-1: on the ground)."""

    cost: int
    path: tuple[Cell, ...]
    modes: tuple[str, ...] = ()
    altitudes: tuple[int, ...] = ()


def reachable(grid: Grid, start: Cell, allowance: int, walkers: Walkers) -> dict[Cell, Reach]:
    """Every cell the walker can stop on for at most `allowance` cells, start excluded."""
    best: dict[Cell, int] = {start: 0}
    prev: dict[Cell, Cell] = {}
    heap: list[tuple[int, int, int]] = [(0, start[1], start[0])]
    done: set[Cell] = set()
    while heap:
        cost, y, x = heapq.heappop(heap)
        here = (x, y)
        if here in done:
            continue
        done.add(here)
        for dx, dy in NEIGHBOURS:
            there = (x + dx, y + dy)
            if there in done or there in walkers.walls:
                continue
            enter = step_cost(grid, here, there) if walkers.side == 1 else body_cost(grid, here, there, walkers)
            if enter is None:
                continue
            least = walkers.least.get(there, 1)
            if there in walkers.toward:
                least = max(least, toward_least(here, there, walkers.toward[there]))
            if least > 1:
                enter += max(0, least - grid.terrain(*there).cost)
            if there in walkers.times:
                enter *= walkers.times[there]
            total = cost + enter
            if total > allowance:
                continue
            if walkers.keep_away and any(steps(there, c) < d for c, d in walkers.keep_away):
                continue
            if total < best.get(there, allowance + 1):
                best[there] = total
                prev[there] = here
                heapq.heappush(heap, (total, there[1], there[0]))
    out: dict[Cell, Reach] = {}
    for cell in sorted(best, key=lambda c: (c[1], c[0])):
        if cell == start or cell in walkers.occupied:
            continue
        if walkers.side > 1 and any((cell[0] + dx, cell[1] + dy) in walkers.occupied
                                    for dy in range(walkers.side) for dx in range(walkers.side)):
            continue
        path = [cell]
        while path[-1] in prev and prev[path[-1]] != start:
            path.append(prev[path[-1]])
        out[cell] = Reach(best[cell], tuple(reversed(path)))
    return out


def path_cost(grid: Grid, start: Cell, path: list[Cell] | tuple[Cell, ...]) -> int | None:
    """The cost of walking `path` from `start`, or None when a step is not allowed."""
    total, here = 0, start
    for cell in path:
        if steps(here, cell) != 1:
            return None
        enter = step_cost(grid, here, cell)
        if enter is None:
            return None
        total += enter
        here = cell
    return total
