"""The menu's last pass: what conditions take off it, add to it, and change in its
forecasts. `refine(fight, actor, items)` runs on the menu `build_menu` drew.

Owns:
- target rules (targeting.py): each option's targets lose whoever `cannot-target-source`
  (`-side`), `targetTypes` or a needed sense rules out; an option left with nobody to aim
  at goes;
- `attacksPerTurn` (1.76) on every option that rolls to hit (weapons, entries with
  `attackRoll`, stat-block attacks, sequences with an attack step) and `attack_step_allowed`,
  which stops a sequence's attack steps once the holder has made that many;
- `grants` (1.76): once the budget an option normally spends has run out, a budget a
  condition fills can pay for the standard actions it names (`standard:<name>@<budget>`;
  never the first budget, which already has every standard action), for one weapon attack
  of a single strike (`attack:<list>:<row>@<budget>`; for a creature, a single-target
  stat-block attack, `action:<id>@<budget>`, never a sequence), narrowed by `melee` and
  `names`; `afterAttack` needs the Attack action taken this turn (with those attacks, or
  a held weapon of those tags: attack_action.py). An entry's `grantsStrike` (1.242) buys
  one strike the same way. A strike a grant pays for is never the Attack action. Using items is offered
  by the items part of combat; a grant never pays for a reaction;
- `shakeOff` options (condition_ends.py), offered only to a combatant who can act;
- forecasts (blows.py): the holder's own damage additions and multipliers and the `plus`
  clauses that reach each target, so the menu promises what the blow would deal.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from fractions import Fraction
from typing import Any, Callable

from . import blows as B
from . import item_weapons as IW
from . import numbers as N
from .condition_ends import shake_off_items
from .source_saves import action_save_items
from .aura_avert import avert_items
from .fight import Fight
from .plans import Forecast, MenuItem, Option, Plan
from .plan_reading import action_plans, attack_limit, weapon_plans, budget_left, targets_for
from .options import plan_forecasts, hit_forecast
from .state import Combatant
from .targeting import filter_targets, restricts
from .wards import any_wards, unwarded
from .attack_action import attack_action_taken, strike_grants

from .costs import amount_expr
from .plan_reading import action_damage
from ..dice import mean_damage

# ---------------------------------------------------------------------------
# attacks per turn
# ---------------------------------------------------------------------------


def attack_step_allowed(fight: Fight, actor: Combatant, step: Any) -> bool:
    """Whether one step of a sequence may still roll to hit this turn."""
    if step.toHit is None or step.autoHit or fight.state.current() is not actor:
        return True
    cap = attack_limit(fight, actor)
    if cap is None or actor.attacks_made < cap:
        return True
    fight.emit("note", f"{actor.name} has made {actor.attacks_made} attack{'s' if actor.attacks_made != 1 else ''} "
               f"this turn, all their conditions allow, so {step.name} does not happen.", actor=actor.id)
    return False


# ---------------------------------------------------------------------------
# targets and forecasts
# ---------------------------------------------------------------------------


def _retarget(fight: Fight, actor: Combatant, item: MenuItem) -> MenuItem | None:
    option = item.option
    # A ward (1.179) reads the plan's payment, so it is asked apart from `restricts`.
    warded = bool(option.targets) and bool(fight.state.zones) and any_wards(fight)
    if not option.targets or not (warded or restricts(fight, actor, item.plan.source)):
        return item
    allowed = [t.id for t in filter_targets(fight, actor, (fight.get(t) for t in option.targets), item.plan.source)]
    if warded:
        allowed = [t.id for t in unwarded(fight, actor, item.plan, (fight.get(t) for t in allowed))]
    if allowed == option.targets:
        return item
    if option.count and not allowed:
        return None
    kept = set(allowed)
    option = option.model_copy(update={
        "targets": allowed,
        "count": min(option.count, len(allowed)),
        "forecasts": [f for f in option.forecasts if f.target in kept],
    })
    return MenuItem(option, item.plan)


class _Blows(ABC):
    """How one kind of own attack or ability's blow is read for forecasting. `step` is one
    step of a sequence (None for the plan itself). Each kind in BLOWS implements all four."""

    #: Whether it can carry `plus` clauses (a weapon row has none).
    has_clauses = True

    @abstractmethod
    def hit(self, fight: Fight, actor: Combatant, plan: Plan) -> B.Hit | None:
        """The plan's hit (None: a save or an automatic hit)."""

    @abstractmethod
    def hit_and_clauses(self, fight: Fight, actor: Combatant, plan: Plan,
                        step: Any) -> tuple[B.Hit | None, list[Any], int | None]:
        """The hit, its `plus` clauses, and the to-hit bonus its attack roll adds (None: no
        roll)."""

    @abstractmethod
    def blow_type(self, plan: Plan, step: Any) -> str | None:
        """The blow's own damage type, which a clause without one takes."""

    @abstractmethod
    def strike_dice(self, fight: Fight, actor: Combatant, plan: Plan, step: Any) -> Any:
        """The strike's own damage dice."""


