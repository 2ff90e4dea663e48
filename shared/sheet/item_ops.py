"""The item operations on a character's carried stacks, `sheet.live.items` (items.py says
what a stack is): using up a consumable, spending an item's charges, and giving them back
(spec/abilities.md "Objects that hold abilities": consumables are used up; gear with uses
spends one per use, and lends nothing with none left until they come back).

Owns: `find_stack` (a stack by its own name, its catalog entry's label or its reference
`<catalog>/<entry>`, ignoring case; the first such stack), `consume` (`amount` off the
stack's quantity; the last one used up takes the stack off the sheet), `charge` (`amount`
of the stack's charges spent: the item's `charges.max` until a use writes `charges`),
`recharge` (charges back by `amount`, or to the item's maximum) and `take` (a stack added:
a pick-up in a fight). Each returns a new sheet (or a `Refusal`) and never changes its
input; `stack_now` is what a receipt says is left.
"""

from __future__ import annotations

from typing import Any

from shared.ruleset.sheet_refs import get

from .index import SheetRules, index_for
from .items import held_items
from .live import with_live
from .refusal import BAD_AMOUNT, INSUFFICIENT, Refusal
from .view import slug

UNKNOWN_ITEM = "unknown-item"
NO_CHARGES = "no-charges"


def _stacks(sheet: dict[str, Any]) -> list[Any]:
    live = sheet.get("live")
    items = live.get("items") if isinstance(live, dict) else None
    return list(items) if isinstance(items, list) else []


def find_stack(ruleset: SheetRules, sheet: dict[str, Any], name: object) -> tuple[int, Any] | Refusal:
    """(the index in `live.items`, the held stack) `name` names."""
    if not isinstance(name, str) or not name.strip():
        return Refusal(UNKNOWN_ITEM, "the command names no item (item=)")
    wanted = slug(name)
    idx = index_for(ruleset)
    for i, line in enumerate(_stacks(sheet)):
        held = held_items(idx, {"items": [line]})
        if not held:
            continue
        label = get(idx.items[held[0].ref][0], "label") or ""
        if wanted in (slug(held[0].name), slug(str(label)), slug(held[0].ref)):
            return i, held[0]
    return Refusal(UNKNOWN_ITEM, f"the character carries no {name.strip()}")


def _amount(amount: object) -> int | Refusal:
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        return Refusal(BAD_AMOUNT, f"an item amount is a whole number from 1, not {amount!r}")
    return amount


def _write(sheet: dict[str, Any], stacks: list[Any]) -> dict[str, Any]:
    return with_live(sheet, items=stacks)


def consume(ruleset: SheetRules, sheet: dict[str, Any], item: object, amount: object = 1) -> dict[str, Any] | Refusal:
    found, n = find_stack(ruleset, sheet, item), _amount(amount)
    if isinstance(found, Refusal):
        return found
    if isinstance(n, Refusal):
        return n
    i, held = found
    if n > held.quantity:
        return Refusal(INSUFFICIENT, f"{held.name} has {held.quantity} left, not enough to use {n}")
    stacks = _stacks(sheet)
    if held.quantity == n:
        del stacks[i]
    else:
        stacks[i] = {**stacks[i], "quantity": held.quantity - n}
    return _write(sheet, stacks)


def _charges(ruleset: SheetRules, line: dict[str, Any], held: Any) -> tuple[int, int] | Refusal:
    """(charges left, the item's maximum)."""
    top = get(get(held.item, "charges"), "max")
    if not isinstance(top, int):
        return Refusal(NO_CHARGES, f"{held.name} holds no charges")
    now = line.get("charges")
    left = now if isinstance(now, int) and not isinstance(now, bool) else top
    return min(max(left, 0), top), top


def charge(ruleset: SheetRules, sheet: dict[str, Any], item: object, amount: object = 1) -> dict[str, Any] | Refusal:
    found, n = find_stack(ruleset, sheet, item), _amount(amount)
    if isinstance(found, Refusal):
        return found
    if isinstance(n, Refusal):
        return n
    i, held = found
    stacks = _stacks(sheet)
    have = _charges(ruleset, stacks[i], held)
    if isinstance(have, Refusal):
        return have
    left, _top = have
    if n > left:
        return Refusal(INSUFFICIENT, f"{held.name} has {left} charge{'s' if left != 1 else ''} left, not enough "
                                     f"to spend {n}")
    stacks[i] = {**stacks[i], "charges": left - n}
    return _write(sheet, stacks)


def recharge(ruleset: SheetRules, sheet: dict[str, Any], item: object,
             amount: object = None) -> dict[str, Any] | Refusal:
    """Charges back by `amount`, or to the maximum when it is None (never above it)."""
    found = find_stack(ruleset, sheet, item)
    if isinstance(found, Refusal):
        return found
    n = None if amount is None else _amount(amount)
    if isinstance(n, Refusal):
        return n
    i, held = found
    stacks = _stacks(sheet)
    have = _charges(ruleset, stacks[i], held)
    if isinstance(have, Refusal):
        return have
    left, top = have
    line = {**stacks[i], "charges": top if n is None else min(top, left + n)}
    if line["charges"] == top:
        # A full item is the default: nothing to store.
        line.pop("charges")
    stacks[i] = line
    return _write(sheet, stacks)


def take(sheet: dict[str, Any], line: dict[str, Any]) -> dict[str, Any]:
    """`line` (a stack: `item`, `quantity`, `charges`, `worn`) added to `live.items`: onto a
    stack of the same item when neither holds charges, is worn or goes by a name of its own
    (two potions are one stack of 2), else as a stack of its own. Never refused: what the
    sheet may hold is its owner's business (a pick-up in a fight, belongings carried in)."""
    stacks = _stacks(sheet)
    loose = {"charges", "worn", "name"}
    if not loose & {k for k, v in line.items() if v not in (None, False)}:
        for i, old in enumerate(stacks):
            if isinstance(old, dict) and old.get("item") == line.get("item") and not loose & {
                    k for k, v in old.items() if v not in (None, False)}:
                stacks[i] = {**old, "quantity": _quantity(old) + _quantity(line)}
                return _write(sheet, stacks)
    return _write(sheet, [*stacks, {k: v for k, v in line.items() if v is not None}])


def _quantity(line: dict[str, Any]) -> int:
    n = line.get("quantity", 1)
    return n if isinstance(n, int) and not isinstance(n, bool) and n >= 1 else 1


def stack_now(ruleset: SheetRules, sheet: dict[str, Any], item: object) -> str:
    """What is left of the stack: "6 left", "2/3 charges", "none left" once used up."""
    found = find_stack(ruleset, sheet, item)
    if isinstance(found, Refusal):
        return "none left"
    i, held = found
    have = _charges(ruleset, _stacks(sheet)[i], held)
    if not isinstance(have, Refusal):
        return f"{have[0]}/{have[1]} charges"
    return f"{held.quantity} left"
