"""Writing a host battle's results back onto the sheet (spec/combat-1 "What is written
back").

Owns: `write_back(ruleset, member, ended, abandoned)`. The import is worked out again from
the sheet as it was when the fight began, so the write-back never trusts numbers the
caller kept. Health: when the bar ended where it started, nothing is written (the two
conversions alone never change the sheet); otherwise the bar's fraction is read back onto
the pool's own scale (nearest point; at least 1 while the bar is above 0) and the
difference is applied as damage or healing through the sheet's own operations. MP and
slots are counts, written back as spends or restores. A change the sheet refuses is
skipped and reported; an abandoned fight writes nothing; a ruleset the bridge does not
lend (`lend.lend_refusal`) is refused, as its import is.
"""

from __future__ import annotations

from typing import Any, Callable

from shared.ruleset.package import Ruleset
from shared.sheet import ops
from shared.sheet.ops import Result
from shared.sheet.refusal import Refusal

from .lend import health_on_bar, lend, lend_refusal


def _change(ruleset: Ruleset, sheet: dict[str, Any], what: str, op: str, amount: int, do: Callable[[], Result]) -> tuple[dict[str, Any], dict[str, Any]]:
    result = do()
    change = {"what": what, "op": op, "amount": amount}
    if isinstance(result, Refusal):
        return sheet, {**change, "result": "skipped", "reason": result.message}
    return result, {**change, "result": "ok"}


def _count(ruleset: Ruleset, sheet: dict[str, Any], what: str, pool: str, start: int, end: int | None,
           changes: list[dict[str, Any]]) -> dict[str, Any]:
    if end is None or end == start:
        return sheet
    if end < start:
        sheet, change = _change(ruleset, sheet, what, "spend", start - end,
                                lambda: ops.spend(ruleset, sheet, pool, start - end))
    else:
        sheet, change = _change(ruleset, sheet, what, "restore", end - start,
                                lambda: ops.restore(ruleset, sheet, pool, end - start))
    changes.append(change)
    return sheet


def write_back(ruleset: Ruleset, member: dict[str, Any], ended: dict[str, Any],
               abandoned: bool = False) -> dict[str, Any] | Refusal:
    """The sheet after the host's fight, with each change and note; the bridge's refusal
    for a ruleset it does not lend (`lend_refusal`)."""
    refused = lend_refusal(ruleset)
    if refused is not None:
        return refused
    given = member.get("sheet")
    sheet: dict[str, Any] = given if isinstance(given, dict) else {}
    name = member.get("name")
    if abandoned:
        return {"name": name, "sheet": sheet, "changes": [],
                "notes": ["the fight was abandoned, so nothing is written back"]}
    lent = lend(ruleset, member, ended["maxHealth"])
    if isinstance(lent, Refusal):  # the same refusal as lend_refusal's above, which let it through
        return lent
    changes: list[dict[str, Any]] = []
    notes: list[str] = []
    health = lent["health"]
    bar_end = min(ended["health"], ended["maxHealth"])
    if health["current"] is None:
        notes.append(f"{health['pool']} is not on this sheet, so no health is written back")
    elif bar_end == health["start"]:
        notes.append("the health bar ended where it started, so no health change is written")
    else:
        pool_end = health_on_bar(bar_end, ended["maxHealth"], health["max"])
        delta = pool_end - health["current"]
        pool = health["pool"]
        if delta < 0:
            sheet, change = _change(ruleset, sheet, pool, "damage", -delta,
                                    lambda: ops.damage(ruleset, sheet, -delta, pool=pool))
            changes.append(change)
        elif delta > 0:
            sheet, change = _change(ruleset, sheet, pool, "heal", delta,
                                    lambda: ops.heal(ruleset, sheet, delta, pool=pool))
            changes.append(change)
        else:
            notes.append(f"the bar moved, but {pool} reads {pool_end} on its own scale, as it did")
    if lent["mp"] is not None:
        sheet = _count(ruleset, sheet, lent["mp"]["pool"], lent["mp"]["pool"], lent["mp"]["current"],
                       ended.get("mp"), changes)
    for level, slot in lent["slots"].items():
        end = (ended.get("slots") or {}).get(level)
        sheet = _count(ruleset, sheet, f"level {level} slots", slot["pool"], slot["current"], end, changes)
    return {"name": name, "sheet": sheet, "changes": changes, "notes": notes}
