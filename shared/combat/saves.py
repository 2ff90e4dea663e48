"""Saves inside a fight: one rolled, the exact chance of one, and what leans it.

Owns: `roll_save` (the attack roll's dice + the save + condition modifiers and cover; a save its
holder's conditions fail, or its `succeeds` makes, without rolling; a rescue after a failure;
a condition that lasts for one save taken off), `save_chance` (the exact chance `roll_save`
makes a save with, for forecasts), `save_votes` (the advantages and disadvantages a save leans
by), `succeeds_without_rolling` (`succeeds`, mechanics-1 1.181) and `roll_text` (a roll's faces
as the log writes them). Each save is a sentence in the log. Below effects.py, which rolls the
concentration save after damage.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import NORMAL, DiceExpr, DiceRoll, Mode, chance_at_least, pick_mode
from . import numbers as N
from .fight import Fight
from .condition_off import remove_condition
from .kinds import kind_of
from .state import Combatant
from .saves_against import SaveContext
from .creature_types import passes
from ..dice import parse_dice
from .rescue import after_failure
from .rescue_entries import Roll
from .board.save_cover import words


def save_votes(fight: Fight, c: Combatant, save: str, against: SaveContext | None = None) -> tuple[int, int]:
    """(advantages, disadvantages) a save of `c` leans by, before they cancel: condition
    effects and modifiers, dodging for the saves a dodge covers, and the save's own `modes`."""
    adv = N.effect_count(fight, c, "own-saves-advantage", save=save)
    dis = N.effect_count(fight, c, "own-saves-disadvantage", save=save)
    a2, d2 = N.mode_votes(fight, c, "saves", save=save, context=against)
    if c.dodging:
        dodge = fight.combat.standardEffects.dodge if fight.combat.standardEffects else None
        if dodge is not None and save in (dodge.saves or []):
            adv += 1
    # The save's own `modes` (1.185): a target its test passes rolls twice.
    for test, mode in against.modes if against is not None else ():
        if passes(fight, c, test):
            adv, dis = (adv + 1, dis) if mode == "advantage" else (adv, dis + 1)
    return adv + a2, dis + d2


def succeeds_without_rolling(fight: Fight, c: Combatant, succeeds: Any) -> str | None:
    """Why `c` succeeds at a save without rolling (its `succeeds`, mechanics-1 1.181: any
    one is enough), or None: immune to one of the damage types, immune to one of the
    conditions, or passing the type-and-tag test."""
    if succeeds is None:
        return None
    immune = N.damage_guard(c, "immune")
    for dtype in succeeds.immune or []:
        if dtype.lower() in immune:
            return f"immune to {dtype}"
    held = N.immunities(fight, c)
    for cid in succeeds.conditionImmune or []:
        if cid.lower() in held:
            return f"immune to being {N.label(fight.ruleset, 'condition', cid)}"
    if succeeds.is_ is not None and passes(fight, c, succeeds.is_):
        return "its kind"
    return None


