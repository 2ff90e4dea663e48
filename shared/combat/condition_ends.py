"""How a condition ends besides its clock, and what it leaves behind.

Owns:
- damage that ends or tests a condition: `endsWhen: ["damaged"]` ends it at once on damage
  greater than zero; `saveWhenDamaged` and `saveEnds.at: "damaged"` repeat the stored save
  at the stored DC once per hit (a blow's parts together, see blows.py) and end it on a
  success (no stored save or DC: nothing is rolled; with `bySource`, mechanics-3 1.274,
  only on damage from the condition's applier). `open_blow`/`close_blow` bracket a
  blow (`Fight.resolving.open_blows`), whose parts are judged once when it closes
  (`effects.blow_ends`); `on_damage` is called by effects for every amount that lands;
- endings that wait until the harmful action has fully resolved (`resolving`): 
  `harmed-by-source-side` (damage greater than zero dealt by the applier or anyone on
  their side, or their aiming an attack, a save or a harmful condition at the holder, even
  if the attack misses or the save succeeds), `attacked` (an attack roll against the
  holder by anyone), `ally-harmed-in-sight` (damage to anyone else on the holder's side:
  without a board everyone is in sight) and `endsWhenHarmedFrom` (harm from anything cast
  from those catalogs). A condition the same action put on, or put on again, stays;
- `shakeOff`: another combatant on the holder's side spends that budget on their own turn
  to end it. The menu option is `shake-off:<holder id>:<condition id>` (no targets; the
  holder is in the id). Without a board `reach` is not measured;
- `ends_together`: `endsWith` (mechanics-2 1.202), the condition the same use tied to the
  one that ended comes off with it;
- `leave_behind`: a condition's `onEnd` when it fully ends (never when the fight's end
  takes it off, never when it is applied again): its `applies` for their rounds, started
  from the holder's next turn when it is left in the middle of the holder's own turn, and
  its `tracks` moved (`shift_track`, which an entry's `tracks` also moves: sheet_changes.py).
"""

from __future__ import annotations

from typing import Any, Callable

from . import diseases as D
from . import effects as E
from . import condition_on as CN
from . import numbers as N
from .condition_off import LEFT_BEHIND, remove_condition
from .fight import Fight, OpenBlow
from .plans import MenuItem, Option, Plan
from .state import Combatant, HeldCondition
from ..sheet import move_track
from ..dice import parse_dice
from .creature_types import describe_test, passes
from .paying import spend_budget
from .rolls import roll_damage

SHAKE_OFF = "shake-off"


def note_applied(fight: Fight, target: Combatant, condition: str) -> None:
    """A condition put on (or on again) by the action now resolving: its own ending rules
    wait for the next harmful action (`Fight.resolving.applied`)."""
    fight.resolving.applied.add((target.id, condition))


# ---------------------------------------------------------------------------
# damage
# ---------------------------------------------------------------------------


def open_blow(fight: Fight, target: Combatant) -> None:
    """A blow at `target` begins: its parts land one by one until `close_blow`."""
    blow = fight.resolving.open_blows.get(target.id)
    if blow is None:
        fight.resolving.open_blows[target.id] = OpenBlow()
    else:
        blow.depth += 1


def close_blow(fight: Fight, target: Combatant) -> None:
    """The blow's last part has landed: what it set off is judged once, against what its
    parts landed in all (effects.blow_ends), then the saves damage repeats."""
    blow = fight.resolving.open_blows.get(target.id)
    if blow is None:
        return
    # Judged where the parts were dealt (the innermost bracket), so what follows a hit there
    # (a daze) reads the target as the blow left it.
    E.blow_ends(fight, target, blow)
    if blow.depth > 1:
        blow.depth -= 1
        return
    del fight.resolving.open_blows[target.id]
    if blow.landed > 0:
        _damage_saves(fight, target, blow.source)


