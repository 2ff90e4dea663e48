"""Damage thrown as a pool, target by target (spec/combat-2 "Combat rolled as a pool",
"Minimum damage dice", and the harm-track parts of spec/sheet.md).

Owns: `PoolAmount` (one damage pool of a blow before it is thrown: dice of the ruleset's
own die, automatic successes, its damage type, whether it is the hit's first pool), `soak`
(what a target takes off, per kind of harm: a creature's own numbers, else the `pool.soak`
value references read on the target), `minimum` (`combat.damage.minimum` read on the
attacker), `throw_for` and `deliver`.

For each target a pool is thrown as follows: static soak (`"roll": false`) comes off the
dice before they are thrown, never touching automatic successes; the first pool is then
raised to the minimum; the dice are thrown against the damage target and the automatic
successes added; rolled soak (`"roll": true`) is thrown by the target and each success
takes one off (nothing is thrown against a pool that counted nothing). Resistance,
vulnerability and immunity then read the attack's own damage type (effects.py), and the
kind of harm (harm_kinds.py, with the target's `remap`) sets both the soak and the mark.
A track marked `per-blow` fills one box per blow, with the worst kind that landed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..ruleset.combat_pool import InitiativeStyle
from . import condition_ends as CE
from . import daze as D
from . import effects as E
from . import harm_kinds as H
from . import item_hits as IH
from . import numbers as N
from . import pool_dice as P
from .fight import Fight
from .hits import Hit
from .state import Combatant
from . import blows as B
from . import initiative_resource as IR


@dataclass
class PoolAmount:
    """One damage pool of a blow: `dice` thrown (the hit's extra dice included in
    `extra`), `auto` automatic successes."""

    dice: int
    auto: int
    type: str | None
    name: str
    first: bool = False
    extra: int = 0
    #: Halved after it is thrown (a `plus` clause whose own save succeeded with `half`).
    halved: bool = False
    #: Dice a condition's `damage` or `damage-taken` modifier added (or took away), by name.
    added: list[tuple[str, int]] = field(default_factory=list)
    #: A held weapon's own minimum (`attack.damage.minimum`), which replaces the common one
    #: (0 too); None keeps `combat.damage.minimum`.
    minimum: int | None = None
    #: A held weapon's `attack.floor`: what the pool counts at least once soak is taken.
    floor: int | None = None


@dataclass(frozen=True)
class Soak:
    amount: int
    rolled: bool
    label: str


def soak(fight: Fight, target: Combatant, kind: str | None) -> Soak:
    """What `target` takes off a pool of `kind`: `byKind` wins over `all`; a kind named
    by neither is not soaked."""
    block = fight.combat.pool.soak if fight.combat.pool is not None else None
    if block is None:
        return Soak(0, False, "")
    kind_label = N.label(fight.ruleset, "kind", kind) if kind else ""
    own = (target.block or {}).get("soak") if target.sheet is None else None
    if isinstance(own, dict):
        by_kind = own.get("byKind") or {}
        value = by_kind.get(kind) if kind in by_kind else own.get("all")
        return Soak(max(0, int(value or 0)), block.roll, f"{target.name}'s own soak")
    ref = (block.byKind or {}).get(kind) if kind else None
    if ref is None:
        ref = block.all
    if ref is None:
        return Soak(0, block.roll, "")
    amount = max(0, math.floor(H.read_on(fight, target, ref)))
    return Soak(amount, block.roll, N.ref_label(fight.ruleset, ref, kind_label or "soak"))


def minimum(fight: Fight, actor: Combatant) -> int | None:
    """`combat.damage.minimum` read from the attacker's current sheet: whole dice, rounded
    down and held between 0 and `resolution.pool.max`."""
    damage = fight.combat.damage
    if damage is None:
        return None
    return max(0, min(P.most(fight), math.floor(H.read_on(fight, actor, damage.minimum))))


def _dice_words(amount: PoolAmount) -> str:
    """`5 dice (3 + 2 from the hit + 1 (Raging))`: how a pool's dice add up."""
    base = amount.dice - amount.extra - sum(n for _, n in amount.added)
    pieces = [str(base)] if amount.extra or amount.added else []
    if amount.extra:
        pieces.append(f"+ {amount.extra} from the hit")
    for name, n in amount.added:
        pieces.append(f"{'+' if n >= 0 else '-'} {abs(n)} ({name})")
    return P.dice_word(amount.dice) + (f" ({' '.join(pieces)})" if pieces else "")


def throw_for(fight: Fight, actor: Combatant, target: Combatant, amount: PoolAmount, kind: str | None,
              floor: int | None) -> tuple[int, str]:
    """(successes the pool counts for `target`, how the log shows them)."""
    rules = P.damage_rules(fight)
    held = soak(fight, target, kind)
    dice = amount.dice
    words = _dice_words(amount)
    if held.amount and not held.rolled:
        dice = max(0, dice - held.amount)
        words += f", {held.amount} soaked by {held.label} = {dice}"
    if amount.first and floor is not None and dice < floor:
        dice = floor
        words += f", raised to the minimum of {floor}"
    elif amount.first and floor is not None:
        words += f" (minimum {floor})"
    roll = P.throw(fight, dice, rules)
    total = roll.successes + amount.auto
    words += f" against {rules.target}: {roll.describe()}" if dice else ""
    if amount.auto:
        words += f", + {amount.auto} automatic = {total}"
    if held.amount and held.rolled and total > 0:
        soaked = P.throw(fight, held.amount, rules)
        took = min(total, soaked.successes)
        total -= took
        words += f", {target.name} soaks {P.dice_word(held.amount)} ({held.label}): {soaked.describe()}, {total} left"
    if amount.floor is not None and total < amount.floor:
        total = amount.floor
        words += f", raised to the weapon's floor of {total}"
    if amount.halved:
        total //= 2
        words += f", halved by the save = {total}"
    return total, words


