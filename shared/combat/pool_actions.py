"""Attacks, saves and damage of a `dice-pool` fight, for the three things that strike: a
weapon row, a catalog entry and a creature action (spec/combat-2 "Combat rolled as a
pool").

Owns: `weapon_numbers` (a row's to-hit as dice: its rating and trade read as a check of
that skill with the row's ability, exactly as `with=` swaps it, its bonus and the sheet's
`adjust`; its damage column read as a count of dice, `damage.ability` as more dice and
`damage.bonus` as automatic successes), `blow_tags` (the item tags and `qualities` a
`remap` can match), `clause_amounts` (each `plus` clause a damage pool of its own, with
no extra dice from the hit), and `weapon`, `entry`, `creature_action`, which weapons.py,
entries.py and creature_actions.py hand a pool fight to once the cost is paid. Conditions,
budgets, uses and the log of using an entry stay there; only the roll and the damage differ.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from ..dice import DiceError, parse_dice
from . import blow_adds as BA
from . import blows as B
from . import saves as SV
from . import initiative_resource as IR
from . import item_weapons as IW
from . import item_hits as IH
from . import numbers as N
from . import pool_attack as PA
from . import pool_dice as P
from . import riders as R
from . import saves_against as SA
from .fight import Fight
from .board.save_cover import save_cover
from .pool_damage import PoolAmount, deliver, take
from .state import Combatant, SpendingAttack
from .creature_types import describe_test, passes
from . import windows as W
from .costs import amount_expr
from .plan_reading import action_damage
from .support import find_catalog_entry
from . import applying as AP
from . import creature_actions as CA
from . import entries as EN
from . import weapons as WP


# ---------------------------------------------------------------------------
# numbers
# ---------------------------------------------------------------------------


def _cell_number(value: Any) -> int:
    return math.floor(value) if isinstance(value, int | float) and not isinstance(value, bool) else 0


def weapon_numbers(fight: Fight, actor: Combatant, plan: Any) -> tuple[list[tuple[str, int]], tuple[int, int]]:
    """(to-hit parts as dice, (damage dice, automatic successes)) of a weapon row."""
    view = fight.view(actor)
    lst, row = plan.list_def, plan.row
    if view is None or row is None:
        return [("", plan.to_hit)], P.count(plan.damage)
    to_hit = lst.toHit
    rating = view.cell(lst.list, row, to_hit.ability.column) if to_hit is not None and to_hit.ability else None
    rating = rating if isinstance(rating, str) and rating in view.idx.ability_by_id else None
    trade = view.cell(lst.list, row, to_hit.skill.column) if to_hit is not None and to_hit.skill else None
    parts: list[tuple[str, int]] = []
    if isinstance(trade, str) and view.check("skill", trade) is not None:
        number = view.check_number("skill", trade, with_ability=rating)
        skill_ability = rating or view.idx.skills[trade].ability
        mod = math.floor(view.mod(skill_ability)) if skill_ability else 0
        if skill_ability:
            parts.append((N.label(fight.ruleset, "ability", skill_ability), mod))
        parts.append((N.label(fight.ruleset, "skill", trade), math.floor(number.number or 0) - mod))
    else:
        number = view.check_number("ability", ability=rating)
        if rating:
            parts.append((N.label(fight.ruleset, "ability", rating), math.floor(view.mod(rating))))
    if to_hit is not None and to_hit.proficiency is not None and view.cell(lst.list, row, to_hit.proficiency.column) is True:
        parts.append(("proficiency", math.floor(view.proficiency_bonus())))
    if to_hit is not None and to_hit.bonus is not None:
        parts.append(("bonus", _cell_number(view.cell(lst.list, row, to_hit.bonus.column))))
    if to_hit is not None and to_hit.sheetBonus is not None:
        sb = to_hit.sheetBonus
        if sb.when is None or view.cell(lst.list, row, sb.when.column) == sb.when.equals:
            parts.append(("sheet bonus", math.floor(view.value(sb.value))))
    if math.floor(number.adjust):
        parts.append(("adjust", math.floor(number.adjust)))
    dice_text = view.cell(lst.list, row, lst.damage.dice.column)
    try:
        dice, auto = P.count(parse_dice(dice_text)) if isinstance(dice_text, str) else (0, 0)
    except DiceError:
        dice, auto = 0, 0
    if lst.damage.ability is not None:
        ability = view.cell(lst.list, row, lst.damage.ability.column)
        if isinstance(ability, str) and ability in view.idx.ability_by_id:
            dice += math.floor(view.mod(ability))
    if lst.damage.bonus is not None:
        auto += _cell_number(view.cell(lst.list, row, lst.damage.bonus.column))
    return [p for p in parts if p[1]], (max(0, dice), max(0, auto))


def weapon_text(fight: Fight, actor: Combatant, plan: Any) -> str:
    """The menu's words for a weapon row in a pool fight: `5 dice to hit, 2 damage dice blunt`."""
    parts, (dice, auto) = weapon_numbers(fight, actor, plan)
    size = P.size(fight, sum(n for _, n in parts) + P.penalty_dice(fight, actor))
    damage = f"{dice} damage {'die' if dice == 1 else 'dice'}" + (f" + {auto} automatic" if auto else "")
    return f"{P.dice_word(size)} to hit, {damage}" + (f" {plan.damage_type}" if plan.damage_type else "")


