"""Other ways to move than walking (spec/combat-3 "Other ways to move", Capability API
1.113).

Owns: `MODES` (walk, burrow, swim, climb, fly: the order equal-cost steps are chosen in),
`mode_speeds` (a creature's `speed` and `speeds`, or a party member's `economy.movement`
and `economy.movementModes` read from the sheet, in the ruleset's unit), `mode_allowances`
(each mode in cells after the `speed` modifiers), `mode_cost` (what one step costs in one
mode, or None when that mode cannot make it) and `cheapest` (the step's mode: the cheapest
that has enough left) and `reachable_modes` (paths.reachable's Dijkstra for someone with
other ways of moving, flying aloft included).

The rules: the allowance is the fastest mode, and every cell moved comes off all modes at
once (walk 30 and fly 60 can walk 10 and fly 40, never walk more than 30). A flier steps
anywhere not solid for one cell, water and a rise or drop of any height included; a swimmer
crosses water for one cell and walks on land; a climber goes up (and down) a rise of any
height for the cost of the ground it steps onto; a burrower moves as if walking (the board
has no ground to burrow through). Someone who only walks moves exactly as before: their
`modes` stay empty and paths.py's walk is the whole story.
"""

from __future__ import annotations

import heapq
from typing import Any

from .grid import Grid
from .paths import NEIGHBOURS, Reach, Walkers, passable, step_cost
from .units import steps

Cell = tuple[int, int]

#: Equal costs go to the earlier mode: a step flying costs no more than walking is walked,
#: so only a step that flight alone makes, or makes cheaper, takes a walker into the air.
MODES = ("walk", "burrow", "swim", "climb", "fly")
OTHER = ("fly", "swim", "climb", "burrow")


def mode_speeds(fight: Any, c: Any, walk: float) -> dict[str, float]:
    """`{"walk": walk, "fly": 60, ...}`: the other speeds above 0 beside the walking speed
    `walk` (battlefield.base_speed), in the ruleset's unit."""
    out = {"walk": walk}
    block = c.block or {}
    speeds = block.get("speeds") if c.kind == "block" or block.get("speeds") is not None else None
    if speeds:
        for key in OTHER:
            value = speeds.get(key)
            if value:
                out[key] = float(value)
        return out
    modes = fight.combat.economy.movementModes
    if modes is None or c.kind != "sheet":
        return out
    view = fight.view(c)
    for key in OTHER:
        ref = getattr(modes, key)
        if ref is None:
            continue
        value = float(view.value(ref)) if view is not None else float(ref.const or 0)
        if value > 0:
            out[key] = value
    return out


def cheapest(grid: Grid, here: Cell, there: Cell, left: dict[str, int]) -> tuple[str, int] | None:
    """The step's mode and cost: the cheapest mode with at least that much left (`left`:
    cells left per mode), or None when no mode can make it."""
    best: tuple[str, int] | None = None
    for mode in MODES:
        have = left.get(mode)
        if not have:
            continue
        cost = mode_cost(grid, here, there, mode)
        if cost is not None and cost <= have and (best is None or cost < best[1]):
            best = (mode, cost)
    return best


def mode_cost(grid: Grid, here: Cell, there: Cell, mode: str) -> int | None:
    """What one step costs in `mode` (walk and burrow: paths.step_cost), or None."""
    if mode in ("walk", "burrow"):
        return step_cost(grid, here, there)
    if not passable(grid, here, there):
        return None
    x, y = here
    nx, ny = there
    if mode == "fly":
        return 1
    if mode == "climb":
        return grid.terrain(nx, ny).cost
    # Swimming: water for one cell, rises and cliffs as walking; on land it walks.
    if grid.terrain(nx, ny).kind != "water":
        return None
    rise = grid.level(nx, ny) - grid.level(x, y)
    if rise >= 2 or rise <= -2:
        return None
    return 1 + (1 if rise == 1 else 0)


def reachable_modes(grid: Grid, start: Cell, left: dict[str, int], walkers: Walkers,
                    altitude: int | None = None) -> dict[Cell, Reach]:
    """paths.reachable for someone with other ways of moving: one Dijkstra over the cells
    moved (the fewer, the more is left in every mode), each step in `cheapest`'s mode.
    `altitude` is the absolute level of a flier aloft (1.114): aloft it only flies, keeping
    its height over lower ground, and lands on ground as high as itself or higher; from
    then on it is on the ground. Each cell keeps its cheapest way (on the ground first)."""
    ground = -1
    top = max(left.values(), default=0)
    first = (start, ground if altitude is None else altitude)
    best: dict[tuple[Cell, int], int] = {first: 0}
    prev: dict[tuple[Cell, int], tuple[tuple[Cell, int], str]] = {}
    heap: list[tuple[int, int, int, int]] = [(0, start[1], start[0], first[1])]
    done: set[tuple[Cell, int]] = set()
    while heap:
        used, y, x, alt = heapq.heappop(heap)
        here = ((x, y), alt)
        if here in done:
            continue
        done.add(here)
        have = {m: n - used for m, n in left.items() if n - used > 0}
        for dx, dy in NEIGHBOURS:
            there = (x + dx, y + dy)
            if there in walkers.walls:
                continue
            if alt == ground:
                way = cheapest(grid, (x, y), there, have)
                if way is None:
                    continue
                mode, cost = way
                nalt = ground
            else:
                if have.get("fly", 0) < 1 or mode_cost(grid, (x, y), there, "fly") is None:
                    continue
                mode, cost = "fly", 1
                nalt = ground if grid.level(*there) >= alt else alt
            total = used + cost
            key = (there, nalt)
            if total > top or key in done:
                continue
            if walkers.keep_away and any(steps(there, c) < d for c, d in walkers.keep_away):
                continue
            if total < best.get(key, top + 1):
                best[key] = total
                prev[key] = (here, mode)
                heapq.heappush(heap, (total, there[1], there[0], nalt))
    chosen: dict[Cell, tuple[int, int, tuple[Cell, int]]] = {}
    for key, cost in best.items():
        cell, alt = key
        if cell == start or cell in walkers.occupied:
            continue
        rank = (cost, alt)
        if cell not in chosen or rank < chosen[cell][:2]:
            chosen[cell] = (cost, alt, key)
    out: dict[Cell, Reach] = {}
    for cell in sorted(chosen, key=lambda c: (c[1], c[0])):
        cost, _alt, key = chosen[cell]
        path: list[Cell] = []
        used_modes: list[str] = []
        alts: list[int] = []
        while key in prev:
            before, mode = prev[key]
            path.append(key[0])
            used_modes.append(mode)
            alts.append(key[1])
            key = before
        out[cell] = Reach(cost, tuple(reversed(path)), tuple(reversed(used_modes)), tuple(reversed(alts)))
    return out
