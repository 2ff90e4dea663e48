"""A passive damage clause added to the first qualifying hit of a period: `mechanics.rider`
on an entry of `kind: "rider"` (spec/combat-2 "What combat reads from mechanics").

Owns: `Rider`, `RiderRequires` and `RiderWeapons` (1.70).
"""

from __future__ import annotations

from typing import ClassVar, Annotated, Iterable, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, gate
from ..gates import Gate, declared_gate
from .amounts import Amount, DamageType

RiderWhen = Literal["advantage", "ally-adjacent", "ally-adjacent-no-disadvantage"]


class RiderRequires(Model):
    """A column that must evaluate as true on the attack row."""

    column: Id


class RiderWeapons(Model):
    """Item tags of held weapons the rider fires on (any one is enough)."""

    tags: Annotated[list[Id], Field(min_length=1, max_length=16)]


class Rider(Model):
    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("when", "ally-adjacent-no-disadvantage"): "1.126"}

    on: Literal["hit"]
    when: Annotated[list[RiderWhen], Field(min_length=1, max_length=3)] | None = None
    oncePer: Literal["turn", "round"]
    amount: Amount
    type: DamageType | None = None
    sources: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = None
    requires: RiderRequires | None = None
    weapons: RiderWeapons | None = Field(default=None, json_schema_extra=gate("1.70"))

    @model_validator(mode="after")
    def _distinct(self) -> "Rider":
        if self.when is not None and len(set(self.when)) != len(self.when):
            raise ValueError('"when" names the same option twice')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        for i, option in enumerate(self.when or []):
            if option == "ally-adjacent-no-disadvantage":
                yield declared_gate(Rider, "when", option, ("when", i))
