"""Taking an answer in a window: paying for it, whether it cancels what the window holds
(`cancels`, `upTo: "paid"` with `above` 1.116, `cancelSave`), and resolving what it does.

Owns: `answer` (an answer or a Pass to the open window) and `take` (called by `answer`: the answer as a step of its own, resolved with
windows off, which a player's own symbol spends may hold; `continue_answer` goes on from
its saved record and then carries the window on) and the Engine's own answers
(`engine_answer`): its combatants use a defensive answer only when it turns a hit into a
miss (dice off the roll, `lowersRoll`, only when their highest could: lowers_roll.py;
an answer joined to the owner's blow, `addsToBlow`, is written into the held step:
blow_adds.py) (in a symbol-pool fight, when it more likely than not does) (or keeps an aimed entry's damage off entirely, `noDamageFrom`), catch a fall with
an answer that lands it safely (`fallsSafely`), take a cancelling answer when what it stops
is worth what it costs (`worth_stopping`: the level paid for each, the spell's expected
harm against the health its targets have left), strike at someone walking away with the best swing, and score everything
else (and signature actions) by the tactics' forecasts.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from ..dice import DiceExpr, pick_mode
from . import paying as A
from . import saves as SV
from . import numbers as N
from .delays import held_back
from .blow_adds import join_blow
from .fight import Fight
from .kinds import kind_of
from .lowers_roll import could_turn, lower_held
from .options import forecasts_of
from .plan_codec import plan_from_json
from .plans import MenuItem
from .reactions import answers_own_hit, own_marks
from .state import ActionStep, AnswerPart, Combatant, Window
from .tactics import applies_of, best_here, expected_dealt
from .window_resume import action_record, end_conditions, perform_step
from . import windows as W
from .windows import WindowItem, current, no_windows
from .costs import level_paid
from .lowers_also import lower_check
from .windows import answered
from .snapshot import working_copy
from .rescue import after_failure
from .rescue_entries import Roll
from .board.strikes import best_strike, strike
from .board.legendary import engine_cell, move_of, moves_only, start_move
from .board.teleport import teleport_of


def _check_value(fight: Fight, holder: Combatant, ref: Any) -> int:
    if getattr(ref, "const", None) is not None:
        return int(math.floor(ref.const))
    view = fight.view(holder)
    return int(math.floor(view.value(ref))) if view is not None else 0


def _reach_above(fight: Fight, holder: Combatant, reaction: Any, what: str, paid: int, own: int) -> bool:
    """A check against `dc` + the level of what was paid, to stop something paid above the
    answer's own level: the fight's own dice, with the answerer's conditions on checks."""
    above = reaction.above
    # `above` is read only where the fight rolls to hit (the package check asks for both).
    assert fight.combat.attackRoll is not None
    dice = fight.combat.attackRoll.dice
    ability = N.ref_ability(fight.ruleset, above.check)
    adv, dis = N.mode_votes(fight, holder, "checks", ability=ability)
    adv += N.effect_count(fight, holder, "own-checks-advantage")
    dis += N.effect_count(fight, holder, "own-checks-disadvantage")
    r = fight.roll(DiceExpr.of(dice.count, dice.sides), pick_mode(adv, dis))
    bonus = _check_value(fight, holder, above.check)
    pieces = [r.describe()]
    total = r.total + bonus
    if bonus:
        pieces.append(f"{'+' if bonus >= 0 else '-'} {abs(bonus)}")
    for b in N.modifiers(fight, holder, "checks", ability=ability):
        if b.flat:
            total += b.flat
            pieces.append(f"{'+' if b.flat >= 0 else '-'} {abs(b.flat)} ({b.label})")
    dc = above.dc + paid
    natural = r.natural
    stops = total >= dc
    arithmetic = " ".join(pieces) + (f" = {total}" if len(pieces) > 1 else "")
    fight.emit("check", f"{holder.name} reaches for {what} at level {paid} with an answer of level {own}: "
               f"{arithmetic} against {dc} ({above.dc} + {paid}), {'enough' if stops else 'not enough'}.",
               actor=holder.id, total=total, dc=dc, paid=paid, level=own)

    total = lower_check(fight, holder, total, dc, "check")
    stops = total >= dc
    if not stops:
        stops = after_failure(fight, holder, Roll("checks", total, dc, ("enough", "still not enough"), natural=natural,
                                                  sides=dice.sides)).made
    return bool(stops)


