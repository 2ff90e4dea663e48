"""Spells bought between turns (spec/mechanics-3 "Legendary spells", 1.284): a creature
action with a `signature` cost and `casting` offers, in the window between turns, every
spell its maker could cast on its own turn with the action budget (the first of
`economy.budgets`), from its `spellcasting` or its sheet's spells, each named after the
action ("Cast a Spell: Fireball"). Each is aimed, paid for (its slot or its use) and
resolved exactly as on a turn; signature points are spent instead of the budget, so the
maker keeps its budgets. `cantripsOnly` offers only spells paid for from no pool (an entry
with no `cost`: the lich's Cantrip).

Owns: `casting_plans` (the spell plans a `casting` action offers now, with their labels).
The window's menu (windows.py) turns them into answers and the answer is taken as any other
(window_answers.take).

An answer is resolved inside the window, where nothing opens another (windows.py: one
window at a time), so a spell bought between turns is not itself answered (a Counterspell
to it is not asked); and on a board a spell aimed at a cell (an area) is not offered,
because the window's answer carries the moving cell only (docs/board.md).
"""

from __future__ import annotations

from dataclasses import replace

from . import costs as C
from .components import blocked
from .fight import Fight
from .plan_reading import entry_plans
from .plans import Plan
from .spellcasting import spell_plans
from .state import Combatant


def _spells(fight: Fight, holder: Combatant) -> list[Plan]:
    """Every spell the maker casts on its turn: its `spellcasting`, and a sheet's entries."""
    plans = spell_plans(fight, holder)
    view = fight.view(holder)
    if view is not None:
        plans += [p for p in entry_plans(fight, holder, view) if p.mechanics is not None]
    return C.expand_payments(fight, holder, plans)


def casting_plans(fight: Fight, holder: Combatant, action: object, cantrips_only: bool) -> list[tuple[Plan, str, str]]:
    """(plan, option id, label) of each spell `action` (a `casting` action) offers now: cast
    with the action budget on a turn, payable, not stopped by a missing component; with
    `cantrips_only`, only those with no `cost`. The plan spends no budget."""
    main = fight.combat.economy.budgets[0].id if fight.combat.economy.budgets else None
    name = getattr(action, "name", "Cast a Spell")
    aid = getattr(action, "id", "casting")
    out: list[tuple[Plan, str, str]] = []
    seen: set[str] = set()
    for plan in _spells(fight, holder):
        mech = plan.mechanics
        if plan.budget != main or mech is None:
            continue
        if cantrips_only and (mech.cost or plan.costs):
            continue
        if fight.state.board is not None and getattr(mech, "area", None) is not None:
            continue
        if not C.can_pay(fight, holder, plan.costs) or blocked(fight, holder, plan):
            continue
        oid = f"action:{aid}:{plan.menu_id}"
        if oid in seen:
            continue
        seen.add(oid)
        out.append((replace(plan, budget=None), oid, f"{name}: {C.payment_label(fight, plan)}"))
    return out


__all__ = ["casting_plans"]
