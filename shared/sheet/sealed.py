"""Sealed health: a pool's maximum lowered until a rest, or until something unseals it
(spec/mechanics-2 1.203 `reducesMax` and `lasting`, 1.201 `unseals`).

The sheet keeps it in its live state, by pool: `"sealed": {"hp": {"rest": 7, "lasting": 3,
"wounds": 5}}`. `rest` is what any rest gives back; `lasting` is what no rest restores (the
spec's "its pool's `lasting`, inside `sealed`"), only an entry with `unseals`; `wounds` are
the hit points a `healedOnlyByRest` weapon took (mechanics-1 1.193): any rest lifts their
seal and gives them back; `until:<condition>` is what rests under a disease with
`restoredWhenCured` took (diseases.py): no rest restores it, curing the condition does. The
pool's maximum is
what the sheet computes less both (never below 0: view.py reads it through `sealed_of`), so
no healing raises the pool above it.

Owns: `sealed_of` (the amount sealed from one pool), `seal` (an operation: the maximum
drops by `amount`, the current amount kept within it), `unseal` (every seal on the pool
lifted) and `lift_rest_seals` (what any rest does first).
"""

from __future__ import annotations

from typing import Any

from .live import live_part, with_live
from .refusal import BAD_AMOUNT, UNKNOWN_POOL, Refusal
from .view import SheetView, sealed_of

#: The parts of a pool's seal: lifted by any rest, lifted only by `unseals`, and lifted and
#: given back by any rest.
REST, LASTING, WOUNDS = "rest", "lasting", "wounds"
#: The start of a part kept until a condition is cured (`until:mummy_rot`, diseases.py).
UNTIL = "until:"
PARTS = (REST, LASTING, WOUNDS)

Result = dict[str, Any] | Refusal


def seal(ruleset: Any, sheet: dict[str, Any], pool: str, amount: int, *, part: str = REST) -> Result:
    """The pool's maximum lowered by `amount` until a rest (`part` REST, or WOUNDS given back
    by it) or until unsealed (LASTING); the current amount never stays above the lowered
    maximum."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        return Refusal(BAD_AMOUNT, f"a seal is a whole number of at least 0, not {amount!r}")
    view = SheetView(ruleset, sheet)
    found = view.pool(pool)
    if found is None:
        return Refusal(UNKNOWN_POOL, f"there is no pool {pool!r} on this sheet")
    info, current, _temp = found
    sealed = live_part(sheet, "sealed")
    entry = dict(sealed.get(pool) or {})
    entry[part] = int(entry.get(part) or 0) + amount
    sealed[pool] = entry
    pools = live_part(sheet, "pools")
    pools[pool] = max(0, min(current, info.max - amount))
    return with_live(sheet, sealed=sealed, pools=pools)


def unseal(sheet: dict[str, Any], pool: str) -> dict[str, Any]:
    """Every seal on the pool lifted: its maximum is the sheet's own again (the current
    amount is where it was; healing may now raise it)."""
    sealed = live_part(sheet, "sealed")
    sealed.pop(pool, None)
    return with_live(sheet, sealed=sealed)


def lift_rest_seals(ruleset: Any, sheet: dict[str, Any]) -> dict[str, Any]:
    """What any rest does before its steps: the parts of each seal a rest restores are
    lifted (a `lasting` part stays), and sealed `wounds` come back to the pool."""
    sealed = live_part(sheet, "sealed")
    if not sealed:
        return sheet
    kept: dict[str, Any] = {}
    back: dict[str, int] = {}
    for key, entry in sealed.items():
        if isinstance(entry, dict):
            # What no rest restores: `lasting`, and a disease's part kept until it is cured
            # (`until:<condition>`, diseases.py).
            left = {k: v for k, v in entry.items() if (k == LASTING or k.startswith(UNTIL)) and v}
            if left:
                kept[key] = left
        wounds = entry.get(WOUNDS) if isinstance(entry, dict) else None
        if isinstance(wounds, int) and not isinstance(wounds, bool) and wounds > 0:
            back[key] = wounds
    lifted = with_live(sheet, sealed=kept)
    if not back:
        return lifted
    view = SheetView(ruleset, lifted)
    pools = live_part(lifted, "pools")
    for key, wounds in back.items():
        found = view.pool(key)
        if found is not None:
            info, current, _temp = found
            pools[key] = min(info.max, current + wounds)
    return with_live(lifted, pools=pools)


def is_sealed(sheet: dict[str, Any], pool: str) -> bool:
    """Whether any of the pool's maximum is sealed."""
    live = sheet.get("live")
    return sealed_of(live if isinstance(live, dict) else {}, pool) > 0


__all__ = ["LASTING", "PARTS", "REST", "UNTIL", "WOUNDS", "is_sealed", "lift_rest_seals", "seal", "sealed_of", "unseal"]
