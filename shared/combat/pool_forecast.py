"""Exact forecasts of a `dice-pool` attack for the menu (spec/combat-2: "The menu forecasts
a pool exactly: the chance of reaching the successes needed, and what the damage dice are
worth after the first target's soak"). Nothing here throws or consumes a die.

Owns: `damage_mean` (the expected harm of one damage pool against a target: static soak
off the dice, the minimum, binomial damage dice plus automatic successes, rolled soak
thrown against them, then the target's resistance, vulnerability or immunity to the type),
`strike` ((hit chance, expected damage) of one to-hit pool: for every number of successes
the pool forecast gives, the extra dice it earns) and `forecasts`, which options.py asks
in a pool fight.
"""

from __future__ import annotations

from functools import lru_cache
from math import comb
from typing import Any, Callable

from ..dice import pool_forecast
from . import blows as B
from . import effects as E
from . import harm_kinds as H
from . import pool_dice as P
from .board.attacks import parts_reaching
from .board.save_cover import save_cover
from .fight import Fight
from .plans import Forecast
from .plan_reading import action_damage
from .options import attack_votes
from .pool_attack import attack_pool, needed
from .pool_damage import PoolAmount, Soak, minimum, soak
from .state import Combatant
from .pool_saves import save_parts
from .costs import amount_expr
from .pool_actions import blow_tags, weapon_numbers


@lru_cache(maxsize=4096)
def _binomial(n: int, p: float) -> tuple[float, ...]:
    return tuple(comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1))


def _counted(fight: Fight, amount: PoolAmount, held: Soak, floor: int | None) -> tuple[tuple[int, float], ...]:
    """Distribution of what one damage pool counts against a target soaking `held`,
    before resistance, as (count, chance) pairs."""
    rules = P.damage_rules(fight)
    dice = amount.dice
    if held.amount and not held.rolled:
        dice = max(0, dice - held.amount)
    if amount.first and floor is not None:
        dice = max(dice, floor)
    return _counts(rules.sides, rules.target, dice, amount.auto, amount.halved, held.amount if held.rolled else 0)


@lru_cache(maxsize=4096)
def _counts(sides: int, target: int, dice: int, auto: int, halved: bool, rolled_soak: int
            ) -> tuple[tuple[int, float], ...]:
    # A pure function of these numbers, asked for every success count of every option's
    # forecast on every menu: worked out once for each.
    p = (sides - target + 1) / sides
    out: dict[int, float] = {}
    soaked = _binomial(rolled_soak, p) if rolled_soak else (1.0,)
    for k, pk in enumerate(_binomial(dice, p)):
        total = k + auto
        for s, ps in enumerate(soaked):
            left = max(0, total - s) if total > 0 else 0
            if halved:
                left //= 2
            out[left] = out.get(left, 0.0) + pk * ps
    return tuple(out.items())


class _Against:
    """What one target does to the damage pools thrown at it: its soak of the blow's kind,
    the attacker's minimum, and its guard against the type, each read once."""

    def __init__(self, fight: Fight, actor: Combatant, target: Combatant, dtype: str | None, tags: tuple[str, ...],
                 guarded: bool = True):
        self.fight, self.target, self.dtype, self.guarded_by_type = fight, target, dtype, guarded
        kind, _ordinary = H.kind_for(fight, target, dtype, tags)
        self.held = soak(fight, target, kind)
        self.floor = minimum(fight, actor)
        self.guarded: dict[int, int] = {}

    def mean(self, amount: PoolAmount) -> float:
        total = 0.0
        for n, p in _counted(self.fight, amount, self.held, self.floor):
            landed = self.guarded.get(n) if self.guarded_by_type else n
            if landed is None:
                landed = self.guarded[n] = E.adjust_for_type(self.fight, self.target, n, self.dtype)[0]
            total += p * landed
        return total


def damage_mean(fight: Fight, actor: Combatant, target: Combatant, amount: PoolAmount,
                tags: tuple[str, ...] = ()) -> float:
    return _Against(fight, actor, target, amount.type, tags).mean(amount)


def strike(fight: Fight, actor: Combatant, target: Combatant, parts: list[tuple[str, int]], dice: int, auto: int,
           dtype: str | None, tags: tuple[str, ...] = (), guarded: bool = True,
           hit_of: Any = None) -> tuple[float, float]:
    """(chance to hit, expected damage) of one pool attack on `target`; `guarded=False`
    leaves out resistance (what a taking blow takes, initiative_resource.py)."""
    size, _text = attack_pool(fight, actor, parts, hit=hit_of, target=target)
    need, _words = needed(fight, target, actor)
    odds = pool_forecast(size, P.check_rules(fight), P.lean(fight, *attack_votes(fight, actor, target, hit_of)))
    hit = odds.at_least(need)
    damage = 0.0
    against = _Against(fight, actor, target, dtype, tags, guarded)
    for successes in range(need, len(odds.ranks) - 1):
        chance = odds.successes(successes)
        if chance:
            extra = successes - need
            damage += chance * against.mean(PoolAmount(dice + extra, auto, dtype, "", first=True, extra=extra))
    return hit, damage


