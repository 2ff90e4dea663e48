"""The forecast of each option: hit chance, expected damage, healing and saves for each
target, worked out exactly from the dice (no dice consumed), and the advantage an attack
roll is made with.

Owns: `plan_forecasts` / `forecasts_of` (each option's forecasts, or the combat kind's own),
`hit_forecast`, `attack_mode` and `attack_votes`, `guarded_mean`, `saved_share`,
`plan_target_count`.
"""

from __future__ import annotations

import math
from contextlib import nullcontext
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable

from ..dice import DiceExpr, Mode, attack_forecast, mean_damage, parse_dice, pick_mode
from ..dice.forecast import Critical
from . import blows as B
from . import effects as E
from . import saves as SV
from . import numbers as N
from . import saves_against as SA
from . import item_hits as IH
from .board.save_cover import save_cover
from .fight import Fight
from .seeing import unseen_votes
from .kinds import kind_of
from .state import Combatant
from .board.attacks import votes
from .board.attacks import defense_against
from .board.attacks import aiming_part, part_plan, reaches

from . import costs as C
from .plan_reading import action_damage
from .plans import Forecast, Plan, forecast


def attack_mode(fight: Fight, attacker: Combatant, target: Combatant, hit: Any = None) -> Mode:
    """Advantage and disadvantage on an attack roll, cancelling each other out."""
    roll = fight.combat.attackRoll
    if roll is None or not roll.advantage:
        return "normal"
    return pick_mode(*attack_votes(fight, attacker, target, hit))


def attack_votes(fight: Fight, attacker: Combatant, target: Combatant, hit: Any = None) -> tuple[int, int]:
    """(advantages, disadvantages) an attack roll leans by, before they cancel (a pool
    fight reads the same votes, pool_dice.lean). `hit` is the kind of attack tried
    (blows.Hit), which the holder's narrowed modifiers read."""
    adv = N.effect_count(fight, attacker, "own-attacks-advantage") + N.effect_count(
        fight, target, "attacks-against-advantage"
    )
    dis = N.effect_count(fight, attacker, "own-attacks-disadvantage") + N.effect_count(
        fight, target, "attacks-against-disadvantage"
    )
    a2, d2 = N.mode_votes(fight, attacker, "attacks", hit=hit, target=target)
    a7, d7 = N.attacks_taken_votes(fight, target, attacker)
    adv += a2 + a7
    dis += d2 + d7
    if hit is not None and getattr(hit, "attacks", None) == "weapon" and attacker.sheet is not None:
        # A held weapon's `against` modes, and a sworn enemy's weight on the other weapons.
        a5, d5 = IH.against_votes(fight, attacker, target, hit)
        a6, d6 = IH.others_votes(fight, attacker, hit)
        adv += a5 + a6
        dis += d5 + d6
    if target.dodging:
        dis += 1
    if attacker.helped_by is not None and (attacker.help_against is None or target.id in attacker.help_against):
        adv += 1
    a4, d4 = unseen_votes(fight, attacker, target)
    adv += a4
    dis += d4
    if fight.state.board is not None:
        a3, d3 = votes(fight, attacker, target)
        adv += a3
        dis += d3
    return adv, dis


def _roll_mods(fight: Fight, c: Combatant, to: str, hit: Any = None,
               target: Combatant | None = None) -> tuple[int, DiceExpr | None]:
    """(the flat part, the dice thrown beside the roll) of `c`'s `to` modifiers: a rolled
    modifier is kept as dice, so the forecast counts each of its faces (+1d4 is not +2.5)."""
    flat = 0
    added = DiceExpr()
    bonuses = N.modifiers(fight, c, to, hit=hit, target=target)
    if target is not None and getattr(hit, "item", None) is not None:
        bonuses += IH.against_bonuses(fight, c, target, hit)
    for b in bonuses:
        flat += b.flat
        if b.dice:
            added = added.plus(b.dice, minus=b.minus)
    return flat, added if added.terms or added.modifier else None


def hit_forecast(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int,
                 hit: Any = None) -> tuple[Fraction, Fraction]:
    """(chance to hit, chance of a critical) of an attack roll adding `to_hit`."""
    key = _hit_key(fight, attacker, target, to_hit, hit)
    return _chances(key) if key is not None else (Fraction(0), Fraction(0))


