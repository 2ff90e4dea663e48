"""The save an entry calls for: `mechanics.save`.

Owns: `EntrySave` (`save`, `onSuccess`, `ignoresCover` 1.74, `against` 1.181,
`succeeds` 1.181, `modes` 1.185 and `alliesMayFail` 1.278: allies of the user fail it
without rolling; all played by shared/combat/saves.roll_save), with its parts `SaveCountsAgainst`, `SaveSucceeds` and `SaveMode`. An
item use's `save` is this one; a creature action's (`ActionSave`, creature_actions.py)
adds its own `difficulty`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, gate
from ..modifiers import TargetTest
from .amounts import DamageType


class SaveCountsAgainst(Model):
    """What else the save counts as being against, so saving-throw modifiers `against`
    those damage types apply to it."""

    damage: Annotated[list[DamageType], Field(min_length=1, max_length=12)]


class SaveSucceeds(Model):
    """Who succeeds without rolling; any one is enough."""

    immune: Annotated[list[DamageType], Field(min_length=1, max_length=12)] | None = None
    conditionImmune: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = None
    is_: TargetTest | None = Field(default=None, alias="is")

    @model_validator(mode="after")
    def _one(self) -> "SaveSucceeds":
        if self.immune is None and self.conditionImmune is None and self.is_ is None:
            raise ValueError('"succeeds" needs "immune", "conditionImmune" or "is"')
        return self


class SaveMode(Model):
    """A target that passes `is` rolls the save twice, keeping the better or worse."""

    is_: TargetTest = Field(alias="is")
    mode: Literal["advantage", "disadvantage"]


class EntrySave(Model):
    """The target's own save against the list's `saveDifficulty`; `onSuccess` says
    whether a success takes half the amount, none of it, or negates the entry."""

    save: Id
    onSuccess: Literal["none", "half", "negates"] | None = None
    #: The target gains nothing from cover against this save (5e's Sacred Flame).
    ignoresCover: bool | None = Field(default=None, json_schema_extra=gate("1.74"))
    against: SaveCountsAgainst | None = Field(default=None, json_schema_extra=gate("1.181"))
    succeeds: SaveSucceeds | None = Field(default=None, json_schema_extra=gate("1.181"))
    modes: Annotated[list[SaveMode], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.185")
    )
    #: A target on the user's own side skips the save and fails it, and the log says so.
    alliesMayFail: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.278"))

