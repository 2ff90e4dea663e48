"""Keys spec/mechanics-2.md and mechanics-3.md add to an item, its use and its attack:
rescues and half damage on item uses (1.257, 1.259), staffs (1.267, 1.269, 1.271) and
charges spent on a hit (1.273).

Owns: `ItemDefExt2` (`moreUses`, and the rules that tie a use's or an attack's charges to
the item's own), `ItemUseExt2` (`charges`, `sheetDifficulty`, `chargeStep`, `label`),
`ItemAttackExt2` (`spends`) and their parts. An item's `use` is an entry's `mechanics`,
so the mechanics-2/3 keys of an entry (`rescue`, `halfOnMiss`, `teleport`, `kindChoice`,
...) reach it through `Mechanics`; the versions in which an item use gained them are
gated here.

`charges.breaksOn` (1.271 `regains`, 1.272 `becomes`) is not modelled: no page of the
spec describes `breaksOn` itself (which die, which faces), so a package using it is
refused as an unknown key rather than read by guesswork.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, ValidationError, field_validator, model_validator

from .base import Id, Label, Model, Number, ValueRef, gate, unsupported
from .durations import SaveEnds
from .errors import from_validation_error
from .gates import Gate, ValueGate, declared_gate
from .mechanics.amounts import Amount, DamageType
from .mechanics.reaction import LowersRoll, Rescue

STAFF_REASON = "staffs (extra charges per use, several uses, saves read from the sheet) are resolved by no planned issue"
SPENDS_REASON = "charges spent on a hit are resolved by no planned issue"
#: A window offers answers from sheet lists and stat blocks, never an item's use.
ITEM_ANSWER_REASON = "an item's use is never offered as an answer in a window yet"


class ChargeStep(Model):
    """Up to `max` extra charges, each one raised-cost step: `amount` and `targets` more,
    the area grown by `sizePerCostStep`, and `push` farther (1.271)."""

    max: Annotated[int, Field(ge=1, le=50)]
    amount: Amount | None = None
    targets: Annotated[int, Field(ge=1, le=20)] | None = None
    push: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.271"))


class ItemUseExt2(Model):
    """Mixin for an item's `use`: what a use spends of the item and the staff keys."""

    #: Charges of the item one use spends.
    charges: Annotated[int, Field(ge=1, le=1000)] | None = Field(default=None, json_schema_extra=gate("1.259"))
    #: The save DC read from the owner's sheet instead of written on the item.
    sheetDifficulty: ValueRef | None = Field(default=None, json_schema_extra=unsupported("1.269", STAFF_REASON))
    chargeStep: ChargeStep | None = Field(default=None, json_schema_extra=unsupported("1.269", STAFF_REASON))
    #: Shown next to the item's name ("Staff of Fire: Burning Hands").
    label: Label | None = Field(default=None, json_schema_extra=unsupported("1.271", STAFF_REASON))
    # An entry's answers to rolls and hits (1.241, 1.249, 1.250), refused on an item's use.
    addsToBlow: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.241", ITEM_ANSWER_REASON))
    rescue: Rescue | None = Field(default=None, json_schema_extra=unsupported("1.249", ITEM_ANSWER_REASON))
    lowersRoll: LowersRoll | None = Field(default=None, json_schema_extra=unsupported("1.250", ITEM_ANSWER_REASON))

    @model_validator(mode="after")
    def _m2_use(self) -> "ItemUseExt2":
        if self.chargeStep is not None and self.charges is None:
            raise ValueError('"chargeStep" goes on a use that spends "charges"')
        if getattr(self, "rescue", None) is not None and self.charges is None:
            raise ValueError('a "rescue" on an item use is spent with a charge, so the use needs "charges"')
        return self


def _item_use(value: Any) -> Any:
    """Validates one `moreUses[].use` as the item's own `use` model. The model is read
    on first use: it is defined next to the item, which imports this module."""
    from .item_entry import ItemUse

    try:
        return ItemUse.model_validate(value)
    except ValidationError as exc:
        first = from_validation_error(exc, value)[0]
        raise ValueError(f"{first.path}: {first.message}") from None


class MoreUse(Model):
    """Another menu entry of the same item, named after the item and `label`."""

    label: Label
    use: Any

    @field_validator("use")
    @classmethod
    def _as_use(cls, value: Any) -> Any:
        return _item_use(value)


class ItemDefExt2(Model):
    """Mixin for `ItemDef`: more uses of one item, and the rules that need both the item
    and its use or attack."""

    #: Keys an entry had before an item use gained them.
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("use.halfOnMiss", "on an item use"): "1.257",
        ("use.rescue", "on an item use"): "1.259",
        ("use.kindChoice", "on an item use"): "1.274",
        ("use.amountAdd", "on an item use"): ValueGate("1.271", unsupported=STAFF_REASON),
    }

    moreUses: Annotated[list[MoreUse], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.267", STAFF_REASON)
    )

    @model_validator(mode="after")
    def _m2_item(self) -> "ItemDefExt2":
        has_charges = getattr(self, "charges", None) is not None
        use = getattr(self, "use", None)
        if self.moreUses is not None and use is None:
            raise ValueError('"moreUses" are more uses of an item with "use"')
        for where, each in [("use", use), *((f"moreUses[{i}].use", m.use) for i, m in enumerate(self.moreUses or []))]:
            if each is not None and getattr(each, "charges", None) is not None and not has_charges:
                raise ValueError(f'{where}: "charges" spends the item\'s own charges, so the item needs "charges"')
        attack = getattr(self, "attack", None)
        if getattr(attack, "spends", None) is not None and not has_charges:
            raise ValueError('"attack.spends" spends the item\'s charges, so the item needs "charges"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        use = getattr(self, "use", None)
        if use is None:
            return
        # Keys an entry had before an item use gained them.
        if getattr(use, "halfOnMiss", None) is not None:
            yield declared_gate(ItemDefExt2, "use.halfOnMiss", "on an item use", ("use", "halfOnMiss"))
        if getattr(use, "rescue", None) is not None:
            yield declared_gate(ItemDefExt2, "use.rescue", "on an item use", ("use", "rescue"))
        if getattr(use, "kindChoice", None) is not None:
            yield declared_gate(ItemDefExt2, "use.kindChoice", "on an item use", ("use", "kindChoice"))
        if getattr(use, "amountAdd", None) is not None:
            yield declared_gate(ItemDefExt2, "use.amountAdd", "on an item use", ("use", "amountAdd"))


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


class ItemAttackExt2(Model):
    """Mixin for an item's `attack`: ways to spend charges on a hit (1.273)."""

    spends: Annotated[list[ChargeSpend], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=unsupported("1.273", SPENDS_REASON)
    )

    @model_validator(mode="after")
    def _labels(self) -> "ItemAttackExt2":
        labels = [s.label.lower() for s in self.spends or []]
        if len(set(labels)) != len(labels):
            raise ValueError('"spends" names the same way twice')
        return self


__all__ = ["ChargeSpend", "ChargeStep", "ItemAttackExt2", "ItemDefExt2", "ItemUseExt2", "MoreUse", "SpendOnHit"]
