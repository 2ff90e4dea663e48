"""Windows: the fight held for someone other than the actor (spec/combat-3 "Windows").

Owns: opening a window in the shared record shape (`state.pending.window`: `id`,
`moment`, `asking`, `source`, `target`, `resume`, `deadline`; state.Window), asking one combatant at a
time in turn order, each once, skipping anyone with nothing they can take and never
asking a `cannot-react` holder; the window's menu (the answers the asked combatant may
take, and Pass, option id `"pass"`, always valid and free); an answer or a Pass; and
closing it, which hands the `resume` continuation to what `RESUMES` holds for its step.

Every moment goes through here, the board's too: `leaves-reach` (someone walking out of
an enemy's reach; the asked striker's menu is board/opportunity.py's, registered in
`MOMENT_ITEMS`) and `falls` (board/falls.py holds a fall's landing and opens it). The
steps a window may hold and the moments with menus of their own are tables filled from
above (window_resume.py, turns.py, the board), so this module imports none of them; the
answer itself is window_answers.answer.

One window at a time, never a stack: an answer is resolved inside `no_windows`, so
nothing it does opens another. A window that opens deep inside a step raises `Held`,
which the driver (engine.py) catches; everything the step did before stays done and the
rest of it is in `resume`, plain JSON saved with the battle.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

from . import numbers as N
from .fight import Fight, turn_order
from .plans import MenuItem, Option, Plan
from .plan_reading import action_plans, budget_left, targets_for
from .options import plan_forecasts, plan_target_count
from .reactions import (Answer, Origin, answers_own_hit, fallers_answered, held_answers, matches, may_answer, moments,
                        origin_of, own_left)
from .state import ActionStep, Combatant, FallStep, HeldStep, Pending, Window
from .board.answers import reaches
from .plan_codec import plan_from_json
from .costs import payment_label
from .blow_adds import drop_adds
from .board.teleport import teleport_item
from .legendary_spells import casting_plans

#: Moments an entry or creature action names; the others are opened by the fight itself.
ENTRY_MOMENTS = ("used", "aimed", "hit", "harmed", "falls", "turn-start")
#: Signature windows: between two turns, and (1.805) as an opposing side's turn starts.
SIGNATURE_MOMENTS = ("between-turns", "starts-turn")


#: How the step a closed window held goes on, by its `resume.step` ("action", "next-turn",
#: "turn-start-signature", "walk", "fall"; "turn": the one whose turn it is acts next and
#: the driver carries on). Filled by the modules that own each step as they load; each is
#: handed the record of its own step.
RESUMES: dict[str, Callable[[Fight, Any], None]] = {}


class Held(Exception):
    """A window opened: the step stops here and continues from the window's `resume`."""


@contextmanager
def no_windows(fight: Fight) -> Iterator[None]:
    """Nothing done inside opens a window (an answer, a signature action, a strike under a
    Capability API older than 1.243)."""
    fight.resolving.windows_off += 1
    try:
        yield
    finally:
        fight.resolving.windows_off -= 1


def open_now(fight: Fight) -> bool:
    return fight.resolving.windows_off == 0 and not fight.state.outcome


def current(fight: Fight) -> Window | None:
    p = fight.state.pending
    return p.window if p is not None and p.decision == "window" else None


# ---------------------------------------------------------------------------
# the window's menu
# ---------------------------------------------------------------------------


@dataclass
class WindowItem(MenuItem):
    answer: Answer | None = None
    #: Targets the moment fills in (`at: source` or `target`); empty when chosen or self.
    fixed: list[str] = field(default_factory=list)
    signature: int = 0
    #: The cell a signature move or teleport goes to, when the Engine picked one.
    cell: tuple[int, int] | None = None


#: Gives a signature action that moves (`move`, mechanics-3 1.283, 1.285) the cells it may
#: stop on, or None when it is not offered (board/legendary.py registers it).
SIGNATURE_MOVES: list[Callable[[Fight, Combatant, WindowItem], WindowItem | None]] = []


def _pass_item() -> WindowItem:
    return WindowItem(Option(id="pass", label="Pass", group="pass", text="let the moment go by; costs nothing"),
                      Plan(kind="end", name="Pass"))


