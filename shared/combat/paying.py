"""Paying for a chosen option, before anyone is asked about it and never refunded: the
budget (and the budgets it excludes), the strikes an attack puts in hand, pools spent from
the sheet, a creature action's uses and recharge, a spell's uses.

Owns: `pay`, `spend_budget`, `spend_strike`. Below resolution: windows, rescues, contests
and delays pay through here without importing resolution.
"""

from __future__ import annotations

from typing import Any, Callable

from ..ruleset.creature_actions import CreatureAction
from ..sheet import spend
from ..sheet.item_uses import spend_item
from .attack_action import record_attack_action
from .belongings import use_up_carried
from ..sheet.refusal import Refusal
from . import costs as C
from . import item_weapons as IW
from . import numbers as N
from .fight import Fight
from .plan_reading import block_actions
from .plans import Plan
from .recharge import spend_recharge
from .spellcasting import spend_uses
from .state import Combatant


def spend_budget(fight: Fight, actor: Combatant, budget: str | None) -> None:
    if budget is None:
        return
    actor.budgets[budget] = max(0, actor.budgets.get(budget, 0) - 1)
    for pair in _exclusive_pairs(fight, actor):
        if budget in pair:
            for other in pair:
                if other != budget:
                    actor.budgets[other] = 0


def _exclusive_pairs(fight: Fight, actor: Combatant) -> list[list[str]]:
    pairs: list[list[str]] = []
    for _name, rule, _held in N.rules_in_force(fight, actor):
        value = getattr(rule, "exclusive", None)
        if value:
            pairs.append(list(value))
    return pairs


def _pay_costs(fight: Fight, actor: Combatant, costs: list[tuple[str, int]], what: str) -> None:
    for pool, amount in costs:
        if actor.sheet is None:
            continue
        label = N.pool_label(fight, actor, pool)
        error = fight.write(actor, spend(fight.ruleset, actor.sheet, pool, amount))
        if error:
            fight.emit("note", f"{actor.name} could not pay {N.counted(amount, label)} for {what}: {error}",
                       actor=actor.id)
            continue
        for per in ("turn", "round"):
            actor.spent[f"{per}:{pool}"] = actor.spent.get(f"{per}:{pool}", 0) + amount
        view = fight.view(actor)
        row = view.pool(pool) if view is not None and ":" in pool else None
        if row is not None and row[0].list_id is not None:
            # A list row's pool counts uses (5e's Class resources): say what is left of it.
            fight.emit("spend", f"{actor.name} spends {amount} use{'s' if amount != 1 else ''} of {label} on {what}: "
                       f"{row[1]} of {row[0].max} left.", actor=actor.id, pool=pool, amount=amount)
            continue
        fight.emit("spend", f"{actor.name} spends {N.counted(amount, label)} on {what}.", actor=actor.id, pool=pool,
                   amount=amount)


