"""Contests (grab, shove, break free) in a fight without a board (Capability API 1.43).

Owns: the `contest:<id>` menu options with each target's exact chance of winning,
resolving a contest and its log line, and how the Engine's tactics weigh one.

- The roll: in a dice-pool fight each side's check is thrown as a pool (pool_contests.py),
  in a symbol-pool fight as symbol dice, more net successes winning (symbol_contests.py).
  Otherwise both sides roll `attackRoll.dice` and add the best of the checks their side may
  use (`combat.checks`: a sheet reads the value, a creature written in numbers its own
  `checks`, a missing one 0). The higher total wins; a tie goes to the defender unless
  `ties` is `"attacker"`. Each side's condition modifiers to `checks`, and
  `own-checks-advantage`/`-disadvantage`, apply to that side's roll (they roll twice only
  where the ruleset's attack roll allows advantage). Anything narrowed to `skills` does
  not reach a contest, which rolls combat's own checks, not skills.
- Winning does what `onWin` says: `applies` puts each condition on the loser with the
  winner as its source (`rounds` gives it a clock); `ends` takes a condition off the actor
  or the target; `push` moves the loser away on a board (board/push.py); without a board
  nobody moves, and the log says so. Losing does nothing.
- Against a fixed `difficulty` (1.193) only the actor rolls (the attack dice plus the best
  of their `attacker` checks) and wins on reaching it; `targets` says on whom it may be
  made (`enemy` by default, `ally` or `any`, the actor included), `targetHolds` offers it
  only against a holder of that condition, `targetDying` only against someone dying and
  not yet stabilized, and `onWin.stabilizes` stabilizes a dying target.
- `from.holding`: aimed only at whoever put that condition on the actor, and offered only
  while it lasts. A spell hold (an entry's `applies` with `escapeDc: "save"`, 1.174) is
  escaped against the entry's save DC instead: only the actor rolls, with the hold's
  `escapeChecks` (1.175) in place of the contest's own when it names them, and wins on
  reaching the DC. `from.escapable` offers the contest only against a hold with an
  `escapeDc`, so a web is torn and petrification never is. `strike: true`: stands in for one strike of the budget's action (done
  first it spends the budget and leaves the other strikes in hand; done while strikes are
  held it uses one), and counts toward `attacksPerTurn`.
- Tactics weigh contests conservatively: a grab sets something up (half a condition's
  worth), breaking free is worth most, and only while held; a push without a board is
  worth nothing.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..dice import NORMAL, DiceExpr, Mode, parse_dice, pick_mode, sum_distribution
from ..ruleset.base import Dice
from ..ruleset.combat_contests import Contest
from . import effects as E
from . import saves as SV
from . import condition_on as CN
from .condition_off import remove_condition
from . import numbers as N
from .fight import Fight
from .kinds import kind_of
from .plans import MenuItem, Option, Plan, forecast
from .plan_reading import budget_left, targets_for
from .sizes import within_size
from .state import Combatant, HeldCondition
from .worth import CONDITION_WORTH
from .lowers_also import lower_check
from .rescue import after_failure
from .rescue_entries import Roll
from .board.push import push
from .paying import spend_strike

#: What a won break-free is worth to the Engine's tactics, in points of damage: while held,
#: breaking free is worth most ("the greatest value only while held"), above an ordinary
#: blow, unless the chance of winning is small.
BREAK_FREE_WORTH = 10 * CONDITION_WORTH


# ---------------------------------------------------------------------------
# one side's numbers
# ---------------------------------------------------------------------------


def check_mods(fight: Fight, c: Combatant, check_id: str | None = None) -> list[N.Bonus]:
    """Flat and rolled changes to `c`'s contest check `check_id`, named for the log (no
    skill: a contest rolls combat's own checks, which nothing narrowed to skills reaches;
    a modifier narrowed to `abilities` reaches it only when the check is of one of them)."""
    ability = N.check_ability(fight, check_id) if check_id is not None else None
    return [b for b in N.modifiers(fight, c, "checks", ability=ability) if b.flat or b.dice]


def side_votes(fight: Fight, c: Combatant, check_id: str | None = None) -> tuple[int, int]:
    """(advantages, disadvantages) a side's contest roll with check `check_id` leans by,
    before they cancel."""
    adv = N.effect_count(fight, c, "own-checks-advantage")
    dis = N.effect_count(fight, c, "own-checks-disadvantage")
    ability = N.check_ability(fight, check_id) if check_id is not None else None
    a2, d2 = N.mode_votes(fight, c, "checks", ability=ability)
    return adv + a2, dis + d2


def side_mode(fight: Fight, c: Combatant, check_id: str | None = None) -> Mode:
    roll = fight.combat.attackRoll
    if roll is None or not roll.advantage:
        return NORMAL
    return pick_mode(*side_votes(fight, c, check_id))


def best_check(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[str, int]:
    """The check of the list that adds the most (the first one on a tie)."""
    memo = fight.memo.menu
    if memo is not None:
        key = ("check", c.id, tuple(check_ids))
        found = memo.get(key)
        if found is None:
            found = memo[key] = _best_check(fight, c, check_ids)
        return found
    return _best_check(fight, c, check_ids)


def _best_check(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[str, int]:
    best: tuple[str, int] | None = None
    for check_id in check_ids:
        bonus = N.check_bonus(fight, c, check_id)
        if best is None or bonus > best[1]:
            best = (check_id, bonus)
    assert best is not None
    return best


def check_label(fight: Fight, check_id: str) -> str:
    for check in fight.combat.checks or []:
        if check.id == check_id:
            return check.label
    return check_id


# ---------------------------------------------------------------------------
# the chance of winning
# ---------------------------------------------------------------------------


Side = tuple[int, Mode, tuple[tuple[str, bool], ...]]


def defender_checks(contest: Contest) -> list[str]:
    """The checks the defending side may use. Only a contest against a fixed `difficulty`
    has no `defender` (the validator holds one or the other), and nobody defends it."""
    if contest.defender is None:
        raise ValueError(f"contest {contest.id} is against a fixed difficulty: nobody defends it")
    return contest.defender.checks


def contest_dice(fight: Fight) -> Dice:
    """The die both sides roll: `attackRoll.dice`. A fight whose kind rolls (not throws
    pools) offers no contest without an attack roll (`contest_items`)."""
    roll = fight.combat.attackRoll
    if roll is None:
        raise ValueError("a contest rolls attackRoll.dice, and this ruleset declares no attackRoll")
    return roll.dice


def _side(fight: Fight, c: Combatant, check_id: str, bonus: int,
          memo: dict[tuple[str, str], Side] | None = None) -> Side:
    """(flat total, roll mode, rolled modifiers) of one side rolling `check_id`: what its
    distribution needs. `memo` keeps what the conditions give each combatant's check while
    one menu is drawn."""
    key = (c.id, check_id)
    found = memo.get(key) if memo is not None else None
    if found is None:
        mods = check_mods(fight, c, check_id)
        found = (sum(b.flat for b in mods), side_mode(fight, c, check_id),
                 tuple((b.dice, b.minus) for b in mods if b.dice))
        if memo is not None:
            memo[key] = found
    return found[0] + bonus, found[1], found[2]


def _ways(count: int, sides: int, side: Side) -> tuple[int, list[int], int]:
    """(lowest total, ways of each total from there, outcomes): the side's exact totals."""
    flat, mode, rolled = side
    dist = sum_distribution(DiceExpr.of(count, sides, flat), mode)
    low, ways, denominator = dist.low, list(dist.ways), dist.denominator
    for text, minus in rolled:
        extra = sum_distribution(parse_dice(text))
        e_low, e_ways = extra.low, extra.ways
        if minus:
            e_low, e_ways = -extra.high, tuple(reversed(extra.ways))
        merged = [0] * (len(ways) + len(e_ways) - 1)
        for i, w in enumerate(ways):
            if w:
                for j, v in enumerate(e_ways):
                    merged[i + j] += w * v
        low, ways, denominator = low + e_low, merged, denominator * extra.denominator
    return low, ways, denominator


