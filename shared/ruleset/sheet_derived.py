"""Derived values: numbers the sheet computes from other values, top to bottom in one pass.

Owns: the step table shape (`[[threshold, value], ...]`, thresholds strictly ascending),
rounding, and the seven derived operations as a discriminated union on `op`: `sum`, `min`,
`max`, `scale`, `multiply` (Capability API 1.82), `stepTable` and `enumTable` (1.42; keyed
on an enum field or a live state).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, field_validator, model_validator

from .base import Id, Label, Model, Number, ValueRef
from .gates import Gate, declared_gate
from .sheet_fields import HideWhen

Rounding = Literal["down", "up", "nearest"]

#: One row of a step table: `[threshold, value]`.
StepRow = Annotated[list[Number], Field(min_length=2, max_length=2)]


def check_step_table(table: list[list[Number]], key: str = "table") -> None:
    """Thresholds must climb strictly, or a lookup could not tell which row applies."""
    for i in range(1, len(table)):
        if table[i][0] <= table[i - 1][0]:
            raise ValueError(
                f'"{key}" thresholds must be strictly ascending: row {i} ({table[i][0]}) '
                f"is not above row {i - 1} ({table[i - 1][0]})"
            )


class DerivedBase(Model):
    id: Id
    label: Label
    section: Id | None = None
    hideWhen: HideWhen | None = None


class SumDerived(DerivedBase):
    op: Literal["sum"]
    of: Annotated[list[ValueRef], Field(min_length=1, max_length=12)]


class MinDerived(DerivedBase):
    op: Literal["min"]
    of: Annotated[list[ValueRef], Field(min_length=2, max_length=12)]


class MaxDerived(DerivedBase):
    op: Literal["max"]
    of: Annotated[list[ValueRef], Field(min_length=2, max_length=12)]


class ScaleDerived(DerivedBase):
    """Multiplies one value by a fixed number and rounds."""

    op: Literal["scale"]
    of: ValueRef
    multiplier: Number
    round: Rounding = "down"


class MultiplyDerived(DerivedBase):
    """Multiplies two to six values together (Capability API 1.82)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("op", "multiply"): "1.82"}

    op: Literal["multiply"]
    of: Annotated[list[ValueRef], Field(min_length=2, max_length=6)]

    def extra_gates(self) -> Iterable[Gate]:
        yield declared_gate(MultiplyDerived, "op", "multiply")


class StepTableDerived(DerivedBase):
    op: Literal["stepTable"]
    from_: ValueRef = Field(alias="from")
    table: Annotated[list[StepRow], Field(min_length=1, max_length=100)]

    @model_validator(mode="after")
    def _ascending(self) -> "StepTableDerived":
        check_step_table(self.table)
        return self


class EnumSource(Model):
    """What an `enumTable` is keyed on: an enum `field`, or a `liveState` (a live read)."""

    field: Id | None = None
    liveState: Id | None = None

    @model_validator(mode="after")
    def _exactly_one(self) -> "EnumSource":
        if (self.field is None) == (self.liveState is None):
            raise ValueError('"from" names exactly one of "field" and "liveState"')
        return self


class EnumTableDerived(DerivedBase):
    """A number for each value of an enum field or a live state (Capability API 1.42)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("op", "enumTable"): "1.42"}

    op: Literal["enumTable"]
    from_: EnumSource = Field(alias="from")
    table: Annotated[dict[str, Number], Field(min_length=1, max_length=40)]
    default: Number = 0

    @field_validator("table", mode="before")
    @classmethod
    def _drop_comment(cls, value: Any) -> Any:
        # The published shape allows a "$comment" among the rows; it is not a row.
        if isinstance(value, dict) and "$comment" in value:
            return {k: v for k, v in value.items() if k != "$comment"}
        return value

    def extra_gates(self) -> Iterable[Gate]:
        yield declared_gate(EnumTableDerived, "op", "enumTable")


Derived = Annotated[
    SumDerived | MinDerived | MaxDerived | ScaleDerived | MultiplyDerived | StepTableDerived | EnumTableDerived,
    Field(discriminator="op"),
]


def derived_refs(entry: object) -> list[tuple[tuple[str | int, ...], ValueRef]]:
    """Every value reference a derived value reads, with its path inside the entry."""
    if isinstance(entry, (SumDerived, MinDerived, MaxDerived, MultiplyDerived)):
        return [(("of", i), ref) for i, ref in enumerate(entry.of)]
    if isinstance(entry, ScaleDerived):
        return [(("of",), entry.of)]
    if isinstance(entry, StepTableDerived):
        return [(("from",), entry.from_)]
    return []
