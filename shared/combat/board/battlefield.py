"""The fight as the board sees it: whether it is on a board, who stands where, how far
each combatant may walk, and where everyone is set down when the fight starts.

Owns: `on_board`, `grid`, `cell_of`, `body` (every cell a creature fills: a square as wide
as its size's `cells`, mechanics-1 1.194), `fits`, `walkers_for` (walls and occupied cells for one
walker), `speed` and `allowance` (movement in the ruleset's unit and in cells, with the
`speed` modifiers `flat` then `times`, and `speed-zero`; with other ways of moving,
`mode_allowances` per mode and the fastest as the allowance), `refill` (movement comes back
at the start of the holder's own turn, a run-up cleared), `spend` / `gain` / `left` (cells moved come off
every mode at once; Dash), `distance_cells` (with a flier aloft, the height counts) and
`place` (starting positions: given ones are checked, everyone else is set down on the
nearest free cell of their side's edge; a creature bigger than one cell at the nearest place
its whole square fits).
"""

from __future__ import annotations

import math
from typing import Any, Callable

from .. import numbers as N
from ..sizes import side
from ..state import Combatant
from .grid import Grid, grid_of
from .modes import mode_speeds
from .paths import Walkers, toward_least
from .units import allowance_cells, gap, square, steps, to_cells

Cell = tuple[int, int]


def on_board(fight: Any) -> bool:
    return fight.state.board is not None


def grid(fight: Any) -> Grid:
    """The board, with the cells of the standing walls that block (mechanics-1 1.177)
    closed to movement and areas or to sight; the plain board while no wall stands."""
    base = grid_of(fight.state.board)
    walls = [z for z in fight.state.zones if z.blocks] if fight.state.zones else None
    if not walls:
        return base
    closed: set[Cell] = set()
    opaque: set[Cell] = set()
    for zone in walls:
        cells = zone.standing_cells()
        if "move" in zone.blocks:
            closed.update(cells)
        if "sight" in zone.blocks:
            opaque.update(cells)
    return base.walled(frozenset(closed), frozenset(opaque))


def cell_of(c: Combatant) -> Cell:
    position = c.position
    if position is None:
        raise ValueError(f"{c.name} has no cell: the board asks only where someone stands")
    return (position[0], position[1])


def body(fight: Any, c: Combatant) -> list[Cell]:
    """Every cell `c` fills: its own, the top-left one of its square (1.194)."""
    return square(cell_of(c), side(fight, c))


def fits(grid_: Grid, cell: Cell, width: int, taken: dict[Cell, str] | set[Cell]) -> bool:
    """Whether a square `width` cells across fits at `cell`: on the board, on open ground,
    clear of `taken`."""
    return all(grid_.inside(*p) and not grid_.solid(*p) and p not in taken for p in square(cell, width))


def present(fight: Any) -> list[Combatant]:
    """Everyone who takes up a cell (the fallen too; only those out of the fight do not)."""
    return [c for c in fight.state.combatants if not c.out and c.position is not None]


def standing_foes(fight: Any, c: Combatant) -> list[Combatant]:
    return [o for o in present(fight) if o.side != c.side and not o.down]


