"""Resolving a chosen option: paying for it, attack rolls against defense, saves,
damage and healing, conditions applied, standard actions.

Owns: `resolve(fight, actor, item, targets)`, the log's arithmetic ("Juno attacks Rust
jackal with Road axe: 8 (5 + 3) + 3 = 11 against Guard 6, a hit."), criticals, and the
bookkeeping of budgets, strikes, uses and recharge.
"""

from __future__ import annotations

from typing import Any, Callable

from ..dice import DiceExpr, parse_dice
from ..sheet import set_text
from ..sheet.paying import counted_steps
from . import effects as E
from . import numbers as N
from .fight import Fight
from .kinds import kind_of
from .paying import pay, pay_item_charges, spend_budget, use_action
from .rolls import (attack_made, casting, finish_attack, finish_casting, most_damage, natural_verdict, roll_damage,
                    rolled_again_across)
from .creature_types import describe_test, passes
from . import costs as C
from .chosen_uses import times_chosen
from .refills import refill
from . import riders as R
from . import blow_adds as BA
from . import blows as B
from . import item_weapons as IW
from . import mode_line as ML
from . import item_hits as IH
from . import evasion as EV
from . import condition_ends as CE
from . import remaining_health as RH
from . import reduces_max as RM
from . import sheet_changes as SC
from . import condition_temporary as CT
from . import dismissal as DI
from . import source_saves as SS
from . import aura_avert as AV
from . import condition_harms as CH
from . import diseases as D
from . import saves_against as SA
from .board.save_cover import save_cover
from ..ruleset.applies import Apply
from ..ruleset.durations import RoundsDuration
from ..ruleset.item_entry import ItemUse
from .applying import allowed as apply_allowed
from .menu_rules import attack_step_allowed
from .targeting import filter_targets
from .wards import any_wards, ward_refusal
from .cures import curable, dead_within
from .cure_choice import chosen
from .destroying import destroys
from .condition_off import remove_condition
from .contests import resolve_contest
from .creature_extras import alternative_note
from .plans import MenuItem, Plan, slug
from . import metamagic as MM
from .plan_reading import action_damage, attack_rows, block_actions, catalog_entry, sequence_parts
from .options import attack_mode
from .state import Combatant, Concentration
from .board.attacks import aiming_part, part_plan, reaches
from . import windows as W
from . import zone_state as ZS
from .board.attacks import adjacent_critical, defense_against, defense_words
from .rescue import after_failure
from .rescue_entries import Roll
from .board.menu import helped_against
from .board.movement import dash, disengage
from .board.push import push
from .board import run_up as RU
from .board.units import per_cell
from .board.teleport import leave, teleport, teleport_of
from . import teleport_strike as TS


# ---------------------------------------------------------------------------
# paying
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# the attack roll
# ---------------------------------------------------------------------------