def save_chance(fight: Fight, target: Combatant, save: str, difficulty: int, cover: Any = None) -> float:
    """The chance `target`'s save pool (with the dice `cover` adds) reaches `difficulty`
    (at least 1) without botching."""

    size, _text = attack_pool(fight, target, save_parts(fight, target, save, cover), "saves", save=save)
    return pool_forecast(size, P.check_rules(fight)).at_least(max(1, difficulty))


def _saved_against(fight: Fight, actor: Combatant, target: Combatant, mech: Any, dc: int, dice: int, auto: int,
                   tags: tuple[str, ...]) -> float:
    """Expected damage of an entry the target saves against: all of it on a failure, half
    (`onSuccess: half`) or nothing on a success."""
    saved = save_chance(fight, target, mech.save.save, dc, save_cover(fight, actor, target, mech.save, mech.area))
    full = damage_mean(fight, actor, target, PoolAmount(dice, auto, mech.damageType, "", first=True), tags)
    half = 0.0
    if (mech.save.onSuccess or "none") == "half":
        half = damage_mean(fight, actor, target, PoolAmount(dice, auto, mech.damageType, "", first=True, halved=True), tags)
    return (1 - saved) * full + saved * half


def _forecast(target: Combatant, hit: float, damage: float) -> Forecast:
    return Forecast(target=target.id, hit=round(hit, 4), damage=round(damage, 3))


def forecasts(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant],
              guarded: bool = True) -> list[Forecast] | None:
    """The menu's forecasts of a pool plan, or None for a plan no pool is thrown for (the
    caller forecasts it as before). `guarded=False`: the attacks' damage past no guard."""

    if not targets:
        return []
    forecasting = FORECASTS.get(plan.kind)
    return forecasting(fight, actor, plan, targets, guarded) if forecasting is not None else None


def _weapon(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], guarded: bool) -> list[Forecast]:
    parts, (dice, auto) = weapon_numbers(fight, actor, plan)
    return [_forecast(t, *strike(fight, actor, t, parts, dice, auto, plan.damage_type,
                                 blow_tags(fight, plan.row) + plan.qualities, guarded, B.hit_of(fight, actor, plan)))
            for t in targets]


def _entry(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], guarded: bool) -> list[Forecast] | None:
    """An entry's amount thrown as a pool: rolled to hit, or an attack's saved against or
    landing as it is; any other entry throws nothing."""
    mech = plan.mechanics
    if mech.amount is None or not (mech.attackRoll or mech.kind == "attack"):
        return None
    dice, auto = P.count(amount_expr(fight, actor, mech, plan.cost_steps))
    tags = blow_tags(fight, mech=mech)
    if mech.attackRoll:
        return [_forecast(t, *strike(fight, actor, t, plan.to_hit_parts or [("", plan.to_hit)], dice, auto,
                                     mech.damageType, tags, guarded, B.hit_of_entry(mech)))
                for t in targets]
    if mech.save is not None and not mech.autoHit:
        dc = plan.save_dc if plan.save_dc is not None else 1
        return [Forecast(target=t.id, damage=round(_saved_against(fight, actor, t, mech, dc, dice, auto, tags), 3))
                for t in targets]
    amount = PoolAmount(dice, auto, mech.damageType, "", first=True)
    return [_forecast(t, 1.0, damage_mean(fight, actor, t, amount, tags)) for t in targets]


def _steps(fight: Fight, actor: Combatant, targets: list[Combatant], guarded: bool, steps: list[Any],
           reaching: Callable[[Combatant], list[Any]]) -> list[Forecast] | None:
    """A creature action's attacks (`steps`; those `reaching` each target), or None when
    none rolls to hit for damage."""
    if not any(s.toHit is not None and not s.autoHit and s.damage is not None for s in steps):
        return None
    out: list[Forecast] = []
    for t in targets:
        hit = damage = 0.0
        for step in reaching(t):
            if step.toHit is None or step.autoHit or step.damage is None:
                continue
            dice, auto = P.count(action_damage(step, fight, actor))
            h, d = strike(fight, actor, t, [("", step.toHit)], dice, auto, step.damage.type,
                          blow_tags(fight, action=step), guarded, B.hit_of_action(step))
            hit, damage = max(hit, h), damage + d
        out.append(_forecast(t, hit, damage))
    return out


def _action(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], guarded: bool) -> list[Forecast] | None:
    return _steps(fight, actor, targets, guarded, [plan.action], lambda t: [plan.action])


def _sequence(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant],
              guarded: bool) -> list[Forecast] | None:
    """Each target counts the parts of the sequence that reach it."""
    return _steps(fight, actor, targets, guarded, plan.steps, lambda t: parts_reaching(fight, actor, t, plan))


#: The pool forecasts of each kind of own attack or ability (`Plan.kind`); None (a kind not
#: here, or a plan that throws no pool) is forecast by the core.
FORECASTS: dict[str, Callable[[Fight, Combatant, Any, list[Combatant], bool], list[Forecast] | None]] = {
    "weapon": _weapon, "entry": _entry, "action": _action, "sequence": _sequence,
    # A summon's strike is its entry's effect (summons.py).
    "summon": _entry,
}
