"""Reading a sheet the GM wrote for an invented opponent, leniently, because a model wrote
it (spec/combat-2 "Opponents nobody wrote").

Owns: `read_sheet`, which keeps what the package's sheet can hold and says in a sentence
every id it dropped and every value it fitted: ids the sheet does not declare are dropped;
scores, bonuses and numbers are fitted to their range as whole numbers; a choice is matched
regardless of case or dropped; text is cut to its length; a list keeps the rows it allows.
A row that names a catalog entry (by `_catalog`, or its name column, regardless of case)
becomes that entry's row with the values the GM gave laid on top. The result passes
`check_sheet_values`, the reading a bestiary creature's sheet gets.
"""

from __future__ import annotations

import copy
import math
from typing import Any

from ..ruleset.base import dice_error
from ..ruleset.checks.lookup import index, sheet_part
from ..ruleset.creature_sheet import CreatureSheet
from ..ruleset.creature_sheet_values import check_sheet_values
from ..ruleset.errors import Problems
from ..ruleset.package import Ruleset

PARTS = ("abilities", "skills", "saves", "bonuses", "fields", "lists")


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _whole(value: float, low: float, high: float) -> int:
    return int(min(max(round(value), math.ceil(low)), math.floor(high)))


def _show(value: Any) -> str:
    return f'"{value}"' if isinstance(value, str) else str(value).lower() if isinstance(value, bool) else str(value)


def fit_value(shape: Any, value: Any) -> tuple[bool, Any]:
    """(kept, value) for a field or column declared as `shape`: the value fitted, or not kept."""
    kind = getattr(shape, "type", None)
    if kind == "number":
        if not _number(value):
            return False, None
        if getattr(shape, "integer", True):
            return True, _whole(value, shape.min, shape.max)
        return True, min(max(value, shape.min), shape.max)
    if kind in ("text", "longtext"):
        return (True, value[: shape.maxLength]) if isinstance(value, str) else (False, None)
    if kind == "boolean":
        return (True, value) if isinstance(value, bool) else (False, None)
    if kind == "enum":
        if not isinstance(value, str):
            return False, None
        labels = getattr(shape, "valueLabels", None) or {}
        for choice in shape.values:
            if value.strip().lower() in (choice.lower(), str(labels.get(choice, choice)).lower()):
                return True, choice
        return False, None
    if kind == "dice":
        return (True, value) if isinstance(value, str) and (value == "" or dice_error(value) is None) else (False, None)
    return False, None


