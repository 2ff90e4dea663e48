"""What the ruleset opens to an invented creature that is not a boss (spec/combat-2
"Opponents nobody wrote"): a catalog filter with `startFrom` names the sheet field its
entries are classified by, and the creature keeps only entries whose filter matches its
own value of that field.

Owns: `is_open` (one entry against one sheet, compared as the picker compares when it
opens on that value: a `tags` filter holds the value among its tags, any other filter
equals it; text regardless of case) and `keep_open` (drops the rows a sheet names that are
not open to it, a sentence each). A creature with no value for the field gets nothing from
that catalog.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..ruleset.catalogs import Catalog, CatalogEntry, CatalogFilter
from ..ruleset.package import Ruleset
from ..sheet import SheetView


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.strip().lower() == b.strip().lower()
    return a == b and type(a) is type(b)


class Closed(NamedTuple):
    """What closes an entry to a sheet: the catalog's filter, the sheet field it starts
    from (its `startFrom.field`) and the sheet's value of that field."""

    filter: CatalogFilter
    field: str
    value: Any


def closed_by(ruleset: Ruleset, view: SheetView, cat: Catalog, entry: CatalogEntry) -> Closed | None:
    """What closes `entry` to this sheet, or None when it is open."""
    for flt in cat.filters or []:
        if flt.startFrom is None:
            continue
        field = flt.startFrom.field
        mine = view.field(field)
        theirs = (entry.filters or {}).get(flt.id)
        if mine is None or mine == "":
            return Closed(flt, field, mine)
        values = theirs if isinstance(theirs, list) else [theirs]
        if not any(_same(mine, v) for v in values if v is not None):
            return Closed(flt, field, mine)
    return None


def is_open(ruleset: Ruleset, view: SheetView, cat: Catalog, entry: CatalogEntry) -> bool:
    return closed_by(ruleset, view, cat, entry) is None


def find_entry(ruleset: Ruleset, ref: object) -> tuple[Catalog, CatalogEntry] | None:
    """The catalog and entry a row's `_catalog` names (`<catalog>/<entry>`), if any."""
    if not isinstance(ref, str):
        return None
    cat_id, _, entry_id = ref.partition("/")
    for cat in ruleset.catalogs or []:
        if cat.id == cat_id:
            return next(((cat, e) for e in cat.entries if e.id == entry_id), None)
    return None


def keep_open(ruleset: Ruleset, name: str, sheet: dict[str, Any]) -> list[str]:
    """Drops, in place, every catalog row of `sheet` not open to it; a sentence per row."""
    notes: list[str] = []
    view = SheetView(ruleset, sheet)
    fields = {f.id: f for f in ruleset.sheet.fields or []}
    for list_id, rows in list((sheet.get("lists") or {}).items()):
        kept = []
        for row in rows:
            found = find_entry(ruleset, row.get("_catalog"))
            closed = closed_by(ruleset, view, *found) if found is not None else None
            if found is None or closed is None:
                kept.append(row)
                continue
            flt, field_id, mine = closed
            field = fields.get(field_id)
            field_label = field.label if field is not None else field_id
            whose = f"a creature whose {field_label} is {mine}" if mine not in (None, "") \
                else f"a creature that names no {field_label}"
            notes.append(f"{name}'s {found[1].label} is dropped: {found[0].label} is sorted by {flt.label}, "
                         f"and it is not open to {whose}.")
        if kept:
            sheet["lists"][list_id] = kept
        else:
            del sheet["lists"][list_id]
    return notes
