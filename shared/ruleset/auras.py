"""Auras and compelled behaviour on a combat condition (spec/mechanics-3.md 1.263-1.274).

Owns: `Aura` (what a condition spreads to those within `distance` of its holder, with its
saving throw `AuraSave`), `Behavior` (what the holder may do on a turn, the d-table of
Confusion, dropping held things) and their parts.

An aura spreads its `conditions` by `distance` (or, `orSeen`, to whoever sees its holder),
`side`, `self`, `when`, `targetTypes`, `sourcesOf`, `chosenKind` (the kind named as its
condition was applied, 1.270) and the senses it `needs` (shared/combat/auras.py); it deals
its `harms` at the start of its holder's turns (shared/combat/aura_harms.py) and calls for
its `save` at the start of each reached creature's turn (shared/combat/aura_saves.py), whose
eyes a gaze's `avert` lets them turn away (shared/combat/aura_avert.py).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .applies import Apply
from .base import Bounds, DiceText, Id, Model, Number, gate
from .gates import Gate, ValueGate, declared_gate
from .mechanics.amounts import Amount, DamageType
from .mechanics.shapes import IdList, no_repeats
from .mechanics.targeting import TargetTypes

#: A distance in the ruleset's own unit.
Distance = Annotated[Number, Field(gt=0, le=100000)]


AppliesList = Annotated[list[Apply], Field(min_length=1, max_length=6)]


class AuraHarm(Amount):
    """Dealt by the holder to everyone the aura reaches at the start of the holder's turns."""

    type: DamageType | None = None


class FailedBy(Model):
    """Failing the aura's save by `atLeast` applies these instead (the medusa's gaze)."""

    atLeast: Annotated[int, Field(ge=1, le=100)]
    applies: AppliesList


class AuraSave(Model):
    """Rolled by everyone the aura reaches at the start of their own turn."""

    save: Id
    difficulty: Annotated[int, Field(ge=1, le=100)] | None = None
    #: Against the save DC of whatever applied the aura's condition to its holder.
    appliedDifficulty: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.274"))
    applies: AppliesList
    seen: Literal[True] | None = None
    immuneOnSuccess: Literal[True] | None = None
    failedBy: FailedBy | None = Field(default=None, json_schema_extra=gate("1.268"))
    avert: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.268"))
    immuneWhenEnds: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.269"))

    @model_validator(mode="after")
    def _difficulty(self) -> "AuraSave":
        if self.difficulty is None and self.appliedDifficulty is None:
            raise ValueError('an aura\'s save needs "difficulty" or "appliedDifficulty"')
        if self.avert is not None and self.seen is None:
            raise ValueError('"avert" goes on a "seen" save')
        return self


class Aura(Model):
    """Spreads `conditions` (or harm, or a saving throw) to those within `distance`."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("conditions", "left out"): "1.265"}

    conditions: IdList | None = None
    distance: Distance
    side: Literal["allies", "enemies", "all"]
    self_: Literal[True] | None = Field(default=None, alias="self")
    when: Bounds | None = None
    #: Senses the recipient must have, taken away by neither one's place (1.265).
    needs: IdList | None = Field(default=None, json_schema_extra=gate("1.265"))
    harms: AuraHarm | None = Field(default=None, json_schema_extra=gate("1.265"))
    save: AuraSave | None = Field(default=None, json_schema_extra=gate("1.265"))
    targetTypes: TargetTypes | None = Field(default=None, json_schema_extra=gate("1.268"))
    #: Reaches only those who applied one of these conditions to the holder.
    sourcesOf: IdList | None = Field(default=None, json_schema_extra=gate("1.268"))
    #: Reaches only creatures of the kind named as the holder's condition was applied
    #: (`kindChoice`, 1.270; `HeldCondition.chosen_kind`).
    chosenKind: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.270"))
    #: Also reaches whoever sees the holder, however far away (1.270).
    orSeen: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.270"))

    @model_validator(mode="after")
    def _spreads(self) -> "Aura":
        if self.conditions is None and self.harms is None and self.save is None:
            raise ValueError('an aura spreads "conditions", "harms" or a "save"')
        if self.self_ is not None and self.side == "enemies":
            raise ValueError('"self" includes the holder, so it does not go with "side": "enemies"')
        no_repeats(self.conditions, "conditions")
        return self

    def extra_gates(self) -> Iterable[Gate]:
        # Before 1.265 an aura spread only the conditions it named.
        if self.conditions is None:
            yield declared_gate(Aura, "conditions", "left out", ())


class TableRow(Model):
    atMost: Annotated[int, Field(ge=-100, le=1000)]
    does: Literal["wander", "nothing", "strike", "normal"]


class BehaviorTable(Model):
    """Rolled at the start of each of the holder's turns; the first row whose `atMost`
    the result does not exceed decides the turn (Confusion)."""

    dice: DiceText
    rows: Annotated[list[TableRow], Field(min_length=1, max_length=20)]

    @model_validator(mode="after")
    def _ascending(self) -> "BehaviorTable":
        tops = [r.atMost for r in self.rows]
        if any(b <= a for a, b in zip(tops, tops[1:])):
            raise ValueError('"rows" go up: each "atMost" is above the one before it')
        return self


class Drops(Model):
    """The holder drops worn items in `slots` or bearing `tags` (and actions whose
    qualities bear them), when applied or at each turn start."""

    slots: IdList | None = None
    tags: IdList | None = None
    at: Literal["applied", "turn-start"]
    pickUp: Id | None = Field(default=None, json_schema_extra=gate("1.266"))

    @model_validator(mode="after")
    def _something(self) -> "Drops":
        if self.slots is None and self.tags is None:
            raise ValueError('"drops" needs "slots", "tags" or both')
        return self


#: What a compelled turn may still contain besides ending it.
TurnPart = Id


class Behavior(Model):
    """What the holder of a condition does on its turn (1.264)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("onlyWhenStuck", "any"): "1.266"}

    only: Annotated[list[TurnPart], Field(max_length=16)] | None = None
    onlyWhenStuck: Annotated[list[Id], Field(min_length=1, max_length=16)] | Literal["any"] | None = None
    moves: Literal["away", "toward"] | None = None
    table: BehaviorTable | None = Field(default=None, json_schema_extra=gate("1.264"))
    drops: Drops | None = Field(default=None, json_schema_extra=gate("1.266"))
    keepsOut: Distance | None = Field(default=None, json_schema_extra=gate("1.266"))
    keepsIn: Distance | None = Field(default=None, json_schema_extra=gate("1.274"))

    @model_validator(mode="after")
    def _decides(self) -> "Behavior":
        if all(
            getattr(self, k) is None
            for k in ("only", "onlyWhenStuck", "moves", "table", "drops", "keepsOut", "keepsIn")
        ):
            raise ValueError('"behavior" decides nothing: give "only", "onlyWhenStuck", "moves", "table", "drops", "keepsOut" or "keepsIn"')
        no_repeats(self.only, "only")
        if isinstance(self.onlyWhenStuck, list):
            no_repeats(self.onlyWhenStuck, "onlyWhenStuck")
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if self.onlyWhenStuck == "any":
            yield declared_gate(Behavior, "onlyWhenStuck", "any")


__all__ = ["Aura", "AuraHarm", "AuraSave", "Behavior", "BehaviorTable", "Drops", "FailedBy"]
