"""The building blocks of a character sheet: sections, abilities, skills and saves, the
`untrained` rule, `hideWhen`, and single-value fields of every type.

Owns: `HideWhen`, `Untrained` (`"normal"`, `"harder"`, `"refuse"` or `{ "by": n }`),
`Section`, `Ability`, `Skill` (also the shape of a save), `BonusRange`, the six field types
(`number`, `text`, `longtext`, `boolean`, `enum`, `dice`) and `Field`, their discriminated
union. Value kinds (what a number, text, enum... may hold) are shared with list columns
through the `*Shape` mixins, so a field and a column can never disagree.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Discriminator, Tag
from pydantic import Field as PydField
from pydantic import model_validator

from .base import Id, dice_error, Label, Model, Number, ValueRef, gate, unsupported
from .refusals import EDITOR_REASON

# ---------------------------------------------------------------------------
# hideWhen and untrained
# ---------------------------------------------------------------------------

#: A value a `hideWhen` compares against: text, a number or a boolean.
HideValue = Annotated[str, PydField(max_length=80)] | bool | Number


class HideWhen(Model):
    """Hides an entry depending on one field's value, in exactly one of three ways."""

    field: Id
    equals: HideValue | None = None
    notEquals: HideValue | None = PydField(default=None, json_schema_extra=gate("1.39"))
    in_: Annotated[list[HideValue], PydField(min_length=1, max_length=24)] | None = PydField(
        default=None, alias="in", json_schema_extra=gate("1.39")
    )

    @model_validator(mode="after")
    def _exactly_one_way(self) -> "HideWhen":
        given = [k for k, v in (("equals", self.equals), ("notEquals", self.notEquals), ("in", self.in_)) if v is not None]
        if len(given) != 1:
            raise ValueError('"hideWhen" has exactly one of "equals", "notEquals" and "in"')
        return self

    def values(self) -> list[Any]:
        """Every value the rule names (layers must not exclude them)."""
        if self.in_ is not None:
            return list(self.in_)
        return [self.equals if self.equals is not None else self.notEquals]


class UntrainedBy(Model):
    """`{ "by": -3 }`: added to an untrained check's number, before `cap`."""

    by: Annotated[int, PydField(ge=-20, le=20)]


def _untrained_shape(value: Any) -> str:
    # Pick the branch by shape, so a wrong `by` is reported once, at `by`.
    return "by" if isinstance(value, (dict, UntrainedBy)) else "word"


Untrained = Annotated[
    Annotated[Literal["normal", "harder", "refuse"], Tag("word")] | Annotated[UntrainedBy, Tag("by")],
    Discriminator(_untrained_shape),
]


# ---------------------------------------------------------------------------
# Sections, abilities, skills and saves
# ---------------------------------------------------------------------------


class Section(Model):
    id: Id
    label: Label
    untrained: Untrained | None = PydField(default=None, json_schema_extra=gate("1.41"))


class Ability(Model):
    id: Id
    label: Label
    short: Annotated[str, PydField(min_length=1, max_length=8)] | None = None
    min: int
    max: int
    default: int
    section: Id | None = PydField(default=None, json_schema_extra=gate("1.41"))

    @model_validator(mode="after")
    def _range(self) -> "Ability":
        if self.min > self.max:
            raise ValueError('"min" is above "max"')
        if not self.min <= self.default <= self.max:
            raise ValueError(f'"default" {self.default} is outside {self.min}..{self.max}')
        return self


class Skill(Model):
    """A skill or a save: the ability it rolls with, a `cap`, its section and its
    `untrained` rule."""

    id: Id
    label: Label
    ability: Id | None = None
    cap: ValueRef | None = PydField(default=None, json_schema_extra=gate("1.39"))
    section: Id | None = PydField(default=None, json_schema_extra=gate("1.41"))
    untrained: Untrained | None = PydField(default=None, json_schema_extra=gate("1.41"))


class BonusRange(Model):
    """Range of the free per-skill and per-save bonus a sheet may carry."""

    min: Annotated[int, PydField(ge=-100)]
    max: Annotated[int, PydField(le=100)]

    @model_validator(mode="after")
    def _ordered(self) -> "BonusRange":
        if self.min > self.max:
            raise ValueError('"min" is above "max"')
        return self


# ---------------------------------------------------------------------------
# Value kinds shared by fields and list columns
# ---------------------------------------------------------------------------

#: A chip offered below a text field: one line of text.
Suggestion = Annotated[str, PydField(pattern=r"^[^\r\n\x00-\x1f]{1,80}$")]


def is_whole(value: Any) -> bool:
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


