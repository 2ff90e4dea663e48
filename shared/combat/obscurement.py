"""Zones that obscure, and the wind that disperses them (spec/mechanics-1 "Sight", 1.178;
spec/mechanics-3 "Light obscurement and wind", 1.286).

Owns, for the lasting zones on the board (zone_state.py's records, read with their entry's
`zone` rule):
- `heavy`: the cells a zone with `obscures` hides, each with the senses that pierce it
  (Fog Cloud: none; Darkness: blindsight and truesight), registered as seeing.py's
  `OBSCURING`;
- `light`: the cells a zone with `obscures.light` only lightly obscures (seeing.py's
  `LIGHTLY`: it hides nobody, but someone seen through or inside it is not seen clearly,
  which Hide takes into account, hiding.py);
- `disperse`: after each step, a zone whose rule `disperses` (Gust of Wind) ends every
  `obscures.dispersed` zone it meets (shares a cell with), with the concentration that
  holds it. Darkness says neither, so wind leaves it alone.
A teleport's smoke (1.279, board/smoke.py) is a zone record with a `cloud` of its own,
read here exactly as a zone rule's `obscures`. Nothing here runs while no zone stands.
"""

from __future__ import annotations

from typing import Any

from . import concentration as CC
from . import zone_state as ZS
from .fight import Fight
from .seeing import LIGHTLY, OBSCURING
from .state import LastingZone
from .support import find_catalog_entry

Cell = tuple[int, int]


def zone_rule(fight: Fight, zone: LastingZone) -> Any:
    """The `zone` rule of the entry (or item use) that left `zone`, or None (a teleport's
    smoke is no entry's zone)."""
    if zone.cloud is not None:
        return None
    entry = find_catalog_entry(fight.ruleset, zone.entry)
    if entry is None:
        return None
    mech = entry.mechanics if entry.mechanics is not None else getattr(entry.item, "use", None)
    return getattr(mech, "zone", None)


def _obscuring(fight: Fight) -> list[tuple[LastingZone, Any]]:
    out = []
    for zone in fight.state.zones:
        if zone.cloud is not None:
            # A teleport's smoke obscures as a zone's `obscures` would (1.279).
            out.append((zone, zone.cloud))
            continue
        rule = zone_rule(fight, zone)
        if rule is not None and rule.obscures is not None:
            out.append((zone, rule.obscures))
    return out


def heavy(fight: Fight) -> dict[Cell, list[str]]:
    """Each cell a (not light) obscuring zone covers, with the senses that see through it."""
    if not fight.state.zones:
        return {}
    cells: dict[Cell, list[str]] = {}
    for zone, obscures in _obscuring(fight):
        if obscures.light:
            continue
        pierced = list(obscures.pierced or [])
        for cell in ZS.zone_cells(zone):
            # Under two zones, only a sense piercing both sees through.
            cells[cell] = [s for s in cells[cell] if s in pierced] if cell in cells else pierced
    return cells


def light(fight: Fight) -> set[Cell]:
    """The cells a lightly obscuring zone covers."""
    if not fight.state.zones:
        return set()
    return {cell for zone, obscures in _obscuring(fight) if obscures.light for cell in ZS.zone_cells(zone)}


def disperse(fight: Fight) -> None:
    """A dispersing zone ends each dispersed obscuring zone it meets, with the concentration
    holding it."""
    if len(fight.state.zones) < 2:
        return
    winds = [z for z in fight.state.zones if getattr(zone_rule(fight, z), "disperses", None)]
    if not winds:
        return
    for zone, obscures in _obscuring(fight):
        if not obscures.dispersed or zone not in fight.state.zones:
            continue
        wind = next((w for w in winds if w is not zone and ZS.zone_cells(w) & ZS.zone_cells(zone)), None)
        if wind is None:
            continue
        reason = f"{wind.name} disperses it"
        owner = fight.state.combatant(zone.owner)
        if owner is not None and owner.concentration is not None and zone.concentration \
                and owner.concentration.entry == zone.entry:
            CC.end_concentration(fight, owner, reason=f"{wind.name} disperses {zone.name}")
        ZS.end_zone(fight, zone, reason)


OBSCURING.append(heavy)
LIGHTLY.append(light)
