"""Cures an entry carries (mechanics-1 "Curing conditions", 1.176): what counts as one, and
whom an entry that only cures may be aimed at.

Owns: `cures(mech)` (the entry stabilizes or revives), `only_cures(mech)` (it does nothing
else: no amount, temporary points or conditions), `helped` and `cure_refusal`: an entry that
only cures is offered only against someone it will help, so Spare the Dying reaches only the
dying (down, still counting against death, not yet stabilized) and Revivify only someone of
the user's side who died no more than `withinRounds` rounds ago (`the_dead`, whom no other
option reaches). A `utility` entry that cures is offered and aimed like any other
(plan_reading.py, costs.py). Landing the cure is effects.stabilize and effects.revive.
"""

from __future__ import annotations

from typing import Any

from .state import Combatant


def cures(mech: Any) -> bool:
    """Whether the entry (or item use) carries a cure."""
    return bool(getattr(mech, "stabilizes", None) or getattr(mech, "revives", None))


def only_cures(mech: Any) -> bool:
    """A cure and nothing else the target would feel."""
    return cures(mech) and mech.amount is None and mech.temporary is None and not mech.applies


def dead_within(target: Combatant, rounds: int, now: int) -> bool:
    """Died in this fight no more than `rounds` rounds ago."""
    return target.out and target.died_round is not None and now - target.died_round <= rounds


def the_dead(combatants: list[Combatant], actor: Combatant, mech: Any, now: int) -> list[Combatant]:
    """Those of `actor`'s side a `revives` entry may still bring back."""
    revives = getattr(mech, "revives", None)
    if revives is None:
        return []
    return [c for c in combatants if c.side == actor.side and dead_within(c, revives.withinRounds, now)]


def helped(mech: Any, target: Combatant, now: int) -> bool:
    """Whether a cure does something for `target` (1.176)."""
    if getattr(mech, "stabilizes", None) and target.down and not target.out and target.dying is not None:
        return True
    revives = getattr(mech, "revives", None)
    return revives is not None and dead_within(target, revives.withinRounds, now)


def cure_refusal(target: Combatant, mech: Any, now: int) -> str | None:
    """Why an entry that only cures may not be aimed at `target`, or None."""
    if mech is None or not only_cures(mech) or helped(mech, target, now):
        return None
    if getattr(mech, "revives", None) is not None:
        return f"{target.name} is not dead within {mech.revives.withinRounds} rounds, so reviving helps nothing"
    return f"{target.name} is not dying, so stabilizing helps nothing"
