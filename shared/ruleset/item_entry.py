"""The `item` of an item catalog entry: what an item is, what it does worn or carried,
what it requires, how it strikes and how it is used.

Owns: `ItemDef` (upstream keys `category`, `rarity`, `tags`, `stats`, `slots`, `stack`,
`cost`, `binds`, `worn`, `carried`, `requires`; `attack`; `use`; the mechanics-1 keys
through `ItemDefExt1` and mechanics-2/3 keys through `ItemDefExt2`), `ItemEffect` (a worn
or carried effect, and a requirement's `otherwise`), `Requirement`, `ItemCost`, `Binds`
and `ItemUse` (an entry's mechanics carried by an item). The ids it names (category, stat,
slot, currency unit, skill, save) are checked in `checks/items_entry.py`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, StringConstraints, model_validator

from .base import EntryId, Id, Model, Number, ValueRef, gate, unsupported
from .ext_m1 import ItemDefExt1
from .ext_m2_items import ItemDefExt2, ItemUseExt2
from .gates import Gate, ValueGate, declared_gate
from .item_attack import ItemAttack
from .mechanics import Mechanics
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
    senses: SenseGrants | None = Field(
        default=None,
        json_schema_extra=unsupported("1.180", "senses granted by an item are resolved by no planned issue"),
    )

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


class ItemUse(ItemUseExt2, Mechanics):
    """What using the item does: an entry's mechanics carried by the item, and the
    catalog it counts as casting from (`casts`, 1.180); mechanics-2/3 add the item's own
    keys through `ItemUseExt2`."""

    #: Keys an item use gained later than a catalog entry did.
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("concentration", "on an item use"): "1.174",
        ("zone", "on an item use"): "1.174",
        ("kind", "utility, on an item use"): "1.181",
        ("area.width", "a line's, on an item use"): "1.184",
    }

    casts: EntryId | None = Field(default=None, json_schema_extra=gate("1.180"))

    @model_validator(mode="after")
    def _use_rules(self) -> "ItemUse":
        if self.kind == "rider":
            raise ValueError('an item use is taken, so it cannot be of "kind": "rider"')
        if self.kind == "utility" and (self.area is None or self.zone is None):
            raise ValueError('an item use of "kind": "utility" only leaves a standing area, so it needs "area" and "zone"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from Mechanics.extra_gates(self)
        own2 = ItemUseExt2.__dict__.get("extra_gates")
        if own2 is not None:
            yield from own2(self)
        # An item use gained these keys later than an entry did.
        if self.concentration is not None:
            yield declared_gate(ItemUse, "concentration", "on an item use")
        if self.zone is not None:
            yield declared_gate(ItemUse, "zone", "on an item use")
        if self.kind == "utility":
            yield declared_gate(ItemUse, "kind", "utility, on an item use")
        if self.area is not None and self.area.width is not None and self.area.shape == "line":
            yield declared_gate(ItemUse, "area.width", "a line's, on an item use", ("area", "width"))


class ItemBase(Model):
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
    #: The spec makes an equipped item's attack a weapon but gives it no to-hit of its own
    #: (only "the best abilities the item offers"), so no fight can roll it as written.
    attack: ItemAttack | None = Field(
        default=None,
        json_schema_extra=unsupported(None, "attacking with an equipped item is not offered in a fight yet: "
                                            "the spec gives an item attack no to-hit to roll"),
    )
    use: ItemUse | None = Field(
        default=None,
        json_schema_extra=unsupported(None, "using an item in a fight is resolved by no planned issue"),
    )

    @model_validator(mode="after")
    def _distinct_tags(self) -> "ItemBase":
        if self.tags is not None and len(set(self.tags)) != len(self.tags):
            raise ValueError('"tags" names the same tag twice')
        return self


class ItemDef(ItemDefExt2, ItemDefExt1, ItemBase):
    """The `item` of an item catalog entry."""

    def extra_gates(self) -> Iterable[Gate]:
        for part in (ItemBase, ItemDefExt1, ItemDefExt2):
            own = part.__dict__.get("extra_gates")
            if own is not None:
                yield from own(self)
