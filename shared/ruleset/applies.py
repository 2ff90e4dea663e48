"""A condition an action applies: one item of an `applies` list.

Owns: `Apply` (`condition`, `duration`, `saveEnds`, `endsAfter`, `when`, `targetIs` and the
keys the mechanics pages add through `ApplyExt1`/`ApplyExt2`). The same item is used by a
catalog entry's `mechanics`, an item's use, a creature action, a contest's `onWin` and a
condition's `onEnd`; the blocks that forbid some of its keys (a stat block and `onEnd`
reject `when`) say so themselves.

Also owns the parts of those keys: from mechanics-1 `ApplyExt1` (how a hold is escaped,
`EndsWhenHolder`: when a condition ends as its holder acts); from mechanics-2 and -3
`ApplyExt2` (`endsWith` 1.202, `harmsPerCostStep` 1.255, `destroysUpTo` 1.266, `value`
1.274, and `saveEnds` redeclared with the richer `SaveEnds2`: the save that ends a
condition, with `successes`/`failures` 1.258, `at: "action"` 1.264, `unseen` 1.266,
`seenLean` 1.268, `beyond` 1.270, `bySource` 1.274),
`SaveCountFailures`, `DestroyUpTo` and `HarmStep`. Whether `endsWith` names a condition of
the same list is a cross-reference of the list, checked in `checks/mechanics_blocks.py`.

`ApplyBase` comes last in `Apply`'s bases so that an extension mixin may redeclare a key
with a richer model (mechanics-2 gives `saveEnds` counts): pydantic lets the earlier base
win.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .base import Bounds, DiceText, EntryId, Id, Model, Number, ValueRef, gate, unsupported
from .durations import Duration, SaveEnds, duration_gates
from .gates import Gate, ValueGate, declared_gate
from .modifiers import TargetTest
from .refusals import CONDITION_TEMPORARY_REASON



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


class ApplyExt1(Model):
    #: The escape contest from this hold is rolled against the entry's own save DC.
    escapeDc: Literal["save"] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.174", "escaping against an entry's save DC is resolved by no planned issue"),
    )
    #: The contest checks that can shake off this hold (spell holds).
    escapeChecks: Annotated[list[Id], Field(min_length=1, max_length=12)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.175", "spell holds are resolved by no planned issue"),
    )
    endsWhenHolder: EndsWhenHolder | None = Field(
        default=None,
        json_schema_extra=unsupported("1.180", "conditions that end as their holder acts are resolved by no planned issue"),
    )


Distance = Annotated[Number, Field(gt=0, le=100000)]

_DISEASE = "diseases (conditions that keep count of saves and turn into others) are resolved by no planned issue"
_COMPELLED = "compelled behaviour is resolved by no planned issue"
_GAZE = "gazes and auras are resolved by no planned issue"


class SaveCountFailures(Model):
    """`{"count": 3, "becomes": "blinding_sickness"}`: after that many failed saves the
    condition turns into `becomes`, with no countdown and no further saves."""

    count: Annotated[int, Field(ge=1, le=10)]
    becomes: Id


class SaveEnds2(SaveEnds):
    """The save repeated to end a condition, with the keys of mechanics-2/3."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {("at", "action"): ValueGate("1.264", unsupported=_COMPELLED)}

    #: `action`: the holder spends an action to roll it (Irresistible Dance, 1.264).
    at: Literal["turn-end", "turn-start", "damaged", "action"]
    successes: Annotated[int, Field(ge=2, le=10)] | None = Field(
        default=None, json_schema_extra=unsupported("1.258", _DISEASE)
    )
    failures: SaveCountFailures | None = Field(default=None, json_schema_extra=unsupported("1.258", _DISEASE))
    #: Rolled only while the holder cannot see whoever applied the condition (Fear).
    unseen: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.266", _COMPELLED))
    seenLean: Literal["advantage", "disadvantage"] | None = Field(
        default=None, json_schema_extra=unsupported("1.268", _GAZE)
    )
    #: Rolled only while the holder stands farther than this from the applier (Antipathy).
    beyond: Distance | None = Field(
        default=None, json_schema_extra=unsupported("1.270", "conditions that read distance from their source to allow a save are resolved by no planned issue")
    )
    #: With `at: "damaged"`: only harm from whoever applied the condition calls for it.
    bySource: Literal[True] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.274", "a save rolled only on harm from the applier is not resolved yet (issue 24, condition mechanics)"),
    )

    @model_validator(mode="after")
    def _m2_save_ends(self) -> "SaveEnds2":
        if self.bySource is not None and self.at != "damaged":
            raise ValueError('"bySource" goes on a save with "at": "damaged"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from super().extra_gates()
        if self.at == "action":
            yield declared_gate(SaveEnds2, "at", "action")


class DestroyUpTo(Model):
    """Destroy Undead: up to threat `tier` while `when` holds on the user's sheet."""

    tier: Id
    when: Bounds | None = None


class HarmStep(Model):
    """`{"dice": "1d4"}` added to a condition's harm per raised-cost step."""

    dice: DiceText


class ApplyExt2(Model):
    """Mixin for `Apply`: the keys mechanics-2/3 add to an `applies` item."""

    saveEnds: SaveEnds2 | None = None
    #: Ends together with another condition of the same list, however that one ends.
    endsWith: Id | None = Field(
        default=None,
        json_schema_extra=unsupported("1.202", "conditions that end together are not resolved yet (issue 24, condition mechanics)"),
    )
    #: Added to the condition's `harms` for each raised-cost step (Acid Arrow).
    harmsPerCostStep: HarmStep | None = Field(
        default=None,
        json_schema_extra=unsupported("1.255", "harm dealt by a condition (and its growth per cost step) is resolved by no planned issue"),
    )
    destroysUpTo: Annotated[list[DestroyUpTo], Field(min_length=1, max_length=12)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.266", "destroying creatures outright by threat tier is resolved by no planned issue"),
    )
    #: A number read from the applier's sheet when the condition is applied (Heroism): it
    #: feeds only a condition's `temporary`, refused with it.
    value: ValueRef | None = Field(default=None, json_schema_extra=unsupported("1.274", CONDITION_TEMPORARY_REASON))

    @model_validator(mode="after")
    def _m2_apply(self) -> "ApplyExt2":
        own = getattr(self, "condition", None)
        if self.endsWith is not None and self.endsWith == own:
            raise ValueError(f'"endsWith" names "{own}" itself: it names another condition of the same list')
        if self.saveEnds is not None and self.saveEnds.failures is not None and self.saveEnds.failures.becomes == own:
            raise ValueError(f'"saveEnds.failures.becomes" names "{own}" itself')
        if self.destroysUpTo is not None:
            tiers = [d.tier for d in self.destroysUpTo]
            if len(set(tiers)) != len(tiers):
                raise ValueError('"destroysUpTo" names a tier twice')
        return self


class ApplyBase(Model):
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

    @model_validator(mode="after")
    def _until_save_needs_save(self) -> "ApplyBase":
        if self.duration == "until-save" and self.saveEnds is None:
            raise ValueError('a "duration" of "until-save" needs "saveEnds" beside it')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        yield from duration_gates(ApplyBase, self.duration)


class Apply(ApplyExt2, ApplyExt1, ApplyBase):
    """One condition an action applies, with its clock and how it ends."""

    def extra_gates(self) -> Iterable[Gate]:
        # Each part may declare its own value gates; a method of one mixin would hide
        # the others', so they are gathered here.
        for part in (ApplyBase, ApplyExt1, ApplyExt2):
            own = part.__dict__.get("extra_gates")
            if own is not None:
                yield from own(self)


#: More than four items in an `applies` list needs Capability API 1.277 (six at most); each
#: model holding such a list declares it.
APPLIES_LIST_GATE: dict[tuple[str, str], str] = {("applies", "more than 4 items"): "1.277"}


def applies_list_gates(owner: type, items: list[Apply] | None) -> Iterable[Gate]:
    if items is not None and len(items) > 4:
        yield declared_gate(owner, "applies", "more than 4 items")
