"""Creature sizes (spec/combat-2 "Creatures" `size`, mechanics-1 "Sizes larger than one
cell", 1.194).

Owns: `size_index` (where a combatant stands along `combat.sizes.order`: the size a
condition changed it to, else its block's `size`; None for someone without one), `size_label`,
`side` (the cells per side of the square a combatant fills on the grid: its size's
`cells`, 1 without) and `within_size` (a contest's `maxSizeAbove`: the target at most so
many sizes above the actor). A package without `combat.sizes` never gets past the first check.
"""

from __future__ import annotations

from typing import Any


def size_id(c: Any) -> str | None:
    """The size the combatant is now: one a condition changed it to, else its own."""
    if c.size is not None:
        return str(c.size)
    block = c.block
    return block.get("size") if block else None


def size_index(fight: Any, c: Any) -> int | None:
    sizes = fight.combat.sizes
    if sizes is None:
        return None
    sid = size_id(c)
    if sid is None:
        return None
    return next((i for i, s in enumerate(sizes.order) if s.id == sid), None)


def size_label(fight: Any, index: int) -> str:
    return str(fight.combat.sizes.order[index].label)


def cells_at(fight: Any, index: int | None) -> int:
    """Cells per side of the size at `index` (1: no size, or a size without `cells`)."""
    if index is None:
        return 1
    return int(fight.combat.sizes.order[index].cells or 1)


def side(fight: Any, c: Any) -> int:
    """Cells per side of the square `c` fills (1.194); 1 unless some size has `cells`."""
    sizes = fight.combat.sizes
    if sizes is None or not any(s.cells for s in sizes.order):
        return 1
    return cells_at(fight, size_index(fight, c))


def compared_index(fight: Any, c: Any) -> int:
    """Where `c` stands along the order for a comparison of sizes: its own size, or, for
    someone without one (a party member's sheet names none), the largest size that fills one
    cell, as they do on the grid (Medium in 5e). The spec's "Size and escape DC" section,
    which `maxSizeAbove` points to, is outside the spec we have; this is our reading."""
    found = size_index(fight, c)
    if found is not None:
        return found
    order = fight.combat.sizes.order
    one_cell = [i for i, s in enumerate(order) if (s.cells or 1) == 1]
    return one_cell[-1] if one_cell else 0


def within_size(fight: Any, actor: Any, target: Any, above: int) -> bool:
    """Whether `target` is at most `above` sizes above `actor` (a contest's `maxSizeAbove`)."""
    return compared_index(fight, target) - compared_index(fight, actor) <= above
