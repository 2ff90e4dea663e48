"""Continuations: what is left of a step a window interrupted, as a typed record saved
as plain JSON with the battle (state.py: `ActionStep`, `WalkStep`, `FallStep` and the turn
steps, told apart by `step`), and how the step goes on from it.

Owns: the action step (`start_action`, `continue_action`): paid first, then the `used`
window, then `aimed`, then the action itself (held at each hit that someone may answer,
`cursor` naming the target and sequence part and the held roll), then the `harmed`
window, then what ends once the action is over. Its record, `ActionStep`:
    {"step": "action", "actor", "plan": <plan_codec JSON>, "targets": [ids],
     "stage": "used" | "aimed" | "resolve" | "harmed" | "after",
     "cursor": null | {"index", "step"?, "target"?, "held": {total, defense, critical, forced}},
     "from_seq", "before": [[holder, condition], ...], "harmed": [ids], "cancelled"?,
     "this_action": [[holder, condition], ...]}

(`strike: true` and `then: <the leaves-reach window>` for a strike at someone walking
away, 1.243: only its hit is held, and the window carries on after it; `starts_turn: <id>`
for a held-back action completing as its holder's turn starts, delays.py: the turn's start
goes on when it is over; `answer: {window, holds, reacts}` for an answer taken in a window,
window_answers.py, which resolves it with windows off), the board's steps (`WalkStep`: the
rest of a walk a `leaves-reach` window held, `now` being those whose reach the next step
leaves; `FallStep`: landings a `falls` window held), and the turn steps: `next-turn` (a
window between turns: the next turn begins), `turn-start-signature` (after the
`turn-start` window, the 1.805 signature window) and `turn` (the one whose turn it is acts).
"""

from __future__ import annotations

from typing import Any, Callable

from . import paying as A
from .actions import perform
from .condition_off import remove_condition
from .condition_ends import after_aimed
from .delays import held_back
from . import metamagic as MM
from .fight import Fight
from .plans import MenuItem
from .plan_codec import plan_from_json, plan_to_json
from .reactions import origin_of
from .state import ActionStep, Combatant, NextTurnStep, Stage, TurnStartSignatureStep, TurnStep
from .hiding import gives_away
from .windows import RESUMES, open_window
from .outcome import check_outcome
from .windows import carry_on
from .summons import after_casting


def start_action(fight: Fight, actor: Combatant, item: MenuItem, targets: list[Combatant]) -> None:
    """Pays for a chosen option and resolves it through the windows it opens. A `delays`
    condition's die is rolled as it is paid for (1.120), before anyone is asked: held back,
    it opens its windows when it completes at the start of the holder's next turn."""
    record = action_record(fight, actor, item.plan, targets)
    A.pay(fight, actor, item.plan)
    if held_back(fight, actor, item.plan, targets):
        return
    continue_action(fight, record)


def action_record(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], *,
                  stage: Stage = "used") -> ActionStep:
    """A new action step's record, before anything is paid."""
    return ActionStep(actor=actor.id, plan=plan_to_json(plan), targets=[t.id for t in targets], stage=stage,
                      cursor=None, from_seq=fight.state.seq,
                      before=sorted([c.id, h.id] for c in fight.state.combatants for h in c.conditions), harmed=[])



def continue_action(fight: Fight, record: ActionStep) -> None:
    actor = fight.get(record.actor)
    plan = plan_from_json(fight, actor, record.plan)
    targets = [c for c in (fight.state.combatant(t) for t in record.targets) if c is not None]
    # Only the actor's own attacks and abilities open the `used` and `aimed` windows; nobody
    # answers a casting a `drops` change hides (Subtle, mechanics-2 1.253).
    opens = plan.own
    hidden = plan.metamagic is not None and MM.silent(plan)
    what = plan.name
    while True:
        stage = record.stage
        if stage == "used":
            record.stage = "aimed"
            if opens and not hidden:
                open_window(fight, "used", actor, None, record, what=what)
        elif stage == "aimed":
            record.stage = "resolve"
            if opens and not record.cancelled and any(t.side != actor.side for t in targets):
                open_window(fight, "aimed", actor, targets[0] if len(targets) == 1 else None, record, what=what)
        elif stage == "resolve":
            if not record.cancelled:
                perform_step(fight, actor, plan, targets, record)
            record.stage = "harmed"
            record.cursor = None
        elif stage == "harmed":
            record.stage = "after"
            # A strike at someone walking away is held only on its hit (1.243).
            if not record.cancelled and not record.strike:
                record.harmed = _harmed_since(fight, record.from_seq)
                if record.harmed:
                    open_window(fight, "harmed", actor, None, record, what=what)
        else:
            _finish(fight, actor, plan, targets, record)
            return


