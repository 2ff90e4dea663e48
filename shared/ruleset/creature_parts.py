"""The small shapes a bestiary creature is written with (spec/combat-2 "Creatures: the
bestiary combat reads").

Owns: the dice text of stat blocks (`RollText`), `catalog/entry` references (`EntryRef`),
`Uses` (per encounter or day), and the creature-level parts: `HealthDice`, `CreatureSoak`,
`Speeds`, `Trait`, `DamageGuard` (a `resist`/`immune` entry with `except`), `CreatureRider`,
`Spellcasting` (with covens) and `InventoryLine`. `Creature` itself is in creatures.py, its
actions in creature_actions.py, its `sheet` in creature_sheet.py.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import AfterValidator, Discriminator, Field, StringConstraints, Tag, model_validator

from ..dice import DiceError, parse_dice
from .base import Id, Label, Model, Number, gate, prompt_safe, unsupported
from .gates import Gate, declared_gate

#: Dice as a stat block writes them: "3d6", "2d8+3", "1d4-1" (never a bare number: a flat
#: amount goes in `flat`).
ROLL_TEXT_PATTERN = r"^[1-9]\d{0,2}d(?:[2-9]|[1-9]\d{1,3})(?:[+-]\d{1,4})?$"
RollText = Annotated[str, StringConstraints(pattern=ROLL_TEXT_PATTERN, max_length=40)]

#: A catalog entry named as `<catalog>/<entry>`.
EntryRef = Annotated[
    str, StringConstraints(pattern=r"^[a-z0-9][a-z0-9_-]*/[a-z0-9][a-z0-9_-]*$", max_length=161)
]

#: A damage type: the author's own word, compared case-insensitively.
DamageTypeName = Annotated[str, StringConstraints(min_length=1, max_length=40)]


def _shape(value: Any) -> str:
    return "object" if isinstance(value, dict) else "plain"


#: A key written either plainly (a number, a word: `Tag("plain")`) or as an object
#: (`Tag("object")`): only the form the author wrote is validated, so a wrong value gets
#: one error, not one per form.
PLAIN_OR_OBJECT = Discriminator(_shape)


def roll_sides(text: str) -> int | None:
    """The number of sides of dice text ("2d10+1" -> 10); None for a bare number."""
    try:
        expr = parse_dice(text)
    except DiceError:
        return None
    return expr.sides if expr.terms else None


class Uses(Model):
    """`{ "per": "encounter" | "day", "count": n }`: gone from the menu once spent."""

    per: Literal["encounter", "day"]
    count: Annotated[int, Field(ge=1, le=20)]


class HealthDice(Model):
    """Health rolled once when the fight is created: `{ "dice": "3d6", "flat": 2 }`."""

    dice: RollText
    flat: Annotated[int, Field(ge=-1000, le=100000)] | None = None


class CreatureSoak(Model):
    """A creature's own soak (a pool fight): `all` for every kind of harm, `byKind` per kind
    of the health track."""

    all: Annotated[int, Field(ge=0, le=100)] | None = None
    byKind: dict[Id, Annotated[int, Field(ge=0, le=100)]] | None = None

    @model_validator(mode="after")
    def _something_soaked(self) -> "CreatureSoak":
        if self.all is None and not self.byKind:
            raise ValueError('"soak" needs "all", "byKind" or both')
        return self


Distance = Annotated[Number, Field(ge=0, le=10000)]


class Speeds(Model):
    """Ways of moving other than walking, in the ruleset's own unit (0: not that way)."""

    fly: Distance | None = None
    swim: Distance | None = None
    climb: Distance | None = None
    burrow: Distance | None = None

    @model_validator(mode="after")
    def _some_speed(self) -> "Speeds":
        if all(getattr(self, k) is None for k in ("fly", "swim", "climb", "burrow")):
            raise ValueError('"speeds" names at least one of "fly", "swim", "climb", "burrow"')
        return self


class Trait(Model):
    """A short name and a description shown to the Game Master; never resolved. The name
    is a label in the Game Master's prompt, so it is prompt-safe."""

    name: Annotated[str, StringConstraints(min_length=1, max_length=60), AfterValidator(prompt_safe)]
    text: Annotated[str, StringConstraints(min_length=1, max_length=400)]


class DamageGuard(Model):
    """A `resist` or `immune` entry that lets some blows through: a weapon item carrying one
    of `except`'s item tags (or an action/entry with such a quality) is taken in full."""

    type: DamageTypeName
    except_: Annotated[list[Id], Field(min_length=1, max_length=8)] = Field(
        alias="except",
        json_schema_extra=gate("1.55"),
    )


