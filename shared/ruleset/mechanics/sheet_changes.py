"""Cures and what an entry does to the sheet of whoever it lands on (spec/mechanics-2.md
1.199, 1.201, 1.204, 1.236): shifting tracks, giving back sealed health, curing one of
several things, ending the user's own condition, dismissing creatures, and the health
pool that skips some targets.

Owns: `HealthPoolSkips`, `DismissWhile` and `Dismisses`, the objects of `mechanics`'
`healthPoolSkips` and `dismisses` (played by shared/combat/dismissal.py); the keys are on
`Mechanics` (block.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Tag, model_validator

from ..base import Id, Model, gate
from ..modifiers import TargetTest
from .shapes import FLAG_OR_OBJECT, IdList, no_repeats


class HealthPoolSkips(Model):
    """Leaves alone (and spends none of the pool on) anyone holding one of `conditions`
    or, with `unseeing`, anyone who cannot see the entry's creator."""

    conditions: IdList | None = None
    #: Who cannot see the creator (Color Spray), by combat/seeing.py's `sees`.
    unseeing: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.199"))

    @model_validator(mode="after")
    def _something(self) -> "HealthPoolSkips":
        if self.conditions is None and self.unseeing is None:
            raise ValueError('"healthPoolSkips" needs "conditions", "unseeing" or both')
        no_repeats(self.conditions, "conditions")
        return self


class DismissWhile(Model):
    """Removed for as long as it has `while` (which the same entry applies); a creature
    passing `gone` that stayed in it the whole time does not return (Banishment)."""

    while_: Id = Field(alias="while")
    gone: TargetTest | None = None


#: `true`: removed for good (Dismissal); or removed while a condition lasts.
Dismisses = Annotated[Annotated[Literal[True], Tag("flag")] | Annotated[DismissWhile, Tag("object")], FLAG_OR_OBJECT]


__all__ = ["DismissWhile", "Dismisses", "HealthPoolSkips"]
