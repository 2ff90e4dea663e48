"""One `applies` entry put on one target: whether it is (`when`, 1.167; `targetIs`, 1.168),
and putting it on.

Owns: `apply_condition(fight, actor, target, apply, dc)` (an entry's, a creature action's, a
weapon's hit's, an aura's failed save's: its duration, `saveEnds`, an escape DC (1.174), harm
per cost step, `endsWith` (1.202), a fixed value (1.274), the kind a use named (1.270), and the
applier's concentration holding it) and `allowed(fight, actor, target, apply)`. `when` is read from the applier's sheet, live
state and items at the moment the condition is applied; an entry outside its bounds is
skipped and the rest are applied as usual. An applier without a sheet (a creature written
in numbers) applies every entry. `targetIs` applies the condition only to targets that
pass the test. Each skip is a sentence in the log. An entry that goes ahead is noted as
applied by the action now resolving (condition_ends.py), so that action's own harm does
not end it.
"""

from __future__ import annotations

import math
from typing import Any

from . import condition_on as CN
from . import condition_harms as CH
from . import condition_temporary as CT
from . import diseases as D
from . import numbers as N
from . import source_saves as SS
from .condition_ends import note_applied
from .destroying import destroys
from .fight import Fight
from .state import Combatant
from .creature_types import describe_test, passes


def _bounds_text(bounds: Any) -> str:
    if bounds.atLeast is not None and bounds.atMost is not None:
        return f"between {bounds.atLeast:g} and {bounds.atMost:g}"
    if bounds.atLeast is not None:
        return f"at least {bounds.atLeast:g}"
    return f"at most {bounds.atMost:g}"


def allowed(fight: Fight, actor: Combatant, target: Combatant, apply: Any) -> bool:
    name = N.label(fight.ruleset, "condition", apply.condition)
    when = getattr(apply, "when", None)
    if when is not None:
        view = fight.view(actor)
        if view is not None:
            value = view.value(when.value)
            low_ok = when.atLeast is None or value >= when.atLeast
            high_ok = when.atMost is None or value <= when.atMost
            if not (low_ok and high_ok):
                what = N.ref_label(fight.ruleset, when.value, "the value it reads")
                shown = math.floor(value) if value == math.floor(value) else value
                fight.emit("note", f"{name} is not put on {target.name}: {actor.name}'s {what} is {shown}, "
                           f"and it needs {_bounds_text(when)}.", target=target.id, condition=apply.condition)
                return False
    test = getattr(apply, "targetIs", None)
    if test is not None and not passes(fight, target, test):
        fight.emit("note", f"{name} is not put on {target.name}: it takes only {describe_test(fight, test)}.",
                   target=target.id, condition=apply.condition)
        return False
    note_applied(fight, target, apply.condition)
    return True


def apply_condition(fight: Fight, actor: Combatant, target: Combatant, apply: Any, dc: int | None, *,
               concentration: bool = False, steps: int = 0, kind: str | None = None) -> None:
    """One `applies` item put on `target`; `steps` are the raised-cost steps the use was paid
    at (`harmsPerCostStep`); `kind` the one a `kindChoice` use named (1.270), remembered."""
    if not allowed(fight, actor, target, apply):
        return
    if apply.destroysUpTo is not None and destroys(fight, actor, target, apply):
        return
    duration = apply.duration
    rounds = at = None
    of = "holder"
    this_action = False
    if isinstance(duration, str):
        this_action = duration == "this-action"
    else:
        rounds = duration.rounds
        at = duration.at
        of = "source" if duration.of == "source" else "holder"
    save = apply.saveEnds.save if apply.saveEnds is not None else None
    save_at = apply.saveEnds.at if apply.saveEnds is not None else None
    ok = CN.put_condition(
        fight, target, apply.condition, source=actor.id, rounds=rounds, at=at or "turn-end", of=of,
        save=save, save_at=save_at, dc=dc, ends_after=apply.endsAfter,
        concentration=actor.id if concentration else None, this_action=this_action,
        # A spell hold is escaped against the entry's own save DC (mechanics-1 1.174).
        escape=dc if getattr(apply, "escapeDc", None) == "save" else None,
        escape_checks=getattr(apply, "escapeChecks", None),
        ends_when_holder=getattr(apply, "endsWhenHolder", None),
        harm_more=CH.harm_more(apply, steps),
        save_by_source=(apply.saveEnds.bySource or None) if apply.saveEnds is not None else None,
        ends_with=getattr(apply, "endsWith", None),
    )
    if ok:
        D.keep_count(target, apply.condition, apply.saveEnds)
    if ok and apply.saveEnds is not None:
        SS.remember(next(h for h in reversed(target.conditions) if h.id == apply.condition), apply.saveEnds)
    value = CT.fixed_value(fight, actor, apply)
    if ok and value is not None:
        held = next(h for h in reversed(target.conditions) if h.id == apply.condition)
        held.value = value
    if ok and kind is not None:
        next(h for h in reversed(target.conditions) if h.id == apply.condition).chosen_kind = kind
    if ok and concentration and actor.concentration is not None:
        actor.concentration.conditions.append([target.id, apply.condition])
