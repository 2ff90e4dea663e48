"""Surprise (spec/mechanics-2 "Surprise", Capability API 1.237).

Owns: `surprised_at_start` (whom the encounter marks `"surprised": true`, party or foes,
unless a condition in force says `cannotBeSurprised`: Foresight), and `lift` (the surprise
ends as the surprised one's first turn ends, or as the first round ends, whichever comes
first, or as they make a use an entry on their sheet names with `ignoresSurpriseWith`),
and `free_uses` (those uses: Feral Instinct's rage). While surprised a combatant's menu is
ending the turn and those uses only (menu_build.py) and they answer no window: no reaction,
no signature use, no opportunity strike (windows.py).
"""

from __future__ import annotations

from . import numbers as N
from .fight import Fight
from .state import Combatant
from .support import sheet_entries


def surprised_at_start(fight: Fight) -> None:
    """Says who starts the fight surprised; a `cannotBeSurprised` holder is not."""
    for c in fight.state.combatants:
        if not c.surprised:
            continue
        guard = next((name for name, rule, _held in N.in_force(fight, c) if getattr(rule, "cannotBeSurprised", None)), None)
        if guard is not None:
            c.surprised = None
            fight.emit("surprise", f"{c.name} cannot be surprised ({guard}).", target=c.id, surprised=False)
        else:
            fight.emit("surprise", f"{c.name} is surprised.", target=c.id, surprised=True)


def lift(fight: Fight, c: Combatant, why: str) -> None:
    if c.surprised:
        c.surprised = None
        fight.emit("surprise", f"{c.name} is no longer surprised: {why}.", target=c.id, surprised=False)


def free_uses(fight: Fight, c: Combatant) -> set[str]:
    """The entries (`<catalog>/<entry>`) `c` may use while surprised: each one an entry on
    their sheet names with `ignoresSurpriseWith`."""
    return {free for entry in sheet_entries(fight.ruleset, c)
            if (free := getattr(entry.mechanics, "ignoresSurpriseWith", None)) is not None}
