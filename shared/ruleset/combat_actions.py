"""Standard actions and creature types (spec/combat-1 "standard", "standardEffects",
"Creature types and target tests"; mechanics-3 1.287 `search`).

Owns: `STANDARD_ACTIONS`, `StandardEffects` (`dodge.saves`, `help.beside`) and
`CreatureTypes` (the types and tags combatants can be, the character field that names a
character's type, and the type a character has otherwise).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Id, Label, Model, gate

#: The fixed list of standard actions; `search` needs Capability API 1.287 and `combat.hiding`.
STANDARD_ACTIONS = ("dash", "disengage", "dodge", "help", "hide", "ready", "search")
StandardAction = Literal["dash", "disengage", "dodge", "help", "hide", "ready", "search"]


class DodgeEffects(Model):
    """The saves rolled twice, keeping the better, while the dodge lasts."""

    saves: Annotated[list[Id], Field(min_length=1, max_length=12)]


class HelpEffects(Model):
    """`beside: true`: Help is offered only beside an opponent, and helps only against an
    opponent that was beside the helper (1.771)."""

    beside: Literal[True]


class StandardEffects(Model):
    """The parts of a standard action its flag cannot carry."""

    dodge: DodgeEffects | None = None
    help: HelpEffects | None = Field(default=None, json_schema_extra=gate("1.771"))


class TypeEntry(Model):
    id: Id
    label: Label


class CreatureTypes(Model):
    """What combatants can be (1.168). A character's type is the value of the text or
    choice field `field` when that value is one of the types, otherwise `default`."""

    types: Annotated[list[TypeEntry], Field(min_length=1, max_length=80)]
    tags: Annotated[list[TypeEntry], Field(min_length=1, max_length=80)] | None = None
    field: Id | None = None
    default: Id | None = None

    @model_validator(mode="after")
    def _rules(self) -> "CreatureTypes":
        type_ids = [t.id for t in self.types]
        for name, entries in (("types", self.types), ("tags", self.tags or [])):
            seen: set[str] = set()
            for i, entry in enumerate(entries):
                if entry.id in seen:
                    raise ValueError(f'{name}[{i}]: id "{entry.id}" is used twice')
                seen.add(entry.id)
        if self.default is not None and self.default not in type_ids:
            raise ValueError(f'"default" is "{self.default}", which is not one of "types"')
        return self