def _hit_key(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int,
             hit: Any = None) -> tuple[Any, ...] | None:
    """Every number an attack roll's odds depend on: dice count and sides, the total added,
    the defense, the roll mode, natural faces and where criticals start. None without an
    attack roll. While a menu is drawn the state stands still, so the parts read from the
    two combatants are kept in the menu's memo for every option aimed the same way."""
    roll = fight.combat.attackRoll
    if roll is None:
        return None
    board = fight.state.board is not None
    # On a board the odds depend on the option aimed (a swing or a shot, cover, the high
    # ground: `fight.resolving.aiming`), so nothing read for one option is kept for the next.
    memo = fight.memo.menu if not board else None
    pair = (attacker.id, target.id, hit)
    parts = memo.get(pair) if memo is not None else None
    if parts is None:
        flat, added = _roll_mods(fight, attacker, "attacks", hit=hit, target=target)
        defense, _parts = defense_against(fight, attacker, target)
        crit_from = None
        naturals = roll.naturals
        if naturals and naturals.max == "critical" and roll.criticalFrom is not None:
            view = fight.view(attacker)
            if view is not None:
                crit_from = math.floor(view.value(roll.criticalFrom))
        parts = (flat, added, defense, attack_mode(fight, attacker, target, hit), crit_from)
        if memo is not None:
            memo[pair] = parts
    flat, added, defense, mode, crit_from = parts
    naturals = roll.naturals
    return (roll.dice.count, roll.dice.sides, to_hit + flat, defense, mode,
            naturals.max if naturals and naturals.max else "none",
            naturals.min if naturals and naturals.min else "none", crit_from, added)


@lru_cache(maxsize=4096)
def _chances(key: tuple[Any, ...]) -> tuple[Fraction, Fraction]:
    count, sides, modifier, defense, mode, nmax, nmin, crit_from, added = key
    dice = DiceExpr.of(count, sides, modifier)
    if not dice.single_die:
        nmax = nmin = "none"
    odds = attack_forecast(dice, defense, mode, naturals_max=nmax, naturals_min=nmin,
                           critical_from=crit_from if nmax == "critical" else None, added=added)
    return odds.hit, odds.critical


#: What a target does to damage of one type (effects.type_guard): (immune, halves, doubles).
Guard = tuple[bool, int, int]


UNGUARDED: Guard = (False, 0, 0)


def guarded_mean(damage: DiceExpr, guard: Guard, critical: Critical = "none", halved: bool = False) -> Fraction:
    """Expected damage of one hit as it lands through the target's guard, total by total
    (immunity, resistance rounded down, vulnerability), after a save's halving."""
    immune, halves, doubles = guard
    if immune:
        return Fraction(0)
    return mean_damage(damage, critical, halved=halved, halves=halves, doubles=doubles)


def saved_share(fight: Fight, target: Combatant, save: Any, dc: int, on_success: str | None, damage: DiceExpr,
                guard: Guard, critical: Critical = "none", against: Any = None, cover: Any = None,
                action: bool = False) -> tuple[Fraction, Fraction]:
    """(the chance the target makes `save`, the expected damage of a blow it saves against):
    all of it on a failure and, on a success, half (`half`), nothing (`negates`, or `none`
    on an entry) or all of it (`none` on a creature `action`: only what it applies is spared,
    1.184)."""
    full = guarded_mean(damage, guard, critical)
    if action and on_success == "none":
        return SV.save_chance(fight, target, save, dc, against, cover), full
    made = SV.save_chance(fight, target, save, dc, against, cover)
    kept = guarded_mean(damage, guard, critical, halved=True) if on_success == "half" else Fraction(0)
    return made, (1 - made) * full + made * kept


@lru_cache(maxsize=4096)
def _blow(key: tuple[Any, ...], damage: DiceExpr, critical: Critical, guard: Guard = UNGUARDED) -> tuple[float, float]:
    """(hit chance, expected damage) as a forecast shows them, for one attack roll."""
    hit, crit = _chances(key)
    dmg = (hit - crit) * guarded_mean(damage, guard) + crit * guarded_mean(damage, guard, critical)
    return round(float(hit), 4), round(float(dmg), 3)


def _blow_forecast(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int, damage: DiceExpr,
                   critical: Critical, hit: Any = None, dtype: str | None = None) -> Forecast:
    key = _hit_key(fight, attacker, target, to_hit, hit)
    if key is None:
        return forecast(target.id, hit=0.0, damage=0.0)
    guard = E.type_guard(fight, target, dtype, IH.blow_tags(fight, hit), IH.past_resistance(fight, hit))
    hit, dmg = _blow(key, damage, critical, guard)
    return forecast(target.id, hit=hit, damage=dmg)


