"""What lasting zones do (spec/mechanics-1 "Lasting zones", 1.172, and "Moving zones and zone
terrain", 1.173); the records themselves are zone_state.py's.

Owns: the triggers (`turn_starts` and `turn_ends` as a creature's turn starts or ends in a
zone, and `enter` as a walk's step or a moved zone reaches them; a creature is affected once
per turn whatever the trigger), `drift` as the caster's turn starts, the terrain's harm per distance moved inside a zone
(`terrain.perDistance`, counted on every step of a walk into one of its cells), and the
"Move <zone>" option (`zone.move`: its budget, any cell within `distance` of its centre,
newcomers affected as `enter` says; `ram` stops it at the first and affects them, 1.175), a zone carried by its caster (`anchor: "caster"`, 1.172,
1.182: each of her steps moves it, and a teleport's landing, and whom it reaches is affected as
`enter` says) and
"Turn <zone>" (`zone.turn`), a zone that detonates as it ends (1.183, through
zone_state.ENDED; `touched` as a walker enters its centre), a zone on fire (`burns`, 1.183:
its harm at turn start, burning away at its caster's); on its triggers `breaksConcentration` (1.174), the zone's
own `damageType` (1.198) and `whileHeld` (1.175) at a held creature's turn start, and the
components a zone `forbids` inside it (1.179, through components.FORBIDDING) and the conditions
its `inside` puts in force there (through numbers.PLACED). A trigger applies the entry's own effect to the one
creature through the entry's own resolution (entries.entry_lands_on), with the save DC and
payment it was cast with.
"""

from __future__ import annotations

from typing import Callable

from ..dice import parse_dice
from ..ruleset.mechanics.amounts import Amount
from . import components as COMPONENTS
from . import effects as E
from . import saves as SV
from . import concentration as CC
from . import numbers as N
from . import zone_state as ZS
from .entries import entry_lands_on
from .board import battlefield as BF
from .board.areas import aim_cells
from .board.units import per_cell, say, steps, to_cells
from .fight import Fight
from .paying import spend_budget
from .plan_codec import plan_from_json
from .plans import MenuItem, Option, Plan
from .rolls import roll_damage
from .state import Combatant, LastingZone
from .wall_sections import broken_touch

Cell = tuple[int, int]


def _spec(fight: Fight, zone: LastingZone) -> tuple[Combatant, Plan] | None:
    owner = fight.state.combatant(zone.owner)
    if owner is None or zone.cloud is not None:
        # A teleport's smoke (1.279) only obscures: no entry's zone rule to play.
        return None
    plan = plan_from_json(fight, owner, zone.plan)
    return owner, plan


def touch(fight: Fight, zone: LastingZone, c: Combatant, why: str) -> None:
    """The zone applies its entry's effect to `c`, once per turn."""
    if c.id in zone.affected or not ZS.affects(fight, zone, c) or c.down:
        return
    found = _spec(fight, zone)
    if found is None:
        return
    owner, plan = found
    zone.affected.append(c.id)
    if zone.centre is not None:
        # Saves against it measure cover from where it lies (board/save_cover.py).
        plan.aim = (zone.centre[0], zone.centre[1])
    spec = plan.mechanics.zone
    if spec.damageType is not None:
        # 1.198: its triggers (and rams) deal their own type; the casting kept the entry's.
        plan.mechanics = plan.mechanics.model_copy(update={"damageType": spec.damageType})
    event = fight.emit("zone", f"{zone.name} affects {c.name}: {why}.", zone=zone.entry, target=c.id)
    if zone.sections and c.position is not None and BF.cell_of(c) in zone.broken_cells():
        # A broken wall section does its own harm, not the entry's (mechanics-2 1.200).
        broken_touch(fight, zone, c)
        return
    if spec.breaksConcentration:
        _break_concentration(fight, zone, plan, c)
    entry_lands_on(fight, owner, plan, c)
    _count(fight, zone, plan, _dealt_since(fight, event.seq))


