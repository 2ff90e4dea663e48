"""Sheet lists: tables with their own columns (gear, spells, features), rows that may come
from a catalog, and lists whose rows are pools.

Owns: the six column types (the field value kinds plus `required`), a number column's
`roll` (Capability API 1.85: refused, the sheet editor's Roll button), `ListPools` (each row a resource with its own maximum) and
`SheetList`, with the Capability API 1.165 gate on lists of more than 12 columns.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable

from pydantic import Field, model_validator

from .base import Id, Label, Model, ValueRef, unsupported
from .gates import Gate, ValueGate, declared_gate
from .refusals import EDITOR_ROLL_REASON
from .sheet_fields import BooleanShape, DiceShape, EnumShape, HideWhen, LongtextShape, NumberShape, TextShape

#: More columns than this needs Capability API 1.165.
PLAIN_COLUMN_LIMIT = 12


class ColumnBase(Model):
    id: Id
    label: Label
    required: bool = False


class SidesFromColumn(Model):
    """`{ "column": "die" }`: the sides are another column of the same row."""

    column: Id


class ColumnRoll(Model):
    """`{ "count": 1, "sides": 8 }`: the editor's Roll button fills the cell with a throw."""

    count: Annotated[int, Field(ge=1, le=100)]
    sides: Annotated[int, Field(ge=2, le=1000)] | SidesFromColumn | ValueRef


class NumberColumn(NumberShape, ColumnBase):
    roll: ColumnRoll | None = Field(default=None, json_schema_extra=unsupported("1.85", EDITOR_ROLL_REASON))


class TextColumn(TextShape, ColumnBase):
    pass


class LongtextColumn(LongtextShape, ColumnBase):
    pass


class BooleanColumn(BooleanShape, ColumnBase):
    pass


class EnumColumn(EnumShape, ColumnBase):
    pass


class DiceColumn(DiceShape, ColumnBase):
    pass


Column = Annotated[
    NumberColumn | TextColumn | LongtextColumn | BooleanColumn | EnumColumn | DiceColumn,
    Field(discriminator="type"),
]


class ListPools(Model):
    """Makes every row a pool: named by `nameColumn`, as large as `maxColumn`, given back
    by rests that name the row's `rechargeColumn` value."""

    nameColumn: Id
    maxColumn: Id
    rechargeColumn: Id | None = None


class SheetList(Model):
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("columns", f"more than {PLAIN_COLUMN_LIMIT}"): "1.165"}

    id: Id
    label: Label
    section: Id | None = None
    hideWhen: HideWhen | None = None
    maxItems: Annotated[int, Field(ge=1, le=500)]
    columns: Annotated[list[Column], Field(min_length=1, max_length=24)]
    pools: ListPools | None = None

    @model_validator(mode="after")
    def _unique_columns(self) -> "SheetList":
        seen: set[str] = set()
        for column in self.columns:
            if column.id in seen:
                raise ValueError(f'column id "{column.id}" is used twice in list "{self.id}"')
            seen.add(column.id)
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if len(self.columns) > PLAIN_COLUMN_LIMIT:
            yield declared_gate(SheetList, "columns", f"more than {PLAIN_COLUMN_LIMIT}")

    def column(self, column_id: str) -> Column | None:
        return next((c for c in self.columns if c.id == column_id), None)
