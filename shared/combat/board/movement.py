"""Walking during a turn (spec/combat-3 "Movement"; spec/combat-1 `dash`, `disengage`,
`speed-zero`, `half-move-to-stand`).

Owns: `move_items` (one `move:x,y` option per cell the walk can stop on, from one Dijkstra:
each says its path, its cost and the movement left in the ruleset's unit, and the cells
where someone would strike at that path and who), `stand_item` (Stand up: a holder of
`half-move-to-stand` pays half its allowance to end it), `walk` (cell by cell, paying for
each; leaving an enemy's reach stops the walk there and opens the `leaves-reach` window,
opportunity.py), `start_walk`, `resume_walk` (the rest of a walk a window held), `dash`
and `disengage` on a board, and `EACH_CELL` (what every cell walked sets off besides
zones: hiding.py looks again for hidden ones, 1.287).

Someone with other ways of moving (modes.py, 1.113) walks the same way: the menu's
Dijkstra is modes.reachable_modes, each step is paid in its cheapest mode from every mode
at once, and a flier aloft (flight.py, 1.114) only flies, at its height.
"""

from __future__ import annotations

from typing import Any, Callable

from ..windows import RESUMES
from ..condition_off import remove_condition
from .. import numbers as N
from ..plans import MenuItem, Option, Plan
from . import battlefield as BF
from .flight import after_step, come_down
from .modes import cheapest, mode_cost, reachable_modes
from .paths import reachable, step_cost
from .units import say
from .opportunity import strikers_along
from ..windows import carry_on, open_window
from ..state import LegendaryWalk, WalkStep
from ..zone_state import stepped
from .opportunity import leaving
from .opportunity import watchers_of
from .run_up import charging, ran

#: Called with the fight after every cell of a walk (hiding.py registers `look_again`).
EACH_CELL: list[Callable[[Any], None]] = []

Cell = tuple[int, int]


def move_items(fight: Any, actor: Any) -> list[MenuItem]:
    if actor.movement <= 0 or fight.state.current() is not actor or "speed-zero" in N.effects(fight, actor):
        return []

    g = BF.grid(fight)
    start = BF.cell_of(actor)
    walkers = BF.walkers_for(fight, actor)
    if actor.modes or actor.aloft:
        altitude = g.level(*start) + actor.aloft if actor.aloft else None
        found = reachable_modes(g, start, BF.left(actor), walkers, altitude)
    else:
        found = reachable(g, start, actor.movement, walkers)
    watchers = None
    items: list[MenuItem] = []
    for cell, way in found.items():
        if watchers is None:
            watchers = watchers_of(fight, actor)
        left = actor.movement - way.cost
        strikes = strikers_along(fight, actor, start, way, watchers)
        x, y = cell
        board: dict[str, Any] = {
            "cell": [x, y], "path": [[px, py] for px, py in way.path],
            "cost": say(fight, way.cost), "left": say(fight, left), "cells": way.cost,
        }
        if way.modes:
            board["modes"] = list(way.modes)
            board["aloft"] = max(0, way.altitudes[-1] - g.level(x, y)) if way.altitudes[-1] >= 0 else 0
        if strikes:
            board["strikes"] = strikes
        if fight.state.zones:
            harms = BF.zone_harms(fight, actor, start, way.path)
            if harms:
                # Where a lasting zone would harm the walker (the Engine weighs each as a strike).
                board["harms"] = [[hx, hy] for hx, hy in harms]
        text = f"{say(fight, way.cost)}, {say(fight, left)} left"
        if strikes:
            text += "; struck at by " + ", ".join(fight.get(s["by"]).name for s in strikes)
        items.append(MenuItem(
            Option(id=f"move:{x},{y}", label=f"Move to {x}, {y}", group="move", text=text, board=board),
            Plan(kind="move", name=f"Move to {x}, {y}", walk={"cell": [x, y], "path": board["path"]}),
        ))
    return items


def _stand_conditions(fight: Any, actor: Any) -> list[Any]:
    out = []
    rules = N.condition_rules(fight.ruleset)
    for held in actor.conditions:
        rule = rules.get(held.id)
        if rule is not None and "half-move-to-stand" in (rule.effects or []):
            out.append(held)
    return out