def _held_action(w: Window) -> ActionStep:
    """The action step a window answered with a cancel or a counter holds (the moments
    such answers match, `used`, `aimed`, `hit`, `harmed`, hold an action)."""
    resume = w.resume
    assert isinstance(resume, ActionStep), f"a {w.moment} window holds no action"
    return resume


def _cancels(fight: Fight, holder: Combatant, plan: Any, reaction: Any, w: Window) -> bool:
    resume = _held_action(w)
    source = fight.get(w.source_id())
    what = resume.plan.get("name") or "it"
    if reaction.upTo == "paid":
        paid = level_paid(fight, [(p, a) for p, a in resume.plan.get("costs") or []])
        own = level_paid(fight, plan.costs)
        if paid > own:
            if reaction.above is None:
                fight.emit("note", f"{source.name}'s {what} was paid at level {paid}, above {holder.name}'s "
                           f"{plan.name} at level {own}, so it is not stopped.", actor=holder.id)
                return False
            if not _reach_above(fight, holder, reaction, f"{source.name}'s {what}", paid, own):
                return False
    if reaction.cancelSave is not None:
        cs = reaction.cancelSave
        if not SV.roll_save(fight, holder, cs.save, cs.dc, why=f"to stop {source.name}'s {what}"):
            fight.emit("note", f"{holder.name} fails to stop {source.name}'s {what}; it goes ahead.", actor=holder.id)
            return False
    return True


def take(fight: Fight, holder: Combatant, item: WindowItem, targets: list[Combatant], w: Window, *,
         holds: bool = True) -> None:
    """Pays for the answer and resolves it as a step of its own, the action step's record
    with an `answer` part (window_resume.py): `{"window": <w>, "holds": bool}`. A roll it makes
    that leaves a player their own symbol spends holds the fight there (symbol_choice.py
    raises `Held`; `holds=False` on the Engine's throwaway trials), and `continue_answer`
    goes on from the saved record. A cancelling answer that stops what the window holds
    marks the held step cancelled (its cost stays spent)."""
    plan = item.plan
    fixed = [fight.get(t) for t in item.fixed]
    aim = fixed or targets or [holder]
    _answers_with(fight, holder, item, w)
    if item.answer is not None and w.moment == "hit" and holder.id == w.source and answers_own_hit(item.answer):
        # Several answers of one's own to one hit (1.248): the striker is asked again for
        # the others, less this one and the rest of its `oneOf` group.
        w.taken += own_marks(item.answer)
        w.asking.insert(1, holder.id)
    record = action_record(fight, holder, plan, aim, stage="resolve")
    # `reacts`: an answer (not a signature action) may cancel what the window holds.
    record.answer = AnswerPart(window=w, holds=holds, reacts=item.answer is not None)
    A.pay(fight, holder, plan)
    if held_back(fight, holder, plan, aim):
        # A `delays` condition holds back an answer paid with its budget too (1.120).
        return
    resolve_answer(fight, record)


def _answers_with(fight: Fight, holder: Combatant, item: WindowItem, w: Window) -> None:
    """The log's answer line, and a signature action's points spent."""
    fight.emit("answer", f"{holder.name} answers with {item.option.label}.", actor=holder.id, window=w.id,
               option=item.option.id)
    if item.signature:
        holder.signature_points -= item.signature
        fight.emit("spend", f"{holder.name} spends {item.signature} signature point{'s' if item.signature != 1 else ''} "
                   f"on {item.plan.name} ({holder.signature_points} left).", actor=holder.id, amount=item.signature)


