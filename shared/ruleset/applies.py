"""A condition an action applies: one item of an `applies` list.

Owns: `Apply` (`condition`, `duration`, `saveEnds`, `endsAfter`, `when`, `targetIs`; from
mechanics-1 how a hold is escaped (`escapeDc`, `escapeChecks`) and `endsWhenHolder` with
`EndsWhenHolder` (when a condition ends as its holder acts); from mechanics-2 and -3
`endsWith` 1.202, `harmsPerCostStep` 1.255 with `HarmStep`, `destroysUpTo` 1.266 with
`DestroyUpTo`, and `value` 1.274). The same item is used by a catalog entry's `mechanics`,
an item's use, a creature action, a contest's `onWin` and a condition's `onEnd`; the
blocks that forbid some of its keys (a stat block and `onEnd` reject `when`) say so
themselves. The save that ends the condition (`SaveEnds`) is in durations.py. Whether
`endsWith` names a condition of the same list is a cross-reference of the list, checked in
`checks/mechanics_blocks.py`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .base import Bounds, DiceText, EntryId, Id, Model, ValueRef, gate
from .durations import Duration, SaveEnds, duration_gates
from .gates import Gate, declared_gate
from .modifiers import TargetTest


class EndsWhenHolder(Model):
    """Removes the condition once its holder has attacked, or used an entry from one of
    `casts` (an item use that casts from such a catalog counts)."""

    attacks: bool | None = None
    casts: Annotated[list[EntryId], Field(min_length=1, max_length=12)] | None = None

    @model_validator(mode="after")
    def _one(self) -> "EndsWhenHolder":
        if not self.attacks and self.casts is None:
            raise ValueError('"endsWhenHolder" needs "attacks": true or "casts"')
        return self


class DestroyUpTo(Model):
    """Destroy Undead: up to threat `tier` while `when` holds on the user's sheet."""

    tier: Id
    when: Bounds | None = None


class HarmStep(Model):
    """`{"dice": "1d4"}` added to a condition's harm per raised-cost step."""

    dice: DiceText


class Apply(Model):
    """One condition an action applies, with its clock and how it ends."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("duration", "this-action"): "1.131"}

    condition: Id
    duration: Duration
    saveEnds: SaveEnds | None = None
    #: Takes the condition off after the holder's next attack roll (`own-attack`), the
    #: next attack roll against the holder (`attacked`) or the holder's next save.
    endsAfter: Literal["own-attack", "attacked", "own-save"] | None = Field(
        default=None, json_schema_extra=gate("1.45")
    )
    #: Read from the applier's sheet when the condition is applied; outside the bounds the
    #: item is skipped.
    when: Bounds | None = Field(default=None, json_schema_extra=gate("1.167", schema=2))
    #: Applies the condition only to targets that pass this test.
    targetIs: TargetTest | None = Field(default=None, json_schema_extra=gate("1.168", schema=2))
    #: The escape contest from this hold is rolled against the entry's own save DC.
    escapeDc: Literal["save"] | None = Field(default=None, json_schema_extra=gate("1.174"))
    #: The contest checks that can shake off this hold (spell holds).
    escapeChecks: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.175"))
    endsWhenHolder: EndsWhenHolder | None = Field(default=None, json_schema_extra=gate("1.180"))
    #: Ends together with another condition of the same list, however that one ends.
    endsWith: Id | None = Field(default=None, json_schema_extra=gate("1.202"))
    #: Added to the condition's `harms` for each raised-cost step (Acid Arrow).
    harmsPerCostStep: HarmStep | None = Field(default=None, json_schema_extra=gate("1.255"))
    #: Destroyed outright instead, up to a threat tier (shared/combat/destroying.py).
    destroysUpTo: Annotated[list[DestroyUpTo], Field(min_length=1, max_length=12)] | None = Field(
        default=None, json_schema_extra=gate("1.266"))
    #: A number read from the applier's sheet when the condition is applied (Heroism): it
    #: feeds the condition's `temporary` (shared/combat/condition_temporary.py).
    value: ValueRef | None = Field(default=None, json_schema_extra=gate("1.274"))

    @model_validator(mode="after")
    def _rules(self) -> "Apply":
        if self.duration == "until-save" and self.saveEnds is None:
            raise ValueError('a "duration" of "until-save" needs "saveEnds" beside it')
        own = self.condition
        if self.endsWith is not None and self.endsWith == own:
            raise ValueError(f'"endsWith" names "{own}" itself: it names another condition of the same list')
        if self.saveEnds is not None and self.saveEnds.failures is not None and self.saveEnds.failures.becomes == own:
            raise ValueError(f'"saveEnds.failures.becomes" names "{own}" itself')
        if self.destroysUpTo is not None:
            tiers = [d.tier for d in self.destroysUpTo]
            if len(set(tiers)) != len(tiers):
                raise ValueError('"destroysUpTo" names a tier twice')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from duration_gates(Apply, self.duration)


#: More than four items in an `applies` list needs Capability API 1.277 (six at most); each
#: model holding such a list declares it.
APPLIES_LIST_GATE: dict[tuple[str, str], str] = {("applies", "more than 4 items"): "1.277"}


def applies_list_gates(owner: type, items: list[Apply] | None) -> Iterable[Gate]:
    if items is not None and len(items) > 4:
        yield declared_gate(owner, "applies", "more than 4 items")