@lru_cache(maxsize=4096)
def _chance(count: int, sides: int, attacker: Side, defender: Side, ties: bool) -> Fraction:
    a_low, a_ways, a_den = _ways(count, sides, attacker)
    d_low, d_ways, d_den = _ways(count, sides, defender)
    # below[k]: ways the defender totals less than d_low + k.
    below = [0]
    for w in d_ways:
        below.append(below[-1] + w)
    won = 0
    for i, w in enumerate(a_ways):
        if not w:
            continue
        k = a_low + i - d_low + (1 if ties else 0)
        won += w * below[min(max(k, 0), len(d_ways))]
    return Fraction(won, a_den * d_den)


@lru_cache(maxsize=4096)
def _reach_chance(count: int, sides: int, actor: Side, difficulty: int) -> Fraction:
    low, ways, denominator = _ways(count, sides, actor)
    return Fraction(sum(w for i, w in enumerate(ways) if low + i >= difficulty), denominator)


def spell_hold(actor: Combatant, contest: Contest, source: Combatant) -> HeldCondition | None:
    """The hold `source` put on `actor` that `contest` breaks, when it is a spell hold (an
    `escapeDc`, 1.174): escaped against its DC."""
    holding = contest.from_.holding if contest.from_ is not None else None
    return next((h for h in actor.conditions
                 if h.id == holding and h.source == source.id and h.escape is not None), None)


