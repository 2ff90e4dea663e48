"""Initiative thrown as a pool in a `dice-pool` fight (spec/combat-2 "Initiative that
attacks move", "The start"; `initiative.pool` and `plus`, Capability API 1.48).

Owns: `throw_initiative`: everybody throws `pool` dice (a sheet's value reference; a
creature's `initiativeModifier` is that pool, since every number a pool fight adds is
dice) at the resolution's default target, and their successes plus `plus` are their
number. `each: "round"` throws again as each round begins, as a summed initiative does.
Initiative kept as a number attacks move (`resource`) is initiative_resource.py's.
"""

from __future__ import annotations

import math

from . import pool_dice as P
from .fight import Fight
from .state import Combatant


def throw_initiative(fight: Fight, c: Combatant) -> str:
    """Sets `c.initiative` (successes plus `plus`) and `c.init_mod` (the dice, which break
    ties); returns the combatant's part of the initiative line."""
    init = fight.combat.initiative
    view = fight.view(c)
    if view is not None:
        dice = math.floor(view.value(init.pool))
    else:
        dice = math.floor((c.block or {}).get("initiativeModifier") or 0)
    dice = P.size(fight, dice)
    roll = P.throw(fight, dice, P.check_rules(fight))
    plus = init.plus or 0
    c.init_mod = dice
    c.initiative = roll.successes + plus
    text = f"{c.name} {P.dice_word(dice)}: {roll.describe()}"
    return text + (f" + {plus} = {c.initiative:g}" if plus else "")