def stand_item(fight: Any, actor: Any) -> MenuItem | None:
    if fight.state.current() is not actor or "cannot-act" in N.effects(fight, actor):
        return None
    held = _stand_conditions(fight, actor)
    if not held:
        return None
    full = BF.allowance(fight, actor)
    half = BF.ceil_half(full)
    if full <= 0 or actor.movement < half:
        return None
    names = ", ".join(N.label(fight.ruleset, "condition", h.id) for h in held)
    return MenuItem(
        Option(id="stand", label="Stand up", group="move", text=f"ends {names} for {say(fight, half)} of movement",
               board={"cost": say(fight, half), "left": say(fight, actor.movement - half), "cells": half}),
        Plan(kind="stand", name="Stand up"),
    )


def stand(fight: Any, actor: Any) -> None:
    half = BF.ceil_half(BF.allowance(fight, actor))
    BF.spend(actor, half)
    for held in _stand_conditions(fight, actor):
        remove_condition(fight, actor, held, reason=f"{actor.name} stands up")
    fight.emit("move", f"{actor.name} stands up for {say(fight, half)} and has {say(fight, actor.movement)} left.",
               actor=actor.id, cost=half)


def dash(fight: Any, actor: Any) -> None:
    gained = BF.gain(fight, actor)
    fight.emit("standard", f"{actor.name} dashes: {say(fight, gained)} more movement, "
               f"{say(fight, actor.movement)} in all.", actor=actor.id)


def disengage(fight: Any, actor: Any) -> None:
    actor.disengaged = True
    fight.emit("standard", f"{actor.name} disengages: nobody strikes at them as they walk away this turn.",
               actor=actor.id)


def start_walk(fight: Any, mover: Any, path: list[Any]) -> None:
    """A walk chosen from the menu (`move:x,y`): along its path, from where the mover stands."""
    walk(fight, mover, [(c[0], c[1]) for c in path], asked=[], paid=0, start=BF.cell_of(mover))


def walk(fight: Any, mover: Any, cells: list[Cell], *, asked: list[str], paid: int, start: Cell,
         legendary: LegendaryWalk | None = None) -> None:
    """Walks `cells` one at a time. Before each step that leaves the reach of enemies not yet
    asked on this walk, the `leaves-reach` window opens (windows.open_window raises `Held`;
    the rest of the walk is its `resume`). At the end, the log line says where the walk
    ended, its whole cost and what is left. A move bought between turns (`legendary`,
    board/legendary.py) provokes only when it may, and crosses zones untouched when it is
    `untouchable`; it says nothing of movement left, which is its own allowance."""

    g = BF.grid(fight)
    watchers = None
    provokes = legendary is None or legendary.provokes
    zones_act = legendary is None or not legendary.untouchable
    # A run-up is walked on one's own turn (board/run_up.py): a move between turns is none.
    runs = legendary is None and charging(mover)
    for i, cell in enumerate(cells):
        here = BF.cell_of(mover)
        if fight.combat.opportunity is not None and not mover.disengaged and provokes:
            if watchers is None:
                watchers = watchers_of(fight, mover)
            now = [w.id for w in leaving(fight, here, cell, watchers, _heights(g, mover, cell))
                   if w.id not in asked]
            if now:
                open_window(fight, "leaves-reach", mover, mover, WalkStep(
                    mover=mover.id, cells=[[c[0], c[1]] for c in cells[i:]], asked=list(asked), now=now, paid=paid,
                    from_cell=[start[0], start[1]], legendary=legendary))
                # Nobody could be asked (nothing they can take): the walk goes on.
                asked = asked + now
        mode, cost, altitude = _step(fight, g, mover, here, cell)
        if cost is not None and mode is None and zones_act:
            # A lasting zone's terrain (mechanics-1 1.173) makes walking into it dearer.
            cost += BF.zone_extra(fight, mover, g, here, cell, cost)
        if cost is None or cost > mover.movement:
            # Someone stepped into the way while the walk was held: it ends here.
            fight.emit("move", f"{mover.name} cannot go on to {cell[0]}, {cell[1]}, so the walk ends.",
                       actor=mover.id)
            break
        BF.spend(mover, cost)
        paid += cost
        mover.position = [cell[0], cell[1]]
        if runs:
            ran(mover, here, cell)
        if mode is not None:
            after_step(fight, mover, mode, cell, altitude)
        for each in EACH_CELL:
            each(fight)
        if fight.state.zones and zones_act:
            # What a step into a lasting zone sets off (zones.py): its terrain's harm, `enter`.
            stepped(fight, mover, here, cell)
            if mover.down or mover.out:
                x, y = cell
                fight.emit("move", f"{mover.name}'s walk ends at {x}, {y}.", actor=mover.id, cell=[x, y])
                return
    x, y = BF.cell_of(mover)
    if legendary is not None:
        fight.emit("move", f"{mover.name} moves to {x}, {y} for {say(fight, paid)}.", actor=mover.id, cell=[x, y],
                   cost=paid, start=list(start))
        return
    fight.emit("move", f"{mover.name} moves to {x}, {y} for {say(fight, paid)} and has "
               f"{say(fight, mover.movement)} left.", actor=mover.id, cell=[x, y], cost=paid,
               left=mover.movement, start=list(start))


