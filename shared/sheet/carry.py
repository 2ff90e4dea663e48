"""What a bearer carries and binds: the `items` block's `carry` and `binding` read off one
sheet (docs/format.md "Carrying and binding").

No page of the spec describes the `items` block; this reads its keys as Marinara's own
package schema documents them: `carry` is "which stat is an item's weight, and what a
character carries before they are encumbered and at most, read off their sheet. Without it
weight means nothing and nobody is encumbered"; `binding` is "how many items one character
may have bound at once, read off their sheet", and an item with `binds` "has to be bound to
work" (shared/sheet/items.py `works`).

Owns: `weight` (one of an item: its number value of the carry stat; none weighs nothing),
`load` (every carried stack, worn or not, its weight times its quantity), `Bearing` and
`bearing` (load, `encumberedAbove`, `limit`, whether encumbered; bound stacks and
`binding.max`; None when the ruleset declares neither), `past_limit` (whether more weight
would take the bearer past `limit`: a pick-up in a fight is refused so, belongings.py) and
`bearing_problems` (a sheet carrying past its limit, or binding more than its maximum, or
binding an item that does not bind: the sheet's validator, character.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shared.ruleset.sheet_refs import get

from .items import Held

if TYPE_CHECKING:
    from .view import SheetView

#: Loads are sums of weights that may be fractions, compared with this much slack.
SLACK = 1e-9


def _block(ruleset: Any, key: str) -> Any:
    return get(get(ruleset, "items"), key)


def weight(ruleset: Any, item: Any) -> float:
    """What one of `item` weighs: its value of the carry stat (0 without one)."""
    carry = _block(ruleset, "carry")
    if carry is None:
        return 0.0
    stats = get(item, "stats") or {}
    value = stats.get(get(carry, "stat")) if isinstance(stats, dict) else None
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0.0


def load(ruleset: Any, held: list[Held]) -> float:
    return sum(weight(ruleset, h.item) * h.quantity for h in held)


@dataclass(frozen=True)
class Bearing:
    load: float | None = None
    encumbered_above: float | None = None
    limit: float | None = None
    bound: int = 0
    binding_max: int | None = None
    binding_label: str | None = None

    @property
    def encumbered(self) -> bool:
        return self.load is not None and self.encumbered_above is not None \
            and self.load > self.encumbered_above + SLACK

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.load is not None:
            out["carry"] = {"load": _number(self.load), "encumberedAbove": _number(self.encumbered_above),
                            "limit": _number(self.limit) if self.limit is not None else None,
                            "encumbered": self.encumbered}
        if self.binding_max is not None:
            out["binding"] = {"label": self.binding_label, "bound": self.bound, "max": self.binding_max}
        return out


def _number(value: float | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else round(value, 2)


def bearing(view: SheetView) -> Bearing | None:
    """What `view`'s bearer carries against `carry`, and binds against `binding`; None when
    the ruleset declares neither."""
    ruleset = view.idx.ruleset
    carry, binding = _block(ruleset, "carry"), _block(ruleset, "binding")
    if carry is None and binding is None:
        return None
    out: dict[str, Any] = {}
    if carry is not None:
        out["load"] = load(ruleset, view.held)
        out["encumbered_above"] = view.value(get(carry, "encumberedAbove"))
        limit = get(carry, "limit")
        out["limit"] = view.value(limit) if limit is not None else None
    if binding is not None:
        out["bound"] = sum(1 for h in view.held if h.bound)
        out["binding_max"] = max(0, math.floor(view.value(get(binding, "max"))))
        out["binding_label"] = get(binding, "label")
    return Bearing(**out)


def past_limit(view: SheetView, more: float) -> bool:
    """Whether `more` weight would take the bearer past the most they can carry."""
    carry = _block(view.idx.ruleset, "carry")
    if carry is None or more <= 0 or get(carry, "limit") is None:
        return False
    return load(view.idx.ruleset, view.held) + more > view.value(get(carry, "limit")) + SLACK


def bearing_problems(view: SheetView) -> list[str]:
    """Why the sheet's carried stacks break `carry.limit` or `binding.max`, in words."""
    found = bearing(view)
    if found is None:
        return []
    out: list[str] = []
    if found.load is not None and found.limit is not None and found.load > found.limit + SLACK:
        stat = get(_block(view.idx.ruleset, "carry"), "stat")
        out.append(f"the items carried weigh {_number(found.load)} {stat}, more than the {_number(found.limit)} "
                   "the bearer can carry")
    if found.binding_max is not None and found.bound > found.binding_max:
        out.append(f"{found.bound} items are bound ({found.binding_label}), more than the {found.binding_max} "
                   "the sheet allows")
    return out


__all__ = ["Bearing", "bearing", "bearing_problems", "load", "past_limit", "weight"]
