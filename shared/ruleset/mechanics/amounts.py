"""Amounts and damage clauses of an entry's `mechanics`.

Owns: `Amount` (`{"dice", "flat"}`: the blow, healing, temporary points, a per-step
increase), `DamageType` (free text, compared case-insensitively), `ClauseSave` and
`DamageClause` (one `plus` part: "and 2d6 fire"), and `Scales` (`{"from", "table"}`: extra
dice by a value read from the sheet). Other mechanics parts and item attacks import these.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from ..base import DiceText, Id, Model, Number, ValueRef, gate
from ..modifiers import TargetTest

#: A damage type as the ruleset writes it ("fire", "coldfire"); matched without regard to
#: case against `combat.damageTypes` when the ruleset declares them.
DamageType = Annotated[str, StringConstraints(min_length=1, max_length=40)]


class Amount(Model):
    """Dice, a flat number, or both: `{ "dice": "2d6", "flat": 1 }`."""

    dice: DiceText | None = None
    flat: int | None = None

    @model_validator(mode="after")
    def _dice_or_flat(self) -> "Amount":
        if self.dice is None and self.flat is None:
            raise ValueError('an amount needs "dice", "flat" or both')
        return self


class ClauseSave(Model):
    """A clause's own save: on a success `none` removes the clause, `half` halves it.
    Without `difficulty` it falls back to the action's save, then the list's."""

    save: Id
    difficulty: Annotated[int, Field(ge=0, le=1000)] | None = None
    onSuccess: Literal["none", "half"]


class DamageClause(Model):
    """One more amount on the same blow, rolled separately with its own type."""

    dice: DiceText | None = None
    flat: Annotated[int, Field(ge=-1000, le=10000)] | None = None
    type: DamageType | None = None
    save: ClauseSave | None = None
    #: The clause reaches only targets that pass this test (dragon slayer, holy water).
    targetIs: TargetTest | None = Field(default=None, json_schema_extra=gate("1.168", schema=2))
    #: Added only on a critical hit (combat-2: a symbol spend's `critical` makes the hit
    #: one, "so clauses marked `onCritical` apply"; combat/blows.py `clause_part`).
    onCritical: Literal[True] | None = None

    @model_validator(mode="after")
    def _dice_or_flat(self) -> "DamageClause":
        if self.dice is None and self.flat is None:
            raise ValueError('a damage clause needs "dice", "flat" or both')
        return self


#: `[value read, extra dice]` (a JSON pair; strict models take a list, not a tuple).
ScaleRow = Annotated[list[Number], Field(min_length=2, max_length=2)]


class Scales(Model):
    """`table` rows are `[value read, extra dice]`: the amount grows by the extra dice
    of the row the value `from` reaches."""

    from_: ValueRef = Field(alias="from")
    table: Annotated[list[ScaleRow], Field(min_length=1, max_length=100)]
