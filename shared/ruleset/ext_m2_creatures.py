"""Keys spec/mechanics-2.md and mechanics-3.md add to a bestiary creature and to one of its
stat-block actions.

Owns: `CreatureExt2` (`held` 1.267, `keepsOn` 1.263, and the rule tying a teleport's
`strike` to another action of the same block) and `CreatureActionExt2` (`reducesMax`
1.203/1.235, `targetHolds` 1.235, `ends` 1.261, `qualities` 1.262, `needs` 1.127 (combat-1's senses), `needsAny` 1.267,
`teleport` 1.276/1.280, `drain` 1.281, `move` 1.283/1.285, `casting` 1.284, `search`
1.287). A creature action's `reaction`, `area` and `save` take the mechanics-2/3 keys
through `Reaction2`, `Area2` and `EntrySave2` (see the `mechanics` package).
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .base import Id, Label, Model, gate, unsupported
from .refusals import REDUCES_MAX_REASON, TARGET_HOLDS_REASON
from .gates import Gate, ValueGate, declared_gate
from .mechanics.shapes import IdList, no_repeats
from .mechanics.sheet_changes import Ends2
from .mechanics.health import ReducesMax, TargetHolds
from .mechanics.actions import (
    CASTING_REASON,
    MOVE_REASON,
    TELEPORT_REASON,
    Drain,
    LegendaryCasting,
    LegendaryMove,
    Teleport,
    teleport_rules,
)
from .mechanics.block import MechanicsPart1

HELD_REASON = "things a creature holds and drops are resolved by no planned issue"
KEEPS_ON_REASON = "conditions kept for the whole fight (auras) are resolved by no planned issue"
SEARCH_REASON = "hiding and searching are resolved by no planned issue"

_ENDS_EXTRA = {**(MechanicsPart1.model_fields["ends"].json_schema_extra or {}), "x-capabilityApi": "1.261"}

#: What an action does; `casting` and `search` do nothing else.
_DOING = (
    "toHit", "autoHit", "damage", "heal", "save", "applies", "area", "push", "ends", "drain",
    "reducesMax", "teleport", "sequence", "move", "casting", "search", "charge",
)
#: What a move bought between turns does besides moving (1.285).
_EFFECTS = ("damage", "area", "save", "applies")


class Held(Model):
    """Something the creature holds that is not an action of its own (a shield)."""

    label: Label
    tags: IdList
    defense: Annotated[int, Field(ge=0, le=100)] | None = None


class CreatureExt2(Model):
    """Mixin for `Creature`: the keys mechanics-2/3 add to a stat block."""

    held: Annotated[list[Held], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.267", HELD_REASON)
    )
    keepsOn: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.263", KEEPS_ON_REASON)
    )

    @model_validator(mode="after")
    def _m2_creature(self) -> "CreatureExt2":
        no_repeats(self.keepsOn, "keepsOn")
        actions: list[Any] = getattr(self, "actions", None) or []
        by_id = {getattr(a, "id", None): a for a in actions}
        for i, action in enumerate(actions):
            teleport = getattr(action, "teleport", None)
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


class CreatureActionExt2(Model):
    """Mixin for `CreatureAction`: the keys mechanics-2/3 add to a stat-block action."""

    #: A legendary move that also does something else (1.285).
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("move", "with an effect"): "1.285"}

    reducesMax: ReducesMax | None = Field(default=None, json_schema_extra=unsupported("1.203", REDUCES_MAX_REASON))
    targetHolds: TargetHolds | None = Field(default=None, json_schema_extra=unsupported("1.235", TARGET_HOLDS_REASON))
    #: Cures, as a catalog entry's `ends` (the unicorn's Healing Touch).
    ends: Ends2 | None = Field(default=None, json_schema_extra=_ENDS_EXTRA)
    #: Item tags the action carries: `magical` makes its healing and saves magical.
    qualities: IdList | None = Field(default=None, json_schema_extra=gate("1.262"))
    #: Senses the target must have for the action to work (combat-1 1.127: "a creature
    #: action's `needs`"), read by the same targeting rule as an entry's.
    needs: Annotated[list[Id], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=gate("1.127")
    )
    needsAny: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.267"))
    teleport: Teleport | None = Field(default=None, json_schema_extra=unsupported("1.276", TELEPORT_REASON))
    drain: Drain | None = Field(default=None, json_schema_extra=gate("1.281"))
    move: LegendaryMove | None = Field(default=None, json_schema_extra=unsupported("1.283", MOVE_REASON))
    casting: LegendaryCasting | None = Field(default=None, json_schema_extra=unsupported("1.284", CASTING_REASON))
    search: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.287", SEARCH_REASON))

    def _doing(self, *skip: str) -> list[str]:
        return [k for k in _DOING if k not in skip and getattr(self, k, None) not in (None, False)]

    @model_validator(mode="after")
    def _m2_action(self) -> "CreatureActionExt2":
        if self.reducesMax is not None:
            if getattr(self, "damage", None) is None:
                raise ValueError('"reducesMax" lowers the maximum by the damage dealt, so it needs "damage"')
            if self.reducesMax.onFailedSave is not None and getattr(self, "save", None) is None:
                raise ValueError('"reducesMax.onFailedSave" reads the action\'s own "save", so the action needs one')
        if self.drain is not None and getattr(self, "damage", None) is None:
            raise ValueError('"drain" gives back damage dealt, so it needs "damage"')
        if self.needsAny is not None and getattr(self, "needs", None) is None:
            raise ValueError('"needsAny" goes on an action that "needs" senses')
        no_repeats(self.qualities, "qualities")
        teleport_rules(self.teleport, area=getattr(self, "area", None), reaction=getattr(self, "reaction", None), strike_allowed=True)
        area = getattr(self, "area", None)
        if getattr(area, "sizePerCostStep", None) is not None:
            raise ValueError('a creature action pays no raised cost, so "area.sizePerCostStep" is rejected')
        if self.move is not None:
            self._needs_signature("move")
            carried = [k for k in ("teleport", "sequence", "reaction", "charge") if getattr(self, k, None) is not None]
            if carried:
                raise ValueError(f'"move" does not carry "{carried[0]}"')
        for key in ("casting", "search"):
            if getattr(self, key) is not None:
                if key == "casting":
                    self._needs_signature(key)
                others = self._doing(key)
                if others:
                    raise ValueError(f'an action with "{key}" does nothing else, so "{others[0]}" is rejected')
        return self

    def _needs_signature(self, key: str) -> None:
        if getattr(self, "signature", None) is None:
            raise ValueError(f'"{key}" is bought between turns: the action needs a "signature" cost')

    def extra_gates(self) -> Iterable[Gate]:
        if self.move is not None and any(getattr(self, k, None) for k in _EFFECTS):
            yield declared_gate(CreatureActionExt2, "move", "with an effect")
        more = getattr(super(), "extra_gates", None)
        if callable(more):
            yield from more()


__all__ = ["CreatureActionExt2", "CreatureExt2", "Held"]
