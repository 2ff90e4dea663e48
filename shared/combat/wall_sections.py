"""Wall sections (spec/mechanics-2 "Wall sections", Capability API 1.200): a wall standing in
sections, struck and broken one at a time. walls.py cuts the wall into its sections as it
rises; the sections live on its `LastingZone` record.

Owns: `reachable_sections` (the cells of standing sections an attack option can strike: an
attack roll aimed at one enemy or any one creature that deals damage, within its reach or
range and in sight; the menu lists them as `board.walls`), `check_wall` (the refusal of a
choice's `wall`), `strike_section` (the attack rolled against the section's `defense` as
against a creature, its damage after the section's `vulnerable`, `resist` and `immune`, "...
has 12 of 30 left"; at 0 the section is broken and stops blocking) and `broken_touch` (whoever
enters a broken section, or starts or ends a turn there as its `triggers` say, takes its
`amount` once per turn, `perCostStep` more for each step the casting was paid above the base
(1.201), rolling its `save` against the entry's own DC for half, or nothing with `onSave:
"none"`). The Engine's tactics strike a section only when walled off from every opponent
(board/tactics.py `_walled_off`).
"""

from __future__ import annotations

from typing import Any, Callable

from ..dice import DiceExpr, parse_dice
from ..sheet import Refusal
from . import effects as E
from . import saves as SV
from .board import battlefield as BF
from .board.reach import OUT, aim_at
from .board.sight import sees
from .board.units import steps
from .costs import amount_expr
from .fight import Fight
from .paying import pay
from .plan_codec import plan_from_json
from .plans import MenuItem, Plan
from .rolls import natural_verdict, roll_damage
from .state import Combatant, LastingZone, WallSection

Cell = tuple[int, int]
#: One part of a strike: its dice and its damage type.
Part = tuple[DiceExpr, str | None]


def _amount(dice: str | None, flat: Any) -> DiceExpr:
    if dice and flat:
        return parse_dice(f"{dice}{'+' if flat >= 0 else ''}{flat}")
    return parse_dice(dice or str(flat or 0))


def _weapon_parts(fight: Fight, actor: Combatant, plan: Plan) -> tuple[int, list[Part]] | None:
    return (plan.to_hit, [(plan.damage, plan.damage_type)]) if plan.damage is not None else None


def _action_parts(fight: Fight, actor: Combatant, plan: Plan) -> tuple[int, list[Part]] | None:
    action = plan.action
    damage = getattr(action, "damage", None)
    if action is None or action.toHit is None or action.autoHit or damage is None or action.area is not None:
        return None
    parts = [(_amount(damage.dice, damage.flat), damage.type)]
    parts += [(_amount(p.dice, getattr(p, "flat", None)), p.type) for p in damage.plus or []]
    return action.toHit, parts


def _entry_parts(fight: Fight, actor: Combatant, plan: Plan) -> tuple[int, list[Part]] | None:
    mech = plan.mechanics
    if mech is None or not mech.attackRoll or mech.area is not None:
        return None
    expr = amount_expr(fight, actor, mech, plan.cost_steps)
    return (plan.to_hit, [(expr, mech.damageType)]) if expr is not None and mech.kind == "attack" else None


#: How each kind of plan strikes a section: (to hit, the damage parts), or None when it is no
#: attack roll aimed at one creature that deals damage.
STRIKES: dict[str, Callable[[Fight, Combatant, Plan], tuple[int, list[Part]] | None]] = {
    "weapon": _weapon_parts, "action": _action_parts, "entry": _entry_parts,
}


def _sectioned(fight: Fight) -> list[LastingZone]:
    return [z for z in fight.state.zones if z.sections]


def _standing(zone: LastingZone) -> list[WallSection]:
    return [s for s in zone.sections if s.health > 0]


def reachable_sections(fight: Fight, actor: Combatant, item: MenuItem, span: Any) -> list[list[int]]:
    """The cells of standing sections `item` can strike from where `actor` stands."""
    walls = _sectioned(fight)
    strikes = STRIKES.get(item.plan.kind)
    if (not walls or strikes is None or item.option.count != 1 or item.plan.targets_side not in ("enemy", "any")
            or strikes(fight, actor, item.plan) is None):
        return []
    g = BF.grid(fight)
    here = BF.cell_of(actor)
    out = []
    for zone in walls:
        for section in _standing(zone):
            for x, y in section.cells:
                if aim_at(span, steps(here, (x, y))) != OUT and sees(g, here, (x, y)):
                    out.append([x, y])
    return sorted(out, key=lambda c: (c[1], c[0]))


