"""Recharge (spec/combat-2 `recharge`; mechanics-1 "Shared recharge and charges", 1.186):
an action with a `recharge` is spent when used and rolled for at the start of its
creature's own turn, back on `from` or higher. Actions whose `recharge` names the same
`group` (a metallic dragon's two breath weapons) leave and come back together: using either
spends every action of the group, and one roll at the turn's start restores them all.

Owns: `spend_recharge` (called when an action is used) and `roll_recharges` (the turn's
start). The block's actions are read as the plain JSON the fight keeps (`Combatant.block`),
so nothing here parses a model.
"""

from __future__ import annotations

from typing import Any

from ..dice import DiceExpr
from .fight import Fight
from .state import Combatant


def _actions(c: Combatant) -> list[dict[str, Any]]:
    return (c.block or {}).get("actions") or []


def spend_recharge(c: Combatant, action_id: str, group: str | None) -> None:
    """`action_id` was used: it (and, with a `group`, every action of that group) waits for
    its recharge roll."""
    c.recharge[action_id] = False
    if group is None:
        return
    for action in _actions(c):
        recharge = action.get("recharge")
        if recharge and recharge.get("group") == group:
            c.recharge[action["id"]] = False


def roll_recharges(fight: Fight, c: Combatant) -> None:
    """At the start of `c`'s own turn: one roll for each spent action, or for each spent
    group (its first action's dice and `from`, which the package check makes the same for
    the whole group); the log names every action the roll brings back."""
    rolled: set[str] = set()
    for action in _actions(c):
        recharge = action.get("recharge")
        if not recharge or c.recharge.get(action["id"], True):
            continue
        group = recharge.get("group")
        if group is not None:
            if group in rolled:
                continue
            rolled.add(group)
            members = [a for a in _actions(c) if (a.get("recharge") or {}).get("group") == group
                       and not c.recharge.get(a["id"], True)]
        else:
            members = [action]
        dice = recharge["dice"]
        r = fight.roll(DiceExpr.of(dice["count"], dice["sides"]))
        back = r.total >= recharge["from"]
        for member in members:
            c.recharge[member["id"]] = back
        names = " and ".join(m["name"] for m in members)
        verdict = ("they are back" if len(members) > 1 else "it is back") if back else "not yet"
        fight.emit("recharge", f"{c.name} rolls {r.describe()} to recharge {names} (needs {recharge['from']}): "
                   f"{verdict}.", actor=c.id)


__all__ = ["roll_recharges", "spend_recharge"]
