"""Catalogs: ready-made entries a sheet list is fed from, bestiaries and item catalogs.

Owns: `Catalog` (id, label, `feeds` lists or `holds` creatures/items, filters, units),
`CatalogEntry` (rows copied onto a sheet, an entry's `mechanics`, a bestiary `creature`,
an `item`) and `ScaledColumn` (a row's column that follows the character). The blocks inside an entry are modelled in their own modules.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, model_validator

from .base import EntryId, Id, Label, Model, Number, Text, ValueRef
from .errors import ProblemAt
from .creatures import Creature
from .item_entry import ItemDef
from .mechanics import Mechanics
from .sheet_derived import StepRow, check_step_table


class FilterStart(Model):
    field: Id


class CatalogFilter(Model):
    id: Id
    label: Label
    type: Literal["number", "text", "tags", "boolean"]
    startFrom: FilterStart | None = None


class DistanceUnit(Model):
    """The catalog's own distance unit: `range` and `area.size` are read in it."""

    label: Label
    perCell: Number = Field(gt=0)


class Units(Model):
    distance: DistanceUnit | None = None


class ScaledColumn(Model):
    """A number column of a written row that follows the character (spec/sheet "a catalog's
    linked columns or increments"): the sheet value `from` is read, through the step
    `table` when there is one (`[[at least, value], ...]`, as a derived `stepTable`), and
    fitted to the column. It is worked out before live state exists, so it reads no live
    value (checked in checks/catalogs.py)."""

    from_: ValueRef = Field(alias="from")
    table: Annotated[list[StepRow], Field(min_length=1, max_length=100)] | None = None

    @model_validator(mode="after")
    def _ascending(self) -> "ScaledColumn":
        if self.table is not None:
            check_step_table(self.table)
        return self


class EntryRow(Model):
    """One row an entry writes onto a sheet list; `values` by column id, and the columns
    `scaled` keeps in step with the character."""

    list: Id
    values: dict[str, Any]
    scaled: dict[str, ScaledColumn] | None = None


class CatalogEntry(Model):
    id: EntryId
    label: Label
    summary: Text | None = None
    filters: dict[str, Any] | None = None
    rows: list[EntryRow] | None = None
    mechanics: Mechanics | None = None
    creature: Creature | None = None
    item: ItemDef | None = None


class Catalog(Model):
    id: EntryId
    label: Label
    holds: Literal["rows", "creatures", "items"] = "rows"
    feeds: list[Id] | None = None
    filters: list[CatalogFilter] | None = None
    units: Units | None = None
    entries: list[CatalogEntry] = Field(default_factory=list, max_length=2000)

    @model_validator(mode="after")
    def _holds(self) -> "Catalog":
        for i, entry in enumerate(self.entries):
            if self.holds == "creatures" and entry.creature is None:
                raise ProblemAt(("entries", i), f'a bestiary entry ("{entry.id}") needs "creature"')
            if self.holds != "creatures" and entry.creature is not None:
                raise ProblemAt(("entries", i, "creature"), '"creature" only goes in a catalog that holds creatures')
            if self.holds == "items" and entry.item is None:
                raise ProblemAt(("entries", i), f'an item catalog entry ("{entry.id}") needs "item"')
            if self.holds != "items" and entry.item is not None:
                raise ProblemAt(("entries", i, "item"), '"item" only goes in a catalog that holds items')
        if self.holds != "rows" and self.feeds:
            raise ValueError(f'a catalog that holds {self.holds} feeds no list, so "feeds" is rejected')
        return self
