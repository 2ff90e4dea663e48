"""Metamagic (spec/mechanics-2.md 1.253, 1.254 and 1.255's Heightened target): an entry with
`alters` is never on the menu alone; it is offered with every entry of its `catalogs` it has
something to change in, chosen with that entry (the choice's `alters`), and paid with its
own uses (`usesSpent`, or `usesSpentByLevel`: the level the entry is paid at, at least one).

Owns:
- `offers(fight, actor, plan)`: the `AlterOffer`s of an entry plan (None when there are none);
- `needed(fight, actor, plan)`: for an entry whose budget is spent, the plan paid from the
  budget a `budget` change moves it to and the ids of the changes that do (`alterNeeded`);
  `unblocked`, the same for an entry needing a component its user may not supply now,
  castable with a `drops` change (Subtle under Silence);
- `farther(fight, actor, option, plan)`: the plan with the longer range of an offered
  `range` change (Distant) and the ids that give it, for the board's menu to offer the
  targets and aim cells only it reaches (with `alterNeeded`);
- `silent(plan)`: whether a `drops` change was chosen: nobody can answer its casting;
- `extra_targets(option, ids)`: one more target with a chosen `twins` change;
- `with_alters(fight, actor, item, targets, ids, spares, heightens)`: the plan as chosen, or
  the `bad-alter` refusal (an id not offered, two that do not join, a needed change left
  out, a target only a `range` change reaches without it, a `spares` or `heightens`
  naming whom it cannot);
- `spared_save(fight, target, save, why, plan)`: the save a `spares` change wins unrolled.

What each change does is read where it happens: the budget and the targets here, the
payment and the `altered` event in paying.py, the spared and heightened saves and the
rerolled damage dice in entries.py and rolls.py.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from ..sheet.paying import entry_uses
from ..sheet.refusal import Refusal
from . import costs as C
from . import numbers as N
from .board.units import per_cell, say, to_cells
from .components import blocked, required
from .fight import Fight
from .options import plan_target_count
from .plan_reading import budget_left, entry_plans
from .plans import AlterOffer, Altered, MenuItem, Metamagic, Option, Plan
from .state import Combatant


def _alters_pick(mech: Any) -> bool:
    return mech is not None and mech.alters is not None


def _alter_plans(fight: Fight, actor: Combatant) -> list[Plan]:
    """The actor's metamagic entries (read once while a menu is drawn)."""
    view = fight.view(actor)
    if view is None:
        return []
    memo = fight.memo.menu
    key = ("alters", actor.id)
    if memo is not None and key in memo:
        kept: list[Plan] = memo[key]
        return kept
    found = entry_plans(fight, actor, view, pick=_alters_pick)
    if memo is not None:
        memo[key] = found
    return found


def _spares(fight: Fight, actor: Combatant, alters: Any) -> int:
    view = fight.view(actor)
    return max(0, math.floor(view.value(alters.spares))) if view is not None and alters.spares is not None else 0


def _fits(fight: Fight, actor: Combatant, alters: Any, plan: Plan) -> bool:
    """Whether each change of `alters` has something to change in `plan` (1.253): all of
    them must, or the entry is not offered with it."""
    mech = plan.mechanics
    aimed = mech.targets != "self"
    saved = mech.save is not None and not mech.autoHit and aimed
    # Spares only where it may catch the user's side: aimed at allies, or an area on a board.
    if alters.spares is not None and not (saved and _spares(fight, actor, alters) > 0 and (
            plan.targets_side in ("ally", "any") or (mech.area is not None and fight.state.board is not None))):
        return False
    if alters.heightens and not saved:
        return False
    if alters.rerolls is not None:
        expr = C.amount_expr(fight, actor, mech, plan.cost_steps)
        if mech.kind == "heal" or expr is None or not expr.terms:
            return False
    if alters.budget is not None and (plan.budget != alters.budget.from_ or not budget_left(actor, alters.budget.to)):
        return False
    # Subtle: only a use that needs one of the components it drops.
    if alters.drops is not None and not set(required(plan)) & set(alters.drops):
        return False
    if alters.range is not None and not _reaches_farther(fight, mech, alters.range):
        return False
    if alters.twins:
        # One target, not only the user, and nothing more from a higher slot.
        if not aimed or mech.area is not None or plan_target_count(plan) != 1 or \
                mech.perCostStep is not None or mech.targetsPerCostStep is not None:
            return False
    return True


