"""Contests: grab, shove, break free (spec/combat-3 "Contests", Capability API 1.43).

Owns: `CombatCheck` (a number a contest reads, from the sheet, read once at the start),
`Contest` with its sides, `from`, and what winning does (`ContestWin`); a contest against a
fixed `difficulty`, with `targets`, `targetHolds`, `targetDying` and `onWin.stabilizes`
(mechanics-1 "Contests against a fixed difficulty", 1.193).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Id, Label, Model, Number, ValueRef, gate

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
    #: Offered only against a hold that has an `escapeDc` (mechanics-1, 1.174).
    escapable: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.174"))


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
    stabilizes: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.193"))

    @model_validator(mode="after")
    def _something(self) -> "ContestWin":
        if self.applies is None and self.ends is None and self.push is None and self.stabilizes is None:
            raise ValueError('"onWin" must say at least one thing: "applies", "ends", "push" or "stabilizes"')
        return self


class Size(Model):
    """One size of `combat.sizes.order`, smallest first; `cells` per side on the grid (1.194)."""

    id: Id
    label: Label
    cells: Annotated[int, Field(ge=1, le=10)] | None = Field(default=None, json_schema_extra=gate("1.194"))


class Sizes(Model):
    """`combat.sizes` (1.103): the creature sizes a contest's `maxSizeAbove` compares."""

    order: Annotated[list[Size], Field(min_length=1, max_length=12)]


class Contest(Model):
    """Both sides roll `attackRoll.dice` and add their best check; the higher total wins,
    and a tie goes to the defender unless `ties` is `attacker`. Against a fixed `difficulty`
    only the actor rolls, and wins on reaching it. Losing does nothing."""

    id: Id
    label: Label
    budget: Id
    strike: Literal[True] | None = None
    reach: Number | None = Field(default=None, gt=0, le=10000)
    attacker: ContestSide
    #: Required unless the contest is against a fixed `difficulty`.
    defender: ContestSide | None = None
    ties: Literal["defender", "attacker"] | None = None
    from_: ContestHolding | None = Field(default=None, alias="from")
    onWin: ContestWin
    #: A check against this number instead of an opposing roll (mechanics-1, 1.193): the
    #: actor wins on reaching it.
    difficulty: Annotated[int, Field(ge=0, le=1000)] | None = Field(default=None, json_schema_extra=gate("1.193"))
    #: On whom it can be made: the other side (the default), the actor's own, or anyone,
    #: the actor included.
    targets: Literal["enemy", "ally", "any"] | None = Field(default=None, json_schema_extra=gate("1.193"))
    #: Offered only against a target holding this condition.
    targetHolds: Id | None = Field(default=None, json_schema_extra=gate("1.193"))
    #: Offered only against a target who is dying and not yet stabilized.
    targetDying: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.193"))
    #: The size limit of a grapple (combat-2 "Size and escape DC", 1.103): offered only
    #: against a target at most this many sizes above the actor (shared/combat/sizes.py).
    maxSizeAbove: Annotated[int, Field(ge=0, le=10)] | None = Field(default=None, json_schema_extra=gate("1.103"))

    @model_validator(mode="after")
    def _against_someone(self) -> "Contest":
        if self.defender is None and self.difficulty is None:
            raise ValueError('a contest needs a "defender", or a fixed "difficulty" to reach')
        if self.defender is not None and self.difficulty is not None:
            raise ValueError('a contest against a fixed "difficulty" has no "defender"')
        if self.targets is not None and self.from_ is not None:
            raise ValueError('"from" aims the contest at whoever holds the actor, so it cannot go with "targets"')
        return self
