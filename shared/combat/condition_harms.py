"""Harm a condition deals its holder each turn (mechanics-1 "Harmful conditions", 1.189),
grown by the cost step it was applied at (mechanics-2 1.255, Acid Arrow).

Owns:
- `harm_more(apply, steps)`: the dice an `applies` item's `harmsPerCostStep` adds, once for
  each raised-cost step the use was paid at (kept on the held condition, `harm_more`);
- `turn_harm(fight, c, moment)`: at the start or end of the holder's turn (the condition's
  `harms.at`) its dice, plus what the cost steps added, are dealt on behalf of whoever
  applied it, once for each application (`stacks`), before any save that would end it.
  A condition suspended (`suppresses`, or its applier out of sight) deals nothing; with
  `healedOnlyByRest` what it takes is sealed until a rest (reduces_max.seal_wounds, 1.193).
"""

from __future__ import annotations

from typing import Any

from ..dice import parse_dice
from ..sheet.paying import add_dice
from . import effects as E
from . import numbers as N
from . import reduces_max as RM
from .fight import Fight
from .rolls import roll_damage
from .state import Combatant


def harm_more(apply: Any, steps: int) -> str | None:
    """`harmsPerCostStep` times the raised-cost steps, as dice text; None when nothing is added."""
    per = getattr(apply, "harmsPerCostStep", None)
    if per is None or steps <= 0:
        return None
    return str(parse_dice(per.dice).times_dice(steps))


def turn_harm(fight: Fight, c: Combatant, moment: str) -> None:
    for name, rule, held in N.in_force(fight, c):
        harms = getattr(rule, "harms", None)
        if harms is None or held is None or harms.at != moment:
            continue
        expr = parse_dice(harms.dice)
        if held.harm_more:
            expr = add_dice(expr, parse_dice(held.harm_more))
        source = fight.state.combatant(held.source) if held.source else None
        behalf = f" on behalf of {source.name}" if source is not None else ""
        for _ in range(held.stacks or 1):
            if c.out or held not in c.conditions:
                return
            amount, text = roll_damage(fight, expr, False)
            landed = E.deal_damage(fight, source, c, amount, harms.type, what=f"{name}{behalf} ({expr}: {text})")
            if harms.healedOnlyByRest:
                # The wounds a Sword of Wounding leaves seal what they take (1.193).
                RM.seal_wounds(fight, c, [(harms.type, landed)], name)
