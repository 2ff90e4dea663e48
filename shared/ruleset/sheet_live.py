"""What changes during play: live pools, tracks (plain and harm tracks), short text,
conditions and live states.

Owns: `LivePool`, `Track` with its harm-track parts (`TrackLevel`, `TrackKind`, numbered
`Boxes`, `TrackExtra` levels added by a list, `fill`, `onFull`), `LiveText`,
`LiveCondition`, `LiveState` and `Live`. Every within-track rule of the spec's "Harm
tracks" section is checked here; what a track names elsewhere is checked in
checks/sheet.py.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import AfterValidator, Field, model_validator

from .base import Id, Label, Model, ValueRef, gate, prompt_safe
from .conditions import CONDITION_LIST_GATES, CONDITION_LIST_MAX, condition_list_gates
from .gates import Gate, ValueGate, declared_gate
from .sheet_derived import StepRow, check_step_table
from .sheet_fields import HideWhen

#: A harm track of numbered boxes is at most this long.
MAX_BOXES = 64
#: A harm track has 1 to 16 named levels.
MAX_LEVELS = 16


class LivePool(Model):
    id: Id
    label: Label
    max: ValueRef
    allowTemp: bool = False
    group: Id | None = None
    start: Literal["full", "empty"] = "full"
    hideWhen: HideWhen | None = None


class TrackLevel(Model):
    label: Label
    penalty: Annotated[int, Field(ge=-1000, le=0)]


class TrackKind(Model):
    id: Id
    label: Annotated[str, Field(min_length=1, max_length=16), AfterValidator(prompt_safe)]
    severity: Annotated[int, Field(ge=-100, le=100)]


class BoxPenalty(Model):
    """The penalty of a boxed track, read from `table` by the number of boxes `filled` or
    `remaining`."""

    by: Literal["filled", "remaining"]
    table: Annotated[list[StepRow], Field(min_length=1, max_length=40)]

    @model_validator(mode="after")
    def _table(self) -> "BoxPenalty":
        check_step_table(self.table)
        for i, (_threshold, penalty) in enumerate(self.table):
            if penalty > 0:
                raise ValueError(f'"table" row {i} gives a penalty of {penalty}; a penalty is 0 or less')
        return self


class Boxes(Model):
    penalty: BoxPenalty


class TrackExtra(Model):
    """Levels a sheet list adds to a track with named levels, one row at a time."""

    list: Id
    countColumn: Id
    penaltyColumn: Id


class Track(Model):
    """A ranged value (`min`..`max`), or, with `kinds` and `levels` or `boxes`, a harm
    track that is marked instead of counted."""

    #: A computed length is newer than the track itself.
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("max", "a value reference"): "1.37"}

    id: Id
    label: Label
    min: int
    max: int | ValueRef
    default: int | None = None
    levels: Annotated[list[TrackLevel], Field(min_length=1, max_length=MAX_LEVELS)] | None = None
    kinds: Annotated[list[TrackKind], Field(min_length=1, max_length=6)] | None = None
    boxes: Boxes | None = Field(default=None, json_schema_extra=gate("1.40"))
    fill: Literal["sequential", "indexed"] | None = Field(default=None, json_schema_extra=gate("1.40"))
    onFull: Literal["upgrade", "refuse"] | None = Field(default=None, json_schema_extra=gate("1.40"))
    extra: TrackExtra | None = Field(default=None, json_schema_extra=gate("1.40"))
    alwaysShow: bool | None = Field(default=None, json_schema_extra=gate("1.37"))
    hideWhen: HideWhen | None = None

    @property
    def is_harm(self) -> bool:
        return self.kinds is not None and (self.levels is not None or self.boxes is not None)

    @model_validator(mode="after")
    def _shape(self) -> "Track":
        if self.levels is not None and self.boxes is not None:
            raise ValueError('a track has exactly one of "levels" and "boxes", never both')
        if self.kinds is not None and self.levels is None and self.boxes is None:
            raise ValueError('"kinds" needs "levels" or "boxes": without them there is nowhere to mark')
        if self.kinds is None and (self.levels is not None or self.boxes is not None):
            which = "levels" if self.levels is not None else "boxes"
            raise ValueError(f'"{which}" needs "kinds": a mark needs a kind')
        if self.is_harm:
            self._harm_rules()
        else:
            self._plain_rules()
        return self

    def _harm_rules(self) -> None:
        assert self.kinds is not None
        if self.min != 0:
            raise ValueError('a harm track starts with no marks, so its "min" is 0')
        if self.default not in (None, 0):
            raise ValueError('a harm track starts with no marks, so its "default" is 0')
        if self.hideWhen is not None:
            raise ValueError('a harm track cannot be hidden: rolls and combat read it whatever the sheet shows')
        ids: set[str] = set()
        severities: set[int] = set()
        for kind in self.kinds:
            if kind.id in ids:
                raise ValueError(f'kind "{kind.id}" is declared twice')
            if kind.severity in severities:
                raise ValueError(f'two kinds have severity {kind.severity}; severities must all differ')
            ids.add(kind.id)
            severities.add(kind.severity)
        if self.levels is not None:
            if not isinstance(self.max, int) or self.max != len(self.levels):
                raise ValueError(
                    f'a track with named levels is as long as its levels, so its "max" is {len(self.levels)}'
                )
        elif isinstance(self.max, int) and not 0 <= self.max <= MAX_BOXES:
            raise ValueError(f'a track of boxes has 0 to {MAX_BOXES} boxes, not {self.max}')
        if self.extra is not None and self.levels is None:
            raise ValueError('"extra" adds named levels, so it goes only on a track with "levels"')
        if self.fill == "indexed" and self.onFull != "refuse":
            raise ValueError('an indexed track always refuses a mark with no empty box: state "onFull": "refuse" with it')

    def _plain_rules(self) -> None:
        for key in ("fill", "onFull", "extra"):
            if getattr(self, key) is not None:
                raise ValueError(f'"{key}" goes only on a harm track (one with "kinds")')
        if isinstance(self.max, int):
            if self.min > self.max:
                raise ValueError('"min" is above "max"')
            if self.default is not None and not self.min <= self.default <= self.max:
                raise ValueError(f'"default" {self.default} is outside {self.min}..{self.max}')
        elif self.default is not None and self.default < self.min:
            raise ValueError(f'"default" {self.default} is below "min" {self.min}')

    def extra_gates(self) -> Iterable[Gate]:
        # A computed length is newer than the track itself.
        if isinstance(self.max, ValueRef):
            yield declared_gate(Track, "max", "a value reference")


class LiveText(Model):
    id: Id
    label: Label
    maxLength: Annotated[int, Field(ge=1, le=500)]


class LiveCondition(Model):
    id: Id
    label: Label


# One line, no square brackets, no macro braces, no double quotes: the sheet command wraps a
# state's value in quotes, and the value reaches the Game Master's prompt.
_STATE_VALUE = re.compile(r'^[^\r\n\x00-\x1f\x7f\[\]"]{1,80}$')
StateValue = Annotated[str, Field(min_length=1, max_length=80)]


def _state_value_problem(value: str) -> str | None:
    if not _STATE_VALUE.match(value) or "{{" in value or "}}" in value:
        return (
            f'"{value}" is not usable as a state value: one line, no square brackets, '
            "no macro braces and no double quotes"
        )
    return None


class LiveState(Model):
    """One value out of a closed set that changes during play (a form, a stance, a light)."""

    id: Id
    label: Label
    values: Annotated[list[StateValue], Field(min_length=2, max_length=40)]
    valueLabels: dict[str, StateValue] | None = None
    default: Annotated[str, Field(max_length=80)] | None = None
    hideWhen: HideWhen | None = None

    @model_validator(mode="after")
    def _values(self) -> "LiveState":
        for value in [*self.values, *(v for k, v in (self.valueLabels or {}).items() if k != "$comment")]:
            problem = _state_value_problem(value)
            if problem is not None:
                raise ValueError(problem)
        dup = next((v for i, v in enumerate(self.values) if v in self.values[:i]), None)
        if dup is not None:
            raise ValueError(f'"values" lists "{dup}" twice')
        if self.default is not None and self.default not in self.values:
            raise ValueError(f'"default" "{self.default}" is not one of "values"')
        for key in self.valueLabels or {}:
            if key not in self.values and key != "$comment":
                raise ValueError(f'"valueLabels" names "{key}", which is not one of "values"')
        return self

    def start_value(self) -> str:
        return self.default if self.default is not None else self.values[0]


class Live(Model):
    #: The sheet's conditions hold as many entries as `combat.conditions` (each combat
    #: condition is one of them): 80, then up to 640 by Capability API (mechanics-1).
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = dict(CONDITION_LIST_GATES)

    pools: Annotated[list[LivePool], Field(max_length=60)] = Field(default_factory=list)
    tracks: Annotated[list[Track], Field(max_length=30)] = Field(default_factory=list)
    text: Annotated[list[LiveText], Field(max_length=12)] = Field(default_factory=list)
    conditions: Annotated[list[LiveCondition], Field(max_length=CONDITION_LIST_MAX)] = Field(default_factory=list)
    states: Annotated[list[LiveState], Field(max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.42")
    )

    def extra_gates(self) -> Iterable[Gate]:
        yield from condition_list_gates(Live, self.conditions)
