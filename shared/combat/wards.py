"""Zones that ward off spells (spec/mechanics-1 "Zones acting on their occupants", 1.179, and
"Wards, saving throws, monster spells and scrolls", 1.181): a zone's `wards` lets nothing from
its `catalogs` used from outside it at its level or lower through to those inside, the level
judged by payment (the pool the use was paid from, costs.level_paid) unless `by: "base"`
(the entry's own level however it was paid for, costs.base_level); `maxLevelPerCostStep`
raised the cap as the ward was cast (zone_state.py).

Owns: `warding` (the zone that keeps a use from a target, or None), `ward_refusal` (the
sentence for a menu or a choice), and `unwarded` (those of a list it reaches). Three places
ask: the menu takes warded creatures off an option's targets (menu_rules.py), an area passes
over them (board/menu.py `caught`), and as an entry lands on each target (entries.py), which
covers a zone's own triggers: a zone cast from outside is a use from outside.

"From outside" is read from where the user stands as it is used: one inside the same zone
reaches those inside with it. A use with no catalog (a weapon, a creature's own action) is
never warded.
"""

from __future__ import annotations

from typing import Iterable

from .costs import base_level, level_paid
from .fight import Fight
from .plans import Plan, cast_from
from .state import Combatant, LastingZone
from .zone_state import inside


def any_wards(fight: Fight) -> bool:
    """Whether a ward stands at all (the cheap test before any per-target work)."""
    return any(z.wards is not None for z in fight.state.zones)


def _level(fight: Fight, plan: Plan, by_base: bool) -> int:
    if by_base:
        mech = plan.mechanics
        return (base_level(fight, mech) or 0) if mech is not None else level_paid(fight, plan.costs)
    return level_paid(fight, plan.costs)


def warding(fight: Fight, actor: Combatant, plan: Plan, target: Combatant) -> tuple[LastingZone, int] | None:
    """The zone whose ward keeps `plan`, used by `actor`, from `target`, with the level it
    was judged at; None when nothing does."""
    if not fight.state.zones:
        return None
    catalog = None
    for zone in fight.state.zones:
        ward = zone.wards
        if ward is None:
            continue
        catalog = catalog or cast_from(plan.entry_ref, plan.source)
        if catalog not in ward.catalogs or not inside(fight, zone, target) or inside(fight, zone, actor):
            continue
        level = _level(fight, plan, ward.by_base)
        if level <= ward.max_level:
            return zone, level
    return None


def ward_refusal(fight: Fight, actor: Combatant, plan: Plan, target: Combatant) -> str | None:
    found = warding(fight, actor, plan, target)
    if found is None:
        return None
    zone, level = found
    return (f"{zone.name} wards {target.name} from {plan.name} at level {level} "
            f"(level {zone.wards.max_level if zone.wards else 0} or lower)")


def unwarded(fight: Fight, actor: Combatant, plan: Plan, targets: Iterable[Combatant]) -> list[Combatant]:
    """Those of `targets` no ward keeps `plan` from (all of them while no ward stands)."""
    if not any_wards(fight):
        return list(targets)
    return [t for t in targets if warding(fight, actor, plan, t) is None]
