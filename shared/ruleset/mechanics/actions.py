"""What an entry, an item use or a creature action does besides its blow (spec/
mechanics-3.md): draining blows (1.281), teleportation (1.276, 1.279, 1.280, 1.286) and
the moves and spells a creature buys between turns (1.283-1.285; a move played on the board,
shared/combat/board/legendary.py).

Owns: `Drain`, `Teleport` (its `distance` and `seen` played on the board,
shared/combat/board/teleport.py), `Smoke`, `LegendaryMove`, `LegendaryCasting` and the
rules the validator holds them to (`teleport_rules`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, Number, gate
from .amounts import DamageType
from .shapes import IdList

Distance = Annotated[Number, Field(gt=0, le=100000)]


class Drain(Model):
    """The user regains health equal to the damage dealt (after resistances, rounded
    down): `share` of it (all when not given), counting only `damageType` when named."""

    share: Annotated[Number, Field(gt=0, le=1)] | None = None
    damageType: DamageType | None = None


class Smoke(Model):
    """A cloud left on the cells the user left and arrived at (the Cape of the Mountebank)."""

    pierced: IdList | None = None
    light: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.286"))
    dispersed: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.286"))


class Teleport(Model):
    """Moves the user at once to an unoccupied space within `distance`."""

    distance: Distance
    seen: Literal[True] | None = None
    #: Companions taken along (shared/combat/board/teleport.py `companions`).
    carries: Annotated[int, Field(ge=1, le=8)] | None = Field(default=None, json_schema_extra=gate("1.276"))
    carriesWithin: Distance | None = Field(default=None, json_schema_extra=gate("1.276"))
    #: Out of the fight with no cell named (teleport.py `leave`, outcome.py `fled`).
    leaves: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.279"))
    carriesSeen: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.279"))
    #: A cloud on the cells left and arrived at (combat/zone_state.py `lay_smoke`).
    smoke: Smoke | None = Field(default=None, json_schema_extra=gate("1.279"))
    #: One of the creature's own actions that may follow (or lead) the teleport for free.
    strike: Id | None = Field(default=None, json_schema_extra=gate("1.280"))

    @model_validator(mode="after")
    def _carries(self) -> "Teleport":
        for key in ("carriesWithin", "carriesSeen"):
            if getattr(self, key) is not None and self.carries is None:
                raise ValueError(f'"{key}" goes with "carries"')
        return self


def teleport_rules(teleport: Teleport | None, *, area: object, reaction: object, strike_allowed: bool) -> None:
    """Teleportation is never an area or a reaction; only a creature's names a strike."""
    if teleport is None:
        return
    if area is not None:
        raise ValueError('teleportation is never an area, so "teleport" is rejected with "area"')
    if reaction is not None and reaction is not False:
        raise ValueError('teleportation is never a reaction, so "teleport" is rejected with "reaction"')
    if teleport.strike is not None and not strike_allowed:
        raise ValueError('only a creature\'s teleport can name a "strike"')


class LegendaryMove(Model):
    """A move bought between turns: `share` of the speed, a `distance`, or all of it."""

    share: Annotated[Number, Field(gt=0, le=1)] | None = None
    distance: Distance | None = None
    noOpportunity: Literal[True] | None = None
    untouchable: Literal[True] | None = None
    speed: Literal["walk", "fly", "swim", "climb", "burrow"] | None = Field(
        default=None, json_schema_extra=gate("1.285")
    )

    @model_validator(mode="after")
    def _one_measure(self) -> "LegendaryMove":
        if self.share is not None and self.distance is not None:
            raise ValueError('"share" and "distance" are not given together')
        return self


class LegendaryCasting(Model):
    """Offers every spell its maker could cast on its turn, bought with points."""

    cantripsOnly: Literal[True] | None = None


__all__ = [
    "Drain",
    "LegendaryCasting",
    "LegendaryMove",
    "Smoke",
    "Teleport",
    "teleport_rules",
]
