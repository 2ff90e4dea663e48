"""Cures and what an entry does to the sheet of whoever it lands on (spec/mechanics-2.md
1.199, 1.201, 1.204, 1.236): shifting tracks, giving back sealed health, curing one of
several things, ending the user's own condition, dismissing creatures, and the health
pool that skips some targets.

Owns: `HealthPoolSkips`, `Dismisses` and
`CureKeys`, the mixin of `MechanicsPart2` holding `healthPoolSkips`, `tracks`, `unseals`,
`cureOneOf`, `endsCondition`, `dismisses` and `ends`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, unsupported
from ..modifiers import TargetTest
from .cures import Ends
from .shapes import IdList, TrackShift, flag_or, no_repeats
from .block import MechanicsPart1

_ENDS_EXTRA = MechanicsPart1.model_fields["ends"].json_schema_extra
SKIPS_REASON = "a health pool that skips some targets is resolved by no planned issue"
CURE_ONE_REASON = "choosing one of several cures is resolved by no planned issue"
DISMISS_REASON = "removing creatures from the fight (and bringing them back) is resolved by no planned issue"


class HealthPoolSkips(Model):
    """Leaves alone (and spends none of the pool on) anyone holding one of `conditions`
    or, with `unseeing`, anyone who cannot see the entry's creator."""

    conditions: IdList | None = None
    unseeing: Literal[True] | None = None

    @model_validator(mode="after")
    def _something(self) -> "HealthPoolSkips":
        if self.conditions is None and self.unseeing is None:
            raise ValueError('"healthPoolSkips" needs "conditions", "unseeing" or both')
        no_repeats(self.conditions, "conditions")
        return self


class DismissWhile(Model):
    """Removed for as long as it has `while` (which the same entry applies); a creature
    passing `gone` that stayed in it the whole time does not return (Banishment)."""

    while_: Id = Field(alias="while")
    gone: TargetTest | None = None


#: `true`: removed for good (Dismissal); or removed while a condition lasts.
Dismisses = flag_or(DismissWhile)


class CureKeys(Model):
    """Mixin of `MechanicsPart2`: cures and sheet changes on whoever the entry lands on."""

    ends: Ends | None = Field(default=None, json_schema_extra=_ENDS_EXTRA)
    healthPoolSkips: HealthPoolSkips | None = Field(
        default=None, json_schema_extra=unsupported("1.199", SKIPS_REASON)
    )
    #: Moves the target's current tracks by levels (Greater Restoration, Sickening Radiance).
    #: No fight read it (it changed nothing in play), so it is refused until it is played.
    tracks: Annotated[list[TrackShift], Field(min_length=1, max_length=8)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.201", "shifting the tracks of whoever an entry lands on is not resolved yet (issue 24, health beyond damage)"),
    )
    #: Gives back health sealed by a blow (or a lasting reduction of the maximum).
    unseals: Literal[True] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.201", "giving back sealed health is not resolved yet (issue 24, health beyond damage)"),
    )
    cureOneOf: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.204", CURE_ONE_REASON))
    #: Removes this condition from the user after the use (and the concentration holding it).
    endsCondition: Id | None = Field(
        default=None,
        json_schema_extra=unsupported("1.236", "ending the user's own condition after a use is not resolved yet (issue 24, condition mechanics)"),
    )
    dismisses: Dismisses | None = Field(default=None, json_schema_extra=unsupported("1.236", DISMISS_REASON))

    def _cure_rules(self) -> None:
        if self.healthPoolSkips is not None and getattr(self, "healthPool", None) is None:
            raise ValueError('"healthPoolSkips" needs "healthPool"')
        if self.tracks is not None:
            no_repeats([t.track for t in self.tracks], "tracks")
        if self.cureOneOf is not None:
            cures = len(self.ends.conditions) if self.ends is not None else 0
            cures += len(self.tracks or []) + (1 if self.unseals else 0)
            if cures < 2:
                raise ValueError('"cureOneOf" needs at least two cures to choose between ("ends", "tracks", "unseals")')
        if isinstance(self.dismisses, DismissWhile):
            applied = [a.condition for a in getattr(self, "applies", None) or []]
            if self.dismisses.while_ not in applied:
                raise ValueError(
                    f'"dismisses.while" names "{self.dismisses.while_}", which this entry\'s "applies" does not apply'
                )


__all__ = ["CureKeys", "DismissWhile", "Dismisses", "HealthPoolSkips"]