def walkers_for(fight: Any, c: Combatant) -> Walkers:
    walls: set[Cell] = set()
    occupied: set[Cell] = set()
    for other in present(fight):
        if other.id == c.id:
            continue
        cells = body(fight, other)
        occupied.update(cells)
        if other.side != c.side and not other.down:
            walls.update(cells)
    keep: list[tuple[Cell, int]] = []
    if "cannot-approach-source" in N.effects(fight, c):
        for name, rule, held in N.rules_in_force(fight, c):
            if "cannot-approach-source" in (rule.effects or []) and held is not None and held.source:
                source = fight.state.combatant(held.source)
                if source is not None and source.position is not None and not source.out:
                    keep.append((cell_of(source), steps(cell_of(c), cell_of(source))))
    least: dict[Cell, int] = {}
    times: dict[Cell, int] = {}
    toward: dict[Cell, tuple[Cell, int]] = {}
    for zone in fight.state.zones:
        if zone.spares_one(c):
            continue
        if zone.least > 1:
            caster = _toward_cell(fight, zone)
            for x, y in zone.cells:
                if caster is not None:
                    toward[(x, y)] = (caster, max(toward.get((x, y), (caster, 1))[1], zone.least))
                else:
                    least[(x, y)] = max(least.get((x, y), 1), zone.least)
        if zone.times > 1:
            for x, y in zone.cells:
                times[(x, y)] = max(times.get((x, y), 1), zone.times)
    return Walkers(walls=walls, occupied=occupied, keep_away=keep, least=least, times=times, toward=toward,
                   side=side(fight, c))


def zone_harms(fight: Any, c: Combatant, start: Cell, path: list[Cell] | tuple[Cell, ...]) -> list[Cell]:
    """The cells of a walk where a lasting zone would harm `c` (zones.py): each step into a
    cell of a zone with harm per distance, a step into a zone that acts on `enter` from
    outside it, and the last cell when a zone acts there as a turn starts or ends."""
    out: list[Cell] = []
    for zone in fight.state.zones:
        if zone.spares_one(c):
            continue
        cells = {(x, y) for x, y in zone.cells}
        entered = zone.cells_for("enter")
        here = start
        touched = False
        for cell in path:
            if cell in cells and zone.every is not None:
                out.append(cell)
            elif cell in entered and here not in entered and not touched:
                # A zone affects a creature once per turn, however often it is entered.
                out.append(cell)
                touched = True
            here = cell
        if path and not touched and any(path[-1] in zone.cells_for(t) for t in ("turn-start", "turn-end")):
            out.append(path[-1])
    return out


def _toward_cell(fight: Any, zone: Any) -> Cell | None:
    """Where the zone's caster stands when its terrain counts only toward them
    (`towardCaster`), else None."""
    if not zone.toward:
        return None
    owner = fight.state.combatant(zone.owner)
    return cell_of(owner) if owner is not None and owner.position is not None else None


def zone_extra(fight: Any, c: Combatant, grid: Grid, here: Cell, cell: Cell, cost: int) -> int:
    """What lasting zones' terrain adds to `c` walking from `here` into `cell` at `cost`
    (mechanics-1 1.173, 1.175, 1.182): entering costs at least the zone's `least` (2:
    difficult, `costTimes`; only for a step closer to its caster with `towardCaster`) in
    place of the ground's own cost, which difficult ground already meets (it is not doubled
    again), and a zone that halves speed (`times` 2) doubles the step's cost once more."""
    least, times = 1, 1
    for zone in fight.state.zones:
        if zone.spares_one(c) or [cell[0], cell[1]] not in zone.cells:
            continue
        caster = _toward_cell(fight, zone)
        zone_least = zone.least if caster is None else toward_least(here, cell, (caster, zone.least))
        least, times = max(least, zone_least), max(times, zone.times)
    return (cost + max(0, least - grid.terrain(*cell).cost)) * times - cost


def base_speed(fight: Any, c: Combatant) -> float:
    """Walking speed in the ruleset's unit: `economy.movement` read from the sheet, or the
    creature's own `speed` (none beside other `speeds`: it does not walk)."""
    block = c.block or {}
    if c.kind == "block" or (block and block.get("speed") is not None):
        if block.get("speed") is not None:
            return float(block["speed"])
        if block.get("speeds"):
            # A creature that gives other speeds and no `speed` does not walk (1.354).
            return 0.0
    movement = fight.combat.economy.movement
    if movement is None:
        return 0.0
    view = fight.view(c)
    if view is not None:
        return float(view.value(movement))
    if movement.const is not None:
        return float(movement.const)
    return 0.0


