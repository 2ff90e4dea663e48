"""Targeting by remaining health (mechanics-1 1.196, mechanics-2 1.199).

Owns:
- `healthPool`: rolled once on use (its dice and flat part, `perCostStep` once for each step
  paid above the base), then spent from the target with the least health left upward: each
  is affected only if its health is no more than what remains, which it then uses up; the
  rest are left entirely untouched (Sleep, Color Spray). `healthPoolSkips.conditions` leaves
  out anyone holding one of them, spending nothing on them (Sleep skips the unconscious),
  and `healthPoolSkips.unseeing` anyone who cannot see the entry's user (Color Spray: a
  blinded creature, or one with no line of sight to it; seeing.py's `sees`). The log names
  the roll, whom it covered and why each skipped one was;
- `healthAtMost`: the entry affects a target only while its health is that much or less
  (Power Word Stun, Power Word Kill), and the log says so of one it does not affect.
Both read health after the menu's `targetTypes` decided who could be chosen at all.
"""

from __future__ import annotations

from typing import Any

from ..dice import parse_dice
from ..sheet.paying import add_dice, counted_steps
from . import numbers as N
from .fight import Fight
from .rolls import roll_damage
from .seeing import sees
from .state import Combatant


def _skipped(fight: Fight, mech: Any, user: Combatant, c: Combatant) -> str | None:
    """Why the pool leaves `c` alone (None: it does not)."""
    skips = getattr(mech, "healthPoolSkips", None)
    if skips is None:
        return None
    held = {h.id for h in c.conditions}
    if any(cond in held for cond in skips.conditions or []):
        return f"{c.name} is skipped"
    if skips.unseeing and not sees(fight, c, user):
        return f"{c.name} cannot see {user.name}"
    return None


def pool_covered(fight: Fight, user: Combatant, plan: Any, targets: list[Combatant]) -> list[Combatant]:
    """The targets a `healthPool` entry affects, in the order it covered them (all of them
    when the entry has no pool). Rolls the pool and logs it."""
    mech = plan.mechanics
    pool = getattr(mech, "healthPool", None)
    if pool is None:
        return targets
    expr = parse_dice(pool.dice or "0")
    flat = pool.flat or 0
    counted = counted_steps(mech, plan.cost_steps)
    per = mech.perCostStep
    if counted > 0 and per is not None:
        if per.dice:
            expr = add_dice(expr, parse_dice(per.dice).times_dice(counted))
        flat += (per.flat or 0) * counted
    expr = expr.with_modifier(flat)
    left, text = roll_damage(fight, expr, False)
    rolled = left
    label = N.health_label(fight.ruleset)
    covered: list[Combatant] = []
    notes: list[str] = []
    # Least health first; the list's order settles a tie.
    for c in sorted(targets, key=lambda t: N.health(fight, t)[0]):
        skipped = _skipped(fight, mech, user, c)
        if skipped is not None:
            notes.append(skipped)
            continue
        health = N.health(fight, c)[0]
        if health > left:
            break
        left -= health
        covered.append(c)
    who = ", ".join(f"{c.name} ({N.health(fight, c)[0]} {label})" for c in covered) or "nobody"
    why = f" ({', '.join(notes)})" if notes else ""
    fight.emit("pool", f"{plan.name} rolls its pool of {label}: {expr} = {text}; it covers {who}{why}, "
               f"leaving {left}.", pool=rolled, covered=[c.id for c in covered], left=left)
    return covered


def beyond_reach(fight: Fight, plan: Any, target: Combatant) -> bool:
    """Whether `healthAtMost` spares `target` (too much health left); logs why."""
    at_most = getattr(plan.mechanics, "healthAtMost", None)
    if at_most is None:
        return False
    health = N.health(fight, target)[0]
    if health <= at_most:
        return False
    fight.emit("note", f"{target.name} has {health} {N.health_label(fight.ruleset)}, more than {at_most}: "
               f"{plan.name} does not affect them.", target=target.id)
    return True