def _escape_checks(contest: Contest, hold: HeldCondition) -> list[str]:
    return list(hold.escape_checks or contest.attacker.checks)


def win_chance(fight: Fight, actor: Combatant, target: Combatant, contest: Contest,
               memo: dict[tuple[str, str], Side] | None = None) -> Fraction:
    """The exact chance that `actor` wins `contest` against `target` (consumes no dice)."""
    hold = spell_hold(actor, contest, target)
    if hold is not None and hold.escape is not None:
        a_id, a_bonus = best_check(fight, actor, _escape_checks(contest, hold))
        dice = contest_dice(fight)
        return _reach_chance(dice.count, dice.sides, _side(fight, actor, a_id, a_bonus, memo), hold.escape)
    if contest.difficulty is not None:
        # Pool-based fights refuse a fixed difficulty (checks/combat.py), so this rolls dice.
        a_id, a_bonus = best_check(fight, actor, contest.attacker.checks)
        dice = contest_dice(fight)
        return _reach_chance(dice.count, dice.sides, _side(fight, actor, a_id, a_bonus, memo), contest.difficulty)
    chance = kind_of(fight).contest_win_chance(fight, actor, target, contest)
    if chance is not None:
        return Fraction(chance).limit_denominator(10 ** 9)
    a_id, a_bonus = best_check(fight, actor, contest.attacker.checks)
    d_id, d_bonus = best_check(fight, target, defender_checks(contest))
    dice = contest_dice(fight)
    return _chance(dice.count, dice.sides, _side(fight, actor, a_id, a_bonus, memo),
                   _side(fight, target, d_id, d_bonus, memo),
                   contest.ties == "attacker")


# ---------------------------------------------------------------------------
# the menu
# ---------------------------------------------------------------------------


def _granted_strikes(fight: Fight, actor: Combatant, budget: str) -> int:
    """Strikes the budget's action puts in hand (an attack list's `strikes`), else 1."""
    view = fight.view(actor)
    if view is None:
        return 1
    for lst in fight.combat.attacks or []:
        if lst.budget == budget and lst.strikes is not None:
            return max(1, math.floor(view.value(lst.strikes)))
    return 1