class _WeaponBlows(_Blows):
    has_clauses = False

    def hit(self, fight: Fight, actor: Combatant, plan: Plan) -> B.Hit | None:
        return B.hit_of_weapon(fight, actor, plan)

    def hit_and_clauses(self, fight: Fight, actor: Combatant, plan: Plan,
                        step: Any) -> tuple[B.Hit | None, list[Any], int | None]:
        # A held weapon's own `plus` parts and its mode's (item_weapons.py); a row has none.
        clauses = IW.blow_parts(fight, plan.item, plan.item_use)
        return B.hit_of_weapon(fight, actor, plan), clauses, plan.to_hit

    def blow_type(self, plan: Plan, step: Any) -> str | None:
        return plan.damage_type

    def strike_dice(self, fight: Fight, actor: Combatant, plan: Plan, step: Any) -> Any:
        return plan.damage


class _EntryBlows(_Blows):
    def hit(self, fight: Fight, actor: Combatant, plan: Plan) -> B.Hit | None:
        return B.hit_of_entry(plan.mechanics)

    def hit_and_clauses(self, fight: Fight, actor: Combatant, plan: Plan,
                        step: Any) -> tuple[B.Hit | None, list[Any], int | None]:
        m = plan.mechanics
        # Only an attack entry's amount is a blow (a heal's is not).
        if m.kind != "attack" or m.amount is None:
            return None, [], None
        return B.hit_of_entry(m), list(m.plus or []), plan.to_hit if m.attackRoll else None

    def blow_type(self, plan: Plan, step: Any) -> str | None:
        return plan.mechanics.damageType  # type: ignore[no-any-return]

    def strike_dice(self, fight: Fight, actor: Combatant, plan: Plan, step: Any) -> Any:
        return amount_expr(fight, actor, plan.mechanics, plan.cost_steps)


class _ActionBlows(_Blows):
    """A creature action, or one step of a sequence."""

    def hit(self, fight: Fight, actor: Combatant, plan: Plan) -> B.Hit | None:
        return B.hit_of_action(plan.action)

    def hit_and_clauses(self, fight: Fight, actor: Combatant, plan: Plan,
                        step: Any) -> tuple[B.Hit | None, list[Any], int | None]:
        action = step if step is not None else plan.action
        if action is None or action.damage is None or action.heal is not None:
            return None, [], None
        hit = B.hit_of_action(action)
        return hit, list(action.damage.plus or []), action.toHit if hit is not None else None

    def blow_type(self, plan: Plan, step: Any) -> str | None:
        action = step if step is not None else plan.action
        return action.damage.type if action is not None and action.damage is not None else None

    def strike_dice(self, fight: Fight, actor: Combatant, plan: Plan, step: Any) -> Any:
        return action_damage(step if step is not None else plan.action, fight, actor)


#: How each kind of own attack or ability's blow is read (`Plan.kind`).
BLOWS: dict[str, _Blows] = {"weapon": _WeaponBlows(), "entry": _EntryBlows(), "action": _ActionBlows(),
                            "sequence": _ActionBlows(), "summon": _EntryBlows()}


def _blow(fight: Fight, actor: Combatant, plan: Plan, own: list[tuple[str, Any, Any]],
          step: Any = None) -> tuple[Any, ...] | None:
    """`hit_and_clauses` of a plan (or one step of a sequence), the strike's own dice
    (`_strike_dice`) and the blow's own damage type, or None when nothing can
    change its forecast: no `plus` clauses, and no hit or none of the holder's own damage
    modifiers. The same for every target, so it is asked once an option."""
    blows = BLOWS[plan.kind]
    if not (blows.has_clauses or plan.item is not None) and not own:
        return None
    hit, clauses, to_hit = blows.hit_and_clauses(fight, actor, plan, step)
    if not clauses and (hit is None or not own):
        return None
    strike = _strike_dice(fight, actor, plan, own, step) if hit is not None else None
    return hit, clauses, to_hit, strike, blows.blow_type(plan, step)


def _strike_dice(fight: Fight, actor: Combatant, plan: Plan, own: list[tuple[str, Any, Any]],
                 step: Any) -> Any:
    """The strike's own damage dice, read only for a holder with `diceTimes` or
    `criticalDice` (what they multiply or add to)."""

    if not any(mod.diceTimes or mod.criticalDice for _n, mod, _h in own):
        return None
    return BLOWS[plan.kind].strike_dice(fight, actor, plan, step)



