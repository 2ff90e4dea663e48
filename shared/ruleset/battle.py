"""The `battle` bridge: a sheet's numbers lent to Marinara's own combat (spec/combat-1
"Battle: lending a sheet to Marinara's combat").

Owns: `Battle` (`health`, `energy`, `slots`, `skills`) and its parts. Which pools, lists and
columns these ids name is checked in `checks/battle.py`.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, field_validator, model_validator

from .base import Id, Model


class BridgePool(Model):
    """`{ "pool": "grit" }`: a live pool of `sheet.live.pools`."""

    pool: Id

    @model_validator(mode="before")
    @classmethod
    def _pool_only(cls, data: Any) -> Any:
        # The published schema once let the bridge read a track; the bridge brings health in
        # as a fraction of a pool's maximum, so a track is refused by name.
        if isinstance(data, dict) and "track" in data and "pool" not in data:
            raise ValueError('the battle bridge lends a live pool, not a track: write { "pool": ... }')
        return data


class BridgeSlot(Model):
    """A live pool spent one at a time as slots of `level` (1 to 9)."""

    pool: Id
    level: Annotated[int, Field(ge=1, le=9)]


class AlwaysWhen(Model):
    """`{ "column": ..., "equals": ... }`: a row with this value passes as an exception to
    `onlyWhen` (a cantrip cast without being prepared)."""

    column: Id
    equals: Annotated[str, Field(max_length=4000)] | int | float | bool


class BridgeSkills(Model):
    """A sheet list whose catalog rows with `mechanics` become combat skills."""

    list: Id
    onlyWhen: Id | None = None
    alwaysWhen: AlwaysWhen | None = None

    @model_validator(mode="after")
    def _exception_needs_rule(self) -> "BridgeSkills":
        if self.alwaysWhen is not None and self.onlyWhen is None:
            raise ValueError('"alwaysWhen" is an exception to "onlyWhen", so it is rejected without "onlyWhen"')
        return self


class Battle(Model):
    """The optional `battle` block."""

    health: BridgePool
    energy: BridgePool | None = None
    slots: Annotated[list[BridgeSlot], Field(max_length=12)] | None = None
    skills: Annotated[list[BridgeSkills], Field(max_length=8)] | None = None

    @field_validator("slots")
    @classmethod
    def _slots_once(cls, slots: list[BridgeSlot] | None) -> list[BridgeSlot] | None:
        levels: dict[int, int] = {}
        pools: dict[str, int] = {}
        for i, slot in enumerate(slots or []):
            if slot.level in levels:
                raise ValueError(f"level {slot.level} is used twice (entries {levels[slot.level]} and {i}); each level is used only once")
            if slot.pool in pools:
                raise ValueError(f'pool "{slot.pool}" is used twice (entries {pools[slot.pool]} and {i}); each pool is used only once')
            levels[slot.level] = i
            pools[slot.pool] = i
        return slots

    @model_validator(mode="after")
    def _each_once(self) -> "Battle":
        if self.energy is not None and self.energy.pool == self.health.pool:
            raise ValueError(
                f'"energy" must be a different pool from "health" (both name "{self.health.pool}"): '
                "combat cannot burn health as fuel"
            )
        used = {self.health.pool: "health"}
        if self.energy is not None:
            used[self.energy.pool] = "energy"
        for slot in self.slots or []:
            if slot.pool in used:
                raise ValueError(f'slot pool "{slot.pool}" is already used as {used[slot.pool]}; each pool is used only once')
        return self
