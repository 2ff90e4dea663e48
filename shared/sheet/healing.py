"""Healing denied outside a fight: a condition on the sheet with `cannot-heal` (mechanics-1
1.191) or `cannot-heal-nonmagical` (mechanics-3 1.261).

Owns: `health_pool` (the pool a ruleset heals: `battle.health.pool`, else
`combat.health.pool`), `healing_denied` (why the sheet's conditions refuse a healing) and
`refused_restore` (the `cannot-heal` refusal of a restore operation on the health pool).
Which effect refuses which healing is the package format's `healing_denial`, the rule a
fight reads too; outside a fight a restore is magical only when it says `"magical": true`,
and a rest never is (rests.py keeps the health pool where it was).
"""

from __future__ import annotations

from typing import Any

from shared.ruleset.conditions import healing_denial
from shared.ruleset.sheet_refs import get

from .index import SheetRules
from .refusal import CANNOT_HEAL, Refusal
from .view import PoolInfo, SheetView


def health_pool(ruleset: SheetRules) -> str | None:
    for block in ("battle", "combat"):
        pool = get(get(get(ruleset, block), "health"), "pool")
        if isinstance(pool, str):
            return pool
    return None


def healing_denied(ruleset: SheetRules, view: SheetView, *, magical: bool) -> str | None:
    """Why the sheet's conditions refuse a healing (magical or not), None when they let it
    through. Only a package whose combat conditions carry effects is read at all."""
    rules = {get(c, "condition"): c for c in get(get(ruleset, "combat"), "conditions") or []}
    if not rules:
        return None
    labels = {c.id: c.label for c in view.idx.conditions}
    for cid in view.conditions():
        rule = rules.get(cid)
        why = healing_denial(labels.get(cid, cid), get(rule, "effects"), magical) if rule is not None else None
        if why is not None:
            return why
    return None


def refused_restore(ruleset: SheetRules, view: SheetView, info: PoolInfo, command: dict[str, Any]) -> Refusal | None:
    """The `cannot-heal` refusal of a restore of the health pool the sheet's conditions deny
    (mechanics-3 1.261: outside a fight only a restore with `"magical": true` gets through
    `cannot-heal-nonmagical`), or None."""
    if info.key != health_pool(ruleset):
        return None
    why = healing_denied(ruleset, view, magical=command.get("magical") is True)
    if why is None:
        return None
    return Refusal(CANNOT_HEAL, f"{info.label} not restored: {why}")
