"""Taking a condition off a combatant, the one way every rule does it (its time is up, a save
ends it, damage ends it, it was spent on a roll, the fight is over): off the sheet for a
sheet combatant, a sentence in the log, and then what the condition leaves behind
(`LEFT_BEHIND`: condition_ends.leave_behind, registered as it loads, since what it leaves
may deal harm and put on conditions of its own). Below effects and rescues, which both
take conditions off.
"""

from __future__ import annotations

from typing import Any, Callable

from ..sheet import set_condition
from . import numbers as N
from .fight import Fight
from .state import Combatant, HeldCondition

#: What a condition leaves behind as it comes off (condition_ends.leave_behind).
LEFT_BEHIND: list[Callable[[Fight, Combatant, HeldCondition, Any], None]] = []


def sheet_conditions(fight: Fight) -> set[str]:
    live = fight.ruleset.sheet.live
    return {x.id for x in (live.conditions or [])} if live else set()


def remove_condition(fight: Fight, c: Combatant, held: HeldCondition, *, reason: str,
                     kind: str = "condition-ends") -> None:
    """`kind` names the event (`parted` when an aura no longer reaches the holder, 1.263)."""
    if held not in c.conditions:
        return
    c.conditions.remove(held)
    # What an aura spread or `keepsOn` kept on was never written to the sheet (1.263).
    if c.sheet is not None and held.aura is None and not held.kept and held.id in sheet_conditions(fight):
        fight.write(c, set_condition(fight.ruleset, c.sheet, held.id, False))
    name = N.label(fight.ruleset, "condition", held.id)
    fight.emit(kind, f"{c.name} is no longer {name}: {reason}.", target=c.id, condition=held.id)
    rule = N.condition_rules(fight.ruleset).get(held.id)
    for leave in LEFT_BEHIND:
        leave(fight, c, held, rule)
