"""Whether one `applies` entry is put on one target: `when` (1.167) and `targetIs` (1.168).

Owns: `allowed(fight, actor, target, apply)`. `when` is read from the applier's sheet, live
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

from . import numbers as N
from .condition_ends import note_applied
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