def blow_tags(fight: Fight, row: dict[str, Any] | None = None, mech: Any = None, action: Any = None) -> tuple[str, ...]:
    """The tags a `remap` reads: a row's catalog item's `tags`, an entry's or a creature
    damage's `qualities`."""
    tags: list[str] = []
    ref = row.get("_catalog") if isinstance(row, dict) else None
    if isinstance(ref, str):
        entry = find_catalog_entry(fight.ruleset, ref)
        item = getattr(entry, "item", None) if entry is not None else None
        tags += list(getattr(item, "tags", None) or [])
        mech = mech or getattr(entry, "mechanics", None)
    tags += list(getattr(mech, "qualities", None) or [])
    damage = getattr(action, "damage", None)
    tags += list(getattr(damage, "qualities", None) or [])
    return tuple(tags)


def clause_amounts(fight: Fight, target: Combatant, clauses: Iterable[Any], default_type: str | None, name: str,
                   dc: int, context: Any) -> list[PoolAmount]:
    """Each `plus` clause as a damage pool of its own kind (its `targetIs`, its own save)."""

    out: list[PoolAmount] = []
    for clause in clauses or []:
        if getattr(clause, "onCritical", None):
            # A dice-pool blow is never a critical hit, so a part dealt only with one is not.
            continue
        test = getattr(clause, "targetIs", None)
        if test is not None and not passes(fight, target, test):
            fight.emit("note", f"Part of {name} reaches only {describe_test(fight, test)}, so it passes {target.name} by.",
                       target=target.id)
            continue
        expr = parse_dice(clause.dice or "0")
        dice, auto = P.count(expr.with_modifier(clause.flat or 0))
        halved = False
        if clause.save is not None:
            clause_dc = clause.save.difficulty if clause.save.difficulty is not None else dc
            if SV.roll_save(fight, target, clause.save.save, clause_dc, why=f"against part of {name}", against=context):
                if clause.save.onSuccess != "half":
                    continue
                halved = True
        out.append(PoolAmount(dice, auto, clause.type or default_type, name, halved=halved))
    return out


# ---------------------------------------------------------------------------
# striking
# ---------------------------------------------------------------------------


def _strike(fight: Fight, actor: Combatant, target: Combatant, parts: list[tuple[str, int]], what: str,
            origin: Any, cursor: dict[str, Any] | None, at: dict[str, Any]) -> PA.PoolHit:
    """The throw at position `at`: the held throw when the cursor stopped here (checked
    again), otherwise a new one, held when it hits someone who may answer (a hit window;
    raises windows.Held)."""

    if cursor is not None and cursor.get("held") is not None and cursor.get("index", 0) == at.get("index", 0):
        return PA.recheck(fight, actor, target, cursor.pop("held"), what)
    struck = PA.attack_roll(fight, actor, target, parts, what, B.hit_of(fight, actor, origin))
    if struck.hit:
        W.offer_hit(fight, actor, target, origin, at, struck.held)
    return struck


def _spending(fight: Fight, actor: Combatant, plan: Any) -> tuple[Any, SpendingAttack | None]:
    """(the style the attack is made in, the spending attack under way or None). An attack
    held by a window keeps the style it started in."""
    style = IR.style_of(fight, plan, actor)
    if style is None or style.spends is None:
        return style, None
    return style, IR.spending(fight, actor)


