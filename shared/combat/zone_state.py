"""Lasting zones in the battle state (spec/mechanics-1 "Lasting zones", Capability API 1.172):
laying one down when its entry is cast, where it lies, whom it affects, listing it, and ending
it.

Owns: `lay_zone` (the `LastingZone` record an entry with `zone` leaves, replacing the one the
same caster's same entry left before), `zone_cells`, `inside`, `affects`, `zone_list` (the
battle's list: "Moonbeam, 10 rounds"), `end_zone` and `end_zones_of` (concentration over, the
caster defeated: "Moonbeam ends: Ilsa stops concentrating."), `count_down` (rounds counted on
the caster's turns), the `STEPPED` table the board's walk calls for each step and the
`LANDED` table a teleport calls where it lands, `lay_smoke` (a teleport's smoke, 1.279: a zone
record with a `cloud` of its own) (zones.py
registers what a step into a zone sets off, since what it sets off lands an entry, a layer
above the walk), and `ENDED`, what a zone does as it ends (a detonation, 1.183); `count_down`
grows a zone that `grows`; `immune_inside` and `conditions_inside`, what a zone's `inside`
(1.179) does to those in it; `damage_lands` and `area_lands` set alight a zone that `burns`
(1.183) as damage of its types lands on anyone inside or an area of it on its cells;
a zone's `wards` (1.179, 1.181) is kept as `ZoneWard` with its level cap (wards.py plays it).

The record keeps the plan the entry was cast with (plan_codec JSON): a trigger applies the
entry's effect again with the same save DC and payment. Readings the spec leaves open are in
docs/board.md "Lasting zones".
"""

from __future__ import annotations

from typing import Callable

from .board import battlefield as BF
from .board.areas import Shape, cells_of, placed_cells
from .board.reach import span_of
from .board.units import per_cell, to_cells
from .fight import Fight
from .plan_codec import plan_to_json
from .plans import Plan
from ..ruleset.mechanics.zones import Wards
from .state import Cloud, Combatant, LastingZone, ZoneWard
from .walls import rise

Cell = tuple[int, int]

#: What a step into `cell` from `here` sets off for the walker (zones.py registers it).
STEPPED: list[Callable[[Fight, Combatant, Cell, Cell], None]] = []
#: What a zone does as it ends (zones.py registers a detonation, 1.183).
ENDED: list[Callable[[Fight, LastingZone], None]] = []
#: What landing on `cell` from `here` without a step in between (a teleport, mechanics-3
#: 1.276) sets off: `enter` alone, no terrain crossed (zones.py registers it).
LANDED: list[Callable[[Fight, Combatant, Cell, Cell], None]] = []


def lay_smoke(fight: Fight, actor: Combatant, plan: Plan, cells: list[Cell], cloud: Cloud) -> LastingZone:
    """A teleport's `smoke` (mechanics-3 1.279): a cloud on `cells` (those the user left and
    arrived at) that obscures as a zone's `obscures` does (obscurement.py reads its `cloud`),
    from now until the end of the user's next turn: 1 round, their turn ending now, if it is
    theirs, not counted (`fresh`, as a zone's casting turn)."""
    zone = LastingZone(entry=plan.entry_ref or f"{actor.id}/{plan.name}", name=f"{plan.name}'s smoke", owner=actor.id,
                       plan=plan_to_json(plan), shape="cloud", size=1, rounds=1, fresh=fight.state.current() is actor,
                       cells=[[x, y] for x, y in sorted(set(cells), key=lambda c: (c[1], c[0]))], cloud=cloud)
    fight.state.zones.append(zone)
    where = "; ".join(f"{x}, {y}" for x, y in zone.cells)
    fight.emit("zone", f"{zone.name} hangs on {where} until the end of {actor.name}'s next turn.", actor=actor.id,
               zone=zone.entry, cells=zone.cells, rounds=zone.rounds)
    return zone


def zone_cells(zone: LastingZone) -> set[Cell]:
    return {(c[0], c[1]) for c in zone.cells}


def inside(fight: Fight, zone: LastingZone, c: Combatant) -> bool:
    """Whether `c` stands in the zone (off the board: whether it holds them)."""
    if fight.state.board is None or c.position is None:
        return c.id in zone.holds
    cells = zone_cells(zone)
    return any(cell in cells for cell in BF.body(fight, c))


def set_off(fight: Fight, zone: LastingZone, c: Combatant, trigger: str) -> bool:
    """Whether `c` stands where `trigger` sets the zone off: in its cells for its own
    triggers, on a wall's chosen side for the side's (1.177); off the board, whether it
    holds them."""
    if fight.state.board is None or c.position is None:
        return trigger in zone.triggers and c.id in zone.holds
    cells = zone.cells_for(trigger)
    return any(cell in cells for cell in BF.body(fight, c))