def attack_roll(fight: Fight, actor: Combatant, target: Combatant, to_hit: int, what: str,
                hit_of: B.Hit | None = None) -> tuple[bool, bool, dict[str, Any]]:
    """Rolls to hit and logs the line; returns (hit, critical, the roll as a hit window
    holds it: `total`, `defense`, `critical`, `forced`). `hit_of` is the kind of
    attack (weapon or spell, melee or ranged, the ability), which narrowed attacks
    modifiers read."""
    finish_attack(fight)
    roll_def = fight.combat.attackRoll
    mode = attack_mode(fight, actor, target, hit_of)
    if roll_def is None:
        raise ValueError("an attack rolled on the attack die needs `combat.attackRoll`")
    expr = DiceExpr.of(roll_def.dice.count, roll_def.dice.sides)
    r = fight.roll(expr, mode)
    faces = [f for term in r.faces for f in term]
    text = str(r.total) if len(faces) == 1 else f"{r.total} ({' + '.join(map(str, faces))})"
    if r.dropped is not None:
        text += f" ({mode}; dropped {r.dropped.total})"
    total = r.total
    pieces = [text]
    if to_hit:
        pieces.append(N.signed(to_hit))
        total += to_hit
    bonuses = N.modifiers(fight, actor, "attacks", hit=hit_of, target=target)
    if hit_of is not None and hit_of.item is not None:
        bonuses += IH.against_bonuses(fight, actor, target, hit_of)
    total = N.fold_modifiers(fight, bonuses, total, pieces)
    defense, parts = defense_against(fight, actor, target)
    natural = r.natural
    forced_hit, critical, note = natural_verdict(fight, actor, natural)
    hit = total >= defense if forced_hit is None else forced_hit
    if hit and not critical and fight.state.board is not None and adjacent_critical(fight, actor, target):
        critical = True
        note += f", a critical from the adjacent cell ({_adjacent_crit_source(fight, target)})"
    if critical and (roll_def.critical or "none") == "none":
        result = "a critical hit, dealt as an ordinary hit"
    else:
        result = "a critical hit" if critical else ("a hit" if hit else "a miss")
    def_text = defense_words(fight, defense, parts)
    arithmetic = " ".join(pieces) + (f" = {total}" if len(pieces) > 1 else "")
    fight.emit("attack", f"{actor.name} attacks {target.name} with {what}: {arithmetic} "
               f"against {def_text}{note}, {result}.", actor=actor.id, target=target.id, total=total,
               defense=defense, hit=hit, critical=critical, mode=mode)
    forced = bool(note) and hit
    if not hit and not note:
        # A natural miss is never rescued (1.249).

        rolled = after_failure(fight, actor, Roll("attacks", total, defense, ("a hit", "still a miss"),
                                                  natural=natural, sides=roll_def.dice.sides), hit=hit_of, target=target)
        hit, total = rolled.made, rolled.total
        # A miss counted a hit (`by: "success"`) stays one when the hit is checked again.
        forced = hit and total < defense
    attack_made(fight, actor, target)
    # What a hit window holds: the roll is never made again, only checked again (windows).
    return hit, critical, {"total": total, "defense": defense, "critical": critical, "forced": forced}


def _adjacent_crit_source(fight: Fight, target: Combatant) -> str:
    for name, rule, _held in N.rules_in_force(fight, target):
        if "attacks-from-adjacent-critical" in (rule.effects or []):
            return name
    return "attacks-from-adjacent-critical"


# ---------------------------------------------------------------------------
# resolving
# ---------------------------------------------------------------------------


def resolve(fight: Fight, actor: Combatant, item: MenuItem, targets: list[Combatant]) -> None:
    """Pays for the option and resolves it at once (no window is asked in between)."""
    pay(fight, actor, item.plan)
    perform(fight, actor, item.plan, targets)


def perform(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
            cursor: dict[str, Any] | None = None) -> None:
    """Resolves a paid option. `cursor` resumes it where a hit window held it: the target
    (and sequence part) it stopped at, with the held roll (windows.Held)."""
    resolving = RESOLVES.get(plan.kind)
    # `endsWhenHolder.casts` (1.180): gathered before the entry resolves, so a condition it
    # puts on its own user stays, and taken off after it, so the entry still had it.
    spent = casting(actor, plan.entry_catalog) if actor.conditions else []
    if resolving is not None:
        resolving(fight, actor, plan, targets, cursor)
    jump = teleport_of(plan)
    if jump is not None:
        # What the use does lands first; then its user is gone (mechanics-3 1.276), or, with
        # no cell named, out of the fight (`leaves`, 1.279).
        if plan.aim is not None:
            teleport(fight, actor, plan)
        elif jump.leaves:
            leave(fight, actor, plan)
    if plan.pairing is not None or (jump is not None and jump.strike is not None):
        # A teleport with a strike (1.280): what follows it free.
        TS.after(fight, actor, plan)
    finish_attack(fight)
    if spent:
        finish_casting(fight, actor, spent, plan.name)


