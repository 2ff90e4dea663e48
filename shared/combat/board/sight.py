"""Line of sight and cover on the board (spec/combat-3 "Line of sight and cover",
"Elevation").

Owns: `crossed` (the cells whose inside a straight segment passes through; touching an edge
or a corner is not passing through), `centre_line` (the cells strictly between two cells'
centres), `sees` (the line joining two cells' centres crosses no wall or mountain, and no
ground higher than both ends; water does not block), and `cover` (the DMG's corner lines
from the attacker's best corner: three or four lines through something solid is
three-quarters cover, one is half, a line through cover-worthy terrain or low cover (unless
shot down from higher up), or, with `cover.creatures`, through someone standing, is half; a
target standing on cover-worthy terrain has at least half against an attack, not against
a save); `sees_body` and `body_cover` judge a creature filling more than one cell by its
most exposed cell (mechanics-1 1.194).

Points are in half cells, so every centre and corner is a pair of whole numbers and the
geometry is exact integer arithmetic: cell (x, y) spans 2x to 2x + 2 across and 2y to
2y + 2 down, its centre is (2x + 1, 2y + 1). The board never changes during a fight, so
what a pair of cells sees of each other is worked out once per board (`Grid.memo`) and
read back on every later menu, forecast and decision.
"""

from __future__ import annotations

from typing import Any

from .grid import Grid

Cell = tuple[int, int]
#: A point in half cells.
Point = tuple[int, int]
#: One corner line: (passes through something solid, passes through cover-worthy or low
#: terrain, the cells it passes through when nothing solid stops it).
Line = tuple[bool, bool, tuple[Cell, ...]]

NONE, HALF, THREE_QUARTERS, TOTAL = "none", "half", "three-quarters", "total"
#: The grades from the least cover to the most.
GRADES = (NONE, HALF, THREE_QUARTERS, TOTAL)

#: Entries a board's memo may hold before it starts again (a 100 x 100 board has 10**8
#: pairs of cells; a fight looks at a few thousand).
MEMO_LIMIT = 400_000


