"""Teleportation on the board (spec/mechanics-3 "Teleportation", 1.276): a catalog entry's
`mechanics.teleport`, an item use's `teleport` or a creature action's `teleport` moves its
user at once to an unoccupied cell within `distance`; with `seen`, only to a cell the user
sees now (seeing.sees_cell: walls, fog and blindness take cells away).

Owns: `teleport_of` (the teleport an option's plan carries), `landing_cells`, `teleport_item`
(the option's `board.teleport`: the cells it may land on and how far; dropped when there is
none), `check_landing` (the refusal for a cell the option cannot land on) and `teleport`
(the move itself: no steps in between, so nobody is left behind in reach and no
`leaves-reach` window opens; a zone the user lands in affects them as `enter` says,
zone_state.landed).

Off the board a teleport leads nowhere, so its option is not offered (menu_build.py).
"""

from __future__ import annotations

from typing import Any

from ...ruleset.base import key_of
from ...ruleset.mechanics.actions import Teleport
from ..plans import MenuItem, Plan
from ..seeing import sees_cell
from ..sizes import side
from ..zone_state import landed
from . import battlefield as BF
from .units import per_cell, say, steps, to_cells

Cell = tuple[int, int]


def teleport_of(plan: Plan) -> Teleport | None:
    """The `teleport` of what the plan uses (an entry's mechanics, an item use, a creature
    action), or None."""
    teleport = key_of(plan.source, "teleport")
    return teleport if isinstance(teleport, Teleport) else None


def _reach(fight: Any, plan: Plan, teleport: Teleport) -> int:
    return to_cells(float(teleport.distance), per_cell(fight, plan.entry_catalog)) or 0


def landing_cells(fight: Any, actor: Any, plan: Plan, teleport: Teleport) -> list[Cell]:
    """Every cell within the teleport's distance where the user's square fits on open,
    unoccupied ground (and seen by them, with `seen`), row by row."""
    g = BF.grid(fight)
    here = BF.cell_of(actor)
    reach = _reach(fight, plan, teleport)
    # Every cell someone fills is taken, a big creature's whole square (1.194); the user's
    # own square lands whole, so it needs room at the cell it names as its top-left one.
    taken = {cell for c in BF.present(fight) if c is not actor for cell in BF.body(fight, c)}
    width = side(fight, actor)
    out: list[Cell] = []
    for y in range(max(0, here[1] - reach), min(g.height, here[1] + reach + 1)):
        for x in range(max(0, here[0] - reach), min(g.width, here[0] + reach + 1)):
            cell = (x, y)
            if cell == here or not BF.fits(g, cell, width, taken):
                continue
            if teleport.seen and not sees_cell(fight, actor, cell):
                continue
            out.append(cell)
    return out


def teleport_item(fight: Any, actor: Any, item: MenuItem) -> MenuItem | None:
    """The option with the cells it may land on (`board.teleport`); None with nowhere to go."""
    teleport = teleport_of(item.plan)
    assert teleport is not None
    cells = landing_cells(fight, actor, item.plan, teleport)
    if not cells:
        return None
    board = dict(item.option.board or {})
    board["teleport"] = {"cells": [[x, y] for x, y in cells], "distance": say(fight, _reach(fight, item.plan, teleport))}
    if teleport.seen:
        board["teleport"]["seen"] = True
    return MenuItem(item.option.model_copy(update={"board": board}), item.plan)


def check_landing(fight: Any, actor: Any, plan: Plan, cell: Cell | None) -> str | None:
    """Why `cell` is refused as where the teleport lands, or None."""
    teleport = teleport_of(plan)
    if teleport is None or fight.state.board is None:
        return None
    if cell is None:
        return f'{plan.name} teleports to a cell: give "cell": [x, y]'
    if (cell[0], cell[1]) not in landing_cells(fight, actor, plan, teleport):
        seen = " that they see" if teleport.seen else ""
        return (f"{plan.name} cannot land on {cell[0]}, {cell[1]}: {actor.name} teleports to an unoccupied "
                f"cell{seen} up to {say(fight, _reach(fight, plan, teleport))} away")
    return None


def teleport(fight: Any, actor: Any, plan: Plan) -> None:
    """Moves the user to `plan.aim` at once: no step is walked, so no window opens on the
    way; a zone there affects them as if they had entered it."""
    if plan.aim is None or actor.position is None or actor.down or actor.out:
        return
    start = BF.cell_of(actor)
    cell = plan.aim
    actor.position = [cell[0], cell[1]]
    # No step is walked: a teleport is no run-up (board/run_up.py).
    actor.run_up = None
    fight.emit("move", f"{actor.name} teleports {say(fight, steps(start, cell))} from {start[0]}, {start[1]} to "
               f"{cell[0]}, {cell[1]}.", actor=actor.id, cell=[cell[0], cell[1]], start=list(start), teleport=True)
    if fight.state.zones:
        landed(fight, actor, start, cell)


__all__ = ["check_landing", "landing_cells", "teleport", "teleport_item", "teleport_of"]
