"""Small shapes the keys of spec/mechanics-2.md and mechanics-3.md share.

Owns: `no_repeats` (a list naming one thing twice is refused), `IdList`, `Names` (attack
names, matched without regard to case), `StepDie` (one die whose size a sheet value picks
through a stepped table, as in Martial Arts), `TrackShift` (`{"track", "by"}`),
`WeaponTest` (`tags`/`notTags` a held weapon must have), `AttackMatch`/`AfterAttack` (the
attacks an Attack action was taken with) and `Wielding` (what may be held).
"""

from __future__ import annotations

from typing import Annotated, Literal, Sequence

from pydantic import BaseModel, Discriminator, Field, StringConstraints, Tag, model_validator

from ..base import Id, Model, ValueRef, gate

#: Attack names are matched without regard to case ("Unarmed Strike").
AttackName = Annotated[str, StringConstraints(min_length=1, max_length=80)]
Names = Annotated[list[AttackName], Field(min_length=1, max_length=40)]
#: A list of ids of one kind (conditions, saves, tags), 1 to 40 of them.
IdList = Annotated[list[Id], Field(min_length=1, max_length=40)]


def no_repeats(values: Sequence[str] | None, key: str, *, fold: bool = False) -> None:
    """Raises when a list names the same thing twice (`fold`: without regard to case)."""
    seen: set[str] = set()
    for value in values or ():
        probe = value.lower() if fold else value
        if probe in seen:
            raise ValueError(f'"{key}" names "{value}" twice')
        seen.add(probe)


class StepDie(Model):
    """One die whose size a sheet value picks: `{"from": {"field": "level"}, "table":
    [[1, 6], [5, 8], [10, 10], [15, 12]]}` (from level 1 a d6, from 5 a d8, ...)."""

    from_: ValueRef = Field(alias="from")
    table: Annotated[
        list[Annotated[list[int], Field(min_length=2, max_length=2)]], Field(min_length=1, max_length=30)
    ]

    @model_validator(mode="after")
    def _steps(self) -> "StepDie":
        starts = [row[0] for row in self.table]
        if any(b <= a for a, b in zip(starts, starts[1:])):
            raise ValueError('"table" steps go up: each row starts above the one before it')
        for row in self.table:
            if not 2 <= row[1] <= 1000:
                raise ValueError(f'"table" gives a die of {row[1]} faces (2 to 1000)')
        return self


class TrackShift(Model):
    """Moves a current track by whole levels: `{"track": "exhaustion", "by": -1}`."""

    track: Id
    by: Annotated[int, Field(ge=-20, le=20)]

    @model_validator(mode="after")
    def _moves(self) -> "TrackShift":
        if self.by == 0:
            raise ValueError('"by" carries its own sign, and 0 is rejected')
        return self


class WeaponTest(Model):
    """A held weapon's tags: it must have all of `tags` and none of `notTags` (1.244)."""

    tags: IdList | None = None
    notTags: IdList | None = None

    @model_validator(mode="after")
    def _something(self) -> "WeaponTest":
        if self.tags is None and self.notTags is None:
            raise ValueError('give "tags", "notTags" or both')
        both = sorted(set(self.tags or ()) & set(self.notTags or ()))
        if both:
            raise ValueError(f'"{both[0]}" is both in "tags" and in "notTags"')
        return self


class AttackMatch(Model):
    """Attacks by name and/or held weapons by tags: `{"names": [...], "items": {...}}`."""

    names: Names | None = None
    items: WeaponTest | None = Field(default=None, json_schema_extra=gate("1.246"))

    @model_validator(mode="after")
    def _something(self) -> "AttackMatch":
        if self.names is None and self.items is None:
            raise ValueError('give "names", "items" or both (or write true)')
        no_repeats(self.names, "names", fold=True)
        return self


def _flag_or_object(value: object) -> str:
    return "object" if isinstance(value, (dict, BaseModel)) else "flag"


#: Tells `true` from an object (`Tag("flag")` / `Tag("object")`) before validating, so a
#: defect inside the object is reported once, not also as "must be true".
FLAG_OR_OBJECT = Discriminator(_flag_or_object)

#: `afterAttack`: `true` (after the Attack action) or the attacks it was taken with.
AfterAttack = Annotated[Annotated[Literal[True], Tag("flag")] | Annotated[AttackMatch, Tag("object")], FLAG_OR_OBJECT]


class WieldingOnly(Model):
    """Every held weapon is one of these (or nothing is held)."""

    names: Names | None = None
    tags: IdList | None = None
    notTags: IdList | None = None

    @model_validator(mode="after")
    def _something(self) -> "WieldingOnly":
        if self.names is None and self.tags is None and self.notTags is None:
            raise ValueError('give "names", "tags" or "notTags"')
        no_repeats(self.names, "names", fold=True)
        return self


class Wielding(Model):
    """`{"only": {...}}`: in force only while every held weapon matches, or none is held."""

    only: WieldingOnly


__all__ = [
    "AfterAttack",
    "AttackMatch",
    "AttackName",
    "IdList",
    "Names",
    "StepDie",
    "TrackShift",
    "WeaponTest",
    "Wielding",
    "WieldingOnly",
    "FLAG_OR_OBJECT",
    "no_repeats",
]
