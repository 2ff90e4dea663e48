"""The shape an entry lands in: `mechanics.area`.

Owns: `Area` (`shape`, `size`, and the keys later versions add: `width` for a line
(1.128) or a wall, `box` and `wall` shapes with a wall's `ring` (1.177), `copies` of a
burst or box (1.178), growing with the raised cost (`sizePerCostStep`, 1.267) and bursts
centred on the user (`around`, `throughWalls`, 1.282)). Distances are in the catalog's
`units.distance` (or `combat.distance`). A creature action's area is this one narrowed
(`ActionArea`, creature_actions.py).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from ..base import Model, Number, gate
from ..gates import Gate, ValueGate, declared_gate

Positive = Annotated[Number, Field(gt=0)]


class Area(Model):
    """Where an entry lands: a `shape` of `size`, with the keys each shape takes."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("shape", "box"): "1.177",
        ("shape", "wall"): "1.177",
    }

    shape: Literal["burst", "cone", "line", "box", "wall"]
    size: Positive
    #: A line's width (1.128), or how thick a wall is (1.177); one cell when omitted.
    width: Positive | None = Field(default=None, json_schema_extra=gate("1.128"))
    #: A wall may instead be laid out as a ring of this diameter.
    ring: Positive | None = Field(
        default=None,
        json_schema_extra=gate("1.177"),
    )
    #: A burst or box placed this many times at once, each copy touching another.
    copies: Annotated[int, Field(ge=2, le=10)] | None = Field(
        default=None,
        json_schema_extra=gate("1.178"),
    )
    #: How much the size grows for each step the cost is raised (Confusion's sphere).
    sizePerCostStep: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.267"))
    #: A burst of `size` centred on the user, never aimed; the user is never affected.
    around: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.282"))
    #: With `around`: walls between the user and a creature protect nobody.
    throughWalls: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.282"))

    @model_validator(mode="after")
    def _shape_keys(self) -> "Area":
        if self.width is not None and self.shape not in ("line", "wall"):
            raise ValueError('"width" goes only with a "line" or a "wall"')
        if self.ring is not None and self.shape != "wall":
            raise ValueError('"ring" goes only with a "wall"')
        if self.copies is not None and self.shape not in ("burst", "box"):
            raise ValueError('"copies" goes only with a "burst" or a "box"')
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

    def extra_gates(self) -> Iterable[Gate]:
        if self.shape in ("box", "wall"):
            yield declared_gate(Area, "shape", self.shape)

