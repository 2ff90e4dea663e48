"""What an entry costs, the bigger ways of paying for it, and what paying buys.

Owns:
- payment levels: a `cost` item whose pool belongs to a pool `group` (5e's `slots_1` ..
  `slots_9`) may be paid from any pool of that group at or above the named one. Each
  level the combatant can afford now is its own menu option: the entry as written keeps
  `ability:<list>:<row>`, and each bigger payment is `ability:<list>:<row>@<pool>`.
  Steps above the base are counted by `battle.slots` levels when both pools declare one,
  otherwise by the pools' order in the group as the sheet lists them;
- `perCostStep` (more amount per step, at most `perCostStepsMax` steps) and
  `targetsPerCostStep` (more targets per step), `scales` (extra dice of the amount's own
  die by the row of the table the sheet's value reaches), `amountAdd`;
- `spendLimits`: the maxima are read once when the fight starts; a cost above what is left
  of a limit is not payable however much is in the pool. Creatures written in numbers pay
  nothing from a sheet, so no limit binds them;
- `gives` (a budget added at once, capped at the turn's normal holding plus the gift) and
  `standard` grants (`standard:<action>@<budget>` options).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from ..dice import DiceExpr, parse_dice
from ..sheet import item_uses as IU
from ..sheet.paying import add_dice, counted_steps, per_step, scaled
from . import numbers as N
from .fight import Fight
from .plans import MenuItem, Option, Plan
from .plan_reading import budget_left, standard_targets
from .sheet_holds import held_amount
from .state import Combatant
from .cures import cures
from .creature_types import type_label
from .cure_choice import cure_label, cure_plans
from .kind_choice import MODE as KIND_MODE, kind_plans
from .plan_reading import catalog_entry, row_allowed
from .plan_reading import STANDARD_TEXT


@dataclass(frozen=True)
class Payment:
    """One way of paying: the cost items, the steps above the base, and the group pool
    paid instead of the base one (None when paying as written)."""

    costs: tuple[tuple[str, int], ...]
    steps: int
    pool: str | None = None


# ---------------------------------------------------------------------------
# pool groups
# ---------------------------------------------------------------------------


def group_of(fight: Fight, pool: str) -> tuple[str | None, list[str]]:
    live = fight.ruleset.sheet.live
    pools = list(live.pools or []) if live else []
    group = next((p.group for p in pools if p.id == pool), None)
    if group is None:
        return None, [pool]
    return group, [p.id for p in pools if p.group == group]


def _slot_levels(fight: Fight) -> dict[str, int]:
    battle = getattr(fight.ruleset, "battle", None)
    return {s.pool: s.level for s in (getattr(battle, "slots", None) or [])}


def pool_level(fight: Fight, pool: str) -> int:
    """A group pool's level: its `battle.slots` level, else its place in the group from 1."""
    levels = _slot_levels(fight)
    if pool in levels:
        return levels[pool]
    _group, ladder = group_of(fight, pool)
    return ladder.index(pool) + 1 if pool in ladder else 1


def steps_between(fight: Fight, base: str, paid: str) -> int:
    levels = _slot_levels(fight)
    if base in levels and paid in levels:
        return max(0, levels[paid] - levels[base])
    _group, ladder = group_of(fight, base)
    if base in ladder and paid in ladder:
        return max(0, ladder.index(paid) - ladder.index(base))
    return 0


def grouped_cost(fight: Fight, costs: list[tuple[str, int]]) -> int | None:
    """Index of the first cost item whose pool is in a group (the one paying more varies)."""
    for i, (pool, _amount) in enumerate(costs):
        if group_of(fight, pool)[0] is not None:
            return i
    return None


def level_paid(fight: Fight, costs: list[tuple[str, int]]) -> int:
    """The level of what was paid: the level of the grouped pool it came from; 0 when it
    cost nothing or came from a pool in no group (a cancel's `upTo: "paid"`, a zone's
    `wards`, 1.181)."""
    i = grouped_cost(fight, costs)
    if i is None:
        return 0
    return pool_level(fight, costs[i][0])


