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
board it reaches everyone on its side) or, `orSeen` (1.270), anyone who sees the holder
however far away, passing its `targetTypes` and, with `sourcesOf`, only those who applied
one of those conditions to the holder; with `chosenKind` (1.270), only creatures of the
kind the use that applied the holder's condition named. `needs` (1.265): the recipient must have those
senses, and neither of the two may stand where a zone's `inside.conditions` take one away
(Countercharm stops at Silence). An aura a creature became immune to (`aura_immune`, a
saved `immuneOnSuccess` or an ended `immuneWhenEnds`: aura_saves.py) reaches them no more.
`when` reads the holder's sheet. A holder who is down, out of the fight or has `cannot-act` spreads nothing. A
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
from .creature_types import of_kind
from .condition_on import put_condition
from .fight import Fight, combat_block
from .seeing import lacks, sees
from .sizes import side
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
    if holder.position is not None and other.position is not None:
        reach = to_cells(float(aura.distance), per_cell(fight)) or 0
        if BF.distance_cells(fight, holder, other) <= reach:
            return True
    # `orSeen` (1.270): whoever sees the holder, however far away (asked only past its distance).
    return bool(aura.orSeen) and sees(fight, other, holder)


def _place_takes(fight: Fight, c: Combatant, needs: list[str]) -> str | None:
    """The first of `needs` a zone's `inside.conditions` take away where `c` stands."""
    rules = N.condition_rules(fight.ruleset)
    # The conditions a zone's `inside` puts in force where `c` stands (numbers.PLACED).
    for cid in (cid for place in N.PLACED for cid in place(fight, c)):
        rule = rules.get(cid)
        taken = [s for s in (rule.lacks if rule is not None else None) or [] if s in needs]
        if taken:
            return str(taken[0])
    return None


def sensed(fight: Fight, holder: Combatant, other: Combatant, aura: Aura) -> bool:
    """`needs` (1.265): `other` has every sense named, and neither stands where a zone takes
    one away."""
    needs = aura.needs
    if not needs:
        return True
    if any(s in needs for s in lacks(fight, other)):
        return False
    if not fight.state.zones:
        return True
    return _place_takes(fight, holder, needs) is None and _place_takes(fight, other, needs) is None


def aura_key(holder: Combatant, cid: str, index: int) -> str:
    """The name one aura of one holder goes by in `Combatant.aura_immune`."""
    return f"{holder.id}/{cid}/{index}"


def holder_auras(fight: Fight, holder: Combatant, rules: dict[str, tuple[Aura, ...]]) -> list[tuple[str, str, Aura]]:
    """(key, condition, aura) for each aura `holder` spreads now: none while they are down,
    out of the fight or cannot act, and none locked by its `when`."""
    if holder.out or holder.down:
        return []
    found = [(aura_key(holder, h.id, i), h.id, a) for h in holder.conditions if h.aura is None and h.id in rules
             for i, a in enumerate(rules[h.id])]
    if not found or "cannot-act" in N.effects(fight, holder):
        return []
    return [f for f in found if _unlocked(fight, holder, f[2])]


def harmful_cells(fight: Fight, actor: Combatant) -> frozenset[tuple[int, int]]:
    """The cells where another's aura that harms or calls for a save (1.265) would reach
    `actor` by its distance and side (an ally's aura on `all` burns its friends too): what
    the Engine's walks count as harm taken (board/tactics.py). Empty for a package without
    auras (one dictionary look-up) and off the board."""
    rules = aura_rules(fight.ruleset)
    if not rules or fight.state.board is None:
        return frozenset()
    cells: set[tuple[int, int]] = set()
    for holder in fight.state.combatants:
        if holder is actor or holder.position is None:
            continue
        foe = holder.side != actor.side
        for key, _cid, aura in holder_auras(fight, holder, rules):
            if (aura.harms is None and aura.save is None) or key in actor.aura_immune:
                continue
            if aura.side != "all" and (aura.side == "enemies") != foe:
                continue
            reach = to_cells(float(aura.distance), per_cell(fight)) or 0
            (hx, hy), size = BF.cell_of(holder), side(fight, holder)
            span = range(-reach, size + reach)
            cells.update((hx + dx, hy + dy) for dx in span for dy in span)
    return frozenset(cells)


def _source_of(holder: Combatant, other: Combatant, aura: Aura) -> bool:
    if not aura.sourcesOf:
        return True
    return any(h.id in aura.sourcesOf and h.source == other.id for h in holder.conditions)


def _of_chosen_kind(fight: Fight, holder: Combatant, other: Combatant, aura: Aura) -> bool:
    """`chosenKind` (1.270): `other` is of a kind named by the use that applied the
    condition carrying this aura (`HeldCondition.chosen_kind`); none named reaches nobody."""
    if not aura.chosenKind:
        return True
    rules = aura_rules(fight.ruleset)
    return any(of_kind(fight, other, h.chosen_kind) for h in holder.conditions
               if h.chosen_kind is not None and h.aura is None and any(a is aura for a in rules.get(h.id, ())))


def reaches(fight: Fight, holder: Combatant, other: Combatant, aura: Aura, key: str | None = None) -> bool:
    """Whether `aura` (named `key`), held by `holder`, reaches `other` now."""
    if other.out or (key is not None and key in other.aura_immune):
        return False
    return (_on_side(holder, other, aura) and _within(fight, holder, other, aura) and _source_of(holder, other, aura)
            and target_types_refusal(fight, other, aura.targetTypes) is None and sensed(fight, holder, other, aura)
            and _of_chosen_kind(fight, holder, other, aura))


def _wanted(fight: Fight, rules: dict[str, tuple[Aura, ...]]) -> dict[tuple[str, str], list[str]]:
    """(recipient, condition) -> the holders whose auras spread it to them now."""
    wanted: dict[tuple[str, str], list[str]] = {}
    for holder in fight.state.combatants:
        for key, _cid, aura in holder_auras(fight, holder, rules):
            if not aura.conditions:
                continue
            for other in fight.state.combatants:
                if not reaches(fight, holder, other, aura, key):
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


__all__ = ["aura_key", "aura_rules", "harmful_cells", "holder_auras", "keep_on", "reaches", "sensed", "spread", "spreading"]
