"""Initiative that attacks move (spec/combat-2 "Initiative that attacks move", Capability API
1.48, and `pool.hardness`, 1.56): the number each combatant threw at the start is kept in
`Combatant.initiative` for the whole fight, and attacks take it or spend it.

Owns:
- `resource`, `line` (the crash line: `crash.at`, 0 without a crash), `style_of` (the style
  an attack is made in: the one chosen, else the first);
- the order: `opening` (after the opening throw, anybody at or below the line starts
  crashed) and `sort_order` (as each round begins, by the numbers as they stand);
- taking: `take` (what a taking blow counted comes off the target's number and the
  attacker gains all of it plus `gain`);
- spending: `spending` (the attacker's number at the moment of the attack, kept in the
  action's record so a hit window does not change it), `spend_blow` (that number thrown as
  dice against the damage target and nothing else, stopped by the target's hardness, marking
  health with the attack's own kind of harm, past every guard), `spend_over` (back to `base`
  when it hit anywhere, else the `onMiss` step's loss);
- crashing: `crash_check` (the `condition` put on, `bonus` to whoever brought them there,
  nobody when a miss crashed the attacker), `turn_begins` (`recoverAfter`: after that many of
  the holder's own turns, the number goes back to `base` as the next one begins) and the
  lift when the number rises above the line again. The fight's end lifts the condition with
  the rest (it is put on with `ends_after: "crash"`, turns.finish).

The log says every change and its reason: "Ada gains 5 initiative for crashing Rats, and is
on 14."
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from . import daze as D
from . import effects as E
from . import condition_on as CN
from .condition_off import remove_condition
from . import harm_kinds as H
from . import pool_dice as P
from .fight import Fight
from .kinds import kind_of
from .state import Combatant, SpendingAttack

#: `HeldCondition.ends_after` of the crash condition: nothing but the rules here end it
#: (and the fight's end, which takes off every condition that waits for something).
CRASH = "crash"


def resource(fight: Fight) -> Any:
    """`initiative.resource` in a dice-pool fight, else None."""
    return kind_of(fight).initiative_resource(fight)


def line(fight: Fight) -> int:
    crash = resource(fight).crash
    return crash.at if crash is not None else 0


def number(c: Combatant) -> int:
    return math.floor(c.initiative)


def style_of(fight: Fight, plan: Any, actor: Combatant | None = None) -> Any:
    """The style an attack is made in: the chosen one, else the first (a choice that names
    none, and every attack made inside a window). A spending style falls back to the first
    taking style for an action made of other actions and for an attacker who may not spend
    (unless the attack already began spending: it keeps its style until it is over)."""
    res = resource(fight)
    if res is None:
        return None
    chosen = getattr(plan, "style", None)
    style = next((s for s in res.styles if s.id == chosen), res.styles[0])
    if style.spends is None or actor is None:
        return style
    begun = fight.resolving.step.spending if fight.resolving.step is not None else None
    if begun is not None and begun.actor == actor.id:
        return style
    if getattr(plan, "kind", None) == "sequence" or not may_spend(fight, actor):
        return next(s for s in res.styles if s.takes is not None)
    return style



def may_spend(fight: Fight, c: Combatant) -> bool:
    """A spending style is offered only while the number is above the crash line, and a
    crashed combatant cannot spend."""
    return c.crashed is None and number(c) > line(fight)


# ---------------------------------------------------------------------------
# the order
# ---------------------------------------------------------------------------


def opening(fight: Fight) -> None:
    """Anybody whose opening throw is at or below the line starts the fight crashed."""
    if resource(fight).crash is None:
        return
    for c in fight.state.combatants:
        if not c.out:
            crash_check(fight, c, None, opening=True)


def sort_order(fight: Fight) -> None:
    """As each round begins, the order by the numbers as they stand (ties to the bigger
    opening pool, then to set-up order)."""
    ranked = sorted((c for c in fight.state.combatants if not c.out),
                    key=lambda c: (-c.initiative, -c.init_mod, c.order))
    fight.state.order = [c.id for c in ranked]
    fight.emit("initiative", f"Order for round {fight.state.round}: "
               + ", ".join(f"{c.name} {number(c)}" for c in ranked) + ".", order=fight.state.order)


# ---------------------------------------------------------------------------
# moving the number
# ---------------------------------------------------------------------------


def _set(fight: Fight, c: Combatant, value: int) -> None:
    c.initiative = value
    if c.crashed is not None and value > line(fight):
        _lift(fight, c, f"their initiative is above {line(fight)} again")


def take(fight: Fight, actor: Combatant, target: Combatant, counted: int, style: Any, what: str) -> None:
    """A taking blow that counted `counted`: off the target's number, and the attacker gains
    all of it plus `gain`."""
    _set(fight, target, number(target) - counted)
    fight.emit("initiative-change", f"{what} takes {counted} initiative from {target.name}, who is on "
               f"{number(target)}.", actor=actor.id, target=target.id, amount=-counted, initiative=number(target))
    gain = style.takes.gain
    gained = counted + gain
    _set(fight, actor, number(actor) + gained)
    why = f" ({counted} taken + {gain} for {style.label})" if gain else ""
    fight.emit("initiative-change", f"{actor.name} gains {gained} initiative{why}, and is on {number(actor)}.",
               target=actor.id, amount=gained, initiative=number(actor))
    crash_check(fight, target, actor)


def crash_check(fight: Fight, c: Combatant, by: Combatant | None, *, opening: bool = False) -> None:
    """A number that has fallen to the line or below has crashed: the condition goes on and
    whoever brought it there gains `bonus`."""
    crash = resource(fight).crash
    if crash is None or c.crashed is not None or number(c) > crash.at:
        return
    c.crashed = 0
    start = " from the start" if opening else ""
    fight.emit("crash", f"{c.name} crashes{start}: their initiative {number(c)} is at or below {crash.at}.",
               target=c.id, initiative=number(c))
    if crash.condition is not None:
        CN.put_condition(fight, c, crash.condition, source=by.id if by is not None else None, rounds=None,
                        ends_after=CRASH)
    if by is not None and by.id != c.id and crash.bonus:
        _set(fight, by, number(by) + crash.bonus)
        fight.emit("initiative-change", f"{by.name} gains {crash.bonus} initiative for crashing {c.name}, and is on "
                   f"{number(by)}.", target=by.id, amount=crash.bonus, initiative=number(by))


def _lift(fight: Fight, c: Combatant, why: str) -> None:
    c.crashed = None
    fight.emit("crash-ends", f"{c.name} is no longer crashed: {why}.", target=c.id)
    crash = resource(fight).crash
    for held in list(c.conditions):
        if crash is not None and held.id == crash.condition and held.ends_after == CRASH:
            remove_condition(fight, c, held, reason="the crash has lifted")


def turn_begins(fight: Fight, c: Combatant) -> None:
    """`recoverAfter`: once that many of the holder's own turns have begun while crashed,
    the number goes back to `base` as the next one begins, and the crash lifts."""
    res = resource(fight)
    if res is None or c.crashed is None or res.crash is None or res.crash.recoverAfter is None:
        return
    if c.crashed < res.crash.recoverAfter:
        c.crashed += 1
        return
    turns = res.crash.recoverAfter
    c.initiative = res.base
    _lift(fight, c, f"after {turns} of their turn{'s' if turns != 1 else ''} their initiative goes back to {res.base}")


def fight_over(fight: Fight) -> None:
    """However the fight ends, every crash lifts (the condition comes off with the rest)."""
    for c in fight.state.combatants:
        c.crashed = None


# ---------------------------------------------------------------------------
# spending
# ---------------------------------------------------------------------------


def spending(fight: Fight, actor: Combatant) -> SpendingAttack:
    """The spending attack under way: the attacker's number at the moment of the attack and
    whether it hit anywhere, kept in the action's record (a window may hold the attack)."""
    record = fight.resolving.step
    held = record.spending if record is not None else None
    if held is None or held.actor != actor.id:
        held = SpendingAttack(actor=actor.id, number=number(actor), hit=False)
        if record is not None:
            record.spending = held
    return held


