"""Concentration ending, and what it sustained ending with it: the zones
(mechanics-1 1.172), the summons and the conditions it put on.

Owns: `end_concentration(fight, c, reason=...)`: the sheet's concentration text cleared for a
sheet combatant, a sentence in the log. Below effects.py, which ends it on damage (a failed
save), going down and death.
"""

from __future__ import annotations


from ..sheet import set_text
from .fight import Fight
from .condition_off import remove_condition
from .state import Combatant
from . import zone_state as ZS
from . import summon_state as SS


def end_concentration(fight: Fight, c: Combatant, *, reason: str) -> None:
    conc = c.concentration
    if conc is None:
        return
    c.concentration = None
    if c.sheet is not None and fight.combat.concentration is not None:
        fight.write(c, set_text(fight.ruleset, c.sheet, fight.combat.concentration.text, ""))
    fight.emit("concentration-ends", f"{c.name} stops concentrating on {conc.label}: {reason}.", target=c.id)
    # The zones the concentration sustained end with it (mechanics-1 1.172).
    ZS.end_zones_of(fight, c, f"{c.name}'s concentration ended", concentration=True)
    SS.end_summons_of(fight, c, f"{c.name}'s concentration ended", concentration=True)
    for holder_id, cid in conc.conditions:
        holder = fight.state.combatant(holder_id)
        if holder is None:
            continue
        for held in list(holder.conditions):
            if held.id == cid and held.concentration == c.id:
                remove_condition(fight, holder, held, reason=f"{c.name}'s concentration ended")
