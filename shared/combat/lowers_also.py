"""Dice taken off someone else's ability check or damage roll as it is made (spec/mechanics-2.md
1.257: `lowersRoll.also`, Cutting Words). Nobody is asked: the entry is spent on its own,
with its budget, cost and uses, by the first creature in turn order on the other side from
the roller whose entry reaches them (its range on a board, its `targetTypes` and `needs`),
and only when its maximum could change the outcome, found without rolling a die of the
battle:
- a check (a contest's winning side, a Counterspell's check to stop a spell paid above it)
  that would succeed and, with the dice at their highest taken off, would fail;
- damage that would drop someone on the owner's side (their health and temporary points
  gone) and, with the dice at their highest taken off, would leave them standing.

Owns: `lower_check` and `lower_damage`.
"""

from __future__ import annotations

from typing import Callable

from . import numbers as N
from .fight import Fight
from .hits import Part
from .plans import Plan
from .lowers_roll import dice_text, lowers_expr
from .state import Combatant
from .board.answers import reaches
from .targeting import refusal
from .effects import adjust_for_type
from .costs import expand_payments
from .plan_reading import entry_plans, budget_left
from .fight import turn_order
from . import paying as A


def _holders(fight: Fight, roller: Combatant, kind: str) -> list[tuple[Combatant, Plan]]:
    """(holder, plan) for each entry that may take dice off `roller`'s roll of `kind`, by
    turn order then sheet order; one payment per entry, the least it can make."""

    out: list[tuple[Combatant, Plan]] = []
    for cid in turn_order(fight):
        c = fight.state.combatant(cid)
        if c is None or c.out or c.down or c.side == roller.side:
            continue
        effects = N.effects(fight, c)
        if "cannot-react" in effects or "cannot-act" in effects:
            continue
        view = fight.view(c)
        if view is None:
            continue
        plans = entry_plans(fight, c, view, pick=lambda m: m is not None and getattr(m, "lowersRoll", None) is not None
                             and kind in (m.lowersRoll.also or []))
        seen: set[str] = set()
        for plan in expand_payments(fight, c, plans):
            # An entry's plan names it (`<catalog>/<entry>`): that is how it is spent once.
            if plan.entry_ref is None or plan.entry_ref in seen or not budget_left(c, plan.budget):
                continue
            if refusal(fight, c, roller, plan.mechanics) is not None or not reaches(fight, c, plan, roller):
                continue
            seen.add(plan.entry_ref)
            out.append((c, plan))
    return out


def _top(fight: Fight, holder: Combatant, plan: Plan) -> int | None:
    expr = lowers_expr(fight, holder, plan.mechanics.lowersRoll)
    return None if expr is None else expr.dice_max + expr.modifier


def _spend(fight: Fight, holder: Combatant, plan: Plan, roller: Combatant, what: str) -> tuple[int, str]:
    """Pays for the entry and rolls its dice with the battle's roller; returns what they
    took and the dice as the log names them. The dice are read after paying, as the sheet
    then is; an entry is spent only when it has dice (`_top`), so nothing is rolled without."""

    fight.emit("lower-spent", f"{holder.name} spends {plan.name} on {roller.name}'s {what}.", actor=holder.id,
               target=roller.id, entry=plan.entry_ref)
    A.pay(fight, holder, plan)
    lowers = plan.mechanics.lowersRoll
    expr = lowers_expr(fight, holder, lowers)
    return (fight.roll(expr).total if expr is not None else 0), dice_text(fight, holder, lowers)


def _first(fight: Fight, roller: Combatant, kind: str, turns: Callable[[int], bool]) -> tuple[Combatant, Plan] | None:
    for holder, plan in _holders(fight, roller, kind):
        top = _top(fight, holder, plan)
        if top is not None and turns(top):
            return holder, plan
    return None


def lower_check(fight: Fight, roller: Combatant, total: int, needed: int, what: str) -> int:
    """`roller`'s check of `total` against `needed`, after dice taken off it (1.257)."""
    if total < needed:
        return total
    found = _first(fight, roller, "checks", lambda top: total - top < needed)
    if found is None:
        return total
    holder, plan = found
    taken, dice = _spend(fight, holder, plan, roller, what)
    now = total - taken
    fight.emit("lower", f"{holder.name}'s {plan.name} takes {taken} ({dice}) off {roller.name}'s {what}: {now} "
               f"against {needed} now, {'still enough' if now >= needed else 'not enough'}.", actor=holder.id,
               target=roller.id, amount=taken, total=now)
    return now


def _landing(fight: Fight, target: Combatant, parts: list[Part], off: int) -> int:
    """What the parts would land on `target` with `off` taken off the roll, first part first."""

    landed = 0
    for part in parts:
        amount = max(0, part.amount)
        cut = min(off, amount)
        off -= cut
        landed += adjust_for_type(fight, target, amount - cut, part.type)[0]
    return landed


def lower_damage(fight: Fight, roller: Combatant, target: Combatant, parts: list[Part]) -> None:
    """Takes dice off a blow's damage roll (its parts, first part first) that would drop
    `target`, someone on the other side from `roller`, when they could leave them standing."""
    if target.side == roller.side or target.down or target.out or not parts:
        return
    current, _top_health, temp = N.health(fight, target)
    standing = current + temp
    if standing <= 0 or _landing(fight, target, parts, 0) < standing:
        return
    found = _first(fight, roller, "damage", lambda top: _landing(fight, target, parts, top) < standing)
    if found is None:
        return
    holder, plan = found
    taken, dice = _spend(fight, holder, plan, roller, "damage roll")
    rolled = sum(max(0, p.amount) for p in parts)
    off = taken
    for part in parts:
        cut = min(off, max(0, part.amount))
        part.amount = max(0, part.amount) - cut
        off -= cut
    fight.emit("lower", f"{holder.name}'s {plan.name} takes {taken} ({dice}) off {roller.name}'s damage roll: "
               f"{max(0, rolled - taken)} now.", actor=holder.id, target=roller.id, amount=taken,
               total=max(0, rolled - taken))


__all__ = ["lower_check", "lower_damage"]
