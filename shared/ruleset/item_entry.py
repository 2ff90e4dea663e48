"""The `item` of an item catalog entry: what an item is, what it does worn or carried,
what it requires, how it strikes and how it is used.

Owns: `ItemDef` (upstream keys `category`, `rarity`, `tags`, `stats`, `slots`, `stack`,
`cost`, `binds`, `worn`, `carried`, `requires`; `attack`; `use`; `charges` from
mechanics-1 and `moreUses` from mechanics-2/3), `ItemEffect` (a worn
or carried effect, and a requirement's `otherwise`), `Requirement`, `ItemCost`, `Binds`
and `ItemUse` (an entry's mechanics carried by an item). The ids it names (category, stat,
slot, currency unit, skill, save) are checked in `checks/items_entry.py`.

Also owns what spec/mechanics-2.md and mechanics-3.md add to an item and its use (rescues
and half damage on item uses 1.257, 1.259; staffs 1.267, 1.269, 1.271): on `ItemDef`,
`moreUses` with `MoreUse`, and the rules that tie a use's or an attack's charges to the
item's own; on `ItemUse`, `charges`, `sheetDifficulty`, `chargeStep` with `ChargeStep`,
and `label`. An item's `use` is an entry's `mechanics`, so the mechanics-2/3
keys of an entry (`rescue`, `halfOnMiss`, `teleport`, `kindChoice`, ...) reach it through
`Mechanics`; the versions in which an item use gained them are gated here.

`charges.breaksOn` (1.271 `regains`, 1.272 `becomes`) is refused by name: no page of the
spec describes `breaksOn` itself (which die, which faces), so it is not read by guesswork;
nor does any page give the item's `recharge` a shape (mechanics-3 1.259 only names it), so
it stays an unknown key (docs/format.md "Item uses").
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, StringConstraints, ValidationError, field_validator, model_validator

from .base import EntryId, Id, Label, Model, Number, ValueRef, gate, unsupported
from .errors import from_validation_error
from .gates import Gate, ValueGate, declared_gate
from .item_attack import ItemAttack
from .applies import APPLIES_LIST_GATE, applies_list_gates
from .mechanics import Mechanics
from .mechanics.amounts import Amount
from .mechanics.magic import ITEM_ALTERS_REASON, Alters
from .mechanics.reaction import EntryRef
from .mechanics.strikes import GrantsStrike
from .mechanics.turns import ON_THE_SHEET_REASON, ExtraFirstTurn
from .refusals import KEEPS_ON_ITEM_REASON
from .modifiers import Modifier
from .senses import SenseGrants, sense_add_paths

#: Keys of an open object (`stats`, `slots`): an id, or `$comment`.
OpenKey = Annotated[str, StringConstraints(pattern=r"^([a-z][a-z0-9_]*|\$comment)$", max_length=40)]
#: Text without control or line-separator characters.
OneLine = Annotated[str, StringConstraints(pattern=r"^[^\x00-\x1F\x7F-\x9F\x{2028}\x{2029}]*$", max_length=200)]

ItemEffectWord = Literal[
    "own-checks-advantage", "own-checks-disadvantage", "own-saves-advantage", "own-saves-disadvantage"
]


class AbilitySet(Model):
    set: int


class AbilityAdd(Model):
    add: Annotated[int, Field(ge=-100, le=100)]


class ItemEffect(Model):
    """What an item does while worn or carried (or while a requirement is unmet)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("senses", "an added sense"): "1.182"}

    effects: Annotated[list[ItemEffectWord], Field(min_length=1, max_length=4)] | None = None
    modifiers: Annotated[list[Modifier], Field(min_length=1, max_length=6)] | None = None
    failsSaves: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = None
    #: Narrows the save effects and modifiers to these saves.
    saves: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = None
    #: Narrows the check effects and modifiers to these skills.
    skills: Annotated[list[Id], Field(min_length=1, max_length=24)] | None = None
    abilities: Annotated[dict[Id, AbilitySet | AbilityAdd], Field(max_length=24)] | None = None
    #: Senses granted while the effect is in force (combat/seeing.py reads them).
    senses: SenseGrants | None = Field(default=None, json_schema_extra=gate("1.180"))

    @model_validator(mode="after")
    def _rules(self) -> "ItemEffect":
        tos = {getattr(m, "to", None) for m in self.modifiers or []}
        words = set(self.effects or [])
        if self.saves is not None and not (
            words & {"own-saves-advantage", "own-saves-disadvantage"} or "saves" in tos
        ):
            raise ValueError('"saves" narrows a save effect or a "saves" modifier, and there is none')
        if self.skills is not None and not (
            words & {"own-checks-advantage", "own-checks-disadvantage"} or "checks" in tos
        ):
            raise ValueError('"skills" narrows a check effect or a "checks" modifier, and there is none')
        if all(
            getattr(self, k) is None for k in ("effects", "modifiers", "failsSaves", "abilities", "senses")
        ):
            raise ValueError('an item effect needs "effects", "modifiers", "failsSaves", "abilities" or "senses"')
        if self.effects is not None and len(words) != len(self.effects):
            raise ValueError('"effects" names the same effect twice')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        for sense in sense_add_paths(self.senses):
            yield declared_gate(ItemEffect, "senses", "an added sense", ("senses", sense))


