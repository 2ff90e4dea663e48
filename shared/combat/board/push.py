"""Forced movement and falls (spec/combat-3 "Contests" `push`, "Elevation" `falling`).

Owns: `push` (the loser moves straight away from the winner, cell by cell, stopping short of
anything solid, anyone standing, the edge of the board, a corner too narrow to squeeze
past, and a rise of a level or more; it spends none of the loser's movement and nobody
strikes at it; a drop of two or more levels is a fall) and `fall` (`falling.dice` for every
`per` of the fall height, up to `max` dice, as `type` damage, then the `prone` condition;
without `falling` the fall is only recorded).
"""

from __future__ import annotations

import math
from typing import Any

from ...dice import DiceExpr
from .. import effects as E
from . import battlefield as BF
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
    while moved < cells and (dx or dy):
        nx, ny = x + dx, y + dy
        if not g.inside(nx, ny) or g.solid(nx, ny) or (nx, ny) in standing:
            break
        if dx and dy and g.solid(x, ny) and g.solid(nx, y):
            break
        rise = g.level(nx, ny) - g.level(x, y)
        if rise >= 1:
            break
        x, y = nx, ny
        moved += 1
        if rise <= -2:
            drop = -rise
            break
    if not moved:
        fight.emit("push", f"{loser.name} cannot be pushed away from {winner.name}: the way is blocked.",
                   actor=winner.id, target=loser.id)
        return
    loser.position = [x, y]
    fight.emit("push", f"{winner.name} pushes {loser.name} {say(fight, moved)} to {x}, {y}.",
               actor=winner.id, target=loser.id, cell=[x, y])
    if drop:
        fall(fight, loser, drop, winner)


def fall(fight: Any, c: Any, levels: int, source: Any = None) -> None:
    elevation = fight.combat.elevation
    rule = elevation.falling if elevation is not None else None
    height = levels * float(elevation.levelHeight) if elevation is not None and elevation.levelHeight else None
    far = f"{height:g} {fight.combat.distance.label}" if height is not None else f"{levels} levels"
    if rule is None:
        fight.emit("fall", f"{c.name} falls {far}.", target=c.id, levels=levels)
        return
    count = math.floor(height / float(rule.per))
    if rule.max is not None:
        count = min(count, rule.max)
    if count <= 0:
        fight.emit("fall", f"{c.name} falls {far}, not far enough to be hurt.", target=c.id, levels=levels)
        return
    expr = DiceExpr.of(count * rule.dice.count, rule.dice.sides)
    r = fight.roll(expr)
    fight.emit("fall", f"{c.name} falls {far}: {expr} = {r.describe()}.", target=c.id, levels=levels)
    E.deal_damage(fight, source, c, max(0, r.total), rule.type, what="The fall")
    if rule.prone and not c.out and not E.has_condition(c, rule.prone):
        E.put_condition(fight, c, rule.prone, source=None, rounds=None)
