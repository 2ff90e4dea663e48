"""Forced movement (spec/combat-3 "Contests" `push`) and where it starts a fall.

`forced_push` is an entry's or a creature action's `push` (mechanics-1 1.182, 1.184): `push`
on a board, nobody moved without one.

Owns: `slide` (a creature moved straight along a direction, stopping as a push stops: a
push's, and a compelled wander's, behavior.py) and `push` (a contest's loser, or whoever an entry's or a creature action's `push` lands
on without a saving throw made (mechanics-1 1.182, 1.184), moves straight away from the winner, cell by cell, a body bigger
than one cell as a whole square (mechanics-1 1.194), stopping short of
anything solid, anyone standing, the edge of the board, a corner too narrow to squeeze
past, and a rise of a level or more (for a flier aloft: ground as high as it flies); it
spends none of the loser's movement and nobody strikes at it; a drop of two or more levels
is a fall, held until the push is over: falls.py; a flier aloft keeps its height instead).
"""

from __future__ import annotations

from typing import Any

from ..fight import Fight
from ..sizes import side
from ..state import Combatant
from . import battlefield as BF
from .falls import hold
from .units import say, square, to_cells


def _away(w: int, w_side: int, x: int, x_side: int) -> int:
    """Along one axis, which way is away from the winner's square (0: they overlap on it)."""
    if x + x_side - 1 < w:
        return -1
    if x > w + w_side - 1:
        return 1
    return 0


def _rise(g: Any, x: int, y: int, dx: int, dy: int, width: int, standing: set[tuple[int, int]],
          altitude: int | None) -> int | None:
    """The rise of the pushed square's step (its highest cell's), or None when a cell of it
    is blocked: off the board, solid, someone standing, a corner too narrow."""
    worst: int | None = None
    for cx, cy in square((x, y), width):
        nx, ny = cx + dx, cy + dy
        if not g.inside(nx, ny) or g.solid(nx, ny) or (nx, ny) in standing:
            return None
        if dx and dy and g.solid(cx, ny) and g.solid(nx, cy):
            return None
        rise = g.level(nx, ny) - (g.level(cx, cy) if altitude is None else altitude - 1)
        worst = rise if worst is None else max(worst, rise)
    return worst


def slide(fight: Any, c: Any, dx: int, dy: int, cells: int) -> tuple[int, int]:
    """`c` moved up to `cells` straight along (`dx`, `dy`), cell by cell, stopping short of
    what stops a push (see the module's docstring); its position (and a flier's height)
    written. (cells moved, levels of the drop it stopped at: 0 when none)."""
    g = BF.grid(fight)
    x, y = BF.cell_of(c)
    width = side(fight, c)
    standing = {cell for o in BF.present(fight) if not o.down and o.id != c.id for cell in BF.body(fight, o)}
    moved = 0
    drop = 0
    # A flier aloft is pushed through the air at its height (1.114): ground as high as it
    # flies stops it like a rise, and lower ground is no fall.
    altitude = g.level(x, y) + c.aloft if c.aloft else None
    while moved < cells and (dx or dy):
        rise = _rise(g, x, y, dx, dy, width, standing, altitude)
        if rise is None or rise >= 1:
            break
        x, y = x + dx, y + dy
        moved += 1
        if altitude is None and rise <= -2:
            drop = -rise
            break
    if moved:
        c.position = [x, y]
        if altitude is not None:
            c.aloft = altitude - g.level(x, y)
    return moved, drop


def push(fight: Any, winner: Any, loser: Any, distance: float, per: float | None = None,
         origin: tuple[int, int] | None = None) -> None:
    """`loser` pushed `distance` (in `per` units a cell: a catalog's own, else the combat
    block's) away from `winner`, or from the cell `origin` when the blow came from elsewhere
    (a summon's strike comes from where the summon stands); a contest's, an entry's or a
    creature action's (1.182, 1.184)."""
    cells = to_cells(distance, per if per is not None else float(fight.combat.distance.perCell)) or 0
    wx, wy = BF.cell_of(winner) if origin is None else origin
    x, y = BF.cell_of(loser)
    w_side, width = side(fight, winner) if origin is None else 1, side(fight, loser)
    # A body bigger than one cell is pushed whole (1.194), straight away from the winner's.
    moved, drop = slide(fight, loser, _away(wx, w_side, x, width), _away(wy, w_side, y, width), cells)
    if not moved:
        fight.emit("push", f"{loser.name} cannot be pushed away from {winner.name}: the way is blocked.",
                   actor=winner.id, target=loser.id)
        return
    x, y = BF.cell_of(loser)
    fight.emit("push", f"{winner.name} pushes {loser.name} {say(fight, moved)} to {x}, {y}.",
               actor=winner.id, target=loser.id, cell=[x, y])
    if drop:
        hold(fight, loser, drop, winner)


def forced_push(fight: Fight, actor: Combatant, target: Combatant, distance: float, per: float | None = None,
                origin: tuple[int, int] | None = None) -> None:
    """An entry's or a creature action's `push` (1.182, 1.184): on a board, straight away
    from the user (or from `origin`, where the blow came from); without one nobody moves."""
    if fight.state.board is not None and not target.out and target.position is not None and target is not actor:
        push(fight, actor, target, distance, per, origin)
