"""Contests: grab, shove, break free (spec/combat-3 "Contests", Capability API 1.43).

Owns: `CombatCheck` (a number a contest reads, from the sheet, read once at the start),
`Contest` with its sides, `from`, and what winning does (`ContestWin`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Id, Label, Model, Number, ValueRef

CheckIds = Annotated[list[Id], Field(min_length=1, max_length=4)]


class CombatCheck(Model):
    """`{ "id": "brawn", "label": "Brawn", "value": { "abilityMod": "brawn" } }`."""

    id: Id
    label: Label
    value: ValueRef


class ContestSide(Model):
    """The checks one side may add; the best of them counts."""

    checks: CheckIds

    @model_validator(mode="after")
    def _distinct(self) -> "ContestSide":
        if len(set(self.checks)) != len(self.checks):
            raise ValueError('"checks" names a check twice')
        return self


class ContestHolding(Model):
    """`{ "holding": "held" }`: aimed only at whoever put that condition on the actor, and
    offered only while it lasts (breaking free)."""

    holding: Id


class ContestApply(Model):
    """A condition put on the loser, with the winner as its source; `rounds` gives it a
    clock, without which it lasts until something ends it."""

    condition: Id
    rounds: Annotated[int, Field(ge=1, le=100)] | None = None


class ContestEnd(Model):
    """A condition removed from the actor or the target."""

    condition: Id
    on: Literal["actor", "target"]


class ContestWin(Model):
    """What winning does; it must say at least one thing."""

    applies: Annotated[list[ContestApply], Field(min_length=1, max_length=4)] | None = None
    ends: Annotated[list[ContestEnd], Field(min_length=1, max_length=4)] | None = None
    push: Number | None = Field(default=None, gt=0, le=10000)

    @model_validator(mode="after")
    def _something(self) -> "ContestWin":
        if self.applies is None and self.ends is None and self.push is None:
            raise ValueError('"onWin" must say at least one thing: "applies", "ends" or "push"')
        return self


class Contest(Model):
    """Both sides roll `attackRoll.dice` and add their best check; the higher total wins,
    and a tie goes to the defender unless `ties` is `attacker`. Losing does nothing."""

    id: Id
    label: Label
    budget: Id
    strike: Literal[True] | None = None
    reach: Number | None = Field(default=None, gt=0, le=10000)
    attacker: ContestSide
    defender: ContestSide
    ties: Literal["defender", "attacker"] | None = None
    from_: ContestHolding | None = Field(default=None, alias="from")
    onWin: ContestWin
