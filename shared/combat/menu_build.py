"""The menu: every option a combatant may choose now, with stable ids, what each spends,
whom it may be aimed at, and the forecast for each target. The menu alone decides what is
legal: a choice is resolved only by finding it here.

Owns: `build_menu` (weapons, abilities, creature actions, standard actions, contests, spells
and granted actions, refined by `menu_rules`, then the board's and the combat kind's own
changes) and `has_choice`. It sits above every module that offers options.
"""

from __future__ import annotations

from typing import Any, Callable

from . import contests, menu_rules, spellcasting, surprise
from . import costs as C
from . import numbers as N
from .attack_action import entry_waits
from .chosen_uses import uses_offer
from . import metamagic as MM
from .refills import lacks_own_pool
from .board.menu import board_items
from .board.teleport import teleport_of
from . import teleport_strike as TS
from .zones import zone_items
from .summons import summon_items
from .belongings import pick_up_items
from .behavior import compel, compelling
from .turn_table import as_rolled
from .fight import Fight
from .kinds import kind_of
from .options import plan_forecasts, plan_target_count
from .components import blocked
from .cures import the_dead
from .plan_reading import (
    carried_use_plans,
    HIDING_TEXT,
    STANDARD_TEXT,
    action_plans,
    attack_limit,
    budget_left,
    entry_plans,
    standard_targets,
    targets_for,
    weapon_plans,
)
from .plans import MenuItem, Option, Plan
from .state import Combatant


def build_menu(fight: Fight, actor: Combatant, *, forecasts: bool = True, blanks: bool = True,
               compelled: bool = True) -> list[MenuItem]:
    """Everything `actor` may choose now; `forecasts=False` when only legality matters
    (`blanks=False`: not even a blank forecast for each target, for the resolver's own
    checks). `compelled=False`: what it could choose but for its compelled behaviour (1.264),
    so a refusal says `compelled` only of what a behaviour took off."""
    before, memo, blank = fight.drawing.forecasting, fight.memo.menu, fight.drawing.blanks
    fight.drawing.forecasting, fight.drawing.blanks = forecasts, blanks
    # Drawing a menu changes nothing, so what it reads may be kept until it is drawn.
    fight.memo.menu = {} if memo is None else memo
    try:
        return _build_menu(fight, actor, compelled)
    finally:
        fight.drawing.forecasting, fight.memo.menu, fight.drawing.blanks = before, memo, blank


