"""Destroying outright by threat tier (spec/mechanics-3 1.266 `destroysUpTo`, on an
entry's `applies` item and a weapon hit's `onHit`: Turn Undead's Destroy Undead).

Owns: `destroys`. A creature the item would put its condition on (it failed the saving
throw, or the hit needs none) is destroyed instead when its threat tier is no higher, in
`combat.threat.tiers` order, than the highest `tier` whose `when` holds on the user's sheet
(a step without `when` always holds; a user without a sheet holds only those). A character
(a party member or anyone without a stat block's tier), or a creature whose tier is not
one of the scale's, never is.
"""

from __future__ import annotations

from typing import Any

from . import effects as E
from . import numbers as N
from .fight import Fight
from .state import Combatant


def _holds(fight: Fight, actor: Combatant, when: Any) -> bool:
    if when is None:
        return True
    view = fight.view(actor)
    if view is None:
        return False
    value = view.value(when.value)
    return (when.atLeast is None or value >= when.atLeast) and (when.atMost is None or value <= when.atMost)


def destroys(fight: Fight, actor: Combatant, target: Combatant, apply: Any) -> bool:
    """Whether `apply`'s `destroysUpTo` destroys `target` (it is then killed, said in the log)."""
    steps = getattr(apply, "destroysUpTo", None)
    threat = fight.combat.threat
    if not steps or threat is None or target.side == "party" or target.block is None:
        return False
    order = [t.id for t in threat.tiers]
    tier = target.block.get("tier")
    if tier not in order:
        return False
    reached = [order.index(s.tier) for s in steps if s.tier in order and _holds(fight, actor, s.when)]
    if not reached or order.index(tier) > max(reached):
        return False
    name = N.label(fight.ruleset, "condition", apply.condition)
    top = order[max(reached)]
    fight.emit("destroyed", f"{target.name} (threat {tier}) is destroyed instead of {name}: {actor.name}'s "
               f"destroys up to {top}.", target=target.id, tier=tier, upTo=top)
    E.kill(fight, target, by=f"{actor.name}'s {name}")
    return True


__all__ = ["destroys"]
