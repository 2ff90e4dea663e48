"""The `combat` block: a fight resolved by the ruleset's own rules (spec/combat-1 "Every
key", combat-3 "Positions", "Contests" and "Windows").

Owns: `Combat`, assembled from `CombatBase` (the keys of this part) and the mixins other
parts add keys through (`CombatExt1`/`CombatExt2` for the mechanics pages, `CombatPoolKeys`
for pool and symbol fights). The pieces live in their own modules: rolls and economy in
`combat_rolls`, lists in `combat_attacks`, conditions and levels in `conditions`, board keys
in `combat_board`, contests in `combat_contests`, threat in `combat_threat`, damage kinds in
`combat_damage`, standard actions and creature types in `combat_actions`. Rules that read
other blocks (the sheet, the resolution) are in `checks/combat*.py`.

`CombatExt2` (here, with `Hiding`) holds what spec/mechanics-3.md adds: hiding (1.287).
The standard action `search` (which needs `combat.hiding`) is in the `standard` list of
combat_actions.py; whether the two go together is checked in checks/mechanics_blocks.py.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from .base import EntryId, Id, Model, ValueRef, gate, unsupported
from .combat_actions import CreatureTypes, StandardAction, StandardEffects
from .combat_attacks import AbilityList, AttackList
from .combat_board import Cover, Distance, Elevation, Opportunity, Ranged, STYLE_BUILTINS
from .combat_contests import CombatCheck, Contest, SIZES_REASON, Sizes
from .combat_damage import DamageKinds, DamageTypeList
from .combat_pool import CombatPoolKeys
from .combat_rolls import AttackRoll, Concentration, Dying, Economy, Health, Initiative, SpendLimit
from .combat_threat import Threat
from .conditions import CONDITION_LIST_GATES, CONDITION_LIST_MAX, CombatCondition, CombatLevel, condition_list_gates
from .gates import Gate, ValueGate, declared_gate
from .mechanics.shapes import IdList
from .senses import ComponentDecl, SenseDecl, Sight

CombatKind = Literal["attack-vs-defense", "dice-pool", "symbol-pool"]


class CombatBase(Model):
    """The keys spec/combat-1 and combat-3 give the `combat` block itself."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {
        ("standard", "search"): ValueGate("1.287", unsupported="hiding and searching are not resolved yet (issue 26, sight and senses)"),
        **CONDITION_LIST_GATES,
    }

    kind: CombatKind
    health: Health
    defense: ValueRef
    initiative: Initiative
    attackRoll: AttackRoll | None = None
    economy: Economy
    attacks: Annotated[list[AttackList], Field(max_length=8)] | None = None
    abilities: Annotated[list[AbilityList], Field(max_length=8)] | None = None
    standard: Annotated[list[StandardAction], Field(max_length=7)] | None = None
    standardEffects: StandardEffects | None = None
    conditions: Annotated[list[CombatCondition], Field(max_length=CONDITION_LIST_MAX)] | None = None
    levels: Annotated[list[CombatLevel], Field(max_length=40)] | None = Field(default=None, json_schema_extra=gate("1.45"))
    checks: Annotated[list[CombatCheck], Field(max_length=12)] | None = Field(default=None, json_schema_extra=gate("1.43"))
    contests: Annotated[list[Contest], Field(max_length=12)] | None = Field(default=None, json_schema_extra=gate("1.43"))
    concentration: Concentration | None = None
    dying: Dying | None = None
    damageTypes: DamageTypeList | None = None
    damageKinds: DamageKinds | None = None
    spendLimits: Annotated[list[SpendLimit], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.47")
    )
    threat: Threat | None = None
    creatureTypes: CreatureTypes | None = Field(default=None, json_schema_extra=gate("1.168", schema=2))
    sizes: Sizes | None = Field(default=None, json_schema_extra=unsupported("1.103", SIZES_REASON))
    distance: Distance | None = None
    styles: Annotated[list[EntryId], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.379")
    )
    ranged: Ranged | None = None
    cover: Cover | None = None
    opportunity: Opportunity | None = None
    elevation: Elevation | None = Field(default=None, json_schema_extra=gate("1.75"))
    signatureAtTurnStart: bool | None = Field(default=None, json_schema_extra=gate("1.805"))

    @field_validator("standard", "styles")
    @classmethod
    def _listed_once(cls, values: list[str] | None) -> list[str] | None:
        for i, value in enumerate(values or []):
            if value in (values or [])[:i]:
                raise ValueError(f'"{value}" is listed twice')
        return values

    @field_validator("styles")
    @classmethod
    def _a_builtin_style(cls, values: list[str] | None) -> list[str] | None:
        if values is not None and not any(s in STYLE_BUILTINS for s in values):
            raise ValueError('"styles" must include at least one of "classic" and "tactical"')
        return values

    @field_validator("conditions", "checks", "contests", "attacks", "abilities")
    @classmethod
    def _entries_once(cls, entries: list[Any] | None, info: ValidationInfo) -> list[Any] | None:
        key = {"conditions": "condition", "attacks": "list", "abilities": "list"}.get(info.field_name or "", "id")
        seen: dict[str, int] = {}
        for i, entry in enumerate(entries or []):
            value = getattr(entry, key)
            if value in seen:
                raise ValueError(f'{key} "{value}" is given twice (entries {seen[value]} and {i})')
            seen[value] = i
        return entries

    def extra_gates(self) -> Iterable[Gate]:
        yield from condition_list_gates(CombatBase, self.conditions)
        if self.standard is not None and "search" in self.standard:
            yield declared_gate(CombatBase, "standard", "search", ("standard", self.standard.index("search")))


HIDING_REASON = "hiding and searching are resolved by no planned issue"


class Hiding(Model):
    """Makes the standard action `hide` real: `stealth` against passive `perception`."""

    stealth: Id
    perception: Id
    passive: Annotated[int, Field(ge=0, le=100)] | None = None
    lightly: Annotated[int, Field(ge=0, le=100)] | None = None
    #: The `combat.components` that make noise and so reveal the user.
    noisy: IdList | None = None


class CombatExt2(Model):
    """Mixin for `Combat`: the keys mechanics-2/3 add to the combat block."""

    hiding: Hiding | None = Field(default=None, json_schema_extra=unsupported("1.287", HIDING_REASON))


_NOT_RESOLVED = "is resolved by no planned issue"


class CombatExt1(Model):
    senses: Annotated[list[SenseDecl], Field(min_length=1, max_length=16)] | None = Field(
        default=None, json_schema_extra=unsupported("1.178", f"senses beyond line of sight {_NOT_RESOLVED}")
    )
    sight: Sight | None = Field(
        default=None, json_schema_extra=unsupported("1.178", f"seeing and being seen {_NOT_RESOLVED}")
    )
    components: Annotated[list[ComponentDecl], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.179", f"components a use requires {_NOT_RESOLVED}")
    )

    @model_validator(mode="after")
    def _distinct_ids(self) -> "CombatExt1":
        for key in ("senses", "components"):
            ids = [d.id for d in getattr(self, key) or []]
            if len(set(ids)) != len(ids):
                raise ValueError(f'"{key}" declares the same id twice')
        return self


class Combat(CombatExt2, CombatExt1, CombatPoolKeys, CombatBase):
    """The `combat` block. Validators of every part run; extension mixins come first so a
    part may give one of these keys a richer model."""