GuardEntry = Annotated[Annotated[DamageTypeName, Tag("plain")] | Annotated[DamageGuard, Tag("object")], PLAIN_OR_OBJECT]


def guard_type(entry: GuardEntry) -> str:
    return entry if isinstance(entry, str) else entry.type


class RiderAmount(Model):
    dice: RollText | None = None
    flat: Annotated[int, Field(ge=-1000, le=10000)] | None = None

    @model_validator(mode="after")
    def _something(self) -> "RiderAmount":
        if self.dice is None and self.flat is None:
            raise ValueError('an amount needs "dice", "flat" or both')
        return self


class CreatureRider(Model):
    """A rider written on the block: one extra damage clause on the first qualifying hit of
    each `turn` or `round`. It reads no sheet list, so it has no `sources` or `requires`;
    `actions` narrows it to some of the block's own actions."""

    id: Id
    name: Label
    on: Literal["hit"]
    oncePer: Literal["turn", "round"]
    amount: RiderAmount
    type: DamageTypeName | None = None
    actions: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = None
    when: Annotated[
        list[Literal["advantage", "ally-adjacent", "ally-adjacent-no-disadvantage"]],
        Field(min_length=1, max_length=3),
    ] | None = None

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("when", "ally-adjacent-no-disadvantage"): "1.126"}

    def extra_gates(self) -> Iterable[Gate]:
        if self.when and "ally-adjacent-no-disadvantage" in self.when:
            yield declared_gate(CreatureRider, "when", "ally-adjacent-no-disadvantage")


class CovenSpell(Model):
    """One spell a creature casts from a catalog entry, at will or with `uses`."""

    entry: EntryRef
    uses: Uses | None = None
    #: Casting level for `perCostStep` scaling; the entry's base level when omitted.
    level: Annotated[int, Field(ge=0, le=20)] | None = None
    #: Offered only while the coven is gathered; its uses are shared by the whole coven.
    coven: Literal[True] | None = None
    #: What this spell needs instead of the trait's and the entry's own `components` (1.181);
    #: `[]` is innate casting that needs nothing.
    components: Annotated[list[Id], Field(max_length=8)] | None = Field(default=None, json_schema_extra=gate("1.181"))


class Coven(Model):
    """`{ "id": "marsh_hags", "size": 3, "within": 30 }`."""

    id: Id
    size: Annotated[int, Field(ge=2, le=12)]
    within: Annotated[Number, Field(gt=0, le=10000)]


class Spellcasting(Model):
    """Catalog spells cast without slots or points. `saveDifficulty` and `toHit` give them
    their numbers (a creature with a `sheet` may use the sheet's instead)."""

    saveDifficulty: Annotated[int, Field(ge=0, le=1000)] | None = None
    toHit: Annotated[int, Field(ge=-50, le=100)] | None = None
    spells: Annotated[list[CovenSpell], Field(min_length=1, max_length=60)]
    coven: Coven | None = None
    #: What every spell of the trait needs instead of its entry's own `components` (1.181),
    #: unless the spell sets its own; `[]` is innate casting that needs nothing.
    components: Annotated[list[Id], Field(max_length=8)] | None = Field(default=None, json_schema_extra=gate("1.181"))

    @model_validator(mode="after")
    def _coven_rules(self) -> "Spellcasting":
        seen: set[str] = set()
        for spell in self.spells:
            if spell.entry in seen:
                raise ValueError(f'spell "{spell.entry}" is listed twice')
            seen.add(spell.entry)
        shared = [s.entry for s in self.spells if s.coven]
        if self.coven is not None and not shared:
            raise ValueError('a "coven" block needs at least one spell marked "coven": true')
        if self.coven is None and shared:
            raise ValueError(f'spell "{shared[0]}" is a coven spell, so "spellcasting" needs a "coven" block')
        return self


#: Why a loot table is never rolled here: no page of the spec gives one's shape.
LOOT_TABLE_REASON = (
    'the spec never says what a loot table holds or how it is rolled (its "Loot" section is not among the '
    "pages), so an inventory line naming a table is refused; a creature's own `loot` is named for the victors"
)


class InventoryLine(Model):
    """What a creature may carry when the fight starts: one `item` or one loot `table`."""

    item: EntryRef | None = None
    table: Id | None = Field(default=None, json_schema_extra=unsupported("1.795", LOOT_TABLE_REASON))
    chance: Annotated[Number, Field(gt=0, le=100)] = 100
    count: Annotated[int, Field(ge=1, le=100)] | RollText = 1

    @model_validator(mode="after")
    def _one_thing(self) -> "InventoryLine":
        if (self.item is None) == (self.table is None):
            raise ValueError('an inventory line names exactly one of "item" or "table"')
        return self


