"""Contests thrown with symbol dice in a `symbol-pool` fight (spec/combat-2: "A contest throws
each side's dice, and the side with more net successes wins").

Owns: `side_pool` (one side's best check as symbol dice: a check that reads a skill or a
save is built like that check, its ability and rank by `pool.build`; any other value, and a
creature's own `checks`, is that many dice; condition `checks` modifiers and the harm
penalty are boost and setback dice, one more for a roll that leans one way, and the dice a
spend left on the thrower, which this roll uses up), `throw_side` and `win_chance` (exact,
from both sides' netted outcomes; no dice). No difficulty dice are thrown: each side's net
successes are compared, and a tie goes to the defender unless `ties` is `"attacker"`, as in
any contest (contests.py keeps the menu, the win and its log). What else the dice show buys
nothing: only attack rolls spend.

    Juno tries Shove on Gull: 3 dice (Brawn 3): Ability s, Ability -, Ability a → 1 success,
    1 advantage with Brawn against 1 die (Brawn 1): Ability - → no successes with Brawn, and wins.
"""

from __future__ import annotations

import math
from typing import Any

from ..dice import symbol_forecast
from . import numbers as N
from . import symbol_dice as S
from .fight import Fight
from .state import Combatant
from .contests import check_label
from .contests import best_check, side_votes


def _base(fight: Fight, c: Combatant, check_id: str, value: int) -> tuple[int, int, int, list[str]]:
    """(dice, upgraded, adjust, words) of `c`'s check `check_id`, whose value is `value`."""
    ref = next((k.value for k in fight.combat.checks or [] if k.id == check_id), None)
    if fight.view(c) is not None and ref is not None and ref.kind in ("skillMod", "saveMod"):
        return S.sheet_check(fight, c, "skill" if ref.kind == "skillMod" else "save", ref.target)
    dice = max(0, math.floor(value))
    return dice, 0, 0, [f"{check_label(fight, check_id)} {dice}"]


def side_pool(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[str, S.Pool]:
    """(check id, the dice) of one side: its best check, as contests.best_check picks it."""
    check_id, value = best_check(fight, c, check_ids)
    dice, upgrades, adjust, why = _base(fight, c, check_id, value)
    boost, setback, words = S.modifier_dice(fight, c, "checks", ability=N.check_ability(fight, check_id))
    lean_boost, lean_setback = S.lean_dice(*side_votes(fight, c, check_id))
    owed_boost, owed_setback = S.pending_dice(c)
    if owed_boost or owed_setback:
        words.append("dice a spend left them")
    return check_id, S.Pool(dice, upgrades, 0, max(0, adjust) + boost + lean_boost + owed_boost,
                            max(0, -adjust) + setback + lean_setback + owed_setback, why=tuple(why + words))


def throw_side(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[int, str]:
    """(net successes, the log's words) of one side's throw."""
    check_id, pool = side_pool(fight, c, check_ids)
    roll, net = S.throw(fight, pool)
    S.use_pending(fight, c)
    faces = S.faces_words(fight, roll) or "no dice"
    return net.successes, f"{pool.own_words()}: {faces} → {net.words(fight)} with {check_label(fight, check_id)}"


def _successes(fight: Fight, pool: S.Pool) -> dict[int, float]:
    """The chance of each number of net successes (negative: failures) of a throw."""
    out: dict[int, float] = {}
    for outcome, chance in symbol_forecast(pool.symbol_dice(fight.ruleset)).outcomes:
        n = S.Net.of(dict(outcome)).successes
        out[n] = out.get(n, 0.0) + float(chance)
    return out


def win_chance(fight: Fight, actor: Combatant, target: Combatant, contest: Any) -> float:
    """The exact chance that `actor` wins `contest` against `target` (consumes no dice)."""
    _a, attack = side_pool(fight, actor, contest.attacker.checks)
    _d, defend = side_pool(fight, target, contest.defender.checks)
    mine, theirs = _successes(fight, attack), _successes(fight, defend)
    ties = contest.ties == "attacker"
    return sum(p * q for a, p in mine.items() for d, q in theirs.items() if a > d or (ties and a == d))

