"""Forced movement (spec/combat-3 "Contests" `push`) and where it starts a fall.

Owns: `push` (the loser moves straight away from the winner, cell by cell, stopping short of
anything solid, anyone standing, the edge of the board, a corner too narrow to squeeze
past, and a rise of a level or more (for a flier aloft: ground as high as it flies); it
spends none of the loser's movement and nobody strikes at it; a drop of two or more levels
is a fall, held until the push is over: falls.py; a flier aloft keeps its height instead).
"""

from __future__ import annotations

from typing import Any

from . import battlefield as BF
from .falls import hold
from .units import say, to_cells


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def push(fight: Any, winner: Any, loser: Any, distance: float) -> None:
    g = BF.grid(fight)
    cells = to_cells(distance, float(fight.combat.distance.perCell)) or 0
    wx, wy = BF.cell_of(winner)
    x, y = BF.cell_of(loser)
    dx, dy = _sign(x - wx), _sign(y - wy)
    standing = {BF.cell_of(c) for c in BF.present(fight) if not c.down and c.id != loser.id}
    moved = 0
    drop = 0
    # A flier aloft is pushed through the air at its height (1.114): ground as high as it
    # flies stops it like a rise, and lower ground is no fall.
    altitude = g.level(x, y) + loser.aloft if loser.aloft else None
    while moved < cells and (dx or dy):
        nx, ny = x + dx, y + dy
        if not g.inside(nx, ny) or g.solid(nx, ny) or (nx, ny) in standing:
            break
        if dx and dy and g.solid(x, ny) and g.solid(nx, y):
            break
        rise = g.level(nx, ny) - (g.level(x, y) if altitude is None else altitude - 1)
        if rise >= 1:
            break
        x, y = nx, ny
        moved += 1
        if altitude is None and rise <= -2:
            drop = -rise
            break
    if not moved:
        fight.emit("push", f"{loser.name} cannot be pushed away from {winner.name}: the way is blocked.",
                   actor=winner.id, target=loser.id)
        return
    loser.position = [x, y]
    if altitude is not None:
        loser.aloft = altitude - g.level(x, y)
    fight.emit("push", f"{winner.name} pushes {loser.name} {say(fight, moved)} to {x}, {y}.",
               actor=winner.id, target=loser.id, cell=[x, y])
    if drop:
        hold(fight, loser, drop, winner)
