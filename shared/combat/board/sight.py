"""Line of sight and cover on the board (spec/combat-3 "Line of sight and cover",
"Elevation").

Owns: `crossed` (the cells whose inside a straight segment passes through; touching an edge
or a corner is not passing through), `sees` (the line joining two cells' centres crosses no
wall or mountain, and no ground higher than both ends; water does not block), and `cover`
(the DMG's corner lines from the attacker's best corner: three or four lines through
something solid is three-quarters cover, one is half, a line through cover-worthy terrain
or low cover (unless shot down from higher up), or, with `cover.creatures`, through
someone standing, is half; a target standing on cover-worthy terrain has at least half).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Iterable

from .grid import Grid

Cell = tuple[int, int]
Point = tuple[Fraction, Fraction]

NONE, HALF, THREE_QUARTERS, TOTAL = "none", "half", "three-quarters", "total"


def _rows_in(lo: Fraction, hi: Fraction) -> range:
    """Rows r whose open interval (r, r + 1) meets [lo, hi] in more than an edge."""
    if lo == hi:
        return range(math.floor(lo), math.floor(lo) + 1) if lo.denominator != 1 else range(0)
    return range(math.floor(lo), math.ceil(hi))


def crossed(p: Point, q: Point) -> list[Cell]:
    """Cells whose inside the segment p-q passes through, in order from p."""
    (px, py), (qx, qy) = p, q
    out: list[Cell] = []
    if px == qx:
        if px.denominator == 1:
            return out
        x = math.floor(px)
        lo, hi = min(py, qy), max(py, qy)
        rows = list(_rows_in(lo, hi))
        return [(x, r) for r in (rows if qy >= py else reversed(rows))]
    step = 1 if qx > px else -1
    x0, x1 = min(px, qx), max(px, qx)
    columns = range(math.floor(x0), math.ceil(x1))
    for col in (columns if step > 0 else reversed(columns)):
        a, b = max(Fraction(col), x0), min(Fraction(col + 1), x1)
        if a >= b:
            continue
        ya = py + (qy - py) * (a - px) / (qx - px)
        yb = py + (qy - py) * (b - px) / (qx - px)
        lo, hi = min(ya, yb), max(ya, yb)
        rows = list(_rows_in(lo, hi))
        if qy < py:
            rows.reverse()
        out.extend((col, r) for r in rows)
    return out


def centre(c: Cell) -> Point:
    return Fraction(2 * c[0] + 1, 2), Fraction(2 * c[1] + 1, 2)


def corners(c: Cell) -> list[Point]:
    x, y = c
    return [(Fraction(x + dx), Fraction(y + dy)) for dy in (0, 1) for dx in (0, 1)]


def between(grid: Grid, a: Cell, b: Cell, p: Point, q: Point) -> Iterable[Cell]:
    for cell in crossed(p, q):
        if cell != a and cell != b and grid.inside(*cell):
            yield cell


def _blocks(grid: Grid, cell: Cell, top: int) -> bool:
    return grid.solid(*cell) or grid.level(*cell) > top


def sees(grid: Grid, a: Cell, b: Cell) -> bool:
    """Nothing solid, and no ground higher than both ends, on the line joining the centres."""
    if a == b:
        return True
    top = max(grid.level(*a), grid.level(*b))
    return not any(_blocks(grid, cell, top) for cell in between(grid, a, b, centre(a), centre(b)))


def cover(grid: Grid, attacker: Cell, target: Cell, *, bodies: set[Cell] = frozenset()) -> str:
    """The cover `target` has against an attack from `attacker`: none, half, three-quarters or
    total. `bodies` are the cells of anyone standing who counts as cover (`cover.creatures`)."""
    if not sees(grid, attacker, target):
        return TOTAL
    top = max(grid.level(*attacker), grid.level(*target))
    from_above = grid.level(*attacker) > grid.level(*target)
    best: tuple[int, int] | None = None
    for corner in corners(attacker):
        blocked = soft = 0
        for aim in corners(target):
            hard = half = False
            for cell in between(grid, attacker, target, corner, aim):
                if _blocks(grid, cell, top):
                    hard = True
                    break
                kind = grid.terrain(*cell).kind
                if kind == "cover" or (kind == "low" and not from_above) or cell in bodies:
                    half = True
            blocked += hard
            soft += half and not hard
        key = (blocked, soft)
        if best is None or key < best:
            best = key
    blocked, soft = best or (0, 0)
    grade = THREE_QUARTERS if blocked >= 3 else HALF if blocked or soft else NONE
    if grade == NONE and grid.terrain(*target).kind == "cover":
        grade = HALF
    return grade
