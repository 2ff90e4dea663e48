"""The parts every resolution kind shares: how an ability score becomes a modifier, the
proficiency tiers, the proficiency bonus, the harm track whose penalty rides on every
check (`penaltyFrom`) and the sheet modifiers every relevant roll follows (`adjust`).

Owns: `AbilityModifier` (`floorHalfMinusTen`, `identity`, `stepTable`), `ProficiencyTier`,
`Proficiency`, `Adjust`, `ResolutionBase` (the keys of every kind) and `unique_labels`.
"""

from __future__ import annotations

from typing import Annotated, Literal, Sequence

from pydantic import Field, field_validator, model_validator

from .base import Id, Label, Model, Number, ValueRef, gate

# ---------------------------------------------------------------------------
# Ability modifier
# ---------------------------------------------------------------------------


class FloorHalfMinusTen(Model):
    """5e: (score - 10) / 2, rounded down."""

    op: Literal["floorHalfMinusTen"]


class Identity(Model):
    """The score is the modifier (Ember Roads' -1..3 stats, a pool's dots)."""

    op: Literal["identity"]


#: One row of a step table: `[threshold, value]`.
StepRow = Annotated[list[Number], Field(min_length=2, max_length=2)]


class StepTableModifier(Model):
    """`[[threshold, modifier], ...]`: the row with the highest threshold at or below the
    score gives the modifier."""

    op: Literal["stepTable"]
    table: Annotated[list[StepRow], Field(min_length=1, max_length=100)]

    @field_validator("table")
    @classmethod
    def _rising(cls, table: list[list[Number]]) -> list[list[Number]]:
        # A lookup by threshold is only unambiguous when the thresholds rise.
        for i in range(1, len(table)):
            if table[i][0] <= table[i - 1][0]:
                raise ValueError(
                    f"thresholds must rise from row to row (row {i} has {table[i][0]} after {table[i - 1][0]})"
                )
        return table


AbilityModifier = Annotated[
    FloorHalfMinusTen | Identity | StepTableModifier, Field(discriminator="op")
]

# ---------------------------------------------------------------------------
# Proficiency
# ---------------------------------------------------------------------------


class ProficiencyTier(Model):
    """One rung of training: `multiplier` times the proficiency bonus (rounded by `round`)
    plus `flat`. In a pool the result is dice; in a symbol pool it is the skill rank."""

    id: Id
    label: Label
    multiplier: Annotated[Number, Field(ge=0, le=10)] = 0
    round: Literal["down", "up", "nearest"] = "down"
    flat: Annotated[int, Field(ge=-50, le=50)] = 0


class Proficiency(Model):
    """`{"bonus": <value reference>}`: the number tiers multiply (5e's proficiency bonus).
    It is computed before live state exists, so it cannot read live values."""

    bonus: ValueRef


class Adjust(Model):
    """A sheet value added to every check it is relevant to (Capability API 1.38).
    Without `abilities` it applies to every check; with them, only to checks rolled with
    one of those abilities."""

    value: ValueRef
    abilities: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = None

    @field_validator("abilities")
    @classmethod
    def _distinct(cls, abilities: list[str] | None) -> list[str] | None:
        if abilities is not None:
            for i, a in enumerate(abilities):
                if a in abilities[:i]:
                    raise ValueError(f'ability "{a}" is named twice')
        return abilities


def unique_labels(steps: Sequence[Model], what: str = "difficulty") -> None:
    """The Game Master picks a difficulty by its label, so two steps may not share one."""
    seen: set[str] = set()
    for step in steps:
        label = getattr(step, "label")
        key = label.casefold()
        if key in seen:
            raise ValueError(f'{what} label "{label}" is used twice')
        seen.add(key)


class ResolutionBase(Model):
    """Keys every resolution kind has."""

    abilityModifier: AbilityModifier
    proficiency: Proficiency | None = None
    proficiencyTiers: Annotated[list[ProficiencyTier], Field(min_length=1, max_length=12)]
    penaltyFrom: Id | None = None
    adjust: Annotated[list[Adjust], Field(max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.38")
    )

    @field_validator("proficiencyTiers")
    @classmethod
    def _tier_ids(cls, tiers: list[ProficiencyTier]) -> list[ProficiencyTier]:
        seen: set[str] = set()
        for tier in tiers:
            if tier.id in seen:
                raise ValueError(f'tier id "{tier.id}" is used twice')
            seen.add(tier.id)
        return tiers

    @model_validator(mode="after")
    def _multiplier_needs_bonus(self) -> "ResolutionBase":
        if self.proficiency is None:
            for tier in self.proficiencyTiers:
                if tier.multiplier:
                    raise ValueError(
                        f'proficiency tier "{tier.id}" has a "multiplier" but there is no '
                        '"proficiency" bonus for it to multiply'
                    )
        return self