def _modify(fight: Any, c: Combatant, values: dict[str, float]) -> dict[str, float]:
    """Speeds after the `speed` modifiers of conditions and levels: every `flat` change, then
    every `times`, to walking and to each other way of moving the holder has. `speed-zero`
    makes them all 0."""
    if "speed-zero" in N.effects(fight, c):
        return {k: 0.0 for k in values}
    flat, times = 0.0, 1.0
    for _name, rule, _held in N.rules_in_force(fight, c):
        for mod in rule.modifiers or []:
            if mod.to != "speed":
                continue
            if mod.flat is not None:
                flat += mod.flat
            if mod.times is not None:
                times *= mod.times
    return {k: max(0.0, (v + flat) * times) for k, v in values.items()}


def speed(fight: Any, c: Combatant) -> float:
    """Walking speed after the `speed` modifiers."""
    return _modify(fight, c, {"walk": base_speed(fight, c)})["walk"]


def mode_allowances(fight: Any, c: Combatant) -> dict[str, int]:
    """Cells per way of moving (modes.py) after the `speed` modifiers, or `{}` for someone
    who only walks."""
    speeds = mode_speeds(fight, c, base_speed(fight, c))
    if len(speeds) == 1:
        return {}
    unit = float(fight.combat.distance.perCell)
    return {k: allowance_cells(v, unit) for k, v in _modify(fight, c, speeds).items()}


def allowance(fight: Any, c: Combatant) -> int:
    """A turn's movement in cells: the fastest way of moving the holder has (1.113)."""
    modes = mode_allowances(fight, c)
    if modes:
        return max(modes.values())
    return allowance_cells(speed(fight, c), float(fight.combat.distance.perCell))


def refill(fight: Any, c: Combatant) -> None:
    """At the start of the holder's own turn: a full allowance, Disengage over."""
    c.modes = mode_allowances(fight, c)
    c.movement = max(c.modes.values()) if c.modes else allowance(fight, c)
    c.disengaged = False
    # A run-up is this turn's walk (board/run_up.py).
    c.run_up = None


def spend(c: Combatant, cells: int) -> None:
    """Moving `cells` comes off every way of moving at once (1.113)."""
    c.movement = max(0, c.movement - cells)
    for mode in c.modes:
        c.modes[mode] = max(0, c.modes[mode] - cells)


def gain(fight: Any, c: Combatant) -> int:
    """Dash: each way of moving gains its allowance again; returns the cells gained."""
    for mode, cells in mode_allowances(fight, c).items():
        c.modes[mode] = c.modes.get(mode, 0) + cells
    gained = allowance(fight, c)
    c.movement += gained
    return gained


def left(c: Combatant) -> dict[str, int]:
    """Cells left per way of moving (`{"walk": movement}` for someone who only walks)."""
    return dict(c.modes) if c.modes else {"walk": c.movement}


def adjacent(fight: Any, a: Combatant, b: Combatant) -> bool:
    return a.position is not None and b.position is not None and distance_cells(fight, a, b) <= 1


# ---------------------------------------------------------------------------
# starting positions
# ---------------------------------------------------------------------------