def _reaches_farther(fight: Fight, mech: Any, change: Any) -> bool:
    """Distant (1.253) has something to change only on a board (off it, range limits no
    target) and in a spell with a range: a distance, or touch (0) aimed at someone else
    when the change gives touch a range. Not one limited only by sight (no range) nor one
    whose area starts at its user."""
    if fight.state.board is None or mech.range is None:
        return False
    return mech.range > 0 or (change.touch is not None and mech.targets != "self" and mech.area is None)


def longer(plan: Plan, change: Any) -> Plan:
    """`plan` with the range a `range` change gives it: `times` the range, `touch` for a
    touch spell (1.253)."""
    mech = plan.mechanics
    reach = change.touch if mech.range == 0 else mech.range * change.times
    return dataclasses.replace(plan, mechanics=mech.model_copy(update={"range": reach}))


def farther(fight: Fight, actor: Combatant, option: Option, plan: Plan,
            ids: tuple[str, ...] | None = None) -> tuple[Plan, list[str]] | None:
    """The plan with the longer range of a `range` change offered with `option` (Distant),
    and the ids of those offered (only those in `ids`, the choice's, when given); None when
    none is."""
    if not option.alters:
        return None
    entries = {alter.menu_id: alter for alter in _alter_plans(fight, actor)}
    found = [o.id for o in option.alters if o.id in entries and entries[o.id].mechanics.alters.range is not None
             and (ids is None or o.id in ids)]
    if not found:
        return None
    return longer(plan, entries[found[0]].mechanics.alters.range), found


def _costs(fight: Fight, actor: Combatant, alter: Plan, plan: Plan) -> list[tuple[str, int]]:
    """What the metamagic entry spends on `plan`: its uses, by the level `plan` is paid at
    with `usesSpentByLevel` (never fewer than one)."""
    if not alter.mechanics.usesSpentByLevel:
        return list(alter.costs)
    view = fight.view(actor)
    ref = alter.entry_ref
    uses = entry_uses(view, ref, {"mechanics": alter.mechanics}) if view is not None and ref is not None else []
    pool = uses[0][0] if uses else None
    level = max(1, C.level_paid(fight, plan.costs))
    return [(p, level if p == pool else a) for p, a in alter.costs]


def _offer(fight: Fight, actor: Combatant, alter: Plan, costs: list[tuple[str, int]]) -> AlterOffer:
    alters = alter.mechanics.alters
    return AlterOffer(
        id=alter.menu_id, label=alter.name,
        costs=[{"pool": p, "amount": a, "label": N.pool_label(fight, actor, p)} for p, a in costs],
        joins=True if alters.joins else None,
        spares=_spares(fight, actor, alters) if alters.spares is not None else None,
        heightens=True if alters.heightens else None, twins=True if alters.twins else None,
        budget=alters.budget.to if alters.budget is not None else None)


def _offered(fight: Fight, actor: Combatant, plan: Plan) -> list[tuple[Plan, AlterOffer]]:
    if plan.kind != "entry" or plan.item is not None or plan.mechanics is None:
        return []
    catalog = plan.entry_catalog
    out: list[tuple[Plan, AlterOffer]] = []
    for alter in _alter_plans(fight, actor):
        alters = alter.mechanics.alters
        if catalog not in alters.catalogs or not _fits(fight, actor, alters, plan):
            continue
        costs = _costs(fight, actor, alter, plan)
        if not C.can_pay(fight, actor, plan.costs + costs):
            continue
        out.append((alter, _offer(fight, actor, alter, costs)))
    return out


def offers(fight: Fight, actor: Combatant, plan: Plan) -> list[AlterOffer] | None:
    """The metamagic offered with the entry plan `plan` (None: none)."""
    found = [offer for _alter, offer in _offered(fight, actor, plan)]
    return found or None


def needed(fight: Fight, actor: Combatant, plan: Plan) -> tuple[Plan, list[AlterOffer], list[str]] | None:
    """An entry left off because its budget is spent, castable with a `budget` change
    (Quickened with the action spent): the plan paid from the budget the change moves it to,
    the offers (those that move it, then those that may join them) and the ids of the
    ones that move it (`alterNeeded`), or None."""
    if plan.kind != "entry" or plan.budget is None or budget_left(actor, plan.budget):
        return None
    moving = [offer for _alter, offer in _offered(fight, actor, plan) if offer.budget is not None]
    if not moving:
        return None
    moved = dataclasses.replace(plan, budget=moving[0].budget)
    joining = [offer for _alter, offer in _offered(fight, actor, moved) if offer.joins]
    return moved, moving + joining, [offer.id for offer in moving]


