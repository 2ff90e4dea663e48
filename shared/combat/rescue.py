"""Rescue after the roll (spec/mechanics-2.md 1.249): an `attacks`, `saves` or `checks`
modification with `rescue: true` (Bardic Inspiration, Guidance, Resistance) stays out of
the roll and is rolled and added only when its holder's own roll falls short and its
maximum (the flat part plus every die on its highest face) could cover the difference; the
condition it came from is then used up. One that could not have covered it stays in place.

Owns: `held_back` (the held-back modifications reaching a roll, left out of
`numbers.modifiers`), `could_cover` and `rescue` (the ones that can cover the shortfall,
tried in the order they are held, until the roll stands). Callers never ask for a natural
miss: that is never rescued.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..dice import parse_dice
from . import numbers as N
from .condition_off import remove_condition
from .fight import Fight
from .state import Combatant, HeldCondition
from .rescue_entries import Roll, spend_rescue


@dataclass(frozen=True)
class HeldBack:
    """One held-back modification: where it comes from and what it adds."""

    label: str
    flat: int
    dice: str
    #: The held condition it is used up from; None for a level or an item.
    held: HeldCondition | None

    def top(self) -> int:
        expr = parse_dice(self.dice)
        return self.flat + expr.dice_max + expr.modifier


def held_back(fight: Fight, c: Combatant, to: str, **narrow: Any) -> list[HeldBack]:
    """`narrow`: what `numbers.reaches` reads of the roll (`save`, `skill`, `context`, and an
    attack roll's `hit` and `target`)."""
    out: list[HeldBack] = []
    for name, rule, held in N.in_force(fight, c):
        for mod in rule.modifiers or []:
            if mod.to == to and getattr(mod, "rescue", None) and N.reaches(fight, rule, mod, held, to, **narrow):
                out.append(HeldBack(name, mod.flat or 0, mod.dice, held))
    return out


def could_cover(fight: Fight, c: Combatant, to: str, short: int, **narrow: Any) -> bool:
    """Whether one held-back modification at its highest covers `short` (no dice rolled)."""
    return any(h.top() >= short for h in held_back(fight, c, to, **narrow))


def rescue(fight: Fight, c: Combatant, to: str, total: int, needed: int, words: tuple[str, str],
           **narrow: Any) -> int:
    """The roll's total once the held-back modifications that could cover what it falls
    short of `needed` by have been rolled and added; `words` say the outcome (made, short)."""
    for h in held_back(fight, c, to, **narrow):
        short = needed - total
        if short <= 0:
            break
        if h.top() < short:
            continue
        r = fight.roll(h.dice)
        value = r.total + h.flat
        total += value
        shown = f"{r.total} ({h.dice})" if not h.flat else f"{r.total} ({h.dice}) {'+' if h.flat > 0 else '-'} {abs(h.flat)}"
        made = total >= needed
        fight.emit("rescue", f"{c.name}'s {h.label} adds {shown} to the roll: {total} against {needed} now, "
                   f"{words[0] if made else words[1]}.", target=c.id, amount=value, total=total, success=made)
        if h.held is not None:
            remove_condition(fight, c, h.held, reason="it was spent on the roll")
    return total


def after_failure(fight: Fight, c: Combatant, roll: Roll, **narrow: Any) -> Roll:
    """A failed roll (a `rescue_entries.Roll`, never a natural miss): the held-back
    modifications first, then the owner's own rescue entries one at a time (1.249, 1.256);
    a save rolled again that falls short again is tried the same way. `narrow` as for
    `held_back`."""

    while True:
        roll.total = rescue(fight, c, roll.kind, roll.total, roll.needed, roll.words, save=roll.save, **narrow)
        roll.made = roll.made or roll.total >= roll.needed
        if roll.made or not spend_rescue(fight, c, roll):
            return roll


__all__ = ["HeldBack", "after_failure", "could_cover", "held_back", "rescue"]