def _break_concentration(fight: Fight, zone: LastingZone, plan: Plan, c: Combatant) -> None:
    """`breaksConcentration` (1.174): before the entry's effect, a concentrating creature it
    affects rolls the ruleset's concentration save against the entry's own save DC."""
    conc = fight.combat.concentration
    if c.concentration is None or conc is None:
        return
    dc = plan.save_dc if plan.save_dc is not None else 10
    if not SV.roll_save(fight, c, conc.save, dc, why=f"to keep concentrating on {c.concentration.label}"):
        CC.end_concentration(fight, c, reason=f"{zone.name} breaks it")


def _dealt_since(fight: Fight, seq: int) -> int:
    """The damage the events after `seq` dealt (what landed on each)."""
    total = 0
    for ev in reversed(fight.state.events):
        if ev.seq <= seq:
            break
        if ev.kind == "damage":
            total += int(ev.data.get("amount") or 0)
    return total


def _count(fight: Fight, zone: LastingZone, plan: Plan, dealt: int) -> None:
    """`damageCap` (1.174): the zone ends once it has dealt that much in all."""
    zone.dealt += dealt
    cap = plan.mechanics.zone.damageCap
    if cap is not None and zone.dealt >= cap:
        ZS.end_zone(fight, zone, f"it has dealt {zone.dealt} damage, its cap of {cap:g}")


def _triggered(fight: Fight, c: Combatant, trigger: str, why: str) -> None:
    for zone in list(fight.state.zones):
        if c.down or c.out:
            return
        if zone not in fight.state.zones:
            continue
        if trigger == "turn-start" and zone.while_held is not None and ZS.inside(fight, zone, c) and _held_by(zone, c):
            _while_held(fight, zone, c)
        elif ZS.set_off(fight, zone, c, trigger):
            touch(fight, zone, c, why)


def _held_by(zone: LastingZone, c: Combatant) -> bool:
    return any(h.id == zone.while_held and h.source == zone.owner for h in c.conditions)


def _while_held(fight: Fight, zone: LastingZone, c: Combatant) -> None:
    """`whileHeld` (1.175): one who starts their turn in it already held by its condition from
    its caster takes its amount, no save, instead of the zone's own effect (once per turn)."""
    if c.id in zone.affected or not ZS.affects(fight, zone, c):
        return
    found = _spec(fight, zone)
    if found is None:
        return
    zone.affected.append(c.id)
    held = found[1].mechanics.zone.whileHeld
    fight.emit("zone", f"{zone.name} affects {c.name}: its turn starts in it, held.", zone=zone.entry, target=c.id)
    _deal(fight, zone, found, c, held.amount, held.damageType)


def turn_starts(fight: Fight, c: Combatant) -> None:
    if any(z.burning for z in fight.state.zones):
        _burn(fight, c)
    _triggered(fight, c, "turn-start", "its turn starts in it")


def _burn(fight: Fight, c: Combatant) -> None:
    """`burns` (1.183): a zone on fire burns away as its caster's turn comes again, ending the
    spell; until then whoever else starts a turn in it takes its amount, no save."""
    for zone in [z for z in fight.state.zones if z.burning]:
        if zone.owner == c.id:
            ZS.end_zone(fight, zone, "it burns away")
            if zone.concentration and c.concentration is not None and c.concentration.entry == zone.entry:
                CC.end_concentration(fight, c, reason=f"{zone.name} burns away")
            continue
        if c.down or c.out or not ZS.inside(fight, zone, c) or not ZS.affects(fight, zone, c):
            continue
        found = _spec(fight, zone)
        if found is None:
            continue
        burns = found[1].mechanics.zone.burns
        fight.emit("zone", f"{zone.name} burns {c.name}: its turn starts in it.", zone=zone.entry, target=c.id)
        _deal(fight, zone, found, c, burns.amount, burns.damageType)


def turn_ends(fight: Fight, c: Combatant) -> None:
    _triggered(fight, c, "turn-end", "its turn ends in it")


def _harm(fight: Fight, zone: LastingZone, mover: Combatant) -> None:
    """`terrain.perDistance`: its amount, no save, for every `every` moved inside."""
    found = _spec(fight, zone)
    if found is None:
        return
    per = found[1].mechanics.zone.terrain.perDistance
    _deal(fight, zone, found, mover, per.amount, per.damageType)


