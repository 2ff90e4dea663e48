"""Contests: grab, shove, break free (spec/combat-3 "Contests", Capability API 1.43).

Owns: `CombatCheck` (a number a contest reads, from the sheet, read once at the start),
`Contest` with its sides, `from`, and what winning does (`ContestWin`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Id, Label, Model, Number, ValueRef, unsupported

CheckIds = Annotated[list[Id], Field(min_length=1, max_length=4)]

FIXED_CONTEST_REASON = "contests against a fixed difficulty are resolved by no planned issue"
SIZES_REASON = "creature sizes are not resolved yet (issue 27, creature sizes)"


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
    #: Offered only against a hold that has an `escapeDc` (mechanics-1, 1.174).
    escapable: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.174", "escaping spell holds is not resolved yet (issue 25, spell holds)")
    )


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
    #: Stabilizes a dying target (mechanics-1, 1.193).
    stabilizes: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.193", "stabilizing a dying target is not resolved yet (issue 24, health beyond damage)")
    )

    @model_validator(mode="after")
    def _something(self) -> "ContestWin":
        if self.applies is None and self.ends is None and self.push is None and self.stabilizes is None:
            raise ValueError('"onWin" must say at least one thing: "applies", "ends" or "push"')
        return self


class Size(Model):
    """One size of `combat.sizes.order`, smallest first; `cells` per side on the grid (1.194)."""

    id: Id
    label: Label
    cells: Annotated[int, Field(ge=1, le=10)] | None = None


class Sizes(Model):
    """`combat.sizes` (1.103): the creature sizes a contest's `maxSizeAbove` compares."""

    order: Annotated[list[Size], Field(min_length=1, max_length=12)]


class Contest(Model):
    """Both sides roll `attackRoll.dice` and add their best check; the higher total wins,
    and a tie goes to the defender unless `ties` is `attacker`. Losing does nothing."""

    id: Id
    label: Label
    budget: Id
    strike: Literal[True] | None = None
    reach: Number | None = Field(default=None, gt=0, le=10000)
    attacker: ContestSide
    #: Required unless the contest is against a fixed `difficulty` (refused for now).
    defender: ContestSide | None = None
    ties: Literal["defender", "attacker"] | None = None
    from_: ContestHolding | None = Field(default=None, alias="from")
    onWin: ContestWin
    #: Keys the format gives a contest that this engine does not resolve yet: a check
    #: against a fixed number, on whom it is made and when (mechanics-1, 1.193), and the
    #: size limit of a grapple (combat-2 "Size and escape DC", 1.103).
    difficulty: Annotated[int, Field(ge=0, le=1000)] | None = Field(
        default=None, json_schema_extra=unsupported("1.193", FIXED_CONTEST_REASON)
    )
    targets: Literal["enemy", "ally", "any"] | None = Field(
        default=None, json_schema_extra=unsupported("1.193", FIXED_CONTEST_REASON)
    )
    targetHolds: Id | None = Field(default=None, json_schema_extra=unsupported("1.193", FIXED_CONTEST_REASON))
    targetDying: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.193", "contests only against a dying target are not resolved yet (issue 24, health beyond damage)")
    )
    maxSizeAbove: Annotated[int, Field(ge=0, le=10)] | None = Field(
        default=None, json_schema_extra=unsupported("1.103", SIZES_REASON)
    )

    @model_validator(mode="after")
    def _against_someone(self) -> "Contest":
        if self.defender is None and self.difficulty is None:
            raise ValueError('"defender" is required (a contest against a fixed "difficulty" is refused for now)')
        return self
