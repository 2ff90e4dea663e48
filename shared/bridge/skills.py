"""How a catalog entry becomes one of Marinara's combat skills (spec/combat-1 "How entries
become skills"), or why it is left out.

Owns: `to_skill(ruleset, battle, catalog, entry, name)`, the host skill's shape and the conversion
rules, and `MULTIPLIER_RANGE`:

- `kind` is the skill type; `utility`, `rider` and entries with a `reaction` are left out.
- `amount` is a multiplier on the combatant's own attack, never a damage number: its mean
  (dice mean plus flat) mapped by `0.5 + mean / 8`, rounded to hundredths and kept within
  `MULTIPLIER_RANGE`, so a bigger die never hits weaker. No amount is 1.
- `range` and `area.size` are divided by the catalog's `units.distance.perCell` (else
  `combat.distance.perCell`, else 1) and rounded down, but a distance above 0 is never
  0 cells. A burst is its radius, a cone half of that (at least 1), a line one cell; an
  area targets every enemy in it and keeps `friendlyFire`.
- `damageType` is the element; `targets` is not brought in.
- Costs on the energy pool add up to the MP cost; exactly one slot of one level is a slot
  cost. Two slots, slots of two levels, a slot with energy, or a cost on any other pool
  leave the entry out.
- `applies` conditions of a buff or a debuff become its buffs or debuffs; nothing else
  the entry promises is applied.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from shared.dice import parse_dice
from shared.ruleset.battle import Battle
from shared.ruleset.catalogs import Catalog, CatalogEntry
from shared.ruleset.mechanics.amounts import Amount
from shared.ruleset.mechanics import Mechanics
from shared.ruleset.package import Ruleset
from shared.sheet.view import slug

#: The multipliers Marinara's generated skills use (this service's model of the host).
MULTIPLIER_RANGE = (0.5, 3.0)
SKILL_KINDS = ("attack", "heal", "buff", "debuff")


def multiplier(amount: Amount | None) -> float:
    if amount is None:
        return 1.0
    mean = Fraction(amount.flat or 0)
    if amount.dice is not None:
        mean += parse_dice(amount.dice).mean
    low, high = MULTIPLIER_RANGE
    return min(max(round(0.5 + float(mean) / 8, 2), low), high)


def per_cell(ruleset: Ruleset, catalog: Catalog) -> float:
    units = catalog.units
    if units is not None and units.distance is not None:
        return units.distance.perCell
    distance = ruleset.combat.distance if ruleset.combat is not None else None
    return distance.perCell if distance is not None else 1


def cells(distance: float, unit: float) -> int:
    if distance <= 0:
        return 0
    return max(1, math.floor(distance / unit))


def _costs(entry_mech: Mechanics, battle: Battle) -> tuple[int, int | None] | str:
    """(MP cost, slot level or None), or why the entry is left out."""
    energy = battle.energy.pool if battle.energy is not None else None
    slot_levels = {s.pool: s.level for s in battle.slots or []}
    mp = 0
    slots: list[tuple[int, int]] = []
    for item in entry_mech.cost or []:
        if item.pool == energy:
            mp += item.amount
        elif item.pool in slot_levels:
            slots.append((slot_levels[item.pool], item.amount))
        elif item.pool == battle.health.pool:
            return f"it costs {item.pool}, the health pool, and combat cannot burn health as fuel"
        else:
            return f"it costs {item.pool}, which combat does not spend, so it would be free"
    if not slots:
        return mp, None
    if mp:
        return "it costs a slot and energy together, and combat charges only one of them"
    if len(slots) > 1:
        return "it costs slots of two levels, and combat spends one slot at a time"
    level, count = slots[0]
    if count != 1:
        return f"it costs {count} slots, and combat spends one slot at a time"
    return 0, level


def to_skill(ruleset: Ruleset, battle: Battle, catalog: Catalog, entry: CatalogEntry, name: str) -> dict[str, Any] | str:
    """The host skill for `entry` (shown as `name`) through the ruleset's `battle` block, or why it
    is left out."""
    mech = entry.mechanics
    if mech is None:
        return "its catalog entry has no mechanics"
    if mech.kind not in SKILL_KINDS:
        return f"it is a {mech.kind} entry, and combat has no place for it"
    if mech.reaction is not None:
        return "it is a reaction, and combat has no place for it"
    costs = _costs(mech, battle)
    if isinstance(costs, str):
        return costs
    mp, slot = costs
    unit = per_cell(ruleset, catalog)
    area = None
    if mech.area is not None:
        size = cells(mech.area.size, unit)
        if mech.area.shape == "burst":
            area = {"shape": "burst", "radius": size}
        elif mech.area.shape == "cone":
            area = {"shape": "cone", "radius": max(1, size // 2)}
        else:
            area = {"shape": "line", "width": 1, "length": size}
    amount = mech.amount if mech.amount is not None else None
    conditions = [a.condition for a in mech.applies or []]
    return {
        "id": slug(name) or entry.id,
        "name": name,
        "catalog": f"{catalog.id}/{entry.id}",
        "type": mech.kind,
        "multiplier": multiplier(amount),
        "range": cells(mech.range, unit) if mech.range is not None else 0,
        "area": area,
        "allEnemiesInArea": area is not None,
        "friendlyFire": bool(mech.friendlyFire) if area is not None else False,
        "element": mech.damageType,
        "mpCost": mp,
        "slotLevel": slot,
        "buffs": conditions if mech.kind == "buff" else [],
        "debuffs": conditions if mech.kind == "debuff" else [],
    }