def _sequence(fight: Fight, actor: Combatant, plan: Plan, first: Combatant, cursor: dict[str, Any] | None) -> None:
    """Each part in order, each at its own target (spec/combat-2 `sequence`): the one chosen
    while the part reaches them, otherwise the first opponent it reaches; a part that
    reaches nobody does not happen. Once the chosen target drops (down, or out of the
    fight), the parts aimed at them do not happen: they are not turned on someone else. A
    part with its own `uses` or `recharge` spends them as it is made. On a board each part
    is aimed with its own reach and range (spec/combat-3 "Reach and range")."""

    board = fight.state.board is not None
    start = cursor.get("step", 0) if cursor is not None else 0
    # Chosen while already down (a dying foe may be struck): only going out stops the parts.
    aimed_down = cursor.get("aimed_down", False) if cursor is not None else first.down
    if cursor is None:
        _, left_out = sequence_parts(actor, plan.action, {a.id: a for a in block_actions(actor)})
        for part in left_out:
            why = "is not recharged" if part.recharge is not None and not actor.recharge.get(part.id, True) \
                else "has no use left"
            fight.emit("note", f"{part.name} {why} for this part of {plan.name}, so it does not happen.", actor=actor.id)
    for k, step in enumerate(plan.steps):
        if k < start:
            continue
        if fight.state.outcome:
            break
        part = part_plan(fight, plan, k) if board else None
        resuming = cursor is not None and k == start
        resumed = cursor.get("target") if cursor is not None and resuming else None
        if resumed:
            target = fight.state.combatant(resumed)
        elif reaches(fight, actor, first, part):
            if first.out or (first.down and not aimed_down):
                if not any(c.side != actor.side for c in fight.standing()):
                    break  # nobody is left to fight: the fight is over
                fight.emit("note", f"{first.name} is {'out of the fight' if first.out else 'down'}, so {step.name} "
                           f"({plan.name}) does not happen.", actor=actor.id, target=first.id)
                continue
            target = first
        else:
            foes = filter_targets(fight, actor, [c for c in fight.standing() if c.side != actor.side], step)
            target = next((c for c in foes if reaches(fight, actor, c, part)), None)
        if target is None:
            if not any(c.side != actor.side for c in fight.standing()):
                break
            fight.emit("note", f"{step.name} reaches no one from where {actor.name} stands, so it does not happen.",
                       actor=actor.id)
            continue
        if not attack_step_allowed(fight, actor, step):
            break
        if not resuming:
            # The part's own books: its `uses` and `recharge` are spent as it is made.
            use_action(fight, actor, step)
        at: dict[str, Any] = {"step": k, "target": target.id}
        if aimed_down:
            at["aimed_down"] = True
        here = cursor if k == start else None
        if board:
            with aiming_part(fight, plan, k):
                _creature_action(fight, actor, step, [target], here, at, plan)
        else:
            _creature_action(fight, actor, step, [target], here, at, plan)


def _attack(fight: Fight, actor: Combatant, target: Combatant, to_hit: int, what: str, plan: Any,
            cursor: dict[str, Any] | None, at: dict[str, Any]) -> tuple[bool, bool]:
    """The attack roll at position `at`: the held roll when the cursor stopped here (checked
    again against the defense as it is now), otherwise a new roll, held when it hits
    someone who may answer (a hit window; raises windows.Held)."""

    own = kind_of(fight).attack(fight, actor, target, what, plan, cursor, at)
    if own is not None:
        return own
    if cursor is not None and cursor.get("held") is not None and cursor.get("index", 0) == at.get("index", 0):
        held = cursor.pop("held")
        return W.recheck_hit(fight, actor, target, held, what)
    hit, critical, held = attack_roll(fight, actor, target, to_hit, what, B.hit_of(fight, actor, plan))
    if hit:
        W.offer_hit(fight, actor, target, plan, at, held)
    return hit, critical


