"""What the board does to an attack roll (spec/combat-3 "Reach and range", "Line of sight
and cover", "Elevation"; spec/combat-1 the distance condition effects).

Owns: `votes` (advantage and disadvantage: a long shot and a shot with an enemy in the
adjacent cell under `ranged`, the high ground's `advantage`, the holder's
`attacks-against-adjacent-advantage` and `attacks-against-far-disadvantage`),
`defense_parts` (cover's `bonus`/`threeQuarters` added to the defense, the high ground's
`bonus` taken off it; each a named part the log shows) and `adjacent_critical`
(`attacks-from-adjacent-critical`: a hit from the adjacent cell is a critical).

The option being resolved or forecast is `fight.aiming` (its `Plan`); outside a board, or
with nothing aimed, none of this applies. A swing is not a shot, so the `ranged` rules
never touch it, nor a thrown weapon used within its own reach.
"""

from __future__ import annotations

from typing import Any

from .. import numbers as N
from ..numbers import Bonus
from . import battlefield as BF
from .reach import LONG, SHOT, aim_at, span_of
from .sight import HALF, THREE_QUARTERS, cover


def _span(fight: Any, attacker: Any, plan: Any):
    memo = getattr(fight, "span_memo", None)
    if memo is None:
        memo = fight.span_memo = {}
    key = (attacker.id, id(plan))
    if key not in memo:
        memo[key] = (plan, span_of(fight, attacker, plan))
    return memo[key][1]


def how(fight: Any, attacker: Any, target: Any, plan: Any) -> str | None:
    """swing / shot / long / out for `plan` from where the attacker stands, or None."""
    if plan is None or attacker.position is None or target.position is None:
        return None
    span = _span(fight, attacker, plan)
    if span is None:
        return None
    return aim_at(span, BF.distance_cells(attacker, target), range_bonus(fight, attacker, target))


def higher(fight: Any, attacker: Any, target: Any) -> bool:
    g = BF.grid(fight)
    return g.level(*BF.cell_of(attacker)) > g.level(*BF.cell_of(target))


def range_bonus(fight: Any, attacker: Any, target: Any) -> int:
    elevation = fight.combat.elevation
    if elevation is None or not elevation.rangeBonus or not higher(fight, attacker, target):
        return 0
    return elevation.rangeBonus


def votes(fight: Any, attacker: Any, target: Any) -> tuple[int, int]:
    if not BF.on_board(fight) or attacker.position is None or target.position is None or attacker is target:
        return 0, 0
    adv = dis = 0
    kind = how(fight, attacker, target, getattr(fight, "aiming", None))
    ranged = fight.combat.ranged
    if ranged is not None and kind in (SHOT, LONG):
        if kind == LONG and ranged.long == "disadvantage":
            dis += 1
        if ranged.adjacentFoe == "disadvantage" and any(BF.adjacent(attacker, o) for o in BF.standing_foes(fight, attacker)):
            dis += 1
    elevation = fight.combat.elevation
    if elevation is not None and elevation.highGround == "advantage" and higher(fight, attacker, target):
        adv += 1
    near = BF.adjacent(attacker, target)
    adv += N.effect_count(fight, target, "attacks-against-adjacent-advantage") if near else 0
    dis += N.effect_count(fight, target, "attacks-against-far-disadvantage") if not near else 0
    return adv, dis


def cover_grade(fight: Any, attacker: Any, target: Any) -> str:
    g = BF.grid(fight)
    bodies: set = set()
    rule = fight.combat.cover
    if rule is not None and rule.creatures:
        bodies = {BF.cell_of(c) for c in BF.present(fight)
                  if not c.down and c.id not in (attacker.id, target.id)}
    return cover(g, BF.cell_of(attacker), BF.cell_of(target), bodies=bodies)


def defense_parts(fight: Any, attacker: Any, target: Any) -> list[Bonus]:
    if not BF.on_board(fight) or attacker.position is None or target.position is None or attacker is target:
        return []
    parts: list[Bonus] = []
    rule = fight.combat.cover
    if rule is not None:
        grade = cover_grade(fight, attacker, target)
        if grade == HALF and rule.bonus:
            parts.append(Bonus("half cover", rule.bonus))
        elif grade == THREE_QUARTERS:
            value = rule.threeQuarters if rule.threeQuarters is not None else rule.bonus
            if value:
                parts.append(Bonus("three-quarters cover", value))
    elevation = fight.combat.elevation
    if elevation is not None and not isinstance(elevation.highGround, str | None) and higher(fight, attacker, target):
        parts.append(Bonus("high ground", -elevation.highGround.bonus))
    return parts


def adjacent_critical(fight: Any, attacker: Any, target: Any) -> bool:
    return (BF.on_board(fight) and BF.adjacent(attacker, target)
            and N.effect_count(fight, target, "attacks-from-adjacent-critical") > 0)
