"""One `[sheet: sheet="party" op=...]` tag applied to the shared party sheet.

Owns: `run_party(ruleset, stored, members, tag)`. The party sheet allows `spend` and
`restore` on a party pool (`amount`, 1 when omitted) and `advance` of a field the
ruleset's `advancement.fields` declares (`by` a number or `to` a value). Everything goes
through the sheet engine's own operations, so an insufficient pool, an undeclared
advancement or a value the field cannot hold is refused exactly as on a character; an
unknown sheet, a `who`, or any other operation is refused too. The answer is the new
stored sheet and the receipt's result attributes (`now="5/8"` for a pool, the number for
a number field).
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from shared.clocks.commands import Result, ok, read_attrs, refused
from shared.clocks.tags import Tag
from shared.ruleset.package import Ruleset
from shared.sheet import ops
from shared.sheet.index import plain
from shared.sheet.refusal import Refusal
from shared.sheet.view import SheetView

from .rules import party_rules
from .sheet import Stored, stored_part, with_members

KEYS = ("sheet", "op", "pool", "amount", "field", "by", "to", "who")
OPS = ("spend", "restore", "advance")
_WHOLE = re.compile(r"^[+-]?\d{1,6}$")


def _number(value: str | None) -> Any:
    return int(value) if value is not None and _WHOLE.match(value) else value


def _unwanted(attrs: dict[str, Any], op: str, allowed: tuple[str, ...]) -> str | None:
    extra = [k for k in attrs if k not in ("sheet", "op", *allowed)]
    return f"{op} on the party sheet takes no {extra[0]}" if extra else None


def run_party(ruleset: Ruleset, stored: Stored, members: Sequence[Any], tag: Tag) -> tuple[Stored, Result]:
    attrs = read_attrs(tag, KEYS, "a party sheet tag")
    if isinstance(attrs, str):
        return stored, refused(attrs)
    which = attrs.get("sheet")
    if which is None or which.strip().lower() != "party":
        return stored, refused(f"there is no sheet {which}: the shared sheet is sheet=party")
    rules = party_rules(ruleset)
    if rules is None:
        return stored, refused("this ruleset has no party sheet")
    if "who" in attrs:
        return stored, refused("sheet=party selects the shared sheet, so who is omitted")
    op = attrs.get("op")
    if op not in OPS:
        return stored, refused(f"the party sheet allows spend, restore and advance, not {op}")
    sheet, _notes = with_members(ruleset, rules, stored, members)
    if op in ("spend", "restore"):
        problem = _unwanted(attrs, op, ("pool", "amount"))
        if problem:
            return stored, refused(problem)
        amount = _number(attrs.get("amount", "1"))
        do = ops.spend if op == "spend" else ops.restore
        result = do(rules, sheet, attrs.get("pool", ""), amount)
        if isinstance(result, Refusal):
            return stored, refused(result.message)
        view = SheetView(rules, result)
        info = ops.find_pool(view, attrs.get("pool"))
        assert info is not None
        hit = view.pool(info.key)
        assert hit is not None
        return stored_part(rules, result), ok(f"{hit[1]}/{info.max}")
    problem = _unwanted(attrs, op, ("field", "by", "to"))
    if problem:
        return stored, refused(problem)
    view = SheetView(rules, sheet)
    field = view.idx.find(list(view.idx.fields.values()), attrs.get("field", ""))
    if field is None:
        return stored, refused(f"there is no party field {attrs.get('field')}")
    declared = rules.party.advancement.fields if rules.party.advancement else None
    if field.id not in (declared or []):
        return stored, refused(f"{field.label} is not an advancement field of the party sheet")
    by, to = attrs.get("by"), attrs.get("to")
    if (by is None) == (to is None):
        return stored, refused("advance takes exactly one of by and to")
    if to is not None and field.type == "number":
        to = _number(to)
    result = ops.advance(rules, sheet, field.id, by=_number(by) if by is not None else None, to=to)
    if isinstance(result, Refusal):
        return stored, refused(result.message)
    value = SheetView(rules, result).field(field.id)
    return stored_part(rules, result), ok(str(plain(value)) if field.type == "number" else None)