class Otherwise(ItemEffect):
    """What an unmet requirement does instead; it cannot set abilities."""

    @model_validator(mode="after")
    def _no_abilities(self) -> "Otherwise":
        if self.abilities is not None:
            raise ValueError('"abilities" cannot go in "otherwise"')
        return self


class Requirement(Model):
    """While `value` read from the owner's sheet is below `atLeast`, `otherwise` applies."""

    value: ValueRef
    atLeast: Number
    otherwise: Otherwise


class ItemCost(Model):
    amount: Annotated[int, Field(ge=0, le=1_000_000_000)]
    #: A unit of one of `items.currencies`.
    unit: Id


class Binds(Model):
    restriction: OneLine | None = None
    cursed: bool | None = None


#: mechanics-3 1.271/1.272 add `regains` and `becomes` to a `breaksOn` no page describes,
#: and 1.273 rolls "the die for the item's last charge" "as it is on a use"; the originals
#: (seeds/004) say no more.
BREAKS_ON_REASON = ("the spec never says what breaksOn itself is: which die is rolled for the last charge and "
                    "what its atMost is compared with (1.271 and 1.272 only add regains and becomes to it, and "
                    "1.273 only says that die is rolled as it is on a use)")


class ChargeStep(Model):
    """Up to `max` extra charges, each one raised-cost step: `amount` and `targets` more,
    the area grown by `sizePerCostStep`, and `push` farther (1.271)."""

    max: Annotated[int, Field(ge=1, le=50)]
    amount: Amount | None = None
    targets: Annotated[int, Field(ge=1, le=20)] | None = None
    #: Pushed this much farther for each extra charge (shared/combat/entries.py).
    push: Annotated[Number, Field(gt=0)] | None = Field(default=None, json_schema_extra=gate("1.271"))


def _item_use(value: Any) -> Any:
    """Validates one `moreUses[].use` as the item's own `use` model (`ItemUse`, below:
    read when a package is validated, after this module has defined it)."""
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