def _weapon(fight: Fight, actor: Combatant, plan: Plan, target: Combatant, cursor: dict[str, Any] | None) -> None:
    if cursor is None and plan.item_use and plan.item is not None:
        # A mode's bolt is saved against before the attack roll (1.190), once: a step
        # resumed after a window has already thrown it.
        ML.line_saves(fight, actor, plan, target)
        if fight.state.outcome:
            return
    if kind_of(fight).weapon(fight, actor, plan, target, cursor):
        return
    hit, critical = _attack(fight, actor, target, plan.to_hit, plan.name, plan, cursor, {"index": 0})
    if hit and plan.damage is not None:
        struck = B.hit_of_weapon(fight, actor, plan)
        amount, text = B.strike_damage(fight, actor, plan.damage, struck, critical)
        CE.open_blow(fight, target)
        parts = [B.Part(amount, plan.damage_type, plan.name, text)]
        attack = IW.item_attack(fight, plan.item)
        # Which parts give the wielder temporary points for what they deal (1.187 `tempHp`).
        feeding: list[int] = []
        for clause in IH.parts_counted(fight, actor, target, IW.blow_parts(fight, plan.item, plan.item_use), struck,
                                       plan.name):
            part = B.clause_part(fight, actor, target, clause, plan.damage_type, plan.name, 10, critical)
            if part is not None:
                if clause.tempHp:
                    feeding.append(len(parts))
                parts.append(part)
        # A held weapon is not a row: riders naming rows (`sources`, `requires`) pass it by.
        on_row = plan.item is None
        parts += R.rider_parts(fight, actor, target, R.Blow(plan.name, plan.damage_type, critical,
                                                            plan.list_def.list if on_row else None,
                                                            _row_of(fight, actor, plan) if on_row else None,
                                                            tags=None if on_row else IW.item_tags(fight, plan.item)))
        adds = BA.take_adds(fight, target)
        parts += BA.parts_of(fight, target, adds, critical)
        if attack is not None and attack.ignoresResistance:
            # The attack's own type passes resistance; a part of another type is still halved.
            for part in parts:
                part.past_resistance = B.same_type(part.type, plan.damage_type)
        dealt: list[tuple[str | None, int]] = []
        B.deliver(fight, actor, target, parts, struck, critical, dealt)
        CE.close_blow(fight, target)
        if attack is not None:
            if attack.healedOnlyByRest:
                RM.seal_wounds(fight, target, dealt, plan.name)
            _weapon_blow_ends(fight, actor, target, plan, attack, dealt, feeding, critical)
        spends_put_on(fight, target, adds)


def spends_put_on(fight: Fight, target: Combatant, adds: list[Any]) -> None:
    """The conditions of the charges spent on a held weapon's hit (1.273 `onHit`), on a
    target the blow leaves standing: each for its `rounds`, unless the target makes its
    protecting `save`; a `saveEnds` ends it as an entry's does."""
    for holder, plan, way in BA.spent_on_hit(fight, adds):
        for on in way.onHit or []:
            if target.out:
                return
            if on.save is not None and E.roll_save(fight, target, on.save.save, on.save.difficulty,
                                                   why=f"against {plan.name}"):
                continue
            apply = Apply(condition=on.condition, duration=RoundsDuration(rounds=on.rounds), saveEnds=on.saveEnds)
            apply_condition(fight, holder, target, apply, on.save.difficulty if on.save is not None else None)


def _weapon_blow_ends(fight: Fight, actor: Combatant, target: Combatant, plan: Plan, attack: Any,
                     dealt: list[tuple[str | None, int]], feeding: list[int], critical: bool) -> None:
    """What a held weapon's hit does once its blow is dealt: temporary points from what its
    `tempHp` parts dealt, its slaying blows, then its `onHit` conditions (`oncePerTurn`: the
    first hit of each turn only, 1.187)."""
    gained = sum(dealt[i][1] for i in feeding if i < len(dealt))
    if gained > 0 and not actor.out:
        E.grant_temp(fight, actor, gained, what=plan.name)
    weapon_hit_ends(fight, actor, target, plan, attack, critical)


