"""Resolving a chosen option: paying for it, then the way its kind of plan resolves, looked
up in the dispatch table, and what follows every option (a teleport, a strike after it, the
attack and casting bookkeeping).

Owns: `resolve(fight, actor, item, targets)` (pay, then perform), `perform` (a paid option
resolved, or resumed at the cursor a hit window held it at) and `RESOLVES`, how each
`Plan.kind` resolves: weapons.py, entries.py, creature_actions.py (actions and sequences),
standard_actions.py, contests.py, condition_ends.py (shaking a condition off), aura_avert.py,
source_saves.py. The attack roll they share is attack_rolls.py.
"""

from __future__ import annotations

from typing import Any, Callable

from .fight import Fight
from .paying import pay
from .rolls import casting, finish_attack, finish_casting
from . import condition_ends as CE
from . import source_saves as SS
from . import aura_avert as AV
from .contests import resolve_contest
from .plans import MenuItem, Plan
from .state import Combatant
from .board.teleport import leave, teleport, teleport_of
from . import teleport_strike as TS
from .creature_actions import creature_action, sequence
from .entries import resolve_entry
from .standard_actions import standard_action
from .weapons import weapon_attack


# ---------------------------------------------------------------------------
# resolving
# ---------------------------------------------------------------------------


def resolve(fight: Fight, actor: Combatant, item: MenuItem, targets: list[Combatant]) -> None:
    """Pays for the option and resolves it at once (no window is asked in between)."""
    pay(fight, actor, item.plan)
    perform(fight, actor, item.plan, targets)


def perform(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
            cursor: dict[str, Any] | None = None) -> None:
    """Resolves a paid option. `cursor` resumes it where a hit window held it: the target
    (and sequence part) it stopped at, with the held roll (windows.Held)."""
    resolving = RESOLVES.get(plan.kind)
    # `endsWhenHolder.casts` (1.180): gathered before the entry resolves, so a condition it
    # puts on its own user stays, and taken off after it, so the entry still had it.
    spent = casting(actor, plan.entry_catalog) if actor.conditions else []
    if resolving is not None:
        resolving(fight, actor, plan, targets, cursor)
    jump = teleport_of(plan)
    if jump is not None:
        # What the use does lands first; then its user is gone (mechanics-3 1.276), or, with
        # no cell named, out of the fight (`leaves`, 1.279).
        if plan.aim is not None:
            teleport(fight, actor, plan)
        elif jump.leaves:
            leave(fight, actor, plan)
    if plan.pairing is not None or (jump is not None and jump.strike is not None):
        # A teleport with a strike (1.280): what follows it free.
        TS.after(fight, actor, plan)
    finish_attack(fight)
    if spent:
        finish_casting(fight, actor, spent, plan.name)


# ---------------------------------------------------------------------------
# each kind of plan
# ---------------------------------------------------------------------------

Cursor = dict[str, Any] | None


def _resolve_weapon(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    weapon_attack(fight, actor, plan, targets[0], cursor)


def _resolve_action(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    creature_action(fight, actor, plan.action, targets, cursor, {}, plan)


def _resolve_sequence(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    if cursor is None:
        fight.emit("action", f"{actor.name} uses {plan.name}.", actor=actor.id)
    sequence(fight, actor, plan, targets[0], cursor)


def _resolve_standard(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    standard_action(fight, actor, plan, targets)


def _resolve_contest(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    resolve_contest(fight, actor, plan, targets)


def _resolve_shake_off(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    CE.resolve_shake_off(fight, actor, plan)


def _resolve_avert(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    AV.resolve_avert(fight, actor, plan)


def _resolve_action_save(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    SS.resolve_action_save(fight, actor, plan)


#: How each kind of plan resolves once paid (`Plan.kind`); `end` resolves nothing.
RESOLVES: dict[str, Callable[[Fight, Combatant, Plan, list[Combatant], Cursor], None]] = {
    "weapon": _resolve_weapon,
    "entry": resolve_entry,
    "action": _resolve_action,
    "sequence": _resolve_sequence,
    "standard": _resolve_standard,
    "contest": _resolve_contest,
    CE.SHAKE_OFF: _resolve_shake_off,
    SS.SAVE_ACTION: _resolve_action_save,
    AV.AVERT: _resolve_avert,
}
