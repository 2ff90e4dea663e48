"""What mechanics-2 adds to blows and strikes (spec/mechanics-2.md 1.235, 1.241, 1.242,
1.244-1.247, 1.255, 1.256): attack rows the sheet changes, strikes bought with another
budget, entries offered only before or after the Attack action, amounts added to the
owner's own blow, blows that lower the maximum or drop a target, half damage on a miss,
and whom an entry may be aimed at.

Owns: `AttackRowsRule`, `GrantsStrike` and `StrikeKeys`, the mixin of `MechanicsPart2`
holding `attackRows`, `grantsStrike`, `afterAttack`, `beforeAttack`, `addsToBlow`,
`perCostStepsMax`, `reducesMax`, `leavesAtLeast`, `targetHolds`, `dropsOnFailedSave`,
`halfOnMiss` and `notSelf`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Bounds, Id, Model, gate, unsupported
from ..refusals import REDUCES_MAX_REASON, STRIKE_ECONOMY_REASON, TARGET_HOLDS_REASON
from .shapes import AfterAttack, IdList, Names, StepDie, WeaponTest, Wielding, no_repeats
from .health import ReducesMax, TargetHolds


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


class StrikeKeys(Model):
    """Mixin of `MechanicsPart2`: blows, strikes and whom they are aimed at."""

    attackRows: Annotated[list[AttackRowsRule], Field(min_length=1, max_length=8)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.242", "attacks with held weapons an entry grants are not resolved yet (issue 23, items in a fight)"),
    )
    grantsStrike: GrantsStrike | None = Field(default=None, json_schema_extra=unsupported("1.242", STRIKE_ECONOMY_REASON))
    #: Offered only after the Attack action (taken with these attacks): no menu holds an
    #: entry back until its owner has attacked yet, so the key is refused rather than left
    #: to change nothing (Flurry of Blows comes with `grantsStrike`, refused the same way).
    afterAttack: AfterAttack | None = Field(default=None, json_schema_extra=unsupported("1.242", STRIKE_ECONOMY_REASON))
    #: Offered only on the owner's own turn before it has attacked (Reckless Attack).
    beforeAttack: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.247", STRIKE_ECONOMY_REASON))
    #: The amount joins the owner's blow that hit, doubled by its critical (Divine Smite).
    addsToBlow: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.241"))
    #: The most raised-cost steps that count.
    perCostStepsMax: Annotated[int, Field(ge=1, le=20)] | None = Field(default=None, json_schema_extra=gate("1.241"))
    reducesMax: ReducesMax | None = Field(default=None, json_schema_extra=unsupported("1.235", REDUCES_MAX_REASON))
    #: The entry's damage never takes the target below this many hit points (Harm).
    leavesAtLeast: Annotated[int, Field(ge=1, le=100000)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.235", "damage that leaves the target a floor of health is not resolved yet (issue 24, health beyond damage)"),
    )
    targetHolds: TargetHolds | None = Field(default=None, json_schema_extra=unsupported("1.235", TARGET_HOLDS_REASON))
    #: A target that fails the save drops to 0 health instead of taking the amount.
    dropsOnFailedSave: Literal[True] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.245", "a failed save that drops the target to 0 is not resolved yet (issue 24, health beyond damage)"),
    )
    #: Half damage (parts included) on a miss, and nothing else of the hit.
    halfOnMiss: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.255", "half damage on a miss is resolved by no planned issue")
    )
    #: An entry aimed at an ally or anyone that cannot be aimed at the user.
    notSelf: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.256", "keeping the user out of its own targets is resolved by no planned issue")
    )

    def _strike_rules(self) -> None:
        amount = getattr(self, "amount", None)
        save = getattr(self, "save", None)
        if self.addsToBlow is not None:
            if amount is None:
                raise ValueError('"addsToBlow" adds the entry\'s amount to the blow, so it needs "amount"')
            reaction = getattr(self, "reaction", None)
            if getattr(reaction, "on", None) != "hit" or getattr(reaction, "by", None) != "self":
                raise ValueError('"addsToBlow" answers the owner\'s own hit: it needs "reaction" with "on": "hit" and "by": "self"')
            for key in ("attackRoll", "save", "applies"):
                if getattr(self, key, None):
                    raise ValueError(f'"addsToBlow" deals only its amount with the blow, so "{key}" is rejected with it')
        if self.perCostStepsMax is not None and getattr(self, "perCostStep", None) is None and getattr(
            self, "targetsPerCostStep", None
        ) is None:
            raise ValueError('"perCostStepsMax" caps "perCostStep" or "targetsPerCostStep", so it needs one of them')
        if self.reducesMax is not None:
            if self.reducesMax.save is not None:
                raise ValueError('on catalog mechanics "reducesMax" never has a saving throw of its own ("save", "difficulty")')
            if self.reducesMax.onFailedSave is not None and save is None:
                raise ValueError('"reducesMax.onFailedSave" reads the entry\'s own "save", so the entry needs one')
            if amount is None:
                raise ValueError('"reducesMax" lowers the maximum by the damage dealt, so it needs "amount"')
        if self.leavesAtLeast is not None and amount is None:
            raise ValueError('"leavesAtLeast" holds back the entry\'s damage, so it needs "amount"')
        if self.dropsOnFailedSave is not None and save is None:
            raise ValueError('"dropsOnFailedSave" goes on an entry with a "save"')
        if self.halfOnMiss is not None and (not getattr(self, "attackRoll", None) or amount is None):
            raise ValueError('"halfOnMiss" needs "attackRoll" and "amount"')
        if self.notSelf is not None and getattr(self, "targets", None) not in ("ally", "any"):
            raise ValueError('"notSelf" goes on an entry aimed at an "ally" or "any" creature')


__all__ = ["AttackRowsRule", "GrantsStrike", "StrikeKeys"]
