"""Size-changing conditions (spec/mechanics-1 "Size-changing conditions", 1.195): a
`combat.conditions` entry's `size.steps` moves its holder that many sizes along
`combat.sizes.order` (back when negative, never past either end) while it holds it, and the
size returns when it ends.

Owns: `resize` (works out the size the holder's conditions make it and puts it on: on the
grid a creature that grew fills its new square over every cell it stood on, when such a
square lies on open ground clear of everyone else, or else the largest smaller size that
does; one that shrank keeps its top-left cell; the log says who changed and to what, or why
it stayed), called by condition_on.put_condition (`condition_on.PUT_ON`) and as a condition comes off
(`condition_off.LEFT_BEHIND`).

Where the new size is read: sizes.size_id (the combatant's `size`), so reach, areas, pushes,
sight and a contest's `maxSizeAbove` all see it.
"""

from __future__ import annotations

from typing import Any

from . import numbers as N
from .board import battlefield as BF
from .board.units import square
from .condition_off import LEFT_BEHIND
from .condition_on import PUT_ON
from .fight import Fight
from .sizes import cells_at, compared_index, side, size_label
from .state import Combatant, HeldCondition

Cell = tuple[int, int]


def _own_index(fight: Fight, c: Combatant) -> int:
    """Where `c` stands along the order without any condition: its block's size, or (a
    sheet names none) the largest one-cell size, as sizes.compared_index reads it."""
    changed, c.size = c.size, None
    try:
        return compared_index(fight, c)
    finally:
        c.size = changed


def _steps(fight: Fight, c: Combatant) -> int:
    rules = N.condition_rules(fight.ruleset)
    total = 0
    for held in c.conditions:
        rule = rules.get(held.id)
        if rule is not None and rule.size is not None:
            total += rule.size.steps
    return total


def _placements(fight: Fight, c: Combatant, width: int) -> list[Cell]:
    """Where a square `width` cells across may lie over every cell `c` fills now: the
    top-left corners that cover them all, its own top-left first, then row by row."""
    x, y = BF.cell_of(c)
    old = BF.body(fight, c)
    grow = max(0, width - side(fight, c))
    corners = [(x, y)] + [(x - dx, y - dy) for dy in range(grow + 1) for dx in range(grow + 1) if dx or dy]
    return [k for k in corners if set(old) <= set(square(k, width))]


def _fitting(fight: Fight, c: Combatant, want: int, now: int) -> tuple[int, Cell | None]:
    """The largest size from `want` down to `now` whose square fits on the grid over the
    cells `c` fills, and the top-left cell it takes (None: `c` stays as it is)."""
    g = BF.grid(fight)
    taken = {cell for o in BF.present(fight) if o is not c for cell in BF.body(fight, o)}
    now_side = cells_at(fight, now)
    for index in range(want, now, -1):
        width = cells_at(fight, index)
        if width <= now_side:
            # No wider than now: it fits where it stands.
            return index, None
        for corner in _placements(fight, c, width):
            if BF.fits(g, corner, width, taken):
                return index, corner
    return now, None


def resize(fight: Fight, c: Combatant) -> None:
    """Puts on `c` the size its conditions make it now, and says so."""
    sizes = fight.combat.sizes
    if sizes is None:
        return
    last = len(sizes.order) - 1
    own = _own_index(fight, c)
    want = min(last, max(0, own + _steps(fight, c)))
    now = compared_index(fight, c)
    if want == now:
        return
    corner: Cell | None = None
    if want > now and BF.on_board(fight) and c.position is not None and not c.out:
        got, corner = _fitting(fight, c, want, now)
        if got != want:
            fight.emit("size", f"{c.name} stays {size_label(fight, now)}: a {size_label(fight, want)} square "
                       f"does not fit on open ground clear of others where {c.name} stands." if got == now else
                       f"{c.name} grows only to {size_label(fight, got)}: a {size_label(fight, want)} square "
                       f"does not fit on open ground clear of others where {c.name} stands.",
                       target=c.id, size=sizes.order[got].id, wanted=sizes.order[want].id)
            if got == now:
                return
        want = got
    # Back at its own size, nothing is written: the JSON leaves `size` out (state.py).
    c.size = None if want == own else sizes.order[want].id
    if corner is not None:
        c.position = [corner[0], corner[1]]
    verb = "grows" if want > now else "shrinks"
    if want == own:
        verb = "returns"
    fight.emit("size", f"{c.name} {verb} to {size_label(fight, want)}.", target=c.id, size=sizes.order[want].id,
               cell=list(BF.cell_of(c)) if c.position is not None else None)


def _on_put(fight: Fight, c: Combatant, held: HeldCondition, rule: Any) -> None:
    if rule is not None and rule.size is not None:
        resize(fight, c)


def _on_off(fight: Fight, c: Combatant, held: HeldCondition, rule: Any) -> None:
    if rule is not None and rule.size is not None:
        resize(fight, c)


PUT_ON.append(_on_put)
LEFT_BEHIND.append(_on_off)

__all__ = ["resize"]
