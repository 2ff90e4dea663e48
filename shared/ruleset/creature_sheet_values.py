"""Authored sheet values read against the sheet a ruleset declares: a bestiary creature's
`sheet` (spec/combat-2 "A creature written in the ruleset's own terms"), and the same
reading a character's sheet gets.

Owns: `check_sheet_values(pkg, values, path, problems)` and `check_row` (one list row, which
the rows a catalog entry writes share). Every id must be one the sheet
declares; skills and saves hold one of the proficiency tiers offered for them; abilities,
bonuses, fields and list columns hold what they are declared to hold; a list has no more
rows than it allows; a row's `_catalog` names an entry of a catalog that feeds that list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

from .base import dice_error
from .checks.lookup import index, names, sheet_part
from .errors import PathPart, Problems

if TYPE_CHECKING:
    from .creature_sheet import CreatureSheet
    from .package import Ruleset

def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    return _number(value) and float(value).is_integer()


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..."'
    if _number(value):
        return str(int(value)) if float(value).is_integer() else str(value)
    return "that"


def value_problem(shape: Any, value: Any) -> str | None:
    """Why a field or column (`shape`, any of the six types) cannot hold `value`, or None."""
    kind = getattr(shape, "type", None)
    if kind == "number":
        if not _number(value):
            return f"must be a number, not {_show(value)}"
        if getattr(shape, "integer", True) and not _whole(value):
            return f"must be a whole number, not {_show(value)}"
        low, high = shape.min, shape.max
        if not low <= value <= high:
            return f"must be from {_show(low)} to {_show(high)}, not {_show(value)}"
        return None
    if kind in ("text", "longtext"):
        if not isinstance(value, str):
            return f"must be text, not {_show(value)}"
        if len(value) > shape.maxLength:
            return f"is longer than {shape.maxLength} characters"
        return None
    if kind == "boolean":
        return None if isinstance(value, bool) else f"must be true or false, not {_show(value)}"
    if kind == "enum":
        if isinstance(value, str) and value in shape.values:
            return None
        return f"{_show(value)} is not one of {names(shape.values)}"
    if kind == "dice":
        if isinstance(value, str) and (value == "" or dice_error(value) is None):
            return None
        return f'{_show(value)} is not dice text such as "1d8" or "2d6+1"'
    return None


def _tiers(pkg: "Ruleset", offered: list[str] | None) -> list[str]:
    if offered:
        return list(offered)
    return [t.id for t in getattr(pkg.resolution, "proficiencyTiers", None) or []]


def _check_ranked(
    pkg: "Ruleset",
    values: Mapping[str, str] | None,
    what: str,
    declared: Mapping[str, Any],
    offered: list[str] | None,
    path: list[PathPart],
    problems: Problems,
) -> None:
    key = "skills" if what == "skill" else "saves"
    tiers = _tiers(pkg, offered)
    for sid, tier in (values or {}).items():
        if sid not in declared:
            problems.add([*path, key, sid], f'unknown {what} "{sid}"')
        elif tier not in tiers:
            problems.add(
                [*path, key, sid],
                f'"{tier}" is not a proficiency tier offered for {key} ({names(tiers)})',
            )


def _check_row_catalog(
    pkg: "Ruleset", list_id: str, ref: Any, path: list[PathPart], problems: Problems
) -> None:
    if not isinstance(ref, str) or "/" not in ref:
        problems.add(path, f'{_show(ref)} is not "<catalog>/<entry>"')
        return
    cat_id, _, entry_id = ref.partition("/")
    catalog = index(getattr(pkg, "catalogs", None)).get(cat_id)
    if catalog is None:
        problems.add(path, f'unknown catalog "{cat_id}"')
        return
    if list_id not in (getattr(catalog, "feeds", None) or []):
        problems.add(path, f'catalog "{cat_id}" does not feed list "{list_id}"')
        return
    if entry_id not in index(getattr(catalog, "entries", None)):
        problems.add(path, f'unknown entry "{entry_id}" in catalog "{cat_id}"')


def _check_lists(
    pkg: "Ruleset", lists: Mapping[str, list[dict[str, Any]]] | None, path: list[PathPart], problems: Problems
) -> None:
    declared = sheet_part(pkg, "lists")
    for list_id, rows in (lists or {}).items():
        where = [*path, "lists", list_id]
        sheet_list = declared.get(list_id)
        if sheet_list is None:
            problems.add(where, f'unknown list "{list_id}"')
            continue
        if len(rows) > sheet_list.maxItems:
            problems.add(where, f'has {len(rows)} rows, more than list "{list_id}" allows ({sheet_list.maxItems})')
        for ri, row in enumerate(rows):
            check_row(pkg, sheet_list, row, [*where, ri], problems)


def check_row(pkg: "Ruleset", sheet_list: Any, row: Mapping[str, Any], path: list[PathPart], problems: Problems) -> None:
    """One row of `sheet_list` at `path`, as a character's row is read: every cell a column
    of the list holding what the column holds (type, range, choices), every required column
    filled, and a `_catalog` naming an entry of a catalog that feeds the list. A bestiary
    creature's rows and the rows a catalog entry writes are held to it alike."""
    list_id = sheet_list.id
    columns = index(getattr(sheet_list, "columns", None))
    for col_id, value in row.items():
        cell = [*path, col_id]
        if col_id == "_catalog":
            _check_row_catalog(pkg, list_id, value, cell, problems)
        elif col_id == "$comment":
            continue
        elif col_id not in columns:
            problems.add(cell, f'unknown column "{col_id}" in list "{list_id}"')
        else:
            why = value_problem(columns[col_id], value)
            if why is not None:
                problems.add(cell, why)
    for col_id, column in columns.items():
        if getattr(column, "required", False) and row.get(col_id) in (None, ""):
            problems.add([*path, col_id], f'required: list "{list_id}" needs a "{col_id}" in every row')