class ItemUse(Mechanics):
    """What using the item does: an entry's mechanics carried by the item, and the
    catalog it counts as casting from (`casts`, 1.180); mechanics-2/3 add what a use spends
    of the item (`charges`) and the staff keys. An entry's answers in windows (`reaction`,
    `addsToBlow`, `lowersRoll`) and its `rescue` are the item use's too, answered and spent
    like an entry's and paid through the item (shared/combat/reactions.py, rescue_entries.py)."""

    #: Keys an item use gained later than a catalog entry did.
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("concentration", "on an item use"): "1.174",
        ("zone", "on an item use"): "1.174",
        ("kind", "utility, on an item use"): "1.181",
        ("area.width", "a line's, on an item use"): "1.184",
        **APPLIES_LIST_GATE,
    }

    #: Charges of the item one use spends.
    charges: Annotated[int, Field(ge=1, le=1000)] | None = Field(default=None, json_schema_extra=gate("1.259"))
    #: The save DC read from the owner's sheet instead of written on the item.
    sheetDifficulty: ValueRef | None = Field(default=None, json_schema_extra=gate("1.269"))
    #: Extra charges spent as raised-cost steps, offered as `charges:<n>` payments.
    chargeStep: ChargeStep | None = Field(default=None, json_schema_extra=gate("1.269"))
    #: Shown next to the item's name ("Staff of Fire: Burning Hands").
    label: Label | None = Field(default=None, json_schema_extra=gate("1.271"))
    #: The catalog the use counts as casting from (a scroll, a wand: `endsWhenHolder.casts`,
    #: `against.casts`), instead of the item catalog it is carried in.
    casts: EntryId | None = Field(default=None, json_schema_extra=gate("1.180"))
    # The spec gives these to an entry on its owner's sheet (mechanics-2 1.237, 1.238).
    ignoresSurpriseWith: EntryRef | None = Field(default=None, json_schema_extra=unsupported("1.237", ON_THE_SHEET_REASON))
    extraFirstTurn: ExtraFirstTurn | None = Field(default=None, json_schema_extra=unsupported("1.238", ON_THE_SHEET_REASON))
    #: mechanics-2 1.242: "`grantsStrike` on an entry in the sheet lets the owner buy one strike".
    grantsStrike: GrantsStrike | None = Field(default=None, json_schema_extra=unsupported("1.242", ON_THE_SHEET_REASON))
    # The spec pays metamagic with a sheet entry's own uses (mechanics-2 1.253).
    alters: Alters | None = Field(default=None, json_schema_extra=unsupported("1.253", ITEM_ALTERS_REASON))
    usesSpentByLevel: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.253", ITEM_ALTERS_REASON))
    # The spec gives `keepsOn` to a catalog entry's mechanics and a stat block (mechanics-3 1.263).
    keepsOn: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.263", KEEPS_ON_ITEM_REASON))

    @model_validator(mode="after")
    def _item_charges(self) -> "ItemUse":
        if self.chargeStep is not None and self.charges is None:
            raise ValueError('"chargeStep" goes on a use that spends "charges"')
        if self.rescue is not None and self.charges is None:
            raise ValueError('a "rescue" on an item use is spent with a charge, so the use needs "charges"')
        return self

    @model_validator(mode="after")
    def _item_use_rules(self) -> "ItemUse":
        if self.kind == "rider":
            raise ValueError('an item use is taken, so it cannot be of "kind": "rider"')
        if self.kind == "utility" and (self.area is None or self.zone is None):
            raise ValueError('an item use of "kind": "utility" only leaves a standing area, so it needs "area" and "zone"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from Mechanics.extra_gates(self)
        yield from applies_list_gates(ItemUse, self.applies)
        # An item use gained these keys later than an entry did.
        if self.concentration is not None:
            yield declared_gate(ItemUse, "concentration", "on an item use")
        if self.zone is not None:
            yield declared_gate(ItemUse, "zone", "on an item use")
        if self.kind == "utility":
            yield declared_gate(ItemUse, "kind", "utility, on an item use")
        if self.area is not None and self.area.width is not None and self.area.shape == "line":
            yield declared_gate(ItemUse, "area.width", "a line's, on an item use", ("area",))


class ItemCharges(Model):
    """The item's own charges, spent by attack modes and slaying blows."""

    max: Annotated[int, Field(ge=1, le=1000)]
    #: What happens when the last charge is spent (`atMost`, `regains`, `becomes`; 1.271-1.272).
    breaksOn: dict[str, Any] | None = Field(
        default=None, json_schema_extra=unsupported("1.271", BREAKS_ON_REASON)
    )


class ItemDef(Model):
    """The `item` of an item catalog entry."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        # Keys an entry had before an item use gained them.
        ("use.halfOnMiss", "on an item use"): "1.257",
        ("use.rescue", "on an item use"): "1.259",
        ("use.kindChoice", "on an item use"): "1.274",
        ("use.amountAdd", "on an item use"): "1.271",
    }

    category: Id
    rarity: Id | None = None
    tags: Annotated[list[Id], Field(max_length=16)] | None = None
    stats: dict[OpenKey, Number | Annotated[str, StringConstraints(max_length=4000)] | bool] | None = None
    slots: dict[OpenKey, Annotated[int, Field(ge=1, le=20)]] | None = None
    stack: Annotated[int, Field(ge=1, le=999_999)] | None = None
    cost: ItemCost | None = None
    binds: Binds | None = None
    worn: ItemEffect | None = None
    carried: ItemEffect | None = None
    requires: Annotated[list[Requirement], Field(min_length=1, max_length=4)] | None = None
    #: The attack of a held weapon: the spec makes it a weapon and gives it no to-hit of its
    #: own, so a fight rolls it as a row of the first attack list (combat/item_weapons.py).
    attack: ItemAttack | None = None
    #: What using the item does: offered in a fight while the item is in use, paid with its
    #: charges or the item itself (shared/sheet/item_uses.py, combat/plan_reading.py).
    use: ItemUse | None = None
    charges: ItemCharges | None = None
    moreUses: Annotated[list[MoreUse], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.267")
    )

    @model_validator(mode="after")
    def _distinct_tags(self) -> "ItemDef":
        if self.tags is not None and len(set(self.tags)) != len(self.tags):
            raise ValueError('"tags" names the same tag twice')
        return self

    @model_validator(mode="after")
    def _charges_and_uses(self) -> "ItemDef":
        """The rules that need both the item and its use or attack."""
        has_charges = self.charges is not None
        use = self.use
        if self.moreUses is not None and use is None:
            raise ValueError('"moreUses" are more uses of an item with "use"')
        for where, each in [("use", use), *((f"moreUses[{i}].use", m.use) for i, m in enumerate(self.moreUses or []))]:
            if each is not None and getattr(each, "charges", None) is not None and not has_charges:
                raise ValueError(f'{where}: "charges" spends the item\'s own charges, so the item needs "charges"')
        if self.attack is not None and self.attack.spends is not None and not has_charges:
            raise ValueError('"attack.spends" spends the item\'s charges, so the item needs "charges"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        use = self.use
        if use is None:
            return
        # Keys an entry had before an item use gained them.
        # Refused on the use: named at `use`, where the reason for the whole use is.
        if use.halfOnMiss is not None:
            yield declared_gate(ItemDef, "use.halfOnMiss", "on an item use", ("use",))
        if use.rescue is not None:
            yield declared_gate(ItemDef, "use.rescue", "on an item use", ("use", "rescue"))
        if use.kindChoice is not None:
            yield declared_gate(ItemDef, "use.kindChoice", "on an item use", ("use",))
        if use.amountAdd is not None:
            yield declared_gate(ItemDef, "use.amountAdd", "on an item use", ("use", "amountAdd"))
