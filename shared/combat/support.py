"""What this resolver does not resolve yet, said out loud instead of silently ignored.

Owns: `refusals` (what a fight of some kind does not resolve yet, refused by name when it
starts; nothing today: symbol-pool contests and hit windows are thrown with symbol dice)
and `notes` (sentences logged when a fight starts for parts of
the package that wait for machinery not built yet; none today). The package validator refuses keys the resolver
does not resolve, by name.
"""

from __future__ import annotations

from ..ruleset.catalogs import CatalogEntry
from ..ruleset.package import Ruleset
from .state import Combatant


def refusals(ruleset: Ruleset) -> list[str]:
    """Nothing a package of any kind declares is refused at the start of a fight any more.
    Kept as the place a later gap is said."""
    return []


def find_catalog_entry(ruleset: Ruleset, ref: str) -> CatalogEntry | None:
    """The entry `<catalog>/<entry>` names, or None."""
    cat_id, _, entry_id = ref.partition("/")
    for cat in ruleset.catalogs or []:
        if cat.id == cat_id:
            return next((e for e in cat.entries if e.id == entry_id), None)
    return None


def notes(ruleset: Ruleset, combatants: list[Combatant]) -> list[str]:
    """Nothing the package declares waits for machinery any more: answers and signature
    actions are asked in windows (windows.py). Kept as the place a later gap is said."""
    return []