def _heights(g: Any, mover: Any, there: Cell) -> tuple[int | None, int | None]:
    """The walker's absolute level flying aloft before and after a step (None: on the
    ground); aloft it keeps its height until ground as high stops it."""
    if not mover.aloft:
        return None, None
    level = g.level(*BF.cell_of(mover)) + mover.aloft
    return level, (level if g.level(*there) < level else None)


def _step(fight: Any, g: Any, mover: Any, here: Cell, there: Cell) -> tuple[str | None, int | None, int | None]:
    """(mode, cost, altitude aloft) of one step: walking alone (mode None), the cheapest
    way with enough left (1.113), or aloft only flying (1.114)."""
    if mover.aloft:
        ok = mover.modes.get("fly", 0) >= 1 and mode_cost(g, here, there, "fly") is not None
        return "fly", (1 if ok else None), g.level(*here) + mover.aloft
    if not mover.modes:
        return None, step_cost(g, here, there), None
    way = cheapest(g, here, there, BF.left(mover))
    return (way[0], way[1], None) if way is not None else (None, None, None)


def resume_walk(fight: Any, record: WalkStep) -> None:
    """The walk a `leaves-reach` window held: on through its remaining cells, paying for
    each; it ends on the spot when the walker dropped or cannot move (`speed-zero`, 1.243:
    no further than the cell where they were struck). A move bought between turns then
    hands its maker's own movement back and carries on the window it was bought in."""
    _resume_walk(fight, record)
    if record.legendary is not None:
        end_legendary(fight, fight.get(record.mover), record.legendary)


def end_legendary(fight: Any, mover: Any, legendary: LegendaryWalk) -> None:
    """A move bought between turns is over (however it ended): its maker has their own
    turn's movement again, and the window it was bought in asks the next one."""
    mover.movement, mover.modes = legendary.movement, dict(legendary.modes)
    carry_on(fight, legendary.window)


def _resume_walk(fight: Any, record: WalkStep) -> None:
    mover = fight.get(record.mover)
    x, y = BF.cell_of(mover)
    if mover.down or mover.out:
        fight.emit("move", f"{mover.name}'s walk ends at {x}, {y}.", actor=mover.id, cell=[x, y])
        return
    held = [name for name, rule, _h in N.rules_in_force(fight, mover) if "speed-zero" in (rule.effects or [])]
    if not held and mover.aloft:
        # A flier struck out of the air falls where it is (flight.come_down): the walk ends.
        come_down(fight)
        if not mover.aloft:
            fight.emit("move", f"{mover.name}'s walk ends at {x}, {y}.", actor=mover.id, cell=[x, y])
            return
    if held:
        fight.emit("move", f"{mover.name}'s walk ends at {x}, {y}: {', '.join(held)} holds them there.",
                   actor=mover.id, cell=[x, y])
        return
    walk(fight, mover, [(c[0], c[1]) for c in record.cells], asked=list(record.asked) + list(record.now),
         paid=record.paid, start=(record.from_cell[0], record.from_cell[1]), legendary=record.legendary)


# A window opened on the way held the rest of the walk (windows.RESUMES).
RESUMES["walk"] = resume_walk
