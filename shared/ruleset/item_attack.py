"""A weapon item's `attack`: what the item does when it strikes (spec/combat-2 "Minimum
damage dice" and spec/mechanics-1 1.187 to 1.193).

Owns: `ItemAttack` and its parts (`ItemAttackDamage`, `StatRef`, `ItemPlus`, `ItemOnHit`,
`AttackAgainst`, `Slay`, `SlaySave`, `AttackMode`, `ModeRange`, `ModeLine`,
`OthersWhileMarked`). The mechanics-1 keys are played in a fight (shared/combat/item_hits.py,
item_weapons.py, weapons.py; a mode's `line` in mode_line.py).

Mechanics-3 adds charges spent on a hit (`spends` 1.273, with `ChargeSpend`, `SpendStep`,
`SpendOnHit` and `SpendSave`): each way is a use answering the owner's own hit with the
weapon (shared/sheet/item_uses.py `fight_uses`), joined to its blow (shared/combat/
blow_adds.py) and putting its conditions on after it (weapons.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .applies import Apply, EndsWhenHolder, HarmStep
from .base import DiceText, Id, Label, Model, Number, ValueRef, gate, unsupported
from .durations import SaveEnds
from .mechanics.amounts import Amount, ClauseSave, DamageClause, DamageType
from .modifiers import TargetTest



class StatRef(Model):
    """`{ "stat": "overwhelming" }`: one of the item's own numeric stats."""

    stat: Id


class ItemAttackDamage(Model):
    dice: DiceText | None = None
    type: DamageType | None = None
    #: Overrides `combat.damage.minimum` for this weapon; 0 also overrides it.
    minimum: ValueRef | StatRef | None = Field(default=None, json_schema_extra=gate("1.146"))


class ItemPlus(DamageClause):
    """A weapon's extra damage part; mechanics-1 narrows when it counts."""

    not_: TargetTest | None = Field(default=None, alias="not", json_schema_extra=gate("1.187"))
    blow: Literal["melee", "ranged"] | None = Field(default=None, json_schema_extra=gate("1.187"))
    tempHp: bool | None = Field(default=None, json_schema_extra=gate("1.187"))
    marked: Id | None = Field(default=None, json_schema_extra=gate("1.189"))


ITEM_HOLD_REASON = ("the spec escapes a hold against the entry's own save DC (escapeDc: save), and never gives a "
                    "weapon's hit a save DC")


class ItemOnHit(Apply):
    """A condition the weapon's hit applies."""

    #: A number read from the wielder's sheet as the hit applies the condition (1.274), as an
    #: entry's `applies[].value` is: the hit applies it through the entry's code
    #: (shared/combat/applying.py `apply_condition`).
    value: ValueRef | None = Field(default=None, json_schema_extra=gate("1.274"))
    #: A spell hold's escape (1.174, 1.175) is against the entry's save DC; a weapon's hit has none.
    escapeDc: Literal["save"] | None = Field(default=None, json_schema_extra=unsupported("1.174", ITEM_HOLD_REASON))
    escapeChecks: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=unsupported("1.175", ITEM_HOLD_REASON))
    #: The spec adds harm per raised-cost step (1.255) only where a use is paid in steps.
    harmsPerCostStep: HarmStep | None = Field(
        default=None, json_schema_extra=unsupported("1.255", "a weapon's hit is paid in no cost steps, and the spec "
                                                             "never says what a step of one would be"))
    oncePerTurn: bool | None = Field(default=None, json_schema_extra=gate("1.187"))
    #: Ends as soon as its holder attacks or casts from a named catalog (1.180), as an entry's.
    endsWhenHolder: EndsWhenHolder | None = Field(default=None, json_schema_extra=gate("1.180"))


class AttackAgainst(Model):
    """Adds to hit, or rolls twice, against a target that passes `is` or holds `marked`
    from the wielder."""

    is_: TargetTest | None = Field(default=None, alias="is")
    marked: Id | None = Field(default=None, json_schema_extra=gate("1.189"))
    toHit: Annotated[int, Field(ge=-100, le=100)] | None = None
    mode: Literal["advantage", "disadvantage"] | None = Field(default=None, json_schema_extra=gate("1.189"))
    ignoresCover: bool | None = Field(default=None, json_schema_extra=gate("1.189"))
    ignoresLongRange: bool | None = Field(default=None, json_schema_extra=gate("1.189"))

    @model_validator(mode="after")
    def _rules(self) -> "AttackAgainst":
        if self.is_ is None and self.marked is None:
            raise ValueError('an "against" item needs "is" or "marked"')
        if all(getattr(self, k) is None for k in ("toHit", "mode", "ignoresCover", "ignoresLongRange")):
            raise ValueError('an "against" item needs "toHit", "mode", "ignoresCover" or "ignoresLongRange"')
        return self