def base_level(fight: Fight, mech: Any) -> int | None:
    """The level an entry is paid at as written (its grouped cost pool's level)."""
    costs = [(c.pool, c.amount) for c in mech.cost or []]
    i = grouped_cost(fight, costs)
    return None if i is None else pool_level(fight, costs[i][0])


# ---------------------------------------------------------------------------
# paying
# ---------------------------------------------------------------------------


def record_spend_limits(fight: Fight, c: Combatant) -> None:
    """`spendLimits` maxima, read once when the fight starts (sheets only)."""
    view = fight.view(c)
    if view is None:
        return
    for limit in fight.combat.spendLimits or []:
        c.spend_limits[f"{limit.per}:{limit.pool}"] = math.floor(view.value(limit.max))


def _limit(fight: Fight, actor: Combatant, per: str, pool: str, ref: Any) -> int:
    key = f"{per}:{pool}"
    if key not in actor.spend_limits:
        view = fight.view(actor)
        actor.spend_limits[key] = math.floor(view.value(ref)) if view is not None else 0
    return actor.spend_limits[key]


def can_pay(fight: Fight, actor: Combatant, costs: list[tuple[str, int]] | tuple[tuple[str, int], ...]) -> bool:
    """The pools hold enough, and no spend limit is passed. A creature written in numbers
    pays from no sheet, so it can always pay."""
    view = fight.view(actor)
    if view is None:
        return True
    for pool, amount in costs:
        found = view.pool(pool)
        if found is None or found[1] < amount:
            return False
        for limit in fight.combat.spendLimits or []:
            if limit.pool != pool:
                continue
            if actor.spent.get(f"{limit.per}:{pool}", 0) + amount > _limit(fight, actor, limit.per, pool, limit.max):
                return False
    return True


def payments(fight: Fight, actor: Combatant, costs: list[tuple[str, int]]) -> list[Payment]:
    """Every way `actor` can pay `costs` now, cheapest first."""
    i = grouped_cost(fight, costs)
    if i is None:
        return [Payment(tuple(costs), 0)] if can_pay(fight, actor, costs) else []
    base, amount = costs[i]
    _group, ladder = group_of(fight, base)
    out: list[Payment] = []
    for pool in ladder[ladder.index(base):]:
        paid = list(costs)
        paid[i] = (pool, amount)
        if can_pay(fight, actor, paid):
            out.append(Payment(tuple(paid), steps_between(fight, base, pool), None if pool == base else pool))
    return out


def expand_payments(fight: Fight, actor: Combatant, plans: list[Plan]) -> list[Plan]:
    """One plan per affordable payment level of every catalog entry; entries nobody can pay
    for now are left off."""
    out: list[Plan] = []
    for plan in plans:
        # Only an entry has costs: weapons and creature actions spend budgets and uses.
        if not plan.costs:
            out += _with_cures(fight, [plan, *_charge_step_plans(fight, actor, plan)])
            continue
        base_id = plan.menu_id
        for pay in payments(fight, actor, plan.costs):
            if pay.pool is None:
                base = plan.revised(costs=list(pay.costs), option_id=base_id, cost_steps=plan.cost_steps)
                out += _with_cures(fight, [base, *_charge_step_plans(fight, actor, base)])
            else:
                out += _with_cures(fight, [plan.revised(costs=list(pay.costs), option_id=f"{base_id}@{pay.pool}",
                                                   cost_steps=plan.cost_steps + pay.steps)])
    return out


