"""Evasion (spec/mechanics-2.md 1.250): a combat condition or level whose `evasion` names
saving throws. Against an effect that deals half on a success (`onSuccess: "half"`), a
successful save of one of them takes nothing and a failed one takes half.

Owns: `evade`, asked where such a save has just been rolled (an entry, a creature action,
a damage part with a save of its own): "nothing", "half" or None (no Evasion for that
save, or the effect is not one that halves), with the log line saying why; and
`after_evasion`, what an entry or a creature action that halves on a save still deals once
Evasion has had its say.
"""

from __future__ import annotations

from . import numbers as N
from .fight import Fight
from .state import Combatant


def _evasion(fight: Fight, c: Combatant, save: str) -> str | None:
    for name, rule, _held in N.in_force(fight, c):
        if save in (getattr(rule, "evasion", None) or []):
            return name
    return None


def evade(fight: Fight, target: Combatant, save: str, saved: bool, on_success: str | None, what: str) -> str | None:
    if on_success != "half":
        return None
    source = _evasion(fight, target, save)
    if source is None:
        return None
    if saved:
        fight.emit("note", f"{target.name} takes nothing from {what}: Evasion ({source}).", target=target.id)
        return "nothing"
    fight.emit("note", f"{target.name} takes half of {what} though the save failed: Evasion ({source}).",
               target=target.id)
    return "half"


def after_evasion(evaded: str | None, landed: bool, half: bool) -> tuple[bool, bool, str]:
    """(landed, half, what halved it) once Evasion has had its say (evasion.py)."""
    if evaded == "nothing":
        return False, False, "the save"
    if evaded == "half":
        return True, True, "Evasion"
    return landed, half, "the save"


__all__ = ["evade", "after_evasion"]