def _signature_move(fight: Fight, holder: Combatant, item: WindowItem, targets: list[Combatant], w: Window,
                    cell: tuple[int, int] | None) -> None:
    """A signature action with `move` (mechanics-3 1.283, 1.285): what it does goes off
    first, as any answer; then the window is handed back (nobody is asked while its maker
    walks, so a strike the walk draws opens its own `leaves-reach` window) and the maker
    walks to the chosen cell, after which the window asks the next one (legendary.start_move).
    With no cell chosen, the window simply carries on."""
    move = move_of(item.plan)
    assert move is not None
    if moves_only(item.plan):
        _answers_with(fight, holder, item, w)
    else:
        take(fight, holder, item, targets, w)
    if cell is None or holder.down or holder.out or fight.state.outcome:
        answered(fight, w)
        return
    w.asking.pop(0)
    fight.state.pending = None
    start_move(fight, holder, move, cell, w)


def resolve_answer(fight: Fight, record: ActionStep) -> None:
    """The answer's step from where its record stands, with windows off (nothing inside a
    window opens another): it acts, its harm ends what it ends, then whether it cancels what
    the window holds and which `this-action` conditions it put on."""
    holder = fight.get(record.actor)
    plan = plan_from_json(fight, holder, record.plan)
    aim = [c for c in (fight.state.combatant(t) for t in record.targets) if c is not None]
    assert record.answer is not None
    answering = record.answer
    w = answering.window
    with no_windows(fight):
        if w.moment == "hit" and _adds_to_blow(plan):
            # Dealt with the blow when it lands, not by itself (1.241).
            join_blow(fight, holder, plan, w)
        else:
            perform_step(fight, holder, plan, aim, record)
        if w.moment == "hit" and _lowers(plan):
            lower_held(fight, holder, plan, w)
        end_conditions(fight, holder, plan, aim, record)
        reaction = None
        if answering.reacts:
            reaction = plan.reaction
        if getattr(reaction, "cancels", None) and _cancels(fight, holder, plan, reaction, w):
            source = fight.get(w.source_id())
            fight.emit("cancel", f"{holder.name}'s {plan.name} stops {source.name}'s {_held_action(w).plan['name']}: "
                       "it does not happen, and what it cost stays spent.", actor=holder.id, target=source.id)
            _held_action(w).cancelled = True
    # Conditions an answer puts on for `this-action` end when the held action is over.
    before = {(h, c) for h, c in record.before}
    held = w.resume
    if held.this_action is None:
        held.this_action = []
    this_action = held.this_action
    for c in fight.state.combatants:
        for h in c.conditions:
            if h.this_action and (c.id, h.id) not in before and [c.id, h.id] not in this_action:
                this_action.append([c.id, h.id])


def continue_answer(fight: Fight, record: ActionStep) -> None:
    """An answer held for its holder's (or its target's) own spends goes on, then the window
    does: the next one is asked, or the step it holds resumes."""

    resolve_answer(fight, record)
    assert record.answer is not None
    w = record.answer.window
    # Whoever is asked next gets a deadline of their own when the window is saved again.
    w.deadline = None
    answered(fight, w)


# ---------------------------------------------------------------------------
# the Engine's own answers
# ---------------------------------------------------------------------------


# Only an entry's mechanics add to a blow or lower a roll: every other plan carries none.
def _adds_to_blow(plan: Any) -> bool:
    return getattr(plan.mechanics, "addsToBlow", None) is not None


def _lowers(plan: Any) -> bool:
    return getattr(plan.mechanics, "lowersRoll", None) is not None


def _defensive(item: WindowItem) -> bool:
    answer = item.answer
    return answer is not None and not answer.harmful() and not getattr(answer.reaction, "cancels", None)