def _context(fight: Fight, w: Window) -> tuple[Combatant | None, Combatant | None, list[Combatant],
                                                list[str], Origin | None]:
    state = fight.state
    source = state.combatant(w.source) if w.source else None
    target = state.combatant(w.target) if w.target else None
    resume = w.resume
    targets = resume.targets if isinstance(resume, (ActionStep, FallStep)) else []
    aimed = [c for c in (state.combatant(t) for t in targets) if c is not None]
    harmed = list(resume.harmed) if isinstance(resume, ActionStep) else []
    origin = None
    if isinstance(resume, ActionStep) and source is not None:
        plan = plan_from_json(fight, source, resume.plan)
        step = (resume.cursor or {}).get("step")
        if step is not None and step < len(plan.steps):
            # A hit inside a sequence is a hit by that part.
            part = plan.steps[step]
            plan = Plan(kind="action", name=part.name, budget=plan.budget, action=part)
        origin = origin_of(fight, source, plan)
    return source, target, aimed, harmed, origin


def _window_context(fight: Fight, w: Window) -> tuple[Combatant | None, Combatant | None, list[Combatant],
                                                       list[str], Origin | None]:
    """`_context`, read once for everyone asked while nothing changes (see `_asking`)."""
    memo = fight.memo.menu
    if memo is None:
        return _context(fight, w)
    found = memo.get(("window", id(w)))
    if found is None or found[0] is not w:
        found = memo[("window", id(w))] = (w, _context(fight, w))
    return found[1]


def _fixed_targets(fight: Fight, holder: Combatant, answer: Answer, w: Window, source: Combatant | None,
                   target: Combatant | None, aimed: list[Combatant]) -> list[str] | None:
    """Whom the answer lands on when the moment fills it in; None when it is chosen."""
    plan = answer.plan
    if plan.aims_at_self:
        return [holder.id]
    at = getattr(answer.reaction, "at", None) or "source"
    if at == "chosen" or w.moment == "falls":
        # A `falls` answer lands on the fallers chosen (1.124).
        return None
    if at == "source":
        return [source.id] if source is not None else []
    moment = w.moment
    if moment == "harmed":
        return [holder.id]
    if moment == "aimed" and source is not None:
        mine = [t for t in aimed if t.side == holder.side and t.side != source.side]
        return [mine[0].id] if mine else []
    return [target.id] if target is not None else []


def _answer_items(fight: Fight, holder: Combatant, w: Window) -> list[WindowItem]:
    moment = w.moment
    answers = held_answers(fight, holder)
    if not answers:
        return []
    source, target, aimed, harmed, origin = _window_context(fight, w)
    effects = N.effects(fight, holder)
    items: list[WindowItem] = []
    seen: set[str] = set()
    for answer in answers:
        specs = [s for s in moments(answer.reaction)
                 if matches(fight, holder, answer, s, moment, source, target, aimed, harmed, origin)]
        if not specs:
            continue
        own_hit = answers_own_hit(answer) and specs[0] is answer.reaction
        # What stops reactions does not stop a reaction to one's own hit (1.241).
        if not own_hit and ("cannot-react" in effects or "cannot-act" in effects):
            continue
        if own_hit and w.taken and not own_left(answer, w.taken):
            # Taken on this hit already, or one of its `oneOf` group was (1.248).
            continue
        plan = answer.plan
        if not budget_left(holder, plan.budget):
            continue
        oid = plan.menu_id
        if oid in seen:
            continue
        fixed = _fixed_targets(fight, holder, answer, w, source, target, aimed)
        if fixed is None:
            choices = _choices(fight, holder, answer, moment, aimed)
            count = plan_target_count(plan)
            if count and not choices:
                continue
            reach = choices
        else:
            if not fixed and plan.kind == "entry" and plan.mechanics.targets != "self":
                continue
            reach, count = [c for c in (fight.state.combatant(t) for t in fixed) if c is not None], 0
        seen.add(oid)
        costs = [{"pool": p, "amount": a, "label": N.pool_label(fight, holder, p)} for p, a in plan.costs]
        option = Option(id=oid, label=payment_label(fight, plan), group="answer", budget=plan.budget, costs=costs,
                        targets=[c.id for c in reach], count=min(count, len(reach)) if count else 0,
                        forecasts=plan_forecasts(fight, holder, plan, reach or [holder]),
                        text=f"answers {moment}" + (f" on {', '.join(c.name for c in reach)}" if fixed else ""))
        items.append(WindowItem(option, plan, answer=answer, fixed=list(fixed or [])))
    return items


