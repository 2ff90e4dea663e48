"""Keys spec/mechanics-2.md and mechanics-3.md add to one item of an `applies` list.

Owns: `ApplyExt2` (`endsWith` 1.202, `harmsPerCostStep` 1.255, `destroysUpTo` 1.266,
`value` 1.274, and `saveEnds` redeclared with the richer `SaveEnds2`) and `SaveEnds2`
(the save that ends a condition: `successes`/`failures` 1.258, `at: "action"` 1.264,
`unseen` 1.266, `seenLean` 1.268, `beyond` 1.270, `bySource` 1.274).

Whether `endsWith` names a condition of the same list is a cross-reference of the list, so
it is checked in `checks/mechanics2.py`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .base import Bounds, DiceText, Id, Model, Number, ValueRef, unsupported
from .durations import SaveEnds
from .gates import Gate, ValueGate, declared_gate
from .refusals import CONDITION_TEMPORARY_REASON

#: A distance in the ruleset's own unit.
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


__all__ = ["ApplyExt2", "DestroyUpTo", "HarmStep", "SaveCountFailures", "SaveEnds2"]