def _slay(fight: Fight, actor: Combatant, target: Combatant, plan: Plan, slay: Any, critical: bool) -> None:
    """A slaying blow (1.187, 1.192): on a hit (a critical one with `when`), a target not
    excluded by `not` nor immune to one of `immuneTo`, left with at most `healthAtMost`
    once the hit's damage is dealt, dies, on a failed save when there is one; the item's
    `charges` are spent as the slaying is tried, and without them it is not. A target
    that makes the save gets the `saved` conditions instead."""
    if slay.when == "critical" and not critical:
        return
    if slay.not_ is not None and passes(fight, target, slay.not_):
        return
    immune = N.damage_guard(target, "immune")
    if any(t.lower() in immune for t in slay.immuneTo or []):
        fight.emit("note", f"{target.name} is immune to {', '.join(slay.immuneTo or [])}: {plan.name} does not "
                   "slay it.", target=target.id)
        return
    left = N.health(fight, target)[0]
    if left > slay.healthAtMost:
        return
    if slay.charges and not pay_item_charges(fight, actor, plan, slay):
        fight.emit("note", f"{plan.name} has too few charges left to slay {target.name}.", actor=actor.id)
        return
    if slay.save is not None:
        by = f"against {plan.name}'s slaying blow"
        if E.roll_save(fight, target, slay.save.save, slay.save.difficulty, why=by):
            for apply in slay.saved or []:
                apply_condition(fight, actor, target, apply, slay.save.difficulty)
            return
    E.kill(fight, target, by=f"{actor.name}'s {plan.name}")


def weapon_hit_ends(fight: Fight, actor: Combatant, target: Combatant, plan: Plan, attack: Any,
                    critical: bool = False) -> None:
    """A held weapon's slaying blows, then its `onHit` conditions on a target its hit leaves
    standing, each with `oncePerTurn` put on by the first hit of a turn only (1.187); a
    pool fight's hit too (it has no critical)."""
    for slay in attack.slay or []:
        if target.out:
            return
        _slay(fight, actor, target, plan, slay, critical)
    if target.out:
        return
    for k, apply in enumerate(attack.onHit or []):
        if apply.oncePerTurn:
            mark = R.period_mark(fight, "turn", f"{plan.item}#{k}")
            if mark in actor.riders_used:
                fight.emit("note", f"{plan.name} puts {N.label(fight.ruleset, 'condition', apply.condition)} on "
                           "only once a turn.", actor=actor.id, target=target.id)
                continue
            R.mark_used(fight, actor, mark)
        apply_condition(fight, actor, target, apply, None)


def _row_of(fight: Fight, actor: Combatant, plan: Plan) -> dict[str, Any] | None:
    """The attack list row a weapon plan was read from (a rider's `requires` reads it)."""
    view = fight.view(actor)
    if view is None or plan.list_def is None:
        return None
    lst = plan.list_def
    for row in attack_rows(view, lst):
        name = view.cell(lst.list, row, lst.name)
        if isinstance(name, str) and f"{lst.list}:{slug(name)}" == plan.entry_ref:
            return row
    return None


def _entry_amount(fight: Fight, actor: Combatant, mech: Any, steps: int = 0) -> DiceExpr | None:
    return C.amount_expr(fight, actor, mech, steps)


