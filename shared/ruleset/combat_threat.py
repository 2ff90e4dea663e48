"""The threat scale opponents are picked by, and the encounter budget (spec/combat-1
"threat", worth and budget from Capability API 1.803).

Owns: `Tier` (one rung of the scale), `Threat` with `EncounterBudget` (`level`, `steps`,
`byLevel`, `crowd`, `smallParty`/`largeParty`, `forGame`).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, field_validator, model_validator

from .base import Id, Label, Model, Number, gate
from .errors import ProblemAt


def _range(name: str, pair: list[int]) -> None:
    if pair[0] > pair[1]:
        raise ValueError(f'"{name}" is a range [low, high], and {pair[0]} is above {pair[1]}')


class Tier(Model):
    """A rung of the scale: the band of health, defense, to-hit, damage one creature deals
    to one target in one round (a whole sequence included), save difficulty, and `worth`
    against an encounter budget (1.803)."""

    id: Id
    label: Label
    health: Annotated[list[Annotated[int, Field(ge=1, le=100000)]], Field(min_length=2, max_length=2)]
    defense: Annotated[int, Field(ge=0, le=100)]
    toHit: Annotated[int, Field(ge=-20, le=50)]
    damagePerRound: Annotated[list[Annotated[int, Field(ge=0, le=10000)]], Field(min_length=2, max_length=2)]
    saveDifficulty: Annotated[int, Field(ge=0, le=100)]
    worth: Number | None = Field(default=None, ge=0, le=10_000_000, json_schema_extra=gate("1.803"))

    @model_validator(mode="before")
    @classmethod
    def _no_soak(cls, data: Any) -> Any:
        # spec/combat-3 "Not yet supported": the scale sets neither, so invented opponents have none.
        if isinstance(data, dict):
            for key in ("soak", "hardness"):
                if key in data:
                    raise ValueError(
                        f'a threat tier sets no "{key}": invented opponents have no soak and no hardness (not supported yet)'
                    )
        return data

    @model_validator(mode="after")
    def _ranges(self) -> "Tier":
        _range("health", self.health)
        _range("damagePerRound", self.damagePerRound)
        return self


class Step(Model):
    """A difficulty step of the encounter budget."""

    id: Id
    label: Label


class LevelWorth(Model):
    """One worth per step for one party member at `level` or above."""

    level: Annotated[int, Field(ge=1, le=1000)]
    worth: Annotated[list[Number], Field(min_length=1, max_length=12)]

    @model_validator(mode="after")
    def _not_negative(self) -> "LevelWorth":
        if any(w < 0 for w in self.worth):
            raise ValueError('"worth" is never negative')
        return self


class Crowd(Model):
    """From this many opponents on, their worth is multiplied by `times`."""

    from_: Annotated[int, Field(ge=1, le=100)] = Field(alias="from")
    times: Number = Field(gt=0, le=100)


class ForGame(Model):
    """The step each game difficulty uses."""

    casual: Id | None = None
    normal: Id | None = None
    hard: Id | None = None
    brutal: Id | None = None


class EncounterBudget(Model):
    """What a fight is allowed against the party it faces (1.803)."""

    level: Annotated[list[Id], Field(min_length=1, max_length=12)]
    steps: Annotated[list[Step], Field(min_length=1, max_length=12)]
    byLevel: Annotated[list[LevelWorth], Field(min_length=1, max_length=40)]
    crowd: Annotated[list[Crowd], Field(min_length=1, max_length=12)] | None = None
    smallParty: Annotated[int, Field(ge=1, le=100)] | None = None
    largeParty: Annotated[int, Field(ge=1, le=100)] | None = None
    forGame: ForGame | None = None

    @model_validator(mode="after")
    def _rules(self) -> "EncounterBudget":
        ids = [s.id for s in self.steps]
        if len(set(ids)) != len(ids):
            raise ValueError('"steps" uses a step id twice')
        for i, row in enumerate(self.byLevel):
            if len(row.worth) != len(self.steps):
                raise ValueError(
                    f"byLevel[{i}]: gives {len(row.worth)} worth(s) for {len(self.steps)} step(s); give one per step"
                )
            if i and row.level <= self.byLevel[i - 1].level:
                raise ProblemAt(("byLevel", i, "level"), f'levels are in ascending order ({row.level} after {self.byLevel[i - 1].level})')
        for i, crowd in enumerate(self.crowd or []):
            if i and crowd.from_ <= (self.crowd or [])[i - 1].from_:
                raise ProblemAt(("crowd", i, "from"), '"from" counts are in ascending order')
        if (self.smallParty is not None or self.largeParty is not None) and self.crowd is None:
            raise ValueError('"smallParty" and "largeParty" shift rows of "crowd", so they need "crowd"')
        if self.smallParty is not None and self.largeParty is not None and self.smallParty > self.largeParty:
            raise ValueError('"smallParty" is above "largeParty"')
        if self.forGame is not None:
            for key in ("casual", "normal", "hard", "brutal"):
                step = getattr(self.forGame, key)
                if step is not None and step not in ids:
                    raise ValueError(f'forGame.{key}: unknown step "{step}"')
        return self


class Threat(Model):
    """The scale opponents are picked by; required for a bestiary."""

    tiers: Annotated[list[Tier], Field(min_length=1, max_length=40)]
    budget: EncounterBudget | None = Field(default=None, json_schema_extra=gate("1.803"))

    @field_validator("tiers")
    @classmethod
    def _unique(cls, tiers: list[Tier]) -> list[Tier]:
        seen: dict[str, int] = {}
        for i, tier in enumerate(tiers):
            if tier.id in seen:
                raise ValueError(f'tier id "{tier.id}" is used twice (entries {seen[tier.id]} and {i})')
            seen[tier.id] = i
        return tiers

    @model_validator(mode="after")
    def _rules(self) -> "Threat":
        if self.budget is not None:
            missing = [t.id for t in self.tiers if t.worth is None]
            if missing:
                raise ValueError(
                    '"budget" counts each opponent\'s "worth", so every tier needs one (missing on '
                    + ", ".join(f'"{m}"' for m in missing)
                    + ")"
                )
        return self
