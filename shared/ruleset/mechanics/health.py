"""Blows that lower the health maximum, and whom an action may be aimed at by what the
target holds (spec/mechanics-2.md 1.203, 1.235). Both go on a catalog entry's
`mechanics` and on a creature action.

Owns: `ReducesMax` and `TargetHolds`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, gate
from ..gates import Gate, ValueGate, declared_gate
from .amounts import DamageType
from .shapes import IdList, no_repeats


class ReducesMax(Model):
    """Damage that also lowers the target's health maximum.

    `save` and `difficulty` (a saving throw of its own, on a creature action) go together;
    without them every blow that hits lowers the maximum (1.235), or with `onFailedSave`
    only a target that failed the action's own save. `lasting`: not even a rest restores
    it; `heals` gives the creator back what the maximum lost."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("save", "left out"): "1.235"}

    save: Id | None = None
    difficulty: Annotated[int, Field(ge=1, le=100)] | None = None
    lasting: Literal[True] | None = None
    onFailedSave: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.235"))
    damageType: DamageType | None = Field(default=None, json_schema_extra=gate("1.235"))
    heals: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.235"))

    @model_validator(mode="after")
    def _own_save(self) -> "ReducesMax":
        if (self.save is None) != (self.difficulty is None):
            raise ValueError('"save" and "difficulty" go together')
        if self.onFailedSave is not None and self.save is not None:
            raise ValueError('"onFailedSave" reads the action\'s own save, so "save" is rejected with it')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        # Until 1.235 every reduction came with a saving throw of its own.
        if self.save is None:
            yield declared_gate(ReducesMax, "save", "left out", ())


class TargetHolds(Model):
    """Aimed only at a target with one of `conditions`, or with one of `fromSelf` that the
    action's creator applied to it (a vampire's Bite)."""

    conditions: IdList | None = None
    fromSelf: IdList | None = None

    @model_validator(mode="after")
    def _something(self) -> "TargetHolds":
        if self.conditions is None and self.fromSelf is None:
            raise ValueError('"targetHolds" needs "conditions", "fromSelf" or both')
        no_repeats(self.conditions, "conditions")
        no_repeats(self.fromSelf, "fromSelf")
        return self


__all__ = ["ReducesMax", "TargetHolds"]