def check_wall(item: MenuItem, cell: Cell) -> Refusal | None:
    walls = (item.option.board or {}).get("walls") or []
    if [cell[0], cell[1]] not in walls:
        return Refusal("bad-cell", f"{item.option.label} cannot strike a wall section on {cell[0]}, {cell[1]}")
    return None


def _section_at(fight: Fight, cell: Cell) -> tuple[LastingZone, WallSection]:
    for zone in _sectioned(fight):
        for section in _standing(zone):
            if [cell[0], cell[1]] in section.cells:
                return zone, section
    raise ValueError(f"no wall section stands on {cell[0]}, {cell[1]}")


def _spec(fight: Fight, zone: LastingZone) -> tuple[Combatant, Plan]:
    owner = fight.get(zone.owner)
    return owner, plan_from_json(fight, owner, zone.plan)


def _typed(amount: int, dtype: str | None, sections: Any) -> tuple[int, str]:
    """A section's own guard against `dtype`: immune, resist (halved), vulnerable (doubled)."""
    if amount <= 0 or dtype is None:
        return max(0, amount), ""
    if dtype in (sections.immune or []):
        return 0, f" (immune to {dtype})"
    if dtype in (sections.resist or []):
        return amount // 2, " (resisted: halved)"
    if dtype in (sections.vulnerable or []):
        return amount * 2, " (vulnerable: doubled)"
    return amount, ""


def strike_section(fight: Fight, actor: Combatant, plan: Plan, cell: Cell) -> None:
    """`plan` aimed at the wall section on `cell`: paid, rolled against its defense, its
    damage dealt to its health; at 0 it breaks."""
    zone, section = _section_at(fight, cell)
    spec = _spec(fight, zone)[1].mechanics.zone.sections
    found = STRIKES[plan.kind](fight, actor, plan)
    assert found is not None
    to_hit, parts = found
    pay(fight, actor, plan)
    roll_def = fight.combat.attackRoll
    if roll_def is None:
        raise ValueError("striking a wall section rolls the attack die: it needs `combat.attackRoll`")
    r = fight.roll(DiceExpr.of(roll_def.dice.count, roll_def.dice.sides))
    total = r.total + to_hit
    forced, critical, note = natural_verdict(fight, actor, r.natural)
    hit = total >= spec.defense if forced is None else forced
    where = f"{zone.name}'s section on {section.cells[0][0]}, {section.cells[0][1]}"
    sum_text = f"{r.total} {'+' if to_hit >= 0 else '-'} {abs(to_hit)} = {total}" if to_hit else str(total)
    result = "a critical hit" if critical else "a hit" if hit else "a miss"
    fight.emit("attack", f"{actor.name} attacks {where} with {plan.name}: {sum_text} against {spec.defense}{note}, "
               f"{result}.", actor=actor.id, zone=zone.entry, cell=[cell[0], cell[1]], total=total, hit=hit)
    if not hit:
        return
    for expr, dtype in parts:
        rolled, text = roll_damage(fight, expr, critical)
        landed, guard = _typed(rolled, dtype, spec)
        section.health = max(0, section.health - landed)
        fight.emit("wall", f"{plan.name} ({text}) deals {landed}{f' {dtype}' if dtype else ''} damage to {where}{guard}; "
                   f"it has {section.health} of {spec.health} left.", actor=actor.id, zone=zone.entry,
                   amount=landed, left=section.health)
        if section.health == 0:
            cells = "; ".join(f"{x}, {y}" for x, y in section.cells)
            fight.emit("wall", f"{where} breaks: {cells} no longer block.", zone=zone.entry,
                       cells=section.cells)
            return


def broken_touch(fight: Fight, zone: LastingZone, c: Combatant) -> None:
    """A broken section's harm on `c` (the caller has counted it as affected this turn)."""
    owner, plan = _spec(fight, zone)
    broken = plan.mechanics.zone.sections.broken
    expr = _amount(broken.amount.dice, broken.amount.flat)
    if broken.perCostStep is not None and plan.cost_steps:
        more = _amount(broken.perCostStep.dice, broken.perCostStep.flat)
        expr = parse_dice(f"{expr}+{_amount_times(more, plan.cost_steps)}")
    amount, text = roll_damage(fight, expr, False)
    if broken.save is not None and plan.save_dc is not None:
        made = SV.roll_save(fight, c, broken.save, plan.save_dc, why=f"against {zone.name}'s broken section")
        if made:
            amount = 0 if broken.onSave == "none" else amount // 2
            text += ", halved by the save" if broken.onSave != "none" else ", none on a save"
    landed = E.deal_damage(fight, owner, c, amount, broken.damageType, what=f"{zone.name}'s broken section ({text})")
    E.check_down(fight, c, owner)
    zone.dealt += landed


def _amount_times(expr: DiceExpr, times: int) -> str:
    return "+".join([str(expr)] * times)
