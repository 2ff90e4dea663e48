"""The character sheet a ruleset declares.

Owns: `Sheet` (`version`, `sections`, `abilities`, `skills`, `saves`, `skillTiers`,
`saveTiers`, `bonusRange`, `fields`, `derived`, `lists`, `live`) and the Capability API
gates on how many derived values a sheet may have. The parts are modelled in
sheet_fields.py, sheet_derived.py, sheet_lists.py and sheet_live.py; what one part names
in another is checked in checks/sheet.py.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable

from pydantic import Field as PydField

from .base import Id, Model
from .gates import Gate, ValueGate, declared_gate
from .sheet_derived import Derived
from .sheet_fields import Ability, BonusRange, Field, Section, Skill
from .sheet_lists import SheetList
from .sheet_live import Live

#: How many derived values a sheet may have, and the Capability API each ceiling needs.
DERIVED_CEILINGS: tuple[tuple[int, str | None], ...] = (
    (60, None),
    (120, "1.84"),
    (240, "1.88"),
    (400, "1.111"),
    (800, "1.729"),
)

#: Without `bonusRange`, the free per-skill and per-save bonus may run from -20 to 40.
DEFAULT_BONUS_RANGE = (-20, 40)

TierList = Annotated[list[Id], PydField(min_length=1, max_length=12)]


class Sheet(Model):
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("derived", f"more than {prev} entries"): api for (prev, _), (_c, api) in zip(DERIVED_CEILINGS, DERIVED_CEILINGS[1:]) if api
    }

    version: Annotated[int, PydField(ge=1)]
    sections: Annotated[list[Section], PydField(max_length=20)] = PydField(default_factory=list)
    abilities: Annotated[list[Ability], PydField(max_length=20)] = PydField(default_factory=list)
    skills: Annotated[list[Skill], PydField(max_length=120)] = PydField(default_factory=list)
    saves: Annotated[list[Skill], PydField(max_length=40)] = PydField(default_factory=list)
    skillTiers: TierList | None = None
    saveTiers: TierList | None = None
    bonusRange: BonusRange | None = None
    fields: Annotated[list[Field], PydField(max_length=160)] = PydField(default_factory=list)
    derived: Annotated[list[Derived], PydField(max_length=DERIVED_CEILINGS[-1][0])] = PydField(
        default_factory=list
    )
    lists: Annotated[list[SheetList], PydField(max_length=20)] = PydField(default_factory=list)
    live: Live = PydField(default_factory=Live)

    def extra_gates(self) -> Iterable[Gate]:
        count = len(self.derived)
        above = next((prev for (prev, _), (ceiling, _api) in zip(DERIVED_CEILINGS, DERIVED_CEILINGS[1:])
                      if prev < count <= ceiling), None)
        if above is not None:
            yield declared_gate(Sheet, "derived", f"more than {above} entries")

    def bonus_range(self) -> tuple[int, int]:
        if self.bonusRange is None:
            return DEFAULT_BONUS_RANGE
        return (self.bonusRange.min, self.bonusRange.max)
