"""The shared party sheet as stored, as read, and as a player saves it.

Owns: the stored shape (`{"fields", "lists", "live": {"pools"}}`, the plain sheet shape,
so the sheet engine reads it as it reads a character), `blank_party`, `with_members`
(the stored sheet with every `fromMembers` field filled from the characters present now:
computed whenever the sheet is read, never stored), `stored_part` (the inverse),
`read_party` (what the GM and the players see) and `check_save` (a player's save of the
permanent values, checked like a character's fields and lists).

A member field holds what its field can hold: a count or a sum outside the field's range
is kept at the nearest bound, and `notes` says so.
"""

from __future__ import annotations

from typing import Any, Sequence

from shared.ruleset.errors import Problems
from shared.ruleset.package import Ruleset
from shared.sheet.character import check_sheet_values
from shared.sheet.index import plain
from shared.sheet.view import SheetView, is_number

from .rules import PartyRules

Stored = dict[str, Any]


def blank_party() -> Stored:
    return {"fields": {}, "lists": {}, "live": {"pools": {}}}


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def normal(stored: Any) -> Stored:
    """`stored` in the full shape (a missing part is empty)."""
    stored = _dict(stored)
    return {
        "fields": dict(_dict(stored.get("fields"))),
        "lists": dict(_dict(stored.get("lists"))),
        "live": {"pools": dict(_dict(_dict(stored.get("live")).get("pools")))},
    }


def member_values(ruleset: Ruleset, rules: PartyRules, members: Sequence[Any]) -> tuple[dict[str, Any], list[str]]:
    """Each `fromMembers` field's value from the characters present, and the notes on
    values kept within their field's range."""
    values: dict[str, Any] = {}
    notes: list[str] = []
    sheets = [m.get("sheet") if isinstance(m, dict) and "sheet" in m else m for m in members]
    for entry in rules.party.fromMembers or []:
        if entry.sum is None:  # `count: true` (a FromMember holds exactly one of the two)
            raw: float = len(sheets)
        else:
            raw = 0
            for sheet in sheets:
                value = SheetView(ruleset, sheet).field(entry.sum)
                raw += value if is_number(value) else 0
        field = rules.party.party_field(entry.field)
        value = raw
        if field is not None:
            low = getattr(field, "min", None)
            high = getattr(field, "max", None)
            if low is not None and value < low:
                value = low
            if high is not None and value > high:
                value = high
            if value != raw:
                notes.append(
                    f"{field.label}: the members give {plain(raw)}, and the field holds "
                    f"{plain(low)} to {plain(high)}, so it reads {plain(value)}"
                )
        values[entry.field] = plain(value)
    return values, notes


def with_members(ruleset: Ruleset, rules: PartyRules, stored: Any, members: Sequence[Any]) -> tuple[Stored, list[str]]:
    sheet = normal(stored)
    values, notes = member_values(ruleset, rules, members)
    sheet["fields"].update(values)
    return sheet, notes


def stored_part(rules: PartyRules, sheet: Stored) -> Stored:
    """What is kept of a party sheet: member fields are computed, not stored."""
    out = normal(sheet)
    for entry in rules.party.fromMembers or []:
        out["fields"].pop(entry.field, None)
    return out


def read_party(ruleset: Ruleset, rules: PartyRules, stored: Any, members: Sequence[Any]) -> dict[str, Any]:
    """The party sheet as shown: visible fields, pools as `{current, max}` (pools always
    appear), lists, the member fields and the notes."""
    sheet, notes = with_members(ruleset, rules, stored, members)
    view = SheetView(rules, sheet)
    fields = {
        f.id: plain(view.field(f.id)) for f in rules.party.fields or [] if not view.hidden(f.hideWhen)
    }
    pools: dict[str, Any] = {}
    for key, info in view.pools().items():
        hit = view.pool(key)
        assert hit is not None
        pools[key] = {"current": hit[1], "max": info.max}
    lists = {
        lst.id: view.rows(lst.id) for lst in rules.party.lists or [] if not view.hidden(lst.hideWhen)
    }
    return {
        "label": rules.party.label,
        "fields": fields,
        "pools": pools,
        "lists": lists,
        "fromMembers": {e.field: sheet["fields"][e.field] for e in rules.party.fromMembers or []},
        "notes": notes,
    }


def check_save(rules: PartyRules, draft: Any) -> Problems:
    """Every problem of a player's save: `{fields?, lists?}` with values the party's
    fields and lists can hold; member fields are computed, so a save cannot write them."""
    problems = Problems()
    if not isinstance(draft, dict):
        problems.add("(body)", "a party save is an object with fields and lists")
        return problems
    for key in draft:
        if key not in ("fields", "lists"):
            problems.add([key], "unknown key: a save writes fields and lists")
    computed = {e.field for e in rules.party.fromMembers or []}
    for key in _dict(draft.get("fields")):
        if key in computed:
            problems.add(["fields", key], "is computed from the members, so a save cannot write it")
    check_sheet_values(rules, {k: v for k, v in draft.items() if k in ("fields", "lists")}, [], problems, live=False)
    return problems