def _extra(fight: Fight, actor: Combatant, target: Combatant, own: list[tuple[str, Any, Any]],
           blow: tuple[Any, ...]) -> tuple[Fraction, Fraction] | None:
    hit, clauses, to_hit, strike, dtype = blow

    def chances() -> tuple[Fraction, Fraction]:
        if to_hit is None:
            return Fraction(1), Fraction(0)
        return hit_forecast(fight, actor, target, to_hit, hit)

    return B.forecast_extra(fight, actor, target, hit, clauses, own, chances, strike, dtype)


#: A forecast's damage against one target after the holder's own additions and the blow's
#: clauses, with whether anything changed it; None leaves the forecast as it is.
Reforecast = Callable[[Forecast, Combatant], tuple[float, bool] | None]


def _one_blow(fight: Fight, actor: Combatant, plan: Plan, own: list[tuple[str, Any, Any]]) -> Reforecast | None:
    """A weapon, an entry or a creature action: one blow."""
    only = _blow(fight, actor, plan, own)
    if only is None:
        return None

    def damage(fc: Forecast, target: Combatant) -> tuple[float, bool] | None:
        found = _extra(fight, actor, target, own, only)
        if found is None:
            return None
        extra, times = found
        dealt = (Fraction(fc.damage or 0).limit_denominator(1000) + extra) * times
        return round(float(max(dealt, Fraction(0))), 3), True

    return damage


def _step_blows(fight: Fight, actor: Combatant, plan: Plan, own: list[tuple[str, Any, Any]]) -> Reforecast | None:
    """A sequence: each step is its own blow, its clauses and the holder's additions added
    step by step (multipliers change that step's share)."""
    steps = [(step, blow) for step in plan.steps if (blow := _blow(fight, actor, plan, own, step)) is not None]
    if not steps:
        return None

    def damage(fc: Forecast, target: Combatant) -> tuple[float, bool] | None:
        total = Fraction(fc.damage or 0).limit_denominator(1000)
        changed = False
        for step, blow in steps:
            found = _extra(fight, actor, target, own, blow)
            if found is not None:
                extra, times = found
                total += extra * times + (times - 1) * _step_mean(fight, actor, target, step)
                changed = True
        return round(float(max(total, Fraction(0))), 3), changed

    return damage


#: How each kind of own attack or ability's forecasts are redone (`Plan.kind`).
REFORECASTS: dict[str, Callable[[Fight, Combatant, Plan, list[tuple[str, Any, Any]]], Reforecast | None]] = {
    "weapon": _one_blow, "entry": _one_blow, "action": _one_blow, "sequence": _step_blows, "summon": _one_blow,
}


def _reforecast(fight: Fight, actor: Combatant, item: MenuItem, own: list[tuple[str, Any, Any]]) -> MenuItem:
    plan = item.plan
    if not plan.own:
        return item
    fight.resolving.aiming = plan
    if all(fc.damage is None for fc in item.option.forecasts):
        return item
    damage_of = REFORECASTS[plan.kind](fight, actor, plan, own)
    if damage_of is None:
        return item
    changed = False
    forecasts = []
    for fc in item.option.forecasts:
        target = fight.state.combatant(fc.target)
        found = damage_of(fc, target) if fc.damage is not None and target is not None else None
        if found is None:
            forecasts.append(fc)
            continue
        damage, changing = found
        forecasts.append(fc.model_copy(update={"damage": damage}))
        changed = changed or changing
    if not changed:
        return item
    return MenuItem(item.option.model_copy(update={"forecasts": forecasts}), plan)


def _step_mean(fight: Fight, actor: Combatant, target: Combatant, step: Any) -> Fraction:
    expr = action_damage(step, fight, actor)
    if expr is None:
        return Fraction(0)
    rule = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    if step.toHit is None or step.autoHit:
        return mean_damage(expr)
    hit, crit = hit_forecast(fight, actor, target, step.toHit, B.hit_of_action(step))
    return (hit - crit) * mean_damage(expr) + crit * mean_damage(expr, rule)


# ---------------------------------------------------------------------------
# budgets and grants
# ---------------------------------------------------------------------------


def announce_budgets(fight: Fight, c: Combatant) -> None:
    """One sentence per condition that changed a per-turn budget as the turn began."""
    per_turn = {b.id for b in fight.combat.economy.budgets if b.per == "turn"}
    for name, rule, _held in N.rules_in_force(fight, c):
        for change in getattr(rule, "budgets", None) or []:
            if change.budget not in per_turn:
                continue
            label = N.label(fight.ruleset, "budget", change.budget)
            if change.flat > 0:
                text = f"{name} gives {c.name} {change.flat} more {label} this turn"
            else:
                text = f"{name} takes {-change.flat} {label} from {c.name} this turn"
            fight.emit("budget", f"{text} ({c.budgets.get(change.budget, 0)} in all).", actor=c.id,
                       budget=change.budget, change=change.flat)