def _choices(fight: Fight, holder: Combatant, answer: Answer, moment: str, aimed: list[Combatant]) -> list[Combatant]:
    """Whom a chosen answer may land on: the fallers it may catch (nearest first, which is
    the default pick up to its count), or anyone on its side within its range."""
    if moment == "falls":
        return fallers_answered(fight, holder, answer, aimed)

    return [c for c in targets_for(fight, holder, answer.plan.targets_side) if reaches(fight, holder, answer.plan, c)]



def _signature_items(fight: Fight, holder: Combatant, w: Window) -> list[WindowItem]:
    if holder.signature_points <= 0:
        return []
    effects = N.effects(fight, holder)
    if "cannot-act" in effects or "cannot-react" in effects:
        return []
    source = fight.state.combatant(w.source) if w.source else None
    if source is not None and source.id == holder.id:
        return []
    if w.moment == "starts-turn" and (source is None or source.side == holder.side):
        return []
    items: list[WindowItem] = []
    for plan in action_plans(fight, holder, pick=lambda a: a.signature is not None):
        cost = plan.action.signature.cost
        if cost > holder.signature_points:
            continue
        if plan.action.casting is not None:
            items += _casting_items(fight, holder, plan, cost)
            continue
        reach = targets_for(fight, holder, plan.targets_side)
        count = plan_target_count(plan)
        if count and not reach:
            continue
        if plan.aims_at_self or _goes_only(plan.action):
            reach, count = [holder], 0
        plan.budget = None
        option = Option(id=f"action:{plan.action.id}", label=plan.name, group="signature",
                        targets=[c.id for c in reach] if count else [], count=min(count, len(reach)) if count else 0,
                        forecasts=plan_forecasts(fight, holder, plan, reach if count else [holder]),
                        text=f"{cost} signature point{'s' if cost != 1 else ''} of {holder.signature_points}")
        plain = WindowItem(option, plan, signature=cost)
        item: WindowItem | None = plain
        action = plan.action
        if action.teleport is not None:
            # A teleport lands on a cell the answer names; off the board it leads nowhere.
            landing = teleport_item(fight, holder, plain) if fight.state.board is not None else None
            item = WindowItem(landing.option, plan, signature=cost) if landing is not None else None
        elif action.move is not None:
            for moves in SIGNATURE_MOVES:
                item = moves(fight, holder, item) if item is not None else None
        if item is not None:
            items.append(item)
    return items


def _casting_items(fight: Fight, holder: Combatant, plan: Plan, cost: int) -> list[WindowItem]:
    """A `casting` action's spells (legendary_spells.py), each an answer of its own."""
    items: list[WindowItem] = []
    text = f"{cost} signature point{'s' if cost != 1 else ''} of {holder.signature_points}"
    for spell, oid, label in casting_plans(fight, holder, plan.action, bool(plan.action.casting.cantripsOnly)):
        reach = targets_for(fight, holder, spell.targets_side)
        count = plan_target_count(spell)
        if count and not reach:
            continue
        costs = [{"pool": p, "amount": a, "label": N.pool_label(fight, holder, p)} for p, a in spell.costs]
        option = Option(id=oid, label=label, group="signature", costs=costs,
                        targets=[c.id for c in reach] if count else [], count=min(count, len(reach)) if count else 0,
                        forecasts=plan_forecasts(fight, holder, spell, reach if count else [holder]), text=text)
        items.append(WindowItem(option, spell, signature=cost))
    return items


def _goes_only(action: Any) -> bool:
    """A signature move or teleport that does nothing else: it is aimed at nobody."""
    return (action.move is not None or action.teleport is not None) and not any(
        getattr(action, k) for k in ("damage", "area", "save", "applies", "heal"))


def check_cell(item: WindowItem, cell: tuple[int, int] | None) -> str | None:
    """Why an answer's `cell` is refused: a signature teleport or a move that does nothing
    else needs one of its cells; a move after an action (1.285) takes one of its cells or
    none. None when the cell is fine (or the answer goes to no cell)."""
    board = item.option.board or {}
    spot = board.get("teleport") or board.get("move")
    if spot is None:
        if cell is not None and getattr(item.plan.action, "move", None) is not None:
            return f"{item.plan.name} has nowhere to move to now, so it takes no cell"
        return None
    verb = "teleports" if "teleport" in board else "moves"
    if cell is None:
        if "teleport" in board or spot.get("needed"):
            return f'{item.plan.name} {verb} to a cell: give "cell": [x, y]'
        return None
    if [cell[0], cell[1]] not in spot["cells"]:
        return f"{item.plan.name} cannot go to {cell[0]}, {cell[1]}: it {verb} up to {spot['distance']} to a free cell"
    return None


