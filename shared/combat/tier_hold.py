"""A proposed creature written as a sheet, held to its tier after it is built (spec/combat-2
"Opponents nobody wrote": "After the creature is built, defense, to-hit and save difficulty
are held to 2 above the tier's own, and damage is scaled down until the strongest round,
counted up to the biggest cost it can pay, fits inside the tier's `damagePerRound`").

Owns: `hold_built`, which reads the built creature's numbers through its sheet and records
what is held on `Combatant.held` (a sentence per change); `sheet_holds` reads them back. For an
entry the extras a bigger payment buys are reduced first (the steps `perCostStep` counts),
then its dice, its flat part and the die's sides; for a weapon its dice, the flat part
(the ability it adds), one strike, the sides. Nothing is reduced to 0.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..dice import DiceExpr
from . import numbers as N
from .clamp import REDUCTIONS, round_damage
from .costs import amount_expr, payments
from .fight import Fight
from .plan_reading import entry_plans, weapon_plans
from .plans import helps
from .state import Combatant, EntryHold, TierHold, WeaponHold


def _mean(expr: DiceExpr | None) -> Fraction:
    return expr.mean if expr is not None else Fraction(0)


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.3g}"


def _reduce(measure: Any, units: list[dict[str, Any]], action: dict[str, Any], top: int) -> None:
    while measure() > top:
        if not any(step(units, action) for step in REDUCTIONS):
            return


def _scaled_sentence(name: str, label: str, tier: Any, after: Fraction) -> str:
    top = tier.damagePerRound[1]
    if after > top:
        return (f"{name}'s {label} is scaled down as far as it goes without reducing anything to 0 and still "
                f"deals {_num(after)} a round, above {tier.label}'s {top}.")
    return f"{name}'s {label} is scaled down to fit {tier.label}'s damage per round ({tier.damagePerRound[0]} to {top})."


def _hold_weapon(c: Combatant, hold: TierHold, plan: Any, tier: Any, notes: list[str]) -> None:
    unit = {"dice": str(plan.damage)}
    strike = {"damage": unit}
    action = {"sequence": [{"action": "w", "times": plan.strikes}]}
    by_id = {"w": strike}
    if round_damage(action, by_id) <= tier.damagePerRound[1]:
        return
    _reduce(lambda: round_damage(action, by_id), [unit], action, tier.damagePerRound[1])
    hold.weapons[plan.entry_ref] = WeaponHold(dice=unit["dice"], strikes=action["sequence"][0]["times"])
    notes.append(_scaled_sentence(c.name, plan.name, tier, round_damage(action, by_id)))


def _hold_entry(fight: Fight, c: Combatant, held: TierHold, plan: Any, tier: Any, notes: list[str]) -> None:
    mech = plan.mechanics
    top = tier.damagePerRound[1]
    steps = max((p.steps for p in payments(fight, c, plan.costs)), default=0) if plan.costs else 0
    # In place while it is measured: `amount_expr` reads the amount through the hold.
    hold = held.entries[plan.entry_ref] = EntryHold(dice=mech.amount.dice or "0", flat=mech.amount.flat or 0,
                                                     steps=steps)

    def measure() -> Fraction:
        return _mean(amount_expr(fight, c, mech, hold.steps))

    if measure() <= top:
        del held.entries[plan.entry_ref]
        return
    if mech.perCostStep is not None and steps > 0:
        while hold.steps > 0 and measure() > top:
            hold.steps -= 1
        gains = "nothing" if hold.steps == 0 else f"at most {hold.steps} step{'' if hold.steps == 1 else 's'}"
        notes.append(f"{c.name}'s {plan.name} gains {gains} from a bigger payment "
                     f"(it could pay {steps} step{'' if steps == 1 else 's'} more).")
    if measure() > top:
        # The reductions work on a creature block's damage unit (clamp.py).
        unit: dict[str, Any] = {"dice": hold.dice, "flat": hold.flat}

        def measure_unit() -> Fraction:
            hold.dice, hold.flat = unit["dice"], unit["flat"]
            return measure()

        _reduce(measure_unit, [unit], {}, top)
        hold.dice, hold.flat = unit["dice"], unit["flat"]
        notes.append(_scaled_sentence(c.name, plan.name, tier, measure()))


def hold_built(fight: Fight, c: Combatant, tier: Any) -> list[str]:
    """Holds the built sheet creature `c` to `tier` (recorded on `c.held`); a sentence per change."""

    notes: list[str] = []
    # On the combatant while it is worked out: the plans and amounts below read it.
    held = c.held = TierHold()
    view = fight.view(c)
    if view is None:
        return notes
    defense = N.base_defense(fight, c)
    if defense > tier.defense + 2:
        held.defense = tier.defense + 2
        notes.append(f"{c.name}'s {N.defense_label(fight.ruleset)} {defense} is held to {tier.defense + 2} "
                     f"(at most 2 above {tier.label}).")
    weapons = weapon_plans(fight, c, view)
    entries = entry_plans(fight, c, view, pick=lambda m: m is not None and m.kind != "rider")
    cap = tier.toHit + 2
    for plan in weapons + [p for p in entries if p.mechanics.attackRoll]:
        if plan.to_hit > cap:
            held.to_hit = cap
            notes.append(f"{c.name}'s {plan.name} to hit {plan.to_hit} is held to {cap}.")
    dc_cap = tier.saveDifficulty + 2
    for plan in entries:
        mech = plan.mechanics
        saves = mech.save is not None or any(getattr(a, "saveEnds", None) for a in mech.applies or [])
        if saves and plan.save_dc is not None and plan.save_dc > dc_cap:
            held.save_difficulty = dc_cap
            notes.append(f"{c.name}'s {plan.name} difficulty {plan.save_dc} is held to {dc_cap}.")
    for plan in weapons:
        _hold_weapon(c, held, plan, tier, notes)
    for plan in entries:
        mech = plan.mechanics
        if mech.amount is not None and not helps(mech) and plan.targets_side != "ally":
            _hold_entry(fight, c, held, plan, tier, notes)
    c.held = held if held.holds_anything() else None
    return notes
