"""Harm tracks: marks of a kind placed on named levels or numbered boxes.

Owns: `HarmSpec` (one character's track: its levels, which a list may lengthen, or its
boxes, whose number the sheet computes; its kinds as a ladder of severities; how it fills
and what it does when full), `HarmState` (the marks, positional, and the overflow) and the
rules of the spec's "Harm tracks" section, exactly:

* marks are sorted worst first; a mark takes the highest level its severity can occupy and
  pushes lighter marks down;
* the penalty in effect is the lowest marked level's, never a sum; on boxes it is the
  table read at the number of boxes filled or remaining;
* an amount is that many marks of one kind, one at a time; a full track raises its
  lightest mark one step up the ladder of kinds instead, and what cannot go in is
  overflow, which is kept;
* `onFull: "refuse"` refuses the whole command when the marks do not all fit; an indexed
  track marks the named box or the next empty one above it, never moves a mark, and always
  refuses;
* healing clears overflow first, then the lightest marks (on an indexed track the highest
  box among the lightest); naming one of the track's kinds clears only that kind.

A stored mark list longer than this character's track (a row that added levels was
deleted) keeps what no longer fits as overflow: editing the sheet does not undo harm.
"""

from __future__ import annotations

from dataclasses import dataclass

from .index import lookup_step

MAX_TRACK_LENGTH = 64


@dataclass(frozen=True)
class HarmSpec:
    id: str
    label: str
    #: (label, penalty) per level, best first. Boxes carry the label "1", "2", ...
    levels: tuple[tuple[str, int], ...]
    boxes: bool
    #: for boxes: ("filled" | "remaining", table)
    box_penalty: tuple[str, tuple[tuple[float, ...], ...]] | None
    #: kind ids, lightest first
    ladder: tuple[str, ...]
    severity: dict[str, int]
    labels: dict[str, str]
    indexed: bool
    refuse_when_full: bool

    @property
    def length(self) -> int:
        return len(self.levels)


@dataclass(frozen=True)
class HarmState:
    #: kind id per level/box, best first; None for an empty box (indexed tracks only)
    marks: tuple[str | None, ...]
    overflow: int = 0

    @property
    def filled(self) -> int:
        return sum(1 for m in self.marks if m is not None)

    def stored(self) -> tuple[list[str | None], int]:
        marks = list(self.marks)
        while marks and marks[-1] is None:
            marks.pop()
        return marks, self.overflow


def read_state(spec: HarmSpec, marks: object, overflow: object) -> HarmState:
    """The stored marks read by the rules: unknown kinds dropped, a sequential track sorted
    worst first, marks beyond the track's length counted as overflow."""
    extra = overflow if isinstance(overflow, int) and not isinstance(overflow, bool) and overflow > 0 else 0
    raw = marks if isinstance(marks, list) else []
    if spec.indexed:
        cells = [m if isinstance(m, str) and m in spec.severity else None for m in raw]
        kept = cells[: spec.length] + [None] * max(0, spec.length - len(cells))
        extra += sum(1 for m in cells[spec.length :] if m is not None)
        return HarmState(tuple(kept), extra)
    known = [m for m in raw if isinstance(m, str) and m in spec.severity]
    known.sort(key=lambda k: -spec.severity[k])
    extra += max(0, len(known) - spec.length)
    return HarmState(tuple(known[: spec.length]), extra)


def penalty(spec: HarmSpec, state: HarmState) -> int:
    if spec.boxes:
        assert spec.box_penalty is not None
        by, table = spec.box_penalty
        count = state.filled if by == "filled" else spec.length - state.filled
        return int(lookup_step([list(r) for r in table], count))
    lowest = max((i for i, m in enumerate(state.marks) if m is not None), default=-1)
    return spec.levels[lowest][1] if lowest >= 0 else 0


def level_label(spec: HarmSpec, state: HarmState) -> str | None:
    """The worst marked level's label (named levels), or None when the track is clear."""
    lowest = max((i for i, m in enumerate(state.marks) if m is not None), default=-1)
    return spec.levels[lowest][0] if lowest >= 0 else None