def _with_cures(fight: Fight, plans: list[Plan]) -> list[Plan]:
    """Each plan, followed by its cures offered as modes where it cures one of several
    things (1.204, cure_choice.py); a use naming a kind, as its kinds (1.270, kind_choice.py)."""
    naming, curing = fight.ruleset.sets_key("kindChoice"), fight.ruleset.sets_key("cureOneOf")
    if not naming and not curing:  # no entry of the package chooses a kind or a cure
        return plans
    out: list[Plan] = []
    for plan in plans:
        out += kind_plans(fight, plan) if naming else [plan]
        if curing:
            out += cure_plans(fight, plan)
    return out


def _charge_step_plans(fight: Fight, actor: Combatant, plan: Plan) -> list[Plan]:
    """An item use's `chargeStep` (1.269): one plan for each number of extra charges the
    stack can spend now, each a raised-cost step, offered as `<option>@charges:<n>`."""
    if plan.item is None or getattr(plan.mechanics, "chargeStep", None) is None or actor.sheet is None:
        return []
    item = getattr(plan.entry, "item", None)
    base_id = plan.option_id or plan.menu_id
    return [plan.revised(option_id=f"{base_id}@charges:{n}", cost_steps=plan.cost_steps + n, charge_steps=n)
            for n in IU.charge_steps(fight.ruleset, actor.sheet, plan.item, item, plan.mechanics)]


def payment_label(fight: Fight, plan: Plan) -> str:
    """The option's label: the entry's name, and the pool (or the item's extra charges)
    when paying more than written, the cure a mode of a `cureOneOf` entry carries out, and
    the kind a `kindChoice` use names."""
    said: list[str] = []
    option_id = (plan.option_id or "").split("@cure:", 1)[0].split(f"@{KIND_MODE}", 1)[0]
    if plan.charge_steps:
        said.append(f"{plan.charge_steps} more charge{'s' if plan.charge_steps != 1 else ''}")
    elif "@" in option_id:
        said.append(N.label(fight.ruleset, "pool", option_id.rsplit("@", 1)[1]))
    if plan.cure:
        said.append(cure_label(fight, plan.mechanics))
    # The kind a use names (1.270): "Antipathy/Sympathy: Fiend".
    name = f"{plan.name}: {type_label(fight, plan.named_kind)}" if plan.named_kind else plan.name
    return f"{name} ({', '.join(said)})" if said else name


# ---------------------------------------------------------------------------
# what paying buys
# ---------------------------------------------------------------------------


def amount_expr(fight: Fight, actor: Combatant, mech: Any, steps: int = 0) -> DiceExpr | None:
    """The entry's amount as `actor` uses it: dice and flat, `amountAdd`, `scales`, and
    `perCostStep` once for each step paid above the base."""
    if mech.amount is None:
        return None
    held = held_amount(fight, actor, mech) if actor.held is not None else None
    expr = parse_dice((held.dice if held is not None else None) or mech.amount.dice or "0")
    extra = held.flat if held is not None else mech.amount.flat or 0
    if held is not None:
        steps = min(steps, held.steps)
    view = fight.view(actor)
    if mech.amountAdd is not None and view is not None:
        extra += math.floor(view.value(mech.amountAdd))
    expr = scaled(view, mech.scales, expr)
    counted = counted_steps(mech, steps)
    per = per_step(mech)[0]
    if counted > 0 and per is not None:
        if per.dice:
            expr = add_dice(expr, parse_dice(per.dice).times_dice(counted))
        extra += (per.flat or 0) * counted
    return expr.with_modifier(extra)


def target_count(mech: Any, steps: int = 0) -> int:
    """How many targets an entry reaches: `targetCount`, and `targetsPerCostStep` more for
    each step paid above the base. A `utility` entry that only changes the turn (`free`,
    `gives`) is aimed at nobody; one that leaves a lasting zone is aimed where its area
    falls."""
    if mech.kind == "utility" and mech.amount is None and not mech.applies and not cures(mech) and mech.zone is None:
        return 0
    count = mech.targetCount or 1
    per = per_step(mech)[1]
    if per:
        count += counted_steps(mech, steps) * per
    return count


