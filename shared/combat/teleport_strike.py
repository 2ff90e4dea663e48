"""A creature's teleport with a strike (spec/mechanics-3 "Teleportation with a strike",
Capability API 1.280): the blink dog's "Before or after teleporting, the dog can make one
bite attack."

Owns:
- `paired_plans`: what the pairing adds to the creature's menu. After the teleport, the
  action its `strike` names follows once that turn for free (`action:<id>:free`, "Free, part
  of the same action"); and, on a board, each teleport with a strike is offered the other way
  round, its strike made first for the teleport's budget (`action:<teleport>:strike-first`,
  "Bite, then Teleport"), while both the strike and the teleport have uses and recharge left,
  after which the teleport follows once for free. Neither leads on to a third.
- `label`: that option's label.
- `after`: once a plan has resolved on its user's own turn, what follows free now
  (`Combatant.follows`, cleared as the next turn begins, turns.py).
- `strike_pick`: the Game Master's creature with no enemy within its strike's reach
  teleports next to the nearest one; what follows free (the strike) is then its best option.

Paying is paying.py's (`_pay_action`): a strike made first also spends the teleport's uses
and recharge; the teleport following it spends nothing more. Off the board a teleport leads
nowhere (menu_build.py), so nothing is combined there. The validator (ruleset/creatures.py)
holds what a strike may name: another plain action of the same creature.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from .board import battlefield as BF
from .board.reach import farthest, span_of
from .board.units import steps
from .fight import Fight
from .plan_reading import block_actions
from .plans import MenuItem, Pairing, Plan
from .state import Combatant

Cell = tuple[int, int]

#: The free option's text (1.280).
FREE_TEXT = "Free, part of the same action"
#: What follows free.
FREE = Pairing(free=True)


def _ready(actor: Combatant, action: Any) -> bool:
    """Whether the action has uses and recharge left."""
    if action.uses is not None and actor.uses.get(action.id, action.uses.count) <= 0:
        return False
    return action.recharge is None or actor.recharge.get(action.id, True)


def _side(action: Any) -> str:
    # As plan_reading.action_plans reads it: without `targets`, the opposing side.
    return "self" if action.self_ else (action.targets or "enemy")


def _plan(action: Any, budget: str | None, **more: Any) -> Plan:
    return Plan(kind="action", name=action.name, budget=budget, to_hit=action.toHit or 0,
                to_hit_parts=[("", action.toHit or 0)], action=action, targets_side=_side(action), **more)


def paired_plans(fight: Fight, actor: Combatant, plans: list[Plan]) -> list[Plan]:
    """The free follow-up of this turn (when there is one) and, on a board, each offered
    teleport's strike made first."""
    out: list[Plan] = []
    by_id = {a.id: a for a in block_actions(actor)}
    follows = by_id.get(actor.follows) if actor.follows is not None else None
    if follows is not None and fight.state.current() is actor:
        # The teleport after its strike was paid with it; the strike after the teleport
        # still keeps to its own uses and recharge.
        if follows.teleport is not None or _ready(actor, follows):
            out.append(_plan(follows, budget=None, pairing=FREE, option_id=f"action:{follows.id}:free"))
    if fight.state.board is None:
        return out
    for plan in plans:
        action = plan.action
        if plan.kind != "action" or action.teleport is None or action.teleport.strike is None:
            continue
        strike = by_id.get(action.teleport.strike)
        # The teleport is among `plans` only while its own uses and recharge remain.
        if strike is not None and _ready(actor, strike):
            out.append(_plan(strike, budget=action.budget, pairing=Pairing(first_of=action.id),
                             option_id=f"action:{action.id}:strike-first"))
    return out


def label(actor: Combatant, plan: Plan) -> str:
    """The option's label: "Bite, then Teleport" for a strike made first, else its name."""
    first_of = plan.pairing.first_of if plan.pairing is not None else None
    if first_of is None:
        return plan.name
    teleport = next((a for a in block_actions(actor) if a.id == first_of), None)
    return f"{plan.name}, then {teleport.name if teleport is not None else first_of}"


def after(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """What follows free once `plan` has resolved on its user's own turn: the strike after a
    teleport that landed, the teleport after its strike made first, nothing after what
    itself followed free."""
    if fight.state.current() is not actor:
        return
    pairing = plan.pairing
    if pairing is not None and pairing.free:
        actor.follows = None
    elif pairing is not None and pairing.first_of is not None:
        actor.follows = pairing.first_of
    elif plan.aim is not None and plan.action.teleport is not None and plan.action.teleport.strike is not None:
        actor.follows = plan.action.teleport.strike


def strike_pick(fight: Fight, actor: Combatant, menu: list[MenuItem]) -> tuple[MenuItem, list[str], Cell] | None:
    """The Game Master's creature (1.280): with no standing enemy within its strike's reach,
    its first teleport with a strike lands on the cell it may land on nearest it (row by row
    on ties) from which the strike reaches the nearest enemy; the strike then follows free."""
    if actor.side != "foes" or actor.position is None:
        return None
    foes = BF.standing_foes(fight, actor)
    if not foes:
        return None
    here = BF.cell_of(actor)
    for item in menu:
        action = item.plan.action
        if item.plan.kind != "action" or item.plan.pairing is not None or action.teleport is None or action.teleport.strike is None:
            continue
        cells = (item.option.board or {}).get("teleport", {}).get("cells")
        strike = next((a for a in block_actions(actor) if a.id == action.teleport.strike), None)
        if not cells or strike is None:
            continue
        span = span_of(fight, actor, replace(item.plan, action=strike, name=strike.name))
        reach = farthest(span) if span is not None else 1
        if any(_gap(fight, here, o) <= reach for o in foes):
            return None
        prey = min(foes, key=lambda o: _gap(fight, here, o))
        near = [(x, y) for x, y in cells if _gap(fight, (x, y), prey) <= reach]
        if near:
            best = min(near, key=lambda c: (steps(here, c), c[1], c[0]))
            return item, [], best
    return None


def _gap(fight: Fight, cell: Cell, other: Combatant) -> int:
    """Cells from `cell` to the nearest cell `other` fills."""
    return min(steps(cell, body) for body in BF.body(fight, other))


__all__ = ["FREE", "FREE_TEXT", "after", "label", "paired_plans", "strike_pick"]
