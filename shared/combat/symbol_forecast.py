"""Exact forecasts of a `symbol-pool` attack for the menu (spec/combat-2: "The menu's
forecast counts every possible outcome of the roll: the chance to hit, and the damage on a
hit with the successes and spends counted and soak taken off. The AI weighs each attack by
this, minus what the opposing side's spends would cost it"). Nothing here throws a die.

Owns: `weapon_text` (the menu's words for a weapon row), `strike` ((hit chance, expected
damage, expected cost of the target's spends) of one attack: every netted outcome of the
throw from `dice.symbol_forecast`, the successes it counts, the damage spends the Engine
would buy with its advantage and triumph, the base damage's exact distribution less the
target's soak, never below 0, through the target's guard against the type; the target's
spends with its threat and despair, weighed at their worth; a save the target makes once
hit, with the boost and setback dice those spends left on it, keeps all or half of each
hit's damage off), `save_chance` (exact, leaning as the save leans) and `forecasts`, which
options.py asks in a symbol-pool fight (through kinds.py).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from ..dice import DiceExpr, sum_distribution, symbol_forecast
from ..dice.forecast import SymbolForecast
from . import blows as B
from . import effects as E
from . import harm_kinds as H
from . import saves_against as SA
from . import symbol_dice as S
from . import symbol_spends as SP
from .board.attacks import parts_reaching
from .board.save_cover import save_cover
from .fight import Fight
from .plans import Forecast
from .plan_reading import action_damage
from .state import Combatant
from .symbol_attack import attack_tags, attack_pool, base_pool, needed
from .symbol_damage import soak
from dataclasses import replace
from ..dice import pick_mode
from . import numbers as N
from .saves import save_votes
from .symbol_saves import save_pool
from .costs import amount_expr
from .pool_actions import blow_tags


def weapon_text(fight: Fight, actor: Combatant, plan: Any) -> str:
    """`3 dice, 1 upgraded to hit, 1d6 blunt`."""
    base = base_pool(fight, actor, plan)
    hit = S.dice_word(base.dice) + (f", {base.upgrades} upgraded" if base.upgrades else "")
    return f"{hit} to hit, {plan.damage}" + (f" {plan.damage_type}" if plan.damage_type else "")


class _Damage:
    """Expected landed damage of one base amount against one target, for any number added
    to it before soak: read once per attack."""

    def __init__(self, fight: Fight, target: Combatant, expr: DiceExpr | None, dtype: str | None,
                 tags: tuple[str, ...], half: bool = False):
        self.fight, self.target, self.dtype = fight, target, dtype
        base = sum_distribution(expr).items() if expr is not None else [(0, Fraction(1))]
        self.base = [(max(0, value) // 2 if half else max(0, value), float(p)) for value, p in base]
        kind, _ordinary = H.kind_for(fight, target, dtype, tags)
        self.soak = soak(fight, target, kind)[0]
        self.memo: dict[int, float] = {}
        self.guarded: dict[int, int] = {}

    def mean(self, added: int) -> float:
        found = self.memo.get(added)
        if found is None:
            found = 0.0
            for amount, p in self.base:
                landed = max(0, amount + added - self.soak)
                guarded = self.guarded.get(landed)
                if guarded is None:
                    guarded = self.guarded[landed] = E.adjust_for_type(self.fight, self.target, landed, self.dtype)[0]
                found += p * guarded
            self.memo[added] = found
        return found


#: (chance, net successes, then the symbols each side may spend: a, t, h, d) of one outcome.
Netted = tuple[float, int, int, int, int, int]

_NETTED: dict[int, tuple[SymbolForecast, tuple[Netted, ...]]] = {}


def _netted(odds: SymbolForecast) -> tuple[Netted, ...]:
    """Every outcome of a throw as `strike` reads it, netted once per forecast: a menu
    forecasts the same few throws dozens of times, and `symbol_forecast` hands back the
    same forecast object for the same dice while it keeps it."""
    found = _NETTED.get(id(odds))
    if found is not None and found[0] is odds:
        return found[1]
    if len(_NETTED) > 1024:
        _NETTED.clear()
    rows: list[Netted] = []
    for outcome, chance in odds.outcomes:
        net = S.Net.of(dict(outcome))
        left = net.spendable()
        rows.append((float(chance), net.successes, left["a"], left["t"], left["h"], left["d"]))
    netted = tuple(rows)
    _NETTED[id(odds)] = (odds, netted)
    return netted


def strike(fight: Fight, actor: Combatant, target: Combatant, plan: Any, expr: DiceExpr | None,
           dtype: str | None, save: Any = None, against: Any = None, cover: Any = None) -> tuple[float, float, float]:
    """(chance to hit, expected damage, expected cost of the target's spends) of one attack.
    `save` is a save the target makes once hit (a creature action's), with the dice both
    sides' spends left on the target, which that save uses up."""
    pool, _words = attack_pool(fight, actor, target, base_pool(fight, actor, plan), B.hit_of(fight, actor, plan))
    need = needed(fight)
    setting = S.symbols_block(fight).damage
    tags = tuple(attack_tags(fight, plan))
    damage = _Damage(fight, target, expr, dtype, tags)
    halved = _Damage(fight, target, expr, dtype, tags, half=True) if save is not None and save.onSuccess == "half" else None
    # The best purchase depends on the two combatants, not on the option, so while a menu
    # is drawn (nothing changes) every option aimed at this target shares what was bought.
    memo = fight.memo.menu
    bought: dict[tuple[Any, ...], tuple[float, list[Any]]] = {}
    if memo is not None:
        bought = memo.setdefault(("symbol-spends", actor.id, target.id), bought)
    saves: dict[tuple[int, int], float] = {}

    def spends(side: str, hit: bool, first: str, n: int, second: str, m: int) -> tuple[float, list[Any]]:
        """What `side` buys with `n` of symbol `first` and `m` of `second` left."""
        key = (side, hit, n, m)
        found = bought.get(key)
        if found is None:
            found = bought[key] = SP.best(fight, actor, target, side, hit, {first: n, second: m})
        return found

    def saved(chosen: list[Any]) -> float:
        boost = sum(s.boost.dice for s in chosen if s.boost is not None and SP.who(fight, actor, target, s.boost.on) is target)
        setback = sum(s.setback.dice for s in chosen
                      if s.setback is not None and SP.who(fight, actor, target, s.setback.on) is target)
        if (boost, setback) not in saves:
            saves[boost, setback] = save_chance(fight, target, save.save, save.difficulty, against, boost, setback,
                                                cover)
        return saves[boost, setback]

    hit_chance = expected = cost = 0.0
    for p, successes, a, t, h, d in _netted(symbol_forecast(pool.symbol_dice(fight.ruleset))):
        hit = successes >= need
        value, theirs = spends("target", hit, "h", h, "d", d)
        cost += p * value
        if not hit:
            continue
        hit_chance += p
        counted = max(0, successes - (need if setting.counts == "beyond" else 0))
        _value, mine = spends("attacker", True, "a", a, "t", t)
        extra = counted * setting.perSuccess + sum(s.damage or 0 for s in mine)
        if save is None or save.onSuccess == "none":
            # A creature action's save with `none` spares only what it applies (1.184).
            expected += p * damage.mean(extra)
            continue
        kept = saved(mine + theirs)
        expected += p * ((1 - kept) * damage.mean(extra) + (kept * halved.mean(extra) if halved is not None else 0.0))
    return hit_chance, expected, cost


def save_chance(fight: Fight, target: Combatant, save: str, difficulty: int, against: Any = None,
                boost: int = 0, setback: int = 0, cover: Any = None) -> float:
    """The exact chance `target` makes `save` (leaning as saves.roll_save leans it, with
    `boost` and `setback` dice more, and the dice `cover` adds); 0 for a save its
    conditions fail without a throw."""


    if N.fails_save(fight, target, save) is not None:
        return 0.0
    pool = save_pool(fight, target, save, difficulty, pick_mode(*save_votes(fight, target, save, against)), against,
                     cover)
    if boost or setback:
        pool = replace(pool, boost=pool.boost + boost, setback=pool.setback + setback)
    need = S.resolution(fight.ruleset).success.needed
    odds = symbol_forecast(pool.symbol_dice(fight.ruleset))
    return float(odds.chance(lambda left: S.Net.of(left).successes >= need))


def _saved(fight: Fight, target: Combatant, save: Any, dc: int, expr: DiceExpr | None, dtype: str | None,
           tags: tuple[str, ...], against: Any = None, cover: Any = None, action: bool = False) -> float:
    """Expected damage of a blow the target saves against: all on a failure, half
    (`onSuccess: half`) or nothing on a success; `cover` helps the save. A creature
    `action`'s save with `none` keeps the damage (1.184)."""
    full = _Damage(fight, target, expr, dtype, tags).mean(0)
    if action and save.onSuccess == "none":
        return full
    saved = save_chance(fight, target, save.save, dc, against, cover=cover)
    half = _Damage(fight, target, expr, dtype, tags, half=True).mean(0) if (save.onSuccess or "none") == "half" else 0
    return (1 - saved) * full + saved * half


def _forecast(target: Combatant, hit: float, damage: float, cost: float = 0.0) -> Forecast:
    return Forecast(target=target.id, hit=round(hit, 4), damage=round(damage, 3),
                    cost=round(cost, 3) if cost else None)


def forecasts(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Forecast] | None:
    """The menu's forecasts of a plan in a symbol-pool fight, or None for a plan no symbol
    die is thrown for (the caller forecasts it as before)."""

    if not targets:
        return []
    forecasting = FORECASTS.get(plan.kind)
    return forecasting(fight, actor, plan, targets) if forecasting is not None else None


def _weapon(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Forecast]:
    return [_forecast(t, *strike(fight, actor, t, plan, plan.damage, plan.damage_type)) for t in targets]


def _entry(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Forecast] | None:
    """An attack entry's amount: rolled to hit, saved against or landing as it is; any
    other entry throws no symbol die."""
    mech = plan.mechanics
    if mech.kind != "attack" or mech.amount is None:
        return None
    expr = amount_expr(fight, actor, mech, plan.cost_steps)
    out: list[Forecast] = []
    for t in targets:
        if mech.attackRoll:
            out.append(_forecast(t, *strike(fight, actor, t, plan, expr, mech.damageType)))
        elif mech.save is not None and not mech.autoHit:
            dc = plan.save_dc if plan.save_dc is not None else 1
            dealt = _saved(fight, t, mech.save, dc, expr, mech.damageType, blow_tags(fight, mech=mech),
                           SA.for_entry(actor.id, plan.entry_ref, plan.entry, mech),
                           save_cover(fight, actor, t, mech.save, mech.area))
            out.append(Forecast(target=t.id, damage=round(dealt, 3)))
        else:
            out.append(_forecast(t, 1.0, _Damage(fight, t, expr, mech.damageType,
                                                 blow_tags(fight, mech=mech)).mean(0)))
    return out


def _steps(fight: Fight, actor: Combatant, targets: list[Combatant], steps: list[Any],
           reaching: Callable[[Combatant], list[Any]]) -> list[Forecast] | None:
    """A creature action's blows (`steps`; those `reaching` each target), or None when none
    deals damage."""
    if not any(s.damage is not None and s.heal is None for s in steps):
        return None
    out: list[Forecast] = []
    for t in targets:
        hit = damage = cost = 0.0
        for step in reaching(t):
            if step.damage is None:
                continue
            expr, dtype = action_damage(step, fight, actor), step.damage.type
            if step.toHit is not None and not step.autoHit:
                h, d, c = strike(fight, actor, t, step, expr, dtype, step.save, SA.for_action(actor.id, step),
                                 save_cover(fight, actor, t, step.save, step.area) if step.save else None)
                hit, damage, cost = max(hit, h), damage + d, cost + c
            elif step.save is not None:
                damage += _saved(fight, t, step.save, step.save.difficulty, expr, dtype, blow_tags(fight, action=step),
                                 SA.for_action(actor.id, step), save_cover(fight, actor, t, step.save, step.area),
                                 action=True)
            else:
                hit = max(hit, 1.0)
                damage += _Damage(fight, t, expr, dtype, blow_tags(fight, action=step)).mean(0)
        out.append(_forecast(t, hit, damage, cost))
    return out


def _action(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Forecast] | None:
    return _steps(fight, actor, targets, [plan.action], lambda t: [plan.action])


def _sequence(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant]) -> list[Forecast] | None:
    """Each target counts the parts of the sequence that reach it."""
    return _steps(fight, actor, targets, plan.steps, lambda t: parts_reaching(fight, actor, t, plan))


#: The symbol-pool forecasts of each kind of own attack or ability (`Plan.kind`); None (a
#: kind not here, or a plan that throws no symbol die) is forecast by the core.
FORECASTS: dict[str, Callable[[Fight, Combatant, Any, list[Combatant]], list[Forecast] | None]] = {
    "weapon": _weapon, "entry": _entry, "action": _action, "sequence": _sequence,
    # A summon's strike is its entry's effect (summons.py).
    "summon": _entry,
}
