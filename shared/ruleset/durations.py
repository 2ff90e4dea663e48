"""How long a condition an action applies lasts, and the save that can end it.

Owns: `RoundsDuration` (`{"rounds", "at", "of"}`), `Duration` (`"instant"`, `"until-save"`,
`"this-action"` or rounds) and `SaveEnds` (`{"save", "at"}`), the parts of an `applies`
item (spec/combat-2 "What combat reads from mechanics", combat-1 1.129, combat-3 1.131).
Kept apart from `applies` so other blocks (a condition's `onEnd`, an item's `onHit`, the
extension mixins) can import them without importing `Apply`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field

from .base import Id, Model, gate
from .gates import Gate, declared_gate


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


class SaveEnds(Model):
    """The save repeated to end the condition: at `turn-end`, `turn-start`, or only on
    damage greater than zero (`damaged`, Capability API 1.129)."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {("at", "damaged"): "1.129"}

    save: Id
    at: Literal["turn-end", "turn-start", "damaged"]

    def extra_gates(self) -> Iterable[Gate]:
        if self.at == "damaged":
            yield declared_gate(SaveEnds, "at", "damaged")


def duration_gates(owner: type, duration: Duration | None) -> Iterable[Gate]:
    """Value-level gates of a `duration` key (relative to `owner`, which declares them)."""
    if duration == "this-action":
        yield declared_gate(owner, "duration", "this-action")
