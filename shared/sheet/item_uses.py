"""Using an item: what one use of an item's `use` takes from the stack that holds it (spec/
abilities.md "Objects that hold abilities"; mechanics-3 1.259 `charges`), paid through the
sheet's item operations (item_ops.py: `consume`, `charge`), so a fight (shared/combat/
paying.py, in the step that uses the item) and the item operations outside one take an
item the same way.

API:
- `in_use(held)`: an item lends its use while it is in use: worn, or, for an item with no
  slots (a potion, a wand, a scroll), held. The same rule judges its `requires` and its
  attack (items.py, shared/combat/item_weapons.py).
- `uses_of(item)`: its `use` and its `moreUses` (a staff of several spells), with labels.
- `fight_uses(item)`: those, then each way its attack `spends` its charges on a hit
  (mechanics-3 1.273, `hit_spend`): a use answering only its owner's own hit with this
  weapon (`reaction` on "hit" by "self", `blow` as the way says), free of any budget, joined
  to the blow (`addsToBlow`: its amount, typed as the way says or as the weapon's damage, is
  rolled with the blow and doubled by its critical), its `chargeStep` extra charges each
  adding the amount again. Outside a fight there is no hit, so the use command reads
  `uses_of` only.
- `price(item, use) -> ItemPrice`: what a use takes. An item with `charges` spends the
  use's `charges` (1 when the use names none): a wand, "gear with uses". An item without charges
  is a consumable, "used up by casting" ("the object itself is the cost"): one comes off the
  stack, and the last one takes the stack off the sheet.
- `spend_item(ruleset, sheet, stack, item, use, shown=) -> ItemSpent | Refusal`: the stack
  `stack` names (its name, label or `<catalog>/<entry>`, item_ops.find_stack) pays, all or
  nothing (item_ops' refusal in its words when it cannot); the new
  sheet (never the old one edited) and the receipt's words ("1 Potion of Healing: 1 left",
  "1 charge of Wand of Sparks: 6/7 charges").
- `can_spend(...)`: whether it could, without keeping the new sheet (a menu offers a use
  only while the stack can pay for it).
- `charge_steps(...)`: the extra charges a use's `chargeStep` (mechanics-3 1.269) can spend
  now as raised-cost steps; `price`, `can_spend` and `spend_item` take them as `extra`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.ruleset.item_attack import ChargeSpend
from shared.ruleset.item_entry import ChargeStep, ItemUse
from shared.ruleset.mechanics.reaction import Reaction
from shared.ruleset.sheet_refs import get

from .index import SheetRules
from .item_ops import charge, consume, stack_now
from .items import Held, works
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
    """Worn, or held for an item with no slots; an item with `binds` only while bound."""
    return (held.worn or not get(held.item, "slots")) and works(held)


def uses_of(item: Any) -> list[tuple[str | None, Any]]:
    """(label, use) for each use of `item`: its `use` (under the use's own `label`, if
    any), then each of its `moreUses` (1.267, under its `label`); empty without `use`."""
    use = get(item, "use")
    if use is None:
        return []
    return [(get(use, "label"), use)] + [(get(more, "label"), get(more, "use")) for more in get(item, "moreUses") or []]


#: The use each spending way stands for, built once per way (a package's models are never
#: edited): id(way) -> (way, use).
_SPEND_USES: dict[int, tuple[ChargeSpend, ItemUse]] = {}


def _spend_use(way: ChargeSpend, weapon_type: str | None) -> ItemUse:
    found = _SPEND_USES.get(id(way))
    if found is not None and found[0] is way:
        return found[1]
    use = ItemUse(kind="attack", targets="enemy", amount=way.amount, damageType=way.type or weapon_type,
                  charges=way.charges, free=True, addsToBlow=True, label=way.label,
                  reaction=Reaction(on="hit", by="self", blow=way.blow),
                  chargeStep=ChargeStep(max=way.chargeStep.max, amount=way.amount) if way.chargeStep else None)
    _SPEND_USES[id(way)] = (way, use)
    return use


def _spends(item: Any) -> list[ChargeSpend]:
    attack = get(item, "attack")
    return list(get(attack, "spends") or []) if attack is not None else []


def fight_uses(item: Any) -> list[tuple[str | None, Any]]:
    """`uses_of(item)`, then a use for each way of its attack's `spends` (1.273)."""
    spends = _spends(item)
    if not spends:
        return uses_of(item)
    damage = get(get(item, "attack"), "damage")
    weapon_type = get(damage, "type") if damage is not None else None
    return uses_of(item) + [(way.label, _spend_use(way, weapon_type)) for way in spends]


def hit_spend(item: Any, number: int) -> ChargeSpend | None:
    """The way of spending charges on a hit that `fight_uses(item)[number]` stands for."""
    k = number - len(uses_of(item))
    spends = _spends(item)
    return spends[k] if 0 <= k < len(spends) else None


def price(item: Any, use: Any, extra: int = 0) -> ItemPrice:
    """`extra`: charges spent above the use's own as raised-cost steps (`chargeStep`)."""
    if get(item, "charges") is not None:
        return ItemPrice("charges", (get(use, "charges") or 1) + extra)
    return ItemPrice("quantity", 1)


def charge_steps(ruleset: SheetRules, sheet: dict[str, Any], stack: str, item: Any, use: Any) -> list[int]:
    """The raised-cost steps a use's `chargeStep` (1.269) can buy now: 1 up to its `max`,
    as many as the stack holds charges for beyond the use's own."""
    step = get(use, "chargeStep")
    if step is None:
        return []
    return [n for n in range(1, get(step, "max") + 1) if can_spend(ruleset, sheet, stack, item, use, n)]


def _pay(ruleset: SheetRules, sheet: dict[str, Any], stack: str, item: Any, use: Any,
         extra: int = 0) -> dict[str, Any] | Refusal:
    cost = price(item, use, extra)
    pays = charge if cost.what == "charges" else consume
    return pays(ruleset, sheet, stack, cost.amount)


def can_spend(ruleset: SheetRules, sheet: dict[str, Any], stack: str, item: Any, use: Any, extra: int = 0) -> bool:
    return not isinstance(_pay(ruleset, sheet, stack, item, use, extra), Refusal)


def spend_item(ruleset: SheetRules, sheet: dict[str, Any], stack: str, item: Any, use: Any, *,
               shown: str, extra: int = 0) -> ItemSpent | Refusal:
    paid = _pay(ruleset, sheet, stack, item, use, extra)
    if isinstance(paid, Refusal):
        return paid
    cost = price(item, use, extra)
    # The stack's own name, without the use's label ("Staff of Fire: Burning Hands").
    name = shown.partition(": ")[0]
    what = f"{cost.amount} charge{'s' if cost.amount != 1 else ''} of {name}" if cost.what == "charges" else f"1 {name}"
    return ItemSpent(paid, f"{what}: {stack_now(ruleset, paid, stack)}")
