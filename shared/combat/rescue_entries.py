"""The owner's own rescue (spec/mechanics-2.md 1.249, 1.256, 1.257): a catalog entry with
`rescue` is never on the menu; it is spent, with its budget, cost and the `budget` its
rescue names, when its owner's own roll of its kind has failed, and only when it can turn
that failure around, which is found without rolling a die of the battle:
- `reroll` (saves): the save is rolled again and the new roll stands; spent when the new
  roll at its highest could succeed;
- `success`: the failed roll counts as made (a miss as a hit);
- `twenty` (checks): the check's d20 counts as a 20; spent when that makes it succeed;
- `die`: the owner's own die (`dice`, or one `die` sized by the sheet) is rolled and added;
  spent when it at its highest covers the difference (the held-back modifications given
  to the owner, rescue.py, are tried before it, 1.256).

Owns: `Roll` (what failed: its kind, total, what it needed, its d20 and how to roll it
again) and `spend_rescue` (the first of the owner's entries, in sheet order, that can turn it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..dice import DiceExpr
from ..ruleset.mechanics.reaction import Rescue
from .fight import Fight
from .plans import Plan
from .state import Combatant
from .lowers_roll import lowers_expr
from .costs import expand_payments
from .plan_reading import entry_plans, budget_left
from . import paying as A


@dataclass
class Roll:
    """A roll of `kind` ("saves", "attacks", "checks") by its owner that fell short."""

    kind: str
    total: int
    needed: int
    #: The outcome words (made, short) of the log lines.
    words: tuple[str, str]
    #: The kept die's face and sides, for `twenty`; None when there is none.
    natural: int | None = None
    sides: int = 20
    save: str | None = None
    #: Rolls it again and returns the new total (saves); with `again_top` its highest.
    again: Callable[[], int] | None = None
    again_top: int = 0
    made: bool = False
    #: Entries already spent on this roll: each turns it around at most once.
    spent: set[str] = field(default_factory=set)


def _candidates(fight: Fight, c: Combatant, roll: Roll) -> list[tuple[str, Plan]]:
    """(the entry's `<catalog>/<entry>`, its plan) for each rescue that may be spent on `roll`."""
    view = fight.view(c)
    if view is None:
        return []
    plans = entry_plans(fight, c, view, pick=lambda m: m is not None and getattr(m, "rescue", None) is not None
                         and m.rescue.roll == roll.kind)
    out: list[tuple[str, Plan]] = []
    seen: set[str] = set()
    # One payment per entry, the first (least) it can make.
    for plan in expand_payments(fight, c, plans):
        rescue = plan.mechanics.rescue
        # An entry's plan names it (`<catalog>/<entry>`): that is how it is spent once.
        if plan.entry_ref is None or plan.entry_ref in seen or plan.entry_ref in roll.spent:
            continue
        if roll.save is not None and rescue.saves and roll.save not in rescue.saves:
            continue
        if not budget_left(c, plan.budget) or not budget_left(c, rescue.budget):
            continue
        seen.add(plan.entry_ref)
        out.append((plan.entry_ref, plan))
    return out


def _own_die(fight: Fight, c: Combatant, rescue: Rescue) -> DiceExpr | None:
    """A rescue's `dice`, or its `die` read off the owner's table, as lowersRoll reads them."""

    return lowers_expr(fight, c, rescue)


def _turns(fight: Fight, c: Combatant, rescue: Rescue, roll: Roll) -> bool:
    """Whether spending it can turn the failure around (no dice rolled to find out)."""
    short = roll.needed - roll.total
    if rescue.by == "success":
        return True
    if rescue.by == "reroll":
        return roll.again is not None and roll.again_top >= roll.needed
    if rescue.by == "twenty":
        return roll.natural is not None and roll.total - roll.natural + roll.sides >= roll.needed
    expr = _own_die(fight, c, rescue)
    return expr is not None and expr.dice_max + expr.modifier >= short


def _spend(fight: Fight, c: Combatant, plan: Plan) -> None:
    fight.emit("rescue-entry", f"{c.name} spends {plan.name} on the failed roll.", actor=c.id, entry=plan.entry_ref)
    A.pay(fight, c, plan)
    A.spend_budget(fight, c, plan.mechanics.rescue.budget)


def _apply(fight: Fight, c: Combatant, plan: Plan, roll: Roll) -> None:
    """What the spent rescue does. `_turns` spent it only where it can turn the roll: a
    reroll on a roll that can be rolled again, `twenty` on one with its d20 kept, a die the
    owner has; the guards below are those same facts."""
    rescue = plan.mechanics.rescue
    made_word, short_word = roll.words
    if rescue.by == "reroll":
        if roll.again is not None:
            roll.total = roll.again()
            roll.made = roll.total >= roll.needed
        return
    if rescue.by == "success":
        roll.made = True
        fight.emit("rescue", f"{c.name}'s {plan.name} turns it around: {made_word}.", target=c.id, success=True)
        return
    if rescue.by == "twenty":
        if roll.natural is None:
            return
        roll.total = roll.total - roll.natural + roll.sides
        shown = f"counts the d{roll.sides} as a {roll.sides}"
    else:
        expr = _own_die(fight, c, rescue)
        if expr is None:
            return
        r = fight.roll(expr)
        roll.total += r.total
        shown = f"adds {r.total} ({rescue.dice or f'1d{expr.terms[0].sides}'})"
    roll.made = roll.total >= roll.needed
    fight.emit("rescue", f"{c.name}'s {plan.name} {shown}: {roll.total} against {roll.needed} now, "
               f"{made_word if roll.made else short_word}.", target=c.id, total=roll.total, success=roll.made)


def spend_rescue(fight: Fight, c: Combatant, roll: Roll) -> bool:
    """The first of the owner's rescue entries, in sheet order, that can turn the failed
    roll around, spent on it; False when none can."""
    for ref, plan in _candidates(fight, c, roll):
        if _turns(fight, c, plan.mechanics.rescue, roll):
            roll.spent.add(ref)
            _spend(fight, c, plan)
            _apply(fight, c, plan, roll)
            return True
    return False


__all__ = ["Roll", "spend_rescue"]