def normal_holding(fight: Fight, actor: Combatant, budget_id: str) -> int:
    """What a budget holds at the start of a turn (with the changes conditions make)."""
    for budget in fight.combat.economy.budgets:
        if budget.id != budget_id:
            continue
        count = budget.count if budget.count is not None else 1
        if budget.per == "turn":
            for _name, rule, _held in N.rules_in_force(fight, actor):
                for change in getattr(rule, "budgets", None) or []:
                    if change.budget == budget_id:
                        count += change.flat
        return max(0, count)
    return 0


def give_budgets(fight: Fight, actor: Combatant, gifts: Any, what: str) -> None:
    """`gives`: added the moment the entry is used, then capped at the turn's normal
    holding plus the gift, so nothing is saved up for a later turn."""
    for gift in gifts or []:
        cap = normal_holding(fight, actor, gift.budget) + gift.count
        before = actor.budgets.get(gift.budget, 0)
        after = min(before + gift.count, cap)
        actor.budgets[gift.budget] = after
        label = N.label(fight.ruleset, "budget", gift.budget)
        capped = f" (held to {cap})" if before + gift.count > cap else ""
        fight.emit("budget", f"{what} gives {actor.name} {gift.count} {label}: {after} left this turn{capped}.",
                   actor=actor.id, budget=gift.budget, count=after)


def note_steps(fight: Fight, actor: Combatant, plan: Plan) -> None:
    if plan.cost_steps <= 0:
        return
    fight.emit("payment", f"{actor.name} pays {plan.cost_steps} step{'s' if plan.cost_steps != 1 else ''} "
               f"above the base for {plan.name}.", actor=actor.id, steps=plan.cost_steps)


# ---------------------------------------------------------------------------
# standard actions an entry lets another budget buy
# ---------------------------------------------------------------------------


def _granting_entries(fight: Fight, view: Any) -> list[Any]:
    """Catalog entries with a `standard` grant on the holder's ability lists (rows that
    pass the list's `onlyWhen`/`alwaysWhen`), in list and row order, each once."""

    out: list[Any] = []
    seen: set[str] = set()
    for lst in fight.combat.abilities or []:
        for row in view.rows(lst.list):
            ref = row.get("_catalog")
            if not isinstance(ref, str) or ref in seen or not row_allowed(view, lst, row):
                continue
            entry = catalog_entry(fight, ref)
            if entry is not None and getattr(entry.mechanics, "standard", None) is not None:
                seen.add(ref)
                out.append(entry)
    return out


def granted_standard_items(fight: Fight, actor: Combatant, view: Any) -> list[MenuItem]:
    """`standard:<action>@<budget>` for every `standard` grant on the holder's lists, while
    that budget is left. A grant of the main budget adds nothing: the main budget already
    buys every standard action."""

    entries = _granting_entries(fight, view)
    allowed = list(fight.combat.standard or [])
    main = fight.combat.economy.budgets[0].id
    seen: set[str] = set()
    out: list[MenuItem] = []
    for entry in entries:
        grant = getattr(entry.mechanics, "standard", None)
        if grant is None or grant.budget == main or not budget_left(actor, grant.budget):
            continue
        for name in grant.actions:
            oid = f"standard:{name}@{grant.budget}"
            if name not in allowed or oid in seen:
                continue
            aimed = standard_targets(fight, actor, name)
            if aimed is None:
                continue
            targets, count = aimed
            seen.add(oid)
            label = N.label(fight.ruleset, "budget", grant.budget)
            out.append(MenuItem(
                Option(id=oid, label=f"{name.capitalize()} ({label})", group="standard", budget=grant.budget,
                       targets=targets, count=count, text=f"{label}; {STANDARD_TEXT[name]} ({entry.label})"),
                Plan(kind="standard", name=name, budget=grant.budget, standard=name),
            ))
    return out
