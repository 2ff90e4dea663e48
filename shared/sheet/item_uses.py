"""Using an item: what one use of an item's `use` takes from the stack that holds it (spec/
abilities.md "Objects that hold abilities"; mechanics-3 1.259 `charges`), paid through the
sheet's item operations (item_ops.py: `consume`, `charge`), so a fight (shared/combat/
paying.py, in the step that uses the item) and the item operations outside one take an
item the same way.

API:
- `in_use(held)`: an item lends its use while it is in use: worn, or, for an item with no
  slots (a potion, a wand, a scroll), held. The same rule judges its `requires` and its
  attack (items.py, shared/combat/item_weapons.py).
- `price(item) -> ItemPrice`: what a use takes. An item with `charges` spends its use's
  `charges` (1 when the use names none): a wand, "gear with uses". An item without charges
  is a consumable, "used up by casting" ("the object itself is the cost"): one comes off the
  stack, and the last one takes the stack off the sheet.
- `spend_item(ruleset, sheet, name, item) -> ItemSpent | Refusal`: the stack going by
  `name` pays, all or nothing (item_ops' refusal in its words when it cannot); the new
  sheet (never the old one edited) and the receipt's words ("1 Potion of Healing: 1 left",
  "1 charge of Wand of Sparks: 6/7 charges").
- `can_spend(...)`: whether it could, without keeping the new sheet (a menu offers a use
  only while the stack can pay for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.ruleset.sheet_refs import get

from .index import SheetRules
from .item_ops import charge, consume, stack_now
from .items import Held
from .refusal import Refusal


@dataclass(frozen=True)
class ItemPrice:
    #: "charges" (the stack's charges) or "quantity" (the stack itself).
    what: str
    amount: int


@dataclass(frozen=True)
class ItemSpent:
    sheet: dict[str, Any]
    words: str


def in_use(held: Held) -> bool:
    return held.worn or not get(held.item, "slots")


def price(item: Any) -> ItemPrice:
    if get(item, "charges") is not None:
        return ItemPrice("charges", get(get(item, "use"), "charges") or 1)
    return ItemPrice("quantity", 1)


def _pay(ruleset: SheetRules, sheet: dict[str, Any], name: str, item: Any) -> dict[str, Any] | Refusal:
    cost = price(item)
    pays = charge if cost.what == "charges" else consume
    return pays(ruleset, sheet, name, cost.amount)


def can_spend(ruleset: SheetRules, sheet: dict[str, Any], name: str, item: Any) -> bool:
    return not isinstance(_pay(ruleset, sheet, name, item), Refusal)


def spend_item(ruleset: SheetRules, sheet: dict[str, Any], name: str, item: Any) -> ItemSpent | Refusal:
    paid = _pay(ruleset, sheet, name, item)
    if isinstance(paid, Refusal):
        return paid
    cost = price(item)
    what = (f"{cost.amount} charge{'s' if cost.amount != 1 else ''} of {name}" if cost.what == "charges"
            else f"1 {name}")
    return ItemSpent(paid, f"{what}: {stack_now(ruleset, paid, name)}")
