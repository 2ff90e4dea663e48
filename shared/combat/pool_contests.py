"""Contests thrown as pools in a `dice-pool` fight (spec/combat-2: "A contest throws both
sides' checks as pools, and the side with more successes wins").

Owns: `throw_side` (one side's best check as dice, with its condition modifiers to checks
as dice and the harm penalty off it, thrown twice only under `pool.advantage`) and
`win_chance` (the exact chance of winning, from both sides' pool forecasts; no dice). A
botch counts as fewer than any throw that did not botch; a tie goes to the defender unless
the contest's `ties` is `"attacker"`, as in a summed contest (contests.py keeps the menu,
the win and its log).
"""

from __future__ import annotations

from ..dice import Mode, pool_forecast
from ..ruleset.combat_contests import Contest
from . import pool_dice as P
from .fight import Fight
from .numbers import check_ability
from .pool_attack import attack_pool
from .state import Combatant
from .contests import best_check, check_label, defender_checks, side_votes


def _side(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[str, int, str, Mode]:
    """(check id, dice, how they add up, the roll's lean) of one side."""
    check_id, bonus = best_check(fight, c, check_ids)
    dice, text = attack_pool(fight, c, [(check_label(fight, check_id), bonus)], "checks",
                             ability=check_ability(fight, check_id))
    return check_id, dice, text, P.lean(fight, *side_votes(fight, c, check_id))


def throw_side(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[int, str]:
    """(rank: -1 for a botch, else the successes; the log's words) of one side's throw."""
    check_id, dice, text, mode = _side(fight, c, check_ids)
    roll = P.throw(fight, dice, P.check_rules(fight), mode)
    return (-1 if roll.botch else roll.successes), f"{text}: {roll.describe()} with {check_label(fight, check_id)}"


def win_chance(fight: Fight, actor: Combatant, target: Combatant, contest: Contest) -> float:
    rules = P.check_rules(fight)
    _a, a_dice, _at, a_mode = _side(fight, actor, contest.attacker.checks)
    _d, d_dice, _dt, d_mode = _side(fight, target, defender_checks(contest))
    # ranks[0] is a botch, ranks[1 + n] exactly n successes: the index orders the throws.
    attack = pool_forecast(a_dice, rules, a_mode).ranks
    defend = pool_forecast(d_dice, rules, d_mode).ranks
    below = [0.0]
    for p in defend:
        below.append(below[-1] + p)
    ties = contest.ties == "attacker"
    return sum(p * below[min(i + (1 if ties else 0), len(defend))] for i, p in enumerate(attack))
