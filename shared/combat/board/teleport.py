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

Smoke (1.279 `smoke`): on arrival, a cloud on the cells the user left and those it arrived at
(zone_state.lay_smoke), obscuring as a zone's `obscures` does until the end of the user's
next turn. Leaving the fight arrives nowhere, so it leaves no smoke.

Off the board a teleport leads nowhere, so its option is not offered (menu_build.py),
unless it `leaves`.

Companions and leaving (1.276 `carries`, `carriesWithin`; 1.279 `carriesSeen`, `leaves`):
`companions` (willing creatures of the user's side, none larger than the user, within
`carriesWithin`, touch when not given, seen with `carriesSeen`; off the board anyone of the
user's side), listed on the option as `teleport.carries`; the choice names them as
`carries` (`check_carried`). Each lands as close to the user as there is room. With `leaves`,
a choice with no cell takes the user and them out of the fight alive (`leave`,
dismissal.send_away: "Left the fight").
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...ruleset.base import key_of
from ...ruleset.mechanics.actions import Teleport
from ..plans import MenuItem, Plan
from ..dismissal import send_away
from ..numbers import health
from ..seeing import sees, sees_cell
from ..sizes import compared_index, side
from ..state import Away, Cloud
from ..zone_state import landed, lay_smoke
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


def companions(fight: Any, actor: Any, plan: Plan, teleport: Teleport) -> list[Any]:
    """Who may go along (`carries`): the user's side standing, none larger than the user;
    on the board within `carriesWithin` (touch: beside the user) and, with `carriesSeen`,
    seen by the user; off the board anyone of the user's side."""
    if teleport.carries is None:
        return []
    mates = [c for c in fight.state.combatants if c.side == actor.side and c is not actor and not c.out and not c.down]
    if fight.combat.sizes is not None:
        mine = compared_index(fight, actor)
        mates = [c for c in mates if compared_index(fight, c) <= mine]
    if fight.state.board is None:
        return mates
    within = to_cells(float(teleport.carriesWithin), per_cell(fight, plan.entry_catalog)) if teleport.carriesWithin else 1
    out = [c for c in mates if c.position is not None and BF.distance_cells(fight, actor, c) <= (within or 0)]
    if teleport.carriesSeen:
        out = [c for c in out if sees(fight, actor, c)]
    return out


def teleport_item(fight: Any, actor: Any, item: MenuItem) -> MenuItem | None:
    """The option with the cells it may land on (`board.teleport`); None with nowhere to go
    (a teleport that `leaves` can always go)."""
    teleport = teleport_of(item.plan)
    assert teleport is not None
    cells = landing_cells(fight, actor, item.plan, teleport)
    if not cells and not teleport.leaves:
        return None
    board = dict(item.option.board or {})
    board["teleport"] = {"cells": [[x, y] for x, y in cells], "distance": say(fight, _reach(fight, item.plan, teleport))}
    if teleport.seen:
        board["teleport"]["seen"] = True
    if teleport.carries is not None:
        board["teleport"]["carries"] = [c.id for c in companions(fight, actor, item.plan, teleport)]
        board["teleport"]["carriesMost"] = teleport.carries
    if teleport.leaves:
        board["teleport"]["leaves"] = True
    return MenuItem(item.option.model_copy(update={"board": board}), item.plan)


def check_carried(fight: Any, actor: Any, plan: Plan) -> str | None:
    """Why the companions the choice names (`carries`) cannot go along, or None."""
    teleport = teleport_of(plan)
    if not plan.carried:
        return None
    if teleport is None or teleport.carries is None:
        return f'{plan.name} takes nobody along: "carries" names no one here'
    if len(set(plan.carried)) != len(plan.carried):
        return "a companion is named twice"
    if len(plan.carried) > teleport.carries:
        return f"{plan.name} takes at most {teleport.carries} along"
    allowed = {c.id for c in companions(fight, actor, plan, teleport)}
    for cid in plan.carried:
        if cid not in allowed:
            return f"{cid!r} cannot go along with {plan.name} now"
    return None


def check_landing(fight: Any, actor: Any, plan: Plan, cell: Cell | None) -> str | None:
    """Why `cell` is refused as where the teleport lands (or its companions), or None."""
    teleport = teleport_of(plan)
    if teleport is None:
        return None
    carried = check_carried(fight, actor, plan)
    if carried is not None:
        return carried
    if fight.state.board is None or (cell is None and teleport.leaves):
        # No cell: a teleport that leaves takes them out of the fight (1.279).
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
    way; a zone there affects them as if they had entered it. Companions land as close to
    the user as there is room, each in the order the choice named them."""
    if plan.aim is None or actor.position is None or actor.down or actor.out:
        return
    start = BF.cell_of(actor)
    left = BF.body(fight, actor)
    cell = plan.aim
    actor.position = [cell[0], cell[1]]
    # No step is walked: a teleport is no run-up (board/run_up.py).
    actor.run_up = None
    fight.emit("move", f"{actor.name} teleports {say(fight, steps(start, cell))} from {start[0]}, {start[1]} to "
               f"{cell[0]}, {cell[1]}.", actor=actor.id, cell=[cell[0], cell[1]], start=list(start), teleport=True)
    smoke = teleport_of(plan)
    if smoke is not None and smoke.smoke is not None:
        # 1.279: from the moment of arrival, on the cells left and those arrived at.
        cloud = smoke.smoke
        lay_smoke(fight, actor, plan, [*left, *BF.body(fight, actor)],
                  Cloud(pierced=list(cloud.pierced or []), light=bool(cloud.light), dispersed=bool(cloud.dispersed)))
    if fight.state.zones:
        landed(fight, actor, start, cell)
    for mate in _going(fight, plan):
        _land_beside(fight, actor, mate)


def _going(fight: Any, plan: Plan) -> list[Any]:
    return [c for c in (fight.state.combatant(cid) for cid in plan.carried) if c is not None and not c.out]


def _land_beside(fight: Any, actor: Any, mate: Any) -> None:
    """`mate` lands on the free cell nearest the user where its square fits."""
    if mate.position is None:
        return
    g = BF.grid(fight)
    taken = {cell for c in BF.present(fight) if c is not mate for cell in BF.body(fight, c)}
    here = BF.cell_of(actor)
    cell = BF.nearest_free(g, here, taken, width=side(fight, mate))
    if cell is None:
        fight.emit("note", f"{mate.name} stays: there is no room beside {actor.name}.", target=mate.id)
        return
    start = BF.cell_of(mate)
    mate.position = [cell[0], cell[1]]
    fight.emit("move", f"{mate.name} goes along with {actor.name}, from {start[0]}, {start[1]} to {cell[0]}, {cell[1]}.",
               actor=mate.id, cell=[cell[0], cell[1]], start=list(start), teleport=True)
    if fight.state.zones:
        landed(fight, mate, start, cell)


#: At or below this share of its health, a Game Master's creature teleports out of the fight
#: when it can (1.279: "at a quarter of their health or less").
LEAVES_AT = 0.25


def any_leaving(ruleset: Any) -> bool:
    """Whether the package has a teleport that `leaves` (its key set anywhere, read once per
    ruleset), so the Engine's every other decision costs one look-up."""
    return bool(ruleset.sets_key("leaves"))


def leave_pick(fight: Any, actor: Any, menu: list[MenuItem]) -> tuple[MenuItem, list[str], None] | None:
    """The Engine's tactics for the Game Master's creatures (1.279): at a quarter of its
    health or less, the menu's first teleport that leaves, taking everyone it can."""
    if actor.side != "foes" or not any_leaving(fight.ruleset):
        return None
    current, top, _temp = health(fight, actor)
    if top <= 0 or current > top * LEAVES_AT:
        return None
    for item in menu:
        jump = teleport_of(item.plan)
        if jump is not None and jump.leaves:
            mates = companions(fight, actor, item.plan, jump)[: jump.carries or 0]
            return MenuItem(item.option, replace(item.plan, carried=tuple(c.id for c in mates))), [], None
    return None


def leave(fight: Any, actor: Any, plan: Plan) -> None:
    """A teleport that `leaves` with no cell named: the user and those it takes leave the
    fight alive (1.279), shown "Left the fight"; nothing brings them back."""
    if actor.out or actor.down:
        return
    going = _going(fight, plan)
    for c in [actor, *going]:
        start = list(c.position) if c.position is not None else None
        send_away(fight, c, Away(by=actor.id, left=True))
        fight.emit("left", f"{c.name} teleports out of the fight" + (f" with {actor.name}" if c is not actor else "")
                   + ": Left the fight.", actor=c.id, start=start, teleport=True, left=True,
                   order=list(fight.state.order))


__all__ = ["any_leaving", "check_carried", "check_landing", "companions", "landing_cells", "leave", "leave_pick", "teleport", "teleport_item",
           "teleport_of"]