def _grants(fight: Fight, actor: Combatant) -> list[tuple[str, Any]]:
    """(where from, grant) for each condition's `grants` and each entry's `grantsStrike`
    (attack_action.py) whose budget is left."""
    out = []
    for name, rule, _held in N.rules_in_force(fight, actor):
        grants = getattr(rule, "grants", None)
        if grants is not None and actor.budgets.get(grants.budget, 0) > 0:
            out.append((name, grants))
    if actor.sheet is not None:
        out += strike_grants(fight, actor, fight.view(actor))
    return out


def _strike_allowed(fight: Fight, actor: Combatant, grants: Any, plan: Plan) -> bool:
    if grants.names and plan.name.lower() not in {n.lower() for n in grants.names}:
        return False
    if grants.melee:
        hit = BLOWS[plan.kind].hit(fight, actor, plan)
        if hit is None or hit.blow != "melee":
            return False
    if grants.afterAttack is not None and not attack_action_taken(fight, actor, grants.afterAttack):
        return False
    return True


def _grant_items(fight: Fight, actor: Combatant, taken: set[str], cap: int | None) -> list[MenuItem]:
    items: list[MenuItem] = []
    main = fight.combat.economy.budgets[0].id
    for cond_name, grants in _grants(fight, actor):
        g = grants.budget
        g_label = N.label(fight.ruleset, "budget", g)
        if getattr(grants, "standard", None) and g != main and not budget_left(actor, main):
            for name in grants.standard:
                if name not in (fight.combat.standard or []):
                    continue
                oid = f"standard:{name}@{g}"
                if oid in taken:
                    continue
                targets: list[str] = []
                count = 0
                if name == "help":
                    allies = filter_targets(fight, actor, [c for c in fight.standing(actor.side) if c.id != actor.id])
                    if not allies:
                        continue
                    targets, count = [c.id for c in allies], 1
                taken.add(oid)
                items.append(MenuItem(
                    Option(id=oid, label=f"{name.capitalize()} ({g_label})", group="standard", budget=g,
                           targets=targets, count=count, text=f"{g_label} from {cond_name}"),
                    Plan(kind="standard", name=name, budget=g, standard=name, option_id=oid),
                ))
        # An entry's `grantsStrike` is one strike, as a condition's `grants.attacks` is.
        if not getattr(grants, "attacks", True) or (cap is not None and actor.attacks_made >= cap):
            continue
        plans: list[Plan] = []
        view = fight.view(actor)
        if view is not None:
            plans += [p for p in weapon_plans(fight, actor, view)
                      if not (p.uses_strike and actor.strikes > 0) and not budget_left(actor, p.budget)]
        plans += [p for p in action_plans(fight, actor)
                  if p.kind == "action" and p.rolls_to_hit and p.action.heal is None and not p.action.self_
                  and not budget_left(actor, p.budget)]
        for plan in plans:
            if not _strike_allowed(fight, actor, grants, plan):
                continue
            oid = f"{plan.menu_id}@{g}"
            if oid in taken:
                continue
            foes = filter_targets(fight, actor, targets_for(fight, actor, "enemy"), plan.source)
            if not foes:
                continue
            taken.add(oid)
            granted = dataclasses.replace(plan, budget=g, uses_strike=False, strikes=1, option_id=oid, granted=True)
            items.append(MenuItem(
                Option(id=oid, label=f"{plan.name} ({g_label})", group=plan.of_kind.group,
                       budget=g, targets=[t.id for t in foes], count=1,
                       forecasts=plan_forecasts(fight, actor, granted, foes),
                       text=f"{g_label} from {cond_name}; one strike"),
                granted,
            ))
    return items


# ---------------------------------------------------------------------------
# the pass
# ---------------------------------------------------------------------------


def refine(fight: Fight, actor: Combatant, items: list[MenuItem]) -> list[MenuItem]:
    cap = attack_limit(fight, actor)
    own = B.holder_mods(fight, actor, "damage")
    body = [i for i in items if not i.plan.ends_turn]
    ends = [i for i in items if i.plan.ends_turn]
    out: list[MenuItem] = []
    for item in body:
        if cap is not None and actor.attacks_made >= cap and item.plan.rolls_to_hit:

            continue
        kept = _retarget(fight, actor, item)
        if kept is not None:
            out.append(_reforecast(fight, actor, kept, own))
    if not actor.out and not actor.down and "cannot-act" not in N.effects(fight, actor):
        taken = {i.option.id for i in out}
        out += [_reforecast(fight, actor, i, own) for i in _grant_items(fight, actor, taken, cap)]
        out += [i for i in shake_off_items(fight, actor) if i.option.id not in taken]
        if actor.conditions:
            out += action_save_items(fight, actor)
        # Averting the eyes from a gaze, or looking again (1.268): free, on one's own turn.
        out += avert_items(fight, actor)
    return out + ends
