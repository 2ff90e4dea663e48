"""A catalog entry landing (`Plan.kind` "entry": a spell, a power, an item use): what
it does once as it starts, then on each target, by its `mechanics.kind`: damage, healing, a buff, or
a blow (an attack or a debuff, rolled to hit or saved against), with its pushes, cures and
conditions.

Owns: `resolve_entry(fight, actor, plan, targets, cursor)` (concentration started, budgets
given, a zone laid, `endsCondition`), `entry_lands_on` (the entry's own effect again on those a
lasting zone or a summon's strike reaches), `apply_conditions` (what lands with an entry beside
its amount: its cure, revival, stabilizing, an instant kill, then its `applies`), and the tables
modules above fill: `ENTRY_LANDS` (how each kind lands) and `PUSHED_FROM` (where a blow comes from
when not from its user's cell).
"""

from __future__ import annotations

from typing import Any, Callable

from ..dice import DiceExpr, parse_dice
from ..sheet import set_text
from ..sheet.paying import counted_steps
from . import effects as E
from . import saves as SV
from . import concentration as CC
from .fight import Fight
from .kinds import kind_of
from .rolls import most_damage, roll_damage, rolled_again_across
from .creature_types import describe_test, passes
from . import costs as C
from .chosen_uses import times_chosen
from .refills import refill
from . import riders as R
from . import blow_adds as BA
from . import blows as B
from . import evasion as EV
from . import condition_ends as CE
from . import remaining_health as RH
from . import reduces_max as RM
from . import sheet_changes as SC
from . import dismissal as DI
from . import saves_against as SA
from .board.save_cover import save_cover
from ..ruleset.item_entry import ItemUse
from .wards import any_wards, ward_refusal
from .cures import curable, dead_within
from .cure_choice import chosen
from .condition_off import remove_condition
from .plans import Plan
from . import metamagic as MM
from .plan_reading import catalog_entry
from .state import Combatant, Concentration
from . import zone_state as ZS
from .board.units import per_cell
from .attack_rolls import attack_at
from .applying import apply_condition
from .evasion import after_evasion
from .board.push import forced_push


def _entry_amount(fight: Fight, actor: Combatant, mech: Any, steps: int = 0) -> DiceExpr | None:
    return C.amount_expr(fight, actor, mech, steps)


def resolve_entry(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
           cursor: dict[str, Any] | None = None) -> None:
    mech = plan.mechanics
    if mech.targets == "self" or (not targets and plan.aim is None):
        # An area aimed at a cell catching nobody (a wall, 1.177) lands on nobody instead.
        targets = [actor]
    if cursor is None:
        _entry_starts(fight, actor, plan, targets)
        # A health pool is rolled once, before anyone is reached; an entry with one rolls
        # no attack, so no hit window resumes it (the validator holds them apart).
        targets = RH.pool_covered(fight, actor, plan, targets)
    if mech.zone is not None and (mech.zone.atCast is False or mech.zone.detonates):
        # `atCast: false`: the zone does nothing when it appears (mechanics-1 1.172), nor
        # does one that detonates as it ends (1.183).
        return
    _entry_targets(fight, actor, plan, targets, cursor)
    if mech.endsCondition is not None:
        _ends_own(fight, actor, mech.endsCondition, plan.name)


def _ends_own(fight: Fight, actor: Combatant, condition: str, name: str) -> None:
    """`endsCondition` (mechanics-2 1.236): after the use the user's own condition comes off,
    and with it the user's concentration that holds it (Break Enchantment ends Dispel Evil
    and Good)."""
    for held in [h for h in actor.conditions if h.id == condition]:
        if held.concentration == actor.id and actor.concentration is not None:
            CC.end_concentration(fight, actor, reason=f"{name} ends it")
        if held in actor.conditions:
            remove_condition(fight, actor, held, reason=f"{actor.name}'s {name} ends it")


def entry_lands_on(fight: Fight, actor: Combatant, plan: Plan, *targets: Combatant,
                   cursor: dict[str, Any] | None = None) -> None:
    """The entry's own effect (amount, plus, save, applies) on the creatures a lasting zone
    applies it to again (zones.py), or a summon's strike (summons.py): one roll of its amount
    for them all, as at a casting; `cursor` resumes it where a hit window held it."""
    _entry_targets(fight, actor, plan, list(targets), cursor)