def on_damage(fight: Fight, source: Combatant | None, target: Combatant, landed: int) -> None:
    """Every amount greater than zero that lands on `target`."""
    if landed <= 0:
        return
    rules = N.condition_rules(fight.ruleset)
    for held in list(target.conditions):
        rule = rules.get(held.id)
        if rule is not None and "damaged" in (rule.endsWhen or []):
            remove_condition(fight, target, held, reason="damage ends it")
    if target.id not in fight.resolving.open_blows:
        _damage_saves(fight, target, source.id if source is not None else None)


def _damage_saves(fight: Fight, target: Combatant, source: str | None) -> None:
    """The saves damage repeats; one with `bySource` (mechanics-3 1.274, Sympathy) only on
    harm from whoever applied its condition."""
    if target.out:
        return
    D.on_damaged(fight, target)
    rules = N.condition_rules(fight.ruleset)
    for held in list(target.conditions):
        if held not in target.conditions or held.save is None or held.dc is None:
            continue
        if held.save_by_source and (source is None or source != held.source):
            continue
        rule = rules.get(held.id)
        if not (held.save_at == "damaged" or (rule is not None and rule.saveWhenDamaged)):
            continue
        D.turn_save(fight, target, held, after=", having taken damage")


# ---------------------------------------------------------------------------
# endings that wait until the action has resolved
# ---------------------------------------------------------------------------



def resolving(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], run: Callable[[], None]) -> None:
    """Runs one action (`run`), then ends what its harm ends."""
    resolving = fight.resolving
    resolving.applied = set()
    before = {(c.id, h.id) for c in fight.state.combatants for h in c.conditions}
    start = len(fight.new_events)
    resolving.acting = actor.id
    try:
        run()
    finally:
        resolving.acting = None
    kept = resolving.applied | {(c.id, h.id) for c in fight.state.combatants for h in c.conditions} - before
    resolving.applied = set()
    aimed = {t.id for t in targets} if plan.aims_harm else set()
    after_aimed(fight, actor, plan, aimed, fight.new_events[start:], kept)


def after_aimed(fight: Fight, actor: Combatant, plan: Plan, aimed: set[str], events: list[Any],
           kept: set[tuple[str, str]]) -> None:
    hurt: dict[str, list[str | None]] = {}
    attacked: set[str] = set()
    for ev in events:
        if ev.kind == "damage" and (ev.data.get("amount") or 0) > 0:
            hurt.setdefault(ev.data.get("target"), []).append(ev.data.get("source"))
        elif ev.kind == "attack" and ev.data.get("target"):
            attacked.add(ev.data["target"])
    if not (aimed or hurt or attacked):
        return
    catalog = plan.entry_catalog
    rules = N.condition_rules(fight.ruleset)
    for holder in fight.state.combatants:
        if holder.out:
            continue
        for held in list(holder.conditions):
            rule = rules.get(held.id)
            if rule is None or (holder.id, held.id) in kept:
                continue
            reason = _ending(fight, actor, holder, held, rule, aimed, hurt, attacked, catalog)
            if reason is not None:
                remove_condition(fight, holder, held, reason=reason)


def _side_of(fight: Fight, cid: str | None) -> str | None:
    c = fight.state.combatant(cid) if cid else None
    return c.side if c is not None else None


def _ending(fight: Fight, actor: Combatant, holder: Combatant, held: HeldCondition, rule: Any, aimed: set[str],
            hurt: dict[str, list[str | None]], attacked: set[str], catalog: str | None) -> str | None:
    endings = rule.endsWhen or []
    harmed = holder.id in aimed or holder.id in hurt
    if "harmed-by-source-side" in endings and held.source is not None:
        source = fight.state.combatant(held.source)
        side = source.side if source is not None else None
        by_side = (holder.id in aimed and actor.side == side) or any(
            _side_of(fight, s) == side for s in hurt.get(holder.id, []))
        if source is not None and side is not None and by_side:
            return f"{source.name}'s side harmed them"
    if "attacked" in endings and holder.id in attacked:
        return "an attack was rolled against them"
    if "ally-harmed-in-sight" in endings:
        for cid in sorted(hurt):
            other = fight.state.combatant(cid)
            if other is not None and other.id != holder.id and other.side == holder.side:
                return f"they saw {other.name} harmed"
    harmed_from = getattr(rule, "endsWhenHarmedFrom", None) or []
    if catalog and catalog in harmed_from and harmed:
        return "harm cast from that source ends it"
    return None


