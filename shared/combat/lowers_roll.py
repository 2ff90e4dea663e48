"""Dice taken off someone else's attack roll that hit (spec/mechanics-2.md 1.250: Cutting
Words), answered in the `hit` window.

Owns: `dice_text` (the dice as the log names them), `own_die` (one die whose size a sheet value picks, as Martial Arts: the last `table`
step the value has reached; below the first step there is no die), `lowers_expr` (an
entry's `lowersRoll` as dice), `lower_held` (the answer's dice rolled with the battle's
roller and added to the held roll's `lowered`, which `windows.recheck_hit` takes off before
comparing the roll with the defense again; a natural roll that always hits still hits) and
`could_turn` (whether the dice's maximum could turn the held hit into a miss: the only time
the Engine spends it, with no dice rolled to find out).
"""

from __future__ import annotations

import math
from typing import Any

from ..dice import DiceExpr, parse_dice
from . import numbers as N
from .fight import Fight
from .state import ActionStep, Combatant, Window


def own_die(fight: Fight, c: Combatant, die: Any) -> int | None:
    """The faces of a `StepDie` for `c`: None below the table's first step."""
    view = fight.view(c)
    value = math.floor(view.value(die.from_)) if view is not None else 0
    sides = None
    for start, faces in die.table:
        if value >= start:
            sides = faces
    return sides


def lowers_expr(fight: Fight, c: Combatant, lowers: Any) -> DiceExpr | None:
    if lowers.dice is not None:
        return parse_dice(lowers.dice)
    sides = own_die(fight, c, lowers.die)
    return DiceExpr.of(1, sides) if sides is not None else None


def dice_text(fight: Fight, c: Combatant, lowers: Any) -> str:
    """The dice as the log names them: `dice`, or the one die the sheet's value sizes."""
    if lowers.dice is not None:
        return str(lowers.dice)
    expr = lowers_expr(fight, c, lowers)
    return f"1d{expr.terms[0].sides}" if expr is not None else "no die"


def _held(w: Window) -> dict[str, Any]:
    """The attack roll a `hit` window holds in its action's cursor (windows.offer_hit)."""
    resume = w.resume
    cursor = resume.cursor if isinstance(resume, ActionStep) else None
    held: dict[str, Any] = (cursor or {}).get("held") or {}
    return held


def lower_held(fight: Fight, holder: Combatant, plan: Any, w: Window) -> None:
    """The answer's dice taken off the roll the `hit` window holds."""
    held = _held(w)
    source = fight.get(w.source_id())
    lowers = plan.mechanics.lowersRoll
    expr = lowers_expr(fight, holder, lowers)
    if expr is None:
        fight.emit("note", f"{holder.name}'s {plan.name} has no die yet, so it takes nothing off {source.name}'s roll.",
                   actor=holder.id)
        return
    r = fight.roll(expr)
    dice = dice_text(fight, holder, lowers)
    held["lowered"] = int(held.get("lowered") or 0) + r.total
    now = int(held["total"]) - held["lowered"]
    fight.emit("lower", f"{holder.name}'s {plan.name} takes {r.describe()} ({dice}) off {source.name}'s roll: {now} now.",
               actor=holder.id, target=source.id, amount=r.total, total=now)


def could_turn(fight: Fight, holder: Combatant, plan: Any, w: Window) -> bool:
    """Whether the most the dice can take off turns the held hit into a miss."""
    held = _held(w)
    if not held or held.get("forced") or held.get("pool") or held.get("symbol"):
        return False
    expr = lowers_expr(fight, holder, plan.mechanics.lowersRoll)
    if expr is None:
        return False
    defense, _ = N.defense(fight, fight.get(w.target_id()))
    top = expr.dice_max + expr.modifier
    return int(held["total"]) - int(held.get("lowered") or 0) - top < defense


__all__ = ["could_turn", "dice_text", "lower_held", "lowers_expr", "own_die"]