def _build_menu(fight: Fight, actor: Combatant, compelled: bool) -> list[MenuItem]:
    """Everything `actor` may choose now, in a stable order."""
    items: list[MenuItem] = []
    if actor.out or actor.down:
        return items
    free: set[str] | None = None
    if actor.surprised:
        # Surprised (1.237): neither moving nor acting, save the uses an entry on the sheet
        # names with `ignoresSurpriseWith`; without one, ending the turn is the whole menu.
        free = surprise.free_uses(fight, actor)
        if not free:
            return [MenuItem(Option(id="end-turn", label="End turn", group="end"), Plan(kind="end"))]
    effects = N.effects(fight, actor)
    can_act = "cannot-act" not in effects
    view = fight.view(actor)
    plans: list[Plan] = []
    if can_act:
        if view is not None:
            plans += weapon_plans(fight, actor, view)
            plans += entry_plans(fight, actor, view)
        elif actor.carrying:
            plans += carried_use_plans(fight, actor)
        plans += action_plans(fight, actor)
        if actor.follows is not None or (actor.block and fight.state.board is not None
                                         and fight.ruleset.sets_key("strike")):
            # A teleport with a strike (1.280): what follows free, and the strike made first.
            plans += TS.paired_plans(fight, actor, plans)
        plans = C.expand_payments(fight, actor, plans + spellcasting.spell_plans(fight, actor)
                                  + spellcasting.granted_plans(fight, actor))
    attack_cap = attack_limit(fight, actor)
    seen: set[str] = set()
    # Metamagic (1.253) is looked for only in a package that has some.
    altering = fight.ruleset.sets_key("alters")
    for plan in plans:
        # A use needing a component the user may not supply now (gagged: verbal) is not
        # offered (1.179).
        alters, needed = None, None
        if blocked(fight, actor, plan):
            # Unless a `drops` change frees it (Subtle under Silence): offered with `alterNeeded`.
            freed = MM.unblocked(fight, actor, plan) if altering and plan.kind == "entry" else None
            if freed is None:
                continue
            plan, alters, needed = freed
        drawn = DRAWS[plan.kind](fight, actor, plan, attack_cap)
        if drawn is None and altering and plan.kind == "entry":
            # Its budget is spent, but a `budget` change pays it from another (Quickened):
            # offered with `alterNeeded`.
            moved = MM.needed(fight, actor, plan)
            if moved is not None:
                plan, alters, needed = moved
                drawn = DRAWS[plan.kind](fight, actor, plan, attack_cap)
        elif drawn is not None and altering and plan.kind == "entry" and needed is None:
            alters = MM.offers(fight, actor, plan)
        if drawn is None:
            continue
        costs, targets, text = drawn
        oid = plan.menu_id
        if oid in seen:
            continue
        seen.add(oid)
        # An option aimed at nobody (a `self` entry or action) counts no targets and
        # forecasts for its user.
        count = plan_target_count(plan)
        if count and not targets:
            continue
        budget_label = N.label(fight.ruleset, "budget", plan.budget) if plan.budget else None
        fight.resolving.aiming = plan
        option = Option(
            id=oid, label=C.payment_label(fight, plan) if plan.pairing is None else TS.label(actor, plan), group=plan.of_kind.group, budget=plan.budget, costs=costs,
            targets=[t.id for t in targets] if count else [], count=min(count, len(targets)) if count else 0,
            forecasts=plan_forecasts(fight, actor, plan, targets if count else [actor]),
            text=(f"{budget_label}; " if budget_label else "") + text,
            amount=uses_offer(fight, actor, plan) if plan.kind == "entry" and plan.mechanics.usesChosen else None,
        )
        if alters is not None:
            # Set only where there is metamagic: an option is made without validating them.
            option.alters, option.alterNeeded = alters, needed
        items.append(MenuItem(option, plan))
    if can_act:
        items += _standard_items(fight, actor)
        items += contests.contest_items(fight, actor, attack_cap)
        if view is not None:
            items += C.granted_standard_items(fight, actor, view)
    items.append(MenuItem(Option(id="end-turn", label="End turn", group="end"), Plan(kind="end")))
    items = menu_rules.refine(fight, actor, items)
    fight.resolving.aiming = None
    if fight.state.board is not None:
        items = board_items(fight, actor, items)
        if can_act:
            # "Move <zone>" (zones.py), before the turn's end.
            items[-1:-1] = zone_items(fight, actor)
            # "Pick up <item>" (belongings.py): free, so even with no budget left.
            items[-1:-1] = pick_up_items(fight, actor)
    elif (fight.ruleset.combat is not None and fight.ruleset.combat.distance is not None
          and fight.ruleset.sets_key("teleport")):
        # Off the board a teleport leads nowhere (mechanics-3 1.276): its option is not offered.
        # Leaving the fight (1.279) is the one place it leads off the board.
        items = [i for i in items if (jump := teleport_of(i.plan)) is None or jump.leaves]
    if can_act and fight.state.summons:
        # "Strike with <summon>" (summons.py), on or off the board, before the turn's end.
        items[-1:-1] = summon_items(fight, actor)
    items = kind_of(fight).styled(fight, actor, items)
    if free is not None:
        items = [item for item in items if item.plan.ends_turn or item.plan.entry_ref in free]
    if not compelled:
        return items
    # Compelled behaviour (1.264) leaves only what the holder's conditions allow, and what
    # a table rolled at the turn's start.
    return as_rolled(fight, actor, compel(fight, actor, items))


#: What an own option spends, whom it may be aimed at and its text; None when it is not
#: offered now.
Drawn = tuple[list[dict[str, Any]], list[Combatant], str]


