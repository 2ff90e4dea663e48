"""Saves thrown as pools in a `dice-pool` fight (spec/combat-2: "A save's number is its
pool, and its difficulty is the number of successes needed").

Owns: `save_parts` (the save's number on the sheet, or a creature's `saves` entry, as dice,
with the dice cover between the effect and the saver adds on a board)
and `roll_save`, which saves.roll_save hands a pool fight to: the pool with condition
modifiers as dice and the harm penalty off it, thrown twice only under `pool.advantage`,
a success when it reaches the difficulty without botching. The log line:

    Grave-rat swarm throws a Steel save against Stern Word: 1 die (Steel 1): 4 → no
    successes against 2 successes, a failure.
"""

from __future__ import annotations

import math

from ..dice import Mode
from . import numbers as N
from . import pool_dice as P
from .fight import Fight
from .pool_attack import attack_pool
from .saves_against import SaveContext
from .state import Combatant


def save_parts(fight: Fight, c: Combatant, save: str, cover: N.Bonus | None = None) -> list[tuple[str, int]]:
    """The save's number as named parts of the pool; `cover` between the effect and the
    saver adds its dice (board/save_cover.py)."""
    label = N.label(fight.ruleset, "save", save)
    view = fight.view(c)
    extra = [(cover.label, cover.flat)] if cover is not None else []
    if view is None:
        return [(label, int(((c.block or {}).get("saves") or {}).get(save, 0))), *extra]
    number = view.check_number("save", save)
    return [(label, math.floor(number.number or 0)), ("adjust", math.floor(number.adjust)), *extra]


def roll_save(fight: Fight, c: Combatant, save: str, difficulty: int, name: str, why: str, mode: Mode,
              against: SaveContext | None, cover: N.Bonus | None = None) -> bool:
    dice, text = attack_pool(fight, c, save_parts(fight, c, save, cover), "saves", save=save, context=against)
    roll = P.throw(fight, dice, P.check_rules(fight), P.lean(fight, *_votes(mode)))
    need = max(1, difficulty)
    ok = not roll.botch and roll.successes >= need
    fight.emit("save", f"{c.name} throws a {name} {why}: {text}: {roll.describe()} against "
               f"{P.successes_word(need)}, {'a success' if ok else 'a failure'}.", target=c.id, success=ok,
               successes=roll.successes, dc=need, botch=roll.botch)
    return ok


def _votes(mode: Mode) -> tuple[int, int]:
    return (1, 0) if mode == "advantage" else (0, 1) if mode == "disadvantage" else (0, 0)
