"""Keys spec/mechanics-2.md and mechanics-3.md add to a `combat.conditions` entry.

Owns: `ConditionExt2` (uses granted by a condition 1.236, surprise 1.237, evasion 1.250,
one-at-a-time groups 1.256, diseases 1.258-1.261, auras 1.263, compelled behaviour 1.264,
temporary points 1.274, suspension 1.275, `endsWhenHarmedFrom` 1.278) with the parts of
its disease keys. What mechanics-2 adds to a condition's `grants` (`melee`, `names`,
`afterAttack`) and `onEnd` (`tracks`, `harm`) and to a level (`evasion`) is modelled with
those blocks in conditions.py.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .applies import Apply
from .base import DiceText, EntryId, Id, Model, Number, gate, unsupported
from .errors import ProblemAt
from .auras import Aura, Behavior
from .mechanics.amounts import Amount
from .mechanics.shapes import IdList, no_repeats
from .mechanics.reaction import EntryRef
from .refusals import CONDITION_TEMPORARY_REASON

#: A distance in the ruleset's own unit.
Distance = Annotated[Number, Field(gt=0, le=100000)]

_DISEASE = "diseases (kinds of conditions, rests that lower health, disease stages) are resolved by no planned issue"
_AURA = "auras are resolved by no planned issue"

CatalogIds = Annotated[list[EntryId], Field(min_length=1, max_length=24)]


class OnRestSave(Model):
    """Rolled before the maximum is lowered; with `cures`, a success removes the condition."""

    save: Id
    difficulty: Annotated[int, Field(ge=1, le=100)]
    cures: Literal[True] | None = None


class OnRest(Model):
    """Each rest of `rests` taken under the condition lowers the holder's maximum health."""

    rests: IdList
    lowersMax: Amount | None = None
    lasting: Literal[True] | None = None
    save: OnRestSave | None = None
    restoredWhenCured: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.261"))

    @model_validator(mode="after")
    def _does_something(self) -> "OnRest":
        if self.lowersMax is None and (self.save is None or self.save.cures is None):
            raise ValueError('"onRest" needs "lowersMax", or a "save" that "cures"')
        if self.restoredWhenCured is not None and self.lasting is None:
            raise ValueError('"restoredWhenCured" goes with "lasting"')
        no_repeats(self.rests, "rests")
        return self


class OnDamaged(Model):
    """Conditions applied to the holder each time it takes damage, with a countdown."""

    applies: Annotated[list[Apply], Field(min_length=1, max_length=6)]

    @model_validator(mode="after")
    def _countdowns(self) -> "OnDamaged":
        for i, item in enumerate(self.applies):
            if isinstance(item.duration, str):
                raise ProblemAt(("applies", i, "duration"), f'what "onDamaged" applies lasts "rounds" (not "{item.duration}")')
            if getattr(item, "when", None) is not None:
                raise ProblemAt(("applies", i, "when"), '"when" is rejected here, since there is no applier sheet to read')
        return self


class Expires(Model):
    """The condition it turns into when its own countdown runs out."""

    becomes: Id


class CuredOnlyBy(Model):
    """Only a cure from these catalogs, paid at `minLevel` or higher, removes it."""

    catalogs: CatalogIds
    minLevel: Annotated[int, Field(ge=0, le=30)] | None = None


class ConditionTemporary(Model):
    """Temporary points given to the holder at each of its turn starts or ends."""

    at: Literal["turn-start", "turn-end"]
    dice: DiceText | None = None
    flat: Annotated[int, Field(ge=0, le=100000)] | None = None
    #: Adds the number its applier fixed through the `applies` item's `value`.
    value: Literal[True] | None = None
    lostWhenEnds: Literal[True] | None = None

    @model_validator(mode="after")
    def _something(self) -> "ConditionTemporary":
        if self.dice is None and self.flat is None and self.value is None:
            raise ValueError('"temporary" needs "dice", "flat" or "value"')
        return self


class ConditionExt2(Model):
    """Mixin for a `combat.conditions` entry: the keys mechanics-2/3 add to it."""

    #: Catalog entries the holder may use while the condition lasts (1.236): no menu
    #: offers them yet, so the key is refused rather than left to change nothing.
    actions: Annotated[list[EntryRef], Field(min_length=1, max_length=24)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.236", "uses a condition gives its holder are not offered in a fight yet "
                                               "(issue 24, condition mechanics)"),
    )
    cannotBeSurprised: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.237", "surprise is resolved by no planned issue")
    )
    #: Saving throws against which a success takes nothing and a failure half (1.250).
    evasion: IdList | None = Field(default=None, json_schema_extra=gate("1.250"))
    #: A group: a creature holds at most one condition of it at a time (1.256).
    oneAtATime: Id | None = Field(default=None, json_schema_extra=gate("1.256"))
    kinds: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.258", _DISEASE)
    )
    onRest: OnRest | None = Field(default=None, json_schema_extra=unsupported("1.260", _DISEASE))
    onDamaged: OnDamaged | None = Field(default=None, json_schema_extra=unsupported("1.261", _DISEASE))
    expires: Expires | None = Field(default=None, json_schema_extra=unsupported("1.261", _DISEASE))
    curedOnlyBy: CuredOnlyBy | None = Field(default=None, json_schema_extra=unsupported("1.261", _DISEASE))
    auras: Annotated[list[Aura], Field(min_length=1, max_length=4)] | None = Field(
        default=None, json_schema_extra=unsupported("1.263", _AURA)
    )
    behavior: Behavior | None = Field(
        default=None, json_schema_extra=unsupported("1.264", "compelled behaviour is resolved by no planned issue")
    )
    temporary: ConditionTemporary | None = Field(default=None, json_schema_extra=unsupported("1.274", CONDITION_TEMPORARY_REASON))
    #: Keeps the condition in effect while the holder stands this close to the applier.
    orSourceWithin: Distance | None = Field(
        default=None,
        json_schema_extra=unsupported("1.275", "a condition kept by the source's nearness is not resolved yet (issue 26, sight and senses)"),
    )
    #: Other conditions this one suspends while it is in effect.
    suppresses: IdList | None = Field(
        default=None,
        json_schema_extra=unsupported("1.275", "conditions that suspend others are not resolved yet (issue 24, condition mechanics)"),
    )
    #: Harm from anything cast from these catalogs removes the condition.
    endsWhenHarmedFrom: CatalogIds | None = Field(default=None, json_schema_extra=gate("1.278"))

    @model_validator(mode="after")
    def _m2_condition(self) -> "ConditionExt2":
        own = getattr(self, "condition", None)
        if self.kinds is not None and own in self.kinds:
            raise ValueError(f'"kinds" names "{own}", the condition\'s own id: a kind is never the condition itself')
        if self.suppresses is not None and own in self.suppresses:
            raise ValueError(f'"suppresses" names "{own}" itself')
        if self.expires is not None and self.expires.becomes == own:
            raise ValueError(f'"expires.becomes" names "{own}" itself')
        if self.orSourceWithin is not None and getattr(self, "whileSourceInSight", None) is None:
            raise ValueError('"orSourceWithin" goes next to "whileSourceInSight"')
        no_repeats(self.actions, "actions")
        no_repeats(self.evasion, "evasion")
        no_repeats(self.kinds, "kinds")
        no_repeats(self.suppresses, "suppresses")
        no_repeats(self.endsWhenHarmedFrom, "endsWhenHarmedFrom")
        return self


__all__ = [
    "ConditionExt2",
    "ConditionTemporary",
    "CuredOnlyBy",
    "Expires",
    "OnDamaged",
    "OnRest",
    "OnRestSave",
]