def roll_save(fight: Fight, c: Combatant, save: str, dc: int, *, why: str, against: SaveContext | None = None,
              cover: N.Bonus | None = None, lean: str | None = None) -> bool:
    """One save inside combat: the attack roll's dice + the save + condition modifiers.
    `against` is what the save is against (a `SaveContext`, or the id of the condition
    it would end); None is against nothing (concentration, death). `cover` is what cover
    between the effect and the saver adds to the save's number (board/save_cover.py);
    `lean` one more `advantage` or `disadvantage` (a condition's `seenLean`, 1.268)."""

    if isinstance(against, str):
        against = SaveContext(conditions=frozenset([against]))

    name = N.label(fight.ruleset, "save", save)
    name = name if name.lower().endswith("save") else f"{name} save"
    failed_by = N.fails_save(fight, c, save)
    if failed_by is not None:
        fight.emit("save", f"{c.name} fails the {name} {why} without rolling ({failed_by}).", target=c.id, success=False)
        return False
    source = fight.state.combatant(against.source) if against is not None and against.source else None
    if against is not None and against.allies_fail and source is not None and source.side == c.side:
        # Calm Emotions (1.278): the user's own side fails without rolling.
        fight.emit("save", f"{c.name} fails the {name} {why} without rolling (on {source.name}'s side).",
                   target=c.id, success=False)
        return False
    free = succeeds_without_rolling(fight, c, against.succeeds if against is not None else None)
    if free is not None:
        fight.emit("save", f"{c.name} succeeds at the {name} {why} without rolling ({free}).", target=c.id, success=True)
        return True
    dice = fight.combat.attackRoll.dice if fight.combat.attackRoll else None
    expr = f"{dice.count}d{dice.sides}" if dice else "1d20"
    votes = save_votes(fight, c, save, against)
    if lean is not None:
        votes = (votes[0] + 1, votes[1]) if lean == "advantage" else (votes[0], votes[1] + 1)
    thrown = kind_of(fight).roll_save(fight, c, save, dc, name, why, pick_mode(*votes), against, cover)
    if thrown is not None:
        _save_made(fight, c)
        return thrown
    mode = pick_mode(*votes) if fight.combat.attackRoll and fight.combat.attackRoll.advantage else "normal"

    def throw(again: str = "") -> int:
        r = fight.roll(expr, mode)
        bonus = N.save_bonus(fight, c, save)
        total = r.total + bonus
        parts = [roll_text(r)]
        if bonus:
            parts.append(N.signed(bonus))
        if cover is not None:
            total += cover.flat
            parts.append(words(cover))
        total = N.fold_modifiers(fight, N.modifiers(fight, c, "saves", save=save, context=against), total, parts)
        ok = total >= dc
        arithmetic = " ".join(parts) + (f" = {total}" if len(parts) > 1 else "")
        fight.emit("save", f"{c.name} rolls a {name} {again}{why}: {arithmetic} against {dc}, "
                   f"{'a success' if ok else 'a failure'}.", target=c.id, success=ok, total=total, dc=dc)
        return total

    total = throw()
    ok = total >= dc
    if not ok:
        top = _save_top(fight, c, save, expr, against) + (cover.flat if cover is not None else 0)
        roll = after_failure(fight, c, Roll("saves", total, dc, ("a success", "still a failure"), save=save,
                                            again=lambda: throw("again "), again_top=top), context=against)
        ok = roll.made
    _save_made(fight, c)
    return ok


def save_chance(fight: Fight, c: Combatant, save: str, dc: int, against: SaveContext | None = None,
                cover: N.Bonus | None = None) -> Fraction:
    """The exact chance `c` makes `save` against `dc` as `roll_save` throws it in a summed
    fight: the attack roll's dice, leaning as they would, the save's bonus, cover and the
    condition modifiers, a rolled one counted face by face; 0 for a save the holder's
    conditions fail without a roll. A rescue after a failed save is not promised."""
    if N.fails_save(fight, c, save) is not None:
        return Fraction(0)
    dice = fight.combat.attackRoll.dice if fight.combat.attackRoll else None
    count, sides = (dice.count, dice.sides) if dice else (1, 20)
    flat = N.save_bonus(fight, c, save) + (cover.flat if cover is not None else 0)
    added = DiceExpr()
    for b in N.modifiers(fight, c, "saves", save=save, context=against):
        flat += b.flat
        if b.dice:
            added = added.plus(b.dice, minus=b.minus)
    mode: Mode = NORMAL
    if fight.combat.attackRoll and fight.combat.attackRoll.advantage:
        mode = pick_mode(*save_votes(fight, c, save, against))
    return chance_at_least(DiceExpr.of(count, sides, flat), dc, mode, added if added.terms else None)


def _save_top(fight: Fight, c: Combatant, save: str, expr: str, against: SaveContext | None) -> int:
    """A save's highest total: what a rescue that rolls it again could reach."""

    top = parse_dice(expr).dice_max + N.save_bonus(fight, c, save)
    for b in N.modifiers(fight, c, "saves", save=save, context=against):
        top += b.flat
        if b.dice and not b.minus:
            top += parse_dice(b.dice).dice_max
    return top


def _save_made(fight: Fight, c: Combatant) -> None:
    for held in list(c.conditions):
        if held.ends_after == "own-save":
            remove_condition(fight, c, held, reason="it lasted for one save")


def roll_text(r: DiceRoll) -> str:
    faces = [f for term in r.faces for f in term]
    base = str(sum(faces)) if len(faces) == 1 else f"{sum(faces)} ({' + '.join(map(str, faces))})"
    if r.dropped is not None:
        base += f" ({r.mode}; dropped {r.dropped.total})"
    return base
