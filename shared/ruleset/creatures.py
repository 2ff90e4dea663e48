"""A bestiary entry's creature (spec/combat-2 "Creatures: the bestiary combat reads").

Owns: `Creature`, either a stat block written in plain numbers (`health`, `defense`,
`initiativeModifier`, `actions`, ...) or a `sheet` in the ruleset's own terms, never both
for the same number; and which numbers a creature must give. The parts are in creature_parts.py,
actions in creature_actions.py, the sheet in creature_sheet.py; ids (within the block:
action ids, sequences, riders, signature points; and elsewhere in the package) are checked
in checks/creatures.py, which can name the exact path. The mechanics pages add `senses`
(1.178), `held` (1.267, with `Held`) and `keepsOn` (1.263), and the rule tying a
teleport's `strike` to another action of the same block.

A bestiary the author wrote is not clamped to its tier: it is accepted as written.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, Tag, model_validator

from .base import Id, Label, Model, Number, gate
from .creature_actions import CreatureAction
from .creature_parts import (
    CreatureRider,
    CreatureSoak,
    DamageTypeName,
    GuardEntry,
    HealthDice,
    InventoryLine,
    PLAIN_OR_OBJECT,
    Speeds,
    Spellcasting,
    Trait,
)
from .creature_sheet import CreatureSheet
from .mechanics.shapes import IdList, no_repeats
from .senses import CreatureSenses

#: Numbers a creature with a `sheet` takes from that sheet, so it may not also write them.
SHEET_SOURCED = (
    "health",
    "defense",
    "initiativeModifier",
    "speed",
    "abilities",
    "saves",
    "checks",
    "soak",
    "hardness",
)


#: A creature's `health`: a number, or dice rolled for it (`HealthDice`).
CreatureHealth = Annotated[
    Annotated[Annotated[int, Field(ge=1, le=100000)], Tag("plain")] | Annotated[HealthDice, Tag("object")],
    PLAIN_OR_OBJECT,
]


class Held(Model):
    """Something the creature holds that is not an action of its own (a shield)."""

    label: Label
    tags: IdList
    defense: Annotated[int, Field(ge=0, le=100)] | None = None


class Creature(Model):
    """A bestiary creature: a stat block in plain numbers, or a `sheet` in the ruleset's own
    terms with `tier`, `traits`, `actions`, `signaturePoints`, `riders` and the resistances
    still written beside it. `tier` names a tier of `combat.threat`."""

    senses: CreatureSenses | None = Field(
        default=None, json_schema_extra=gate("1.178")
    )
    held: Annotated[list[Held], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.267")
    )
    keepsOn: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.263")
    )
    tier: Id
    health: CreatureHealth | None = None
    defense: Annotated[int, Field(ge=0, le=1000)] | None = None
    initiativeModifier: Annotated[int, Field(ge=-50, le=100)] | None = None
    speed: Annotated[Number, Field(ge=0, le=10000)] | None = None
    abilities: dict[Id, Annotated[int, Field(ge=-1000, le=1000)]] | None = None
    saves: dict[Id, Annotated[int, Field(ge=-50, le=50)]] | None = None
    checks: dict[Id, Annotated[int, Field(ge=-100, le=100)]] | None = Field(
        default=None, json_schema_extra=gate("1.43")
    )
    soak: CreatureSoak | None = Field(default=None, json_schema_extra=gate("1.47"))
    hardness: Annotated[int, Field(ge=0, le=100)] | None = Field(default=None, json_schema_extra=gate("1.56"))
    speeds: Speeds | None = Field(default=None, json_schema_extra=gate("1.113"))
    hover: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.113"))
    shield: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.102"))
    #: On a board, a size with `cells` fills a square that many cells across (1.194).
    size: Id | None = Field(default=None, json_schema_extra=gate("1.103"))
    type: Id | None = Field(default=None, json_schema_extra=gate("1.168", schema=2))
    tags: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.168", schema=2)
    )
    resist: Annotated[list[GuardEntry], Field(max_length=30)] | None = None
    vulnerable: Annotated[list[DamageTypeName], Field(max_length=30)] | None = None
    immune: Annotated[list[GuardEntry], Field(max_length=30)] | None = None
    conditionImmunities: Annotated[list[Id], Field(max_length=40)] | None = None
    #: Starting marks on the opponent's tracks, keyed by track id (1.115).
    tracks: dict[Id, Annotated[int, Field(ge=-1000, le=1000)]] | None = Field(
        default=None, json_schema_extra=gate("1.115")
    )
    #: A loot table's id, named for the victors when it is defeated (combat/belongings.py).
    loot: Id | None = Field(default=None, json_schema_extra=gate("1.63"))
    #: What it carries, rolled when the fight is made, used as a party member's items are
    #: (with a `sheet`) and let fall when it is defeated (combat/belongings.py).
    inventory: Annotated[list[InventoryLine], Field(min_length=1, max_length=16)] | None = Field(
        default=None, json_schema_extra=gate("1.795")
    )
    traits: Annotated[list[Trait], Field(max_length=8)] | None = None
    signaturePoints: Annotated[int, Field(ge=1, le=20)] | None = None
    riders: Annotated[list[CreatureRider], Field(min_length=1, max_length=4)] | None = None
    actions: Annotated[list[CreatureAction], Field(max_length=12)] | None = None
    spellcasting: Spellcasting | None = Field(default=None, json_schema_extra=gate("1.123"))
    sheet: CreatureSheet | None = Field(default=None, json_schema_extra=gate("1.34"))

    @model_validator(mode="after")
    def _teleport_strikes(self) -> "Creature":
        """A teleport's `strike` names another, plain action of the same block."""
        no_repeats(self.keepsOn, "keepsOn")
        actions = self.actions or []
        by_id = {a.id: a for a in actions}
        for i, action in enumerate(actions):
            teleport = action.teleport
            if teleport is None or teleport.strike is None:
                continue
            strike = by_id.get(teleport.strike)
            where = f'actions[{i}].teleport.strike'
            if strike is None:
                raise ValueError(f'{where}: "{teleport.strike}" is not an action of this creature')
            if strike is action:
                raise ValueError(f'{where}: the strike cannot be the teleport itself')
            for key, what in (("sequence", "a sequence"), ("teleport", "another teleport"),
                              ("reaction", "a reaction"), ("signature", "something bought with points")):
                if getattr(strike, key, None) is not None:
                    raise ValueError(f'{where}: "{teleport.strike}" is {what}, not a plain action')
        return self

    @model_validator(mode="after")
    def _one_source_per_number(self) -> "Creature":
        if self.sheet is not None:
            written = [k for k in SHEET_SOURCED if getattr(self, k) is not None]
            if written:
                names = ", ".join(f'"{k}"' for k in written)
                raise ValueError(
                    f"a creature with a \"sheet\" takes {names} from that sheet, so it may not also give "
                    + ("it" if len(written) == 1 else "them")
                )
        else:
            missing = [k for k in ("health", "defense", "initiativeModifier") if getattr(self, k) is None]
            if missing:
                names = ", ".join(f'"{k}"' for k in missing)
                raise ValueError(f"a creature without a \"sheet\" needs {names}")
            if not self.actions:
                raise ValueError('a creature without a "sheet" needs at least one action in "actions"')
        if self.hover and (self.speeds is None or not self.speeds.fly):
            raise ValueError('"hover" needs a "fly" speed in "speeds"')
        return self
