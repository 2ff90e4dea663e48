"""The `resolution` block: how a check is rolled. Three kinds, told apart by `kind`.

Owns: `DiceSum` (dice added up against a DC: 5e's d20, Ember Roads' 2d6), `DicePool`
(a pool of dice counting successes against a per-die target: Gravewatch's d10s) and
`Resolution`, the discriminated union `package.py` uses. The third kind, `SymbolPool`
(narrative symbol dice), is in `resolution_symbols.py`; the keys every kind shares are in
`resolution_common.py`. docs/format-resolution.md says what each key means.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from .base import Id, Label, Model, ValueRef
from .resolution_common import (
    AbilityModifier,
    Adjust,
    Proficiency,
    ProficiencyTier,
    ResolutionBase,
    unique_labels,
)
from .resolution_symbols import SymbolDie, SymbolPool

__all__ = [
    "AbilityModifier",
    "Adjust",
    "DicePool",
    "DiceSum",
    "Proficiency",
    "ProficiencyTier",
    "Resolution",
    "SymbolDie",
    "SymbolPool",
]

# ---------------------------------------------------------------------------
# dice-sum
# ---------------------------------------------------------------------------


class SumDice(Model):
    """The dice of a check: `{"count": 2, "sides": 6}` (1d20 when omitted)."""

    count: Annotated[int, Field(ge=1, le=10)]
    sides: Annotated[int, Field(ge=2, le=1000)]


NaturalRule = Literal["none", "both", "max-only", "min-only"]


class Naturals(Model):
    """Whether a natural highest or lowest face decides a check or a save by itself."""

    check: NaturalRule = "none"
    save: NaturalRule = "none"


class DcStep(Model):
    """A difficulty the Game Master can name, with the number a total must reach."""

    label: Label
    dc: Annotated[int, Field(ge=-100, le=1000)]


class DiceSum(ResolutionBase):
    kind: Literal["dice-sum"]
    dice: SumDice = Field(default_factory=lambda: SumDice(count=1, sides=20))
    advantage: bool = False
    naturals: Naturals = Field(default_factory=Naturals)
    difficultyLadder: Annotated[list[DcStep], Field(min_length=1, max_length=12)]

    @field_validator("difficultyLadder")
    @classmethod
    def _labels(cls, ladder: list[DcStep]) -> list[DcStep]:
        unique_labels(ladder)
        return ladder

    @model_validator(mode="after")
    def _naturals_need_one_die(self) -> "DiceSum":
        # A "natural" face is the face of one die; a sum of several dice has none.
        if self.dice.count != 1:
            for key in ("check", "save"):
                if getattr(self.naturals, key) != "none":
                    raise ValueError(
                        f'"naturals.{key}" needs a single die, but "dice" rolls {self.dice.count}'
                    )
        return self


# ---------------------------------------------------------------------------
# dice-pool
# ---------------------------------------------------------------------------

Face = Annotated[int, Field(ge=2, le=100)]


class PoolDie(Model):
    sides: Annotated[int, Field(ge=2, le=100)]


class PoolSize(Model):
    """The floor a penalty cannot take a pool below (`min`, 0 means the check can fail
    with nothing thrown), the most dice ever thrown (`max`), and whether an ability check
    may add a second ability (`abilityPlusAbility`)."""

    min: Annotated[int, Field(ge=0, le=100)]
    max: Annotated[int, Field(ge=1, le=100)]
    abilityPlusAbility: bool | None = None

    @model_validator(mode="after")
    def _order(self) -> "PoolSize":
        if self.min > self.max:
            raise ValueError(f'"min" {self.min} is above "max" {self.max}')
        return self


class Target(Model):
    """The face a die must reach to count as a success: `default`, and the range the
    Game Master (a ladder step, an untrained rule) may move it within."""

    default: Face
    min: Face
    max: Face

    @model_validator(mode="after")
    def _order(self) -> "Target":
        if not self.min <= self.default <= self.max:
            raise ValueError(
                f'"default" {self.default} must lie between "min" {self.min} and "max" {self.max}'
            )
        return self


class FromFace(Model):
    """Faces that count twice (`double`) or roll again (`explode`): from `from` up, and
    as low as `min` when the Game Master widens it for one check."""

    from_: Face | None = Field(default=None, alias="from")
    min: Face | None = None

    @model_validator(mode="after")
    def _one(self) -> "FromFace":
        if self.from_ is None and self.min is None:
            raise ValueError('give "from", "min" or both')
        if self.from_ is not None and self.min is not None and self.min > self.from_:
            raise ValueError(f'"min" {self.min} is above "from" {self.from_}')
        return self


class Cancel(Model):
    """Faces at or below `upTo` each take away one success."""

    upTo: Annotated[int, Field(ge=1, le=99)]


class Botch(Model):
    """Faces at or below `upTo` are botch faces; `rule` says when they botch the roll."""

    upTo: Annotated[int, Field(ge=1, le=99)]
    rule: Literal["noSuccesses", "halfOrMore"] = "noSuccesses"


class Exceptional(Model):
    successes: Annotated[int, Field(ge=1, le=100)]


RerollMode = Literal["once", "until"]


class SpendReroll(Model):
    upTo: Annotated[int, Field(ge=1, le=999)]
    mode: RerollMode


class Reroll(SpendReroll):
    """A standing re-throw the Game Master may name on one check: every die showing
    `upTo` or less is thrown again, `once` or `until` it shows more."""

    id: Id


class Spend(Model):
    """A standing rule of the system: `amount` points of a live `pool` buy automatic
    `successes`, extra `dice` or a `reroll`, at most `perCheck` times per check."""

    pool: Id
    amount: Annotated[int, Field(ge=1, le=100)]
    successes: Annotated[int, Field(ge=1, le=10)] | None = None
    dice: Annotated[int, Field(ge=1, le=10)] | None = None
    reroll: SpendReroll | None = None
    perCheck: Annotated[int, Field(ge=1, le=10)] | ValueRef | Literal["pool"]

    @model_validator(mode="after")
    def _buys_something(self) -> "Spend":
        if self.successes is None and self.dice is None and self.reroll is None:
            raise ValueError('a spend buys "successes", "dice" or a "reroll"')
        return self


class SituationalDice(Model):
    """How many dice the Game Master may add (`max`) or take away (`min`) on one check."""

    min: Annotated[int, Field(ge=-20, le=0)]
    max: Annotated[int, Field(ge=0, le=20)]


class PoolStep(Model):
    """A difficulty: the successes needed and, optionally, the per-die target it sets."""

    label: Label
    successes: Annotated[int, Field(ge=1, le=100)]
    target: Face | None = None


class DicePool(ResolutionBase):
    kind: Literal["dice-pool"]
    die: PoolDie = Field(default_factory=lambda: PoolDie(sides=10))
    spend: Annotated[list[Spend], Field(max_length=4)] | None = None
    pool: PoolSize = Field(default_factory=lambda: PoolSize(min=1, max=40))
    target: Target
    double: FromFace | None = None
    explode: FromFace | None = None
    cancel: Cancel | None = None
    botch: Botch | None = None
    exceptional: Exceptional | None = None
    reroll: Annotated[list[Reroll], Field(min_length=1, max_length=6)] | None = None
    situationalDice: SituationalDice | None = None
    difficultyLadder: Annotated[list[PoolStep], Field(min_length=1, max_length=12)]

    @field_validator("difficultyLadder")
    @classmethod
    def _labels(cls, ladder: list[PoolStep]) -> list[PoolStep]:
        unique_labels(ladder)
        return ladder

    @field_validator("reroll")
    @classmethod
    def _reroll_ids(cls, rerolls: list[Reroll] | None) -> list[Reroll] | None:
        seen: set[str] = set()
        for r in rerolls or []:
            if r.id in seen:
                raise ValueError(f'reroll id "{r.id}" is used twice')
            seen.add(r.id)
        return rerolls

    @model_validator(mode="after")
    def _faces_on_the_die(self) -> "DicePool":
        sides = self.die.sides
        if self.target.max > sides:
            raise ValueError(f'"target.max" {self.target.max} is above the die\'s {sides} sides')
        for key in ("double", "explode"):
            rule: FromFace | None = getattr(self, key)
            if rule is None:
                continue
            for part, face in (("from", rule.from_), ("min", rule.min)):
                if face is not None and face > sides:
                    raise ValueError(f'"{key}.{part}" {face} is above the die\'s {sides} sides')
        # A face cannot both reach the target and take a success away (or botch).
        for key in ("cancel", "botch"):
            below = getattr(self, key)
            if below is not None and below.upTo >= self.target.min:
                raise ValueError(
                    f'"{key}.upTo" {below.upTo} must be below the lowest target ("target.min" {self.target.min})'
                )
        # Re-throwing "until" every face is passed would never settle.
        rerolls: list[tuple[str, SpendReroll]] = [(f"reroll[{i}]", r) for i, r in enumerate(self.reroll or [])]
        rerolls += [(f"spend[{i}].reroll", s.reroll) for i, s in enumerate(self.spend or []) if s.reroll]
        for where, r in rerolls:
            if r.mode == "until" and r.upTo >= sides:
                raise ValueError(
                    f'"{where}.upTo" {r.upTo} rerolls every face of the die until it shows more, which never ends'
                )
        for i, step in enumerate(self.difficultyLadder):
            if step.target is not None and not self.target.min <= step.target <= self.target.max:
                raise ValueError(
                    f'"difficultyLadder[{i}].target" {step.target} is outside "target" '
                    f"{self.target.min} to {self.target.max}"
                )
        return self


Resolution = Annotated[DiceSum | DicePool | SymbolPool, Field(discriminator="kind")]
