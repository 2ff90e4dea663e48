"""Hits that daze (spec/combat-2 "Hits that daze", `combat.daze`, Capability API 1.147).

Owns: `threshold` (`over`, read on the target's current sheet just before the hit),
`after_hit` (a single hit doing strictly more damage than that, after soak, saves and
resistance, makes the target skip its next turn; on a track marked per blow a hit that did
damage counts as one; further dazing hits before that turn add no more skips) and
`skip_turn` (the skipped turn: housekeeping still runs, the mark comes off once it has
passed). The pending skip is `Combatant.dazed`, saved with the state, so it survives a
save and reload. The mark is the daze's `condition`: put on only when the target does not
already hold it (so one already there is left as it is), and immunity stops the mark but
not the skip.
"""

from __future__ import annotations

import math

from . import condition_on as CN
from .condition_off import remove_condition
from . import harm_kinds as H
from . import numbers as N
from .fight import Fight
from .state import Combatant, Daze


def threshold(fight: Fight, target: Combatant) -> int | None:
    daze = fight.combat.daze
    if daze is None:
        return None
    return math.floor(H.read_on(fight, target, daze.over))


def after_hit(fight: Fight, actor: Combatant, target: Combatant, landed: int, over: int | None) -> None:
    daze = fight.combat.daze
    if daze is None or over is None or landed <= 0 or target.out:
        return
    measure = 1 if H.per_blow(fight) else landed
    if measure <= over:
        return
    what = N.ref_label(fight.ruleset, daze.over, "the daze threshold")
    if target.dazed is not None:
        fight.emit("daze", f"{target.name} is dazed again by {actor.name} ({measure} damage, more than {what} {over}), "
                   "but still skips only their next turn.", target=target.id, actor=actor.id)
        return
    marked = False
    if daze.condition is not None and not CN.has_condition(target, daze.condition):
        marked = CN.put_condition(fight, target, daze.condition, source=actor.id, rounds=None, ends_after="daze",
                                 quiet=True)
    target.dazed = Daze(by=actor.id, marked=marked)
    text = f" {daze.text}" if daze.text else ""
    mark = f", marked {N.label(fight.ruleset, 'condition', daze.condition)}" if marked and daze.condition else ""
    fight.emit("daze", f"{actor.name}'s hit dazes {target.name}: {measure} damage is more than {what} {over}, "
               f"so they skip their next turn{mark}.{text}", target=target.id, actor=actor.id, damage=measure, over=over)


def skip_turn(fight: Fight, c: Combatant) -> bool:
    """True when `c` is dazed and loses this turn (the caller ends the turn, which keeps
    the clocks and the rest of the housekeeping going)."""
    if c.dazed is None:
        return False
    marked = c.dazed.marked
    c.dazed = None
    fight.emit("skip", f"{c.name} is dazed and skips this turn.", actor=c.id)
    cond = fight.combat.daze.condition if fight.combat.daze is not None else None
    if marked and cond is not None:
        for held in list(c.conditions):
            if held.id == cond and held.ends_after == "daze":
                remove_condition(fight, c, held, reason="the skipped turn has passed")
    return True
