"""Cures an entry carries (mechanics-1 "Curing conditions", 1.176): what counts as one, and
whom an entry that only cures may be aimed at.

Owns: `cures(mech)` (the entry stabilizes), `only_cures(mech)` (it does nothing else: no
amount, temporary points or conditions), and `cure_refusal`: an entry that only cures is
offered only against someone it will help, so Spare the Dying reaches only the dying (down,
still counting against death, not yet stabilized). A `utility` entry that cures is offered
and aimed like any other (plan_reading.py, costs.py). Landing the cure is effects.stabilize.
"""

from __future__ import annotations

from typing import Any

from .state import Combatant


def cures(mech: Any) -> bool:
    """Whether the entry (or item use) carries a cure."""
    return bool(getattr(mech, "stabilizes", None))


def only_cures(mech: Any) -> bool:
    """A cure and nothing else the target would feel."""
    return cures(mech) and mech.amount is None and mech.temporary is None and not mech.applies


def helped(mech: Any, target: Combatant) -> bool:
    """Whether the cure does something for `target` (1.176): stabilizing, only the dying."""
    return bool(getattr(mech, "stabilizes", None)) and target.down and not target.out and target.dying is not None


def cure_refusal(target: Combatant, mech: Any) -> str | None:
    """Why an entry that only cures may not be aimed at `target`, or None."""
    if mech is None or not only_cures(mech) or helped(mech, target):
        return None
    return f"{target.name} is not dying, so stabilizing helps nothing"
