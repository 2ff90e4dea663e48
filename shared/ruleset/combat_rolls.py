"""What a fight wears down and how it rolls: `health`, `initiative`, `attackRoll`, the
action `economy`, `spendLimits`, `concentration` and `dying` (spec/combat-1 "Every key",
combat-3 1.113 `movementModes`, mechanics-2 1.240 `checkAbility`).

Owns: `Health`, `Initiative` (with the pool keys `pool`, `plus` and `resource`, 1.48),
`AttackRoll`,
`Budget`, `Economy`, `SpendLimit`, `Concentration`, `Dying`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, field_validator, model_validator

from .base import Dice, Id, Label, Model, ValueRef, gate
from .combat_pool import InitiativeResource
from .gates import Gate, declared_gate


class Health(Model):
    """What combat wears down: a live pool (`pool`), or a track (`track`): a harm track
    that takes marks, or a plain track that fills to `max` (1.383; the value gate depends
    on the sheet, so it is checked in `checks/combat.py`)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("track", "a plain track (no levels or boxes)"): "1.383"}

    pool: Id | None = None
    track: Id | None = None

    @model_validator(mode="after")
    def _one(self) -> "Health":
        if (self.pool is None) == (self.track is None):
            raise ValueError('"health" names exactly one of "pool" and "track"')
        return self


class Initiative(Model):
    """Dice rolled once at the start plus an optional modifier; ties go to the higher
    modifier, then to set-up order. `each: "round"` re-rolls every round (1.47);
    `checkAbility` makes it a check of that ability, rolled twice when such checks are
    (1.240). In a pool fight it is thrown as a pool instead (`pool` dice, successes plus
    `plus`), optionally kept as a number attacks move (`resource`), Capability API 1.48."""

    pool: ValueRef | None = Field(default=None, json_schema_extra=gate("1.48"))
    plus: Annotated[int, Field(ge=0, le=100)] | None = Field(default=None, json_schema_extra=gate("1.48"))
    resource: InitiativeResource | None = Field(default=None, json_schema_extra=gate("1.48"))

    dice: Dice | None = None
    modifier: ValueRef | None = None
    each: Literal["round"] | None = Field(default=None, json_schema_extra=gate("1.47"))
    checkAbility: Id | None = Field(default=None, json_schema_extra=gate("1.240"))

    @model_validator(mode="after")
    def _pool_initiative(self) -> "Initiative":
        if self.pool is not None and (self.dice is not None or self.modifier is not None):
            raise ValueError('"pool" is not used together with "dice" or "modifier"')
        if self.plus is not None and self.pool is None:
            raise ValueError('"plus" is added to the successes of "pool", so it needs "pool"')
        if self.resource is not None:
            if self.pool is None:
                raise ValueError('"resource" needs "pool": summed dice are only an order, not a number of dice')
            if self.each is not None:
                raise ValueError('"each" is rejected with "resource": the number is kept, never thrown again')
        return self

    @model_validator(mode="after")
    def _dice_or_pool(self) -> "Initiative":
        # A pool initiative (dice-pool, 1.48) throws `pool` instead.
        if self.dice is None and self.pool is None:
            raise ValueError('"initiative" needs "dice"')
        return self


class Naturals(Model):
    """What a single die's highest and lowest natural faces do."""

    max: Literal["critical", "hit", "none"] | None = None
    min: Literal["miss", "none"] | None = None


class AttackRoll(Model):
    """The attack roll of an attack-vs-defense fight (saves in combat roll the same dice)."""

    dice: Dice
    advantage: bool | None = None
    naturals: Naturals | None = None
    critical: Literal["double-dice", "max-dice", "none"] | None = None
    criticalFrom: ValueRef | None = Field(default=None, json_schema_extra=gate("1.81"))

    @model_validator(mode="after")
    def _special_faces(self) -> "AttackRoll":
        nat = self.naturals
        special = nat is not None and ((nat.max or "none") != "none" or (nat.min or "none") != "none")
        if special and self.dice.count != 1:
            raise ValueError(f'special faces ("naturals") need a single die, not {self.dice.count}')
        if self.criticalFrom is not None:
            if self.dice.count != 1:
                raise ValueError(f'"criticalFrom" needs a single die, not {self.dice.count}')
            if nat is None or nat.max != "critical":
                raise ValueError('"criticalFrom" needs "naturals.max" set to "critical"')
        return self