def window_items(fight: Fight, holder: Combatant) -> list[WindowItem]:
    """What `holder` may take in the open window, Pass last (empty when not asked)."""
    w = current(fight)
    if w is None or not w.asking or w.asking[0] != holder.id:
        return []
    return _items(fight, holder, w) + [_pass_item()]


#: The menus of moments whose answers are not reactions, by moment ("leaves-reach": the
#: board's opportunity strikes), filled by their owners as they load.
MOMENT_ITEMS: dict[str, Callable[[Fight, Combatant, Window], list[WindowItem]]] = {}


def _items(fight: Fight, holder: Combatant, w: Window) -> list[WindowItem]:
    # The surprised answer nothing until their first turn or the first round ends (1.237).
    if holder.out or holder.down or holder.surprised:
        return []
    if w.moment in SIGNATURE_MOMENTS:
        return _signature_items(fight, holder, w)
    own = MOMENT_ITEMS.get(w.moment)
    if own is not None:
        return own(fight, holder, w)
    return _answer_items(fight, holder, w)


# ---------------------------------------------------------------------------
# opening, asking, closing
# ---------------------------------------------------------------------------

_OPENING = {
    "used": "{source} uses {what}",
    "aimed": "{what} is aimed at {aimed}",
    "hit": "{what} hits {target}",
    "harmed": "{what} has harmed {harmed}",
    "turn-start": "{source} starts their turn",
    "between-turns": "between turns, signature actions may be bought",
    "starts-turn": "{source}'s turn begins; signature actions may be bought",
    "falls": "{aimed} {falls}",
}


def _opening(fight: Fight, moment: str, w: Window, source: Combatant | None, target: Combatant | None,
             what: str) -> str:
    names = {cid: fight.get(cid).name for cid in fight.state.order if fight.state.combatant(cid)}
    asked = [fight.get(c).name for c in w.asking]
    resume = w.resume
    if moment == "leaves-reach":
        # The walker is the source, standing on the board.
        assert source is not None and source.position is not None
        x, y = source.position
        return (f"{source.name} walks out of {', '.join(asked)}'s reach at {x}, {y}; the fight waits for "
                f"{'their' if len(asked) > 1 else 'that'} answer.")
    fallers = resume.targets if isinstance(resume, (ActionStep, FallStep)) else []
    aimed = ", ".join(names.get(t, t) for t in fallers)
    harmed = ", ".join(names.get(t, t) for t in (resume.harmed if isinstance(resume, ActionStep) else []))
    moment_text = _OPENING[moment].format(source=source.name if source else "", what=what or "it",
                                          target=target.name if target else "", aimed=aimed, harmed=harmed,
                                          falls="fall" if len(fallers) > 1 else "falls")
    return f"The fight waits: {moment_text}. Asked in turn: {', '.join(asked)}."


def open_window(fight: Fight, moment: str, source: Combatant | None, target: Combatant | None,
                resume: HeldStep, *, what: str = "") -> None:
    """Opens a window when anyone may answer, and raises `Held`; otherwise does nothing
    and the caller goes on. Nobody is asked while windows are off (inside a window)."""
    if not open_now(fight) or current(fight) is not None:
        return
    w = Window(id=f"w{fight.state.seq + 1}", moment=moment, asking=[], source=source.id if source else None,
               target=target.id if target else None, resume=resume, deadline=None)
    asking = _asking(fight, w)
    if moment == "hit":
        # The attacker's answers to their own hit come after everyone hit has answered.
        asking.sort(key=lambda cid: cid == w.source)
    if not asking:
        return
    w.asking = asking
    fight.emit("window", _opening(fight, moment, w, source, target, what), window=w.id, moment=moment,
               asking=list(asking), source=w.source, target=w.target)
    _ask(fight, w)
    raise Held()


