"""Combat on a board: the keys that give a grid meaning (spec/combat-3 "Positions").

Owns: `Distance` (what one cell is worth), `Ranged` (penalties for long and crowded
shots), `Cover`, `Opportunity` (strikes at someone walking away), `Elevation` with
`Falling`, and `STYLE_BUILTINS`. Every distance is in the ruleset's own unit.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Dice, Id, Label, Model, Number, gate

#: The combat styles Marinara draws itself; `styles` must list at least one of them.
STYLE_BUILTINS = ("classic", "tactical")


class Distance(Model):
    """`{ "label": "ft", "perCell": 5 }`: the ruleset's distance unit and one cell's worth."""

    label: Label
    perCell: Number = Field(gt=0, le=10000)


class Ranged(Model):
    """What a shot beyond its `normal` distance (`long`) or with an enemy in the adjacent
    cell (`adjacentFoe`) gets; omitted, neither carries a penalty."""

    long: Literal["disadvantage", "normal"] | None = None
    adjacentFoe: Literal["disadvantage", "normal"] | None = None


class Cover(Model):
    """What half cover (`bonus`) and three-quarters cover add to the defense an attack roll
    is made against, which saves cover helps, and whether creatures in between count."""

    bonus: Annotated[int, Field(ge=0, le=100)]
    threeQuarters: Annotated[int, Field(ge=0, le=100)] | None = Field(default=None, json_schema_extra=gate("1.74"))
    #: The saves cover also helps with: an action's own save, measured from where a burst
    #: lands or from whoever made anything else (combat/board/save_cover.py).
    saves: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.74")
    )
    creatures: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.74"))


class Opportunity(Model):
    """Strikes at someone walking out of reach spend `budget`."""

    budget: Id


class HighGroundBonus(Model):
    """`{ "bonus": n }`: subtracted from the defense an attack from higher up is made against."""

    bonus: Annotated[int, Field(ge=1, le=100)]


class Falling(Model):
    """A fall of two or more levels: `dice` for every `per` of the fall height, up to `max`
    dice, as `type` damage, then the `prone` condition if one is given."""

    per: Number = Field(gt=0, le=10000)
    dice: Dice
    max: Annotated[int, Field(ge=1, le=100)] | None = None
    type: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    prone: Id | None = None


class Elevation(Model):
    """What the ruleset's system adds to height on a board (1.75; requires `distance`)."""

    levelHeight: Number | None = Field(default=None, gt=0, le=10000)
    highGround: Literal["advantage"] | HighGroundBonus | None = None
    rangeBonus: Annotated[int, Field(ge=0, le=100)] | None = None
    falling: Falling | None = None

    @model_validator(mode="after")
    def _rules(self) -> "Elevation":
        if self.levelHeight is None and self.highGround is None and self.rangeBonus is None and self.falling is None:
            raise ValueError('"elevation" needs at least one of "levelHeight", "highGround", "rangeBonus", "falling"')
        if self.falling is not None and self.levelHeight is None:
            raise ValueError('"falling" counts the fall height in levels of "levelHeight", so it needs "levelHeight"')
        return self

