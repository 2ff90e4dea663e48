"""What mechanics-3 adds to the shape an entry lands in (`mechanics.area`, also a creature
action's `area`): growing with the raised cost (1.267) and bursts centred on the user
(1.282).

Owns: `Area2`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Number, gate
from .area import Area


class Area2(Area):
    """`Area` with `sizePerCostStep`, `around` and `throughWalls`."""

    #: How much the size grows for each step the cost is raised (Confusion's sphere).
    sizePerCostStep: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.267"))
    #: A burst of `size` centred on the user, never aimed; the user is never affected.
    around: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.282"))
    #: With `around`: walls between the user and a creature protect nobody.
    throughWalls: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.282"))

    @model_validator(mode="after")
    def _m3_area(self) -> "Area2":
        if self.sizePerCostStep is not None and self.shape == "wall":
            raise ValueError('a wall never grows, so "sizePerCostStep" is rejected on a "wall"')
        if self.around is not None:
            if self.shape != "burst":
                raise ValueError('"around" is a burst centred on the user, so it needs "shape": "burst"')
            if self.copies is not None:
                raise ValueError('only a single burst can be centred on the user, so "around" is rejected with "copies"')
        if self.throughWalls is not None and self.around is None:
            raise ValueError('"throughWalls" is used only with "around"')
        return self


__all__ = ["Area2"]
