"""How an entry changes a check it is used for: `mechanics.check` (a pool check's dice,
successes, target, explode and double faces, and rerolls; Gravewatch's charms).

Owns: `CheckChange` and `Reroll`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Model


class Reroll(Model):
    upTo: Annotated[int, Field(ge=1, le=999)]
    mode: Literal["once", "until"]


class CheckChange(Model):
    reroll: Reroll | None = None
    dice: Annotated[int, Field(ge=1, le=10)] | None = None
    successes: Annotated[int, Field(ge=1, le=10)] | None = None
    threshold: Annotated[int, Field(ge=2, le=1000)] | None = None
    explode: Annotated[int, Field(ge=2, le=1000)] | None = None
    double: Annotated[int, Field(ge=2, le=1000)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "CheckChange":
        if all(
            getattr(self, k) is None
            for k in ("reroll", "dice", "successes", "threshold", "explode", "double")
        ):
            raise ValueError('"check" needs "reroll", "dice", "successes", "threshold", "explode" or "double"')
        return self
