"""Font of Magic (spec/mechanics-2.md 1.252): `restore` on a `heal` or `buff` entry refills a
pool of whoever the entry lands on.

Owns:
- `refill_key(view, restore)`: the pool a `restore` names on a sheet: a current pool by id,
  else the pool of the list row of that name ("Sorcery Points"); None when the sheet has
  neither;
- `lacks_own_pool(fight, actor, plan)`: an entry aimed at its user alone that would refill a
  pool the user does not have is not offered;
- `refill(fight, actor, target, plan)`: the refill as the entry lands: its `amount`, and for
  an entry whose cost is paid in a family of pools, `perCostStep` once more for each step
  above the cheapest (a slot turned into Sorcery Points equal to its level); up to the
  pool's maximum, or past it with `overMax` (shared/sheet/live.py keeps the excess apart
  until a rest fills the pool).
"""

from __future__ import annotations

from typing import Any

from ..dice import parse_dice
from ..sheet import SheetView
from ..sheet.ops import refill as refill_op
from ..sheet.paying import add_dice, counted_steps
from .fight import Fight
from .plans import Plan
from .rolls import roll_damage
from .state import Combatant


def refill_key(view: SheetView, restore: Any) -> str | None:
    if view.pool_info(restore.pool) is not None:
        return str(restore.pool)
    key = view.row_pool_named(restore.pool)
    return key if key is not None and view.pool(key) is not None else None


def lacks_own_pool(fight: Fight, actor: Combatant, plan: Plan) -> bool:
    """An entry on its user alone (`targets: "self"`) refilling a pool the user lacks."""
    if plan.mechanics.targets != "self":
        return False
    view = fight.view(actor)
    return view is None or refill_key(view, plan.mechanics.restore) is None


def refill(fight: Fight, actor: Combatant, target: Combatant, plan: Plan) -> None:
    mech = plan.mechanics
    restore = mech.restore
    view = fight.view(target)
    key = refill_key(view, restore) if view is not None else None
    if view is None or key is None or target.sheet is None:
        fight.emit("note", f"{target.name} has no {restore.pool} for {plan.name} to refill.", actor=actor.id,
                   target=target.id)
        return
    expr = parse_dice(restore.amount.dice or "0").with_modifier(restore.amount.flat or 0)
    steps = counted_steps(mech, plan.cost_steps)
    per = mech.perCostStep
    if steps > 0 and per is not None:
        if per.dice:
            expr = add_dice(expr, parse_dice(per.dice).times_dice(steps))
        expr = expr.with_modifier((per.flat or 0) * steps)
    amount, text = roll_damage(fight, expr, False)
    before = view.pool(key)
    error = fight.write(target, refill_op(fight.ruleset, target.sheet, key, amount, over_max=bool(restore.overMax)))
    now_view = fight.view(target)
    after = now_view.pool(key) if now_view is not None else None
    if error or before is None or after is None:
        fight.emit("note", f"{plan.name} could not refill {target.name}'s {restore.pool}: {error}", actor=actor.id)
        return
    info, now, _temp = after
    gained = now - before[1]
    fight.emit("refill", f"{plan.name} ({text}) gives {target.name} {gained} {info.label}: {now} of {info.max}.",
               actor=actor.id, target=target.id, pool=key, amount=gained)