def _land(fight: Fight, actor: Combatant, target: Combatant, amounts: list[PoolAmount], tags: tuple[str, ...],
          style: Any, spend: SpendingAttack | None, what: str, dtype: str | None, hit: Any, blow: R.Blow | None
          ) -> None:
    """A hit lands in its style: a spending blow throws the attacker's number and nothing
    else; otherwise the damage pools (with the riders that fire) go to the target's number
    (a taking style) or their health."""
    if spend is not None:
        spend.hit = True
        IR.spend_blow(fight, actor, target, spend.number, what, dtype, tags)
        return
    if blow is not None:
        for name, expr, rider_type in R.fired(fight, actor, target, blow, rolled=hit is not None):
            dice, auto = P.count(expr)
            amounts.append(PoolAmount(dice, auto, rider_type, name))
    if style is not None and style.takes is not None:
        take(fight, actor, target, amounts, tags, style, hit)
    else:
        deliver(fight, actor, target, amounts, tags, hit)


def _joined(fight: Fight, adds: list[Any], default_type: str | None) -> list[PoolAmount]:
    """What answers joined to the blow add (a weapon's charges spent on its hit, 1.273): each
    amount as dice of the pool, as a rider's is counted."""
    out: list[PoolAmount] = []
    for holder, plan, _way in BA.spent_on_hit(fight, adds):
        expr = amount_expr(fight, holder, plan.mechanics, plan.cost_steps)
        if expr is not None:
            dice, auto = P.count(expr)
            out.append(PoolAmount(dice, auto, plan.mechanics.damageType or default_type, plan.name))
    return out


def weapon(fight: Fight, actor: Combatant, plan: Any, target: Combatant, cursor: dict[str, Any] | None = None) -> None:
    parts, (dice, auto) = weapon_numbers(fight, actor, plan)
    style, spend = _spending(fight, actor, plan)
    struck = _strike(fight, actor, target, parts, plan.name, plan, cursor, {"index": 0})
    attack = IW.item_attack(fight, plan.item)
    if struck.hit and (dice or auto or struck.extra or spend is not None):
        first = PoolAmount(dice + struck.extra, auto, plan.damage_type, plan.name, first=True, extra=struck.extra)
        amounts = [first]
        row = plan.row
        on_row = plan.item is None
        if attack is not None:
            # A held weapon's own minimum and floor, and its `plus` parts (item_weapons.py).
            first.minimum = IW.own_minimum(fight, actor, plan.item, attack, P.most(fight))
            first.floor = attack.floor
            counted = IH.parts_counted(fight, actor, target, IW.blow_parts(fight, plan.item, plan.item_use),
                                       B.hit_of_weapon(fight, actor, plan), plan.name)
            amounts += clause_amounts(fight, target, counted, plan.damage_type, plan.name, 10, None)
        adds = BA.take_adds(fight, target)
        amounts += _joined(fight, adds, plan.damage_type)
        blow = R.Blow(plan.name, plan.damage_type, False,
                      plan.list_def.list if plan.list_def and on_row else None, row if on_row else None,
                      tags=None if on_row else IW.item_tags(fight, plan.item))
        _land(fight, actor, target, amounts, blow_tags(fight, row) + plan.qualities, style, spend, plan.name, plan.damage_type,
              B.hit_of_weapon(fight, actor, plan), blow)
        if attack is not None:
            WP.weapon_hit_ends(fight, actor, target, plan, attack)
        WP.spends_put_on(fight, target, adds)
    if spend is not None:
        IR.spend_over(fight, actor, style, spend)