def contest_targets(fight: Fight, actor: Combatant, contest: Contest) -> list[Combatant]:
    holding = contest.from_.holding if contest.from_ is not None else None
    if holding is None:
        found = targets_for(fight, actor, contest.targets or "enemy")
        if contest.targets == "any" and actor not in found:
            found.insert(0, actor)
        if contest.targetHolds is not None:
            found = [c for c in found if any(h.id == contest.targetHolds for h in c.conditions)]
        if contest.targetDying:
            found = [c for c in found if E.is_dying(c)]
        if contest.maxSizeAbove is not None:
            found = [c for c in found if within_size(fight, actor, c, contest.maxSizeAbove)]
        return found
    sources: list[str] = []
    escapable = contest.from_ is not None and contest.from_.escapable
    for held in actor.conditions:
        if escapable and held.escape is None:
            # `from.escapable`: only a hold with an `escapeDc` (mechanics-1 1.175).
            continue
        if held.id == holding and held.source is not None and held.source not in sources:
            sources.append(held.source)
    return [c for c in fight.state.combatants if c.id in sources and not c.out]


def _win_text(fight: Fight, contest: Contest) -> str:
    parts: list[str] = []
    win = contest.onWin
    for apply in win.applies or []:
        name = N.label(fight.ruleset, "condition", apply.condition)
        clock = f" for {apply.rounds} round{'s' if apply.rounds != 1 else ''}" if apply.rounds else ""
        parts.append(f"the loser is {name}{clock}")
    for end in win.ends or []:
        parts.append(f"{'you are' if end.on == 'actor' else 'the target is'} no longer "
                     f"{N.label(fight.ruleset, 'condition', end.condition)}")
    if win.push is not None and fight.state.board is not None:
        # A board is played only where the ruleset declares `distance` (board/setup.py).
        unit = fight.combat.distance.label if fight.combat.distance is not None else ""
        parts.append(f"the loser is pushed {win.push:g} {unit} away")
    elif win.push is not None:
        parts.append("the loser would be pushed (nobody moves without a board)")
    if win.stabilizes:
        parts.append("the target is stabilized")
    return "; ".join(parts)


def _win(fight: Fight, actor: Combatant, target: Combatant, contest: Contest, memo: dict[Any, Any]) -> float:
    """The menu's chance of winning, shared by contests rolled with the same checks (a
    grapple and a shove usually are)."""
    against = (contest.difficulty,) if contest.difficulty is not None else tuple(defender_checks(contest))
    key = (tuple(contest.attacker.checks), against, contest.ties, target.id)
    found = memo.get(key)
    if found is None:
        found = memo[key] = round(float(win_chance(fight, actor, target, contest, memo)), 4)
    return found


def contest_items(fight: Fight, actor: Combatant, attack_cap: int | None) -> list[MenuItem]:
    out: list[MenuItem] = []
    if not fight.combat.contests or (fight.combat.attackRoll is None and not kind_of(fight).throws_pools):
        return out
    memo: dict[Any, Any] = {}
    for contest in fight.combat.contests:
        free_strike = bool(contest.strike) and actor.strikes > 0
        if not free_strike and not budget_left(actor, contest.budget):
            continue
        if contest.strike and attack_cap is not None and actor.attacks_made >= attack_cap:
            continue
        targets = contest_targets(fight, actor, contest)
        if not targets:
            continue
        a_checks = " or ".join(check_label(fight, c) for c in contest.attacker.checks)
        d_checks = (f"difficulty {contest.difficulty}" if contest.difficulty is not None
                    else " or ".join(check_label(fight, c) for c in defender_checks(contest)))
        hold = spell_hold(actor, contest, targets[0]) if len(targets) == 1 else None
        if hold is not None:
            a_checks = " or ".join(check_label(fight, c) for c in _escape_checks(contest, hold))
            d_checks = f"difficulty {hold.escape} (the spell's save DC)"
        budget_label = N.label(fight.ruleset, "budget", contest.budget)
        spends = "one of the strikes in hand" if free_strike else budget_label
        if fight.drawing.forecasting:
            forecasts = [forecast(t.id, win=_win(fight, actor, t, contest, memo)) for t in targets]
        else:
            forecasts = [forecast(t.id) for t in targets] if fight.drawing.blanks else []
        out.append(MenuItem(
            Option(id=f"contest:{contest.id}", label=contest.label, group="contest", budget=contest.budget,
                   targets=[t.id for t in targets], count=1, forecasts=forecasts,
                   text=f"{spends}; {a_checks} against {d_checks}; on a win {_win_text(fight, contest)}"),
            Plan(kind="contest", name=contest.label, budget=contest.budget, contest=contest,
                 uses_strike=bool(contest.strike), strikes=_granted_strikes(fight, actor, contest.budget)),
        ))
    return out