def _turns_hit_to_miss(fight: Fight, holder: Combatant, item: WindowItem, w: Window) -> bool:
    """Tried on a throwaway copy of the battle: whether the held roll misses once the
    answer is in place. Consumes none of the battle's dice."""

    held = ((_held_action(w).cursor or {}).get("held")) or {}
    if held.get("forced"):
        return False
    trial = Fight(fight.ruleset, working_copy(fight.state))
    trial_holder = trial.get(holder.id)
    trial_window = W.current(trial)
    assert trial_window is not None
    with no_windows(trial):
        take(trial, trial_holder, item, [trial.get(t) for t in item.option.targets[:item.option.count]],
             trial_window, holds=False)
    if held.get("symbol"):
        # A symbol throw against more difficulty dice misses only by chance: the answer is
        # taken when it more likely than not turns the hit into a miss.
        chance = kind_of(trial).miss_chance(trial, trial.get(w.source_id()), trial.get(w.target_id()), held)
        return (chance or 0.0) >= 0.5
    defense, _ = N.defense(trial, trial.get(w.target_id()))
    return int(held.get("total", 0)) - int(held.get("lowered") or 0) < defense


def _keeps_damage_off(fight: Fight, item: WindowItem, w: Window) -> bool:
    entry = _held_action(w).plan.get("entry_ref")
    if not entry:
        return False
    if item.answer is None:
        return False
    rules = N.condition_rules(fight.ruleset)
    mech = item.answer.mechanics
    for apply in getattr(mech, "applies", None) or []:
        rule = rules.get(apply.condition)
        if rule is not None and entry in (getattr(rule, "noDamageFrom", None) or []):
            return True
    return False


def _catches_fall(fight: Fight, item: WindowItem) -> bool:
    """An answer that puts a `fallsSafely` condition on whom it lands on (Feather Fall)."""
    if item.answer is None:
        return False
    rules = N.condition_rules(fight.ruleset)
    for apply in getattr(item.answer.mechanics, "applies", None) or []:
        rule = rules.get(apply.condition)
        if rule is not None and getattr(rule, "fallsSafely", None):
            return True
    return False


#: At the answer's own level, a spell is worth stopping when it is expected to take at least
#: this share of the health its targets on the answerer's side have left; each level the
#: answer costs above the spell's adds as much again (at most all of it: one level below,
#: only a spell expected to drop whom it is aimed at).
STOP_SHARE_PER_LEVEL = 0.5


def worth_stopping(fight: Fight, holder: Combatant, item: WindowItem, w: Window) -> bool:
    """The Engine's value rule for a cancelling answer (a counterspell). An answer that
    spends nothing from a pool costs only its budget, and is always worth it. Otherwise,
    with `level` the level paid for what it stops and `own` the answer's (a pool in no
    group counts as level 1 for the answer, 0 for what it stops), it is worth it when:
    - `level > own`: it stops more than it spends; or
    - the spell puts a condition on someone on the answerer's side and `level >= own`; or
    - its expected harm to the answerer's side (the forecast the menu would show, damage
      past what a target has left not counted) is at least `share` of the health (and
      temporary points) those targets have left, `share` =
      min(1, STOP_SHARE_PER_LEVEL x (own - level + 1)).

    So a 1d6 Spark at a level-1 slot is let go against a level-1 Counterspell unless its
    target is down to twice its expected harm, and a level-1 spell against a level-3
    answer only when it is expected to drop whom it is aimed at."""
    costs = list(item.plan.costs or [])
    if not costs:
        return True
    resume = _held_action(w)
    level = level_paid(fight, [(p, a) for p, a in resume.plan.get("costs") or []])
    own = max(1, level_paid(fight, costs))
    if level > own:
        return True
    source = fight.get(w.source_id())
    spell = plan_from_json(fight, source, resume.plan)
    friends = [c for c in (fight.state.combatant(t) for t in resume.targets)
               if c is not None and c.side == holder.side]
    if not friends:
        return False
    if level >= own and applies_of(spell):
        return True
    harm = sum(expected_dealt(fight, fight.get(fc.target), fc)
               for fc in forecasts_of(fight, source, spell, friends) if fc.damage is not None)
    health = sum(current + temp for current, _top, temp in (N.health(fight, c) for c in friends))
    share = min(1.0, STOP_SHARE_PER_LEVEL * (own - level + 1))
    return harm > 0 and harm >= share * health


