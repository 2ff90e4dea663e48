"""A condition an action applies: one item of an `applies` list.

Owns: `Apply` (`condition`, `duration`, `saveEnds`, `endsAfter`, `when`, `targetIs` and the
keys the mechanics pages add through `ApplyExt1`/`ApplyExt2`). The same item is used by a
catalog entry's `mechanics`, an item's use, a creature action, a contest's `onWin` and a
condition's `onEnd`; the blocks that forbid some of its keys (a stat block and `onEnd`
reject `when`) say so themselves.

`ApplyExt1` is imported from `apply_ext1` (the same class `ext_m1` exports) so that this
module does not import the mixins of blocks that hold `Apply` lists themselves.
`ApplyBase` comes last in `Apply`'s bases so that an extension mixin may redeclare a key
with a richer model (mechanics-2 gives `saveEnds` counts): pydantic lets the earlier base
win.
"""

from __future__ import annotations

from typing import ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .base import Bounds, Id, Model, gate
from .durations import Duration, SaveEnds, duration_gates
from .apply_ext1 import ApplyExt1
from .ext_m2 import ApplyExt2
from .gates import Gate, declared_gate
from .modifiers import TargetTest


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