def _deal(fight: Fight, zone: LastingZone, found: tuple[Combatant, Plan], c: Combatant, amount: Amount,
          dtype: str | None) -> None:
    """The zone's own `amount` of `dtype` to `c`, no save (its terrain's harm, `whileHeld`)."""
    owner, plan = found
    expr = parse_dice(amount.dice or "0")
    if amount.flat:
        expr = parse_dice(f"{amount.dice}+{amount.flat}" if amount.dice else str(amount.flat))
    rolled, text = roll_damage(fight, expr, False)
    landed = E.deal_damage(fight, owner, c, rolled, dtype, what=f"{zone.name} ({text})")
    E.check_down(fight, c, owner)
    _count(fight, zone, plan, landed)


def _stepped(fight: Fight, mover: Combatant, here: Cell, there: Cell) -> None:
    """A walk's step from `here` into `there`: the terrain's harm for moving inside a zone,
    and `enter` for a zone the step comes into."""
    _arrives(fight, mover, here, there, walked=True)


def _landed(fight: Fight, mover: Combatant, here: Cell, there: Cell) -> None:
    """A teleport's landing on `there` (mechanics-3 1.276): as if the zone were entered,
    with no terrain crossed on the way."""
    _arrives(fight, mover, here, there, walked=False)


def _arrives(fight: Fight, mover: Combatant, here: Cell, there: Cell, *, walked: bool) -> None:
    for zone in list(fight.state.zones):
        if mover.down or mover.out:
            return
        cells = ZS.zone_cells(zone)
        if zone not in fight.state.zones or not ZS.affects(fight, zone, mover):
            continue
        if zone.touched and zone.centre == [there[0], there[1]]:
            _touched(fight, zone, mover)
            continue
        if walked and zone.every is not None and there in cells:
            moved = zone.travelled.get(mover.id, 0) + 1
            zone.travelled[mover.id] = 0 if moved >= zone.every else moved
            if moved >= zone.every:
                _harm(fight, zone, mover)
        entered = zone.cells_for("enter")
        if there in entered and here not in entered and zone in fight.state.zones:
            touch(fight, zone, mover, "it enters it")


def _touched(fight: Fight, zone: LastingZone, mover: Combatant) -> None:
    """`touched` (1.183): one who enters the zone's centre rolls the entry's save against its
    DC, and sets it off on a failure."""
    found = _spec(fight, zone)
    if found is None:
        return
    plan = found[1]
    save = plan.mechanics.save
    dc = plan.save_dc if plan.save_dc is not None else 10
    # Without a save of the entry's own there is nothing to roll, and the touch sets it off.
    if save is None or not SV.roll_save(fight, mover, save.save, dc, why=f"touching {zone.name}"):
        ZS.end_zone(fight, zone, f"{mover.name} touches it")


def _detonate(fight: Fight, zone: LastingZone) -> None:
    """`detonates` (1.183): as it ends, the entry's own effect once on everyone inside it whom
    it affects, its amount grown once for each of the caster's turns ended (`grows`)."""
    if not zone.detonates:
        return
    found = _spec(fight, zone)
    if found is None:
        return
    owner, plan = found
    caught = [c for c in BF.present(fight) if ZS.inside(fight, zone, c) and ZS.affects(fight, zone, c) and not c.down] \
        if fight.state.board is not None else [c for c in map(fight.state.combatant, zone.holds) if c is not None]
    mech = plan.mechanics
    grows = mech.zone.grows
    if zone.grown and grows is not None and mech.amount is not None:
        dice = "+".join(d for d in [mech.amount.dice, *[grows.dice] * zone.grown] if d) or None
        flat = (mech.amount.flat or 0) + (grows.flat or 0) * zone.grown
        plan.mechanics = mech.model_copy(update={"amount": mech.amount.model_copy(update={"dice": dice, "flat": flat or None})})
    if zone.centre is not None:
        plan.aim = (zone.centre[0], zone.centre[1])
    fight.emit("zone", f"{zone.name} goes off" + (f" on {', '.join(c.name for c in caught)}." if caught else "."),
               zone=zone.entry, targets=[c.id for c in caught])
    if caught:
        entry_lands_on(fight, owner, plan, *caught)


ZS.ENDED.append(_detonate)