def _entry(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant],
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
            E.end_concentration(fight, actor, reason=f"{name} ends it")
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
            E.end_concentration(fight, actor, reason=f"starting {plan.name}")
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
        landed, critical = _attack(fight, actor, target, plan.to_hit, plan.name, plan, cursor, {"index": i})
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
            saved = E.roll_save(fight, target, mech.save.save, dc, why=f"against {plan.name}",
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
        landed, half, halving = _evaded(evaded, landed, half)
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


def forced_push(fight: Fight, actor: Combatant, target: Combatant, distance: float, per: float | None = None,
                origin: tuple[int, int] | None = None) -> None:
    """An entry's or a creature action's `push` (1.182, 1.184): on a board, straight away
    from the user (or from `origin`, where the blow came from); without one nobody moves."""
    if fight.state.board is not None and not target.out and target.position is not None and target is not actor:
        push(fight, actor, target, distance, per, origin)


def _evaded(evaded: str | None, landed: bool, half: bool) -> tuple[bool, bool, str]:
    """(landed, half, what halved it) once Evasion has had its say (evasion.py)."""
    if evaded == "nothing":
        return False, False, "the save"
    if evaded == "half":
        return True, True, "Evasion"
    return landed, half, "the save"


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


def apply_condition(fight: Fight, actor: Combatant, target: Combatant, apply: Any, dc: int | None, *,
               concentration: bool = False, steps: int = 0, kind: str | None = None) -> None:
    """One `applies` item put on `target`; `steps` are the raised-cost steps the use was paid
    at (`harmsPerCostStep`); `kind` the one a `kindChoice` use named (1.270), remembered."""
    if not apply_allowed(fight, actor, target, apply):
        return
    if apply.destroysUpTo is not None and destroys(fight, actor, target, apply):
        return
    duration = apply.duration
    rounds = at = None
    of = "holder"
    this_action = False
    if isinstance(duration, str):
        this_action = duration == "this-action"
    else:
        rounds = duration.rounds
        at = duration.at
        of = "source" if duration.of == "source" else "holder"
    save = apply.saveEnds.save if apply.saveEnds is not None else None
    save_at = apply.saveEnds.at if apply.saveEnds is not None else None
    ok = E.put_condition(
        fight, target, apply.condition, source=actor.id, rounds=rounds, at=at or "turn-end", of=of,
        save=save, save_at=save_at, dc=dc, ends_after=apply.endsAfter,
        concentration=actor.id if concentration else None, this_action=this_action,
        # A spell hold is escaped against the entry's own save DC (mechanics-1 1.174).
        escape=dc if getattr(apply, "escapeDc", None) == "save" else None,
        escape_checks=getattr(apply, "escapeChecks", None),
        ends_when_holder=getattr(apply, "endsWhenHolder", None),
        harm_more=CH.harm_more(apply, steps),
        save_by_source=(apply.saveEnds.bySource or None) if apply.saveEnds is not None else None,
        ends_with=getattr(apply, "endsWith", None),
    )
    if ok:
        D.keep_count(target, apply.condition, apply.saveEnds)
    if ok and apply.saveEnds is not None:
        SS.remember(next(h for h in reversed(target.conditions) if h.id == apply.condition), apply.saveEnds)
    value = CT.fixed_value(fight, actor, apply)
    if ok and value is not None:
        held = next(h for h in reversed(target.conditions) if h.id == apply.condition)
        held.value = value
    if ok and kind is not None:
        next(h for h in reversed(target.conditions) if h.id == apply.condition).chosen_kind = kind
    if ok and concentration and actor.concentration is not None:
        actor.concentration.conditions.append([target.id, apply.condition])


def action_save_kept(on_success: str, saved: bool) -> tuple[bool, bool]:
    """(the damage lands, halved) once the target of a creature action has rolled its save.
    A failure takes it all. A success takes half with `half`, nothing with `negates`, and
    with `none` keeps the damage: a creature action's save spares only what the action
    applies (spec/mechanics-1.md 1.184; the Ghoul's Claws still deal their 2d4 + 2)."""
    if not saved:
        return True, False
    if on_success == "half":
        return True, True
    return on_success != "negates", False


def _creature_action(fight: Fight, actor: Combatant, action: Any, targets: list[Combatant],
                     cursor: dict[str, Any] | None = None, at: dict[str, Any] | None = None,
                     plan: Plan | None = None) -> None:
    """A creature action (or a sequence's part); `plan` is the chosen option's, for a pool
    fight's style of attack."""
    if action.self_:
        targets = [actor]
    if action.search:
        # Detect (1.287): a search and nothing else (the validator asks for `combat.hiding`).
        STANDARD_RULES["search"](fight, actor)
        return
    if action.heal is not None or (action.ends is not None and action.damage is None and not action.applies):
        # Healing and cures (the unicorn's Healing Touch, 1.261) land without a roll.
        healing = parse_dice(action.heal.dice or "0").with_modifier(action.heal.flat or 0) if action.heal else None
        for target in targets:
            if healing is not None:
                amount, text = roll_damage(fight, healing, False)
                E.heal(fight, actor, target, amount, what=f"{action.name} ({text})",
                       magical=SA.MAGICAL in SA.action_qualities(action))
            for held in curable(fight, action, target, paid=(None, 0)):
                remove_condition(fight, target, held, reason=f"{actor.name}'s {action.name} ends it")
        return
    if kind_of(fight).creature_action(fight, actor, action, targets, plan, cursor, at):
        return
    expr = action_damage(action, fight, actor)
    dtype = action.damage.type if action.damage else None
    start = cursor.get("index", 0) if cursor is not None else 0
    rolled_once = action.toHit is None or action.autoHit
    shared_roll = roll_damage(fight, expr, False) if expr is not None and rolled_once else None
    if (rolled_once or action.save is not None) and cursor is None:
        fight.emit("action", f"{actor.name} uses {action.name} on {', '.join(t.name for t in targets)}.",
                   actor=actor.id, targets=[t.id for t in targets])
    # A run-up charge (1.186) goes with a strike at one target on the board.
    charging = action.charge is not None and RU.charged(fight, actor, action, targets, say_it=cursor is None)
    for i, target in enumerate(targets):
        if i < start:
            continue
        if fight.state.outcome or target.out:
            break
        landed, half, critical, saved = True, False, False, False
        halving = "the save"
        if action.toHit is not None and not action.autoHit:
            landed, critical = _attack(fight, actor, target, action.toHit, action.name,
                                       action, cursor, {**(at or {}), "index": i})
        if landed and action.save is not None:
            saved = E.roll_save(fight, target, action.save.save, action.save.difficulty, why=f"against {action.name}",
                                against=SA.for_action(actor.id, action),
                                cover=save_cover(fight, actor, target, action.save, action.area,
                                                 plan.aim if plan is not None else None))
            landed, half = action_save_kept(action.save.onSuccess, saved)
            evaded = EV.evade(fight, target, action.save.save, saved, action.save.onSuccess, action.name)
            landed, half, halving = _evaded(evaded, landed, half)
        if landed and expr is not None:
            if shared_roll is not None and not critical:
                amount, text = shared_roll
            elif shared_roll is None:
                amount, text = B.strike_damage(fight, actor, expr, B.hit_of_action(action), critical)
            else:
                amount, text = roll_damage(fight, expr, critical)
            if half:
                amount //= 2
                text += f", halved by {halving}"
            note = alternative_note(fight, actor, action)
            CE.open_blow(fight, target)
            parts = [B.Part(amount, dtype, action.name, f"{text}{note}")]
            dc = action.save.difficulty if action.save else action.saveDifficulty
            for clause in (action.damage.plus if action.damage else None) or []:
                part = B.clause_part(fight, actor, target, clause, dtype, action.name, dc or 10, critical,
                                     SA.for_action(actor.id, action))
                if part is not None:
                    parts.append(part)
            if charging:
                for clause in action.charge.plus or []:
                    part = B.clause_part(fight, actor, target, clause, dtype, action.name, dc or 10, critical,
                                         SA.for_action(actor.id, action))
                    if part is not None:
                        parts.append(part)
            if action.toHit is not None or action.autoHit:
                parts += R.rider_parts(fight, actor, target, R.Blow(action.name, dtype, critical, action_id=action.id),
                                       rolled=not action.autoHit)
                parts += BA.added_parts(fight, actor, target, critical)
            dealt: list[tuple[str | None, int]] = []
            B.deliver(fight, actor, target, parts, B.hit_of_action(action), critical, dealt, SA.action_qualities(action))
            CE.close_blow(fight, target)
            RM.reduce_max(fight, actor, target, action.reducesMax, dealt, action.name,
                          action.save is not None and not saved)
            B.drain_back(fight, actor, getattr(action, "drain", None), dealt, action.name)
        if landed and not saved:
            if action.push is not None:
                forced_push(fight, actor, target, action.push)
            dc = action.save.difficulty if action.save is not None else action.saveDifficulty
            for apply in action.applies or []:
                apply_condition(fight, actor, target, apply, dc)
        if landed and charging and not target.out:
            _charge_knocks(fight, actor, target, action)


def _charge_knocks(fight: Fight, actor: Combatant, target: Combatant, action: Any) -> None:
    """After a charging strike lands (1.186): the target rolls the charge's save; on a
    failure, or always with none, it is pushed back and gets the charge's conditions."""
    charge = action.charge
    dc = charge.save.difficulty if charge.save is not None else None
    if charge.save is not None and E.roll_save(fight, target, charge.save.save, charge.save.difficulty,
                                               why=f"against {action.name}'s charge",
                                               against=SA.for_action(actor.id, action)):
        return
    if charge.push is not None:
        forced_push(fight, actor, target, charge.push)
    for apply in charge.applies or []:
        apply_condition(fight, actor, target, apply, dc)


#: Standard actions a module above makes real when the package asks for them (hiding.py
#: registers Hide and Search, with `combat.hiding`).
STANDARD_RULES: dict[str, Callable[[Fight, Combatant], None]] = {}


def _standard(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> None:
    spend_budget(fight, actor, plan.budget)
    name = plan.standard or ""
    rule = STANDARD_RULES.get(name)
    if rule is not None and fight.combat.hiding is not None:
        # `combat.hiding` makes Hide (and Search, which needs it) real (1.287).
        rule(fight, actor)
    elif name == "dodge":
        actor.dodging = True
        fight.emit("standard", f"{actor.name} dodges: attacks against them are rolled twice, keeping the worse, "
                   "until their next turn.", actor=actor.id)
    elif name == "help" and targets:
        targets[0].helped_by = actor.id
        effects = fight.combat.standardEffects
        if fight.state.board is not None and effects is not None and effects.help is not None and effects.help.beside:
            targets[0].help_against = helped_against(fight, actor)
        fight.emit("standard", f"{actor.name} helps {targets[0].name}: their next attack is rolled twice, "
                   "keeping the better.", actor=actor.id, target=targets[0].id)
    elif name in ("dash", "disengage") and fight.state.board is not None:
        (dash if name == "dash" else disengage)(fight, actor)
    elif name in ("dash", "disengage"):
        fight.emit("standard", f"{actor.name} takes the {name.capitalize()} action (it matters only on a board).",
                   actor=actor.id)
    else:
        fight.emit("standard", f"{actor.name} takes the {name.capitalize()} action, which changes nothing yet.",
                   actor=actor.id)


# ---------------------------------------------------------------------------
# each kind of plan
# ---------------------------------------------------------------------------

Cursor = dict[str, Any] | None


def _resolve_weapon(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    _weapon(fight, actor, plan, targets[0], cursor)


def _resolve_action(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    _creature_action(fight, actor, plan.action, targets, cursor, {}, plan)


def _resolve_sequence(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    if cursor is None:
        fight.emit("action", f"{actor.name} uses {plan.name}.", actor=actor.id)
    _sequence(fight, actor, plan, targets[0], cursor)


def _resolve_standard(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    _standard(fight, actor, plan, targets)


def _resolve_contest(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    resolve_contest(fight, actor, plan, targets)


def _resolve_shake_off(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    CE.resolve_shake_off(fight, actor, plan)


def _resolve_avert(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    AV.resolve_avert(fight, actor, plan)


def _resolve_action_save(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: Cursor) -> None:
    SS.resolve_action_save(fight, actor, plan)


#: How each kind of plan resolves once paid (`Plan.kind`); `end` resolves nothing.
RESOLVES: dict[str, Callable[[Fight, Combatant, Plan, list[Combatant], Cursor], None]] = {
    "weapon": _resolve_weapon,
    "entry": _entry,
    "action": _resolve_action,
    "sequence": _resolve_sequence,
    "standard": _resolve_standard,
    "contest": _resolve_contest,
    CE.SHAKE_OFF: _resolve_shake_off,
    SS.SAVE_ACTION: _resolve_action_save,
    AV.AVERT: _resolve_avert,
}