def place(grid_: Grid, combatants: list[Combatant], given: dict[str, Any],
          sides: dict[str, int] | None = None) -> list[str]:
    """Sets every combatant's `position`. `given` maps ids to the `[x, y]` their file gave
    (a repeated foe's `position` is where its group starts); `sides` the cells across of
    those bigger than one cell, each set down where its whole square fits nearest the cell
    asked. Returns the problems."""
    sides = sides or {}
    problems: list[str] = []
    taken: dict[Cell, str] = {}
    wanted: list[tuple[Combatant, Cell | None]] = []
    for c in combatants:
        raw = given.get(c.id)
        if raw is None:
            wanted.append((c, None))
            continue
        if (not isinstance(raw, list | tuple) or len(raw) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw)):
            problems.append(f"{c.name}: a position is [x, y] in whole cells")
            continue
        cell: Cell = (raw[0], raw[1])
        if not grid_.inside(*cell):
            problems.append(f"{c.name}: {cell[0]}, {cell[1]} is off the {grid_.width} x {grid_.height} board")
        elif grid_.solid(*cell):
            problems.append(f"{c.name}: {cell[0]}, {cell[1]} is {grid_.terrain(*cell).label}, which nobody can stand on")
        else:
            wanted.append((c, cell))
    if problems:
        return problems
    exact = {c.id for c, spot in wanted if spot is not None and not _group_start(c, given) and c.id not in sides}
    for c, spot in wanted:
        if spot is None or c.id not in exact:
            continue
        if spot in taken:
            problems.append(f"{c.name}: {spot[0]}, {spot[1]} is already {taken[spot]}'s cell")
            continue
        taken[spot] = c.name
        c.position = [spot[0], spot[1]]
    if problems:
        return problems
    for c, spot in wanted:
        if c.position is not None:
            continue
        start = spot if spot is not None else _edge_start(grid_, c.side)
        width = sides.get(c.id, 1)
        found = nearest_free(grid_, start, taken, width=width)
        if found is None:
            problems.append(f"{c.name}: no free cell is left on the board" if width == 1
                            else f"{c.name}: no free {width} x {width} square is left on the board")
            continue
        for cell in square(found, width):
            taken[cell] = c.name
        c.position = [found[0], found[1]]
    return problems


def _group_start(c: Combatant, given: dict[str, Any]) -> bool:
    return bool(given.get(f"{c.id}#group"))


def _edge_start(grid_: Grid, side: str) -> Cell:
    x = 0 if side == "party" else grid_.width - 1
    return (x, grid_.height // 2)


def nearest_free(grid_: Grid, start: Cell, taken: dict[Cell, str] | set[Cell],
                 prefer: Callable[[Cell], bool] | None = None, width: int = 1) -> Cell | None:
    """The free, open cell nearest `start` (rings outward, row by row within a ring); with
    `prefer`, the first such cell of the nearest ring that it prefers, if any; with `width`,
    the top-left cell of the nearest free square that many cells across."""
    for ring in range(0, max(grid_.width, grid_.height) + 1):
        free = [(x, y) for y in range(start[1] - ring, start[1] + ring + 1)
                for x in range(start[0] - ring, start[0] + ring + 1)
                if max(abs(x - start[0]), abs(y - start[1])) == ring
                and (fits(grid_, (x, y), width, taken) if width > 1
                     else grid_.inside(x, y) and not grid_.solid(x, y) and (x, y) not in taken)]
        if free:
            return next((c for c in free if prefer(c)), free[0]) if prefer is not None else free[0]
    return None


def distance_cells(fight: Any, a: Combatant, b: Combatant) -> int:
    """Cells between two combatants: the flat distance, or, with either aloft (1.114), the
    greater of that and the height between them."""
    flat = gap(cell_of(a), side(fight, a), cell_of(b), side(fight, b))
    if not (a.aloft or b.aloft):
        return flat
    return max(flat, height_cells(fight, cell_of(a), a.aloft, cell_of(b), b.aloft))


def vertical_cells(fight: Any, levels: int) -> int:
    """`levels` of elevation (combat.elevation.levelHeight each) in cells."""
    if not levels:
        return 0
    elevation = fight.combat.elevation
    return to_cells(levels * float(elevation.levelHeight), float(fight.combat.distance.perCell)) or 0


def height_cells(fight: Any, a: Cell, a_aloft: int, b: Cell, b_aloft: int) -> int:
    """The height between two points (a cell and the levels above its ground), in cells."""
    g = grid(fight)
    return vertical_cells(fight, abs(g.level(*a) + a_aloft - g.level(*b) - b_aloft))


def ceil_half(n: int) -> int:
    return math.ceil(n / 2)
