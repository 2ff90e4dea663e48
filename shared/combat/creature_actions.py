"""A creature's stat-block action resolved (`Plan.kind` "action"), and a `sequence`
of them, each part at its own target (spec/combat-2 `sequence`; mechanics-1 1.184 to 1.186).

Owns: `creature_action` (its attack roll or save, its damage, its push, its conditions, a
charging strike's knock-back), `action_save_kept` (what a creature action's save spares, which the
pool kind shares) and `sequence` (the parts in order, aimed part by part on a board).
"""

from __future__ import annotations

from typing import Any

from ..dice import parse_dice
from . import effects as E
from . import saves as SV
from .fight import Fight
from .kinds import kind_of
from .paying import use_action
from .rolls import roll_damage
from . import riders as R
from . import blow_adds as BA
from . import blows as B
from . import evasion as EV
from . import condition_ends as CE
from . import reduces_max as RM
from . import saves_against as SA
from .board.save_cover import save_cover
from .menu_rules import attack_step_allowed
from .targeting import filter_targets
from .cures import curable
from .condition_off import remove_condition
from .creature_extras import alternative_note
from .plans import Plan
from .plan_reading import action_damage, block_actions, sequence_parts
from .state import Combatant
from .board.attacks import aiming_part, part_plan, reaches
from .board import run_up as RU
from .attack_rolls import attack_at
from .applying import apply_condition
from .evasion import after_evasion
from .board.push import forced_push
from .standard_actions import STANDARD_RULES


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


def creature_action(fight: Fight, actor: Combatant, action: Any, targets: list[Combatant],
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
            landed, critical = attack_at(fight, actor, target, action.toHit, action.name,
                                       action, cursor, {**(at or {}), "index": i})
        if landed and action.save is not None:
            saved = SV.roll_save(fight, target, action.save.save, action.save.difficulty, why=f"against {action.name}",
                                against=SA.for_action(actor.id, action),
                                cover=save_cover(fight, actor, target, action.save, action.area,
                                                 plan.aim if plan is not None else None))
            landed, half = action_save_kept(action.save.onSuccess, saved)
            evaded = EV.evade(fight, target, action.save.save, saved, action.save.onSuccess, action.name)
            landed, half, halving = after_evasion(evaded, landed, half)
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
    if charge.save is not None and SV.roll_save(fight, target, charge.save.save, charge.save.difficulty,
                                               why=f"against {action.name}'s charge",
                                               against=SA.for_action(actor.id, action)):
        return
    if charge.push is not None:
        forced_push(fight, actor, target, charge.push)
    for apply in charge.applies or []:
        apply_condition(fight, actor, target, apply, dc)


def sequence(fight: Fight, actor: Combatant, plan: Plan, first: Combatant, cursor: dict[str, Any] | None) -> None:
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
                creature_action(fight, actor, step, [target], here, at, plan)
        else:
            creature_action(fight, actor, step, [target], here, at, plan)
