"""Where an answer reaches on a board (spec/combat-3 "Windows": a counter "on a board
answers only those within its own range", 1.118 `seesSource`, 1.124 falls, 1.131
`for`/`within`).

Owns: `reaches` (an answer with a distance of its own, an entry's `mechanics.range` or a
creature action's `reach`/`range`, reaches only that far; one without any reaches whoever
it answers, as the spec says of a bystander with no range to the source), `within` (a
`for: ally|any` moment's `within`, in the answer's catalog's unit, from the holder to the
creature it protects) and `nearest_first`. Whether the holder sees the one who set the
moment off (`seesSource`) is shared/combat/seeing.py's.

Off the board every distance is in reach; each function then says yes.
"""

from __future__ import annotations

from typing import Any, Callable

from . import battlefield as BF
from .reach import OUT, aim_at, span_of
from .units import per_cell, to_cells


def _placed(fight: Any, *cs: Any) -> bool:
    return BF.on_board(fight) and all(c is not None and c.position is not None for c in cs)


def _own_distance(plan: Any) -> bool:
    """Whether an answer's entry (`range`) or creature action (`reach`, `range`) says how far
    it lands; one that does not lands at any distance."""
    distance = OWN_DISTANCE.get(plan.kind)
    return distance is not None and distance(plan)


#: Whether each kind of answer says how far it lands (`Plan.kind`).
OWN_DISTANCE: dict[str, Callable[[Any], bool]] = {
    "entry": lambda plan: plan.mechanics is not None and plan.mechanics.range is not None,
    "action": lambda plan: plan.action.reach is not None or plan.action.range is not None,
}


def reaches(fight: Any, holder: Any, plan: Any, who: Any) -> bool:
    if not _placed(fight, holder, who) or who.id == holder.id or not _own_distance(plan):
        return True
    span = span_of(fight, holder, plan)
    return span is None or aim_at(span, BF.distance_cells(fight, holder, who)) != OUT


def within(fight: Any, holder: Any, plan: Any, spec: Any, protected: Any) -> bool:
    limit = getattr(spec, "within", None)
    if limit is None or not _placed(fight, holder, protected):
        return True
    return BF.distance_cells(fight, holder, protected) <= (to_cells(limit, per_cell(fight, plan.entry_catalog)) or 0)


def nearest_first(fight: Any, holder: Any, cs: list[Any]) -> list[Any]:
    """`cs` by distance from the holder (stable: turn order breaks ties)."""
    if not _placed(fight, holder, *cs):
        return list(cs)
    return sorted(cs, key=lambda c: BF.distance_cells(fight, holder, c))