# ---------------------------------------------------------------------------
# shakeOff
# ---------------------------------------------------------------------------


def shake_off_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """`shake-off:<holder>:<condition>` for every ally holding a condition with `shakeOff`
    whose budget the actor still has."""
    rules = N.condition_rules(fight.ruleset)
    items: list[MenuItem] = []
    seen: set[str] = set()
    for holder in fight.state.combatants:
        if holder.id == actor.id or holder.side != actor.side or holder.out:
            continue
        for held in holder.conditions:
            rule = rules.get(held.id)
            shake = getattr(rule, "shakeOff", None) if rule is not None else None
            if shake is None or actor.budgets.get(shake.budget, 0) <= 0:
                continue
            oid = f"{SHAKE_OFF}:{holder.id}:{held.id}"
            if oid in seen:
                continue
            seen.add(oid)
            name = N.label(fight.ruleset, "condition", held.id)
            budget_label = N.label(fight.ruleset, "budget", shake.budget)
            items.append(MenuItem(
                Option(id=oid, label=f"Shake {holder.name} out of {name}", group="shake-off", budget=shake.budget,
                       text=f"{budget_label}; ends {holder.name}'s {name}"),
                Plan(kind=SHAKE_OFF, name=f"Shake {holder.name} out of {name}", budget=shake.budget, option_id=oid),
            ))
    return items


def shake_off_worth(fight: Fight, plan: Plan) -> float:
    """For the Engine's tactics, in conditions: an ally who cannot act is worth freeing
    twice over; any other condition once."""
    _kind, _holder, condition = (plan.option_id or "").split(":", 2)
    rule = N.condition_rules(fight.ruleset).get(condition)
    return 2.0 if rule is not None and "cannot-act" in (rule.effects or []) else 1.0


def resolve_shake_off(fight: Fight, actor: Combatant, plan: Plan) -> None:
    _kind, holder_id, condition = (plan.option_id or "").split(":", 2)
    holder = fight.get(holder_id)
    budget = plan.budget
    if budget is None:
        raise ValueError(f"{plan.name} names no budget: a shake-off is paid from its condition's `shakeOff.budget`")
    spend_budget(fight, actor, budget)
    name = N.label(fight.ruleset, "condition", condition)
    fight.emit("shake-off", f"{actor.name} spends their {N.label(fight.ruleset, 'budget', budget)} "
               f"shaking {holder.name} out of {name}.", actor=actor.id, target=holder.id, condition=condition)
    for held in list(holder.conditions):
        if held.id == condition:
            remove_condition(fight, holder, held, reason=f"{actor.name} shook them out of it")


# ---------------------------------------------------------------------------
# onEnd
# ---------------------------------------------------------------------------


def leave_behind(fight: Fight, c: Combatant, held: HeldCondition, rule: Any) -> None:
    """What a condition that has fully ended leaves behind: `onEnd.applies`, `tracks`
    shifted by levels (1.239) and `harm` on behalf of the applier (1.245)."""
    on_end = getattr(rule, "onEnd", None) if rule is not None else None
    if on_end is None or fight.state.outcome or c.out:
        return
    left = N.label(fight.ruleset, "condition", held.id)
    _leave_applies(fight, c, held, on_end, left)
    for shift in on_end.tracks or []:
        _shift_track(fight, c, shift, left)
    if on_end.harm is not None:
        _end_harm(fight, c, held, on_end.harm, left)


