"""What using an entry spends and what it gives the turn.

Owns: `CostItem` (`{"pool", "amount"}`: paid through the sheet's own `use`; a pool in a
group may be paid from a higher pool of the group, each step up raising the entry by
`perCostStep`), `BudgetGift` (one `gives` item) and `StandardGrant` (`standard`: the
standard actions a budget may buy).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Id, Model

StandardAction = Literal["dash", "disengage", "dodge", "help", "hide", "ready"]


class CostItem(Model):
    pool: Id
    amount: Annotated[int, Field(ge=1)]


class BudgetGift(Model):
    """Adds `count` to `budget` the moment the entry is used (capped at the turn's
    normal holding plus the gift)."""

    budget: Id
    count: Annotated[int, Field(ge=1, le=10)]


class StandardGrant(Model):
    """Lets the holder take these standard actions with `budget`
    (offered as `standard:<id>@<budget>`)."""

    actions: Annotated[list[StandardAction], Field(min_length=1, max_length=6)]
    budget: Id

    @model_validator(mode="after")
    def _distinct(self) -> "StandardGrant":
        if len(set(self.actions)) != len(self.actions):
            raise ValueError('"actions" names a standard action twice')
        return self