class NumberShape(Model):
    """A number value: `type: "number"`, its `min`..`max` range, a `default` within it and
    `integer` (true unless given: whole numbers only). A sheet field, a list column and an
    item stat (`NumberStat`, items.py) are each this shape with their own keys."""

    type: Literal["number"]
    min: Number
    max: Number
    default: Number | None = None
    integer: bool = True

    @model_validator(mode="after")
    def _range(self) -> "NumberShape":
        if self.min > self.max:
            raise ValueError(f'"min" {self.min} is above "max" {self.max}')
        if self.default is not None and not self.min <= self.default <= self.max:
            raise ValueError(f'"default" {self.default} is outside {self.min}..{self.max}')
        if self.integer:
            for key, value in (("min", self.min), ("max", self.max), ("default", self.default)):
                if value is not None and not is_whole(value):
                    raise ValueError(f'"{key}" {value} is not a whole number, and "integer" is true')
        return self

    def allows(self, value: Number) -> bool:
        """Whether `value` is one this shape can hold."""
        return self.min <= value <= self.max and (not self.integer or is_whole(value))

    def start_value(self) -> Number:
        """What a blank sheet holds: the default, else 0 kept within the range."""
        if self.default is not None:
            return self.default
        return min(max(0, self.min), self.max)


class TextShape(Model):
    type: Literal["text"]
    maxLength: Annotated[int, PydField(ge=1, le=500)]
    default: Annotated[str, PydField(max_length=500)] | None = None
    suggestions: Annotated[list[Suggestion], PydField(min_length=1, max_length=40)] | None = PydField(
        default=None, json_schema_extra=unsupported("1.796", EDITOR_REASON)
    )
    pick: ValueRef | None = PydField(default=None, json_schema_extra=unsupported("1.797", EDITOR_REASON))

    @model_validator(mode="after")
    def _fits(self) -> "TextShape":
        if self.default is not None and len(self.default) > self.maxLength:
            raise ValueError(f'"default" is longer than "maxLength" ({self.maxLength})')
        if self.pick is not None and self.suggestions is None:
            raise ValueError('"pick" counts chosen "suggestions", so it needs "suggestions"')
        return self

    def start_value(self) -> str:
        return self.default if self.default is not None else ""


class LongtextShape(Model):
    type: Literal["longtext"]
    maxLength: Annotated[int, PydField(ge=1, le=4000)]
    default: Annotated[str, PydField(max_length=4000)] | None = None

    @model_validator(mode="after")
    def _fits(self) -> "LongtextShape":
        if self.default is not None and len(self.default) > self.maxLength:
            raise ValueError(f'"default" is longer than "maxLength" ({self.maxLength})')
        return self

    def start_value(self) -> str:
        return self.default if self.default is not None else ""


class BooleanShape(Model):
    type: Literal["boolean"]
    default: bool | None = None

    def start_value(self) -> bool:
        return bool(self.default)


class EnumShape(Model):
    type: Literal["enum"]
    values: Annotated[list[Annotated[str, PydField(min_length=1, max_length=80)]], PydField(min_length=1, max_length=40)]
    valueLabels: dict[str, Label] | None = None
    default: Annotated[str, PydField(max_length=80)] | None = None

    @model_validator(mode="after")
    def _known_values(self) -> "EnumShape":
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


class DiceShape(Model):
    type: Literal["dice"]
    default: Annotated[str, PydField(max_length=40)] | None = None
    example: Annotated[str, PydField(max_length=40)] | None = None

    @model_validator(mode="after")
    def _dice(self) -> "DiceShape":
        for key in ("default", "example"):
            value = getattr(self, key)
            if value is not None and value != "" and dice_error(value) is not None:
                raise ValueError(f'"{key}" "{value}" is not dice text such as "1d8" or "2d6+1"')
        return self

    def start_value(self) -> str:
        return self.default if self.default is not None else ""


# ---------------------------------------------------------------------------
# Fields
# ---------------------------------------------------------------------------


class FieldBase(Model):
    id: Id
    label: Label
    section: Id | None = None
    hideWhen: HideWhen | None = None


class NumberField(NumberShape, FieldBase):
    pass


class TextField(TextShape, FieldBase):
    pass


class LongtextField(LongtextShape, FieldBase):
    pass


class BooleanField(BooleanShape, FieldBase):
    pass


class EnumField(EnumShape, FieldBase):
    pass


class DiceField(DiceShape, FieldBase):
    pass


Field = Annotated[
    NumberField | TextField | LongtextField | BooleanField | EnumField | DiceField,
    PydField(discriminator="type"),
]