def _asking(fight: Fight, w: Window) -> list[str]:
    """Who has an answer to take, in turn order. Only whether each has one matters, so
    their forecasts are left out; nothing changes while they are looked at, so what is read
    (the window's context, the combatants' numbers) is kept until the last is asked."""
    before, memo, blank = fight.drawing.forecasting, fight.memo.menu, fight.drawing.blanks
    fight.drawing.forecasting, fight.drawing.blanks = False, False
    fight.memo.menu = {} if memo is None else memo
    moment = w.moment
    try:
        asking = []
        for cid in turn_order(fight):
            holder = fight.get(cid)
            # What `_items` would find first, asked cheaply of everyone: most hold nothing.
            if holder.out or holder.down:
                continue
            if moment in SIGNATURE_MOMENTS and holder.signature_points <= 0:
                continue
            if moment in ENTRY_MOMENTS and not may_answer(fight, holder):
                continue
            if _items(fight, holder, w):
                asking.append(cid)
        return asking
    finally:
        fight.drawing.forecasting, fight.memo.menu, fight.drawing.blanks = before, memo, blank


def _ask(fight: Fight, w: Window) -> None:
    asked = fight.get(w.asking[0])
    fight.state.pending = Pending(actor=asked.id, controller=asked.controller, player=asked.player,
                                  decision="window", window=w)


def answered(fight: Fight, w: Window) -> None:
    """The one asked has answered (or passed): the window carries on."""
    w.asking.pop(0)
    carry_on(fight, w)


def carry_on(fight: Fight, w: Window) -> None:
    """After an answer: the next in `asking` who has something to take is asked; when none
    is left the window closes and the step it held resumes (which may raise `Held`)."""
    if isinstance(w.resume, ActionStep) and w.resume.cancelled:
        w.asking.clear()
    while w.asking and not fight.state.outcome:
        # Whoever has nothing left they can take (spent, fallen) is skipped, not asked.
        if _items(fight, fight.get(w.asking[0]), w):
            _ask(fight, w)
            return
        w.asking.pop(0)
    fight.state.pending = None
    go_on = RESUMES.get(w.resume.step)
    if go_on is not None:
        go_on(fight, w.resume)


# ---------------------------------------------------------------------------
# a hit held before damage
# ---------------------------------------------------------------------------


def offer_hit(fight: Fight, actor: Combatant, target: Combatant, origin_plan: Any, at: dict[str, Any],
              rolled: dict[str, Any]) -> None:
    """A roll that hit (`rolled`, as the attack roll left it): the window asks the one hit
    (and whoever answers for them) before damage. The held roll and where the step stands
    go into the step's `resume`."""
    step = fight.resolving.step
    if step is None or not open_now(fight):
        return
    roll = dict(rolled)
    step.cursor = {**at, "held": roll}
    # The one-attack conditions are gathered again when the held roll is checked again.
    kept, fight.resolving.after_attack = fight.resolving.after_attack, []
    label = N.defense_label(fight.ruleset)
    total = roll.get("total")
    # A pool's throw is its successes (pool_attack.py), a symbol throw its net successes.
    shown = f"{total} success{'es' if total != 1 else ''}" if roll.get("pool") or roll.get("symbol") else total
    what = f"{actor.name}'s {getattr(origin_plan, 'name', '')} ({shown} against {label} {roll.get('defense')})"
    open_window(fight, "hit", actor, target, step, what=what)
    step.cursor = None
    fight.resolving.after_attack = kept


def recheck_hit(fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any], what: str) -> tuple[bool, bool]:
    """The held roll checked again against the defense as it is now: a natural roll that
    always hits still hits. The log says whether an answer turned it into a miss."""
    defense, _parts = N.defense(fight, target)
    total = int(held["total"]) - int(held.get("lowered") or 0)
    hit = bool(held.get("forced")) or total >= defense
    if defense != held.get("defense") or held.get("lowered"):
        label = N.defense_label(fight.ruleset)
        verdict = "still hits" if hit else "now misses"
        fight.emit("attack", f"{actor.name}'s {what}: {total} against {target.name}'s {label} {defense} now, "
                   f"{verdict}.", actor=actor.id, target=target.id, total=total, defense=defense, hit=hit,
                   recheck=True)
    if not hit:
        drop_adds(fight, target)
    regather(fight, actor, target)
    return hit, bool(held.get("critical")) and hit


def regather(fight: Fight, actor: Combatant, target: Combatant) -> None:
    """The one-attack conditions a held attack uses, gathered again as it resumes."""
    fight.resolving.after_attack = [(actor.id, h) for h in actor.conditions
                                    if h.ends_after == "own-attack" or h.ends_on_attack] + [
        (target.id, h) for h in target.conditions if h.ends_after == "attacked"]
