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

from dataclasses import dataclass
from typing import Callable

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


#: Each shape's cells, from (grid, shape, actor's cell, aimed cell).
CELLS: dict[str, Callable[[Grid, Shape, Cell, Cell], list[Cell]]] = {
    "burst": lambda g, s, actor, aim: burst(g, aim, s.size, s.through),
    "cone": lambda g, s, actor, aim: cone(g, actor, aim, s.size),
    "line": lambda g, s, actor, aim: line(g, actor, aim, s.size, s.width),
    "box": lambda g, s, actor, aim: box(g, actor, aim, s.size),
}


def cells_of(grid: Grid, shape: Shape, actor: Cell, aim: Cell) -> list[Cell]:
    return CELLS[shape.shape](grid, shape, actor, aim)


def sent(shape: Shape) -> bool:
    """Whether the shape is sent to a cell within its range and sight (a burst or box with
    a range), rather than spreading from the actor or from the cell beside them."""
    return shape.shape in ("burst", "box") and bool(shape.range)


def aim_ok(grid: Grid, shape: Shape, actor: Cell, aim: Cell, sight: Callable[[Cell, Cell], bool]) -> bool:
    """Whether the shape may be aimed at `aim` (the range rule); `sight(a, b)` is the sight
    check."""
    if not grid.inside(*aim) or grid.solid(*aim):
        return False
    if sent(shape):
        return steps(actor, aim) <= (shape.range or 0) and sight(actor, aim)
    if shape.shape == "burst":
        return aim == actor
    if shape.shape == "box":
        return steps(actor, aim) == 1
    return 1 <= steps(actor, aim) <= shape.size


def aim_cells(grid: Grid, shape: Shape, actor: Cell, sight: Callable[[Cell, Cell], bool]) -> list[Cell]:
    """Every cell the shape may be aimed at, in row order."""
    if shape.shape == "burst" and not shape.range:
        return [actor]
    span = (shape.range or 0) if sent(shape) else 1 if shape.shape == "box" else shape.size
    out = []
    for y in range(actor[1] - span, actor[1] + span + 1):
        for x in range(actor[0] - span, actor[0] + span + 1):
            if aim_ok(grid, shape, actor, (x, y), sight):
                out.append((x, y))
    return out
