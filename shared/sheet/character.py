"""A character: `{ "name", "sheet": { abilities, skills, saves, bonuses, fields, lists,
live } }`, the shape of a bestiary `sheet` creature plus the live state of play.

Owns: `Character`, `validate_character(ruleset, data) -> (Character | None, Problems)`
and `read_stored_character` (the same reading of a sheet already stored, where a value the
ruleset no longer offers, a number out of range or a tier or enum value no longer listed,
is kept as stored and flagged, not refused), as strict as a package: every id one the
sheet declares, scores and fields within range and of their type, skills and saves set to a tier offered for them, bonuses within
`bonusRange`, list rows within `maxItems` with cells of their column's type, required
cells filled, `_catalog: "<catalog>/<entry>"` rows naming an entry of a catalog that feeds
that list, and a live state the sheet can hold. Errors read `sheet.lists.gear[0].damage:
message`. `check_sheet_values` is the part a bestiary creature's `sheet` shares (it has no
`live`).

The live state (all optional; anything left out is as play starts):

```
"live": {
  "pools":    { "<pool id>" | "<list>:<row name slug>": current },
  "temp":     { "<pool id>": temporary points },          # pools with allowTemp
  "tracks":   { "<plain track id>": value },
  "marks":    { "<harm track id>": ["<kind id>" | null, ...] },   # worst first; null = empty box
  "overflow": { "<harm track id>": n },
  "text":     { "<text id>": "..." },
  "conditions": ["<condition id>", ...],
  "states":   { "<state id>": "<value>" },
  "items":    [{ "item": "<catalog>/<entry>", "quantity": 1, "worn": false, "charges": n, "name": "..." }],
  "sealed":   { "<pool id>": { "rest": n, "lasting": n, "wounds": n } }  # maximum lowered (sealed.py)
  "excess":   { "<pool id>" | "<list>:<row name slug>": n }  # refilled past the maximum (1.252)
}
```

Carried items sit in `live.items` (see items.py for why, and for what `itemStat` reads).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from shared.ruleset.base import dice_error
from shared.ruleset.depth import MAX_DEPTH, too_deep
from shared.ruleset.errors import PackageError, PathPart, Problems
from shared.ruleset.sheet_refs import get

from .carry import bearing_problems
from .harm import MAX_TRACK_LENGTH
from .index import SheetIndex, SheetRules, index_for
from .view import SheetView, is_number

SHEET_KEYS = ("abilities", "skills", "saves", "bonuses", "fields", "lists", "live", "$comment")
LIVE_KEYS = ("pools", "excess", "temp", "tracks", "marks", "overflow", "text", "conditions", "states", "items", "sealed",
             "$comment")
ITEM_LINE_KEYS = ("item", "quantity", "worn", "bound", "charges", "name", "$comment")
CATALOG_KEY = "_catalog"
_NAME = re.compile(r"^[^\r\n\x00-\x1f]{1,80}$")


@dataclass(frozen=True)
class Character:
    """A validated character. `sheet` is the plain JSON data, live state included."""

    name: str
    sheet: dict[str, Any]

    def with_sheet(self, sheet: dict[str, Any]) -> "Character":
        return Character(self.name, sheet)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "sheet": self.sheet}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _show(value: Any) -> str:
    if isinstance(value, str):
        return f'"{value}"' if len(value) <= 40 else f'"{value[:37]}..."'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    return _kind(value)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def value_problem(shape: Any, value: Any) -> str | None:
    """Why `value` cannot sit in a field or column of `shape`, or None."""
    kind = shape.type
    if kind == "number":
        if not is_number(value):
            return f"must be a number, not {_kind(value)}"
        if shape.integer and not float(value).is_integer():
            return f"must be a whole number, not {_show(value)}"
        if not shape.min <= value <= shape.max:
            return f"must be within {shape.min}..{shape.max}, not {_show(value)}"
        return None
    if kind in ("text", "longtext"):
        if not isinstance(value, str):
            return f"must be text, not {_kind(value)}"
        if len(value) > shape.maxLength:
            return f"is longer than {shape.maxLength} characters"
        return None
    if kind == "boolean":
        return None if isinstance(value, bool) else f"must be true or false, not {_kind(value)}"
    if kind == "enum":
        if isinstance(value, str) and value in shape.values:
            return None
        return "must be one of " + ", ".join(f'"{v}"' for v in shape.values) + f", not {_show(value)}"
    if kind == "dice":
        if not isinstance(value, str):
            return f"must be dice text such as \"1d6\", not {_kind(value)}"
        if value != "" and dice_error(value) is not None:
            return f'must be dice text such as "1d6", not {_show(value)}'
        return None
    return None


#: The farthest a stored number may lie outside its range and still be kept as stored: a
#: sheet saved under a ruleset's older ranges holds numbers of their size; one beyond this
#: was never any ruleset's, so it refuses (and no fight does arithmetic on it).
STORED_LIMIT = 1_000_000


def offered_no_longer(shape: Any, value: Any) -> bool:
    """True when `value` is of the kind `shape` holds but outside what it offers now: a
    number (of the right wholeness, within `STORED_LIMIT`) outside its range, or an enum
    value it does not list. A stored sheet keeps such a value and is flagged
    (`read_stored_character`)."""
    if shape.type == "number":
        return is_number(value) and abs(value) <= STORED_LIMIT \
            and not (shape.integer and not float(value).is_integer()) and not shape.min <= value <= shape.max
    return shape.type == "enum" and isinstance(value, str)


def _refuse_or_flag(problems: Problems, flags: Problems | None, stored: bool, path: list[PathPart],
                    message: str, read_as: Any = None) -> None:
    """A value the sheet keeps as stored goes to `flags` when the caller reads a stored
    sheet (`flags` given), saying how the sheet engine reads it; anything else refuses."""
    if not stored or flags is None:
        problems.add(path, message)
    elif read_as is None:
        flags.add(path, f"{message} (kept as stored)")
    else:
        flags.add(path, f"{message} (kept as stored, read as {_show(read_as)})")


def _object(value: Any, path: list[PathPart], problems: Problems, what: str) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        problems.add(path, f"must be an object ({what}), not {_kind(value)}")
        return None
    return value


# ---------------------------------------------------------------------------
# The build: what a bestiary `sheet` shares
# ---------------------------------------------------------------------------


def check_sheet_values(
    ruleset: SheetRules, sheet: Any, path: list[PathPart], problems: Problems, *, live: bool = True,
    flags: Problems | None = None,
) -> None:
    """Every problem of a sheet's values at `path` (`["sheet"]` for a character, the
    creature's path for a bestiary entry). A creature's sheet has no `live` part. With
    `flags`, a value outside the range or the tiers and values offered now goes there
    instead of `problems` (a stored sheet is shown as stored)."""
    idx = index_for(ruleset)
    if not isinstance(sheet, dict):
        problems.add(path, f"must be an object, not {_kind(sheet)}")
        return
    allowed = SHEET_KEYS if live else tuple(k for k in SHEET_KEYS if k != "live")
    for key in sheet:
        if key not in allowed:
            problems.add([*path, key], "unknown key" if key != "live" else 'a creature\'s sheet has no "live" part')
    _abilities(idx, sheet.get("abilities"), [*path, "abilities"], problems, flags)
    _tiers(idx, sheet.get("skills"), [*path, "skills"], problems, "skill", flags)
    _tiers(idx, sheet.get("saves"), [*path, "saves"], problems, "save", flags)
    _bonuses(idx, sheet.get("bonuses"), [*path, "bonuses"], problems, flags)
    _fields(idx, sheet.get("fields"), [*path, "fields"], problems, flags)
    _lists(idx, sheet.get("lists"), [*path, "lists"], problems, flags)


def _abilities(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems,
               flags: Problems | None = None) -> None:
    data = _object(data, path, problems, "ability ids to scores")
    for key, value in (data or {}).items():
        if key == "$comment":
            continue
        ability = idx.ability_by_id.get(key)
        if ability is None:
            problems.add([*path, key], f'unknown ability "{key}"')
        elif not _whole(value):
            problems.add([*path, key], f"must be a whole number, not {_kind(value) if not is_number(value) else _show(value)}")
        elif not ability.min <= value <= ability.max:
            _refuse_or_flag(problems, flags, abs(value) <= STORED_LIMIT, [*path, key],
                            f"must be within {ability.min}..{ability.max}, not {value}")


def _tiers(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems, kind: str,
           flags: Problems | None = None) -> None:
    data = _object(data, path, problems, f"{kind} ids to tiers")
    known = idx.skills if kind == "skill" else idx.saves
    offered = idx.offered_tiers(kind)
    for key, value in (data or {}).items():
        if key == "$comment":
            continue
        if key not in known:
            problems.add([*path, key], f'unknown {kind} "{key}"')
        elif not isinstance(value, str) or value not in offered:
            _refuse_or_flag(
                problems, flags, isinstance(value, str), [*path, key],
                f"must be a tier offered for {kind}s (" + ", ".join(f'"{t}"' for t in offered) + f"), not {_show(value)}",
                offered[0] if offered else None,
            )


def _bonuses(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems,
             flags: Problems | None = None) -> None:
    data = _object(data, path, problems, "skill and save ids to bonuses")
    low, high = idx.bonus_range
    for key, value in (data or {}).items():
        if key == "$comment":
            continue
        if key not in idx.skills and key not in idx.saves:
            problems.add([*path, key], f'unknown skill or save "{key}"')
        elif not _whole(value):
            problems.add([*path, key], f"must be a whole number, not {_kind(value) if not is_number(value) else _show(value)}")
        elif not low <= value <= high:
            _refuse_or_flag(problems, flags, abs(value) <= STORED_LIMIT, [*path, key],
                            f"must be within the bonus range {low}..{high}, not {value}")


def _fields(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems,
            flags: Problems | None = None) -> None:
    data = _object(data, path, problems, "field ids to values")
    for key, value in (data or {}).items():
        if key == "$comment":
            continue
        entry = idx.fields.get(key)
        if entry is None:
            problems.add([*path, key], f'unknown field "{key}"')
            continue
        reason = value_problem(entry, value)
        if reason is not None:
            _refuse_or_flag(problems, flags, offered_no_longer(entry, value), [*path, key], reason,
                            idx.field_start[key] if entry.type == "enum" else None)


def _lists(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems,
           flags: Problems | None = None) -> None:
    data = _object(data, path, problems, "list ids to rows")
    for key, rows in (data or {}).items():
        if key == "$comment":
            continue
        lst = idx.lists.get(key)
        if lst is None:
            problems.add([*path, key], f'unknown list "{key}"')
            continue
        if not isinstance(rows, list):
            problems.add([*path, key], f"must be a list of rows, not {_kind(rows)}")
            continue
        if len(rows) > lst.maxItems:
            problems.add([*path, key], f'list "{key}" holds at most {lst.maxItems} rows, not {len(rows)}')
        for i, row in enumerate(rows):
            _row(idx, lst, row, [*path, key, i], problems, flags)


def _row(idx: SheetIndex, lst: Any, row: Any, path: list[PathPart], problems: Problems,
         flags: Problems | None = None) -> None:
    if not isinstance(row, dict):
        problems.add(path, f"a row must be an object, not {_kind(row)}")
        return
    for key, value in row.items():
        if key == "$comment":
            continue
        if key == CATALOG_KEY:
            reason = _catalog_problem(idx, lst.id, value)
            if reason is not None:
                problems.add([*path, key], reason)
            continue
        column = lst.column(key)
        if column is None:
            problems.add([*path, key], f'unknown column "{key}" in list "{lst.id}"')
            continue
        reason = value_problem(column, value)
        if reason is not None:
            _refuse_or_flag(problems, flags, offered_no_longer(column, value), [*path, key], reason)
    for column in lst.columns:
        if column.required and (row.get(column.id) is None or row.get(column.id) == ""):
            problems.add([*path, column.id], "required")


def _catalog_problem(idx: SheetIndex, list_id: str, value: Any) -> str | None:
    if not isinstance(value, str) or value.count("/") != 1:
        return f'must name a catalog entry as "<catalog>/<entry>", not {_show(value)}'
    catalog_id, entry_id = value.split("/")
    catalog = idx.catalogs.get(catalog_id)
    if catalog is None:
        return f'unknown catalog "{catalog_id}"'
    entries = get(catalog, "entries") or []
    if get(catalog, "holds", "rows") != "rows":
        return f'catalog "{catalog_id}" holds {get(catalog, "holds")}, and feeds no list'
    feeds = get(catalog, "feeds")
    fed = (
        list_id in feeds
        if feeds is not None
        else any(get(r, "list") == list_id for e in entries for r in (get(e, "rows") or []))
    )
    if not fed:
        return f'catalog "{catalog_id}" does not feed list "{list_id}"'
    if not any(get(e, "id") == entry_id for e in entries):
        return f'catalog "{catalog_id}" has no entry "{entry_id}"'
    return None


# ---------------------------------------------------------------------------
# Live state
# ---------------------------------------------------------------------------


def check_live(ruleset: SheetRules, sheet: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    """The live state against what this sheet computes (pool maxima, track lengths)."""
    idx = index_for(ruleset)
    data = _object(sheet.get("live"), path, problems, "the live state")
    if not data:
        return
    view = SheetView(ruleset, sheet)
    for key in data:
        if key not in LIVE_KEYS:
            problems.add([*path, key], "unknown key")
    checks: dict[str, Callable[..., None]] = {
        "pools": _live_pools,
        "temp": _live_temp,
        "tracks": _live_tracks,
        "marks": _live_marks,
        "overflow": _live_overflow,
        "text": _live_text,
        "states": _live_states,
        "sealed": _live_sealed,
        "excess": _live_excess,
    }
    for key, fn in checks.items():
        block = _object(data.get(key), [*path, key], problems, f"{key} by id")
        if block:
            fn(idx, view, block, [*path, key], problems)
    _live_conditions(idx, data.get("conditions"), [*path, "conditions"], problems)
    _live_items(idx, data.get("items"), [*path, "items"], problems, view)


def _count(value: Any, path: list[PathPart], problems: Problems, low: int, high: int | None) -> bool:
    if not _whole(value):
        problems.add(path, f"must be a whole number, not {_kind(value) if not is_number(value) else _show(value)}")
        return False
    if value < low or (high is not None and value > high):
        problems.add(path, f"must be within {low}..{high}, not {value}" if high is not None else f"must be at least {low}, not {value}")
        return False
    return True


def _live_pools(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    pools = view.pools()
    for key, value in block.items():
        if key == "$comment":
            continue
        info = pools.get(key)
        if info is None:
            declared = idx.pool_by_id.get(key)
            if declared is not None:
                problems.add([*path, key], f'pool "{key}" is not on this sheet (hidden, or its maximum is 0)')
            elif key in idx.track_by_id:
                problems.add([*path, key], f'"{key}" is a track, not a pool')
            else:
                problems.add([*path, key], f'unknown pool "{key}"')
            continue
        _count(value, [*path, key], problems, 0, info.max)


def _live_excess(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    """Points a refill put above a pool's maximum (`overMax`, mechanics-2 1.252)."""
    pools = view.pools()
    for key, value in block.items():
        if key == "$comment":
            continue
        if key not in pools:
            problems.add([*path, key], f'unknown pool "{key}"')
            continue
        _count(value, [*path, key], problems, 0, None)