def spend_strike(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """A strike held from an earlier attack is used first; otherwise the budget pays and
    the action puts its other strikes in hand."""
    if plan.uses_strike and actor.strikes > 0:
        actor.strikes -= 1
    else:
        spend_budget(fight, actor, plan.budget)
        if plan.uses_strike:
            actor.strikes = plan.strikes - 1


def _pay_entry(fight: Fight, actor: Combatant, plan: Plan) -> None:
    spend_budget(fight, actor, plan.budget)
    _pay_costs(fight, actor, plan.costs, plan.name)
    C.note_steps(fight, actor, plan)
    spend_uses(fight, actor, plan)
    if plan.item is not None:
        _spend_item(fight, actor, plan)
    for altered in plan.metamagic.altered if plan.metamagic is not None else ():
        # Metamagic (mechanics-2 1.253) is paid with its own uses, then said in the log.
        _pay_costs(fight, actor, list(altered.costs), altered.name)
        fight.emit("altered", f"{actor.name}'s {altered.name} alters {plan.name}"
                   + (f": {altered.what}." if altered.what else "."), actor=actor.id, alters=altered.id)


def _spend_item(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """An item's use takes its charges or the item itself from the stack, written back to
    the owner's `live.items` in the same step (shared/sheet/item_uses.py)."""
    item = getattr(plan.entry, "item", None)
    if item is None or plan.item is None or plan.mechanics is None:
        return
    if actor.sheet is None:
        use_up_carried(fight, actor, plan.item, plan.name)
        return
    # The menu offered the use only while the stack could pay for it.
    _spend_stack(fight, actor, plan, item, plan.mechanics, extra=plan.charge_steps)


def _spend_stack(fight: Fight, actor: Combatant, plan: Plan, item: Any, use: Any, extra: int = 0) -> bool:
    """Takes what `use` costs from the stack `plan.item` names (its `charges` and `extra`
    more, or one of the stack), written back to the sheet and logged; False when the stack
    cannot pay."""
    if actor.sheet is None or plan.item is None:
        return False
    spent = spend_item(fight.ruleset, actor.sheet, plan.item, item, use, shown=plan.name, extra=extra)
    if isinstance(spent, Refusal):
        return False
    actor.sheet = spent.sheet
    fight.emit("item-spent", f"{actor.name} spends {spent.words}.", actor=actor.id, item=plan.item)
    return True


def pay_item_charges(fight: Fight, actor: Combatant, plan: Plan, part: Any) -> bool:
    """A held weapon's part that spends the item's own `charges` (a slaying blow, 1.187):
    taken from the stack the plan's item names; False when too few are left."""
    item = IW.item_entry(fight, plan.item)
    return item is not None and _spend_stack(fight, actor, plan, item.item, part)


def _pay_weapon(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """A strike; an attack mode of a held weapon also spends its `charges` from the stack
    (1.190: the menu offered it only while they remained)."""
    spend_strike(fight, actor, plan)
    record_attack_action(fight, actor, plan)
    mode = IW.attack_mode(fight, plan.item, plan.item_use) if plan.item is not None else None
    if mode is not None and mode.charges:
        pay_item_charges(fight, actor, plan, mode)


def _pay_action(fight: Fight, actor: Combatant, plan: Plan) -> None:
    spend_budget(fight, actor, plan.budget)
    pairing = plan.pairing
    if pairing is None or not (pairing.free and plan.action.teleport is not None):
        # A teleport following its strike made first was paid with that strike (1.280).
        use_action(fight, actor, plan.action)
    if pairing is not None and pairing.first_of is not None:
        # A strike made first spends the teleport's uses and recharge along with its own.
        paired = next((a for a in block_actions(actor) if a.id == pairing.first_of), None)
        if paired is not None:
            use_action(fight, actor, paired)
    if plan.rolls_to_hit:
        # A creature written in numbers has no attack list: its stat-block attack is its
        # Attack action (attack_action.py), unless a grant paid for it.
        record_attack_action(fight, actor, plan)


def _pay_budget(fight: Fight, actor: Combatant, plan: Plan) -> None:
    spend_budget(fight, actor, plan.budget)


#: What paying for each kind of plan spends (`Plan.kind`). Standard actions, contests and
#: shaking off are not here: they pay as they resolve (they open no window).
PAYS: dict[str, Callable[[Fight, Combatant, Plan], None]] = {
    "weapon": _pay_weapon,
    "entry": _pay_entry,
    "action": _pay_action,
    "sequence": _pay_budget,
    # A summon's strike spends only its own budget (mechanics-1 1.122).
    "summon": _pay_budget,
}


def pay(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """What the option costs, paid before anyone is asked about it and never refunded."""
    paying = PAYS.get(plan.kind)
    if paying is not None:
        paying(fight, actor, plan)


def use_action(fight: Fight, actor: Combatant, action: CreatureAction) -> None:
    if action.uses is not None:
        actor.uses[action.id] = actor.uses.get(action.id, action.uses.count) - 1
    if action.recharge is not None:
        spend_recharge(actor, action.id, action.recharge.group)
