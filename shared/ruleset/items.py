"""The top-level `items` block: the words every item of the ruleset is written in.

Owns: `Items` (`categories`, `rarities`, `tags`, `stats`, `slots`, `binding`, `carry`,
`currencies`, `rarityCaps`, and the switches `propose`, `native`, `freeform`) and the
models of each part. Item catalog entries (`item` in a catalog that holds items) are in
`item_entry.py`; `itemStat` value references read the stats declared here. References
between the parts of this block (a cap naming a rarity, `carry.stat` naming a number
stat) are checked in `checks/items.py`.
"""

from __future__ import annotations

from typing import Annotated, Literal, Sequence

from pydantic import AfterValidator, Field, StringConstraints, field_validator, model_validator

from .base import Id, dice_error, Label, Model, Number, ValueRef, prompt_safe
from .sheet_fields import NumberShape

#: Unit and binding labels are shorter than other labels.
ShortLabel = Annotated[str, StringConstraints(min_length=1, max_length=40), AfterValidator(prompt_safe)]


class Named(Model):
    """A category, rarity or tag: an id and how it is shown."""

    id: Id
    label: Label


def distinct_ids(items: Sequence[Model], what: str) -> None:
    seen: set[str] = set()
    for item in items:
        item_id = getattr(item, "id")
        if item_id in seen:
            raise ValueError(f'{what} id "{item_id}" is used twice')
        seen.add(item_id)


# ---------------------------------------------------------------------------
# Stats: the numbers and words an item carries
# ---------------------------------------------------------------------------


class StatBase(Model):
    id: Id
    label: Label
    #: False keeps the stat on the item card but out of the Game Master's prompt.
    promptVisible: bool = True


class NumberStat(NumberShape, StatBase):
    """A number stat: the number shape of a sheet field (`NumberShape`) with a stat's id,
    label and prompt visibility."""


class TextStat(StatBase):
    type: Literal["text"]
    maxLength: Annotated[int, Field(ge=1, le=500)]
    default: Annotated[str, Field(max_length=500)] | None = None

    @model_validator(mode="after")
    def _default_fits(self) -> "TextStat":
        if self.default is not None and len(self.default) > self.maxLength:
            raise ValueError(f'"default" is longer than "maxLength" {self.maxLength}')
        return self


class BooleanStat(StatBase):
    type: Literal["boolean"]
    default: bool | None = None


EnumValue = Annotated[str, StringConstraints(min_length=1, max_length=80)]


class EnumStat(StatBase):
    type: Literal["enum"]
    values: Annotated[list[EnumValue], Field(min_length=1, max_length=40)]
    valueLabels: dict[str, Label] | None = None
    default: Annotated[str, Field(max_length=80)] | None = None

    @model_validator(mode="after")
    def _values(self) -> "EnumStat":
        for i, v in enumerate(self.values):
            if v in self.values[:i]:
                raise ValueError(f'value "{v}" is listed twice')
        for v in self.valueLabels or {}:
            if v not in self.values:
                raise ValueError(f'"valueLabels" names "{v}", which is not one of "values"')
        if self.default is not None and self.default not in self.values:
            raise ValueError(f'"default" "{self.default}" is not one of "values"')
        return self


class DiceStat(StatBase):
    type: Literal["dice"]
    default: Annotated[str, Field(max_length=40)] | None = None
    example: Annotated[str, Field(max_length=40)] | None = None

    @model_validator(mode="after")
    def _dice(self) -> "DiceStat":
        for key in ("default", "example"):
            value = getattr(self, key)
            if value is not None and dice_error(value) is not None:
                raise ValueError(f'"{key}" "{value}" is not dice text such as "1d8" or "2d6+1"')
        return self


ItemStatDef = Annotated[
    NumberStat | TextStat | BooleanStat | EnumStat | DiceStat, Field(discriminator="type")
]

# ---------------------------------------------------------------------------
# Slots, binding, carrying, money, rarity caps
# ---------------------------------------------------------------------------


class Slot(Model):
    """Where worn items go, and how many fit (two hands, one coat)."""

    id: Id
    label: Label
    count: Annotated[int, Field(ge=1, le=20)]


