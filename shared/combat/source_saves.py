"""The save that ends a condition, read against whoever applied it (spec/mechanics-3 1.266
`unseen`, 1.268 `seenLean`, 1.270 `beyond`, on a condition's `saveEnds`).

Owns:
- `remember`: copies those keys of the applying `saveEnds` onto the held condition as it is
  put on (`HeldCondition.save_unseen`, `save_lean`, `save_beyond`).
- `may_roll`: whether the save is rolled now. `unseen`: only while the holder cannot see
  the applier (Fear's save out of line of sight); `beyond`: only while the holder stands
  farther than that from the applier, on a board (without one distance is not measured, so
  it never holds the save back); with both, both must hold (Antipathy). An applier who has
  left the fight is neither seen nor near.
- `lean`: `seenLean` while the holder can see the applier (the sea hag's disadvantage).
- `action_save_items`, `resolve_action_save`: a save with `at: "action"` (1.264,
  Irresistible Dance) is rolled only when the holder spends the ruleset's main budget (its
  first, the one standard actions spend) on it: `save-action:<condition>` on their menu
  while `may_roll` lets it, whatever a compelled behaviour leaves (behavior.py).
"""

from __future__ import annotations

from typing import Any

from . import saves as SV
from . import numbers as N
from .board import battlefield as BF
from .board.units import per_cell, to_cells
from .condition_off import remove_condition
from .fight import Fight
from .paying import spend_budget
from .plan_reading import budget_left
from .plans import MenuItem, Option, Plan
from .saves_against import for_condition
from .seeing import sees
from .state import Combatant, HeldCondition

#: `Plan.kind` of a save spent an action on.
SAVE_ACTION = "save-action"


def remember(held: HeldCondition, save_ends: Any) -> None:
    if save_ends is None:
        return
    held.save_unseen = save_ends.unseen or None
    held.save_lean = save_ends.seenLean
    held.save_beyond = float(save_ends.beyond) if save_ends.beyond is not None else None


def _source(fight: Fight, held: HeldCondition) -> Combatant | None:
    source = fight.state.combatant(held.source) if held.source else None
    return source if source is not None and not source.out else None


def may_roll(fight: Fight, c: Combatant, held: HeldCondition) -> bool:
    if not held.save_unseen and held.save_beyond is None:
        return True
    source = _source(fight, held)
    if source is None:
        return True
    if held.save_unseen and sees(fight, c, source):
        return False
    if held.save_beyond is not None and fight.state.board is not None \
            and c.position is not None and source.position is not None:
        return BF.distance_cells(fight, c, source) > (to_cells(held.save_beyond, per_cell(fight)) or 0)
    return True


def why_not(fight: Fight, c: Combatant, held: HeldCondition) -> str:
    """The log's reason a save `may_roll` held back."""
    source = _source(fight, held)
    who = source.name if source is not None else "its source"
    if held.save_unseen and source is not None and sees(fight, c, source):
        return f"{c.name} can still see {who}"
    unit = fight.combat.distance.label if fight.combat.distance is not None else ""
    return f"{c.name} is within {held.save_beyond:g} {unit} of {who}".rstrip()


def lean(fight: Fight, c: Combatant, held: HeldCondition) -> str | None:
    if held.save_lean is None:
        return None
    source = _source(fight, held)
    return held.save_lean if source is not None and sees(fight, c, source) else None


def action_save_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """`save-action:<condition>` for each held condition whose ending save is spent an
    action on, while the main budget lasts."""
    held_saves = [h for h in actor.conditions if h.save_at == "action" and h.save is not None and h.dc is not None]
    if not held_saves:
        return []
    budget = fight.combat.economy.budgets[0].id
    if not budget_left(actor, budget):
        return []
    items: list[MenuItem] = []
    for held in held_saves:
        if not may_roll(fight, actor, held):
            continue
        name = N.label(fight.ruleset, "condition", held.id)
        oid = f"{SAVE_ACTION}:{held.id}"
        items.append(MenuItem(
            Option(id=oid, label=f"Roll to end {name}", group=SAVE_ACTION, budget=budget,
                   text=f"{N.label(fight.ruleset, 'budget', budget)}; {N.label(fight.ruleset, 'save', held.save or '')} "
                        f"against {held.dc}"),
            Plan(kind=SAVE_ACTION, name=f"Roll to end {name}", budget=budget, option_id=oid)))
    return items


def resolve_action_save(fight: Fight, actor: Combatant, plan: Plan) -> None:
    cid = (plan.option_id or "").partition(":")[2]
    held = next((h for h in actor.conditions if h.id == cid and h.save_at == "action"), None)
    if held is None or held.save is None or held.dc is None or plan.budget is None:
        return
    spend_budget(fight, actor, plan.budget)
    name = N.label(fight.ruleset, "condition", held.id)
    if SV.roll_save(fight, actor, held.save, held.dc, why=f"to end {name}", against=for_condition(held),
                   lean=lean(fight, actor, held)):
        remove_condition(fight, actor, held, reason="the save ends it")


def action_save_worth(fight: Fight, actor: Combatant, plan: Plan) -> float:
    """For the Engine's tactics, in conditions: the chance the save ends the condition."""
    cid = (plan.option_id or "").partition(":")[2]
    held = next((h for h in actor.conditions if h.id == cid), None)
    if held is None or held.save is None or held.dc is None:
        return 0.0
    return float(SV.save_chance(fight, actor, held.save, held.dc, for_condition(held)))


__all__ = ["SAVE_ACTION", "action_save_items", "action_save_worth", "lean", "may_roll", "remember",
           "resolve_action_save", "why_not"]