def _weapon_option(fight: Fight, actor: Combatant, plan: Plan, attack_cap: int | None) -> Drawn | None:
    free_strike = plan.uses_strike and actor.strikes > 0
    if not free_strike and not budget_left(actor, plan.budget):
        return None
    if attack_cap is not None and actor.attacks_made >= attack_cap:
        return None
    targets = targets_for(fight, actor, "enemy")
    text = f"to hit {plan.to_hit:+d}, {plan.damage}" + (f" {plan.damage_type}" if plan.damage_type else "")
    own_text = kind_of(fight).weapon_text(fight, actor, plan)
    return [], targets, text if own_text is None else own_text


def _entry_option(fight: Fight, actor: Combatant, plan: Plan, attack_cap: int | None) -> Drawn | None:
    if not budget_left(actor, plan.budget) or not C.can_pay(fight, actor, plan.costs):
        return None
    mech = plan.mechanics
    # `afterAttack` / `beforeAttack` (1.242, 1.247): read only on the entries that have them.
    if (mech.afterAttack is not None or mech.beforeAttack) and entry_waits(fight, actor, mech):
        return None
    if mech.restore is not None and lacks_own_pool(fight, actor, plan):
        return None
    costs = [{"pool": p, "amount": a, "label": N.pool_label(fight, actor, p)} for p, a in plan.costs]
    # Whom a `revives` entry brings back are out of the fight, beyond every other option.
    dead = the_dead(fight.state.combatants, actor, plan.mechanics, fight.state.round)
    aimed = targets_for(fight, actor, plan.targets_side)
    if mech.notSelf:
        # Never aimed at its own user (1.256: Bardic Inspiration).
        aimed = [t for t in aimed if t is not actor]
    return costs, aimed + dead, getattr(plan.entry, "summary", None) or ""


def _action_option(fight: Fight, actor: Combatant, plan: Plan, attack_cap: int | None) -> Drawn | None:
    """A creature action or sequence (a sequence is aimed at the other side)."""
    if not budget_left(actor, plan.budget):
        return None
    return [], targets_for(fight, actor, plan.targets_side), TS.FREE_TEXT if plan.pairing is not None and plan.pairing.free else ""


#: How each kind of own attack or ability is drawn on the menu (`Plan.kind`).
DRAWS: dict[str, Callable[[Fight, Combatant, Plan, int | None], Drawn | None]] = {
    "weapon": _weapon_option, "entry": _entry_option, "action": _action_option, "sequence": _action_option,
}


def _standard_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """`standard:<name>` for each of `combat.standard`, while the first budget lasts."""
    items: list[MenuItem] = []
    main_budget = fight.combat.economy.budgets[0].id
    if not budget_left(actor, main_budget):
        return items
    for name in fight.combat.standard or []:
        aimed = standard_targets(fight, actor, name)
        if aimed is None:
            continue
        targets, count = aimed
        items.append(MenuItem(
            Option(id=f"standard:{name}", label=name.capitalize(), group="standard", budget=main_budget,
                   targets=targets, count=count,
                   text=HIDING_TEXT[name] if fight.combat.hiding is not None and name in HIDING_TEXT else STANDARD_TEXT[name]),
            Plan(kind="standard", name=name, budget=main_budget, standard=name),
        ))
    return items


def has_choice(fight: Fight, actor: Combatant) -> bool:
    """Whether `actor`'s menu holds anything besides ending the turn: what the resolver
    asks before handing a turn to a player or the GM. In an attack-vs-defense or
    symbol-pool fight without a board, a standard action aimed at nobody (dodge, dash, ...)
    is never taken off by `menu_rules.refine`, so while one is offered the whole menu need
    not be drawn; otherwise it is, without forecasts (a board and a dice pool's styles
    change the menu after `refine`)."""
    if fight.state.board is None and not kind_of(fight).menu_changes_after_refine \
            and not actor.out and not actor.down and not actor.surprised and "cannot-act" not in N.effects(fight, actor) \
            and not compelling(fight, actor) \
            and any(name != "help" for name in fight.combat.standard or []) \
            and budget_left(actor, fight.combat.economy.budgets[0].id):
        return True
    return any(not item.plan.ends_turn for item in build_menu(fight, actor, forecasts=False, blanks=False))