def unblocked(fight: Fight, actor: Combatant, plan: Plan) -> tuple[Plan, list[AlterOffer], list[str]] | None:
    """An entry left off because its user may not supply a component now (Silence, gagged),
    castable with a `drops` change that drops them all (Subtle): the plan, the offers (those that drop them, then those that may join them) and the ids of the ones that
    drop them (`alterNeeded`), or None."""
    if plan.kind != "entry":
        return None
    missing = set(blocked(fight, actor, plan))
    dropping = [(alter, offer) for alter, offer in _offered(fight, actor, plan)
                if missing <= set(alter.mechanics.alters.drops or ())]
    if not dropping:
        return None
    # The plan stays as it is: the choice must take a change that drops them (with_alters).
    joining = [offer for _alter, offer in _offered(fight, actor, plan) if offer.joins]
    return plan, [offer for _alter, offer in dropping] + joining, [offer.id for _alter, offer in dropping]


def extra_targets(option: Option, ids: tuple[str, ...]) -> int:
    """One more target than the option's `count` with a chosen `twins` change (Twinned)."""
    return 1 if any(o.twins and o.id in ids for o in option.alters or []) else 0


#: The changes of `alters` (1.253), in the spec's order.
CHANGES = ("spares", "range", "rerolls", "lasts", "heightens", "budget", "drops", "twins")


def changes_of(alters: Any) -> tuple[str, ...]:
    """The changes an `alters` makes (its keys that are set)."""
    return tuple(key for key in CHANGES if getattr(alters, key) is not None)


def _bad(message: str) -> Refusal:
    return Refusal("bad-alter", message)


def _check_ids(option: Option, ids: tuple[str, ...]) -> list[AlterOffer] | Refusal:
    by_id = {o.id: o for o in option.alters or []}
    if len(set(ids)) != len(ids):
        return _bad("a metamagic id is named twice")
    for oid in ids:
        if oid not in by_id:
            offered = ", ".join(by_id) or "none"
            return _bad(f"{oid!r} is not offered with {option.label} now (offered: {offered})")
    chosen = [by_id[oid] for oid in ids]
    if sum(1 for o in chosen if not o.joins) > 1:
        return _bad(f"only one metamagic is applied to {option.label}, unless it joins another: "
                    f"{', '.join(o.label for o in chosen)}")
    needs = option.alterNeeded
    if needs and not any(o.id in needs for o in chosen):
        return _bad(f"{option.label} can be used now only with {' or '.join(needs)}: the choice's alters must "
                    "include it")
    return chosen


def _spared(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], most: int,
            spares: tuple[str, ...] | None) -> tuple[str, ...] | Refusal:
    """Who a `spares` change spares: the choice's `spares`, checked (1.254), or the first
    of the user's side it catches."""
    if spares is None:
        return tuple(t.id for t in targets if t.side == actor.side)[:most]
    if len(set(spares)) != len(spares):
        return _bad("spares names someone twice")
    if len(spares) > most:
        return _bad(f"{plan.name} spares at most {most}, not {len(spares)}")
    for cid in spares:
        who = fight.state.combatant(cid)
        if who is None or who.side != actor.side:
            return _bad(f"{cid!r} is not on {actor.name}'s side: only the user's side is spared")
    return tuple(spares)


def _heightened(actor: Combatant, plan: Plan, targets: list[Combatant], heightens: str | None) -> str | None | Refusal:
    """Who rolls the first save with disadvantage (1.255): the choice's `heightens`, one of
    those the entry is aimed at and never the user, or the first one caught."""
    caught = [t.id for t in targets if t.id != actor.id]
    if heightens is None:
        return caught[0] if caught else None
    if heightens not in caught:
        return _bad(f"heightens names one of those {plan.name} is aimed at, other than its user: "
                    f"{', '.join(caught) or 'nobody'}, not {heightens!r}")
    return heightens


def _beyond(option: Option, targets: list[Combatant], ids: tuple[str, ...]) -> Refusal | None:
    """A target the option reaches only with a change the choice left out (Distant: the
    board's `targets` carry its `alterNeeded`)."""
    for target in targets:
        needs = [] if option.alterNeeded else option.needed_for([target.id])
        if needs and not set(needs) & set(ids):
            return _bad(f"{target.name} is beyond the range of {option.label}: the choice's alters must include "
                        f"{' or '.join(needs)}")
    return None


