"""Walls on the board (spec/mechanics-1 "Box areas and walls", Capability API 1.177): what a
lasting zone shaped as a wall does as it rises, beyond the zone's own record (zone_state.py).

Owns: `rise` — the wall's `zone.blocks` kept on the record (the board then closes its cells
to movement and areas, or to sight: board/battlefield.py `grid`), anyone standing where a wall
that blocks movement rises put on the nearest free cell (on the chosen side when such a cell
is no farther), and `zone.side`: the cells within its distance on the side the choice names
("far" unless it says "near"; inside a ring is near), which affect creatures as the side's own
triggers say. Where the wall's cells lie is board/areas.py's (`wall`, `ring`, `wall_side`).
"""

from __future__ import annotations

from typing import Any, Callable

from .board import battlefield as BF
from .board.areas import Shape, laid_out, wall_position, wall_side
from .board.units import per_cell, say, steps, to_cells
from .fight import Fight
from .plans import Plan
from .state import Combatant, LastingZone, WallSection

Cell = tuple[int, int]


def rise(fight: Fight, actor: Combatant, plan: Plan, zone: LastingZone, shape: Shape) -> None:
    """The wall `zone` rises as `plan` laid it out: what it blocks, its side's cells, and
    anyone standing in a wall that closes its cells moved out."""
    spec = plan.mechanics.zone
    if plan.aim is None or zone.origin is None:
        return
    origin = (zone.origin[0], zone.origin[1])
    chosen = (plan.placing.side if plan.placing is not None else None) or "far"
    side_of = wall_side(laid_out(shape, plan.placing), origin, plan.aim)
    cells = {(x, y) for x, y in zone.cells}
    if spec.side is not None:
        g = BF.grid(fight)
        reach = to_cells(spec.side.distance, per_cell(fight, plan.entry_catalog)) or 1
        near = {(x + dx, y + dy) for x, y in cells for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)}
        zone.side_cells = [[x, y] for x, y in sorted(near - cells, key=lambda c: (c[1], c[0]))
                           if g.inside(x, y) and not g.solid(x, y) and side_of((x, y)) == chosen]
        zone.side_triggers = list(spec.side.triggers)
    zone.blocks = list(spec.blocks or [])
    if spec.sections is not None:
        _cut(fight, plan, zone, laid_out(shape, plan.placing), origin, spec.sections)
    if "move" in zone.blocks:
        _make_way(fight, zone, cells, lambda c: side_of(c) == chosen)


def _cut(fight: Fight, plan: Plan, zone: LastingZone, shape: Shape, origin: Cell, sections: Any) -> None:
    """`zone.sections` (mechanics-2 1.200): every `every` along the wall is a section with
    its own health; the last may be shorter."""
    assert plan.aim is not None
    every = to_cells(sections.every, per_cell(fight, plan.entry_catalog)) or 1
    along = wall_position(shape, origin, plan.aim)
    cut: dict[int, list[list[int]]] = {}
    for x, y in zone.cells:
        cut.setdefault(along((x, y)) // every, []).append([x, y])
    zone.sections = [WallSection(cells=sorted(cells, key=lambda c: (c[1], c[0])), health=sections.health)
                     for _i, cells in sorted(cut.items())]
    zone.broken_triggers = list(sections.broken.triggers) if sections.broken is not None else []


def _make_way(fight: Fight, zone: LastingZone, cells: set[Cell], on_side: Callable[[Cell], bool]) -> None:
    """Everyone standing where the wall rises goes to the nearest free cell, on the chosen
    side if such a cell is no farther away."""
    g = BF.grid(fight)
    for c in BF.present(fight):
        here = BF.cell_of(c)
        if here not in cells:
            continue
        taken = {BF.cell_of(o) for o in BF.present(fight) if o is not c}
        to = BF.nearest_free(g, here, taken, prefer=on_side)
        if to is None:
            continue
        c.position = [to[0], to[1]]
        fight.emit("zone-move", f"{zone.name} rises under {c.name}, who is put {say(fight, steps(here, to))} "
                   f"away on {to[0]}, {to[1]}.", zone=zone.entry, target=c.id, cell=[to[0], to[1]])
