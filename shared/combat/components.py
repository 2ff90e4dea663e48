"""Components a use requires (spec/mechanics-1 "Zones acting on their occupants", 1.179).

Owns: `required` (the `components` an entry or creature action lists, or what a creature's
`spellcasting` sets instead for its spells, 1.181), `forbidden` (the
components the conditions in force on a combatant forbid, `forbids.components`: gagged
forbids the verbal one) and `blocked` (those of a use its user may not supply now). A use
needing a forbidden component is not offered (menu_build.py), so it is neither chosen nor
answered with. `FORBIDDING` is where a zone's `forbids` plugs in: functions naming the
components forbidden to a combatant where they stand.
"""

from __future__ import annotations

from typing import Callable

from . import numbers as N
from .fight import Fight
from .plans import Plan
from .state import Combatant

#: Components forbidden to a combatant by something other than their conditions (a
#: Silence zone they stand in); lasting zones add theirs here.
FORBIDDING: list[Callable[[Fight, Combatant], list[str]]] = []


def required(plan: Plan) -> list[str]:
    """What the plan's use needs: what a creature's `spellcasting` sets for the spell
    (1.181), else its entry's or creature action's own `components`."""
    if plan.components is not None:
        return list(plan.components)
    return list(getattr(plan.source, "components", None) or [])


def forbidden(fight: Fight, c: Combatant) -> set[str]:
    out: set[str] = set()
    for _name, rule, _held in N.in_force(fight, c):
        forbids = getattr(rule, "forbids", None)
        if forbids is not None:
            out.update(forbids.components)
    for forbidding in FORBIDDING:
        out.update(forbidding(fight, c))
    return out


def blocked(fight: Fight, c: Combatant, plan: Plan) -> list[str]:
    """The components the plan's use requires that `c` may not supply now, in its order (the
    validator holds every name to `combat.components`)."""
    needs = required(plan)
    if not needs:
        return []
    no = forbidden(fight, c)
    return [k for k in needs if k in no]
