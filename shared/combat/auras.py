"""Auras and the conditions a combatant keeps for the whole fight (spec/mechanics-3 "Auras
(1.263)", 1.268 `targetTypes` and `sourcesOf`).

Owns:
- `aura_rules`: the conditions of the ruleset that carry `auras`, read once per ruleset. A
  package without one leaves it empty, and then nothing below runs at all: the resolver
  asks `spreading` (one dictionary look-up) after every step.
- `keep_on`: as the fight starts, the conditions a stat block's `keepsOn`, or the
  `keepsOn` of a catalog entry on the combatant's sheet, names. They are held for the whole
  fight (`HeldCondition.kept`) and never written to the sheet.
- `spread`: after every step, what each aura spreads is put on everyone it now reaches and
  taken off everyone it no longer reaches. It is never written to the sheet
  (`HeldCondition.aura`, the holder), and the log reports `aura` as it is put on and
  `parted` as it comes off; whatever is left goes when the fight ends (outcome.finish).

Whom an aura reaches: on its `side` (`allies`, `enemies`, `all`), the holder only with
`self`, within `distance` on a board (the gap between the two squares, in cells; without a
board it reaches everyone on its side), passing its `targetTypes` and, with `sourcesOf`,
only those who applied one of those conditions to the holder. `when` reads the holder's
sheet. A holder who is down, out of the fight or has `cannot-act` spreads nothing. A
condition already held from elsewhere is not put on again; held from two auras it stays
while either reaches.
"""

from __future__ import annotations

from ..ruleset.auras import Aura
from ..ruleset.package import Ruleset
from . import numbers as N
from .board import battlefield as BF
from .board.units import per_cell, to_cells
from .condition_off import remove_condition
from .effects import put_condition
from .fight import Fight, combat_block
from .state import Combatant
from .support import sheet_entries
from .targeting import target_types_refusal

_AURAS: dict[int, tuple[Ruleset, dict[str, tuple[Aura, ...]]]] = {}


def aura_rules(ruleset: Ruleset) -> dict[str, tuple[Aura, ...]]:
    """Condition id -> its auras, for the conditions that carry any (empty for most packages)."""
    cached = _AURAS.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    if len(_AURAS) > 64:
        _AURAS.clear()
    found = {c.condition: tuple(c.auras) for c in combat_block(ruleset).conditions or [] if c.auras}
    _AURAS[id(ruleset)] = (ruleset, found)
    return found


def keep_on(fight: Fight, c: Combatant) -> None:
    """The conditions `c` keeps for the whole fight: its stat block's `keepsOn`, then each
    `keepsOn` of the catalog entries its sheet lists."""
    kept: list[str] = list((c.block or {}).get("keepsOn") or [])
    if c.sheet is not None:
        for entry in sheet_entries(fight.ruleset, c):
            kept += [cid for cid in getattr(entry.mechanics, "keepsOn", None) or [] if cid not in kept]
    for cid in kept:
        if put_condition(fight, c, cid, source=None, rounds=None, kept=True, quiet=True):
            fight.emit("condition", f"{c.name} keeps {N.label(fight.ruleset, 'condition', cid)} for the whole fight.",
                       target=c.id, condition=cid, kept=True)


def spreading(fight: Fight) -> bool:
    """Whether anything may be spread or parted now: the ruleset has auras and somebody holds
    a condition carrying one, or holds what one spread."""
    rules = aura_rules(fight.ruleset)
    if not rules:
        return False
    return any(h.id in rules or h.aura is not None for c in fight.state.combatants for h in c.conditions)


def _unlocked(fight: Fight, holder: Combatant, aura: Aura) -> bool:
    """`when`, read from the holder's sheet (a holder without one has no values to read)."""
    when = aura.when
    if when is None:
        return True
    view = fight.view(holder)
    if view is None:
        return False
    value = view.value(when.value)
    return (when.atLeast is None or value >= when.atLeast) and (when.atMost is None or value <= when.atMost)


def _on_side(holder: Combatant, other: Combatant, aura: Aura) -> bool:
    if other is holder:
        return bool(aura.self_)
    if aura.side == "all":
        return True
    return (other.side == holder.side) == (aura.side == "allies")


def _within(fight: Fight, holder: Combatant, other: Combatant, aura: Aura) -> bool:
    if other is holder or fight.state.board is None:
        return True
    if holder.position is None or other.position is None:
        return False
    reach = to_cells(float(aura.distance), per_cell(fight)) or 0
    return BF.distance_cells(fight, holder, other) <= reach


def _source_of(holder: Combatant, other: Combatant, aura: Aura) -> bool:
    if not aura.sourcesOf:
        return True
    return any(h.id in aura.sourcesOf and h.source == other.id for h in holder.conditions)


def reaches(fight: Fight, holder: Combatant, other: Combatant, aura: Aura) -> bool:
    """Whether `aura`, held by `holder`, reaches `other` now."""
    return (_on_side(holder, other, aura) and _within(fight, holder, other, aura) and _source_of(holder, other, aura)
            and target_types_refusal(fight, other, aura.targetTypes) is None)


def _wanted(fight: Fight, rules: dict[str, tuple[Aura, ...]]) -> dict[tuple[str, str], list[str]]:
    """(recipient, condition) -> the holders whose auras spread it to them now."""
    wanted: dict[tuple[str, str], list[str]] = {}
    for holder in fight.state.combatants:
        if holder.out or holder.down:
            continue
        auras = [a for h in holder.conditions if h.aura is None and h.id in rules for a in rules[h.id]]
        if not auras or "cannot-act" in N.effects(fight, holder):
            continue
        for aura in auras:
            if not aura.conditions or not _unlocked(fight, holder, aura):
                continue
            for other in fight.state.combatants:
                if other.out or not reaches(fight, holder, other, aura):
                    continue
                for cid in aura.conditions:
                    holders = wanted.setdefault((other.id, cid), [])
                    if holder.id not in holders:
                        holders.append(holder.id)
    return wanted


def spread(fight: Fight) -> None:
    """Puts on what the auras now reach and takes off what they no longer reach."""
    rules = aura_rules(fight.ruleset)
    wanted = _wanted(fight, rules)
    for c in fight.state.combatants:
        for held in [h for h in c.conditions if h.aura is not None]:
            holders = wanted.get((c.id, held.id))
            if holders is None:
                holder = fight.state.combatant(held.aura or "")
                whose = f"{holder.name}'s" if holder is not None else "the"
                remove_condition(fight, c, held, reason=f"{whose} aura no longer reaches them", kind="parted")
            elif held.aura not in holders:
                # Still reached by another holder's aura: it stays, now theirs.
                held.aura = held.source = holders[0]
    for (cid_holder, cid), holders in wanted.items():
        c = fight.get(cid_holder)
        if any(h.id == cid for h in c.conditions):
            continue
        holder = fight.get(holders[0])
        if N.immunity_source(fight, c, cid, applier=holder) is not None:
            # Immune: nothing to put on, and nothing said after every step.
            continue
        if put_condition(fight, c, cid, source=holder.id, rounds=None, aura=holder.id, quiet=True):
            fight.emit("aura", f"{c.name} is {N.label(fight.ruleset, 'condition', cid)}: {holder.name}'s aura "
                       f"reaches them.", target=c.id, condition=cid, holder=holder.id)


__all__ = ["aura_rules", "keep_on", "reaches", "spread", "spreading"]
