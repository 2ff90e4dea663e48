"""A creature written in the ruleset's own terms: its `sheet` (spec/combat-2 "A creature
written in the ruleset's own terms").

Owns: `CreatureSheet`, the shape of a character sheet's authored values (`abilities`,
`skills`, `saves`, `bonuses`, `fields`, `lists`), every part optional. There is no `live`
part: what a creature spends is kept by the fight. Whether each id is declared and each
value fits its declaration is checked against the package's sheet in
creature_sheet_values.py (the same reading a character gets).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from .base import Id, Model

#: A value a sheet field or a list column holds (checked against its declaration later).
SheetValue = bool | int | float | Annotated[str, StringConstraints(max_length=4000)]

#: A list row: column ids to values, plus `_catalog` naming the entry it was picked from.
SheetRow = dict[str, SheetValue]


class CreatureSheet(Model):
    abilities: dict[Id, int | float] | None = None
    #: Skill id -> one of the proficiency tiers offered for skills.
    skills: dict[Id, Id] | None = None
    #: Save id -> one of the proficiency tiers offered for saves.
    saves: dict[Id, Id] | None = None
    bonuses: dict[Id, int | float] | None = None
    fields: dict[Id, SheetValue] | None = None
    lists: dict[Id, Annotated[list[SheetRow], Field(max_length=500)]] | None = None
