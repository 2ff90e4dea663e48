"""One blow landing: its parts (the amount and every `plus` clause), the damage a condition
changes (1.133), and dealing it part by part.

Owns:
- `hit_of_weapon`, `hit_of_entry` and `hit_of_action` (the `Hit` an attack is, hits.py);
- `clause_part`: one `plus` clause for one target (its `targetIs`, its own save);
- `drain_back`: a draining blow's user regains what it dealt (1.281);
- `deliver`: the holder's `damage` and the target's `damage-taken` modifiers that reach the
  hit (`attacks`: weapon/spell/any, `blow`, `ability`, `fromSource` for a tracked
  condition the attacker applied) are added once per attack hit (a critical rolls their dice
  the ruleset's critical way); an addition takes its own `damageType`, or the hit's type,
  and merges into the part of that type before resistance; `times` changes the whole hit
  after additions, rounding the total down once across all parts. Saves and automatic hits
  (`hit` None) receive nothing. The parts are then dealt one by one (each resisted by its
  own type) inside one blow, so what damage sets off is judged once per hit
  (condition_ends.py);
- `forecast_extra`: what the menu adds to an attack's expected damage: the holder's own
  additions and multipliers (a target's mark is not promised there) and `plus` clauses
  only against the targets they would reach.

Rows of an attack list are weapons, and so are single-target stat-block attack rolls;
catalog entries are spells. Without a board a weapon with reach (or with neither reach nor
range) is swung in hand, and one with range but no reach is ranged.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Callable

from ..dice import DiceExpr, DiceRoll, DiceTerm, mean_damage, parse_dice
from ..dice.forecast import Critical
from ..ruleset.base import key_of
from ..ruleset.combat_attacks import ColumnOrConst
from . import effects as E
from . import saves as SV
from . import harm_kinds as H
from . import numbers as N
from .evasion import evade
from .fight import Fight
from .kinds import kind_of
from .state import Combatant
from .creature_types import describe_test, passes
from . import item_hits as IH
from .hits import Hit as Hit, Part as Part  # named here by the modules that deal blows
from .lowers_also import lower_damage
from .rolls import roll_damage
from . import condition_ends as CE


def _number(value: Any) -> float | None:
    return value if isinstance(value, int | float) and not isinstance(value, bool) else None


def _row_distance(fight: Fight, actor: Combatant, plan: Any, spec: ColumnOrConst | None) -> float | None:
    """A weapon row's reach or range: the list's `const`, else the row's value in `column`
    (a spec gives exactly one of them)."""
    if spec is None:
        return None
    if spec.const is not None:
        return spec.const
    view = fight.view(actor)
    if view is None or plan.row is None or spec.column is None:
        return None
    return _number(view.cell(plan.list_def.list, plan.row, spec.column))


def hit_of_weapon(fight: Fight, actor: Combatant, plan: Any) -> Hit:
    lst = plan.list_def
    reach = _row_distance(fight, actor, plan, getattr(lst, "reach", None))
    rng = getattr(lst, "range", None)
    shoots = _row_distance(fight, actor, plan, rng.normal) if rng is not None else None
    blow = "ranged" if (not reach) and shoots else "melee"
    return Hit("weapon", getattr(plan, "ability", None), blow, getattr(plan, "item", None),
               getattr(plan, "qualities", ()))


def hit_of_entry(mech: Any) -> Hit | None:
    return Hit("spell") if mech.attackRoll else None


def hit_of_action(action: Any) -> Hit | None:
    if action.toHit is None or action.autoHit:
        return None
    single = (action.targetCount or 1) == 1 and action.area is None
    blow = "ranged" if action.reach is None and action.range is not None else "melee"
    return Hit("weapon" if single else "spell", getattr(action, "ability", None), blow)


def hit_of(fight: Fight, actor: Combatant, plan: Any) -> Hit | None:
    """The hit an attack roll of `plan` tries: an option's plan (a weapon row, a catalog
    entry, a creature action) or a creature action itself (a sequence's step)."""
    kind = key_of(plan, "kind")
    if kind == "weapon":
        return hit_of_weapon(fight, actor, plan)
    if kind == "entry":
        return hit_of_entry(plan.mechanics)
    action = plan.action if kind == "action" else plan
    return hit_of_action(action) if getattr(action, "toHit", None) is not None else None


# ---------------------------------------------------------------------------
# the strike's own dice (1.197, 1.247)
# ---------------------------------------------------------------------------


def _times_dice(expr: DiceExpr, times: int) -> DiceExpr:
    return DiceExpr(tuple(DiceTerm(t.count * times, t.sides, t.negative) for t in expr.terms), expr.modifier)


def dice_changes(fight: Fight, actor: Combatant, hit: Hit | None,
                 own: list[tuple[str, Any, Any]] | None = None) -> tuple[int, list[str], int, list[str]]:
    """(times the strike's own dice are rolled, by whose `diceTimes`; how many of its dice a
    critical adds, by whose `criticalDice`) from the holder's `damage` modifiers that reach
    the hit. Several `diceTimes` do not multiply each other: the largest stands; every
    `criticalDice` adds its dice."""
    if hit is None:
        return 1, [], 0, []
    times, by_times, extra, by_extra = 1, [], 0, []
    found = own if own is not None else holder_mods(fight, actor, "damage")
    if not any(mod.diceTimes or mod.criticalDice for _n, mod, _h in found):
        return 1, [], 0, []
    for name, mod in damage_mods(fight, actor, None, hit, found):
        if mod.diceTimes and mod.diceTimes > times:
            times, by_times = mod.diceTimes, [name]
        if mod.criticalDice:
            extra += mod.criticalDice
            by_extra.append(name)
    return times, by_times, extra, by_extra


def strike_damage(fight: Fight, actor: Combatant, expr: DiceExpr, hit: Hit | None, critical: bool,
                  rerolls: tuple[int, str] | None = None, dice: list[DiceRoll] | None = None) -> tuple[int, str]:
    """The strike's own damage, rolled: its dice `diceTimes` times over (the flat part
    once; a critical doubles them all the ruleset's way), and on a critical `criticalDice`
    more of its dice (its first die's size), not doubled. Never below 0. `dice` collects
    the rolls (see `roll_damage`)."""

    times, by_times, extra, by_extra = dice_changes(fight, actor, hit)
    note = ""
    if times > 1 and expr.terms:
        expr = _times_dice(expr, times)
        note = f"{expr} with {' and '.join(by_times)}: "
    amount, text = roll_damage(fight, expr, critical, rerolls, dice)
    die = next((t.sides for t in expr.terms if not t.negative), None)
    if critical and extra and die is not None:
        more = fight.roll(DiceExpr.of(extra, die))
        if dice is not None:
            dice.append(more)
        amount += more.total
        text += f", {more.describe()} more with {' and '.join(by_extra)}"
    return max(0, amount), note + text


# ---------------------------------------------------------------------------
# clauses
# ---------------------------------------------------------------------------


def clause_dice(fight: Fight, target: Combatant, clause: Any, critical: bool) -> tuple[int, str, list[DiceRoll]] | None:
    """A `plus` clause's damage rolled ahead of its part, for a `rerolls` change to reroll
    with the spell's own dice (1.254): (amount, text, the rolls), or None when the clause
    deals nothing to `target` (`onCritical` without one, a `targetIs` it does not pass)."""
    if not critical and getattr(clause, "onCritical", None):
        return None
    test = getattr(clause, "targetIs", None)
    if test is not None and not passes(fight, target, test):
        return None
    dice: list[DiceRoll] = []
    amount, text = roll_damage(fight, parse_dice(clause.dice or "0").with_modifier(clause.flat or 0), critical,
                               dice=dice)
    return amount, text, dice


def clause_part(fight: Fight, actor: Combatant, target: Combatant, clause: Any, default_type: str | None,
                name: str, dc: int, critical: bool, context: Any = None,
                rolled: tuple[int, str] | None = None) -> Part | None:
    """One `plus` clause for one target: None when its `targetIs` does not match or its own
    save removes it. `rolled` is its damage when `clause_dice` rolled it already."""

    if not critical and getattr(clause, "onCritical", None):
        # Dealt only with a critical hit (combat-2 symbol spends, `onCritical`).
        return None
    test = getattr(clause, "targetIs", None)
    if test is not None and not passes(fight, target, test):
        fight.emit("note", f"Part of {name} reaches only {describe_test(fight, test)}, so it passes {target.name} by.",
                   target=target.id)
        return None
    if rolled is not None:
        amount, text = max(0, rolled[0]), rolled[1]
    else:
        amount, text = roll_damage(fight, parse_dice(clause.dice or "0").with_modifier(clause.flat or 0), critical)
    if clause.save is not None:
        clause_dc = clause.save.difficulty if clause.save.difficulty is not None else dc
        saved = SV.roll_save(fight, target, clause.save.save, clause_dc, why=f"against part of {name}", against=context)
        evaded = evade(fight, target, clause.save.save, saved, clause.save.onSuccess, f"part of {name}")
        if evaded == "nothing":
            return None
        if evaded == "half":
            amount //= 2
            text += ", halved by Evasion"
        elif saved:
            if clause.save.onSuccess == "half":
                amount //= 2
                text += ", halved by the save"
            else:
                return None
    return Part(amount, clause.type or default_type, name, text)


# ---------------------------------------------------------------------------
# the damage a condition changes
# ---------------------------------------------------------------------------


def _reaches(mod: Any, hit: Hit) -> bool:
    if mod.attacks not in (None, "any") and mod.attacks != hit.attacks:
        return False
    if mod.blow is not None and mod.blow != hit.blow:
        return False
    if mod.ability is not None and mod.ability != hit.ability:
        return False
    return True


def holder_mods(fight: Fight, holder: Combatant, to: str) -> list[tuple[str, Any, Any]]:
    """(name, modifier, held condition or None) for every `to` modifier the holder has."""
    return [(name, mod, held) for name, rule, held in N.rules_in_force(fight, holder)
            for mod in getattr(rule, "modifiers", None) or [] if mod.to == to]


def damage_mods(fight: Fight, actor: Combatant, target: Combatant | None, hit: Hit,
                own: list[tuple[str, Any, Any]] | None = None) -> list[tuple[str, Any]]:
    """(name, modifier) for the attacker's `damage` and (when a target is given) the
    target's `damage-taken` modifiers that reach this hit."""
    found = own if own is not None else holder_mods(fight, actor, "damage")
    if target is not None:
        found = found + holder_mods(fight, target, "damage-taken")
    out: list[tuple[str, Any]] = []
    for name, mod, held in found:
        if not _reaches(mod, hit):
            continue
        if mod.fromSource and (held is None or not held.tracked or held.source != actor.id):
            continue
        out.append((name, mod))
    return out


def same_type(a: str | None, b: str | None) -> bool:
    return (a or "").lower() == (b or "").lower()


def _add(fight: Fight, parts: list[Part], mods: list[tuple[str, Any]], critical: bool) -> None:
    hit_type = parts[0].type if parts else None
    for name, mod in mods:
        if mod.flat is None and mod.dice is None:
            continue
        value = mod.flat or 0
        shown = ""
        if mod.dice:
            # Rolled like every damage roll (rolls.roll_damage): the critical rule, and a
            # total below 0 deals 0, as the forecast counts it (blows.forecast_extra).
            rolled, text = roll_damage(fight, parse_dice(mod.dice), critical)
            value += -rolled if mod.minus else rolled
            shown = f"{mod.dice}: {text}"
        dtype = mod.damageType or hit_type
        part = next((p for p in parts if same_type(p.type, dtype)), None)
        if part is not None:
            part.amount += value
            part.detail += f", {N.signed(value)} ({name}) = {part.amount}"
        else:
            parts.append(Part(value, dtype, name, shown or str(value)))


def multiply_parts(fight: Fight, parts: list[Part], mods: list[tuple[str, Any]]) -> None:
    times = Fraction(1)
    names: list[str] = []
    for name, mod in mods:
        if mod.times is not None:
            times *= Fraction(mod.times)
            names.append(name)
    if times == 1 or not parts:
        return
    for p in parts:
        p.amount = max(0, p.amount)
    total = sum(p.amount for p in parts)
    wanted = math.floor(total * times)
    exact = [p.amount * times for p in parts]
    floors = [math.floor(x) for x in exact]
    # The total is rounded down once; the parts' remainders go, largest first, to make it up.
    order = sorted(range(len(parts)), key=lambda i: (-(exact[i] - floors[i]), i))
    for i in order[: wanted - sum(floors)]:
        floors[i] += 1
    for p, amount in zip(parts, floors):
        p.amount = amount
    word = "halves" if times == Fraction(1, 2) else "doubles" if times == 2 else f"multiplies by {float(times):g}"
    fight.emit("note", f"{' and '.join(names)} {word} the blow: {total} becomes {wanted}.", times=float(times))


def _no_damage_from(fight: Fight, target: Combatant) -> str | None:
    """The condition whose `noDamageFrom` keeps the blows of the entry now dealing them off
    `target` (1.117), by its label; None when none does."""
    entry = fight.resolving.blow_from
    if entry is None:
        return None
    rules = N.condition_rules(fight.ruleset)
    for held in target.conditions:
        rule = rules.get(held.id)
        if rule is not None and entry in (getattr(rule, "noDamageFrom", None) or []):
            return N.label(fight.ruleset, "condition", held.id)
    return None


def deliver(fight: Fight, actor: Combatant, target: Combatant, parts: list[Part], hit: Hit | None,
            critical: bool = False, dealt: list[tuple[str | None, int]] | None = None,
            qualities: tuple[str, ...] = ()) -> int:
    """Deals a blow's parts to `target` after the damage conditions change; returns what
    landed in all. `dealt`, when given, receives what each part landed with its type (a
    `drain` counts it). What gets past a guard's `except` (1.55, 1.101): the held weapon's
    item tags, or the entry's or action's `qualities`."""

    kind = kind_of(fight)
    tags = kind.add_hit(fight, target, parts, hit)
    shield = _no_damage_from(fight, target)
    if shield is not None:
        for part in parts:
            type_text = f" {part.type}" if part.type else ""
            fight.emit("damage", f"{part.what} deals 0{type_text} damage to {target.name}: {target.name} is immune "
                       f"to it while {shield}.", target=target.id, amount=0, type=part.type, critical=critical,
                       source=actor.id, immune=True)
        return 0
    if hit is not None and parts:
        mods = damage_mods(fight, actor, target, hit)
        _add(fight, parts, mods, critical)
        multiply_parts(fight, parts, mods)
    landed = kind.deal(fight, actor, target, parts, critical, tags)
    if landed is not None:
        if dealt is not None:
            # A symbol pool deals the blow as one: its damage carries no single type.
            dealt.append((None, landed))
        return landed

    lower_damage(fight, actor, target, parts)
    tags_past = IH.blow_tags(fight, hit) + qualities
    marks = H.blow_marks(fight, target, [(E.harm_kind(fight, p.type), max(0, p.amount), p.type) for p in parts])
    landed = 0
    CE.open_blow(fight, target)
    try:
        for part, mark in zip(parts, marks):
            if target.out or fight.state.outcome:
                break
            got = E.deal_damage(fight, actor, target, max(0, part.amount), part.type, what=part.what,
                                critical=critical, marks=mark, tags=tags_past, past_resistance=part.past_resistance)
            landed += got
            if dealt is not None:
                dealt.append((part.type, got))
    finally:
        CE.close_blow(fight, target)
    return landed


def drain_back(fight: Fight, actor: Combatant, drain: Any, dealt: list[tuple[str | None, int]], what: str) -> None:
    """`drain` (1.281): the user regains the damage the blow dealt to this target, after
    resistances (what landed), only of `damageType` when it names one, `share` of it
    rounded down; healing caps it at the user's maximum and whatever stops healing stops
    it too (effects.heal)."""
    if drain is None or actor.out:
        return
    kind = (drain.damageType or "").lower()
    total = sum(n for dtype, n in dealt if not kind or (dtype or "").lower() == kind)
    share = Fraction(str(drain.share)) if drain.share is not None else Fraction(1)
    amount = math.floor(total * share)
    if amount <= 0:
        return
    type_text = f" {drain.damageType}" if drain.damageType else ""
    E.heal(fight, actor, actor, amount, what=f"{what} (drains {amount} of the {total}{type_text} damage dealt)")


# ---------------------------------------------------------------------------
# forecasts
# ---------------------------------------------------------------------------


def _mean(expr: DiceExpr, critical: Critical | None, guard: tuple[bool, int, int] = (False, 0, 0)) -> Fraction:
    immune, halves, doubles = guard
    if immune:
        return Fraction(0)
    return mean_damage(expr, critical or "none", halves=halves, doubles=doubles)


def forecast_extra(fight: Fight, actor: Combatant, target: Combatant, hit: Hit | None, clauses: list[Any],
                   own: list[tuple[str, Any, Any]], chances: Callable[[], tuple[Fraction, Fraction]],
                   strike: DiceExpr | None = None, dtype: str | None = None) -> tuple[Fraction, Fraction] | None:
    """(expected damage to add, multiplier) once the holder's own damage modifiers (`own`,
    from `holder_mods`) and the `plus` clauses that reach `target` are counted, or None when
    nothing changes the forecast. `hit` None is a save or an automatic hit (no modifiers).
    `chances` gives (hit, critical) and is asked only when something changes. A clause is
    taken through the target's guard against its type (the blow's own, `dtype`, by default)."""

    rule = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    normal = Fraction(0)
    crit = Fraction(0)
    times = Fraction(1)
    changed = False
    for clause in clauses:
        if getattr(clause, "targetIs", None) is not None and not passes(fight, target, clause.targetIs):
            continue
        if IH.plus_skips(fight, actor, target, clause, hit) is not None:
            continue
        expr = parse_dice(clause.dice or "0")
        expr = expr.with_modifier(clause.flat or 0)
        guard = E.type_guard(fight, target, clause.type or dtype)
        if not getattr(clause, "onCritical", None):
            normal += _mean(expr, None, guard)
        crit += _mean(expr, rule, guard)
        changed = True
    if hit is not None and own:
        for _name, mod in damage_mods(fight, actor, None, hit, own):
            if mod.flat:
                normal += mod.flat
                crit += mod.flat
                changed = True
            if mod.dice:
                expr = parse_dice(mod.dice)
                sign = -1 if mod.minus else 1
                normal += sign * _mean(expr, None)
                crit += sign * _mean(expr, rule)
                changed = True
            if mod.times is not None:
                times *= Fraction(mod.times)
                changed = True
        if strike is not None and strike.terms:
            dice_times, _by, extra, _by_extra = dice_changes(fight, actor, hit, own)
            if dice_times > 1:
                # The flat part stays once; the critical doubles the added dice too.
                more = _times_dice(strike.dice_only(), dice_times - 1)
                normal += _mean(more, None)
                crit += _mean(more, rule)
                changed = True
            die = next((t.sides for t in strike.terms if not t.negative), None)
            if extra and die is not None:
                crit += DiceExpr.of(extra, die).mean
                changed = True
    if not changed:
        return None
    hit_chance, crit_chance = chances()
    return (hit_chance - crit_chance) * normal + crit_chance * crit, times
