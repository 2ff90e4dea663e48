"""Cross-references of catalogs: the lists they feed, the columns their rows write, the
tiers their creatures name, and unique ids."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Problems

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
                columns = {c.id for c in (getattr(lists[row.list], "columns", None) or [])}
                for col in row.values:
                    if col != "$comment" and col not in columns:
                        problems.add([*rbase, "values", col], f'unknown column "{col}" in list "{row.list}"')