def with_modifiers(fight: Fight, actor: Combatant, target: Combatant, amounts: list[PoolAmount],
                   hit: Hit | None) -> list[tuple[str, Any]]:
    """The attacker's `damage` and the target's `damage-taken` modifiers that reach an attack
    hit (`hit` None: a save or an automatic hit, which they never reach), their `flat`
    dice added to the pool of their `damageType` (the hit's own by default) or thrown as a
    pool of their own; returns them for their `times`."""

    if hit is None or not amounts:
        return []
    mods = B.damage_mods(fight, actor, target, hit)
    for name, mod in mods:
        if not mod.flat:
            continue
        dtype = mod.damageType or amounts[0].type
        pool = next((a for a in amounts if (a.type or "").lower() == (dtype or "").lower()), None)
        if pool is None:
            amounts.append(PoolAmount(max(0, mod.flat), 0, dtype, name))
            continue
        change = max(-pool.dice, mod.flat)
        pool.dice += change
        pool.added.append((name, change))
    return mods


def _times(fight: Fight, thrown: list[tuple[PoolAmount, str | None, int, str]],
           mods: list[tuple[str, Any]]) -> list[tuple[PoolAmount, str | None, int, str]]:
    """A modifier's `times` changes what the whole blow counted, rounded down once."""

    if not any(mod.times is not None for _name, mod in mods):
        return thrown
    parts = [B.Part(points, amount.type, amount.name) for amount, _kind, points, _words in thrown]
    B.multiply_parts(fight, parts, mods)
    return [(amount, kind, part.amount, words) for (amount, kind, _p, words), part in zip(thrown, parts)]


def _thrown(fight: Fight, actor: Combatant, target: Combatant, amounts: Iterable[PoolAmount], tags: tuple[str, ...],
            floor: int | None) -> list[tuple[PoolAmount, str | None, int, str]]:
    thrown: list[tuple[PoolAmount, str | None, int, str]] = []
    for amount in amounts:
        kind, ordinary = H.kind_for(fight, target, amount.type, tags)
        own = floor if amount.minimum is None else (amount.minimum or None)
        points, words = throw_for(fight, actor, target, amount, kind, own)
        if kind != ordinary:
            words += f"; {_kind(fight, ordinary)} becomes {_kind(fight, kind)} against {target.name}"
        thrown.append((amount, kind, points, words))
    return thrown


def take(fight: Fight, actor: Combatant, target: Combatant, amounts: list[PoolAmount], tags: Iterable[str],
         style: InitiativeStyle, hit: Hit | None = None) -> int:
    """A blow in a style that takes initiative: thrown as usual (extra dice, soak by kind,
    the minimum, automatic successes), and what it counts comes off the target's number
    instead of their health (initiative_resource.take); no guard, no daze."""

    mods = with_modifiers(fight, actor, target, amounts, hit)
    thrown = _times(fight, _thrown(fight, actor, target, amounts, tuple(tags), minimum(fight, actor)), mods)
    counted = sum(points for _a, _k, points, _w in thrown)
    what = " and ".join(f"{amount.name} ({words})" for amount, _k, _p, words in thrown)
    IR.take(fight, actor, target, counted, style, what)
    return counted


def deliver(fight: Fight, actor: Combatant, target: Combatant, amounts: Iterable[PoolAmount],
            tags: Iterable[str] = (), hit: Hit | None = None) -> int:
    """Throws each pool of one blow for `target` and deals what it counts; returns what
    landed in all (and checks whether the hit dazes). `hit` (blows.Hit) lets the damage
    modifiers of an attack hit reach it."""
    amounts = list(amounts)
    tags = tuple(tags)
    over = D.threshold(fight, target)
    mods = with_modifiers(fight, actor, target, amounts, hit)
    thrown = _times(fight, _thrown(fight, actor, target, amounts, tags, minimum(fight, actor)), mods)
    marks = H.blow_marks(fight, target, [(kind, points, amount.type) for amount, kind, points, _ in thrown])
    landed = 0
    # A held weapon's `ignoresResistance` (1.192): the pools of its own type pass resistance.
    own_type = (amounts[0].type or "").lower() if amounts and IH.past_resistance(fight, hit) else None
    CE.open_blow(fight, target)
    try:
        for (amount, kind, points, words), mark in zip(thrown, marks):
            if target.out or fight.state.outcome:
                break
            landed += E.deal_damage(fight, actor, target, points, amount.type, what=f"{amount.name} ({words})",
                                    kind=kind, marks=mark, tags=tags,
                                    past_resistance=own_type is not None and (amount.type or "").lower() == own_type)
    finally:
        CE.close_blow(fight, target)
    D.after_hit(fight, actor, target, landed, over)
    return landed


def _kind(fight: Fight, kind: str | None) -> str:
    return kind or "harm"