def entry(fight: Fight, actor: Combatant, plan: Any, targets: list[Combatant], start: int = 0,
          cursor: dict[str, Any] | None = None) -> None:
    """A catalog entry that strikes or calls for a save, after it was paid for and
    announced: each target's damage is thrown for that target (from `start`, where a hit
    window held it)."""

    mech = plan.mechanics
    dice, auto = P.count(amount_expr(fight, actor, mech, plan.cost_steps))
    context = SA.for_entry(actor.id, plan.entry_ref, plan.entry, mech)
    dc = plan.save_dc if plan.save_dc is not None else 1
    style, spend = _spending(fight, actor, plan) if mech.attackRoll else (None, None)
    tags = blow_tags(fight, mech=mech)
    list_id = plan.list_def.list if plan.list_def is not None else None
    for i, target in enumerate(targets):
        if i < start:
            continue
        if fight.state.outcome:
            break
        landed, half, extra = True, False, 0
        if mech.attackRoll:
            struck = _strike(fight, actor, target, plan.to_hit_parts or [("", plan.to_hit)], plan.name, plan, cursor,
                             {"index": i})
            landed, extra = struck.hit, struck.extra
        elif mech.save is not None and not mech.autoHit:
            if SV.roll_save(fight, target, mech.save.save, dc, why=f"against {plan.name}", against=context,
                           cover=save_cover(fight, actor, target, mech.save, mech.area, plan.aim)):
                half = (mech.save.onSuccess or "none") == "half"
                landed = False
        if (landed or half) and mech.amount is not None:
            amounts = [PoolAmount(dice + extra, auto, mech.damageType, plan.name, first=True, extra=extra, halved=half)]
            if spend is None:
                amounts += clause_amounts(fight, target, mech.plus, mech.damageType, plan.name, dc, context)
            rides = not half and (mech.attackRoll or mech.autoHit)
            blow = R.Blow(plan.name, mech.damageType, False, list_id) if rides else None
            _land(fight, actor, target, amounts, tags, style, spend, plan.name, mech.damageType,
                  B.hit_of_entry(mech) if not half else None, blow)
        if landed or half:
            EN.apply_conditions(fight, actor, target, mech, plan, landed)
    if spend is not None:
        IR.spend_over(fight, actor, style, spend)


def creature_action(fight: Fight, actor: Combatant, action: Any, targets: list[Combatant], plan: Any = None,
                    cursor: dict[str, Any] | None = None, at: dict[str, Any] | None = None) -> None:
    """A creature's action that strikes, calls for a save or simply applies, in a pool fight
    (`plan` names the style; a sequence's steps are made in its style)."""

    dice, auto = P.count(action_damage(action, fight, actor))
    dtype = action.damage.type if action.damage else None
    start = cursor.get("index", 0) if cursor is not None else 0
    if (action.toHit is None or action.autoHit or action.save is not None) and cursor is None:
        fight.emit("action", f"{actor.name} uses {action.name} on {', '.join(t.name for t in targets)}.",
                   actor=actor.id, targets=[t.id for t in targets])
    context = SA.for_action(actor.id, action)
    dc = action.save.difficulty if action.save is not None else (action.saveDifficulty or 1)
    rolls = action.toHit is not None and not action.autoHit
    style, spend = _spending(fight, actor, plan) if rolls else (None, None)
    tags = blow_tags(fight, action=action)
    for i, target in enumerate(targets):
        if i < start:
            continue
        if fight.state.outcome or target.out:
            break
        landed, half, extra, saved = True, False, 0, False
        if rolls:
            struck = _strike(fight, actor, target, [("", action.toHit)], action.name, action, cursor,
                             {**(at or {}), "index": i})
            landed, extra = struck.hit, struck.extra
        if landed and action.save is not None:
            saved = SV.roll_save(fight, target, action.save.save, action.save.difficulty, why=f"against {action.name}",
                                against=context, cover=save_cover(fight, actor, target, action.save, action.area,
                                                                  plan.aim if plan is not None else None))
            landed, half = CA.action_save_kept(action.save.onSuccess, saved)
        if landed and action.damage is not None:
            amounts = [PoolAmount(dice + extra, auto, dtype, action.name, first=True, extra=extra, halved=half)]
            if spend is None:
                amounts += clause_amounts(fight, target, action.damage.plus, dtype, action.name, dc, context)
            rides = rolls or action.autoHit
            blow = R.Blow(action.name, dtype, False, action_id=action.id) if rides else None
            _land(fight, actor, target, amounts, tags, style, spend, action.name, dtype,
                  B.hit_of_action(action) if not half else None, blow)
        if landed and not saved:
            for apply in action.applies or []:
                AP.apply_condition(fight, actor, target, apply, dc)
    if spend is not None:
        IR.spend_over(fight, actor, style, spend)