def _carry(fight: Fight, mover: Combatant, here: Cell, there: Cell) -> None:
    """`anchor: "caster"` (1.172, 1.182): a zone its caster carries takes each of her steps
    with her, and her teleports (a line or cone keeps pointing the same way); anyone it
    reaches that it did not cover before is affected as `enter` says."""
    dx, dy = there[0] - here[0], there[1] - here[1]
    for zone in [z for z in fight.state.zones if z.carried and z.owner == mover.id and z.centre is not None]:
        if zone.origin is not None:
            zone.origin = [zone.origin[0] + dx, zone.origin[1] + dy]
        assert zone.centre is not None
        _enter_all(fight, zone, _relay(fight, zone, (zone.centre[0] + dx, zone.centre[1] + dy)), "it reaches them")


ZS.STEPPED[:0] = [_carry, _stepped]
# A teleport carries the caster's zones with her too (1.172 with mechanics-3 1.276): moved by
# the same offset as she is, before she is checked against the zones where she lands.
ZS.LANDED[:0] = [_carry, _landed]


# ---------------------------------------------------------------------------
# Move <zone> (1.173)
# ---------------------------------------------------------------------------


def _move_cells(fight: Fight, zone: LastingZone, distance: int) -> list[Cell]:
    g = BF.grid(fight)
    assert zone.centre is not None
    cx, cy = zone.centre
    return [(x, y) for y in range(cy - distance, cy + distance + 1) for x in range(cx - distance, cx + distance + 1)
            if g.inside(x, y) and not g.solid(x, y) and (x, y) != (cx, cy)]


def _newcomers(fight: Fight, zone: LastingZone, cell: Cell) -> list[Combatant]:
    before = ZS.zone_cells(zone)
    after = {(c[0], c[1]) for c in ZS.lay_cells(fight, zone, cell)}
    return [c for c in BF.present(fight)
            if BF.cell_of(c) in after and BF.cell_of(c) not in before and ZS.affects(fight, zone, c) and not c.down]


def zone_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """The owner's options for their zones, on their turn while each budget is left:
    "Move <zone>" (`zone.move`) and "Turn <zone>" (`zone.turn`, 1.182), each with `board.to`,
    the cells it may go to or point at, and `board.catches`, whom it newly covers there
    (and so affects, as `enter` says)."""
    if fight.state.current() is not actor or fight.state.board is None:
        return []
    items: list[MenuItem] = []
    for zone in fight.state.zones:
        if zone.owner != actor.id or zone.centre is None:
            continue
        found = _spec(fight, zone)
        if found is None:
            continue
        for option in ZONE_OPTIONS:
            item = option(fight, actor, zone, found[1])
            if item is not None:
                items.append(item)
    return items


def _move_item(fight: Fight, actor: Combatant, zone: LastingZone, plan: Plan) -> MenuItem | None:
    move = plan.mechanics.zone.move
    if move is None or actor.budgets.get(move.budget, 0) <= 0:
        return None
    assert zone.centre is not None
    distance = to_cells(move.distance, per_cell(fight, plan.entry_catalog)) or 1
    aims = _move_cells(fight, zone, distance)
    text = f"{N.label(fight.ruleset, 'budget', move.budget)}; up to {say(fight, distance)} from {zone.centre[0]}, {zone.centre[1]}"
    name = f"Move {zone.name}"
    return _zone_item(fight, zone, aims, Plan(kind="zone", name=name, budget=move.budget, entry_ref=zone.entry), text,
                      {"distance": say(fight, distance)})


def _turn_item(fight: Fight, actor: Combatant, zone: LastingZone, plan: Plan) -> MenuItem | None:
    turn = plan.mechanics.zone.turn
    if turn is None or actor.budgets.get(turn.budget, 0) <= 0:
        return None
    text = f"{N.label(fight.ruleset, 'budget', turn.budget)}; point it at another cell"
    plan = Plan(kind="zone-turn", name=f"Turn {zone.name}", budget=turn.budget, entry_ref=zone.entry)
    return _zone_item(fight, zone, _turn_cells(fight, zone), plan, text, {})


