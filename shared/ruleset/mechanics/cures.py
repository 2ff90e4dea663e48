"""Curing conditions, stabilizing and reviving: `mechanics.ends`, `stabilizes` and
`revives` (Capability API 1.176), also on an item's `use` and (`ends`) a creature action;
played by shared/combat/cures.py.

Owns: `Ends` (with `from`, 1.236: cures only what a creature passing the test applied)
and `Revives`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..base import Id, Model, gate
from ..modifiers import TargetTest
from .amounts import Amount


class Ends(Model):
    """Removes these conditions from the target in the given order, at most `count`."""

    conditions: Annotated[list[Id], Field(min_length=1, max_length=24)]
    count: Annotated[int, Field(ge=1, le=24)] | None = None
    #: Cures only what a creature passing this test applied (1.236).
    from_: TargetTest | None = Field(default=None, alias="from", json_schema_extra=gate("1.236"))

    @model_validator(mode="after")
    def _distinct(self) -> "Ends":
        if len(set(self.conditions)) != len(self.conditions):
            raise ValueError('"conditions" names the same condition twice')
        return self


class Revives(Model):
    """Aimed only at someone who died at most `withinRounds` rounds ago; brings them
    back with `health`."""

    withinRounds: Annotated[int, Field(ge=1, le=1000)]
    health: Amount
