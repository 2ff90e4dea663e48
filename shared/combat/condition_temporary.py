"""Temporary points a condition gives its holder, and the number its applier fixed for them
(mechanics-3 "Numbers fixed by whoever applied the condition", 1.274: Heroism).

Owns:
- `fixed_value(fight, applier, apply)`: an `applies` item's `value`, read from the applier's
  sheet as the condition is put on (a creature written in numbers has no sheet: 0), kept on
  the held condition (`HeldCondition.value`);
- `turn_points(fight, c, moment)`: at the start or end of the holder's turn (the condition's
  `temporary.at`) it gains `dice` + `flat` (+ the fixed value with `value: true`) temporary
  points, which do not stack with others (effects.grant_temp keeps the bigger buffer);
- `lostWhenEnds`: as the condition comes off, what is left of the points it gave is lost,
  unless the holder now has more than it gave (more from another source). Registered in
  condition_off.LEFT_BEHIND as it loads.
"""

from __future__ import annotations

import math
from typing import Any

from ..dice import parse_dice
from ..sheet import set_temp
from . import effects as E
from . import numbers as N
from .condition_off import LEFT_BEHIND
from .fight import Fight
from .rolls import roll_damage
from .state import Combatant, HeldCondition


def fixed_value(fight: Fight, applier: Combatant, apply: Any) -> int | None:
    """The number the applier fixes for the condition (`applies[].value`), or None."""
    ref = getattr(apply, "value", None)
    if ref is None:
        return None
    view = fight.view(applier)
    return math.floor(view.value(ref)) if view is not None else 0


def turn_points(fight: Fight, c: Combatant, moment: str) -> None:
    rules = N.condition_rules(fight.ruleset)
    for held in list(c.conditions):
        rule = rules.get(held.id)
        temporary = getattr(rule, "temporary", None)
        if temporary is None or temporary.at != moment or c.out:
            continue
        if held.id in N.suppressed(fight, c):
            # Suspended (1.275): it gives nothing until what suppresses it ends.
            continue
        expr = parse_dice(temporary.dice or "0").with_modifier(
            (temporary.flat or 0) + ((held.value or 0) if temporary.value else 0))
        amount, _text = roll_damage(fight, expr, False)
        E.grant_temp(fight, c, amount, what=N.label(fight.ruleset, "condition", held.id))
        held.granted = amount


def _lost(fight: Fight, c: Combatant, held: HeldCondition, rule: Any) -> None:
    temporary = getattr(rule, "temporary", None)
    if temporary is None or not temporary.lostWhenEnds or not held.granted:
        return
    temp = N.health(fight, c)[2]
    if temp <= 0 or temp > held.granted:
        return
    spec = fight.combat.health
    if c.sheet is not None and spec.pool is not None:
        fight.write(c, set_temp(fight.ruleset, c.sheet, spec.pool, 0))
    else:
        c.temp = 0
    fight.emit("temp", f"{c.name} loses the {temp} temporary {N.health_label(fight.ruleset)} "
               f"{N.label(fight.ruleset, 'condition', held.id)} left.", target=c.id)


LEFT_BEHIND.append(_lost)