def _zone_item(fight: Fight, zone: LastingZone, aims: list[Cell], plan: Plan, text: str,
               more: dict[str, object]) -> MenuItem:
    catches = {f"{x},{y}": [c.id for c in who] for x, y in aims if (who := _newcomers(fight, zone, (x, y)))}
    return MenuItem(
        Option(id=f"{plan.kind}:{zone.entry}", label=plan.name, group="zone", budget=plan.budget, text=text,
               board={"zone": zone.entry, **more, "to": [[x, y] for x, y in aims], "catches": catches}),
        plan,
    )


#: The options a zone's owner may have for it (`zone_items`), each None when it has not.
ZONE_OPTIONS: list[Callable[[Fight, Combatant, LastingZone, Plan], MenuItem | None]] = [_move_item, _turn_item]


def _turn_cells(fight: Fight, zone: LastingZone) -> list[Cell]:
    """Where a carried line or cone may point: every cell its shape may be aimed at from its
    owner's cell (board/areas.py), but where it points now."""
    assert zone.origin is not None and zone.centre is not None
    here, now = (zone.origin[0], zone.origin[1]), (zone.centre[0], zone.centre[1])
    return [cell for cell in aim_cells(BF.grid(fight), ZS.shape_of(zone), here, lambda a, b: True) if cell != now]


def _zone_of(fight: Fight, actor: Combatant, entry: str | None) -> LastingZone | None:
    return next((z for z in fight.state.zones if z.owner == actor.id and z.entry == entry), None)


def check_zone_cell(fight: Fight, actor: Combatant, plan: Plan, cell: Cell | None) -> str | None:
    """Why `cell` is refused for moving or turning the zone, or None."""
    zone = _zone_of(fight, actor, plan.entry_ref)
    if zone is None or zone.centre is None:
        return f"{plan.name}: the zone is gone"
    if cell is None:
        return f"{plan.name} goes to a cell: give \"cell\": [x, y]"
    item = next((i for i in zone_items(fight, actor) if i.plan.kind == plan.kind and i.plan.entry_ref == zone.entry), None)
    if item is None or [cell[0], cell[1]] not in (item.option.board or {}).get("to", []):
        return f"{plan.name} cannot go to {cell[0]}, {cell[1]}: {item.option.text if item else 'not now'}"
    return None