class _Reader:
    def __init__(self, ruleset: Ruleset, name: str):
        self.ruleset, self.name = ruleset, name
        self.notes: list[str] = []

    def say(self, text: str) -> None:
        self.notes.append(f"{self.name}'s sheet: {text}")

    def scores(self, raw: Any) -> dict[str, int]:
        out: dict[str, int] = {}
        for aid, score in _items(raw):
            ability = sheet_part(self.ruleset, "abilities").get(aid)
            if ability is None:
                self.say(f"ability {aid!r} is not one of this ruleset's, so it is dropped.")
            elif not _number(score):
                self.say(f"{ability.label} {_show(score)} is not a number, so it is dropped.")
            else:
                out[aid] = _whole(score, ability.min, ability.max)
                if out[aid] != score:
                    self.say(f"{ability.label} {_show(score)} is fitted to {out[aid]} "
                             f"(a whole number from {ability.min} to {ability.max}).")
        return out

    def ranked(self, raw: Any, part: str) -> dict[str, str]:
        declared = sheet_part(self.ruleset, part)
        offered = getattr(self.ruleset.sheet, "skillTiers" if part == "skills" else "saveTiers", None)
        tiers = list(offered) if offered else [t.id for t in getattr(self.ruleset.resolution, "proficiencyTiers", None) or []]
        what = part[:-1]
        out: dict[str, str] = {}
        for sid, tier in _items(raw):
            if sid not in declared:
                self.say(f"{what} {sid!r} is not one of this ruleset's, so it is dropped.")
                continue
            match = next((t for t in tiers if isinstance(tier, str) and t.lower() == tier.strip().lower()), None)
            if match is None:
                self.say(f"{declared[sid].label} {_show(tier)} is not a proficiency tier ({', '.join(tiers)}), "
                         "so it is dropped.")
            else:
                out[sid] = match
        return out

    def bonuses(self, raw: Any) -> dict[str, int]:
        known = {**sheet_part(self.ruleset, "skills"), **sheet_part(self.ruleset, "saves")}
        low, high = self.ruleset.sheet.bonus_range()
        out: dict[str, int] = {}
        for bid, bonus in _items(raw):
            if bid not in known or not _number(bonus):
                self.say(f"bonus {bid!r} {_show(bonus)} cannot be read, so it is dropped.")
                continue
            out[bid] = _whole(bonus, low, high)
            if out[bid] != bonus:
                self.say(f"the {known[bid].label} bonus {_show(bonus)} is fitted to {out[bid]}.")
        return out

    def fields(self, raw: Any) -> dict[str, Any]:
        declared = sheet_part(self.ruleset, "fields")
        out: dict[str, Any] = {}
        for fid, value in _items(raw):
            field = declared.get(fid)
            if field is None:
                self.say(f"field {fid!r} is not one of this ruleset's, so it is dropped.")
                continue
            kept, fitted = fit_value(field, value)
            if not kept:
                self.say(f"{field.label} {_show(value)} cannot be held by that field, so it is dropped.")
            else:
                out[fid] = fitted
                if fitted != value:
                    self.say(f"{field.label} {_show(value)} is fitted to {_show(fitted)}.")
        return out

    def lists(self, raw: Any) -> dict[str, list[dict[str, Any]]]:
        declared = sheet_part(self.ruleset, "lists")
        out: dict[str, list[dict[str, Any]]] = {}
        for lid, rows in _items(raw):
            lst = declared.get(lid)
            if lst is None or not isinstance(rows, list):
                self.say(f"list {lid!r} is not one of this ruleset's, so it is dropped.")
                continue
            kept = [row for i, r in enumerate(rows) if (row := self.row(lst, i, r)) is not None]
            if len(kept) > lst.maxItems:
                gone = kept[lst.maxItems:]
                kept = kept[: lst.maxItems]
                self.say(f"{lst.label} holds at most {lst.maxItems} rows, so {len(gone)} more are dropped.")
            if kept:
                out[lid] = kept
        return out

    def row(self, lst: Any, i: int, raw: Any) -> dict[str, Any] | None:
        if not isinstance(raw, dict):
            self.say(f"{lst.label} row {i + 1} is not a row, so it is dropped.")
            return None
        columns = index(lst.columns)
        name_col = name_column(lst)
        written = raw.get(name_col) if name_col else None
        label = written if isinstance(written, str) and written.strip() else f"row {i + 1}"
        entry_ref, entry = self.catalog_entry(lst, raw.get("_catalog"), written)
        row: dict[str, Any] = {}
        if entry is not None:
            base: dict[str, Any] = next((r.values for r in entry.rows or [] if r.list == lst.id), {})
            row.update(copy.deepcopy(base))
            row["_catalog"] = entry_ref
            if not (isinstance(raw.get("_catalog"), str) and raw["_catalog"] == entry_ref):
                self.say(f"{lst.label} {_show(label)} is the catalog's {entry.label}.")
        elif "_catalog" in raw:
            self.say(f"{lst.label} {_show(label)}: {_show(raw['_catalog'])} names no entry of a catalog that feeds "
                     "the list, so the row is read as written.")
        for cid, value in raw.items():
            if cid in ("_catalog", "$comment") or (entry is not None and cid == name_col):
                continue
            column = columns.get(cid)
            if column is None:
                self.say(f"{lst.label} {_show(label)}: column {cid!r} is not one of the list's, so it is dropped.")
                continue
            kept, fitted = fit_value(column, value)
            if not kept:
                self.say(f"{lst.label} {_show(label)}: {column.label} {_show(value)} cannot be held there, so it is dropped.")
            else:
                row[cid] = fitted
        missing = [c.label for c in lst.columns if getattr(c, "required", False) and row.get(c.id) in (None, "")]
        if missing:
            self.say(f"{lst.label} {_show(label)} gives no {', '.join(missing)}, so the row is dropped.")
            return None
        return row

    def catalog_entry(self, lst: Any, ref: Any, written: Any) -> tuple[str | None, Any]:
        """The entry a row names: its `_catalog` or its name, regardless of case."""
        feeding = [c for c in self.ruleset.catalogs or [] if lst.id in (c.feeds or [])]
        for cat in feeding:
            for entry in cat.entries:
                keys = {f"{cat.id}/{entry.id}".lower(), entry.id.lower(), entry.label.lower()}
                if any(isinstance(k, str) and k.strip().lower() in keys for k in (ref, written)):
                    return f"{cat.id}/{entry.id}", entry
        return None, None


def _items(raw: Any) -> list[tuple[str, Any]]:
    return [(str(k), v) for k, v in raw.items()] if isinstance(raw, dict) else []


def name_column(lst: Any) -> str | None:
    """The column a row is named by: `name`, else the list's first text column."""
    columns = list(lst.columns or [])
    if any(c.id == "name" for c in columns):
        return "name"
    return next((c.id for c in columns if c.type == "text"), None)


def read_sheet(ruleset: Ruleset, name: str, raw: Any) -> tuple[dict[str, Any] | None, list[str]]:
    """The sheet the package can hold, from what the GM wrote, and a sentence per change;
    None when it is not a sheet at all."""
    if not isinstance(raw, dict):
        return None, [f"{name}'s sheet is not a sheet, so it is dropped."]
    reader = _Reader(ruleset, name)
    extra = [k for k in raw if k not in PARTS]
    if extra:
        reader.say(", ".join(f'"{k}"' for k in extra) + " is not a part of a creature's sheet, so "
                   + ("it is" if len(extra) == 1 else "they are") + " dropped.")
    read = {
        "abilities": reader.scores(raw.get("abilities")),
        "skills": reader.ranked(raw.get("skills"), "skills"),
        "saves": reader.ranked(raw.get("saves"), "saves"),
        "bonuses": reader.bonuses(raw.get("bonuses")),
        "fields": reader.fields(raw.get("fields")),
        "lists": reader.lists(raw.get("lists")),
    }
    sheet = {k: v for k, v in read.items() if v}
    problems = Problems()
    check_sheet_values(ruleset, CreatureSheet.model_validate(sheet), ("sheet",), problems)
    if problems:
        return None, reader.notes + [f"{name}'s sheet still cannot be held: " + "; ".join(problems.lines())]
    return sheet, reader.notes
