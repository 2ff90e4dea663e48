"""What this resolver does not resolve yet, said out loud instead of silently ignored.

Owns: `refusals` (what a fight of some kind does not resolve yet, refused by name when it
starts; nothing today: symbol-pool contests and hit windows are thrown with symbol dice)
and `notes` (sentences logged when a fight starts for parts of
the package that wait for machinery not built yet; none today). The package validator refuses keys the resolver
does not resolve, by name. Also `find_catalog_entry` and `sheet_entries` (every catalog
entry with mechanics a combatant's sheet lists name: what an entry does merely by being on
the sheet, such as rolling initiative twice, a second first-round turn or a use allowed
while surprised, mechanics-2 1.237-1.240).
"""

from __future__ import annotations

from typing import Iterator

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


def sheet_entries(ruleset: Ruleset, c: Combatant) -> Iterator[CatalogEntry]:
    """The entry with mechanics each row of `c`'s sheet lists names, in the sheet's order."""
    for rows in ((c.sheet or {}).get("lists") or {}).values():
        for row in rows or []:
            ref = row.get("_catalog") if isinstance(row, dict) else None
            entry = find_catalog_entry(ruleset, ref) if isinstance(ref, str) else None
            if entry is not None and entry.mechanics is not None:
                yield entry


def notes(ruleset: Ruleset, combatants: list[Combatant]) -> list[str]:
    """Nothing the package declares waits for machinery any more: answers and signature
    actions are asked in windows (windows.py). Kept as the place a later gap is said."""
    return []
