"""An answer's amount added to the owner's own blow (spec/mechanics-2.md 1.241 `addsToBlow`:
Divine Smite).

Owns: `join_blow` (the attacker's answer to their own hit, taken in the `hit` window:
paid like any answer, it deals nothing by itself; it is written into the held step's
record, `ActionStep.adds`, plain JSON saved with the window),
`added_parts` (when that blow lands, each joined amount is rolled then, doubled by the
blow's critical as the ruleset doubles damage dice, with its `plus` parts only for the
targets they reach (`targetIs`); the blow deals them with its own parts; `take_adds` and
`parts_of` are its two halves, for a held weapon's blow that then puts on the conditions
of the charges spent on it, `spent_on_hit`, mechanics-3 1.273) and `drop_adds`
(a held hit that an answer turned into a miss lands nothing, and what joined it is lost:
its cost stays spent).
"""

from __future__ import annotations

from typing import Any

from ..sheet import item_uses as IU
from . import blows as B
from .costs import amount_expr
from .fight import Fight
from .plan_codec import plan_from_json, plan_to_json
from .state import ActionStep, BlowAdd, Combatant, Window
from .rolls import roll_damage


def join_blow(fight: Fight, holder: Combatant, plan: Any, w: Window) -> None:
    target = fight.get(w.target_id())
    held = w.resume
    assert isinstance(held, ActionStep), "a hit window holds an action"
    if held.adds is None:
        held.adds = []
    held.adds.append(BlowAdd(actor=holder.id, plan=plan_to_json(plan), target=target.id))
    fight.emit("ability", f"{holder.name}'s {plan.name} joins the blow on {target.name}.", actor=holder.id,
               target=target.id)


def added_parts(fight: Fight, actor: Combatant, target: Combatant, critical: bool) -> list[B.Part]:
    """The amounts joined to the blow landing on `target`, rolled now; used up by it."""
    return parts_of(fight, target, take_adds(fight, target), critical)


def take_adds(fight: Fight, target: Combatant) -> list[BlowAdd]:
    """What joined the blow landing on `target`, taken off the held step's record."""
    record = fight.resolving.step
    if record is None or not record.adds:
        return []
    mine = [a for a in record.adds if a.target == target.id]
    record.adds = [a for a in record.adds if a.target != target.id]
    return mine


def spent_on_hit(fight: Fight, adds: list[BlowAdd]) -> list[tuple[Combatant, Any, Any]]:
    """(holder, plan, way) for each add that spent a weapon's charges on its hit (1.273)."""
    out = []
    for add in adds:
        holder = fight.get(add.actor)
        plan = plan_from_json(fight, holder, add.plan)
        item = getattr(plan.entry, "item", None)
        way = IU.hit_spend(item, plan.item_use) if plan.item is not None and item is not None else None
        if way is not None:
            out.append((holder, plan, way))
    return out


def parts_of(fight: Fight, target: Combatant, adds: list[BlowAdd], critical: bool) -> list[B.Part]:
    """The amounts of `adds`, rolled now."""
    parts: list[B.Part] = []
    for add in adds:
        holder = fight.get(add.actor)
        plan = plan_from_json(fight, holder, add.plan)
        mech = plan.mechanics
        expr = amount_expr(fight, holder, mech, plan.cost_steps)
        if expr is not None:
            amount, text = roll_damage(fight, expr, critical)
            parts.append(B.Part(amount, mech.damageType, plan.name, text))
        for clause in mech.plus or []:
            part = B.clause_part(fight, holder, target, clause, mech.damageType, plan.name, plan.save_dc or 10,
                                 critical)
            if part is not None:
                parts.append(part)
    return parts


def drop_adds(fight: Fight, target: Combatant) -> None:
    record = fight.resolving.step
    if record is not None and record.adds:
        record.adds = [a for a in record.adds if a.target != target.id]


__all__ = ["added_parts", "drop_adds", "join_blow", "parts_of", "spent_on_hit", "take_adds"]
