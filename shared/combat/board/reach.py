"""How far each option reaches on the board (spec/combat-3 "Reach and range", "Areas").

Owns: `Span` (an option's reach for a swing, its `normal` and `long` range for a shot, and
its area) with `span_of(fight, actor, plan)`, `aim_at` (whether a target at a distance is
swung at, shot at, shot at long, or out of reach) and `farthest` (how far it reaches at most,
for the `out-of-reach` refusal).

Weapon rows read `combat.attacks[].reach` and `.range` (a column or a number); a row whose
column is 0 has no such distance, a row with no reach and no range reaches one cell, and a
row with both is thrown (a swing within reach, a shot beyond). Creature actions use their
own `reach` and `range` (one cell with neither), and each part of a sequence its own (the
sequence reaches whoever one of its parts reaches); catalog entries use `mechanics.range` in
their catalog's unit (0 is self or touch: one cell when aimed at someone else; no range at
all is limited only by sight). Areas convert `size` (and a line's `width`) the same way.
A shot from higher ground reaches `elevation.rangeBonus` cells farther.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .areas import Shape
from .units import per_cell, to_cells

SWING, SHOT, LONG, OUT = "swing", "shot", "long", "out"


@dataclass(frozen=True)
class Span:
    """Cells: `reach` for a swing (None: it is never swung), `normal`/`long` for a shot
    (None: never shot; `normal` None with `unlimited` for an entry limited only by sight)."""

    reach: int | None = 1
    normal: int | None = None
    long: int | None = None
    unlimited: bool = False
    area: Shape | None = None
    #: A swing reaches this creature's opponents while they walk past (a bow does not).
    melee: bool = True
    #: A sequence's parts, each with its own reach and range (the sequence's own numbers are
    #: how far its farthest-reaching part goes).
    parts: tuple["Span", ...] = ()


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _row_value(fight: Any, actor: Any, plan: Any, spec: Any) -> float | None:
    if spec is None:
        return None
    if spec.const is not None:
        return float(spec.const)
    view = fight.view(actor)
    if view is None or plan.row is None:
        return None
    return _number(view.cell(plan.list_def.list, plan.row, spec.column))


def _shape(area: Any, unit: float, range_cells: int | None, cost_steps: int = 0) -> Shape:
    """An area in cells: `sizePerCostStep` grows it for each step paid above the base;
    `around` is a burst on the user, never aimed; `throughWalls` is not stopped by walls."""
    width = to_cells(getattr(area, "width", None), unit) or 1
    size = float(area.size) + float(getattr(area, "sizePerCostStep", None) or 0) * cost_steps
    around = bool(getattr(area, "around", None))
    return Shape(area.shape, to_cells(size, unit) or 1, width, None if around else range_cells,
                 through=bool(getattr(area, "throughWalls", None)), around=around,
                 ring=to_cells(getattr(area, "ring", None), unit) or 0, copies=getattr(area, "copies", None) or 1)


def span_of(fight: Any, actor: Any, plan: Any) -> Span | None:
    """The option's span, or None when distance does not limit it (standard actions,
    options aimed only at oneself)."""
    spanning = SPANS.get(plan.kind)
    return spanning(fight, actor, plan) if spanning is not None else None


def _weapon_span(fight: Any, actor: Any, plan: Any) -> Span:
    unit = per_cell(fight)
    lst = plan.list_def
    reach = to_cells(_row_value(fight, actor, plan, getattr(lst, "reach", None)), unit)
    rng = getattr(lst, "range", None)
    normal = to_cells(_row_value(fight, actor, plan, rng.normal), unit) if rng is not None else None
    long = to_cells(_row_value(fight, actor, plan, rng.long), unit) if rng is not None and rng.long is not None else None
    normal = normal or None
    long = long or None
    if not reach and not normal:
        reach = 1
    return Span(reach=reach or None, normal=normal, long=long, melee=bool(reach))


def _actions_span(fight: Any, actions: list[Any]) -> Span:
    unit = per_cell(fight)
    spans = [_action_span(a, unit) for a in actions if a is not None]
    if not spans:
        return Span()
    if len(spans) == 1:
        return spans[0]
    # Each part of a sequence has its own target, reach and range (spec/combat-2
    # `sequence`): the sequence reaches whoever one of its parts reaches.
    return Span(reach=_farthest(s.reach for s in spans), normal=_farthest(s.normal for s in spans),
                long=_farthest(s.long for s in spans), melee=all(s.melee for s in spans),
                parts=tuple(spans))


def _creature_action_span(fight: Any, actor: Any, plan: Any) -> Span:
    return _actions_span(fight, [plan.action])


def _sequence_span(fight: Any, actor: Any, plan: Any) -> Span:
    return _actions_span(fight, plan.steps)


def _entry_span(fight: Any, actor: Any, plan: Any) -> Span:
    mech = plan.mechanics
    unit = per_cell(fight, plan.entry_catalog)
    cells = to_cells(mech.range, unit)
    area = _shape(mech.area, unit, cells, plan.cost_steps) if mech.area is not None else None
    if cells is None:
        return Span(reach=None, unlimited=True, area=area, melee=False)
    if cells == 0:
        return Span(reach=1, area=area, melee=False)
    return Span(reach=None, normal=cells, area=area, melee=False)


def _contest_span(fight: Any, actor: Any, plan: Any) -> Span | None:
    """A contest's reach; escaping a spell hold (an `escapeDc`, mechanics-1 1.174) is rolled
    against the spell's DC wherever its caster stands, so distance does not limit it."""
    holding = plan.contest.from_.holding if plan.contest is not None and plan.contest.from_ is not None else None
    if holding is not None and any(h.id == holding and h.escape is not None for h in actor.conditions):
        return None
    reach = to_cells(getattr(plan.contest, "reach", None), per_cell(fight))
    return Span(reach=reach or 1, melee=False)