def with_alters(fight: Fight, actor: Combatant, item: MenuItem, targets: list[Combatant], ids: tuple[str, ...],
                spares: tuple[str, ...] | None, heightens: str | None) -> Plan | Refusal:
    """The plan with the chosen metamagic (its budget moved, whom it spares and heightens,
    its rerolls, what it spends), or the `bad-alter` refusal."""
    option, plan = item.option, item.plan
    chosen = _check_ids(option, ids)
    if isinstance(chosen, Refusal):
        return chosen
    entries = {alter.menu_id: alter for alter in _alter_plans(fight, actor)}
    picked = [(offer, entries[offer.id].mechanics.alters) for offer in chosen if offer.id in entries]
    if spares is not None and not any(a.spares is not None for _o, a in picked):
        return _bad("spares names whom a change spares, and no change that spares anyone is chosen")
    if heightens is not None and not any(a.heightens for _o, a in picked):
        return _bad("heightens names who rolls with disadvantage, and no change that heightens is chosen")
    beyond = _beyond(option, targets, ids)
    if beyond is not None:
        return beyond
    changed: dict[str, Any] = {}
    kept: dict[str, Any] = {}
    altered: list[Altered] = []
    for offer, alters in picked:
        what = []
        if alters.budget is not None:
            changed["budget"] = alters.budget.to
            what.append(f"paid with a {N.label(fight.ruleset, 'budget', alters.budget.to)}")
        if alters.twins:
            what.append("one more target")
        if alters.range is not None:
            before = plan.mechanics.range
            changed["mechanics"] = longer(plan, alters.range).mechanics
            unit = per_cell(fight, plan.entry_catalog)
            what.append(f"a range of {say(fight, to_cells(changed['mechanics'].range, unit) or 0)} instead of "
                        + (say(fight, to_cells(before, unit) or 0) if before else "touch"))
        if alters.spares is not None:
            spared = _spared(fight, actor, plan, targets, offer.spares or 0, spares)
            if isinstance(spared, Refusal):
                return spared
            kept["spared"] = spared
            names = [fight.get(cid).name for cid in spared]
            what.append(f"sparing {', '.join(names)}" if names else "sparing nobody")
        if alters.heightens:
            who = _heightened(actor, plan, targets, heightens)
            if isinstance(who, Refusal):
                return who
            kept["heightened"] = who
            if who is not None:
                what.append(f"{fight.get(who).name}'s first save with disadvantage")
        if alters.drops is not None:
            dropped = [k for k in required(plan) if k in alters.drops]
            changed["components"] = [k for k in required(plan) if k not in alters.drops]
            words = " or ".join(N.label(fight.ruleset, "component", k).lower() for k in dropped)
            what.append(f"needing no {words} component; nobody can answer its casting")
        if alters.rerolls is not None:
            kept["rerolls"] = kept.get("rerolls", 0) + alters.rerolls
            what.append(f"up to {alters.rerolls} damage dice rolled again")
        costs = tuple((c["pool"], c["amount"]) for c in offer.costs)
        altered.append(Altered(offer.id, entries[offer.id].entry_ref or "", offer.label, costs, "; ".join(what),
                               changes_of(alters)))
    every = [c for a in altered for c in a.costs]
    if not C.can_pay(fight, actor, list(plan.costs) + every):
        return _bad(f"{actor.name} cannot pay for {plan.name} and {', '.join(a.name for a in altered)} together")
    return dataclasses.replace(plan, metamagic=Metamagic(altered=tuple(altered), **kept), **changed)


def silent(plan: Plan) -> bool:
    """Subtle (1.253): with a `drops` change chosen nobody can answer the casting."""
    return plan.metamagic is not None and any("drops" in a.changes for a in plan.metamagic.altered)


def spared_save(fight: Fight, target: Combatant, save: str, why: str, plan: Plan) -> bool:
    """A save a `spares` change wins for `target` without a roll (Careful)."""
    name = N.label(fight.ruleset, "save", save)
    name = name if name.lower().endswith("save") else f"{name} save"
    altered = plan.metamagic.altered if plan.metamagic is not None else ()
    by = next((a.name for a in altered if "spares" in a.changes), plan.name)
    fight.emit("save", f"{target.name} succeeds at the {name} {why} without rolling (spared by {by}).",
               target=target.id, success=True)
    return True


__all__ = ["CHANGES", "changes_of", "extra_targets", "farther", "longer", "needed", "offers", "silent", "spared_save", "unblocked",
           "with_alters"]