def affects(fight: Fight, zone: LastingZone, c: Combatant) -> bool:
    """Whether the zone can affect `c` at all: standing, present, and not on the side
    `friendlyFire: false` spares."""
    if c.out or (c.down and not c.position):
        return False
    return not zone.spares_one(c)


def shape_of(zone: LastingZone) -> Shape:
    return Shape(zone.shape, zone.size, zone.width)


def lay_cells(fight: Fight, zone: LastingZone, centre: Cell) -> list[list[int]]:
    """The zone's cells with its centre on `centre` (a burst moved or drifted)."""
    origin = (zone.origin[0], zone.origin[1]) if zone.origin is not None else centre
    return [[x, y] for x, y in cells_of(BF.grid(fight), shape_of(zone), origin, centre)]


def lay_zone(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> LastingZone | None:
    """The zone `plan`'s entry leaves as it is cast, replacing the one this caster's same
    entry left; those the casting affects count as affected this turn (unless `atCast:
    false`, when the casting does nothing)."""
    mech = plan.mechanics
    spec = mech.zone if mech is not None else None
    if spec is None:
        return None
    ref = plan.entry_ref or plan.name
    for old in [z for z in fight.state.zones if z.owner == actor.id and z.entry == ref]:
        end_zone(fight, old, f"{actor.name} casts it again")
    area = mech.area
    friendly = getattr(area, "friendlyFire", None)
    if friendly is None:
        friendly = getattr(mech, "friendlyFire", None)
    terrain = spec.terrain
    least = 1
    if terrain is not None:
        # `costTimes` replaces `difficult`, which is `costTimes: 2` (1.175).
        least = terrain.costTimes or (2 if terrain.difficult else 1)
    every = None
    if terrain is not None and terrain.perDistance is not None:
        every = to_cells(terrain.perDistance.every, per_cell(fight, plan.entry_catalog)) or 1
    zone = LastingZone(
        entry=ref, name=plan.name, owner=actor.id, plan=plan_to_json(plan), shape=area.shape, size=1,
        rounds=spec.rounds, fresh=fight.state.current() is actor, concentration=bool(mech.concentration),
        # A zone that detonates does nothing while it stands (1.183).
        triggers=[] if spec.detonates else list(spec.triggers or []),
        spares=actor.side if friendly is False else None, least=least, every=every,
        times=2 if terrain is not None and terrain.halvesSpeed else 1, carried=spec.anchor == "caster",
        toward=bool(terrain is not None and terrain.towardCaster),
        forbids=list(spec.forbids.components) if spec.forbids is not None else [],
        burns=list(spec.burns.by) if spec.burns is not None else [],
        inside_conditions=list(spec.inside.conditions or []) if spec.inside is not None else [],
        inside_immune=list(spec.inside.immune or []) if spec.inside is not None else [],
        while_held=spec.whileHeld.condition if spec.whileHeld is not None else None,
        detonates=bool(spec.detonates), grown=0 if spec.grows is not None else None, touched=bool(spec.touched),
        affected=[] if spec.atCast is False else [t.id for t in targets], wards=_ward(spec.wards, plan))
    span = span_of(fight, actor, plan) if fight.state.board is not None and actor.position is not None else None
    if span is not None and span.area is not None and plan.aim is not None:
        zone.size, zone.width = span.area.size, span.area.width
        zone.centre = [plan.aim[0], plan.aim[1]]
        here = BF.cell_of(actor)
        zone.origin = [here[0], here[1]]
        if span.area.shape == "wall" or plan.placing is not None:
            # A wall as the choice laid it out, a burst or box with its copies (1.177, 1.178).
            zone.cells = [[x, y] for x, y in placed_cells(BF.grid(fight), span.area, here, plan.aim, plan.placing)]
            if plan.placing is not None and plan.placing.copies:
                # Placed several times, it stays where it was cast (1.178): no centre to move.
                zone.centre = None
        else:
            zone.cells = lay_cells(fight, zone, plan.aim)
        where = f"on {plan.aim[0]}, {plan.aim[1]} ({len(zone.cells)} cell{'s' if len(zone.cells) != 1 else ''})"
    else:
        zone.holds = [t.id for t in targets]
        where = "on " + ", ".join(t.name for t in targets) if targets else "where it was cast"
    fight.state.zones.append(zone)
    fight.emit("zone", f"{zone.name} stays {where} for {_rounds(zone.rounds)}.", actor=actor.id, zone=zone.entry,
               cells=zone.cells, rounds=zone.rounds)
    if span is not None and span.area is not None and span.area.shape == "wall":
        rise(fight, actor, plan, zone, span.area)
    return zone


def _ward(wards: Wards | None, plan: Plan) -> ZoneWard | None:
    """`wards` as the casting leaves it: `maxLevelPerCostStep` (1.181) blocks one level more
    (or its number more) for each step the ward itself was paid above its base."""
    if wards is None:
        return None
    more = (wards.maxLevelPerCostStep or 0) * plan.cost_steps
    return ZoneWard(catalogs=list(wards.catalogs), max_level=wards.maxLevel + more, by_base=wards.by == "base")


def immune_inside(fight: Fight, c: Combatant, dtype: str) -> bool:
    """Whether a zone `c` stands in makes them immune to `dtype` while there (`inside.immune`,
    1.179)."""
    return any(dtype in z.inside_immune and inside(fight, z, c) and affects(fight, z, c) for z in fight.state.zones)


def conditions_inside(fight: Fight, c: Combatant) -> list[str]:
    """The conditions the zones `c` stands in put in force on them (`inside.conditions`,
    1.179): read beside what they hold, never held, so leaving the zone ends them."""
    out: list[str] = []
    for z in fight.state.zones:
        if z.inside_conditions and inside(fight, z, c) and affects(fight, z, c):
            out += [cid for cid in z.inside_conditions if cid not in out]
    return out


def damage_lands(fight: Fight, target: Combatant, dtype: str | None) -> None:
    """Damage of `dtype` landed on `target`: a zone that `burns` from it and holds them
    catches fire (1.183)."""
    for zone in fight.state.zones:
        if dtype in zone.burns and not zone.burning and inside(fight, zone, target):
            _catch_fire(fight, zone, f"{dtype} damage lands on {target.name}")


def area_lands(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """An area of damage of the entry's type landed on cells (1.183): a zone that `burns` from
    it and has one of them catches fire, whoever stands there."""
    mech = plan.mechanics
    dtype = getattr(mech, "damageType", None)
    if not any(dtype in z.burns for z in fight.state.zones) or getattr(mech, "amount", None) is None:
        return
    span = span_of(fight, actor, plan) if fight.state.board is not None and actor.position is not None else None
    if span is None or span.area is None or plan.aim is None:
        return
    struck = set(placed_cells(BF.grid(fight), span.area, BF.cell_of(actor), plan.aim, plan.placing))
    ref = plan.entry_ref or plan.name
    for zone in fight.state.zones:
        # The zone the same casting leaves is not struck by it.
        if dtype in zone.burns and not zone.burning and not (zone.entry == ref and zone.owner == actor.id) \
                and struck & zone_cells(zone):
            _catch_fire(fight, zone, f"{plan.name} lands {dtype} on its cells")


def _catch_fire(fight: Fight, zone: LastingZone, why: str) -> None:
    zone.burning = True
    fight.emit("zone", f"{zone.name} catches fire: {why}.", zone=zone.entry)


def _rounds(n: int) -> str:
    return f"{n} round{'s' if n != 1 else ''}"


def zone_list(fight: Fight) -> list[str]:
    """The battle's list of zones with the caster's turns each has left."""
    return [f"{z.name}, {_rounds(z.rounds)}" for z in fight.state.zones]


def end_zone(fight: Fight, zone: LastingZone, reason: str) -> None:
    if zone not in fight.state.zones:
        return
    fight.state.zones.remove(zone)
    fight.emit("zone-ends", f"{zone.name} ends: {reason}.", zone=zone.entry, owner=zone.owner)
    for hook in ENDED:
        hook(fight, zone)


def end_zones_of(fight: Fight, owner: Combatant, reason: str, *, concentration: bool) -> None:
    """Ends the zones `owner` keeps up (with `concentration`, only those their
    concentration sustains)."""
    for zone in [z for z in fight.state.zones if z.owner == owner.id and (z.concentration or not concentration)]:
        end_zone(fight, zone, reason)


def count_down(fight: Fight, owner: Combatant) -> None:
    """One of the caster's turns is over: each of their zones that grows grows (1.183, the
    casting turn included), and each has one round less (the casting turn not counted, as for a
    summon: 1.172), and ends at 0."""
    for zone in [z for z in fight.state.zones if z.owner == owner.id]:
        if zone.grown is not None:
            zone.grown += 1
            fight.emit("zone", f"{zone.name} grows ({zone.grown} time{'s' if zone.grown != 1 else ''}).",
                       zone=zone.entry, grown=zone.grown)
        if zone.fresh:
            zone.fresh = False
            continue
        zone.rounds -= 1
        if zone.rounds <= 0:
            end_zone(fight, zone, "its time is up")


def new_turn(fight: Fight) -> None:
    """A turn begins: everyone may be affected again (once per turn)."""
    for zone in fight.state.zones:
        zone.affected = []


def stepped(fight: Fight, mover: Combatant, here: Cell, there: Cell) -> None:
    for hook in STEPPED:
        hook(fight, mover, here, there)


def landed(fight: Fight, mover: Combatant, here: Cell, there: Cell) -> None:
    for hook in LANDED:
        hook(fight, mover, here, there)