def perform_step(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], record: ActionStep) -> None:
    resolving = fight.resolving
    resolving.acting = actor.id
    resolving.applied = set()
    resolving.step = record
    # On a board the option's own reach and range decide how it lands (board/attacks.py).
    resolving.aiming = plan
    try:
        cursor = record.cursor
        perform(fight, actor, plan, targets, dict(cursor) if cursor is not None else None)
    finally:
        resolving.step = None
        resolving.aiming = None
        resolving.acting = None
        # Conditions put on again by this action keep their own endings until the next one.
        if record.applied is None:
            record.applied = []
        record.applied.extend(sorted([h, c] for h, c in resolving.applied))
        resolving.applied = set()


def events_since(fight: Fight, seq: int) -> list[Any]:
    """The events after `seq`, found from the end (the log only grows, in order), so a long
    fight does not read its whole log at every step."""
    events = fight.state.events
    i = len(events)
    while i > 0 and events[i - 1].seq > seq:
        i -= 1
    return events[i:]


def _harmed_since(fight: Fight, seq: int) -> list[str]:
    harmed: list[str] = []
    for ev in events_since(fight, seq):
        if ev.kind == "damage" and (ev.data.get("amount") or 0) > 0:
            target = ev.data.get("target")
            if target and target not in harmed:
                harmed.append(target)
    order = {cid: i for i, cid in enumerate(fight.state.order)}
    return sorted(harmed, key=lambda cid: order.get(cid, len(order)))


def _finish(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], record: ActionStep) -> None:
    """What ends once the action is over (condition endings that wait for it; `this-action`
    conditions answers put on), then whether the fight is over."""

    end_conditions(fight, actor, plan, targets, record)
    for holder_id, cid in record.this_action or []:
        holder = fight.state.combatant(holder_id)
        if holder is None:
            continue
        held = next((h for h in holder.conditions if h.id == cid and h.this_action), None)
        if held is not None:
            remove_condition(fight, holder, held, reason="the action is over")
    if not record.cancelled:
        # What the casting leaves once the reactions to it are over (a summon, 1.122).
        over = CASTING_OVER.get(plan.kind)
        if over is not None:
            over(fight, actor, plan, targets)
    check_outcome(fight)
    then = record.then
    if then is not None:
        # A strike made in a `leaves-reach` window: that window carries on now.

        carry_on(fight, then)
    starts = record.starts_turn
    if starts is not None:
        # A held-back action completed as its holder's turn began: the turn's start goes on.
        turn_started(fight, fight.get(starts))


#: What a casting of each kind of plan leaves once it is over and was not cancelled.
CASTING_OVER: dict[str, Callable[[Fight, Combatant, Any, list[Combatant]], None]] = {"entry": after_casting}


def end_conditions(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], record: ActionStep) -> None:
    """What the step's harm ends (condition_ends.py), read from the step's own record so a
    step finished on another worker ends the same conditions."""
    before = {(h, c) for h, c in record.before}
    now = {(c.id, h.id) for c in fight.state.combatants for h in c.conditions}
    kept = (now - before) | {(h, c) for h, c in record.applied or []}
    aimed = {t.id for t in targets} if plan.aims_harm and not record.cancelled else set()
    after_aimed(fight, actor, plan, aimed, events_since(fight, record.from_seq), kept)
    # A hider who attacked, harmed or made noise is found by everyone, after the step that
    # still benefited from hiding (1.287).
    gives_away(fight, actor, plan)


def signature_at_turn_start(fight: Fight, c: Combatant) -> None:
    """1.805: as an opposing side's turn begins, after all its start set off."""
    if fight.combat.signatureAtTurnStart:
        open_window(fight, "starts-turn", c, None, TurnStep())


def turn_started(fight: Fight, c: Combatant) -> None:
    """After everything the start of `c`'s turn sets off: the `turn-start` window, then the
    signature window of 1.805."""
    if c.out or c.down or fight.state.outcome:
        return
    open_window(fight, "turn-start", c, None, TurnStartSignatureStep(source=c.id))
    signature_at_turn_start(fight, c)


def between_turns(fight: Fight, ended: Combatant | None) -> None:
    """When a turn has ended and before the next begins: signature actions."""
    open_window(fight, "between-turns", ended, None, NextTurnStep())


__all__ = ["between_turns", "continue_action", "origin_of", "start_action", "turn_started"]


# The steps a window held that go on here (windows.RESUMES): an action's, and the
# signature window at a turn's start. The turn loop (turns.py) and the board register theirs.
RESUMES["action"] = continue_action
RESUMES["turn-start-signature"] = lambda fight, record: signature_at_turn_start(fight, fight.get(record.source))