def hardness(fight: Fight, target: Combatant) -> int:
    """A creature's own `hardness`, else `pool.hardness` read on the target; 0 without."""
    own = (target.block or {}).get("hardness") if target.sheet is None else None
    if isinstance(own, int):
        return own
    pool = fight.combat.pool
    ref = pool.hardness if pool is not None else None
    return max(0, math.floor(H.read_on(fight, target, ref))) if ref is not None else 0


def spend_blow(fight: Fight, actor: Combatant, target: Combatant, dice: int, what: str, dtype: str | None,
               tags: Iterable[str]) -> int:
    """The attacker's number thrown as dice against the damage target and nothing else: no
    weapon dice, extra dice, automatic successes, soak or minimum; hardness stops it."""
    hard = hardness(fight, target)
    if dice < hard:
        fight.emit("damage", f"{what} ({P.dice_word(dice)} of {actor.name}'s initiative) is below {target.name}'s "
                   f"hardness {hard}, so it does nothing.", target=target.id, amount=0, type=dtype, source=actor.id)
        return 0
    rules = P.damage_rules(fight)
    roll = P.throw(fight, dice, rules)
    kind, ordinary = H.kind_for(fight, target, dtype, tuple(tags))
    words = f"{P.dice_word(dice)} of {actor.name}'s initiative against {rules.target}: {roll.describe()}"
    if kind != ordinary:
        words += f"; {ordinary} becomes {kind} against {target.name}"
    over = D.threshold(fight, target)
    landed = E.deal_damage(fight, actor, target, roll.successes, dtype, what=f"{what} ({words})", kind=kind,
                           unguarded=True)
    D.after_hit(fight, actor, target, landed, over)
    return landed


def lost_on_miss(style: Any, at: int) -> int:
    """The `onMiss` step for a number: the loss of the highest step it reaches, nothing
    below the first."""
    lose = 0
    for at_least, loss in style.spends.onMiss:
        if at >= at_least:
            lose = loss
    return lose


def spend_over(fight: Fight, actor: Combatant, style: Any, held: SpendingAttack) -> None:
    """When a spending attack is over: back to `base` if it hit anywhere, else the loss
    `onMiss` sets for the number at the time of the attack."""
    res = resource(fight)
    if held.hit:
        _set(fight, actor, res.base)
        fight.emit("initiative-change", f"{actor.name} spent {held.number} initiative on {style.label} and goes "
                   f"back to {res.base}.", target=actor.id, initiative=res.base)
    else:
        lose = lost_on_miss(style, held.number)
        if lose:
            _set(fight, actor, number(actor) - lose)
        fight.emit("initiative-change", f"{actor.name}'s {style.label} hit nobody, so they lose {lose} initiative, and "
                   f"are on {number(actor)}.", target=actor.id, amount=-lose, initiative=number(actor))
        crash_check(fight, actor, None)

