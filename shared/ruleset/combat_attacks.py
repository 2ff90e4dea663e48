"""The sheet lists a fight reads as weapons and abilities (spec/combat-1 "attacks" and
"abilities", combat-3 "Reach and range", mechanics-2 1.244 `always`).

Owns: `AttackList` (one `combat.attacks` entry; in a pool fight its own keys are read as
dice and successes, so it has no pool keys) with its `toHit`, `damage`, `reach`/`range`,
strikes and the rows every sheet gets, and `AbilityList` (one `combat.abilities` entry) with `onlyWhen`,
`alwaysWhen`, `byColumn` and `stamp`. The columns these name are checked against the list
in `checks/combat_lists.py`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, model_validator

from .base import Id, Model, Number, ValueRef, gate, unsupported
from .errors import ProblemAt
from .battle import AlwaysWhen


class Column(Model):
    """`{ "column": "swing" }`: a column of the same list."""

    column: Id


class ColumnOrConst(Model):
    """A column of the same list, or the same distance for every row (`const`)."""

    column: Id | None = None
    const: Number | None = Field(default=None, ge=0, le=10000)

    @model_validator(mode="after")
    def _one(self) -> "ColumnOrConst":
        if (self.column is None) == (self.const is None):
            raise ValueError('give exactly one of "column" and "const"')
        return self


class AttackRange(Model):
    """How far a row shoots: `normal`, and `long` beyond which a shot cannot go."""

    normal: ColumnOrConst
    long: ColumnOrConst | None = None


class SheetBonusWhen(Model):
    """`{ "column": ..., "equals": ... }`: only rows with this value in this column."""

    column: Id
    equals: Annotated[str, Field(max_length=4000)] | int | float | bool


class SheetBonus(Model):
    """A number read from the sheet added to the hit, optionally only on some rows (1.800)."""

    value: ValueRef
    when: SheetBonusWhen | None = None


class AttackToHit(Model):
    """Columns of the row that add to the hit."""

    ability: Column | None = None
    proficiency: Column | None = None
    bonus: Column | None = None
    skill: Column | None = Field(default=None, json_schema_extra=gate("1.47"))
    sheetBonus: SheetBonus | None = Field(default=None, json_schema_extra=gate("1.800"))


class AttackDamage(Model):
    """The row's damage: its dice column, and the columns that add to it or name its type."""

    dice: Column
    ability: Column | None = None
    bonus: Column | None = None
    type: Column | None = None


AbilityIds = Annotated[list[Id], Field(min_length=2, max_length=12)]


#: Rows every sheet gets in the list (1.244; an alias: the model's own `list` key hides the
#: builtin).
AlwaysRows = Annotated[list[dict[str, Any]], Field(min_length=1, max_length=4)]


class AttackList(Model):
    """A sheet list whose rows become weapons. A row with no dice that can be read is not an
    attack, so a rope in the same list is just a rope. In a pool fight the list's own keys
    are read as dice and successes (its `toHit` is the pool thrown, its damage-dice column a
    count of the ruleset's own die, `damage.bonus` automatic successes): nothing is renamed."""

    list: Id
    budget: Id
    name: Id
    toHit: AttackToHit | None = None
    abilityChoices: dict[str, AbilityIds] | None = Field(default=None, json_schema_extra=gate("1.793"))
    damage: AttackDamage
    strikes: ValueRef | None = None
    strikesCappedBy: Column | None = None
    reach: ColumnOrConst | None = None
    range: AttackRange | None = None
    always: AlwaysRows | None = Field(
        default=None, json_schema_extra=gate("1.244")
    )

    @model_validator(mode="after")
    def _attack_rules(self) -> "AttackList":
        if self.strikesCappedBy is not None and self.strikes is None:
            raise ValueError(
                '"strikesCappedBy" is rejected on a list without "strikes": it already pays once and strikes once'
            )
        if self.abilityChoices is not None:
            if not self.abilityChoices:
                raise ValueError('"abilityChoices" maps at least one value')
            if self.toHit is None or self.toHit.ability is None:
                raise ValueError('"abilityChoices" maps values of the ability column, so it needs "toHit.ability"')
            for value, abilities in self.abilityChoices.items():
                if len(set(abilities)) != len(abilities):
                    raise ValueError(f'"abilityChoices.{value}" names an ability twice')
        for i, row in enumerate(self.always or []):
            if self.name not in row:
                raise ProblemAt(("always", i), f'a row every sheet gets needs its name column "{self.name}"')
        return self


class ByColumnRefs(Model):
    """The references one value of the `byColumn` column replaces."""

    toHit: ValueRef | None = None
    saveDifficulty: ValueRef | None = None

    @model_validator(mode="after")
    def _something(self) -> "ByColumnRefs":
        if self.toHit is None and self.saveDifficulty is None:
            raise ValueError('give "toHit", "saveDifficulty" or both')
        return self


class ByColumn(Model):
    """Picks `toHit` and `saveDifficulty` by a row's value in `column` (a multiclass
    caster's class); an omitted reference, a missing value and an unlisted value keep the
    list's own."""

    column: Id
    values: Annotated[dict[Annotated[str, Field(min_length=1, max_length=80)], ByColumnRefs], Field(min_length=1, max_length=20)]


class AbilityList(Model):
    """A sheet list whose catalog-marked rows become abilities; each ability's effect is its
    source entry's `mechanics`."""

    list: Id
    onlyWhen: Id | None = None
    alwaysWhen: AlwaysWhen | None = None
    budget: Id
    toHit: ValueRef | None = None
    saveDifficulty: ValueRef | None = None
    byColumn: ByColumn | None = Field(default=None, json_schema_extra=gate("1.108", schema=2))
    stamp: Any = Field(
        default=None,
        json_schema_extra=unsupported(
            "1.108", "the spec names it beside byColumn but never says what it holds, so it cannot be read"
        ),
    )

    @model_validator(mode="after")
    def _exception_needs_rule(self) -> "AbilityList":
        if self.alwaysWhen is not None and self.onlyWhen is None:
            raise ValueError('"alwaysWhen" is an exception to "onlyWhen", so it is rejected without "onlyWhen"')
        return self