def shift_track(fight: Fight, c: Combatant, shift: Any) -> int | None:
    """Moves `c`'s track by `shift.by` levels, within its bounds (the sheet's own for a
    character; never below 0 for a creature's); the value it is left at, or None when the
    sheet refused (the log says why)."""
    if c.sheet is not None:
        error = fight.write(c, move_track(fight.ruleset, c.sheet, shift.track, by=shift.by))
        if error:
            name = N.label(fight.ruleset, "track", shift.track)
            fight.emit("note", f"The sheet refused to move {c.name}'s {name}: {error}", target=c.id)
            return None
        view = fight.view(c)
        info = view.track(shift.track) if view is not None else None
        return info.value if info is not None else 0
    value: int = max(0, c.tracks.get(shift.track, 0) + shift.by)
    c.tracks[shift.track] = value
    return value


def _shift_track(fight: Fight, c: Combatant, shift: Any, left: str) -> None:
    value = shift_track(fight, c, shift)
    if value is None:
        return
    name = N.label(fight.ruleset, "track", shift.track)
    fight.emit("track", f"{left} leaves {c.name}'s {name} at {value} ({'+' if shift.by > 0 else '-'} {abs(shift.by)}).",
               target=c.id, track=shift.track, value=value)


def _end_harm(fight: Fight, c: Combatant, held: HeldCondition, harm: Any, left: str) -> None:
    if harm.unless is not None and passes(fight, c, harm.unless):
        fight.emit("note", f"{c.name} is {describe_test(fight, harm.unless)}, so {left} ending deals no harm.",
                   target=c.id)
        return
    expr = parse_dice(harm.dice or "0")
    expr = expr.with_modifier(harm.flat or 0)
    amount, text = roll_damage(fight, expr, False)
    source = fight.state.combatant(held.source) if held.source else None
    E.deal_damage(fight, source, c, amount, harm.type, what=f"{left} ending ({text})")


def _leave_applies(fight: Fight, c: Combatant, held: HeldCondition, on_end: Any, left: str) -> None:
    # Mid-turn: an action of the holder's own turn is resolving (not the turn's start or end).
    mid_turn = fight.resolving.acting is not None and fight.state.current() is c
    for apply in on_end.applies or []:
        duration = apply.duration
        rounds = getattr(duration, "rounds", None)
        if rounds is None:
            continue
        at = getattr(duration, "at", None) or "turn-end"
        # Left in the middle of the holder's own turn, the rounds start from their next turn:
        # one more count keeps this turn from spending the first round.
        counted = rounds + 1 if mid_turn else rounds
        ok = CN.put_condition(fight, c, apply.condition, source=held.source, rounds=counted, at=at, quiet=True,
                             ends_with=apply.endsWith)
        if ok:
            name = N.label(fight.ruleset, "condition", apply.condition)
            start = " from their next turn" if mid_turn else ""
            fight.emit("condition", f"{left} leaves {c.name} {name} for {rounds} round{'s' if rounds != 1 else ''}"
                       f"{start}.", target=c.id, condition=apply.condition, rounds=rounds)


def ends_together(fight: Fight, c: Combatant, held: HeldCondition, _rule: Any) -> None:
    """`endsWith` (mechanics-2 1.202, Hypnotic Pattern): however `held` ends, the condition
    the same use put on with it ends too, and the log says why."""
    for other in [h for h in c.conditions if h.ends_with == held.id]:
        remove_condition(fight, c, other, reason=f"it ends with {N.label(fight.ruleset, 'condition', held.id)}")


# Damage and a condition's end reach these rules from below (effects.py, condition_off.py).
E.AFTER_DAMAGE.append(on_damage)
LEFT_BEHIND.append(leave_behind)
LEFT_BEHIND.append(ends_together)
