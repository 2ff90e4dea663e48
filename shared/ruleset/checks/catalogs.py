"""Cross-references of catalogs: the lists they feed, the rows they write (held to the
rules of a character's row: columns, types, ranges, choices, required cells), the columns
those rows keep in step with the character (`scaled`: number columns reading no live value
and no list sum), a bestiary entry writing no rows, and unique ids."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..creature_sheet_values import check_row
from ..errors import PathPart, Problems
from ..sheet_derived import derived_refs
from ..sheet_refs import a_or_an, check_value_ref, sheet_ids

if TYPE_CHECKING:
    from ..package import Ruleset


def check(pkg: "Ruleset", problems: Problems) -> None:
    lists = {lst.id: lst for lst in (getattr(pkg.sheet, "lists", None) or [])}
    seen: set[str] = set()
    for ci, cat in enumerate(pkg.catalogs or []):
        base = ("catalogs", ci)
        if cat.id in seen:
            problems.add([*base, "id"], f'catalog id "{cat.id}" is used twice')
        seen.add(cat.id)
        for fi, fed in enumerate(cat.feeds or []):
            if fed not in lists:
                problems.add([*base, "feeds", fi], f'unknown list "{fed}"')
        entry_ids: set[str] = set()
        for ei, entry in enumerate(cat.entries):
            ebase = (*base, "entries", ei)
            if entry.id in entry_ids:
                problems.add([*ebase, "id"], f'entry id "{entry.id}" is used twice in catalog "{cat.id}"')
            entry_ids.add(entry.id)
            if cat.holds == "creatures" and entry.rows:
                problems.add(
                    [*ebase, "rows"],
                    "a bestiary entry holds a creature, and writes no rows onto a sheet",
                )
            for ri, row in enumerate(entry.rows or []):
                rbase = (*ebase, "rows", ri)
                if row.list not in lists:
                    problems.add([*rbase, "list"], f'unknown list "{row.list}"')
                    continue
                if cat.feeds is not None and row.list not in cat.feeds:
                    problems.add([*rbase, "list"], f'catalog "{cat.id}" does not feed list "{row.list}"')
                check_row(pkg, lists[row.list], row.values, [*rbase, "values"], problems)
                for col, scaled in (row.scaled or {}).items():
                    _check_scaled(pkg, lists[row.list], col, scaled, [*rbase, "scaled", col], problems)


def _check_scaled(pkg: "Ruleset", sheet_list: Any, col: str, scaled: Any, path: list[PathPart], problems: Problems) -> None:
    """A scaled column is a number column of the row's list, and what it reads is worked out
    before live state exists: no live value, and no list sum (spec/sheet: a catalog's linked
    columns cannot read a list sum, even through a derived value)."""
    column = sheet_list.column(col)
    if column is None:
        problems.add(path, f'unknown column "{col}" in list "{sheet_list.id}"')
    elif column.type != "number":
        problems.add(path, f'column "{col}" of list "{sheet_list.id}" is {a_or_an(column.type)} column; a scaled column is a number')
    where = [*path, "from"]
    check_value_ref(pkg, scaled.from_, where, problems, before_live="a catalog's scaled column")
    through = _list_sum_read(pkg, scaled.from_, set())
    if through is not None:
        problems.add([*where, scaled.from_.kind], f"a catalog's scaled column cannot read a list sum ({through})")


def _list_sum_read(pkg: "Ruleset", ref: Any, seen: set[str]) -> str | None:
    """Where `ref` reads a list sum, directly or through derived values, in words; or None."""
    if ref.kind == "listSum":
        return f'list "{ref.listSum.list}"'
    if ref.kind != "derived" or ref.derived in seen:
        return None
    seen.add(ref.derived)
    hit = sheet_ids(pkg).derived.get(ref.derived)
    for _path, inner in derived_refs(hit[1]) if hit is not None else []:
        found = _list_sum_read(pkg, inner, seen)
        if found is not None:
            return f'derived value "{ref.derived}" reads {found}'
    return None