def _live_sealed(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    """A lowered maximum (sealed.py): by declared pool, `rest`, `lasting` and `wounds` each a
    whole number of at least 0."""
    for key, value in block.items():
        if key == "$comment":
            continue
        if key not in idx.pool_by_id:
            problems.add([*path, key], f'unknown pool "{key}"')
            continue
        parts = _object(value, [*path, key], problems, "the sealed parts") or {}
        for part, amount in parts.items():
            if part not in ("rest", "lasting", "wounds"):
                problems.add([*path, key, part], 'unknown key: a seal has "rest", "lasting" and "wounds"')
            else:
                _count(amount, [*path, key, part], problems, 0, None)


def _live_temp(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    pools = view.pools()
    for key, value in block.items():
        if key == "$comment":
            continue
        info = pools.get(key)
        if info is None:
            problems.add([*path, key], f'unknown pool "{key}"')
        elif not info.allow_temp:
            problems.add([*path, key], f'pool "{key}" takes no temporary points (no "allowTemp")')
        else:
            _count(value, [*path, key], problems, 0, None)


def _live_tracks(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    for key, value in block.items():
        if key == "$comment":
            continue
        model = idx.track_by_id.get(key)
        if model is None:
            problems.add([*path, key], f'"{key}" is a pool, not a track' if key in idx.pool_by_id else f'unknown track "{key}"')
            continue
        if model.is_harm:
            problems.add([*path, key], f'"{key}" is a harm track: its marks go in "marks"')
            continue
        info = view.track(key)
        if info is None:
            problems.add([*path, key], f'track "{key}" is not on this sheet (hidden)')
            continue
        _count(value, [*path, key], problems, info.min, info.max)


def _harm_model(idx: SheetIndex, key: str, path: list[PathPart], problems: Problems) -> Any:
    model = idx.track_by_id.get(key)
    if model is None:
        problems.add(path, f'unknown track "{key}"')
        return None
    if not model.is_harm:
        problems.add(path, f'"{key}" is a plain track: its value goes in "tracks"')
        return None
    return model


def _live_marks(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    for key, marks in block.items():
        if key == "$comment":
            continue
        model = _harm_model(idx, key, [*path, key], problems)
        if model is None:
            continue
        if not isinstance(marks, list):
            problems.add([*path, key], f"must be a list of kind ids, not {_kind(marks)}")
            continue
        if len(marks) > MAX_TRACK_LENGTH * 4:
            problems.add([*path, key], f"holds {len(marks)} marks; no track is that long")
            continue
        kinds = {k.id: k.severity for k in model.kinds}
        indexed = model.fill == "indexed"
        for i, mark in enumerate(marks):
            if mark is None and indexed:
                continue
            if mark is None:
                problems.add([*path, key, i], "an empty box is written only on an indexed track")
            elif mark not in kinds:
                problems.add([*path, key, i], f'unknown kind "{mark}" on track "{key}"')
        if not indexed:
            order = [kinds[m] for m in marks if isinstance(m, str) and m in kinds]
            if order != sorted(order, reverse=True):
                problems.add([*path, key], "marks are sorted worst first")


def _live_overflow(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    for key, value in block.items():
        if key == "$comment":
            continue
        if _harm_model(idx, key, [*path, key], problems) is not None:
            _count(value, [*path, key], problems, 0, None)


def _live_text(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    for key, value in block.items():
        if key == "$comment":
            continue
        entry = idx.texts.get(key)
        if entry is None:
            problems.add([*path, key], f'unknown live text "{key}"')
        elif not isinstance(value, str):
            problems.add([*path, key], f"must be text, not {_kind(value)}")
        elif len(value) > entry.maxLength:
            problems.add([*path, key], f"is longer than {entry.maxLength} characters")


def _live_states(idx: SheetIndex, view: SheetView, block: dict[str, Any], path: list[PathPart], problems: Problems) -> None:
    for key, value in block.items():
        if key == "$comment":
            continue
        model = idx.states.get(key)
        if model is None:
            problems.add([*path, key], f'unknown live state "{key}"')
        elif view.state(key) is None:
            problems.add([*path, key], f'live state "{key}" is not on this sheet (hidden)')
        elif not isinstance(value, str) or value not in model.values:
            problems.add(
                [*path, key], "must be one of " + ", ".join(f'"{v}"' for v in model.values) + f", not {_show(value)}"
            )


def _live_conditions(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems) -> None:
    if data is None:
        return
    if not isinstance(data, list):
        problems.add(path, f"must be a list of condition ids, not {_kind(data)}")
        return
    seen: set[str] = set()
    for i, cid in enumerate(data):
        if not isinstance(cid, str) or cid not in idx.condition_ids:
            problems.add([*path, i], f"unknown condition {_show(cid)}")
        elif cid in seen:
            problems.add([*path, i], f'condition "{cid}" is listed twice')
        else:
            seen.add(cid)


def _live_items(idx: SheetIndex, data: Any, path: list[PathPart], problems: Problems, view: SheetView) -> None:
    if data is None:
        return
    if not isinstance(data, list):
        problems.add(path, f"must be a list of item stacks, not {_kind(data)}")
        return
    worn_in: dict[str, int] = {}
    for i, line in enumerate(data):
        where = [*path, i]
        if not isinstance(line, dict):
            problems.add(where, f"an item stack must be an object, not {_kind(line)}")
            continue
        for key in line:
            if key not in ITEM_LINE_KEYS:
                problems.add([*where, key], "unknown key")
        ref = line.get("item")
        if ref is None:
            problems.add([*where, "item"], "required")
            continue
        hit = idx.items.get(ref) if isinstance(ref, str) else None
        if hit is None:
            problems.add([*where, "item"], f"unknown item {_show(ref)}: name an entry of an item catalog as \"<catalog>/<entry>\"")
            continue
        item = hit[1]
        stack = get(item, "stack") or 1
        if "quantity" in line:
            _count(line["quantity"], [*where, "quantity"], problems, 1, stack)
        worn = line.get("worn", False)
        slots = get(item, "slots") or {}
        if not isinstance(worn, bool):
            problems.add([*where, "worn"], f"must be true or false, not {_kind(worn)}")
        elif worn:
            if not slots:
                problems.add([*where, "worn"], f'item "{ref}" has no slots, so it cannot be worn')
            for slot, count in (slots.items() if isinstance(slots, dict) else []):
                worn_in[slot] = worn_in.get(slot, 0) + (count if isinstance(count, int) else 1)
        bound = line.get("bound", False)
        if not isinstance(bound, bool):
            problems.add([*where, "bound"], f"must be true or false, not {_kind(bound)}")
        elif bound and get(item, "binds") is None:
            problems.add([*where, "bound"], f'item "{ref}" does not bind (it has no "binds")')
        elif bound and get(get(idx.ruleset, "items"), "binding") is None:
            problems.add([*where, "bound"], 'the ruleset binds nothing (its "items" block has no "binding")')
        if "charges" in line:
            top = get(get(item, "charges"), "max")
            if top is None:
                problems.add([*where, "charges"], f'item "{ref}" has no charges')
            else:
                _count(line["charges"], [*where, "charges"], problems, 0, top if isinstance(top, int) else None)
        if "name" in line and (not isinstance(line["name"], str) or not _NAME.match(line["name"])):
            problems.add([*where, "name"], "must be one line of 1 to 80 characters")
    declared = {get(s, "id"): get(s, "count") for s in (get(get(idx.ruleset, "items"), "slots") or [])}
    for slot, used in worn_in.items():
        limit = declared.get(slot)
        if isinstance(limit, int) and used > limit:
            problems.add(path, f'worn items take {used} of slot "{slot}", which holds {limit}')
    # What the stacks weigh against `carry.limit`, and how many are bound against
    # `binding.max`, both read off this sheet (carry.py).
    for words in bearing_problems(view):
        problems.add(path, words)


# ---------------------------------------------------------------------------
# The whole character
# ---------------------------------------------------------------------------


def validate_character(ruleset: SheetRules, data: Any) -> tuple[Character | None, Problems]:
    """The character and every problem found; the character is None when there is any."""
    return _validate(ruleset, data, None)


def read_stored_character(ruleset: SheetRules, data: Any) -> tuple[Character | None, Problems, Problems]:
    """A character as it was stored: (the character or None, the problems that refuse it,
    the flags). A value the ruleset no longer offers (a number outside its range, a tier or
    an enum value it does not list) is kept and shown as stored, and flagged, not refused:
    the sheet was saved under the rules of its day, and the sheet engine reads such a tier
    or enum value as the default (spec/sheet). Everything else refuses as in
    `validate_character`."""
    flags = Problems()
    character, problems = _validate(ruleset, data, flags)
    return character, problems, flags


def _validate(ruleset: SheetRules, data: Any, flags: Problems | None) -> tuple[Character | None, Problems]:
    problems = Problems()
    if not isinstance(data, dict):
        problems.add("(top level)", f"a character is a JSON object, not {_kind(data)}")
        return None, problems
    deep = too_deep(data)
    if deep is not None:
        problems.add(deep, f"is nested more than {MAX_DEPTH} levels deep")
        return None, problems
    for key in data:
        if key not in ("name", "sheet", "$comment"):
            problems.add([key], "unknown key")
    name = data.get("name")
    if name is None:
        problems.add(["name"], "required")
    elif not isinstance(name, str) or not _NAME.match(name):
        problems.add(["name"], "must be one line of 1 to 80 characters")
    sheet = data.get("sheet")
    if sheet is None:
        problems.add(["sheet"], "required")
        return None, problems
    before = len(problems)
    check_sheet_values(ruleset, sheet, ["sheet"], problems, live=True, flags=flags)
    # The live state is judged against the sheet's own numbers, which need a sound build
    # (a flagged value is read as stored).
    if len(problems) == before and isinstance(sheet, dict):
        check_live(ruleset, sheet, ["sheet", "live"], problems)
    if problems or not isinstance(name, str):  # a name that is no string was refused above
        return None, problems
    return Character(name, sheet), problems


def load_character(ruleset: SheetRules, data: Any) -> Character:
    """A valid character, or PackageError listing every problem."""
    character, problems = validate_character(ruleset, data)
    if character is None:
        raise PackageError(problems)
    return character


def as_sheet(character: object) -> dict[str, Any]:
    """The plain sheet of a Character, of `{name, sheet}` data, or a sheet itself."""
    if isinstance(character, Character):
        return character.sheet
    if not isinstance(character, dict):
        return {}
    sheet = character.get("sheet")
    return sheet if isinstance(sheet, dict) else character

