"""Taking a rest: the ruleset's recovery steps and things to clear, applied in order.

Owns: `rest(ruleset, sheet, rest_id)` and `take_rest` (the same, with `Rested.notes`
saying what the rest did not do and why). A step names a pool, a group of pools, the pools of
a list's rows (only rows whose recharge value the step lists, when it lists any), a track
or a live state, and sets it (`to`: "max", "min", a number; a state's "default" or value)
or changes it (`by`: a constant, or a fraction of the maximum rounded as written and at
least `min`). A `poolGroup` step with a fraction changes each pool by its own fraction;
with `shared` the fraction of the whole group's maximum is handed out in the order the
sheet lists the pools, each up to what it is missing. On a harm track, `to` reduces the
marks to that many (overflow included) and a negative `by` clears that many, overflow
first, only of `kind` when the step names one; rests never add marks, so a step that would
(a positive `by`) does nothing. Pools, tracks and states the sheet hides are left alone.
Before its steps, any rest lifts the part of a lowered maximum a rest restores, and gives
sealed wounds back (sealed.py). A rest never heals a holder of a condition with
`cannot-heal` or `cannot-heal-nonmagical` (mechanics-3 1.261, healing.py): no step raises
the health pool, and a note says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.dice import Roller
from shared.ruleset.rests import ByConst, ByFraction, Rest, RestStep

from . import harm as H
from .harm import HarmSpec
from .healing import healing_denied, health_pool
from .index import SheetRules, round_number
from .live import live_part, with_live
from .refusal import UNKNOWN_REST, Refusal
from .diseases import rest_under, resting_diseases
from .sealed import lift_rest_seals
from .view import PoolInfo, SheetView, TrackInfo


def _fraction(by: ByFraction, top: int) -> int:
    return max(round_number(top * by.fractionOfMax, by.round), by.min)


def _to(to: int | str, low: int, high: int) -> int:
    """A step's `to` on a pool or a track: "max", "min" or a number (RestStep refuses any
    other text there; only a state's step sets text)."""
    if to == "max":
        return high
    if to == "min":
        return low
    if isinstance(to, int):
        return to
    raise ValueError(f'a pool or track is set to "max", "min" or a number, not {to!r}')


class _Work:
    """The live state being changed, step after step."""

    def __init__(self, sheet: dict[str, Any], view: SheetView, unhealed: str | None = None):
        self.view = view
        #: The health pool a condition keeps from healing: no step raises it.
        self.unhealed = unhealed
        self.pools = live_part(sheet, "pools")
        self.tracks = live_part(sheet, "tracks")
        self.marks = live_part(sheet, "marks")
        self.overflow = live_part(sheet, "overflow")
        self.states = live_part(sheet, "states")
        self.excess = live_part(sheet, "excess")

    def current(self, info: PoolInfo) -> int:
        stored = self.pools.get(info.key)
        if isinstance(stored, int) and not isinstance(stored, bool):
            return min(max(stored, 0), info.max)
        return info.max if info.start == "full" else 0

    def set_pool(self, info: PoolInfo, value: int) -> None:
        if info.key == self.unhealed:
            value = min(value, self.current(info))
        self.pools[info.key] = min(max(value, 0), info.max)
        if self.pools[info.key] >= info.max:
            # A rest that fills the pool takes what a refill put above it (1.252).
            self.excess.pop(info.key, None)

    def pool_step(self, info: PoolInfo, step: RestStep) -> None:
        if step.to is not None:
            self.set_pool(info, _to(step.to, 0, info.max))
        elif isinstance(step.by, ByConst):
            self.set_pool(info, self.current(info) + step.by.const)
        elif step.by is not None:
            self.set_pool(info, self.current(info) + _fraction(step.by, info.max))

    def shared_group(self, members: list[PoolInfo], by: ByFraction) -> None:
        left = _fraction(by, sum(p.max for p in members))
        for info in members:
            missing = info.max - self.current(info)
            given = min(missing, left)
            self.set_pool(info, self.current(info) + given)
            left -= given

    def track_step(self, track_id: str, step: RestStep) -> None:
        info = self.view.track(track_id)
        if info is None:
            return
        if info.harm is not None:
            self.harm_step(info, info.harm, step)
            return
        stored = self.tracks.get(track_id)
        now = stored if isinstance(stored, int) and not isinstance(stored, bool) else info.value
        if step.to is not None:
            target = _to(step.to, info.min, info.max)
        elif isinstance(step.by, ByConst):
            target = now + step.by.const
        elif step.by is not None:
            target = now + _fraction(step.by, info.max)
        else:
            return  # never: RestStep holds exactly one of "to" and "by"
        self.tracks[track_id] = min(max(target, info.min), info.max)

    def harm_step(self, info: TrackInfo, spec: HarmSpec, step: RestStep) -> None:
        state = H.read_state(spec, self.marks.get(info.id), self.overflow.get(info.id))
        if step.to is not None:
            count = _to(step.to, 0, spec.length)
            state = H.reduce_to(spec, state, count, step.kind)
        elif isinstance(step.by, ByConst) and step.by.const < 0:
            state = H.heal(spec, state, -step.by.const, step.kind)
        else:
            # Rests do not mark harm: a positive change is skipped.
            return
        stored, extra = state.stored()
        if stored:
            self.marks[info.id] = stored
        else:
            self.marks.pop(info.id, None)
        if extra:
            self.overflow[info.id] = extra
        else:
            self.overflow.pop(info.id, None)

    def state_step(self, state_id: str, to: str) -> None:
        model = self.view.idx.states.get(state_id)
        if model is None or self.view.state(state_id) is None:
            return
        value = model.start_value() if to == "default" else to
        if value == model.start_value():
            self.states.pop(state_id, None)
        elif value in model.values:
            self.states[state_id] = value


