"""The parts of a creature that are more than one plain strike: damage alternatives, a
sheet creature with no health, and signature points.

Owns:
- `action_damage(fight, actor, action)`: an action's damage as things stand now. The first
  of `damage.alternatives` whose `when` holds replaces the first amount (`twoHanded` holds
  unless the creature has `shield: true`; `{ "selfHealthAtMost": f }` while its health is
  at or below that fraction of its maximum); type and clauses stay the action's own. The
  menu's forecast and the blow both read it;
- `leave_out_without_health`: a creature whose sheet works out to no health at all is left
  out of the fight with the reason, rather than entering as something nobody can hurt;
- `refill_signature_points`: points given back at the start of the creature's own turn.
"""

from __future__ import annotations

from ..dice import DiceExpr, parse_dice
from ..ruleset.creature_actions import CreatureAction, DamageAlternative, SelfHealthAtMost
from . import numbers as N
from .fight import Fight
from .state import Combatant


def _holds(fight: Fight, actor: Combatant, when: str | SelfHealthAtMost) -> bool:
    """Whether an alternative's `when` holds: `"twoHanded"` (no shield), or the creature's
    health at or below `selfHealthAtMost` of its maximum."""
    if isinstance(when, str):
        return when == "twoHanded" and not (actor.block or {}).get("shield")
    current, top, _temp = N.health(fight, actor)
    return top > 0 and current <= when.selfHealthAtMost * top


def alternative(fight: Fight, actor: Combatant, action: CreatureAction) -> DamageAlternative | None:
    """The alternative amount in force now, or None for the action's first amount."""
    dmg = action.damage
    if dmg is None or not dmg.alternatives:
        return None
    for alt in dmg.alternatives:
        if _holds(fight, actor, alt.when):
            return alt
    return None


def action_damage(fight: Fight, actor: Combatant, action: CreatureAction) -> DiceExpr | None:
    dmg = action.damage
    if dmg is None:
        return None
    alt = alternative(fight, actor, action)
    source = alt if alt is not None else dmg
    expr = parse_dice(source.dice or "0")
    return expr.with_modifier(source.flat or 0)


def alternative_note(fight: Fight, actor: Combatant, action: CreatureAction) -> str:
    """", two-handed" / ", at or below 50% of its health" for the log when an alternative holds."""
    alt = alternative(fight, actor, action)
    if alt is None:
        return ""
    if isinstance(alt.when, str):
        return ", two-handed"
    return f", at or below {round(alt.when.selfHealthAtMost * 100)}% of its health"


def leave_out_without_health(fight: Fight, c: Combatant) -> bool:
    """A creature written as a sheet whose health works out to nothing is left out."""
    if c.side != "foes" or c.sheet is None or c.out:
        return False
    _current, top, _temp = N.health(fight, c)
    if top > 0:
        return False
    c.out = True
    fight.emit("setup", f"{c.name}'s sheet works out to no {N.health_label(fight.ruleset)} at all, "
               "so it is left out of the fight.", target=c.id)
    return True


def refill_signature_points(fight: Fight, c: Combatant) -> None:
    points = int((c.block or {}).get("signaturePoints") or 0)
    if points and c.signature_points != points:
        c.signature_points = points
        fight.emit("signature", f"{c.name} has {points} signature point{'s' if points != 1 else ''} again.",
                   actor=c.id, points=points)
