"""Distances in the ruleset's own unit and in cells (spec/combat-3 "The cell").

Owns: `to_cells` (a distance above zero rounds to the nearest cell, never to zero; zero
keeps its meaning), `allowance_cells` (a turn's movement rounds down, at least one cell
while the holder can move at all), `per_cell` for a catalog (its own `units.distance`, else
the combat block's), `steps` (the distance between two cells: all eight directions cost
the same), `square` (the cells a creature `side` cells across fills from its top-left
cell, mechanics-1 1.194), `gap` (steps between the nearest cells of two such squares) and `say` (a number of cells in the ruleset's unit for the log and the menu).
"""

from __future__ import annotations

import math
from typing import Any


def to_cells(value: float | None, per_cell: float) -> int | None:
    """None stays None (no such distance); 0 stays 0; anything above zero is at least 1."""
    if value is None:
        return None
    if value <= 0:
        return 0
    return max(1, math.floor(value / per_cell + 0.5))


def allowance_cells(speed: float, per_cell: float) -> int:
    if speed <= 0:
        return 0
    return max(1, math.floor(speed / per_cell))


def per_cell(fight: Any, catalog_id: str | None = None) -> float:
    """A catalog's own `units.distance.perCell`, or the combat block's `distance.perCell`."""
    if catalog_id is not None:
        for cat in fight.ruleset.catalogs or []:
            if cat.id == catalog_id and cat.units is not None and cat.units.distance is not None:
                return float(cat.units.distance.perCell)
    return float(fight.combat.distance.perCell)


def steps(a: tuple[int, int] | list[int], b: tuple[int, int] | list[int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def square(cell: tuple[int, int], side: int) -> list[tuple[int, int]]:
    x, y = cell
    return [(x + dx, y + dy) for dy in range(side) for dx in range(side)]


def gap(a: tuple[int, int], a_side: int, b: tuple[int, int], b_side: int) -> int:
    """`steps` between the nearest cells of the square `a_side` across at `a` and the one
    `b_side` across at `b` (reach and range count to the nearest cell, 1.194)."""
    dx = max(0, b[0] - (a[0] + a_side - 1), a[0] - (b[0] + b_side - 1))
    dy = max(0, b[1] - (a[1] + a_side - 1), a[1] - (b[1] + b_side - 1))
    return max(dx, dy)


def say(fight: Any, cells: float) -> str:
    """`6 paces`: cells in the ruleset's own unit."""
    dist = fight.combat.distance
    value = cells * float(dist.perCell)
    return f"{value:g} {dist.label}"
