"""What mechanics-2 and mechanics-3 add to a lasting zone (`mechanics.zone`, itself
resolved by no planned issue): walls in sections that are struck one at a time (1.200,
1.201) and light obscurement and wind (1.286).

Owns: `Zone2` (`Zone` with `sections` and `disperses`), `Obscures2` (`obscures` with
`light` and `dispersed`), `Sections` and `BrokenSection`. Rules that read the entry around
the zone (a wall shape, the entry's own save) are on `MechanicsPart2`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, Number, gate, unsupported
from .amounts import Amount, DamageType
from .zones import Obscures, Trigger, Zone

SECTIONS_REASON = "walls struck and broken one section at a time are resolved by no planned issue"
OBSCURE_REASON = "light obscurement and wind that disperses it are resolved by no planned issue"

DamageTypes = Annotated[list[DamageType], Field(min_length=1, max_length=12)]


class BrokenSection(Model):
    """What a broken section does to whoever enters it (or starts or ends a turn there)."""

    triggers: Annotated[list[Trigger], Field(min_length=1, max_length=3)]
    amount: Amount
    damageType: DamageType | None = None
    #: Rolled against the entry's own DC for half damage (`onSave: "none"`: nothing).
    save: Id | None = None
    onSave: Literal["half", "none"] | None = None
    #: Added once for each step the casting was paid above the base (1.201).
    perCostStep: Amount | None = Field(default=None, json_schema_extra=gate("1.201"))

    @model_validator(mode="after")
    def _rules(self) -> "BrokenSection":
        if len(set(self.triggers)) != len(self.triggers):
            raise ValueError('"triggers" names the same trigger twice')
        if self.onSave is not None and self.save is None:
            raise ValueError('"onSave" needs "save"')
        return self


class Sections(Model):
    """Every `every` of the wall is a section with its own health and defense."""

    every: Annotated[Number, Field(gt=0)]
    health: Annotated[int, Field(ge=1, le=100000)]
    defense: Annotated[int, Field(ge=0, le=1000)]
    resist: DamageTypes | None = None
    immune: DamageTypes | None = None
    vulnerable: DamageTypes | None = None
    broken: BrokenSection | None = None


class Obscures2(Obscures):
    """`obscures` that only lightly obscures (`light`) or that wind ends (`dispersed`)."""

    light: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.286", OBSCURE_REASON))
    dispersed: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.286", OBSCURE_REASON))


class Zone2(Zone):
    """A lasting zone with the keys of mechanics-2/3."""

    obscures: Obscures2 | None = Field(default=None, json_schema_extra=Zone.model_fields["obscures"].json_schema_extra)
    sections: Sections | None = Field(default=None, json_schema_extra=unsupported("1.200", SECTIONS_REASON))
    #: Ends a `dispersed` obscuring zone where the two meet, after each action (Gust of Wind).
    disperses: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.286", OBSCURE_REASON))

    @model_validator(mode="after")
    def _m2_zone(self) -> "Zone2":
        if self.sections is not None and not self.blocks:
            raise ValueError('"sections" stand in a wall that "blocks"')
        return self


__all__ = ["BrokenSection", "Obscures2", "SECTIONS_REASON", "Sections", "Zone2"]