# ---------------------------------------------------------------------------
# Marking
# ---------------------------------------------------------------------------


def _place(marks: list[str], kind: str, spec: HarmSpec) -> None:
    sev = spec.severity[kind]
    at = next((i for i, m in enumerate(marks) if spec.severity[m] < sev), len(marks))
    marks.insert(at, kind)


def mark_sequential(spec: HarmSpec, state: HarmState, kind: str, amount: int) -> HarmState | str:
    """`amount` marks of `kind`, one at a time. Returns a reason string when the track
    refuses (onFull "refuse" and not every mark fits)."""
    marks = [m for m in state.marks if m is not None]
    overflow = state.overflow
    if spec.refuse_when_full and len(marks) + amount > spec.length:
        free = spec.length - len(marks)
        return f"{spec.label} has {free} empty {'box' if free == 1 else 'boxes'}, not room for {amount}"
    top = spec.ladder[-1]
    for done in range(amount):
        if len(marks) < spec.length:
            _place(marks, kind, spec)
            continue
        if not marks or marks[-1] == top:
            # Full at the worst kind: nothing can land any more.
            overflow += amount - done
            break
        lightest = marks.pop()
        _place(marks, spec.ladder[spec.ladder.index(lightest) + 1], spec)
    return HarmState(tuple(marks), overflow)


def mark_indexed(spec: HarmSpec, state: HarmState, kind: str, amount: int, box: int) -> HarmState | str:
    """Marks from box `box` (1-based) or the next empty box above it; all or nothing."""
    cells = list(state.marks)
    at = box - 1
    for _ in range(amount):
        while at < len(cells) and cells[at] is not None:
            at += 1
        if at >= len(cells):
            return f"{spec.label} has no empty box at or above box {box} for {amount} {'mark' if amount == 1 else 'marks'}"
        cells[at] = kind
    return HarmState(tuple(cells), state.overflow)


# ---------------------------------------------------------------------------
# Healing
# ---------------------------------------------------------------------------


def _lightest_position(spec: HarmSpec, cells: list[str | None], kind: str | None) -> int | None:
    candidates = [i for i, m in enumerate(cells) if m is not None and (kind is None or m == kind)]
    if not candidates:
        return None
    lightest = min(spec.severity[cells[i]] for i in candidates)  # type: ignore[index]
    # The highest box among the lightest marks; on a sequential track that is the last one.
    return max(i for i in candidates if spec.severity[cells[i]] == lightest)  # type: ignore[index]


def heal(spec: HarmSpec, state: HarmState, amount: int, kind: str | None = None) -> HarmState:
    """Clears `amount` marks: overflow first, then the lightest. A `kind` that is one of
    the track's clears only marks of that kind; any other kind clears the lightest."""
    if kind is not None and kind not in spec.severity:
        kind = None
    cells = list(state.marks)
    overflow = state.overflow
    for _ in range(max(0, amount)):
        if overflow > 0:
            overflow -= 1
            continue
        at = _lightest_position(spec, cells, kind)
        if at is None:
            break
        if spec.indexed:
            cells[at] = None
        else:
            cells.pop(at)
    return HarmState(tuple(cells), overflow)


def reduce_to(spec: HarmSpec, state: HarmState, count: int, kind: str | None = None) -> HarmState:
    """A rest's `to`: down to `count` marks, overflow included; with a kind, down to
    `count` marks of that kind (overflow, which has no kind, stays)."""
    count = max(0, count)
    if kind is not None and kind in spec.severity:
        have = sum(1 for m in state.marks if m == kind)
        if have <= count:
            return state
        healed = heal(spec, HarmState(state.marks, 0), have - count, kind)
        return HarmState(healed.marks, state.overflow)
    total = state.filled + state.overflow
    if total <= count:
        return state
    return heal(spec, state, total - count)
