"""Cross-references of `gm.sheetSummary`: the fields, derived values, lists and columns it
picks must be on the sheet, a name column is text or enum (enum from Capability API
1.37), and `onlyWhen` is a boolean column. `check_summary_list` is shared with the party
sheet's summary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from ..errors import PathPart, Problems
from ..gates import ApiVersion
from ..gm import SummaryList
from ..sheet_refs import a_or_an, sheet_ids
from .lookup import index

if TYPE_CHECKING:
    from ..package import Ruleset

ENUM_NAME_COLUMN_API = ApiVersion(1, 37)


def check_summary_list(
    pkg: "Ruleset", entry: SummaryList, lst: Any, path: Sequence[PathPart], problems: Problems
) -> None:
    """One `sheetSummary.lists` entry against the list it names (already found)."""
    path = list(path)
    columns = index(getattr(lst, "columns", None))
    name = columns.get(entry.nameColumn)
    if name is None:
        problems.add([*path, "nameColumn"], f'unknown column "{entry.nameColumn}" in list "{entry.list}"')
    elif name.type not in ("text", "enum"):
        problems.add(
            [*path, "nameColumn"],
            f'column "{entry.nameColumn}" is {a_or_an(name.type)} column; a name column is a text or an enum column',
        )
    elif name.type == "enum" and pkg.capabilityApi is not None:
        declared = pkg.capabilityApi.version()
        if declared < ENUM_NAME_COLUMN_API:
            problems.add(
                [*path, "nameColumn"],
                f'an enum "nameColumn" needs capabilityApi {ENUM_NAME_COLUMN_API} or later (this package declares {declared})',
            )
    for j, col in enumerate(entry.columns or []):
        if col not in columns:
            problems.add([*path, "columns", j], f'unknown column "{col}" in list "{entry.list}"')
    if entry.groupBy is not None and entry.groupBy not in columns:
        problems.add([*path, "groupBy"], f'unknown column "{entry.groupBy}" in list "{entry.list}"')
    if entry.onlyWhen is not None:
        only = columns.get(entry.onlyWhen)
        if only is None:
            problems.add([*path, "onlyWhen"], f'unknown column "{entry.onlyWhen}" in list "{entry.list}"')
        elif only.type != "boolean":
            problems.add(
                [*path, "onlyWhen"],
                f'column "{entry.onlyWhen}" is {a_or_an(only.type)} column; "onlyWhen" names a boolean column',
            )


def check(pkg: "Ruleset", problems: Problems) -> None:
    summary = getattr(pkg.gm, "sheetSummary", None) if pkg.gm is not None else None
    if summary is None:
        return
    base = ("gm", "sheetSummary")
    ids = sheet_ids(pkg)
    fields, derived, lists = ids.fields, ids.derived, ids.lists
    for i, field_id in enumerate(summary.fields):
        if field_id not in fields:
            problems.add([*base, "fields", i], f'unknown field "{field_id}"')
    for i, derived_id in enumerate(summary.derived):
        if derived_id not in derived:
            problems.add([*base, "derived", i], f'unknown derived value "{derived_id}"')
    for i, entry in enumerate(summary.lists):
        lst = lists.get(entry.list)
        if lst is None:
            problems.add([*base, "lists", i, "list"], f'unknown list "{entry.list}"')
            continue
        check_summary_list(pkg, entry, lst, [*base, "lists", i], problems)
