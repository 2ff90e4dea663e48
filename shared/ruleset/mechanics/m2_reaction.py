"""Answers to rolls and hits (spec/mechanics-2.md 1.241, 1.245, 1.248-1.250, 1.256,
1.257): the keys the windows issue resolves.

Owns: `Reaction2` (`mechanics.reaction` with `by: "self"`, `weapon`, `names`, `budget` and
`oneOf` on a hit moment; a creature action's `reaction` is the same object), `Rescue` (an
entry spent when its owner's own roll has failed) and `LowersRoll` (dice subtracted from
someone else's roll: Cutting Words).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, StringConstraints, model_validator

from ..base import DiceText, Id, Model, gate, unsupported
from ..gates import Gate, declared_gate
from .shapes import IdList, Names, StepDie, no_repeats
from .reaction import Reaction

#: A group of answers to one hit of which only one is taken ("open-hand").
GroupId = Annotated[str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=40)]


class Reaction2(Reaction):
    """`mechanics.reaction` with the keys mechanics-2 adds to a `hit` moment."""

    #: Answers a hit by the owner's own attack, after everyone hit has answered.
    by: Literal["self"] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: Only a weapon blow: an attack or a single creature action, not a catalog entry.
    weapon: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: Only a hit by one of these attacks (matched without regard to case).
    names: Names | None = Field(default=None, json_schema_extra=gate("1.245"))
    #: Only a hit by a strike paid from this budget.
    budget: Id | None = Field(default=None, json_schema_extra=gate("1.248"))
    #: Answers to the owner's own hit sharing this group: one of them per hit.
    oneOf: GroupId | None = Field(
        default=None,
        json_schema_extra=unsupported("1.248", "one answer of a group per hit is not resolved yet (issue 28, strike economy)"),
    )

    def _answers_hits(self) -> bool:
        return self.on == "hit" or any(m.on == "hit" for m in self.also or [])

    @model_validator(mode="after")
    def _m2_reaction(self) -> "Reaction2":
        if self.by is not None:
            if self.on != "hit":
                raise ValueError('"by": "self" answers the owner\'s own hit, so it needs "on": "hit"')
            if self.for_ in ("ally", "any"):
                raise ValueError(f'"by": "self" answers the owner\'s own hit, so "for": "{self.for_}" is rejected with it')
        for key in ("weapon", "names", "budget"):
            if getattr(self, key) is not None and not self._answers_hits():
                raise ValueError(f'"{key}" narrows a hit, so it needs a "hit" moment')
        if self.oneOf is not None and (self.on != "hit" or self.by is None or self.also is not None):
            raise ValueError('"oneOf" goes on a "hit" moment with "by": "self" and no "also"')
        no_repeats(self.names, "names", fold=True)
        return self


class Rescue(Model):
    """Spent when the owner's own roll of kind `roll` has failed (1.249): roll the save
    again (`reroll`), count it a success (`success`), count the d20 as a 20 (`twenty`,
    checks only, 1.256) or add the owner's own die (`die`, 1.256)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("by", "twenty"): "1.256", ("by", "die"): "1.256"}

    roll: Literal["saves", "attacks", "checks"]
    by: Literal["reroll", "success", "twenty", "die"]
    dice: DiceText | None = Field(default=None, json_schema_extra=gate("1.256"))
    die: StepDie | None = Field(default=None, json_schema_extra=gate("1.256"))
    #: Spent only on these saving throws.
    saves: IdList | None = Field(default=None, json_schema_extra=gate("1.257"))
    #: Also takes one of this budget, and is not spent without it.
    budget: Id | None = Field(default=None, json_schema_extra=gate("1.257"))

    @model_validator(mode="after")
    def _fits(self) -> "Rescue":
        if self.by == "reroll" and self.roll != "saves":
            raise ValueError('"by": "reroll" rolls a saving throw again, so it needs "roll": "saves"')
        if self.by == "twenty" and self.roll != "checks":
            raise ValueError('"by": "twenty" goes only with "roll": "checks"')
        if self.by == "die":
            if (self.dice is None) == (self.die is None):
                raise ValueError('"by": "die" adds the owner\'s own die: give exactly one of "dice" and "die"')
        elif self.dice is not None or self.die is not None:
            raise ValueError('"dice" and "die" go only with "by": "die"')
        if self.saves is not None and self.roll != "saves":
            raise ValueError('"saves" narrows a "saves" rescue only')
        no_repeats(self.saves, "saves")
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if self.by in ("twenty", "die"):
            yield declared_gate(Rescue, "by", self.by)


class LowersRoll(Model):
    """Subtracts `dice` (or one `die` sized by the sheet) from someone else's attack roll
    that hit, and with `also` from their checks or damage rolls (1.257)."""

    dice: DiceText | None = None
    die: StepDie | None = None
    #: Also taken off someone else's checks and damage rolls as they are made, spent on its own.
    also: Annotated[list[Literal["checks", "damage"]], Field(min_length=1, max_length=2)] | None = Field(
        default=None, json_schema_extra=gate("1.257")
    )

    @model_validator(mode="after")
    def _one_die(self) -> "LowersRoll":
        if (self.dice is None) == (self.die is None):
            raise ValueError('"lowersRoll" subtracts "dice" or one "die": give exactly one of them')
        no_repeats(self.also, "also")
        return self


__all__ = ["GroupId", "LowersRoll", "Reaction2", "Rescue"]
