"""What this resolver does not resolve yet, said out loud instead of silently ignored.

Owns: `refusals` (a fight of a kind the resolver cannot roll is refused, naming the kind)
and `notes` (sentences logged when a fight starts for parts of the package that wait for
machinery not built yet: reaction windows, signature windows). The package validator
refuses keys no planned work resolves; these are the planned ones still on their way.
"""

from __future__ import annotations

from typing import Any

from ..ruleset.package import Ruleset
from .state import Combatant

_KINDS = {
    "symbol-pool": "symbol dice",
}


def refusals(ruleset: Ruleset) -> list[str]:
    kind = ruleset.combat.kind
    if kind in _KINDS:
        return [f"{ruleset.name} rolls its fights with {_KINDS[kind]} (combat.kind \"{kind}\"), which this "
                "resolver does not roll yet; it resolves attack-vs-defense and dice-pool fights"]
    if kind == "dice-pool":
        from .pool_support import refusals as pool_refusals

        return pool_refusals(ruleset)
    return []


def _catalog_entry(ruleset: Ruleset, ref: str) -> Any:
    cat_id, _, entry_id = ref.partition("/")
    for cat in ruleset.catalogs or []:
        if cat.id == cat_id:
            return next((e for e in cat.entries if e.id == entry_id), None)
    return None


def notes(ruleset: Ruleset, combatants: list[Combatant]) -> list[str]:
    out: list[str] = []
    for c in combatants:
        answers: list[str] = []
        for row_list in ((c.sheet or {}).get("lists") or {}).values():
            for row in row_list or []:
                ref = row.get("_catalog") if isinstance(row, dict) else None
                entry = _catalog_entry(ruleset, ref) if isinstance(ref, str) else None
                mech = entry.mechanics if entry is not None else None
                if mech is not None and mech.reaction is not None and mech.reaction is not True:
                    answers.append(entry.label)
        for action in (c.block or {}).get("actions") or []:
            if isinstance(action.get("reaction"), dict):
                answers.append(action.get("name", action.get("id")))
        if answers:
            out.append(f"{c.name}'s {', '.join(sorted(set(answers)))} answer moments of the fight; reaction "
                       "windows are not opened yet, so they are not offered in this fight.")
        signature = [a.get("name") for a in (c.block or {}).get("actions") or [] if a.get("signature")]
        if signature and (c.block or {}).get("signaturePoints"):
            out.append(f"{c.name}'s signature actions ({', '.join(signature)}) are bought in the window between "
                       "turns, which is not opened yet, so they are not offered in this fight.")
    return out