class Budget(Model):
    """An action budget: refilled at the start of the holder's turn (`turn`) or of each
    round (`round`). `count` 0 declares a budget only a condition or an entry fills (1.76)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("count", "0"): "1.76"}

    id: Id
    label: Label
    per: Literal["turn", "round"]
    count: Annotated[int, Field(ge=0, le=10)] | None = None

    def extra_gates(self) -> Iterable[Gate]:
        if self.count == 0:
            yield declared_gate(Budget, "count", "0")


class MovementModes(Model):
    """A party member's other speeds read from the sheet (1.113); 0 means it does not move
    that way. `economy.movement` stays walking."""

    fly: ValueRef | None = None
    swim: ValueRef | None = None
    climb: ValueRef | None = None
    burrow: ValueRef | None = None

    @model_validator(mode="after")
    def _something(self) -> "MovementModes":
        if all(getattr(self, k) is None for k in ("fly", "swim", "climb", "burrow")):
            raise ValueError('"movementModes" gives at least one of "fly", "swim", "climb", "burrow"')
        return self


class Economy(Model):
    """The action budgets of a turn (the first is the main budget, spent by standard
    actions) and how far one walks in a turn, in the ruleset's own distance unit."""

    budgets: Annotated[list[Budget], Field(min_length=1, max_length=12)]
    movement: ValueRef | None = None
    movementModes: MovementModes | None = Field(default=None, json_schema_extra=gate("1.113"))

    @field_validator("budgets")
    @classmethod
    def _unique(cls, budgets: list[Budget]) -> list[Budget]:
        seen: dict[str, int] = {}
        for i, budget in enumerate(budgets):
            if budget.id in seen:
                raise ValueError(f'budget id "{budget.id}" is used twice (entries {seen[budget.id]} and {i})')
            seen[budget.id] = i
        if budgets and budgets[0].count == 0:
            raise ValueError('the first budget is the main budget that standard actions spend, so its "count" cannot be 0')
        return budgets


class SpendLimit(Model):
    """How much one combatant may spend from a live pool per turn or per round (1.47).
    `max` is read once, when the fight starts."""

    pool: Id
    max: ValueRef
    per: Literal["turn", "round"]


class Concentration(Model):
    """The live text field recording what is maintained, the save damage forces, its
    minimum difficulty and the fraction of the damage that sets it above the floor."""

    text: Id
    save: Id
    floor: Annotated[int, Field(ge=0, le=100)]
    fromDamage: Annotated[float, Field(gt=0, le=1)]


class DyingNaturals(Model):
    max: Literal["revive-1", "success", "none"] | None = None
    min: Literal["two-failures", "one-failure", "none"] | None = None


class Dying(Model):
    """Death saves: two tracks count the rolls (each needs its own maximum), the dice and
    the number to reach, the natural faces, what damage while down costs, and the condition
    of a downed character."""

    kind: Literal["saves"]
    successes: Id
    failures: Id
    dice: Dice
    succeedAt: Annotated[int, Field(ge=1, le=1000)]
    naturals: DyingNaturals | None = None
    damageWhileDown: Literal["one-failure", "two-failures", "none"] | None = None
    criticalWhileDown: Literal["one-failure", "two-failures", "none"] | None = None
    condition: Id | None = None

    @model_validator(mode="after")
    def _rules(self) -> "Dying":
        if self.successes == self.failures:
            raise ValueError('"successes" and "failures" are two different tracks')
        nat = self.naturals
        if nat is not None and ((nat.max or "none") != "none" or (nat.min or "none") != "none") and self.dice.count != 1:
            raise ValueError(f'special faces ("naturals") need a single die, not {self.dice.count}')
        return self
