"""Areas on the board: the cells a burst, a cone or a line covers, where a shape may be
aimed, and whom it catches (spec/combat-3 "Areas", "How far a shape can be sent").

Owns: `burst`, `cone`, `line`, `box` (each stops at anything solid: a cell is covered only
when nothing solid lies between it and where the shape spreads from), `aim_cells` (the range
rule) and `Shape` (an area in cells).

The spec's three diagrams fix the shapes: a burst of size s is every cell fewer than s
steps from the cell aimed at (size 2 is the 3 x 3 square around it); a cone runs from the
actor toward the aimed cell, each step as wide as it is far, within s cells of the actor
(size 3 aimed right covers 1, 3 and 1 cells); a line runs the same way, one cell wide, s
cells long, or `width` cells wide with the extra column on the caster's left.
A box (mechanics-1 1.177) is a square of side s whose near corner sits on the cell aimed
at and which extends away from the creator; along an axis on which the creator is in line
with that cell it is centred on it instead (an even side leans toward the lower
coordinate). Without a range the box adjoins the creator: it is aimed at a cell beside them
(Thunderwave's 15-foot cube is the 3 x 3 square beside the caster).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from ..plans import Placing
from .grid import Grid
from .sight import centre_line
from .units import steps

Cell = tuple[int, int]


@dataclass(frozen=True)
class Shape:
    shape: str
    size: int
    width: int = 1
    #: Cells the shape may be sent (None: a burst without a range goes off on the actor).
    range: int | None = None
    #: `throughWalls`: walls between the centre and a cell protect nobody.
    through: bool = False
    #: `around`: a burst centred on the user, which never affects the user.
    around: bool = False
    #: A wall's `ring` in cells (the diameter it may be laid out as; 0: it may not).
    ring: int = 0
    #: `copies` (1.178): how many times a burst or box is placed at once.
    copies: int = 1
    #: Where this casting lays a wall out (the choice's `toward` and `ring`, `Placing`).
    toward: Cell | None = None
    ringed: bool = False


def _clear(grid: Grid, origin: Cell, cell: Cell) -> bool:
    """Nothing solid between where the shape spreads from and `cell`."""
    if grid.solid(*cell):
        return False
    return not any(grid.solid(*c) for c in centre_line(grid, origin, cell))


def burst(grid: Grid, at: Cell, size: int, through: bool = False) -> list[Cell]:
    reach = max(0, size - 1)
    out = []
    for y in range(at[1] - reach, at[1] + reach + 1):
        for x in range(at[0] - reach, at[0] + reach + 1):
            if grid.inside(x, y) and (not grid.solid(x, y) if through else _clear(grid, at, (x, y))):
                out.append((x, y))
    return out


def cone(grid: Grid, origin: Cell, aim: Cell, size: int) -> list[Cell]:
    vx, vy = aim[0] - origin[0], aim[1] - origin[1]
    if (vx, vy) == (0, 0):
        return []
    out = []
    for y in range(origin[1] - size, origin[1] + size + 1):
        for x in range(origin[0] - size, origin[0] + size + 1):
            dx, dy = x - origin[0], y - origin[1]
            along, across = dx * vx + dy * vy, dx * vy - dy * vx
            if along <= 0 or abs(across) >= along or dx * dx + dy * dy > size * size:
                continue
            if grid.inside(x, y) and _clear(grid, origin, (x, y)):
                out.append((x, y))
    return out


def _round(num: int, den: int) -> int:
    """num / den (den > 0) rounded half away from zero, so a line leans the same way
    whichever side it is aimed."""
    return (2 * num + den) // (2 * den) if num >= 0 else -((-2 * num + den) // (2 * den))


def line(grid: Grid, origin: Cell, aim: Cell, size: int, width: int = 1) -> list[Cell]:
    vx, vy = aim[0] - origin[0], aim[1] - origin[1]
    if (vx, vy) == (0, 0):
        return []
    longest = max(abs(vx), abs(vy))
    # The caster's left, facing along the line (y grows down the board).
    left = (0, -1 if vx > 0 else 1) if abs(vx) >= abs(vy) else (1 if vy > 0 else -1, 0)
    lanes = range(-((width - 1) // 2), width // 2 + 1)
    out: list[Cell] = []
    for k in lanes:
        start = (origin[0] + k * left[0], origin[1] + k * left[1])
        for i in range(1, size + 1):
            cell = (start[0] + _round(vx * i, longest), start[1] + _round(vy * i, longest))
            if not grid.inside(*cell) or grid.solid(*cell):
                break
            if cell not in out:
                out.append(cell)
    return out


def _box_span(origin: int, aim: int, size: int) -> range:
    """The box's cells along one axis: away from the creator from the near corner, or
    centred on the aimed cell when the creator is in line with it."""
    if aim > origin:
        return range(aim, aim + size)
    if aim < origin:
        return range(aim - size + 1, aim + 1)
    return range(aim - (size - 1) // 2, aim + size // 2 + 1)


def box(grid: Grid, origin: Cell, aim: Cell, size: int) -> list[Cell]:
    """The square of side `size` on `aim`, away from `origin`; a cell is covered when nothing
    solid lies between it and the aimed cell (the box spreads from its near corner)."""
    return [(x, y) for y in _box_span(origin[1], aim[1], size) for x in _box_span(origin[0], aim[0], size)
            if grid.inside(x, y) and _clear(grid, aim, (x, y))]


def _wall_axis(origin: Cell, aim: Cell, toward: Cell | None) -> tuple[Cell, Cell]:
    """A straight wall's direction (to its `toward` cell, or across the line from the
    creator) and the unit step away from the creator that its thickness grows along."""
    if toward is not None and toward != aim:
        d = (toward[0] - aim[0], toward[1] - aim[1])
        n = (0, 1) if abs(d[0]) >= abs(d[1]) else (1, 0)
        if (origin[0] - aim[0]) * n[0] + (origin[1] - aim[1]) * n[1] > 0:
            n = (-n[0], -n[1])
        return d, n
    vx, vy = aim[0] - origin[0], aim[1] - origin[1]
    if abs(vx) < abs(vy):
        return (1, 0), (0, 1 if vy >= 0 else -1)
    return (0, 1), (1 if vx >= 0 else -1, 0)


def _wall_line(origin: Cell, aim: Cell, size: int, width: int, toward: Cell | None) -> list[Cell]:
    """A straight wall: from `aim` to `toward`, or through `aim` across the line from the
    creator (centred on it, an even length leaning toward the lower coordinate); `width`
    lanes thick, the extra lanes away from the creator."""
    (dx, dy), (nx, ny) = _wall_axis(origin, aim, toward)
    if toward is not None and toward != aim:
        longest = max(abs(dx), abs(dy))
        along = [(aim[0] + _round(dx * i, longest), aim[1] + _round(dy * i, longest)) for i in range(size)]
    else:
        lo = -((size - 1) // 2)
        along = [(aim[0] + k * dx, aim[1] + k * dy) for k in range(lo, lo + size)]
    return [(x + k * nx, y + k * ny) for k in range(width) for x, y in along]


def wall_position(shape: Shape, origin: Cell, aim: Cell) -> Callable[[Cell], int]:
    """How far along the wall a cell of it lies, in cells from its first end (a ring's from
    its north-west corner, clockwise), so it can be cut into sections (mechanics-2 1.200)."""
    if shape.ringed:
        r = ring_radius(shape.ring)

        def around(cell: Cell) -> int:
            dx, dy = cell[0] - aim[0], cell[1] - aim[1]
            if dy == -r:
                return dx + r
            if dx == r:
                return 2 * r + dy + r
            if dy == r:
                return 4 * r + r - dx
            return 6 * r + r - dy
        return around
    (dx, dy), _n = _wall_axis(origin, aim, shape.toward)
    if shape.toward is not None and shape.toward != aim:
        x_major = abs(dx) >= abs(dy)
        return lambda cell: abs(cell[0] - aim[0]) if x_major else abs(cell[1] - aim[1])
    lo = -((shape.size - 1) // 2)
    return lambda cell: (cell[0] - aim[0] if dx else cell[1] - aim[1]) - lo


def wall_side(shape: Shape, origin: Cell, aim: Cell) -> Callable[[Cell], str | None]:
    """Which side of the wall a cell lies on: "near" (the creator's, inside a ring) or "far";
    None on the wall's own line."""
    if shape.ringed:
        r = ring_radius(shape.ring)

        def in_ring(cell: Cell) -> str | None:
            away = steps(cell, aim)
            return None if away == r else "near" if away < r else "far"
        return in_ring
    (dx, dy), (nx, ny) = _wall_axis(origin, aim, shape.toward)
    far = dx * ny - dy * nx

    def across(cell: Cell) -> str | None:
        turn = dx * (cell[1] - aim[1]) - dy * (cell[0] - aim[0])
        return None if turn == 0 else "far" if (turn > 0) == (far > 0) else "near"
    return across


def ring_radius(diameter: int) -> int:
    """Half a ring's diameter in cells, rounded up (at least one)."""
    return max(1, (diameter + 1) // 2)


def ring(at: Cell, diameter: int) -> list[Cell]:
    """The cells `ring_radius` steps from `at`, row by row: a square ring whose opposite
    cells' centres are about `diameter` apart (exactly, for an even one)."""
    r = ring_radius(diameter)
    return [(x, y) for y in range(at[1] - r, at[1] + r + 1) for x in range(at[0] - r, at[0] + r + 1)
            if max(abs(x - at[0]), abs(y - at[1])) == r]


def wall(grid: Grid, shape: Shape, origin: Cell, aim: Cell) -> list[Cell]:
    """A wall's cells (mechanics-1 1.177): a ring when the casting lays it out as one, else a
    straight wall; a wall is set down, not spread, so only solid cells and the board's edge
    leave gaps in it."""
    cells = ring(aim, shape.ring) if shape.ringed else _wall_line(origin, aim, shape.size, shape.width, shape.toward)
    out: list[Cell] = []
    for cell in cells:
        if grid.inside(*cell) and not grid.solid(*cell) and cell not in out:
            out.append(cell)
    return out


#: Each shape's cells, from (grid, shape, actor's cell, aimed cell).
CELLS: dict[str, Callable[[Grid, Shape, Cell, Cell], list[Cell]]] = {
    "burst": lambda g, s, actor, aim: burst(g, aim, s.size, s.through),
    "cone": lambda g, s, actor, aim: cone(g, actor, aim, s.size),
    "line": lambda g, s, actor, aim: line(g, actor, aim, s.size, s.width),
    "box": lambda g, s, actor, aim: box(g, actor, aim, s.size),
    "wall": lambda g, s, actor, aim: wall(g, s, actor, aim),
}


def cells_of(grid: Grid, shape: Shape, actor: Cell, aim: Cell) -> list[Cell]:
    return CELLS[shape.shape](grid, shape, actor, aim)


def laid_out(shape: Shape, placing: Placing | None) -> Shape:
    """The shape as the choice lays a wall out: run to its `toward` cell, or as a ring."""
    if placing is None or shape.shape != "wall":
        return shape
    return replace(shape, toward=placing.toward, ringed=placing.ring)


def placed_cells(grid: Grid, shape: Shape, actor: Cell, aim: Cell, placing: Placing | None) -> list[Cell]:
    """The cells the area covers as the choice places it: a wall as laid out, a burst or box
    with `copies` at its cell and each of the choice's other cells (1.178)."""
    shape = laid_out(shape, placing)
    cells = cells_of(grid, shape, actor, aim)
    for other in placing.copies if placing is not None else ():
        cells += [c for c in cells_of(grid, shape, actor, other) if c not in cells]
    return cells


def sent(shape: Shape) -> bool:
    """Whether the shape is sent to a cell within its range and sight (a burst or box with
    a range), rather than spreading from the actor or from the cell beside them."""
    return shape.shape in ("burst", "box", "wall") and bool(shape.range)


def aim_ok(grid: Grid, shape: Shape, actor: Cell, aim: Cell, sight: Callable[[Cell, Cell], bool]) -> bool:
    """Whether the shape may be aimed at `aim` (the range rule); `sight(a, b)` is the sight
    check."""
    if not grid.inside(*aim) or grid.solid(*aim):
        return False
    if sent(shape):
        return steps(actor, aim) <= (shape.range or 0) and sight(actor, aim)
    if shape.shape == "burst":
        return aim == actor
    if shape.shape in ("box", "wall"):
        return steps(actor, aim) == 1
    return 1 <= steps(actor, aim) <= shape.size


def aim_cells(grid: Grid, shape: Shape, actor: Cell, sight: Callable[[Cell, Cell], bool]) -> list[Cell]:
    """Every cell the shape may be aimed at, in row order."""
    if shape.shape == "burst" and not shape.range:
        return [actor]
    span = (shape.range or 0) if sent(shape) else 1 if shape.shape in ("box", "wall") else shape.size
    out = []
    for y in range(actor[1] - span, actor[1] + span + 1):
        for x in range(actor[0] - span, actor[0] + span + 1):
            if aim_ok(grid, shape, actor, (x, y), sight):
                out.append((x, y))
    return out
