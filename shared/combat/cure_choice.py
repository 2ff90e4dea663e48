"""Curing one of several things (mechanics-2 1.204, `cureOneOf`): an entry whose `ends`,
`tracks` and `unseals` are cures to choose between carries out exactly one of them.

Owns: `cure_plans` (each cure offered as a mode of the option, `<option>@cure:<n>`, n
counting from 1 over the entry's `ends` conditions, then its `tracks`, then `unseals`, like
a weapon's modes), `narrowed` (the entry's mechanics with only the n-th cure, what a mode
lands), `cure_label` (the mode's label: the condition, the track or the health pool) and
`chosen` (a use with no mode chosen carries out the first cure, in that order, the target
has a reason for). Everything else about a cure (whom it helps, landing it) is cures.py's
and entries.apply_conditions', which read the narrowed mechanics as any other cure.
"""

from __future__ import annotations

from typing import Any

from . import numbers as N
from .cures import helped
from .fight import Fight
from .plans import Plan
from .state import Combatant


def cure_count(mech: Any) -> int:
    """How many cures a `cureOneOf` entry chooses between (0 for any other)."""
    if not getattr(mech, "cureOneOf", None):
        return 0
    ends = mech.ends
    return (len(ends.conditions) if ends is not None else 0) + len(mech.tracks or []) + (1 if mech.unseals else 0)


def narrowed(mech: Any, n: int) -> Any:
    """`mech` with only its n-th cure (1-based), no longer choosing."""
    conditions = list(mech.ends.conditions) if mech.ends is not None else []
    tracks = list(mech.tracks or [])
    update: dict[str, Any] = {"cureOneOf": None, "ends": None, "tracks": None, "unseals": None}
    if n <= len(conditions):
        update["ends"] = mech.ends.model_copy(update={"conditions": [conditions[n - 1]], "count": None})
    elif n <= len(conditions) + len(tracks):
        update["tracks"] = [tracks[n - 1 - len(conditions)]]
    else:
        update["unseals"] = True
    return mech.model_copy(update=update)


def cure_label(fight: Fight, mech: Any) -> str:
    """The label of the one cure narrowed mechanics carry."""
    if mech.ends is not None:
        return N.label(fight.ruleset, "condition", mech.ends.conditions[0])
    if mech.tracks:
        return N.label(fight.ruleset, "track", mech.tracks[0].track)
    pool = fight.combat.health.pool
    return N.label(fight.ruleset, "pool", pool) if pool is not None else "health"


def cure_plans(fight: Fight, plan: Plan) -> list[Plan]:
    """One plan per cure of a `cureOneOf` entry, each a mode of `plan`'s option."""
    count = cure_count(plan.mechanics)
    if not count:
        return []
    base_id = plan.option_id or plan.menu_id
    return [plan.revised(option_id=f"{base_id}@cure:{n}", cure=n, mechanics=narrowed(plan.mechanics, n))
            for n in range(1, count + 1)]


def chosen(fight: Fight, mech: Any, target: Combatant) -> Any:
    """What a use lands on `target`: a `cureOneOf` entry used with no mode chosen carries
    out the first of its cures `target` has a reason for (none: it carries out nothing)."""
    count = cure_count(mech)
    if not count:
        return mech
    for n in range(1, count + 1):
        one = narrowed(mech, n)
        if helped(fight, one, target):
            return one
    return mech.model_copy(update={"cureOneOf": None, "ends": None, "tracks": None, "unseals": None})