def _entry_starts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> None:
    """What an entry does once before it reaches anyone (never again on resuming). A
    `delays` condition's die was rolled as it was paid for (delays.py)."""
    mech = plan.mechanics
    C.give_budgets(fight, actor, mech.gives, plan.name)
    names = " on " + ", ".join(t.name for t in targets) if targets else ""
    fight.emit("ability", f"{actor.name} uses {plan.name}{names}.", actor=actor.id, targets=[t.id for t in targets])
    if mech.concentration:
        if actor.concentration is not None:
            CC.end_concentration(fight, actor, reason=f"starting {plan.name}")
        actor.concentration = Concentration(entry=plan.entry_ref or plan.name, label=plan.name)
        if actor.sheet is not None and fight.combat.concentration is not None:
            fight.write(actor, set_text(fight.ruleset, actor.sheet, fight.combat.concentration.text, plan.name))
    if mech.zone is not None:
        ZS.lay_zone(fight, actor, plan, targets)
    if fight.state.zones and plan.aim is not None:
        ZS.area_lands(fight, actor, plan)


def _entry_targets(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
                   cursor: dict[str, Any] | None) -> None:
    start = cursor.get("index", 0) if cursor is not None else 0
    # A condition's `noDamageFrom` reads which entry the blows come from.
    fight.resolving.blow_from = plan.entry_ref
    try:
        _each_entry_target(fight, actor, plan, targets, cursor, start)
    finally:
        fight.resolving.blow_from = None


def _each_entry_target(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
                       cursor: dict[str, Any] | None, start: int) -> None:
    mech = plan.mechanics
    if kind_of(fight).entry(fight, actor, plan, targets, start, cursor):
        return
    expr = _entry_amount(fight, actor, mech, plan.cost_steps)
    if plan.chosen:
        expr = times_chosen(plan, expr)
    shared_roll: tuple[int, str] | None = None
    warded = _warded(fight, actor, plan, targets[start:]) if fight.state.zones else set()
    # Damage not rolled to hit is rolled once for every target (a heal rolls for each).
    if expr is not None and not mech.attackRoll and mech.kind != "heal" and \
            any(t.id not in warded for t in targets[start:]):
        # A wall placed where nobody stands (mechanics-1 1.177) rolls for no one.
        shared_roll = roll_damage(fight, expr, False, _rerolls(plan))
    lands = ENTRY_LANDS.get(mech.kind, _blow_lands)
    for i, target in enumerate(targets):
        if i < start:
            continue
        if fight.state.outcome:
            break
        if RH.beyond_reach(fight, plan, target) or target.id in warded:
            continue
        lands(fight, actor, target, i, plan, expr, shared_roll, cursor)


def _struck(fight: Fight, actor: Combatant, target: Combatant, plan: Plan, expr: DiceExpr,
            critical: bool) -> tuple[int, str, dict[int, tuple[int, str]]]:
    """An entry's damage on a hit, and its `plus` parts' damage (by the clause's place)
    when a `rerolls` change rolls the lowest across them all (1.254); empty when the parts
    are rolled as they are dealt."""
    rerolls, mech = _rerolls(plan), plan.mechanics
    if rerolls is None or not mech.plus:
        amount, text = B.strike_damage(fight, actor, expr, B.hit_of_entry(mech), critical, rerolls)
        return amount, text, {}
    dice: list[Any] = []
    amount, text = B.strike_damage(fight, actor, expr, B.hit_of_entry(mech), critical, None, dice)
    rolled = {n: B.clause_dice(fight, target, clause, critical) for n, clause in enumerate(mech.plus)}
    kept = [(n, r) for n, r in rolled.items() if r is not None]
    again = rolled_again_across(fight, [(amount, text, dice)] + [r for _n, r in kept], rerolls)
    amount, text = again[0]
    return max(0, amount), text, {n: again[i + 1] for i, (n, _r) in enumerate(kept)}


def _rerolls(plan: Plan) -> tuple[int, str] | None:
    """How many damage dice a `rerolls` change rolls again, and whose (mechanics-2 1.254)."""
    mm = plan.metamagic
    if mm is None or not mm.rerolls:
        return None
    names = [a.name for a in mm.altered if "rerolls" in a.changes]
    return mm.rerolls, " and ".join(names) or plan.name


