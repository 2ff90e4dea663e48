"""Picking a catalog entry onto a sheet, and what a ruleset's newer text offers back.

Owns: `pick` (the entry's rows written as copies, each with the catalog mark `_catalog:
"<catalog>/<entry>"`, its `scaled` columns worked out from the sheet as it is and fitted
to the column), `rescale` (every marked row's `scaled` columns worked out again: what an
edit of the sheet runs, `ops.advance` among them, and what a fight runs on a creature's
sheet as it enters, since nobody edits one), `refresh_offers` and `refresh` ("refresh
from ruleset": only text-like cells, text and longtext, whose text in the ruleset at hand
differs from the row's copy are offered, and only the offers taken are written).

Why copies: spec/sheet.md has a picked row be "a copy the player can edit" (the 5e-srd
spells catalog says so too), so the row holds its own values and a new ruleset version
never rewrites a character: nothing here runs unless a player picks, edits or takes a
refresh. A `scaled` column is stored as worked out at the pick or the last edit; nothing
here runs on a read. Numbers, flags, dice and choices a player set (a spell's `prepared`)
are never offered by a refresh, and neither is a `scaled` column (an edit keeps it).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from shared.ruleset.layer_choice import hiding_layer
from shared.ruleset.package import Ruleset
from shared.ruleset.sheet_lists import LongtextColumn, TextColumn
from shared.ruleset.sheet_refs import get

from .character import CATALOG_KEY
from .index import SheetRules, index_for
from .refusal import Refusal
from .view import SheetView

UNKNOWN_CATALOG = "unknown-catalog"
UNKNOWN_ENTRY = "unknown-entry"
NOT_PICKABLE = "not-pickable"
LIST_FULL = "list-full"
HIDDEN_BY_LAYER = "hidden-by-layer"

#: The column kinds a refresh offers: the ruleset's words, never a player's numbers or choices.
TEXT_LIKE = (TextColumn, LongtextColumn)


@dataclass(frozen=True)
class RefreshOffer:
    """One cell a refresh offers: row `row` of list `list` (picked from `entry`) holds
    `current` in `column`, and the ruleset at hand writes `offered`."""

    list: str
    row: int
    entry: str
    column: str
    current: Any
    offered: Any

    def as_dict(self) -> dict[str, Any]:
        return {"list": self.list, "row": self.row, "entry": self.entry, "column": self.column,
                "current": self.current, "offered": self.offered}


def _entry(ruleset: SheetRules, ref: str) -> tuple[Any, Any] | Refusal:
    """The catalog and entry `ref` (`<catalog>/<entry>`) names, when it writes rows."""
    catalog_id, _, entry_id = ref.partition("/")
    catalog = index_for(ruleset).catalogs.get(catalog_id)
    if catalog is None:
        return Refusal(UNKNOWN_CATALOG, f'there is no catalog "{catalog_id}" in this ruleset')
    holds = get(catalog, "holds", "rows")
    if holds != "rows":
        return Refusal(NOT_PICKABLE, f'catalog "{catalog_id}" holds {holds}, and writes nothing onto a sheet')
    entry = next((e for e in get(catalog, "entries") or [] if get(e, "id") == entry_id), None)
    if entry is None:
        return Refusal(UNKNOWN_ENTRY, f'catalog "{catalog_id}" has no entry "{entry_id}"')
    return catalog, entry


def _lists(sheet: dict[str, Any]) -> dict[str, list[Any]]:
    lists = sheet.get("lists")
    return {k: list(v) for k, v in lists.items() if isinstance(v, list)} if isinstance(lists, dict) else {}


def pick(ruleset: SheetRules, sheet: dict[str, Any], ref: str) -> dict[str, Any] | Refusal:
    """`sheet` with entry `ref`'s rows added at the end of their lists, each a copy of the
    entry row's values with the catalog mark, its `scaled` columns worked out now. Refused
    (nothing written) when `ref` names no entry that writes rows, an entry a layer on (a
    game's, `with_layers`) hides from the picker, or a list would go over its `maxItems`."""
    found = _entry(ruleset, ref)
    if isinstance(found, Refusal):
        return found
    catalog, entry = found
    # The picker never offers what a layer on hides (GET .../catalogs/{id}?layers= leaves it
    # out), so picking it by name is refused the same way. A party sheet's rules have no layers.
    layer = hiding_layer(ruleset, get(catalog, "id"), get(entry, "filters")) if isinstance(ruleset, Ruleset) else None
    if layer is not None:
        return Refusal(HIDDEN_BY_LAYER, f'the layer "{layer.id}" ({layer.label}) hides {get(entry, "label")} '
                                        "from the picker")
    idx = index_for(ruleset)
    lists = _lists(sheet)
    rows = get(entry, "rows") or []
    for list_id in {get(r, "list") for r in rows}:
        lst = idx.lists[list_id]
        adding = sum(1 for r in rows if get(r, "list") == list_id)
        if len(lists.get(list_id, [])) + adding > lst.maxItems:
            return Refusal(LIST_FULL, f"{lst.label} holds at most {lst.maxItems} rows")
    for row in rows:
        lists.setdefault(row.list, []).append({**copy.deepcopy(row.values), CATALOG_KEY: ref})
    return rescale(ruleset, {**sheet, "lists": lists})


def rescale(ruleset: SheetRules, sheet: dict[str, Any]) -> dict[str, Any]:
    """`sheet` with every catalog-marked row's `scaled` columns worked out from the sheet as
    it now is (through the step `table`, a whole number rounded down for an integer column,
    within the column's `min`..`max`): run after each edit, never on a read."""
    view = SheetView(ruleset, sheet)
    idx = view.idx
    lists = _lists(sheet)
    changed = False
    for list_id, rows in lists.items():
        for i, row in enumerate(rows):
            ref = row.get(CATALOG_KEY) if isinstance(row, dict) else None
            rules = idx.scaled.get((list_id, ref)) if isinstance(ref, str) else None
            if not rules or list_id not in idx.lists:
                continue
            new = dict(row)
            for column, rule in rules.items():
                new[column] = view.scaled_cell(list_id, column, rule)
            if new != row:
                rows[i] = new
                changed = True
    return {**sheet, "lists": lists} if changed else sheet


def _source_row(ruleset: SheetRules, ref: str, list_id: str) -> Any:
    """The entry's first row for `list_id`, or None."""
    found = _entry(ruleset, ref)
    if isinstance(found, Refusal):
        return None
    return next((r for r in get(found[1], "rows") or [] if r.list == list_id), None)


def refresh_offers(ruleset: SheetRules, sheet: dict[str, Any], since: SheetRules | None = None) -> list[RefreshOffer]:
    """What "refresh from ruleset" offers: for every catalog-marked row whose entry the
    ruleset still has, each text-like cell (not `scaled`) whose text the entry's row for that
    list writes differently. The row for a list is the entry's first one for it. With
    `since` (the ruleset version the sheet was kept under), only the cells whose text is
    newer: the entry writes it differently in `ruleset` than in `since`, so a cell the player
    rewrote is not offered back unless the ruleset changed it too."""
    idx = index_for(ruleset)
    out: list[RefreshOffer] = []
    for list_id, rows in _lists(sheet).items():
        lst = idx.lists.get(list_id)
        if lst is None:
            continue
        for i, row in enumerate(rows):
            ref = row.get(CATALOG_KEY) if isinstance(row, dict) else None
            if not isinstance(ref, str):
                continue
            source = _source_row(ruleset, ref, list_id)
            if source is None:
                continue
            before = _source_row(since, ref, list_id) if since is not None else None
            scaled = source.scaled or {}
            for column, offered in source.values.items():
                shape = lst.column(column)
                if not isinstance(shape, TEXT_LIKE) or column in scaled or row.get(column) == offered:
                    continue
                if since is not None and before is not None and before.values.get(column) == offered:
                    continue
                out.append(RefreshOffer(list_id, i, ref, column, row.get(column), offered))
    return out


def refresh(ruleset: SheetRules, sheet: dict[str, Any], taken: list[RefreshOffer],
            since: SheetRules | None = None) -> dict[str, Any]:
    """`sheet` with the offers the player took written; an offer that no longer matches the
    sheet (its row moved, or the cell was edited since) is skipped."""
    offered = refresh_offers(ruleset, sheet, since)
    lists = _lists(sheet)
    for offer in taken:
        if offer in offered:
            lists[offer.list][offer.row] = {**lists[offer.list][offer.row], offer.column: offer.offered}
    return {**sheet, "lists": lists}
