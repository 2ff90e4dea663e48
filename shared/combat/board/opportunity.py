"""Strikes at someone walking away: the `leaves-reach` window (spec/combat-3 "Strikes at
someone walking away", "Windows: holding the fight"; mechanics-2 1.243).

Owns: `watchers_of` (the enemies who could strike at a walker: standing, able to act and to
react, holding `opportunity.budget`, with a means of melee attack; each with the reach of
its longest swing), `leaving` and `strikers_along` (where a path leaves whose reach),
`strike_items` (the asked striker's answers: each swing that reaches the walker, spending
the opportunity budget, registered for the window in `windows.MOMENT_ITEMS`). The swing
itself and an Engine-controlled striker's pick are strikes.py's.

The window itself is the shared one (windows.py `open_window`, opened by movement.py's
walk with `resume = {"step": "walk", ...}`): asked in turn order, each once, Pass free,
saved with the battle. Each enemy is asked once per whole walk; `disengage` prevents all of
it for the turn.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .. import numbers as N
from ..plans import Option, Plan
from ..sizes import side
from ..state import Combatant
from ..plan_reading import action_plans, weapon_plans
from ..options import plan_forecasts
from . import battlefield as BF
from .battlefield import vertical_cells
from .reach import span_of
from .units import gap
from ..windows import WindowItem
from ..windows import MOMENT_ITEMS
from ..state import WalkStep, Window

Cell = tuple[int, int]


@dataclass(frozen=True)
class Watcher:
    """`level`: the watcher's ground plus any height it flies at (`aloft`, 1.114)."""

    id: str
    cell: Cell
    reach: int
    level: int = 0
    aloft: int = 0
    #: Cells across the watcher's square and the walker's (1.194): reach counts between
    #: their nearest cells.
    side: int = 1
    mover_side: int = 1


def _swings(fight: Any, striker: Any) -> list[tuple[Plan, int]]:
    """(plan, reach in cells) for each single-target melee attack the striker has."""
    plans: list[Plan] = []
    view = fight.view(striker)
    if view is not None:
        plans += weapon_plans(fight, striker, view)
    # A creature's: a single action (not a sequence) rolled to hit at one target.
    plans += [p for p in action_plans(fight, striker) if p.kind == "action" and _swing(p.action)]
    out = []
    for plan in plans:
        span = span_of(fight, striker, plan)
        if span is not None and span.melee and span.reach:
            out.append((plan, span.reach))
    return out


def _swing(a: Any) -> bool:
    return not (a.toHit is None or a.autoHit or a.area is not None or (a.targetCount or 1) != 1 or a.self_)


def can_strike(fight: Any, striker: Combatant) -> bool:
    rule = fight.combat.opportunity
    if rule is None or striker.down or striker.out or striker.position is None:
        return False
    effects = N.effects(fight, striker)
    if "cannot-act" in effects or "cannot-react" in effects:
        return False
    left: int = striker.budgets.get(rule.budget, 0)
    return left > 0


def watchers_of(fight: Any, mover: Any) -> list[Watcher]:
    if fight.combat.opportunity is None or mover.disengaged:
        return []
    out = []
    order = {cid: i for i, cid in enumerate(fight.state.order)}
    mover_side = side(fight, mover)
    for o in sorted(BF.standing_foes(fight, mover), key=lambda c: order.get(c.id, 99)):
        if not can_strike(fight, o):
            continue
        swings = _swings(fight, o)
        if swings:
            cell = BF.cell_of(o)
            out.append(Watcher(o.id, cell, max(r for _p, r in swings), BF.grid(fight).level(*cell) + o.aloft,
                               o.aloft, side(fight, o), mover_side))
    return out


def _gap(fight: Any, w: Watcher, cell: Cell, altitude: int | None) -> int:
    """Cells from the watcher to a walker at `cell`, flying at the absolute level `altitude`
    (None: on the ground): with either aloft, the height between them counts (1.114)."""
    flat = gap(cell, w.mover_side, w.cell, w.side)
    if altitude is None and not w.aloft:
        return flat
    mine = altitude if altitude is not None else BF.grid(fight).level(*cell)
    return max(flat, vertical_cells(fight, abs(mine - w.level)))


def leaving(fight: Any, here: Cell, there: Cell, watchers: list[Watcher],
            heights: tuple[int | None, int | None] = (None, None)) -> list[Any]:
    """The watchers whose reach the step leaves. Someone who cannot reach the walker because
    it flies too high never could strike, so leaving them provokes nothing (1.114)."""
    return [w for w in watchers
            if _gap(fight, w, here, heights[0]) <= w.reach < _gap(fight, w, there, heights[1])]


def strikers_along(fight: Any, mover: Any, start: Cell, way: Any, watchers: list[Watcher]) -> list[dict[str, Any]]:
    """`[{"cell", "by"}]`: where the path `way` (paths.Reach) leaves whose reach (each enemy
    once)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    here = start
    level = BF.grid(fight).level(*start) + mover.aloft if mover.aloft else None
    altitudes = way.altitudes or (None,) * len(way.path)
    for cell, altitude in zip(way.path, altitudes):
        there = altitude if altitude is not None and altitude >= 0 else None
        for w in leaving(fight, here, cell, watchers, (level, there)):
            if w.id not in seen:
                seen.add(w.id)
                out.append({"cell": [here[0], here[1]], "by": w.id})
        here, level = cell, there
    return out


def strike_items(fight: Any, striker: Any, w: Window) -> list[Any]:
    """The asked striker's answers in a `leaves-reach` window: each swing that reaches the
    walker, spending the opportunity budget (windows.py adds Pass). Only those whose reach
    this step leaves (`resume.now`) have any."""

    mover = fight.state.combatant(w.target)
    items: list[Any] = []
    now = w.resume.now if isinstance(w.resume, WalkStep) else []
    if (striker.id not in now or mover is None or mover.down or mover.out
            or not can_strike(fight, striker)):
        return items
    budget = fight.combat.opportunity.budget
    label = N.label(fight.ruleset, "budget", budget)
    for plan, reach in _swings(fight, striker):
        if BF.distance_cells(fight, striker, mover) > reach:
            continue
        strike_plan = dataclasses.replace(plan, budget=budget, uses_strike=False, strikes=1)
        oid = plan.menu_id
        if any(i.option.id == oid for i in items):
            continue
        fight.resolving.aiming = strike_plan
        items.append(WindowItem(Option(
            id=oid, label=f"Strike with {plan.name}", group="strike", budget=budget,
            targets=[mover.id], forecasts=plan_forecasts(fight, striker, strike_plan, [mover]),
            text=f"{label}; strike at {mover.name} walking away"), strike_plan, fixed=[mover.id]))
        fight.resolving.aiming = None
    return items



# The `leaves-reach` window offers opportunity strikes, not reactions (windows.MOMENT_ITEMS).
MOMENT_ITEMS["leaves-reach"] = strike_items
