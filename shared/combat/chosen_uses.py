"""Lay on Hands (spec/mechanics-2.md 1.251): an entry with `usesChosen` lets its user choose
how many of its uses one use spends, from one up to the number remaining, and heals that
many times its amount.

Owns:
- `uses_offer(fight, actor, plan)`: the option's `amount: {max}` (the uses the row the
  entry spends still holds), or None for any other option;
- `with_chosen(fight, actor, plan, targets, amount)`: the plan as chosen: `chosen` uses,
  paid from that row in place of the one the menu showed. Without `amount` the number is the
  one that on average fully heals the first target (at least one, at most what is left); an
  amount outside 1..max is refused (`bad-amount`);
- `times_chosen(plan, expr)`: the entry's amount that many times over.
"""

from __future__ import annotations

import dataclasses
import math

from ..dice import DiceExpr, DiceTerm, mean_damage
from ..sheet.paying import entry_uses
from ..sheet.refusal import Refusal
from . import numbers as N
from .costs import amount_expr
from .fight import Fight
from .plans import Plan
from .state import Combatant


def _uses_pool(fight: Fight, actor: Combatant, plan: Plan) -> tuple[str, int] | None:
    """(the row pool the entry's uses come from, what is left of it)."""
    view = fight.view(actor)
    if view is None or plan.entry_ref is None:
        return None
    uses = entry_uses(view, plan.entry_ref, {"mechanics": plan.mechanics, "rows": getattr(plan.entry, "rows", None)})
    if not uses:
        return None
    pool = uses[0][0]
    found = view.pool(pool)
    return pool, found[1] if found is not None else 0


def uses_offer(fight: Fight, actor: Combatant, plan: Plan) -> dict[str, int] | None:
    """`{"max": n}` on a `usesChosen` entry's option."""
    if plan.kind != "entry" or not plan.mechanics.usesChosen:
        return None
    found = _uses_pool(fight, actor, plan)
    return {"max": found[1]} if found is not None and found[1] > 0 else None


def _fills(fight: Fight, actor: Combatant, plan: Plan, target: Combatant | None, most: int) -> int:
    """The uses that on average fully heal `target` (1.251's default)."""
    if target is None:
        return 1
    current, top, _temp = N.health(fight, target)
    per = amount_expr(fight, actor, plan.mechanics, plan.cost_steps)
    mean = mean_damage(per) if per is not None else 0
    if mean <= 0:
        return 1
    return max(1, min(most, math.ceil((top - current) / mean)))


def with_chosen(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
                amount: int | None) -> Plan | Refusal:
    found = _uses_pool(fight, actor, plan)
    if found is None:
        return plan
    pool, left = found
    if amount is None:
        chosen = _fills(fight, actor, plan, targets[0] if targets else None, left)
    elif type(amount) is not int or not 1 <= amount <= left:
        return Refusal("bad-amount", f"{plan.name} spends from 1 to {left} uses now, not {amount!r}")
    else:
        chosen = amount
    costs = [(p, chosen if p == pool else a) for p, a in plan.costs]
    return dataclasses.replace(plan, costs=costs, chosen=chosen)


def times_chosen(plan: Plan, expr: DiceExpr | None) -> DiceExpr | None:
    """The amount of a `usesChosen` use: `chosen` times the entry's own (dice and flat)."""
    if expr is None or plan.chosen <= 1:
        return expr
    n = plan.chosen
    return DiceExpr(tuple(DiceTerm(t.count * n, t.sides, t.negative) for t in expr.terms), expr.modifier * n)
