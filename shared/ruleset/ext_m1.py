"""Keys spec/mechanics-1 adds to blocks other than `mechanics`: the combat block, its
conditions, bestiary creatures and their actions, items, and `applies` items.

Owns: `CombatExt1`, `ConditionExt1`, `CreatureExt1`, `CreatureActionExt1`, `ItemDefExt1`
(and `ApplyExt1` from `applies`), the mixins the owners of those blocks inherit, and
the parts only they hold (`Harms`, `ConditionSize`, `ImmunityFrom`, `ConditionForbids`,
`Charge`, `ChargeSave`, `ItemCharges`). Keys no planned issue resolves are marked
unsupported; a creature action's `ability` (1.189) is read by ability-narrowed modifiers
and stays supported.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .applies import APPLIES_LIST_GATE, Apply, ApplyExt1, applies_list_gates
from .base import DiceText, Id, Model, Number, gate, unsupported
from .gates import Gate, ValueGate, declared_gate
from .mechanics.amounts import DamageClause, DamageType
from .modifiers import TargetTest
from .senses import ComponentDecl, CreatureSenses, SenseDecl, SenseGrants, Sight, Unseen, sense_add_paths

_NOT_RESOLVED = "is resolved by no planned issue"


def _senses_gates(owner: type, grants: dict[str, object] | None) -> Iterable[Gate]:
    for sense in sense_add_paths(grants):
        yield declared_gate(owner, "senses", "an added sense", ("senses", sense))


# ---------------------------------------------------------------------------
# combat
# ---------------------------------------------------------------------------


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


# ---------------------------------------------------------------------------
# combat.conditions entries
# ---------------------------------------------------------------------------


class Harms(Model):
    """Dealt at the start (or end) of each of the holder's turns on behalf of whoever
    applied the condition."""

    at: Literal["turn-start", "turn-end"]
    dice: DiceText
    type: DamageType | None = None
    healedOnlyByRest: bool | None = Field(default=None, json_schema_extra=gate("1.193"))


class ConditionSize(Model):
    """The holder is this many sizes further along `combat.sizes.order` (back when
    negative)."""

    steps: Annotated[int, Field(ge=-10, le=10)]

    @model_validator(mode="after")
    def _not_zero(self) -> "ConditionSize":
        if self.steps == 0:
            raise ValueError('"steps" of 0 changes nothing')
        return self


class ImmunityFrom(Model):
    """Protection against `conditions` only when a creature matching `from` applies them."""

    conditions: Annotated[list[Id], Field(min_length=1, max_length=24)]
    from_: TargetTest = Field(alias="from")


class ConditionForbids(Model):
    """Forbids its holder anything that requires these components (gagged)."""

    components: Annotated[list[Id], Field(min_length=1, max_length=8)]


class ConditionExt1(Model):
    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("senses", "an added sense"): "1.182"}

    unseen: Unseen | None = Field(
        default=None, json_schema_extra=unsupported("1.178", f"hiding the holder from sight {_NOT_RESOLVED}")
    )
    forbids: ConditionForbids | None = Field(
        default=None, json_schema_extra=unsupported("1.179", f"components a use requires {_NOT_RESOLVED}")
    )
    cancelsUnseen: bool | None = Field(
        default=None, json_schema_extra=unsupported("1.180", f"seeing and being seen {_NOT_RESOLVED}")
    )
    senses: SenseGrants | None = Field(
        default=None, json_schema_extra=unsupported("1.180", f"senses granted by a condition {_NOT_RESOLVED}")
    )
    harms: Harms | None = Field(
        default=None, json_schema_extra=unsupported("1.189", f"harm dealt by a condition {_NOT_RESOLVED}")
    )
    stacks: Annotated[int, Field(ge=2, le=100)] | None = Field(
        default=None, json_schema_extra=unsupported("1.189", f"stacking conditions {_NOT_RESOLVED}")
    )
    onePerSource: bool | None = Field(
        default=None, json_schema_extra=unsupported("1.189", f"one holder per source {_NOT_RESOLVED}")
    )
    conditionImmunitiesFrom: Annotated[list[ImmunityFrom], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.191", f"source-limited immunities {_NOT_RESOLVED}")
    )
    size: ConditionSize | None = Field(
        default=None, json_schema_extra=unsupported("1.195", f"size-changing conditions {_NOT_RESOLVED}")
    )

    def extra_gates(self) -> Iterable[Gate]:
        # Cooperative: the condition's own model (later in the bases) has value gates too.
        yield from _senses_gates(ConditionExt1, self.senses)
        rest = getattr(super(), "extra_gates", None)
        if rest is not None:
            yield from rest()


# ---------------------------------------------------------------------------
# bestiary creatures and their actions
# ---------------------------------------------------------------------------


class CreatureExt1(Model):
    senses: CreatureSenses | None = Field(
        default=None, json_schema_extra=unsupported("1.178", f"senses beyond line of sight {_NOT_RESOLVED}")
    )


class ChargeSave(Model):
    save: Id
    difficulty: Annotated[int, Field(ge=0, le=1000)]


class Charge(Model):
    """Parts a strike adds after a straight run-up of at least `atLeast` toward its
    target; then the save, the push and the conditions."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = dict(APPLIES_LIST_GATE)

    atLeast: Annotated[Number, Field(gt=0)]
    plus: Annotated[list[DamageClause], Field(min_length=1, max_length=3)] | None = None
    save: ChargeSave | None = None
    push: Annotated[Number, Field(gt=0)] | None = None
    applies: Annotated[list[Apply], Field(min_length=1, max_length=6)] | None = None

    def extra_gates(self) -> Iterable[Gate]:
        yield from applies_list_gates(Charge, self.applies)


class CreatureActionExt1(Model):
    seen: bool | None = Field(
        default=None, json_schema_extra=unsupported("1.178", f"targeting by what the creator sees {_NOT_RESOLVED}")
    )
    components: Annotated[list[Id], Field(max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.179", f"components a use requires {_NOT_RESOLVED}")
    )
    push: Annotated[Number, Field(gt=0)] | None = Field(
        default=None, json_schema_extra=unsupported("1.184", f"a creature's push {_NOT_RESOLVED}")
    )
    charge: Charge | None = Field(
        default=None, json_schema_extra=unsupported("1.186", f"run-up charges {_NOT_RESOLVED}")
    )
    #: The ability the attack is made with, so ability-narrowed modifiers reach it.
    ability: Id | None = Field(default=None, json_schema_extra=gate("1.189"))


# ---------------------------------------------------------------------------
# items
# ---------------------------------------------------------------------------


class ItemCharges(Model):
    """The item's own charges, spent by attack modes and slaying blows."""

    max: Annotated[int, Field(ge=1, le=1000)]
    #: What happens when the last charge is spent (`atMost`, `regains`, `becomes`; 1.271-1.272).
    breaksOn: dict[str, Any] | None = Field(
        default=None, json_schema_extra=unsupported("1.271", "items that break or regain charges are not resolved yet (issue 23, items in a fight)")
    )


class ItemDefExt1(Model):
    charges: ItemCharges | None = None


__all__ = [
    "ApplyExt1", "Charge", "CombatExt1", "ConditionExt1", "CreatureActionExt1", "CreatureExt1",
    "Harms", "ItemCharges", "ItemDefExt1",
]
