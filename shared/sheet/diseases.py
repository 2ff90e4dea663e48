"""Diseases between fights (spec/mechanics-3 "Diseases between fights (1.260)", "Disease
stages (1.261)"): what a rest taken under a condition with `onRest` does.

Owns:
- `resting_diseases` and `rest_under(ruleset, sheet, found, roller, label)`: for each
  condition the sheet held as the rest began whose combat rule's `onRest.rests` names this
  rest, after the rest has restored what it
  restores: its `save` first (the sheet's own modifier, as the ruleset's checks roll it;
  with `cures` a success removes the condition), then on a failure, or with no save, the
  health maximum lowered by `lowersMax` rolled with the dice handed in. Without `lasting`
  the next rest gives it back (sealed.py's `rest` part); with it only something that
  removes the seal does (`lasting`), and with `restoredWhenCured` it is kept apart under
  the condition (`until_part`) and given back when the condition comes off;
- `release_cured(sheet, cid)`: that part given back (ops.set_condition calls it whenever a
  condition comes off, a fight's end and a cure included).

Only health measured in points has a maximum to lower (the package check asks for a pool).
"""

from __future__ import annotations

from typing import Any, Callable

from shared.dice import Roller, roll
from shared.ruleset.sheet_refs import get

from .healing import health_pool
from .index import SheetRules
from .live import live_part, with_live
from .sealed import LASTING, REST, UNTIL, seal
from .view import SheetView


#: How a save is rolled on the sheet, as the ruleset's checks roll one: (made, the words).
#: checks.py registers it as it loads (it reads the sheet operations, which read rests, so
#: this module cannot import it).
RestSave = Callable[[SheetRules, dict[str, Any], str, int, Roller], "tuple[bool, str] | None"]
ROLL_SAVE: list[RestSave] = []


def until_part(cid: str) -> str:
    """The part of a seal kept until condition `cid` is cured (`restoredWhenCured`)."""
    return f"{UNTIL}{cid}"


def _rules(ruleset: SheetRules) -> dict[str, Any]:
    return {get(c, "condition"): c for c in get(get(ruleset, "combat"), "conditions") or [] if get(c, "onRest")}


def resting_diseases(ruleset: SheetRules, sheet: dict[str, Any], rest_id: str) -> list[tuple[str, Any]]:
    """(condition id, its `onRest`) for each condition held on `sheet` that this rest reaches."""
    rules = _rules(ruleset)
    if not rules:
        return []
    held = SheetView(ruleset, sheet).conditions()
    return [(cid, get(rules[cid], "onRest")) for cid in held
            if cid in rules and rest_id in (get(get(rules[cid], "onRest"), "rests") or [])]


def rest_under(ruleset: SheetRules, sheet: dict[str, Any], found: list[tuple[str, Any]], roller: Roller | None,
               label: str) -> tuple[dict[str, Any], list[str]]:
    """The sheet after what the rest's diseases do (`found`, `resting_diseases` of the sheet
    as the rest began), and the notes saying it."""
    notes: list[str] = []
    pool = health_pool(ruleset)
    for cid, on_rest in found:
        view = SheetView(ruleset, sheet)
        name = next((c.label for c in view.idx.conditions if c.id == cid), cid)
        if roller is None:
            notes.append(f"{label} under {name} rolls nothing here: no dice were handed to the rest.")
            continue
        save = get(on_rest, "save")
        if save is not None and ROLL_SAVE:
            rolled_save = ROLL_SAVE[0](ruleset, sheet, get(save, "save"), get(save, "difficulty"), roller)
            if rolled_save is not None:
                made, words = rolled_save
                notes.append(f"{name}: {words}")
                if made:
                    if get(save, "cures"):
                        sheet = release_cured(with_live(sheet, conditions=[c for c in view.conditions() if c != cid]),
                                              cid)
                        notes.append(f"The save ends {name}.")
                    continue
        lowers = get(on_rest, "lowersMax")
        if lowers is None or pool is None:
            continue
        text = get(lowers, "dice") or "0"
        flat = get(lowers, "flat") or 0
        rolled = roll(text, roller)
        amount = max(0, rolled.total + flat)
        part = REST
        if get(on_rest, "lasting"):
            part = until_part(cid) if get(on_rest, "restoredWhenCured") else LASTING
        before = view.pool(pool)
        lowered = seal(ruleset, sheet, pool, amount, part=part)
        if isinstance(lowered, dict):
            sheet = lowered
            after = SheetView(ruleset, sheet).pool(pool)
            if before is not None and after is not None:
                shown = rolled.describe() + (f" + {flat} = {amount}" if flat else "")
                notes.append(f"{name} lowers the {before[0].label} maximum by {shown}: "
                             f"{before[0].max} to {after[0].max}.")
    return sheet, notes


def release_cured(sheet: dict[str, Any], cid: str) -> dict[str, Any]:
    """What rests under `cid` took from a maximum with `restoredWhenCured`, given back."""
    sealed = live_part(sheet, "sealed")
    key = until_part(cid)
    changed = False
    for pool, entry in list(sealed.items()):
        if isinstance(entry, dict) and key in entry:
            entry = {k: v for k, v in entry.items() if k != key}
            if entry:
                sealed[pool] = entry
            else:
                sealed.pop(pool)
            changed = True
    return with_live(sheet, sealed=sealed) if changed else sheet
