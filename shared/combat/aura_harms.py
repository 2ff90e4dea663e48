"""An aura's harm (spec/mechanics-3 "More from auras", 1.265: `harms {dice, flat, type}`).

Owns `aura_harms(fight, holder)`: at the start of each of the holder's turns, every aura of
theirs with `harms` deals it to everyone it reaches now (auras.reaches: side, distance or
sight, kinds, senses), each target's guards applied as to any harm (resistance, immunity),
on behalf of the holder. The dice are rolled for each target in the fight's order, the way
a condition's own harm is rolled for each holder (condition_harms.py). A holder who is down,
out of the fight or cannot act deals nothing (auras.holder_auras); one reached while down
takes it as any harm taken down.
"""

from __future__ import annotations

from ..dice import parse_dice
from . import effects as E
from . import numbers as N
from .auras import aura_rules, holder_auras, reaches
from .fight import Fight
from .rolls import roll_damage
from .state import Combatant


def aura_harms(fight: Fight, holder: Combatant) -> None:
    rules = aura_rules(fight.ruleset)
    if not rules or not any(h.id in rules for h in holder.conditions):
        return
    for key, cid, aura in holder_auras(fight, holder, rules):
        harms = aura.harms
        if harms is None:
            continue
        expr = parse_dice(harms.dice or "0").with_modifier(harms.flat or 0)
        name = N.label(fight.ruleset, "condition", cid)
        for other in list(fight.state.combatants):
            if not reaches(fight, holder, other, aura, key):
                continue
            amount, text = roll_damage(fight, expr, False)
            E.deal_damage(fight, holder, other, amount, harms.type, what=f"{holder.name}'s {name} ({expr}: {text})")
            E.check_down(fight, other, holder)


__all__ = ["aura_harms"]
