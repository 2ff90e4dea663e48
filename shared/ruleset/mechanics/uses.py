"""Uses, windows and rolls an entry answers (spec/mechanics-2.md 1.239, 1.241, 1.245,
1.248-1.250, 1.256, 1.257): spending another row's uses, several uses at once, the
reaction object with the keys mechanics-2 adds, rescues after a failed roll and dice
subtracted from someone else's roll.

Owns: `UseKeys`, the mixin of `MechanicsPart2` holding `usesOf`, `usesSpent`, `rescue`,
`lowersRoll` and `reaction` (redeclared with `Reaction`).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from ..base import Model, gate, unsupported
from ..refusals import CLASS_USES_REASON
from .reaction import LowersRoll, Reaction, Rescue

#: A sheet row named by its name ("Rage", "Ki"): the counter row whose uses are spent.
RowName = Annotated[str, StringConstraints(min_length=1, max_length=80)]


class UseKeys(Model):
    """Mixin of `MechanicsPart2`: uses spent and the windows an entry answers."""

    reaction: bool | Reaction | None = None
    #: Spends the uses of the entry in that row instead of its own (Frenzy and Rage).
    usesOf: RowName | None = Field(default=None, json_schema_extra=unsupported("1.239", CLASS_USES_REASON))
    #: That many uses per use; offered only while that many remain (Quivering Palm).
    usesSpent: Annotated[int, Field(ge=1, le=100)] | None = Field(
        default=None, json_schema_extra=unsupported("1.245", CLASS_USES_REASON)
    )
    #: Spent when its owner's own roll of that kind has failed; never on the menu.
    rescue: Rescue | None = Field(default=None, json_schema_extra=gate("1.249"))
    lowersRoll: LowersRoll | None = Field(default=None, json_schema_extra=gate("1.250"))

    def _use_rules(self) -> None:
        if self.lowersRoll is not None:
            reaction = self.reaction
            if not isinstance(reaction, Reaction) or not reaction._answers_hits() or reaction.by is not None:
                raise ValueError('"lowersRoll" answers someone else\'s hit: it needs a "hit" "reaction" without "by"')


__all__ = ["RowName", "UseKeys"]
