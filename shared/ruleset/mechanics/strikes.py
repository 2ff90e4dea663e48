"""What mechanics-2 adds to blows and strikes (spec/mechanics-2.md 1.235, 1.241, 1.242,
1.244-1.247, 1.255, 1.256): attack rows the sheet changes, strikes bought with another
budget, entries offered only before or after the Attack action, amounts added to the
owner's own blow, blows that lower the maximum or drop a target, half damage on a miss,
and whom an entry may be aimed at.

Owns: `AttackRowsRule` and `GrantsStrike`, the objects of `mechanics.attackRows` and
`grantsStrike`; those keys and the others of these rules (`afterAttack`, `beforeAttack`,
`addsToBlow`, `perCostStepsMax`, `reducesMax`, `leavesAtLeast`, `targetHolds`,
`dropsOnFailedSave`, `halfOnMiss`, `notSelf`) are on `Mechanics` (block.py).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from ..base import Bounds, Id, Model, gate
from .shapes import AfterAttack, IdList, Names, StepDie, WeaponTest, Wielding, no_repeats


class AttackRowsRule(Model):
    """Changes the attack rows (and held weapons) it matches while `when` holds: the best
    of these `abilities`, one `die` sized by the sheet if its average is better, and
    `qualities` its strikes carry past resistance (Martial Arts, Ki-Empowered Strikes)."""

    names: Names | None = None
    items: WeaponTest | None = Field(default=None, json_schema_extra=gate("1.244"))
    abilities: IdList | None = None
    die: StepDie | None = None
    qualities: IdList | None = None
    when: Bounds | None = None
    wielding: Wielding | None = Field(default=None, json_schema_extra=gate("1.244"))

    @model_validator(mode="after")
    def _rule(self) -> "AttackRowsRule":
        if self.names is None and self.items is None:
            raise ValueError('an "attackRows" rule matches rows by "names", "items" or both')
        if self.abilities is None and self.die is None and self.qualities is None:
            raise ValueError('an "attackRows" rule changes "abilities", "die" or "qualities"')
        no_repeats(self.names, "names", fold=True)
        no_repeats(self.abilities, "abilities")
        no_repeats(self.qualities, "qualities")
        return self


class GrantsStrike(Model):
    """One strike bought with `budget` once the attack's own budget is spent, exactly
    like a condition's `grants.attacks` (the Martial Arts bonus unarmed strike)."""

    budget: Id
    names: Names | None = None
    melee: Literal[True] | None = None
    afterAttack: AfterAttack | None = None
    wielding: Wielding | None = Field(default=None, json_schema_extra=gate("1.244"))
    when: Bounds | None = Field(default=None, json_schema_extra=gate("1.244"))

    @model_validator(mode="after")
    def _names(self) -> "GrantsStrike":
        no_repeats(self.names, "names", fold=True)
        return self


__all__ = ["AttackRowsRule", "GrantsStrike"]