def move_zone(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """Moves the zone's centre to `plan.aim`, paying its budget; anyone it now covers and did
    not before is affected as `enter` says. A zone that rams (`move.ram`, 1.175) goes one
    cell at a time straight there and stops at the first cell where it reaches someone it
    did not cover, affecting them whatever its triggers say."""
    zone = _zone_of(fight, actor, plan.entry_ref)
    found = _spec(fight, zone) if zone is not None else None
    if zone is None or found is None or plan.aim is None:
        return
    spend_budget(fight, actor, plan.budget)
    cell = plan.aim
    assert zone.centre is not None
    centre = (zone.centre[0], zone.centre[1])
    rams = bool(found[1].mechanics.zone.move.ram)
    if rams:
        cell = next((step for step in _straight(centre, cell[0] - centre[0], cell[1] - centre[1], steps(centre, cell))
                     if _newcomers(fight, zone, step)), cell)
    newcomers = _relay(fight, zone, cell)
    fight.emit("zone-move", f"{actor.name} moves {zone.name} {say(fight, steps(centre, cell))} to {cell[0]}, {cell[1]}.",
               actor=actor.id, zone=zone.entry, cell=[cell[0], cell[1]], cells=zone.cells)
    if rams:
        for c in newcomers:
            if zone in fight.state.zones:
                touch(fight, zone, c, "it rams them")
    else:
        _enter_all(fight, zone, newcomers, "it moves onto them")


def _straight(start: Cell, vx: int, vy: int, count: int) -> list[Cell]:
    """The `count` cells one at a time from `start` along the direction (vx, vy), rounded as
    the board's lines are (board/areas.py)."""
    longest = max(abs(vx), abs(vy))
    return [(start[0] + _toward(vx * i, longest), start[1] + _toward(vy * i, longest)) for i in range(1, count + 1)]


def turn_zone(fight: Fight, actor: Combatant, plan: Plan) -> None:
    """Points the carried zone at `plan.aim` from its owner's cell, paying its budget; anyone
    it now covers and did not before is affected as if they had entered it (1.182)."""
    zone = _zone_of(fight, actor, plan.entry_ref)
    if zone is None or plan.aim is None:
        return
    spend_budget(fight, actor, plan.budget)
    cell = plan.aim
    newcomers = _relay(fight, zone, cell)
    fight.emit("zone-move", f"{actor.name} turns {zone.name} toward {cell[0]}, {cell[1]}.",
               actor=actor.id, zone=zone.entry, cell=[cell[0], cell[1]], cells=zone.cells)
    _enter_all(fight, zone, newcomers, "it turns onto them")


def _relay(fight: Fight, zone: LastingZone, to: Cell) -> list[Combatant]:
    """Lays the zone out again with its centre on `to`; whom it now covers and did not."""
    newcomers = _newcomers(fight, zone, to)
    zone.centre = [to[0], to[1]]
    zone.cells = ZS.lay_cells(fight, zone, to)
    return newcomers


def _enter_all(fight: Fight, zone: LastingZone, newcomers: list[Combatant], why: str) -> None:
    """Newcomers a moved zone covers are affected as `enter` says."""
    if "enter" in zone.triggers:
        for c in newcomers:
            if zone in fight.state.zones:
                touch(fight, zone, c, why)


def drift(fight: Fight, owner: Combatant) -> None:
    """`zone.drift` (1.173): as its caster's turn starts, each of their drifting zones shifts
    its distance directly away from them (along the line from their cell through its
    centre), stopping at the edge of the board; newcomers are affected as `enter` says."""
    if fight.state.board is None or owner.position is None:
        return
    g = BF.grid(fight)
    for zone in [z for z in fight.state.zones if z.owner == owner.id and z.centre is not None]:
        found = _spec(fight, zone)
        if found is None or zone.centre is None:
            continue
        plan = found[1]
        spec = plan.mechanics.zone.drift
        if spec is None:
            continue
        ox, oy = BF.cell_of(owner)
        cx, cy = zone.centre
        if (cx, cy) == (ox, oy):
            # On its caster's own cell it has no "away" to go.
            continue
        distance = to_cells(spec.distance, per_cell(fight, plan.entry_catalog)) or 1
        to = (cx, cy)
        for step in _straight((cx, cy), cx - ox, cy - oy, distance):
            if not g.inside(*step):
                break
            to = step
        if to == (cx, cy):
            continue
        newcomers = _relay(fight, zone, to)
        fight.emit("zone-move", f"{zone.name} drifts {say(fight, steps((cx, cy), to))} to {to[0]}, {to[1]}.",
                   zone=zone.entry, cell=[to[0], to[1]], cells=zone.cells)
        _enter_all(fight, zone, newcomers, "it drifts onto them")


def _toward(num: int, den: int) -> int:
    """num / den rounded half away from zero (the line's own rounding, board/areas.py)."""
    return (2 * num + den) // (2 * den) if num >= 0 else -((-2 * num + den) // (2 * den))


#: The plan kinds of a zone's own options (`zone_items`).
ZONE_KINDS = ("zone", "zone-turn")


def zone_pick(fight: Fight, actor: Combatant, items: list[MenuItem]) -> tuple[MenuItem, Cell] | None:
    """The Engine's tactics for its zones: move one onto the most opponents it newly
    covers, never onto an ally (ties: the first such cell in row order); None when no move
    reaches an opponent."""
    best: tuple[int, MenuItem, Cell] | None = None
    for item in items:
        board = item.option.board or {}
        if item.plan.kind not in ZONE_KINDS:
            continue
        for key, who in (board.get("catches") or {}).items():
            sides = [fight.get(t).side for t in who]
            if actor.side in sides:
                continue
            x, y = (int(n) for n in key.split(","))
            if best is None or len(sides) > best[0]:
                best = (len(sides), item, (x, y))
    return (best[1], best[2]) if best is not None else None


def _forbidden_inside(fight: Fight, c: Combatant) -> list[str]:
    """`forbids.components` (1.179): what the zones `c` stands in forbid those they affect."""
    out: list[str] = []
    for zone in fight.state.zones:
        if zone.forbids and ZS.inside(fight, zone, c) and ZS.affects(fight, zone, c):
            out += zone.forbids
    return out


COMPONENTS.FORBIDDING.append(_forbidden_inside)
N.PLACED.append(ZS.conditions_inside)
