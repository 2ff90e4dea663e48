"""How long a condition an action applies lasts, and the save that can end it.

Owns: `RoundsDuration` (`{"rounds", "at", "of"}`), `Duration` (`"instant"`, `"until-save"`,
`"this-action"` or rounds) and `SaveEnds` (`{"save", "at"}`, and what mechanics-2/3 add:
`successes`/`failures` 1.258 with `SaveCountFailures`, `at: "action"` 1.264, `unseen`
1.266, `seenLean` 1.268, `beyond` 1.270, `bySource` 1.274), the parts of an `applies` item
(spec/combat-2 "What combat reads from mechanics", combat-1 1.129, combat-3 1.131). Kept
apart from `applies` so other blocks (a condition's `onEnd`, an item's `onHit`) can import
them without importing `Apply`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from .base import Id, Model, Number, gate
from .gates import Gate, ValueGate, declared_gate


class RoundsDuration(Model):
    """`{"rounds": n}`: counted down as the holder's turns end; `at: "turn-start"` counts
    them as turns begin; `of: "source"` counts the applier's turns instead (1.119)."""

    rounds: Annotated[int, Field(ge=1, le=1000)]
    at: Literal["turn-start"] | None = None
    of: Literal["source"] | None = Field(default=None, json_schema_extra=gate("1.119"))


#: `instant` has no clock of its own; `until-save` needs `saveEnds`; `this-action` ends when
#: the action in whose window it was applied resolves or is cancelled (1.131).
DurationWord = Literal["instant", "until-save", "this-action"]
Duration = DurationWord | RoundsDuration


Distance = Annotated[Number, Field(gt=0, le=100000)]



class SaveCountFailures(Model):
    """`{"count": 3, "becomes": "blinding_sickness"}`: after that many failed saves the
    condition turns into `becomes`, with no countdown and no further saves."""

    count: Annotated[int, Field(ge=1, le=10)]
    becomes: Id


class SaveEnds(Model):
    """The save repeated to end the condition: at `turn-end`, `turn-start`, only on
    damage greater than zero (`damaged`, Capability API 1.129), or when the holder spends
    an action to roll it (`action`, 1.264: Irresistible Dance)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str | ValueGate]] = {
        ("at", "damaged"): "1.129",
        ("at", "action"): "1.264",
    }

    save: Id
    at: Literal["turn-end", "turn-start", "damaged", "action"]
    #: Counted saves (1.258, shared/combat/diseases.py): successes that remove it, failures
    #: after which it becomes another condition.
    successes: Annotated[int, Field(ge=2, le=10)] | None = Field(default=None, json_schema_extra=gate("1.258"))
    failures: SaveCountFailures | None = Field(default=None, json_schema_extra=gate("1.258"))
    #: Rolled only while the holder cannot see whoever applied the condition (Fear).
    unseen: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.266"))
    #: Rolled this way while the holder can see the applier (the sea hag).
    seenLean: Literal["advantage", "disadvantage"] | None = Field(default=None, json_schema_extra=gate("1.268"))
    #: Rolled only while the holder stands farther than this from the applier (Antipathy).
    beyond: Distance | None = Field(default=None, json_schema_extra=gate("1.270"))
    #: With `at: "damaged"`: only harm from whoever applied the condition calls for it.
    bySource: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.274"))

    @model_validator(mode="after")
    def _by_source_when_damaged(self) -> "SaveEnds":
        if self.bySource is not None and self.at != "damaged":
            raise ValueError('"bySource" goes on a save with "at": "damaged"')
        return self

    def extra_gates(self) -> Iterable[Gate]:
        if self.at == "damaged":
            yield declared_gate(SaveEnds, "at", "damaged")
        if self.at == "action":
            yield declared_gate(SaveEnds, "at", "action")


def duration_gates(owner: type, duration: Duration | None) -> Iterable[Gate]:
    """Value-level gates of a `duration` key (relative to `owner`, which declares them)."""
    if duration == "this-action":
        yield declared_gate(owner, "duration", "this-action")
