"""Who an entry may be aimed at or catch at all: `mechanics.targetTypes` (1.168).

Owns: `TargetTypes` (`is`, `not` target tests; from mechanics-1 `abilityAtMost` and
`notImmuneTo` 1.185, `abilityAtLeast` 1.191). A creature recorded without a score is not
excluded by the score bounds.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, model_validator

from ..base import Id, Model, gate
from ..modifiers import TargetTest

#: `{ "int": 3 }`: ability id to a score bound.
ScoreBounds = Annotated[dict[Id, int], Field(min_length=1, max_length=12)]


class TargetTypes(Model):
    is_: TargetTest | None = Field(default=None, alias="is")
    not_: TargetTest | None = Field(default=None, alias="not")
    abilityAtMost: ScoreBounds | None = Field(default=None, json_schema_extra=gate("1.185"))
    notImmuneTo: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.185")
    )
    abilityAtLeast: ScoreBounds | None = Field(default=None, json_schema_extra=gate("1.191"))

    @model_validator(mode="after")
    def _something(self) -> "TargetTypes":
        if all(
            v is None
            for v in (self.is_, self.not_, self.abilityAtMost, self.notImmuneTo, self.abilityAtLeast)
        ):
            raise ValueError('"targetTypes" needs "is", "not", "abilityAtMost", "abilityAtLeast" or "notImmuneTo"')
        both = set(self.abilityAtMost or {}) & set(self.abilityAtLeast or {})
        for ability in sorted(both):
            if self.abilityAtLeast[ability] > self.abilityAtMost[ability]:  # type: ignore[index]
                raise ValueError(f'"abilityAtLeast" for "{ability}" is above its "abilityAtMost"')
        return self