#: How far each kind of plan reaches (`Plan.kind`); a kind not here is not limited by
#: distance.
SPANS: dict[str, Callable[[Any, Any, Any], Span | None]] = {
    "weapon": _weapon_span, "action": _creature_action_span, "sequence": _sequence_span, "entry": _entry_span,
    "contest": _contest_span,
}


def _farthest(cells: Any) -> int | None:
    return max((c for c in cells if c), default=None)


def part_spans(span: Span | None) -> tuple[Span, ...]:
    """The spans a target must be reached by one of: a sequence's parts, or the span itself."""
    if span is None:
        return ()
    return span.parts or (span,)


def _action_span(action: Any, unit: float) -> Span:
    reach = to_cells(action.reach, unit)
    rng = action.range
    normal = long = None
    if rng is not None:
        if isinstance(rng, int | float):
            normal = to_cells(rng, unit)
        else:
            normal = to_cells(rng.normal, unit)
            long = to_cells(rng.long, unit) if rng.long is not None else None
    area = _shape(action.area, unit, normal) if action.area is not None else None
    if not reach and not normal:
        reach = 1 if area is None or area.shape == "burst" else None
    single_attack = action.toHit is not None and not action.autoHit and action.area is None
    return Span(reach=reach or None, normal=normal or None, long=long or None, area=area,
                melee=bool(reach) and single_attack)


def farthest(span: Span, bonus: int = 0) -> int:
    """The most cells `span` reaches anyone (a swing, a shot, a long shot; `bonus` is the
    high ground's `rangeBonus` for shots); 0 for a span limited only by sight."""
    shots = [c + bonus for c in (span.normal, span.long) if c is not None]
    return max([span.reach or 0] + shots)


def aim_at(span: Span, cells: int, bonus: int = 0) -> str:
    """How an option with `span` reaches a target `cells` away: a swing, a shot, a long
    shot, or out of reach. `bonus` is the high ground's `rangeBonus` for shots."""
    if span.reach is not None and cells <= span.reach:
        return SWING
    if span.unlimited:
        return SHOT
    if span.normal is not None and cells <= span.normal + bonus:
        return SHOT
    if span.long is not None and cells <= span.long + bonus:
        return LONG
    return OUT