# ---------------------------------------------------------------------------
# resolving
# ---------------------------------------------------------------------------


def _roll_side(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[int, str]:
    total, text, _natural = throw_side(fight, c, check_ids)
    return total, text


def throw_side(fight: Fight, c: Combatant, check_ids: list[str]) -> tuple[int, str, int | None]:
    """Rolls the best of `check_ids` for `c` with the fight's dice: (total, "14 + 3 = 17 with
    Stealth", the natural die or None)."""
    check_id, bonus = best_check(fight, c, check_ids)
    dice = contest_dice(fight)
    r = fight.roll(DiceExpr.of(dice.count, dice.sides), side_mode(fight, c, check_id))
    pieces = [SV.roll_text(r), N.signed(bonus)]
    total = r.total + bonus
    total = N.fold_modifiers(fight, check_mods(fight, c, check_id), total, pieces)
    return total, f"{' '.join(pieces)} = {total} with {check_label(fight, check_id)}", r.natural


def plan_contest(plan: Plan) -> Contest:
    """The `combat.contests` entry a contest option resolves: its plan always carries it
    (`contest_items` puts it there, plan_codec reads it back by id)."""
    if plan.contest is None:
        raise ValueError(f"the {plan.kind} option {plan.name!r} names no contest")
    return plan.contest


def resolve_contest(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> None:
    contest = plan_contest(plan)
    target = targets[0]
    spend_strike(fight, actor, plan)
    if plan.uses_strike:
        actor.attacks_made += 1
    hold = spell_hold(actor, contest, target)
    if hold is not None and hold.escape is not None:
        # A spell hold: rolled against the entry's save DC (1.174), with its own checks (1.175).
        _resolve_fixed(fight, actor, target, contest, hold.escape, _escape_checks(contest, hold))
        return
    if contest.difficulty is not None:
        _resolve_fixed(fight, actor, target, contest, contest.difficulty)
        return
    a_nat = d_nat = None
    kind = kind_of(fight)
    a_thrown = kind.throw_side(fight, actor, contest.attacker.checks)
    if a_thrown is not None:
        a_total, a_text = a_thrown
        d_total, d_text = kind.throw_side(fight, target, defender_checks(contest)) or (0, "")
    else:
        a_total, a_text, a_nat = throw_side(fight, actor, contest.attacker.checks)
        d_total, d_text, d_nat = throw_side(fight, target, defender_checks(contest))
    won = a_total > d_total or (a_total == d_total and contest.ties == "attacker")
    fight.emit("contest", f"{actor.name} tries {contest.label} on {target.name}: {a_text} against {d_text}, "
               f"and {'wins' if won else 'loses'}.", actor=actor.id, target=target.id, contest=contest.id,
               total=a_total, against=d_total, won=won)
    if not kind.throws_pools:
        won = _after_rolls(fight, actor, target, contest, (a_total, a_nat), (d_total, d_nat), won)
    if won:
        _on_win(fight, actor, target, contest)


def _resolve_fixed(fight: Fight, actor: Combatant, target: Combatant, contest: Contest, difficulty: int,
                   checks: list[str] | None = None) -> None:
    """A check against a fixed number (1.193, or a spell hold's DC with its `checks`): only
    the actor rolls, and wins on reaching it; dice taken off a reaching check, then the
    actor's rescues on a miss, as in a contest against a roll."""
    total, text, natural = throw_side(fight, actor, checks or contest.attacker.checks)
    won = total >= difficulty
    fight.emit("contest", f"{actor.name} tries {contest.label} on {target.name}: {text} against difficulty "
               f"{difficulty}, and {'wins' if won else 'loses'}.", actor=actor.id, target=target.id,
               contest=contest.id, total=total, against=difficulty, won=won)
    if won:
        total = lower_check(fight, actor, total, difficulty, f"{contest.label} check")
    now = total >= difficulty
    if not now:
        now = after_failure(fight, actor, Roll("checks", total, difficulty, ("enough", "still short"),
                                               natural=natural, sides=contest_dice(fight).sides)).made
    if now != won:
        fight.emit("contest", f"{actor.name} {'wins' if now else 'loses'} {contest.label} after all.", actor=actor.id,
                   target=target.id, contest=contest.id, won=now)
    if now:
        _on_win(fight, actor, target, contest)


def _after_rolls(fight: Fight, actor: Combatant, target: Combatant, contest: Contest, a: tuple[int, int | None],
                 d: tuple[int, int | None], won: bool) -> bool:
    """What follows the two checks (1.257, 1.249, 1.256): dice taken off the winning side's
    check by someone on the other side, then the losing side's rescues; returns who won."""

    ties = contest.ties == "attacker"
    totals = {actor.id: a[0], target.id: d[0]}
    naturals = {actor.id: a[1], target.id: d[1]}

    def needed(c: Combatant) -> int:
        other = target if c is actor else actor
        return totals[other.id] + (0 if (c is actor) == ties else 1)

    winner = actor if won else target
    totals[winner.id] = lower_check(fight, winner, totals[winner.id], needed(winner), f"{contest.label} check")
    now = totals[actor.id] >= needed(actor)
    loser = target if now else actor
    roll = after_failure(fight, loser, Roll("checks", totals[loser.id], needed(loser), ("enough", "still short"),
                                            natural=naturals[loser.id], sides=contest_dice(fight).sides))
    if roll.made:
        now = not now
    if now != won:
        fight.emit("contest", f"{(actor if now else target).name} wins {contest.label} after all.", actor=actor.id,
                   target=target.id, contest=contest.id, won=now)
    return now


def _on_win(fight: Fight, winner: Combatant, loser: Combatant, contest: Contest) -> None:
    win = contest.onWin
    for end in win.ends or []:
        holder = winner if end.on == "actor" else loser
        for held in [h for h in holder.conditions if h.id == end.condition]:
            remove_condition(fight, holder, held, reason=f"{winner.name} won {contest.label}")
    for apply in win.applies or []:
        if loser.out:
            break
        CN.put_condition(fight, loser, apply.condition, source=winner.id, rounds=apply.rounds)
    if win.push is not None and fight.state.board is not None and not loser.out:
        push(fight, winner, loser, win.push)
    elif win.push is not None:
        unit = fight.combat.distance.label if fight.combat.distance is not None else ""
        far = f"{win.push:g} {unit}".strip()
        fight.emit("push", f"{loser.name} would be pushed {far} away from {winner.name}, but this fight has "
                   "no board, so nobody moves.", actor=winner.id, target=loser.id)
    if win.stabilizes:
        E.stabilize(fight, loser, by=f"{winner.name}'s {contest.label}")


# ---------------------------------------------------------------------------
# tactics
# ---------------------------------------------------------------------------


def contest_score(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    """The Engine's weighing of a contest: the chance of winning times what winning sets up."""
    win = plan_contest(item.plan).onWin
    best: tuple[float, str] | None = None
    for fc in item.option.forecasts:
        target = fight.state.combatant(fc.target)
        if target is None or fc.win is None:
            continue
        worth = 0.0
        for apply in win.applies or []:
            if not any(h.id == apply.condition for h in target.conditions):
                worth += CONDITION_WORTH / 2
        for end in win.ends or []:
            holder = actor if end.on == "actor" else target
            if any(h.id == end.condition for h in holder.conditions):
                worth += BREAK_FREE_WORTH if end.on == "actor" else CONDITION_WORTH / 2
        if win.stabilizes and E.is_dying(target):
            # A life kept: worth as much as breaking free of a hold.
            worth += BREAK_FREE_WORTH
        value = fc.win * worth
        if best is None or value > best[0]:
            best = (value, target.id)
    if best is None:
        return 0.0, []
    return best[0], [best[1]]
