"""The `mechanics` keys of spec/mechanics-3.md (Capability API 1.259-1.287).

Owns: `MechanicsPart3`: `needsAny` and `targetsWithin` (1.267), `kindChoice` (1.270),
`keepsOn` (1.263), `teleport` (1.276), `drain` (1.281), and `area` and `save` redeclared
with the keys mechanics-3 adds to them (`Area2` in `area`, `EntrySave2` in `saves`). The
shapes live in `actions`, `area` and `saves`; item uses and creature actions reuse them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, Number, gate, unsupported
from .shapes import no_repeats
from .actions import TELEPORT_REASON, Drain, Teleport, teleport_rules
from .area import Area2
from .saves import EntrySave2

KIND_CHOICE_REASON = "a creature kind named at casting is resolved by no planned issue"
KEEPS_ON_REASON = "conditions kept for the whole fight (auras) are resolved by no planned issue"


class MechanicsPart3(Model):
    """Mixin: the mechanics-3 keys of a catalog entry's `mechanics`."""

    area: Area2 | None = None
    save: EntrySave2 | None = None
    #: A target with at least one of the `needs` senses qualifies (Turn Undead).
    needsAny: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.267"))
    #: Every pair of chosen targets stands within this distance (Command at a higher slot).
    targetsWithin: Annotated[Number, Field(gt=0)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.267", "targets chosen within a distance of each other are resolved by no planned issue"),
    )
    #: The user names one of `combat.creatureTypes` on use; what it applies remembers it.
    kindChoice: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.270", KIND_CHOICE_REASON))
    #: Conditions the holder keeps for the whole fight, never written to the sheet.
    keepsOn: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.263", KEEPS_ON_REASON)
    )
    teleport: Teleport | None = Field(default=None, json_schema_extra=unsupported("1.276", TELEPORT_REASON))
    drain: Drain | None = Field(default=None, json_schema_extra=gate("1.281"))

    @model_validator(mode="after")
    def _part3_rules(self) -> "MechanicsPart3":
        if self.needsAny is not None and getattr(self, "needs", None) is None:
            raise ValueError('"needsAny" goes on an entry that "needs" senses')
        if self.targetsWithin is not None:
            count = getattr(self, "targetCount", None) or 1
            if count < 2 and getattr(self, "targetsPerCostStep", None) is None:
                raise ValueError('"targetsWithin" spaces out several targets: it needs "targetCount" above 1 or "targetsPerCostStep"')
        if self.kindChoice is not None and not getattr(self, "applies", None):
            raise ValueError('"kindChoice" goes on an entry with "applies"')
        no_repeats(self.keepsOn, "keepsOn")
        teleport_rules(self.teleport, area=self.area, reaction=getattr(self, "reaction", None), strike_allowed=False)
        if self.drain is not None:
            if getattr(self, "kind", None) == "heal":
                raise ValueError('"drain" gives back damage dealt, so it is rejected on a "heal"')
            if getattr(self, "amount", None) is None:
                raise ValueError('"drain" gives back damage dealt, so it needs "amount"')
        if self.area is not None:
            if self.area.around is not None and getattr(self, "zone", None) is not None:
                raise ValueError('an entry\'s burst around the user goes off at once, so it leaves no "zone"')
            if self.area.sizePerCostStep is not None and not getattr(self, "cost", None):
                raise ValueError('"area.sizePerCostStep" grows the area with the raised cost, so it needs "cost"')
        return self


__all__ = ["MechanicsPart3"]