def forecasts_of(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> list[Forecast]:
    """What `plan` by `actor` is expected to do to each of `targets`, as its menu option
    would forecast it, whatever the menu being drawn (the Engine weighing what an answer
    stops, window_answers.py). Consumes no dice."""
    before = fight.drawing.forecasting
    fight.drawing.forecasting = True
    try:
        return plan_forecasts(fight, actor, plan, targets)
    finally:
        fight.drawing.forecasting = before


def plan_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> list[Forecast]:
    if not fight.drawing.forecasting:
        return [forecast(t.id) for t in targets] if fight.drawing.blanks else []
    own = kind_of(fight).forecasts(fight, actor, plan, targets)
    if own is not None:
        return own
    forecasting = FORECASTS.get(plan.kind)
    if forecasting is None:
        return [forecast(t.id) for t in targets]
    critical: Critical = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    # What an option deals or heals does not depend on whom it is aimed at, so it is worked
    # out once for all the targets.
    # The kind of attack matters only to a holder whose attacks modifiers are narrowed by it.
    return forecasting(fight, actor, plan, targets, critical, N.narrows_attacks(fight, actor))


def _weapon_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], critical: Critical,
                      narrowed: bool) -> list[Forecast]:
    if plan.damage is None:
        return [forecast(t.id) for t in targets]
    # A held weapon's hit also names the item, whose `against` and guards the odds read.
    hit = B.hit_of_weapon(fight, actor, plan) if narrowed or plan.item is not None else None
    return [_blow_forecast(fight, actor, t, plan.to_hit, plan.damage, critical, hit, plan.damage_type)
            for t in targets]


def _entry_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], critical: Critical,
                     narrowed: bool) -> list[Forecast]:
    m = plan.mechanics
    forecasting = ENTRY_FORECASTS.get(m.kind)
    expr = C.amount_expr(fight, actor, m, plan.cost_steps) if forecasting is not None else None
    if forecasting is None or expr is None:
        return [forecast(t.id) for t in targets]
    return forecasting(fight, actor, plan, targets, expr, critical, narrowed)


def _heal_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], expr: DiceExpr,
                    critical: Critical, narrowed: bool) -> list[Forecast]:
    amt = round(float(expr.mean), 3)
    return [forecast(t.id, heal=amt) for t in targets]


def _attack_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], expr: DiceExpr,
                      critical: Critical, narrowed: bool) -> list[Forecast]:
    m = plan.mechanics
    if m.attackRoll:
        hit = B.hit_of_entry(m) if narrowed else None
        return [_blow_forecast(fight, actor, t, plan.to_hit, expr, critical, hit, m.damageType)
                for t in targets]
    if m.save is not None and not m.autoHit:
        dc = plan.save_dc if plan.save_dc is not None else 10
        against = SA.for_entry(actor.id, plan.entry_ref, plan.entry, m)
        return [_saved_forecast(t, *saved_share(fight, t, m.save.save, dc, m.save.onSuccess, expr,
                                                E.type_guard(fight, t, m.damageType), against=against,
                                                cover=save_cover(fight, actor, t, m.save, m.area, plan.aim)))
                for t in targets]
    return [forecast(t.id, hit=1.0, damage=_round(guarded_mean(expr, E.type_guard(fight, t, m.damageType))))
            for t in targets]


def _action_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], critical: Critical,
                      narrowed: bool) -> list[Forecast]:
    a = plan.action
    expr = action_damage(a, fight, actor)
    if a.heal is not None:
        amt = round(float(parse_dice(a.heal.dice or "0").mean + (a.heal.flat or 0)), 3)
        return [forecast(t.id, heal=amt) for t in targets]
    if expr is None:
        return [forecast(t.id) for t in targets]
    return [_action_forecast(fight, actor, t, a, expr, critical, plan.aim, narrowed) for t in targets]


def _sequence_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], critical: Critical,
                        narrowed: bool) -> list[Forecast]:
    steps = [(step, action_damage(step, fight, actor)) for step in plan.steps]
    parts_on_board = fight.state.board is not None
    out: list[Forecast] = []
    for t in targets:
        hit_total = 0.0
        dmg_total = 0.0
        for k, (step, expr) in enumerate(steps):
            # On a board only the parts that reach the target count, each aimed with its
            # own reach and range.
            if expr is None or (parts_on_board and not reaches(fight, actor, t, part_plan(fight, plan, k))):
                continue
            with aiming_part(fight, plan, k) if parts_on_board else nullcontext():
                part = _action_forecast(fight, actor, t, step, expr, critical, None, narrowed)
            dmg_total += part.damage or 0.0
            if step.toHit is not None and not step.autoHit:
                hit_total = max(hit_total, part.hit or 0.0)
        out.append(forecast(t.id, hit=round(hit_total, 4), damage=round(dmg_total, 3)))
    return out