def check_sheet_values(
    pkg: "Ruleset", values: "CreatureSheet | None", path: Sequence[PathPart], problems: Problems
) -> None:
    """Reports every authored value of `values` the package's sheet cannot hold."""
    if values is None or getattr(pkg, "sheet", None) is None:
        return
    base = list(path)
    abilities = sheet_part(pkg, "abilities")
    for aid, score in (values.abilities or {}).items():
        ability = abilities.get(aid)
        if ability is None:
            problems.add([*base, "abilities", aid], f'unknown ability "{aid}"')
        elif not _whole(score) or not ability.min <= score <= ability.max:
            problems.add(
                [*base, "abilities", aid],
                f"must be a whole number from {ability.min} to {ability.max}, not {_show(score)}",
            )
    skills, saves = sheet_part(pkg, "skills"), sheet_part(pkg, "saves")
    _check_ranked(pkg, values.skills, "skill", skills, getattr(pkg.sheet, "skillTiers", None), base, problems)
    _check_ranked(pkg, values.saves, "save", saves, getattr(pkg.sheet, "saveTiers", None), base, problems)
    bonus_range = getattr(pkg.sheet, "bonus_range", None)
    low, high = bonus_range() if callable(bonus_range) else (-20, 40)
    for bid, bonus in (values.bonuses or {}).items():
        if bid not in skills and bid not in saves:
            problems.add([*base, "bonuses", bid], f'unknown skill or save "{bid}"')
        elif not _whole(bonus) or not low <= bonus <= high:
            problems.add([*base, "bonuses", bid], f"must be a whole number from {low} to {high}, not {_show(bonus)}")
    fields = sheet_part(pkg, "fields")
    for fid, value in (values.fields or {}).items():
        field = fields.get(fid)
        if field is None:
            problems.add([*base, "fields", fid], f'unknown field "{fid}"')
            continue
        why = value_problem(field, value)
        if why is not None:
            problems.add([*base, "fields", fid], why)
    _check_lists(pkg, values.lists, base, problems)