class Binding(Model):
    """Items bound to their bearer, up to `max` of them (a warden binds as many tokens as
    their Nerve); played by shared/sheet/carry.py and items.py `works`."""

    label: ShortLabel
    max: ValueRef


class Carry(Model):
    """What carrying costs: the total of number stat `stat` over carried items; above
    `encumberedAbove` the bearer is encumbered, and `limit` is the most they can carry
    (shared/sheet/carry.py)."""

    stat: Id
    encumberedAbove: ValueRef
    limit: ValueRef | None = None


class CurrencyUnit(Model):
    id: Id
    label: ShortLabel
    #: How many of the currency's smallest counting unit this unit is worth.
    value: Annotated[int, Field(ge=1, le=1_000_000)]


class Currency(Model):
    """A family of money: every value counts in its units; `perWeight` is how many of the
    counting unit weigh one of the carry stat (no weight when omitted)."""

    id: Id
    label: Label
    perWeight: Annotated[Number, Field(gt=0)] | None = None
    units: Annotated[list[CurrencyUnit], Field(min_length=1, max_length=10)]

    @field_validator("units")
    @classmethod
    def _units(cls, units: list[CurrencyUnit]) -> list[CurrencyUnit]:
        distinct_ids(units, "unit")
        seen: dict[int, str] = {}
        for unit in units:
            if unit.value in seen:
                raise ValueError(f'units "{seen[unit.value]}" and "{unit.id}" are both worth {unit.value}')
            seen[unit.value] = unit.id
        return units


class RarityCap(Model):
    """The most an item of `rarity` may have of each number stat, and the most it may add
    to a check (`bonus`): the limits an item the Game Master invents is held to."""

    rarity: Id
    stats: dict[str, Number] | None = None
    bonus: Annotated[int, Field(ge=0, le=100)] | None = None


class Items(Model):
    categories: Annotated[list[Named], Field(min_length=1, max_length=24)]
    rarities: Annotated[list[Named], Field(max_length=12)] | None = None
    tags: Annotated[list[Named], Field(max_length=48)] | None = None
    stats: Annotated[list[ItemStatDef], Field(max_length=24)] | None = None
    slots: Annotated[list[Slot], Field(max_length=12)] | None = None
    binding: Binding | None = None
    carry: Carry | None = None
    currencies: Annotated[list[Currency], Field(max_length=6)] | None = None
    rarityCaps: Annotated[list[RarityCap], Field(max_length=12)] | None = None
    # Three switches of Marinara's own inventory and Game Master (item invention, Game
    # Mode's untyped items, typed-in items): accepted and read nowhere here
    # (capabilities.HOST_ONLY_UNGATED says why, in the schema's words).
    propose: bool = True
    native: bool = True
    freeform: Literal["plain", "refuse"] = "plain"

    @field_validator("categories")
    @classmethod
    def _categories(cls, v: list[Named]) -> list[Named]:
        distinct_ids(v, "category")
        return v

    @field_validator("rarities")
    @classmethod
    def _rarities(cls, v: list[Named] | None) -> list[Named] | None:
        distinct_ids(v or [], "rarity")
        return v

    @field_validator("tags")
    @classmethod
    def _tags(cls, v: list[Named] | None) -> list[Named] | None:
        distinct_ids(v or [], "tag")
        return v

    @field_validator("stats")
    @classmethod
    def _stats(cls, v: list[StatBase] | None) -> list[StatBase] | None:
        distinct_ids(v or [], "stat")
        return v

    @field_validator("slots")
    @classmethod
    def _slots(cls, v: list[Slot] | None) -> list[Slot] | None:
        distinct_ids(v or [], "slot")
        return v

    @field_validator("currencies")
    @classmethod
    def _currencies(cls, v: list[Currency] | None) -> list[Currency] | None:
        distinct_ids(v or [], "currency")
        return v

    def stat(self, stat_id: str) -> ItemStatDef | None:
        return next((s for s in self.stats or [] if s.id == stat_id), None)