def engine_answer(fight: Fight, holder: Combatant, items: list[WindowItem]) -> tuple[WindowItem, list[str]]:
    w = current(fight)
    assert w is not None
    pass_item = items[-1]
    if w.moment == "leaves-reach":
        return best_strike(items)
    scored: list[WindowItem] = []
    for item in items[:-1]:
        board = item.option.board or {}
        spot = board.get("teleport") or board.get("move")
        if spot is not None and item.answer is None:
            cell = engine_cell(fight, holder, spot["cells"])
            if "teleport" in board or spot.get("needed"):
                # A move or teleport that does nothing else is bought only to go somewhere.
                if cell is not None:
                    return replace(item, cell=cell), []
                continue
            scored.append(replace(item, cell=cell))
        elif item.answer is None:
            scored.append(item)
        elif getattr(item.answer.reaction, "cancels", None):
            # Taken only when what it stops is worth what it costs (`worth_stopping`).
            if worth_stopping(fight, holder, item, w):
                return item, item.option.targets[:item.option.count]
        elif w.moment == "hit" and _lowers(item.plan):
            # Spent only when its dice at their highest could turn the hit into a miss.
            if could_turn(fight, holder, item.plan, w):
                return item, item.option.targets[:item.option.count]
        elif _defensive(item):
            if w.moment == "hit" and _turns_hit_to_miss(fight, holder, item, w):
                return item, []
            if w.moment in ("aimed", "used") and _keeps_damage_off(fight, item, w):
                return item, []
            if w.moment == "falls" and _catches_fall(fight, item):
                # Every eligible faller, nearest first, up to the count (the menu's order).
                return item, item.option.targets[:item.option.count]
        else:
            scored.append(item)
    weighed: list[MenuItem] = [*scored, pass_item]
    picked, targets = best_here(fight, holder, weighed)
    # The tactics pick one of the window's own items.
    assert isinstance(picked, WindowItem)
    return picked, targets


def answer(fight: Fight, item: WindowItem, targets: list[Combatant], cell: tuple[int, int] | None = None) -> None:
    """The asked combatant's answer (or Pass), with the cell a signature move or teleport
    goes to (the Engine's own pick when none is given); then the next one is asked, or the
    window closes and the step it held resumes (which may raise `Held` for the next window)."""
    w = current(fight)
    assert w is not None
    holder = fight.get(w.asking[0])
    if cell is None:
        cell = item.cell
    if item.option.id == "pass":
        if w.moment == "leaves-reach":
            fight.emit("pass", f"{holder.name} lets {fight.get(w.target_id()).name} go.", actor=holder.id,
                       target=w.target, window=w.id)
        else:
            fight.emit("pass", f"{holder.name} passes.", actor=holder.id, window=w.id)
    elif w.moment == "leaves-reach":
        # The strike is an attack of its own (held on its hit, 1.243); it carries the
        # window on when it is over.
        w.asking.pop(0)
        fight.state.pending = None
        strike(fight, holder, item, w)
        return
    elif item.signature and move_of(item.plan) is not None:
        _signature_move(fight, holder, item, targets, w, cell)
        return
    else:
        if cell is not None and teleport_of(item.plan) is not None:
            # A signature teleport lands where the answer says (board/teleport.py).
            item = replace(item, plan=replace(item.plan, aim=(cell[0], cell[1])))
        # The answer is a step of its own: a player's own spends on a roll it makes hold
        # the fight inside it (window_answers.continue_answer goes on from there).
        take(fight, holder, item, targets, w)
    answered(fight, w)