#: The forecasts of an entry with an `amount` (as its user rolls it), by its `mechanics.kind`:
#: a heal's amount heals, an attack's is a blow; any other kind's amount forecasts nothing.
ENTRY_FORECASTS: dict[str, Callable[[Fight, Combatant, Plan, list[Combatant], DiceExpr, Critical, bool],
                                    list[Forecast]]] = {
    "heal": _heal_forecasts, "attack": _attack_forecasts,
}


#: The core's forecasts of each kind of own attack or ability (`Plan.kind`), given the
#: combat's critical rule and whether the holder's attack modifiers are narrowed by the kind
#: of attack; every other kind forecasts nothing but its targets.
FORECASTS: dict[str, Callable[[Fight, Combatant, Plan, list[Combatant], Critical, bool], list[Forecast]]] = {
    "weapon": _weapon_forecasts, "entry": _entry_forecasts, "action": _action_forecasts,
    "sequence": _sequence_forecasts,
    # A summon's strike is its entry's effect (summons.py).
    "summon": _entry_forecasts,
}


def _round(value: Fraction) -> float:
    return round(float(value), 3)


def _saved_forecast(target: Combatant, made: Fraction, damage: Fraction) -> Forecast:
    """A blow the target saves against: `save` is the chance it makes the save, `damage`
    what it is expected to take, the save counted."""
    return forecast(target.id, save=round(float(made), 4), damage=_round(damage))


def _action_forecast(fight: Fight, actor: Combatant, target: Combatant, action: Any, expr: DiceExpr,
                     critical: Critical, aim: Any, narrowed: bool) -> Forecast:
    """One creature action (or a sequence's part) at one target: its attack roll, then its
    save (a hit's damage kept in full on a failure and, on a success, as `onSuccess` keeps
    it: 1.184), through the target's guard against its type."""
    guard = E.type_guard(fight, target, action.damage.type if action.damage else None)
    save = action.save
    against = SA.for_action(actor.id, action) if save is not None else None
    cover = save_cover(fight, actor, target, save, action.area, aim) if save is not None else None
    if action.toHit is None or action.autoHit:
        if save is None:
            return forecast(target.id, hit=1.0, damage=_round(guarded_mean(expr, guard)))
        made, dealt = saved_share(fight, target, save.save, save.difficulty, save.onSuccess, expr, guard,
                                  against=against, cover=cover, action=True)
        return _saved_forecast(target, made, dealt)
    hit = B.hit_of_action(action) if narrowed else None
    if save is None:
        return _blow_forecast(fight, actor, target, action.toHit, expr, critical, hit,
                              action.damage.type if action.damage else None)
    chance, crit = hit_forecast(fight, actor, target, action.toHit, hit)
    made, plain = saved_share(fight, target, save.save, save.difficulty, save.onSuccess, expr, guard,
                              against=against, cover=cover, action=True)
    _made, doubled = saved_share(fight, target, save.save, save.difficulty, save.onSuccess, expr, guard, critical,
                                 against=against, cover=cover, action=True)
    return forecast(target.id, hit=round(float(chance), 4), save=round(float(made), 4),
                    damage=_round((chance - crit) * plain + crit * doubled))


def plan_target_count(plan: Plan) -> int:
    """How many targets an option is aimed at (0: none, it acts on its user or on nobody)."""
    if plan.aims_at_self:
        return 0
    counting = TARGET_COUNTS.get(plan.kind)
    return counting(plan) if counting is not None else 0


def _one_target(plan: Plan) -> int:
    return 1


#: How many targets each kind of own attack or ability is aimed at (`Plan.kind`), when not
#: at its user.
TARGET_COUNTS: dict[str, Callable[[Plan], int]] = {
    "weapon": _one_target, "sequence": _one_target,
    "entry": lambda plan: C.target_count(plan.mechanics, plan.cost_steps),
    "action": lambda plan: plan.action.targetCount or 1,
    # A summon strikes one enemy at a time (summons.py).
    "summon": _one_target,
}
