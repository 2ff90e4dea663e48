"""Strikes at someone walking away: the `leaves-reach` window (spec/combat-3 "Strikes at
someone walking away", "Windows: holding the fight").

Owns: `watchers_of` (the enemies who could strike at a walker: standing, able to act and to
react, holding `opportunity.budget`, with a means of melee attack; each with the reach of
its longest swing), `leaving` and `strikers_along` (where a path leaves whose reach),
`open_window` (the window record in the battle's pending decision: `moment`
`leaves-reach`, `asking` in turn order, `resume` = the rest of the walk), `window_items`
(the asked striker's menu: each swing that reaches the walker, spending the opportunity
budget, and `pass`), `answer` (strike or let go; then the next one is asked, or the walk
resumes from `resume`, paying for every cell, or ends on the spot if the strike dropped the
walker) and `engine_answer` (an Engine-controlled striker strikes with its best swing).

Each enemy is asked once per whole walk; `disengage` prevents all of it for the turn.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from .. import numbers as N
from ..options import MenuItem, Option, Plan, _action_plans, _forecasts, _weapon_plans
from ..state import Pending
from . import battlefield as BF
from .reach import span_of
from .units import steps

Cell = tuple[int, int]


@dataclass(frozen=True)
class Watcher:
    id: str
    cell: Cell
    reach: int


def _swings(fight: Any, striker: Any) -> list[tuple[Plan, int]]:
    """(plan, reach in cells) for each single-target melee attack the striker has."""
    plans: list[Plan] = []
    view = fight.view(striker)
    if view is not None:
        plans += _weapon_plans(fight, striker, view)
    plans += [p for p in _action_plans(fight, striker) if p.kind == "action"]
    out = []
    for plan in plans:
        if plan.kind == "action":
            a = plan.action
            if a.toHit is None or a.autoHit or a.area is not None or (a.targetCount or 1) != 1 or a.self_:
                continue
        span = span_of(fight, striker, plan)
        if span is not None and span.melee and span.reach:
            out.append((plan, span.reach))
    return out


def can_strike(fight: Any, striker: Any) -> bool:
    rule = fight.combat.opportunity
    if rule is None or striker.down or striker.out or striker.position is None:
        return False
    effects = N.effects(fight, striker)
    if "cannot-act" in effects or "cannot-react" in effects:
        return False
    return striker.budgets.get(rule.budget, 0) > 0


def watchers_of(fight: Any, mover: Any) -> list[Watcher]:
    if fight.combat.opportunity is None or mover.disengaged:
        return []
    out = []
    order = {cid: i for i, cid in enumerate(fight.state.order)}
    for o in sorted(BF.standing_foes(fight, mover), key=lambda c: order.get(c.id, 99)):
        if not can_strike(fight, o):
            continue
        swings = _swings(fight, o)
        if swings:
            out.append(Watcher(o.id, BF.cell_of(o), max(r for _p, r in swings)))
    return out


def leaving(here: Cell, there: Cell, watchers: list[Watcher]) -> list[Any]:
    return [w for w in watchers if steps(here, w.cell) <= w.reach < steps(there, w.cell)]


def strikers_along(start: Cell, path: tuple[Cell, ...] | list[Cell], watchers: list[Watcher]) -> list[dict[str, Any]]:
    """`[{"cell", "by"}]`: where the path leaves whose reach (each enemy once)."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    here = start
    for cell in path:
        for w in leaving(here, cell, watchers):
            if w.id not in seen:
                seen.add(w.id)
                out.append({"cell": [here[0], here[1]], "by": w.id})
        here = cell
    return out



def open_window(fight: Any, mover: Any, strikers: list[Any], resume: dict[str, Any]) -> None:
    x, y = BF.cell_of(mover)
    names = ", ".join(fight.get(s.id).name for s in strikers)
    event = fight.emit("window", f"{mover.name} walks out of {names}'s reach at {x}, {y}; the fight waits for "
                       f"{'their' if len(strikers) > 1 else 'that'} answer.", actor=mover.id,
                       asking=[s.id for s in strikers])
    first = fight.get(strikers[0].id)
    fight.state.pending = Pending(
        actor=first.id, controller=first.controller, player=first.player, decision="window",
        window={"id": f"w{event.seq}", "moment": "leaves-reach", "asking": [s.id for s in strikers],
                "source": mover.id, "target": mover.id, "resume": resume, "deadline": None})


def window_items(fight: Any, striker: Any, window: dict[str, Any]) -> list[MenuItem]:
    mover = fight.state.combatant(window["target"])
    items: list[MenuItem] = []
    if mover is not None and can_strike(fight, striker):
        budget = fight.combat.opportunity.budget
        label = N.label(fight.ruleset, "budget", budget)
        for plan, reach in _swings(fight, striker):
            if BF.distance_cells(striker, mover) > reach:
                continue
            strike = dataclasses.replace(plan, budget=budget, uses_strike=False, strikes=1)
            oid = f"attack:{plan.list_def.list}:{_slug(plan.name)}" if plan.kind == "weapon" else f"action:{plan.action.id}"
            if any(i.option.id == oid for i in items):
                continue
            fight.aiming = strike
            items.append(MenuItem(Option(
                id=oid, label=f"Strike with {plan.name}", group="strike", budget=budget,
                targets=[mover.id], count=1, forecasts=_forecasts(fight, striker, strike, [mover]),
                text=f"{label}; strike at {mover.name} walking away"), strike))
            fight.aiming = None
    items.append(MenuItem(Option(id="pass", label="Pass", group="pass", text=f"let {mover.name if mover else 'them'} go"),
                          Plan(kind="pass", name="Pass")))
    return items


def _slug(text: str) -> str:
    from ..options import slug

    return slug(text)


def answer(fight: Any, striker: Any, item: MenuItem, targets: list[Any], window: dict[str, Any]) -> None:
    from ..actions import resolve
    from ..turns import check_outcome

    mover = fight.get(window["target"])
    if item.plan.kind == "pass":
        fight.emit("pass", f"{striker.name} lets {mover.name} go.", actor=striker.id, target=mover.id)
    else:
        fight.aiming = item.plan
        resolve(fight, striker, item, [mover])
        fight.aiming = None
        check_outcome(fight)
    asking = [a for a in window["asking"] if a != striker.id]
    if fight.state.outcome:
        return
    if mover.down or mover.out:
        x, y = BF.cell_of(mover)
        fight.emit("move", f"{mover.name}'s walk ends at {x}, {y}.", actor=mover.id)
        return
    while asking and not can_strike(fight, fight.get(asking[0])):
        asking.pop(0)
    if asking:
        nxt = fight.get(asking[0])
        fight.state.pending = Pending(actor=nxt.id, controller=nxt.controller, player=nxt.player,
                                      decision="window", window={**window, "asking": asking})
        return
    resume = window["resume"]
    from .movement import walk

    walk(fight, mover, [tuple(c) for c in resume["cells"]], asked=list(resume["asked"]), paid=resume["paid"],
         start=tuple(resume["from"]))


def engine_answer(fight: Any, striker: Any, window: dict[str, Any]) -> tuple[MenuItem, list[str]]:
    """The Engine's striker takes its best swing (by expected damage), or passes."""
    items = window_items(fight, striker, window)
    best = None
    for item in items:
        damage = max((f.damage or 0.0 for f in item.option.forecasts), default=0.0)
        if item.plan.kind != "pass" and damage > 0 and (best is None or damage > best[0]):
            best = (damage, item)
    if best is None:
        return items[-1], []
    return best[1], [window["target"]]
