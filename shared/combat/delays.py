"""A condition's `delays` (1.120): what its holder uses from its `catalogs`, paid for with
its `budget`, may not happen yet.

Owns: `held_back` (called once an entry is paid for: the `chance` die is rolled, and on
`atLeast` or higher the action is kept on the holder as `Combatant.delayed`, its numbers as
the menu read them; window_resume.start_action rolls it as the entry is paid for, before
anyone is asked) and `complete` (at the start of the holder's next turn it happens on the
same budget, spending that turn's budget, and proceeds as it would have, responses
included: an action step with its windows; a holder who cannot act or has none of that
budget left loses it). Either way the cost stays spent.
"""

from __future__ import annotations

from typing import Any

from . import numbers as N
from .fight import Fight
from .plans import Plan
from .state import Combatant, DelayedAction
from . import paying as A
from .plan_reading import catalog_entry


def _delaying(fight: Fight, actor: Combatant, plan: Plan) -> tuple[str, Any] | None:
    catalog = plan.entry_catalog
    if catalog is None or plan.budget is None:
        return None
    for name, rule, _held in N.rules_in_force(fight, actor):
        delays = getattr(rule, "delays", None)
        if delays is not None and delays.budget == plan.budget and catalog in delays.catalogs:
            return name, delays
    return None


def held_back(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> bool:
    """Rolls the chance die for a paid entry; True when the action waits."""
    found = _delaying(fight, actor, plan)
    budget, entry = plan.budget, plan.entry_ref
    if found is None or budget is None or entry is None:
        return False
    name, delays = found
    chance = delays.chance
    face = fight.die(chance.sides)
    if face < chance.atLeast:
        fight.emit("delay", f"{name}: {actor.name} rolls {face} on a d{chance.sides} for {plan.name} "
                   f"({chance.atLeast} or higher holds it back), so it goes ahead.", actor=actor.id, face=face)
        return False
    actor.delayed = DelayedAction(
        list_id=plan.list_def.list if plan.list_def is not None else None, entry=entry, name=plan.name,
        budget=budget, targets=[t.id for t in targets], to_hit=plan.to_hit,
        to_hit_parts=[(str(label), int(value)) for label, value in plan.to_hit_parts], save_dc=plan.save_dc,
        cost_steps=plan.cost_steps, named_kind=plan.named_kind)
    fight.emit("delay", f"{name}: {actor.name} rolls {face} on a d{chance.sides} for {plan.name} "
               f"({chance.atLeast} or higher holds it back), so it waits until the start of {actor.name}'s "
               "next turn; what it cost stays spent.", actor=actor.id, face=face)
    return True


def _lost(fight: Fight, c: Combatant, name: str, why: str) -> None:
    fight.emit("delay", f"{c.name}'s held-back {name} is lost: {why}.", actor=c.id)


def complete(fight: Fight, c: Combatant) -> tuple[Plan, list[Combatant]] | None:
    """At the start of the holder's turn: the held-back action happens, or is lost. When it
    happens, its plan and targets: it "proceeds as it would have, responses included", so the
    turn (turns.py) starts it as an action step of its own (window_resume.py), opening the
    `used`, `aimed`, `hit` and `harmed` windows an action on the turn opens, and the turn's
    start goes on when it is over (the `turn-start` window and what follows; a window it
    opens holds them in its record). None when it is lost."""
    held = c.delayed
    if held is None:
        return None
    c.delayed = None
    name, budget = held.name, held.budget
    if c.out or c.down or "cannot-act" in N.effects(fight, c):
        _lost(fight, c, name, "they cannot act")
        return None
    if c.budgets.get(budget, 0) <= 0:
        _lost(fight, c, name, f"they have no {N.label(fight.ruleset, 'budget', budget)} left")
        return None
    entry = catalog_entry(fight, held.entry) if held.entry is not None else None
    list_def = next((lst for lst in fight.combat.abilities or [] if lst.list == held.list_id), None)
    if entry is None or entry.mechanics is None:
        _lost(fight, c, name, "the entry is gone")
        return None
    targets = [t for t in (fight.state.combatant(cid) for cid in held.targets) if t is not None and not t.out]
    if held.targets and not targets:
        _lost(fight, c, name, "nobody it was aimed at is left")
        return None
    # Paid already, and its budget spent below: the step pays nothing again and rolls no
    # second delay (a plan without a budget is never held back).
    plan = Plan(kind="entry", name=name, budget=None, to_hit=held.to_hit, to_hit_parts=list(held.to_hit_parts),
                entry=entry, entry_ref=held.entry, mechanics=entry.mechanics, list_def=list_def,
                save_dc=held.save_dc, cost_steps=held.cost_steps, named_kind=held.named_kind)
    A.spend_budget(fight, c, budget)
    fight.emit("delay", f"{c.name}'s held-back {name} takes effect, spending this turn's "
               f"{N.label(fight.ruleset, 'budget', budget)}.", actor=c.id)
    return plan, targets