def crossed(p: Point, q: Point) -> list[Cell]:
    """Cells whose inside the segment p-q (points in half cells) passes through, in order
    from p."""
    (px, py), (qx, qy) = p, q
    if qx < px:
        # The same cells, walked the other way.
        back = crossed(q, p)
        back.reverse()
        return back
    if px == qx:
        if px % 2 == 0:
            return []
        x = px // 2
        lo, hi = (py, qy) if qy >= py else (qy, py)
        if lo == hi:
            return [] if lo % 2 == 0 else [(x, lo // 2)]
        if qy >= py:
            return [(x, r) for r in range(lo // 2, -(-hi // 2))]
        return [(x, r) for r in range(-(-hi // 2) - 1, lo // 2 - 1, -1)]
    out: list[Cell] = []
    dx, dy = qx - px, qy - py
    # y at a half-cell x is (py * dx + dy * (x - px)) / dx, dx > 0; rows are 2 * dx apart.
    span = 2 * dx
    a = px
    ya = py * dx
    col = px // 2
    while a < qx:
        b = min(2 * col + 2, qx)
        if b > a:
            yb = py * dx + dy * (b - px)
            if dy >= 0:
                lo, hi = ya, yb
            else:
                lo, hi = yb, ya
            if lo == hi:
                if lo % span:
                    out.append((col, lo // span))
            elif dy >= 0:
                out.extend((col, r) for r in range(lo // span, -(-hi // span)))
            else:
                out.extend((col, r) for r in range(-(-hi // span) - 1, lo // span - 1, -1))
            a, ya = b, yb
        col += 1
    return out


def centre(c: Cell) -> Point:
    return 2 * c[0] + 1, 2 * c[1] + 1


def corners(c: Cell) -> list[Point]:
    x, y = c
    return [(2 * (x + dx), 2 * (y + dy)) for dy in (0, 1) for dx in (0, 1)]


def _between(a: Cell, b: Cell, p: Point, q: Point) -> tuple[Cell, ...]:
    # A segment between two points of the board only passes through the board's cells.
    return tuple(cell for cell in crossed(p, q) if cell != a and cell != b)


def _memo(grid: Grid) -> dict[Any, Any]:
    memo = grid.memo
    if len(memo) > MEMO_LIMIT:
        memo.clear()
    return memo


def centre_line(grid: Grid, a: Cell, b: Cell) -> tuple[Cell, ...]:
    """The board's cells strictly between a and b on the line joining their centres."""
    memo = _memo(grid)
    key = ("line", a, b)
    found = memo.get(key)
    if found is None:
        found = memo[key] = _between(a, b, centre(a), centre(b))
    return found


def _blocks(grid: Grid, cell: Cell, top: int) -> bool:
    return cell in grid.opaque_cells or grid.level(*cell) > top


def sees(grid: Grid, a: Cell, b: Cell) -> bool:
    """Nothing solid, and no ground higher than both ends, on the line joining the centres."""
    if a == b:
        return True
    memo = _memo(grid)
    key = ("sees", a, b)
    found = memo.get(key)
    if found is None:
        top = max(grid.level(*a), grid.level(*b))
        found = memo[key] = not any(_blocks(grid, cell, top) for cell in centre_line(grid, a, b))
    return found


def _corner_lines(grid: Grid, attacker: Cell, target: Cell) -> tuple[tuple[Line, ...], ...]:
    """For each corner of the attacker's cell, its four lines to the target's corners."""
    memo = _memo(grid)
    key = ("corners", attacker, target)
    found: tuple[tuple[Line, ...], ...] | None = memo.get(key)
    if found is not None:
        return found
    top = max(grid.level(*attacker), grid.level(*target))
    from_above = grid.level(*attacker) > grid.level(*target)
    out = []
    for corner in corners(attacker):
        lines = []
        for aim in corners(target):
            cells = _between(attacker, target, corner, aim)
            hard = soft = False
            for cell in cells:
                if _blocks(grid, cell, top):
                    hard = True
                    break
                kind = grid.terrain(*cell).kind
                if kind == "cover" or (kind == "low" and not from_above):
                    soft = True
            lines.append((hard, soft, () if hard else cells))
        out.append(tuple(lines))
    found = memo[key] = tuple(out)
    return found


def cover(grid: Grid, attacker: Cell, target: Cell, *, bodies: set[Cell] | frozenset[Cell] = frozenset(),
          standing: bool = True) -> str:
    """The cover `target` has against an attack from `attacker`: none, half, three-quarters or
    total. `bodies` are the cells of anyone standing who counts as cover (`cover.creatures`).
    `standing=False` is cover against a save: only what lies between counts, not the
    cover-worthy terrain the target stands on."""
    if not sees(grid, attacker, target):
        return TOTAL
    grade = _between_grade(grid, attacker, target, bodies)
    if standing and grade == NONE and grid.terrain(*target).kind == "cover":
        grade = HALF
    return grade


def _between_grade(grid: Grid, attacker: Cell, target: Cell, bodies: set[Cell] | frozenset[Cell]) -> str:
    memo = _memo(grid)
    key = ("cover", attacker, target)
    if not bodies and key in memo:
        kept: str = memo[key]
        return kept
    best: tuple[int, int] | None = None
    for lines in _corner_lines(grid, attacker, target):
        blocked = soft = 0
        for hard, terrain, cells in lines:
            blocked += hard
            soft += not hard and (terrain or (bool(bodies) and any(c in bodies for c in cells)))
        if best is None or (blocked, soft) < best:
            best = (blocked, soft)
    blocked, soft = best or (0, 0)
    grade = THREE_QUARTERS if blocked >= 3 else HALF if blocked or soft else NONE
    if not bodies:
        memo[key] = grade
    return grade


def sees_body(grid: Grid, a: Cell, cells: list[Cell]) -> bool:
    """Whether `a` sees any of the cells a creature fills (1.194)."""
    return any(sees(grid, a, c) for c in cells)


def body_cover(grid: Grid, attacker: Cell, cells: list[Cell], *, bodies: set[Cell] | frozenset[Cell] = frozenset(),
               standing: bool = True) -> str:
    """`cover` for a creature filling `cells`: the grade of its most exposed cell (1.194)."""
    if len(cells) == 1:
        return cover(grid, attacker, cells[0], bodies=bodies, standing=standing)
    return min((cover(grid, attacker, c, bodies=bodies, standing=standing) for c in cells), key=GRADES.index)