class SlaySave(Model):
    save: Id
    difficulty: Annotated[int, Field(ge=0, le=1000)]


class Slay(Model):
    """Kills outright a target left with at most `healthAtMost` after the hit, on a
    failed save when there is one, spending `charges`."""

    when: Literal["critical"] | None = None
    not_: TargetTest | None = Field(default=None, alias="not")
    healthAtMost: Annotated[int, Field(ge=0)]
    save: SlaySave | None = None
    charges: Annotated[int, Field(ge=1, le=100)] | None = None
    immuneTo: Annotated[list[DamageType], Field(min_length=1, max_length=12)] | None = None
    #: What a target that succeeds on the save gets instead of dying (1.192).
    saved: Annotated[list[Apply], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.192")
    )

    @model_validator(mode="after")
    def _saved_needs_save(self) -> "Slay":
        if self.saved is not None and self.save is None:
            raise ValueError('"saved" applies on a successful save, so it needs "save"')
        return self


class ModeRange(Model):
    normal: Annotated[Number, Field(gt=0)]
    long: Annotated[Number, Field(gt=0)] | None = None

    @model_validator(mode="after")
    def _order(self) -> "ModeRange":
        if self.long is not None and self.long < self.normal:
            raise ValueError('"long" is shorter than "normal"')
        return self


class ModeLine(Model):
    """A bolt everyone between wielder and target saves against before the roll."""

    dice: DiceText
    type: DamageType | None = None
    save: ClauseSave


class AttackMode(Model):
    """An entirely different way of using the weapon (1.190)."""

    label: Label | None = None
    range: ModeRange | None = None
    plus: Annotated[list[ItemPlus], Field(max_length=3)] | None = None
    #: A bolt everyone on the board between wielder and target saves against before the
    #: roll (combat/mode_line.py).
    line: ModeLine | None = Field(default=None, json_schema_extra=gate("1.190"))
    charges: Annotated[int, Field(ge=1, le=100)] | None = None


class OthersWhileMarked(Model):
    """Every other weapon attack of the wielder is rolled in `mode` while the one they
    marked with `condition` stands (only ranged ones with `ranged`)."""

    condition: Id
    mode: Literal["advantage", "disadvantage"]
    ranged: bool | None = None


class SpendSave(Model):
    save: Id
    difficulty: Annotated[int, Field(ge=0, le=1000)]


class SpendOnHit(Model):
    """A condition the creature hit receives, for `rounds`, unless it makes `save`, or
    until its `saveEnds` succeeds."""

    condition: Id
    rounds: Annotated[int, Field(ge=1, le=1000)]
    save: SpendSave | None = None
    saveEnds: SaveEnds | None = None


class SpendStep(Model):
    """Up to `max` extra charges, each adding the way's `amount` again."""

    max: Annotated[int, Field(ge=1, le=50)]


class ChargeSpend(Model):
    """One way to spend the item's charges when a blow with it hits (Staff of Striking)."""

    label: Label
    charges: Annotated[int, Field(ge=1, le=1000)]
    amount: Amount
    type: DamageType | None = None
    blow: Literal["melee", "ranged"] | None = None
    chargeStep: SpendStep | None = None
    onHit: Annotated[list[SpendOnHit], Field(min_length=1, max_length=2)] | None = None


class ItemAttack(Model):
    """A weapon item's attack: its damage, and the keys mechanics-1 to -3 add to it."""

    damage: ItemAttackDamage | None = None
    #: Damage a pool fight guarantees after soak.
    floor: Annotated[int, Field(ge=0, le=1000)] | None = None
    plus: Annotated[list[ItemPlus], Field(max_length=3)] | None = None
    onHit: Annotated[list[ItemOnHit], Field(min_length=1, max_length=4)] | None = None
    against: Annotated[list[AttackAgainst], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.187")
    )
    slay: Annotated[list[Slay], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.187")
    )
    modes: Annotated[list[AttackMode], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.190")
    )
    ignoresResistance: bool | None = Field(default=None, json_schema_extra=gate("1.192"))
    othersWhileMarked: OthersWhileMarked | None = Field(default=None, json_schema_extra=gate("1.192"))
    #: The hit points its blow takes are sealed until a rest (combat/reduces_max.py).
    healedOnlyByRest: bool | None = Field(default=None, json_schema_extra=gate("1.193"))
    spends: Annotated[list[ChargeSpend], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.273")
    )

    @model_validator(mode="after")
    def _labels(self) -> "ItemAttack":
        labels = [s.label.lower() for s in self.spends or []]
        if len(set(labels)) != len(labels):
            raise ValueError('"spends" names the same way twice')
        return self