@dataclass(frozen=True)
class Rested:
    sheet: dict[str, Any]
    #: What the rest did not do, and why ("Long rest does not restore Hit points: no healing
    #: but magical healing while Chilled.").
    notes: tuple[str, ...] = ()


def rest(ruleset: SheetRules, sheet: dict[str, Any], rest_id: object, roller: Roller | None = None) -> dict[str, Any] | Refusal:
    taken = take_rest(ruleset, sheet, rest_id, roller)
    return taken if isinstance(taken, Refusal) else taken.sheet


def take_rest(ruleset: SheetRules, sheet: dict[str, Any], rest_id: object, roller: Roller | None = None) -> Rested | Refusal:
    """The rest taken; `roller` gives the dice of what a disease does at it (diseases.py)."""
    view = SheetView(ruleset, sheet)
    model: Rest | None = view.idx.find(list(view.idx.rests.values()), rest_id)
    if model is None:
        return Refusal(UNKNOWN_REST, f"there is no rest {rest_id!r} in this ruleset")
    if "sealed" in view.live:
        # Any rest first lifts what it restores of a lowered maximum (mechanics-2 1.203), so
        # its steps fill the pool to the maximum given back.
        sheet = lift_rest_seals(ruleset, sheet)
        view = SheetView(ruleset, sheet)
    pools = view.pools()
    notes: list[str] = []
    health = health_pool(ruleset)
    unhealed = None
    if health in pools:
        # mechanics-3 1.261: a rest is never magical healing.
        why = healing_denied(ruleset, view, magical=False)
        if why is not None:
            unhealed = health
            notes.append(f"{model.label} does not restore {pools[health].label}: {why}.")
    work = _Work(sheet, view, unhealed)
    # A step names exactly one target (RestStep checks it), so the first key set is it.
    for step in model.restore:
        if step.pool is not None:
            if step.pool in pools:
                work.pool_step(pools[step.pool], step)
        elif step.poolGroup is not None:
            members = [pools[p.id] for p in view.idx.pools if p.group == step.poolGroup and p.id in pools]
            if step.shared and isinstance(step.by, ByFraction):
                work.shared_group(members, step.by)
            else:
                for info in members:
                    work.pool_step(info, step)
        elif step.listPools is not None:
            for info in pools.values():
                if info.list_id != step.listPools:
                    continue
                if step.recharge is not None and info.recharge not in step.recharge:
                    continue
                work.pool_step(info, step)
        elif step.track is not None:
            work.track_step(step.track, step)
        elif step.state is not None and isinstance(step.to, str):  # a state's step only sets text
            work.state_step(step.state, step.to)
    stored_live = sheet.get("live")
    live: dict[str, Any] = stored_live if isinstance(stored_live, dict) else {}
    conditions = list(live.get("conditions") or [])
    texts = live_part(sheet, "text")
    if model.clear is not None:
        if model.clear.conditions == "all":
            conditions = []
        else:
            conditions = [c for c in conditions if c not in model.clear.conditions]
        for tid in model.clear.text:
            texts.pop(tid, None)
    # What a disease does is rolled after the rest has restored what it restores, for the
    # conditions held while resting (mechanics-3 1.260).
    diseased = resting_diseases(ruleset, sheet, model.id)
    rested = with_live(
        sheet,
        pools=work.pools,
        tracks=work.tracks,
        marks=work.marks,
        overflow=work.overflow,
        excess=work.excess,
        states=work.states,
        conditions=conditions,
        text=texts,
    )
    if diseased:
        rested, more = rest_under(ruleset, rested, diseased, roller, model.label)
        notes += more
    return Rested(rested, tuple(notes))
