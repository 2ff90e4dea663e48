"""The `combat` block: a fight resolved by the ruleset's own rules (spec/combat-1 "Every
key", combat-3 "Positions", "Contests" and "Windows").

Owns: `Combat`, with every key of the block: those of combat-1 and combat-3, the blocks only
pool fights read (`pool`, `symbols`, `damage`, `daze`: combat-2) with the rules tying them
to the combat `kind`, and those of the mechanics pages (`senses`, `sight`, `components`
1.178-1.179, `hiding` 1.287 with `Hiding`). The objects of its keys live in their own
modules: the pool blocks in `combat_pool`, rolls and economy in
`combat_rolls`, lists in `combat_attacks`, conditions and levels in `conditions`, board keys
in `combat_board`, contests in `combat_contests`, threat in `combat_threat`, damage kinds in
`combat_damage`, standard actions and creature types in `combat_actions`. Rules that read
other blocks (the sheet, the resolution) are in `checks/combat*.py`.

The standard action `search` (which needs `combat.hiding`) is in the `standard` list of
combat_actions.py; whether the two go together is checked in checks/mechanics_blocks.py.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator

from .base import EntryId, Id, Model, ValueRef, gate
from .combat_actions import CreatureTypes, StandardAction, StandardEffects
from .combat_attacks import AbilityList, AttackList
from .combat_board import Cover, Distance, Elevation, Opportunity, Ranged, STYLE_BUILTINS
from .combat_contests import CombatCheck, Contest, Sizes
from .combat_damage import DamageKinds, DamageTypeList
from .combat_pool import POOL_KINDS, CombatDamage, Daze, PoolBlock, SymbolsBlock
from .combat_rolls import AttackRoll, Concentration, Dying, Economy, Health, Initiative, SpendLimit
from .combat_threat import Threat
from .conditions import CONDITION_LIST_GATES, CONDITION_LIST_MAX, CombatCondition, CombatLevel, condition_list_gates
from .gates import Gate, ValueGate, declared_gate
from .mechanics.shapes import IdList
from .senses import ComponentDecl, SenseDecl, Sight

CombatKind = Literal["attack-vs-defense", "dice-pool", "symbol-pool"]




class Hiding(Model):
    """Makes the standard action `hide` real: `stealth` against passive `perception`."""

    stealth: Id
    perception: Id
    passive: Annotated[int, Field(ge=0, le=100)] | None = None
    lightly: Annotated[int, Field(ge=0, le=100)] | None = None
    #: The `combat.components` that make noise and so reveal the user.
    noisy: IdList | None = None


def _kind_word(kind: Any) -> str:
    return f'"kind" "{kind}"' if isinstance(kind, str) else "this kind"


class Combat(Model):
    """The `combat` block: the keys spec/combat-1 and combat-3 give it, those only pool
    fights read (combat-2), and those of the mechanics pages (senses, sight, components,
    hiding)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("standard", "search"): "1.287",
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
    sizes: Sizes | None = Field(default=None, json_schema_extra=gate("1.103"))
    distance: Distance | None = None
    styles: Annotated[list[EntryId], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.379")
    )
    ranged: Ranged | None = None
    cover: Cover | None = None
    opportunity: Opportunity | None = None
    elevation: Elevation | None = Field(default=None, json_schema_extra=gate("1.75"))
    signatureAtTurnStart: bool | None = Field(default=None, json_schema_extra=gate("1.805"))
    pool: PoolBlock | None = None
    symbols: SymbolsBlock | None = None
    damage: CombatDamage | None = Field(default=None, json_schema_extra=gate("1.146"))
    daze: Daze | None = Field(default=None, json_schema_extra=gate("1.147"))

    senses: Annotated[list[SenseDecl], Field(min_length=1, max_length=16)] | None = Field(
        default=None, json_schema_extra=gate("1.178")
    )
    sight: Sight | None = Field(
        default=None, json_schema_extra=gate("1.178")
    )
    components: Annotated[list[ComponentDecl], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=gate("1.179")
    )

    hiding: Hiding | None = Field(default=None, json_schema_extra=gate("1.287"))

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

    @model_validator(mode="after")
    def _pool_kind_rules(self) -> "Combat":
        """The blocks only pool fights read belong to their kind."""
        kind = self.kind
        if kind == "dice-pool" and self.pool is None:
            raise ValueError('"pool" is required in a "dice-pool" fight')
        if kind != "dice-pool" and self.pool is not None:
            raise ValueError(f'"pool" is read only in a "dice-pool" fight, so it is rejected with {_kind_word(kind)}')
        if kind == "symbol-pool" and self.symbols is None:
            raise ValueError('"symbols" is required in a "symbol-pool" fight')
        if kind != "symbol-pool" and self.symbols is not None:
            raise ValueError(
                f'"symbols" is read only in a "symbol-pool" fight, so it is rejected with {_kind_word(kind)}'
            )
        if kind != "dice-pool" and self.damage is not None:
            raise ValueError('"damage.minimum" counts damage dice, so it is read only in a "dice-pool" fight')
        if kind not in POOL_KINDS and self.daze is not None:
            raise ValueError('"daze" is for pool fights ("dice-pool" or "symbol-pool")')
        initiative = self.initiative
        if initiative is not None:
            if kind not in POOL_KINDS and initiative.pool is not None:
                raise ValueError('"initiative.pool" is thrown only in a "dice-pool" or "symbol-pool" fight')
            if kind != "dice-pool" and initiative.resource is not None:
                raise ValueError('"initiative.resource" is used only in a "dice-pool" fight')
        if kind not in POOL_KINDS and self.damageKinds is not None and self.damageKinds.remap is not None:
            raise ValueError('"damageKinds.remap" is read only in a pool fight ("dice-pool" or "symbol-pool")')
        if self.pool is not None and self.pool.hardness is not None:
            if initiative is None or initiative.resource is None:
                raise ValueError('"pool.hardness" is read only where initiative is a number attacks move ("initiative.resource")')
        return self

    @model_validator(mode="after")
    def _distinct_ids(self) -> "Combat":
        for key in ("senses", "components"):
            ids = [d.id for d in getattr(self, key) or []]
            if len(set(ids)) != len(ids):
                raise ValueError(f'"{key}" declares the same id twice')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from condition_list_gates(Combat, self.conditions)
        if self.standard is not None and "search" in self.standard:
            yield declared_gate(Combat, "standard", "search", ("standard", self.standard.index("search")))