def _warded(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> set[str]:
    """Those a zone's `wards` (1.179) keeps the entry from, each said in the log: nothing of
    it gets through to them, a lasting zone's trigger neither, and nobody rolls for them."""
    if not any_wards(fight):
        return set()
    out: set[str] = set()
    for target in targets:
        why = ward_refusal(fight, actor, plan, target)
        if why is not None:
            fight.emit("note", f"{why}: it does not reach them.", actor=actor.id, target=target.id)
            out.add(target.id)
    return out


def _heal_lands(fight: Fight, actor: Combatant, target: Combatant, i: int, plan: Plan, expr: DiceExpr | None,
                shared_roll: tuple[int, str] | None, cursor: dict[str, Any] | None) -> None:
    mech = plan.mechanics
    if expr is not None:
        amount, text = roll_damage(fight, expr, False)
        E.heal(fight, actor, target, amount, what=f"{plan.name} ({text})", magical=_magical(fight, plan))
    if mech.temporary is not None:
        _temp(fight, actor, target, mech, plan.name)
    if mech.restore is not None:
        refill(fight, actor, target, plan)
    apply_conditions(fight, actor, target, mech, plan, True)


def _magical(fight: Fight, plan: Plan) -> bool:
    """Whether an entry's healing is magical (`cannot-heal-nonmagical`, mechanics-3 1.261): its
    `qualities` say so, or the item whose use it is carries the "magical" tag."""
    if SA.MAGICAL in (plan.mechanics.qualities or []):
        return True
    item = getattr(catalog_entry(fight, plan.item), "item", None) if plan.item else None
    return item is not None and SA.MAGICAL in (item.tags or [])


def _buff_lands(fight: Fight, actor: Combatant, target: Combatant, i: int, plan: Plan, expr: DiceExpr | None,
                shared_roll: tuple[int, str] | None, cursor: dict[str, Any] | None) -> None:
    mech = plan.mechanics
    if mech.temporary is not None:
        _temp(fight, actor, target, mech, plan.name)
    if mech.restore is not None:
        refill(fight, actor, target, plan)
    apply_conditions(fight, actor, target, mech, plan, True)


def _blow_lands(fight: Fight, actor: Combatant, target: Combatant, i: int, plan: Plan, expr: DiceExpr | None,
                shared_roll: tuple[int, str] | None, cursor: dict[str, Any] | None) -> None:
    """An attack, debuff or utility entry: rolled to hit or saved against, its amount
    dealt as a blow, its conditions put on."""
    mech = plan.mechanics
    landed = True
    half = False
    critical = False
    failed = False
    saved = False
    halving = "the save"
    #: `halfOnMiss` (1.255): a miss still deals half damage, parts included, and nothing else.
    miss_half = False
    if mech.attackRoll:
        landed, critical = attack_at(fight, actor, target, plan.to_hit, plan.name, plan, cursor, {"index": i})
        if not landed and mech.halfOnMiss and expr is not None:
            landed, half, halving, miss_half = True, True, "the miss", True
    elif mech.save is not None and not mech.autoHit:
        dc = plan.save_dc if plan.save_dc is not None else 10
        mm = plan.metamagic
        if mm is not None and target.id in mm.spared:
            # Careful (mechanics-2 1.254): spared, the save is won without a roll.
            saved = MM.spared_save(fight, target, mech.save.save, f"against {plan.name}", plan)
        else:
            # Heightened (1.255): the chosen one's first save against it with disadvantage.
            saved = SV.roll_save(fight, target, mech.save.save, dc, why=f"against {plan.name}",
                                against=SA.for_entry(actor.id, plan.entry_ref, plan.entry, mech),
                                cover=save_cover(fight, actor, target, mech.save, mech.area, plan.aim),
                                lean="disadvantage" if mm is not None and mm.heightened == target.id else None)
        failed = not saved
        if saved:
            on_success = mech.save.onSuccess or "none"
            if on_success == "half":
                half = True
            else:
                landed = False
        evaded = EV.evade(fight, target, mech.save.save, saved, mech.save.onSuccess, plan.name)
        landed, half, halving = after_evasion(evaded, landed, half)
        if not saved and getattr(mech, "dropsOnFailedSave", None):
            # A failed save drops the target to 0 instead of dealing the amount (1.245).
            E.drop_to_zero(fight, actor, target, by=plan.name)
            apply_conditions(fight, actor, target, mech, plan, True)
            return
    if landed and expr is not None:
        most = mech.maxAgainst is not None and passes(fight, target, mech.maxAgainst)
        pre: dict[int, tuple[int, str]] = {}
        if most:
            amount, text = most_damage(fight, expr, critical, f"against {describe_test(fight, mech.maxAgainst)}")
        elif mech.attackRoll:
            # Empowered (1.254) rerolls for each target an attack roll hit, the `plus` parts'
            # dice among the spell's own.
            amount, text, pre = _struck(fight, actor, target, plan, expr, critical)
        else:
            assert shared_roll is not None
            amount, text = shared_roll
        if half:
            amount //= 2
            text += f", halved by {halving}"
        CE.open_blow(fight, target)
        if mech.leavesAtLeast is not None:
            fight.resolving.open_blows[target.id].floor = mech.leavesAtLeast
        parts = [B.Part(amount, mech.damageType, plan.name, text)]
        context = SA.for_entry(actor.id, plan.entry_ref, plan.entry, mech)
        for n, clause in enumerate(mech.plus or []):
            part = B.clause_part(fight, actor, target, clause, mech.damageType, plan.name, plan.save_dc or 10,
                                 critical, context, pre.get(n))
            if part is not None:
                parts.append(part)
        if not half and (mech.attackRoll or mech.autoHit):
            list_id = plan.list_def.list if plan.list_def is not None else None
            parts += R.rider_parts(fight, actor, target, R.Blow(plan.name, mech.damageType, critical, list_id),
                                   rolled=bool(mech.attackRoll))
            parts += BA.added_parts(fight, actor, target, critical)
        dealt: list[tuple[str | None, int]] = []
        B.deliver(fight, actor, target, parts, B.hit_of_entry(mech), critical, dealt, tuple(mech.qualities or ()))
        CE.close_blow(fight, target)
        if miss_half:
            return
        RM.reduce_max(fight, actor, target, mech.reducesMax, dealt, plan.name, failed)
        B.drain_back(fight, actor, getattr(mech, "drain", None), dealt, plan.name)
    if landed and not saved:
        far = _push_distance(plan, mech)
        if far:
            # A blow struck from elsewhere than its user (a summon's) pushes away from there.
            source = PUSHED_FROM.get(plan.kind)
            forced_push(fight, actor, target, far, per_cell(fight, plan.entry_catalog),
                        origin=source(fight, actor, plan) if source is not None else None)
    if landed or half:
        apply_conditions(fight, actor, target, mech, plan, landed)
    if landed and not saved and getattr(mech, "dismisses", None) is not None:
        # 1.236: who did not succeed on the save leaves the fight (for good, or while the
        # condition it was just given lasts).
        DI.dismiss(fight, actor, target, mech.dismisses, f"{actor.name}'s {plan.name}")


#: How an entry lands on each target, by its `mechanics.kind`; every kind not here lands as
#: a blow (`_blow_lands`).
ENTRY_LANDS: dict[str, Callable[[Fight, Combatant, Combatant, int, Plan, DiceExpr | None, tuple[int, str] | None,
                                 dict[str, Any] | None], None]] = {"heal": _heal_lands, "buff": _buff_lands}


def _push_distance(plan: Plan, mech: Any) -> float:
    """How far the entry pushes: its own `push`, and an item use's `chargeStep.push` once
    more for each extra charge spent (1.271: the Ring of the Ram, 5 feet a charge)."""
    far = float(mech.push or 0)
    if plan.charge_steps and isinstance(mech, ItemUse) and mech.chargeStep is not None and mech.chargeStep.push:
        far += float(mech.chargeStep.push) * plan.charge_steps
    return far


#: Where a plan's blow comes from when that is not its user's cell, by `Plan.kind`: a
#: summon's strike, from the summon's cell (summons.py registers it).
PUSHED_FROM: dict[str, Callable[[Fight, Combatant, Plan], tuple[int, int] | None]] = {}


def _temp(fight: Fight, actor: Combatant, target: Combatant, mech: Any, name: str) -> None:
    expr = parse_dice(mech.temporary.dice or "0")
    amount, _text = roll_damage(fight, expr.with_modifier(mech.temporary.flat or 0), False)
    E.grant_temp(fight, target, amount, what=name)


def apply_conditions(fight: Fight, actor: Combatant, target: Combatant, mech: Any, plan: Plan, landed: bool) -> None:
    """What lands with an entry beside its amount: its cure (1.176), an instant kill (1.196),
    then its conditions."""
    if not landed:
        return
    by = f"{actor.name}'s {plan.name}"
    mech = chosen(fight, mech, target)
    revives = getattr(mech, "revives", None)
    if revives is not None and dead_within(target, revives.withinRounds, fight.state.round):
        amount, _text = roll_damage(fight, parse_dice(revives.health.dice or "0").with_modifier(revives.health.flat or 0),
                                    False)
        E.revive(fight, target, amount, by=by)
    if target.out:
        return
    for held in curable(fight, mech, target, paid=(plan.entry_catalog, C.level_paid(fight, plan.costs))):
        remove_condition(fight, target, held, reason=f"{by} ends it")
    SC.land(fight, actor, target, mech, by)
    if target.out:
        return
    if getattr(mech, "stabilizes", None):
        E.stabilize(fight, target, by=by)
    if getattr(mech, "kills", None):
        E.kill(fight, target, by=by)
        return
    steps = counted_steps(mech, plan.cost_steps)
    for apply in mech.applies or []:
        apply_condition(fight, actor, target, apply, plan.save_dc, concentration=bool(mech.concentration),
                        steps=steps, kind=plan.named_kind)
