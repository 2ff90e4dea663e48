"""The menu: every option a combatant may choose now, with stable ids, what each spends,
whom it may be aimed at, and the forecast (hit chance, expected damage) for each target.

Owns: `Option` (what players, the GM and the Engine's tactics see), the internal `Plan`
each option carries so resolution reads exactly what the menu promised, and `build_menu`.
The menu alone decides what is legal: a choice is resolved only by finding it here.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..dice import DiceError, DiceExpr, attack_forecast, expected_damage, mean_damage, parse_dice, pick_mode
from ..sheet import SheetView
from . import numbers as N
from .fight import Fight
from .sheet_holds import held_difficulty, held_to_hit, held_weapon_damage
from .state import Combatant


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


class Forecast(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: str
    hit: float | None = None
    damage: float | None = None
    heal: float | None = None
    save: float | None = None
    #: A contest's chance of winning (exact, from the dice forecast).
    win: float | None = None
    #: Initiative a taking style is expected to take (1.48, pool_styles.py).
    take: float | None = None
    #: What the opposing side's symbol spends are expected to cost the attacker, in points
    #: of damage (symbol-pool; the Engine's tactics take it off the attack's worth).
    cost: float | None = None


class Option(BaseModel):
    """One menu item. `targets` lists who it may be aimed at; `count` how many at most."""

    model_config = ConfigDict(extra="forbid")
    id: str
    label: str
    group: str
    budget: str | None = None
    costs: list[dict[str, Any]] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    count: int = 0
    forecasts: list[Forecast] = Field(default_factory=list)
    text: str = ""
    #: On a board: what the screen draws (a walk's cell, path, cost and what is left, the
    #: cells where someone would strike; per target how it is reached and its cover; an
    #: area's aim cells and whom each catches). None off the board.
    board: dict[str, Any] | None = None


@dataclass
class Plan:
    """What resolving the option does. `kind`: weapon, entry, action, sequence, standard,
    contest, end."""

    kind: str
    name: str = ""
    budget: str | None = None
    to_hit: int = 0
    to_hit_parts: list[tuple[str, int]] = field(default_factory=list)
    damage: DiceExpr | None = None
    damage_type: str | None = None
    entry: Any = None
    entry_ref: str | None = None
    mechanics: Any = None
    list_def: Any = None
    save_dc: int | None = None
    action: Any = None
    steps: list[Any] = field(default_factory=list)
    costs: list[tuple[str, int]] = field(default_factory=list)
    standard: str | None = None
    targets_side: str = "enemy"
    uses_strike: bool = False
    strikes: int = 1
    #: The option id when it is not `ability:<list>:<row>` (a creature's spell, a bigger payment).
    option_id: str | None = None
    #: Steps paid above the cheapest pool of the cost's group (costs.py).
    cost_steps: int = 0
    #: `uses` counter a creature's spell spends (spellcasting.py), with its starting count.
    uses_key: str | None = None
    uses_count: int = 0
    #: The `combat.contests` entry a contest option resolves (contests.py).
    contest: Any = None
    #: A weapon's ability chosen for the attack roll and the row it was read from (blows.py).
    ability: str | None = None
    row: dict[str, Any] | None = None
    #: On a board: a walk's `{"cell", "path"}` (board/movement.py).
    walk: dict[str, Any] | None = None
    #: The style an attack is made in where initiative is a number attacks move (1.48);
    #: None is the first style (pool_styles.py).
    style: str | None = None


@dataclass
class MenuItem:
    option: Option
    plan: Plan


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------


def attack_mode(fight: Fight, attacker: Combatant, target: Combatant) -> str:
    """Advantage and disadvantage on an attack roll, cancelling each other out."""
    roll = fight.combat.attackRoll
    if roll is None or not roll.advantage:
        return "normal"
    return pick_mode(*attack_votes(fight, attacker, target))


def attack_votes(fight: Fight, attacker: Combatant, target: Combatant) -> tuple[int, int]:
    """(advantages, disadvantages) an attack roll leans by, before they cancel (a pool
    fight reads the same votes, pool_dice.lean)."""
    adv = N.effect_count(fight, attacker, "own-attacks-advantage") + N.effect_count(
        fight, target, "attacks-against-advantage"
    )
    dis = N.effect_count(fight, attacker, "own-attacks-disadvantage") + N.effect_count(
        fight, target, "attacks-against-disadvantage"
    )
    a2, d2 = N.mode_votes(fight, attacker, "attacks")
    adv += a2
    dis += d2
    if target.dodging:
        dis += 1
    if attacker.helped_by is not None and (attacker.help_against is None or target.id in attacker.help_against):
        adv += 1
    if fight.state.board is not None:
        from .board.attacks import votes

        a3, d3 = votes(fight, attacker, target)
        adv += a3
        dis += d3
    return adv, dis


def _flat_mods(fight: Fight, c: Combatant, to: str, save: str | None = None) -> int:
    total = 0
    for b in N.modifiers(fight, c, to, save=save):
        total += b.flat
        if b.dice:
            value = parse_dice(b.dice).mean
            total += -value if b.minus else value
    return total


def hit_forecast(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int) -> tuple[Fraction, Fraction]:
    roll = fight.combat.attackRoll
    if roll is None:
        return Fraction(0), Fraction(0)
    dice = DiceExpr.of(roll.dice.count, roll.dice.sides, to_hit + round(_flat_mods(fight, attacker, "attacks")))
    defense, _parts = N.defense(fight, target)
    if fight.state.board is not None:
        from .board.attacks import defense_parts

        defense += sum(p.flat for p in defense_parts(fight, attacker, target))
    naturals = roll.naturals
    nmax = naturals.max if naturals and naturals.max and dice.single_die else "none"
    nmin = naturals.min if naturals and naturals.min and dice.single_die else "none"
    crit_from = None
    if nmax == "critical" and roll.criticalFrom is not None:
        view = fight.view(attacker)
        if view is not None:
            crit_from = math.floor(view.value(roll.criticalFrom))
    odds = attack_forecast(dice, defense, attack_mode(fight, attacker, target), naturals_max=nmax,
                           naturals_min=nmin, critical_from=crit_from)
    return odds.hit, odds.critical


def targets_for(fight: Fight, actor: Combatant, side: str) -> list[Combatant]:
    standing = [c for c in fight.state.combatants if not c.out]
    if side == "self":
        return [actor]
    if side == "ally":
        return [c for c in standing if c.side == actor.side]
    if side == "any":
        return [c for c in standing if not c.down or c.side == actor.side]
    # A foe who is down and dying can still be struck: damage while down costs them
    # failures against death. One down with no dying rule is simply out of reach.
    return [c for c in standing if c.side != actor.side and (not c.down or c.dying is not None)]


def budget_left(actor: Combatant, budget: str | None) -> bool:
    return budget is None or actor.budgets.get(budget, 0) > 0


# ---------------------------------------------------------------------------
# weapons from attack lists
# ---------------------------------------------------------------------------


def _weapon_plans(fight: Fight, actor: Combatant, view: SheetView) -> list[Plan]:
    plans: list[Plan] = []
    for lst in fight.combat.attacks or []:
        for row in view.rows(lst.list):
            dice_text = view.cell(lst.list, row, lst.damage.dice.column)
            name = view.cell(lst.list, row, lst.name)
            if not isinstance(dice_text, str) or not dice_text.strip() or not isinstance(name, str):
                continue
            try:
                dice = parse_dice(dice_text)
            except DiceError:
                continue
            parts: list[tuple[str, int]] = []
            hit_ability = None
            if lst.toHit is not None and lst.toHit.ability is not None:
                hit_ability = view.cell(lst.list, row, lst.toHit.ability.column)
                if lst.abilityChoices and hit_ability in lst.abilityChoices:
                    hit_ability = max(lst.abilityChoices[hit_ability], key=lambda a: view.mod(a))
                if isinstance(hit_ability, str) and hit_ability in view.idx.ability_by_id:
                    parts.append((N.label(fight.ruleset, "ability", hit_ability), math.floor(view.mod(hit_ability))))
                else:
                    hit_ability = None
            if lst.toHit is not None and lst.toHit.proficiency is not None:
                if view.cell(lst.list, row, lst.toHit.proficiency.column) is True:
                    parts.append(("proficiency", math.floor(view.proficiency_bonus())))
            if lst.toHit is not None and lst.toHit.bonus is not None:
                bonus = view.cell(lst.list, row, lst.toHit.bonus.column)
                if isinstance(bonus, int | float) and not isinstance(bonus, bool) and bonus:
                    parts.append(("bonus", math.floor(bonus)))
            if lst.toHit is not None and lst.toHit.sheetBonus is not None:
                sb = lst.toHit.sheetBonus
                if sb.when is None or view.cell(lst.list, row, sb.when.column) == sb.when.equals:
                    value = math.floor(view.value(sb.value))
                    if value:
                        parts.append(("sheet bonus", value))
            check = view.check_number("ability", ability=hit_ability)
            extra = math.floor(check.adjust + check.penalty)
            if extra:
                parts.append(("adjust", extra))
            damage_bonus = 0
            if lst.damage.ability is not None:
                dmg_ability = view.cell(lst.list, row, lst.damage.ability.column)
                if lst.abilityChoices and dmg_ability in lst.abilityChoices:
                    dmg_ability = hit_ability
                if isinstance(dmg_ability, str) and dmg_ability in view.idx.ability_by_id:
                    damage_bonus += math.floor(view.mod(dmg_ability))
            if lst.damage.bonus is not None:
                bonus = view.cell(lst.list, row, lst.damage.bonus.column)
                if isinstance(bonus, int | float) and not isinstance(bonus, bool):
                    damage_bonus += math.floor(bonus)
            dtype = None
            if lst.damage.type is not None:
                value = view.cell(lst.list, row, lst.damage.type.column)
                dtype = value if isinstance(value, str) and value else None
            strikes = 1
            if lst.strikes is not None:
                strikes = max(1, math.floor(view.value(lst.strikes)))
                if lst.strikesCappedBy is not None and view.cell(lst.list, row, lst.strikesCappedBy.column) is True:
                    strikes = 1
            damage = dice.with_modifier(dice.modifier + damage_bonus)
            if actor.held:
                parts, damage, strikes = _held_weapon(actor, f"{lst.list}:{slug(name)}", parts, damage, strikes)
            plans.append(Plan(
                kind="weapon", name=name, budget=lst.budget, to_hit=sum(p[1] for p in parts), to_hit_parts=parts,
                damage=damage, damage_type=dtype, list_def=lst,
                entry_ref=f"{lst.list}:{slug(name)}", uses_strike=lst.strikes is not None, strikes=strikes,
                ability=hit_ability, row=row,
            ))
    return plans


def _held_weapon(actor: Combatant, ref: str, parts: list[tuple[str, int]], damage: DiceExpr,
                 strikes: int) -> tuple[list[tuple[str, int]], DiceExpr, int]:
    """A weapon of a proposed sheet creature as its tier holds it (sheet_holds.py)."""
    total = sum(p[1] for p in parts)
    held = held_to_hit(actor, total)
    if held != total:
        parts = [*parts, (f"held to {held}", held - total)]
    damage, strikes = held_weapon_damage(actor, ref, damage, strikes)
    return parts, damage, strikes


# ---------------------------------------------------------------------------
# abilities from catalog rows
# ---------------------------------------------------------------------------


def _catalog_entry(fight: Fight, ref: str) -> Any:
    cat_id, _, entry_id = ref.partition("/")
    for cat in fight.ruleset.catalogs or []:
        if cat.id == cat_id:
            for entry in cat.entries:
                if entry.id == entry_id:
                    return entry
    return None


def _row_allowed(view: SheetView, lst: Any, row: dict[str, Any]) -> bool:
    if lst.onlyWhen is None:
        return True
    if view.cell(lst.list, row, lst.onlyWhen) is True:
        return True
    always = lst.alwaysWhen
    return always is not None and view.cell(lst.list, row, always.column) == always.equals


def offered_entry(mech: Any) -> bool:
    """Entries combat leaves off the menu: reactions, riders, and utility entries that
    change nothing about the turn."""
    if mech is None or mech.reaction is not None or mech.kind == "rider":
        return False
    if mech.kind == "utility":
        return bool(mech.free or mech.gives) and not (mech.standard and not mech.free and not mech.gives)
    return True


def _entry_plans(fight: Fight, actor: Combatant, view: SheetView, pick: Any = offered_entry) -> list[Plan]:
    """Plans for the catalog rows `pick` keeps (the turn menu's by default; windows.py asks
    for the reactions)."""
    plans: list[Plan] = []
    for lst in fight.combat.abilities or []:
        for row in view.rows(lst.list):
            ref = row.get("_catalog")
            if not isinstance(ref, str) or not _row_allowed(view, lst, row):
                continue
            entry = _catalog_entry(fight, ref)
            if entry is None or not pick(entry.mechanics):
                continue
            mech = entry.mechanics
            if mech.usableWhen is not None:
                value = view.value(mech.usableWhen.value)
                if (mech.usableWhen.atLeast is not None and value < mech.usableWhen.atLeast) or (
                    mech.usableWhen.atMost is not None and value > mech.usableWhen.atMost
                ):
                    continue
            to_hit_ref, dc_ref = lst.toHit, lst.saveDifficulty
            if lst.byColumn is not None:
                picked = lst.byColumn.values.get(str(view.cell(lst.list, row, lst.byColumn.column)))
                if picked is not None:
                    to_hit_ref = picked.toHit or to_hit_ref
                    dc_ref = picked.saveDifficulty or dc_ref
            to_hit = math.floor(view.value(to_hit_ref)) if to_hit_ref is not None else 0
            dc = math.floor(view.value(dc_ref)) if dc_ref is not None else None
            if actor.held:
                to_hit, dc = held_to_hit(actor, to_hit), held_difficulty(actor, dc)
            costs = [(c.pool, c.amount) for c in mech.cost or [] if getattr(c, "pool", None) and isinstance(getattr(c, "amount", None), int)]
            side = mech.targets or ("enemy" if mech.kind in ("attack", "debuff") else "ally")
            name = row.get("name")
            plans.append(Plan(
                kind="entry", name=entry.label if not isinstance(name, str) else name, budget=None if mech.free else (mech.budget or lst.budget),
                to_hit=to_hit, to_hit_parts=[(N.ref_label(fight.ruleset, to_hit_ref, "to hit"), to_hit)] if to_hit_ref else [],
                entry=entry, entry_ref=ref, mechanics=mech, list_def=lst, save_dc=dc, costs=costs, targets_side=side,
            ))
    return plans


def can_pay(fight: Fight, actor: Combatant, costs: list[tuple[str, int]]) -> bool:
    from .costs import can_pay as pays

    return pays(fight, actor, costs)


# ---------------------------------------------------------------------------
# creature actions
# ---------------------------------------------------------------------------


_PARSED_ACTIONS: dict[int, tuple[list[Any], list[Any]]] = {}


def block_actions(actor: Combatant) -> list[Any]:
    """A block's actions as models. A block never changes once the fight is set up and is
    shared between working copies, so each list is parsed once per process."""
    from ..ruleset.creature_actions import CreatureAction

    raw = (actor.block or {}).get("actions") or []
    cached = _PARSED_ACTIONS.get(id(raw))
    if cached is not None and cached[0] is raw:
        return cached[1]
    if len(_PARSED_ACTIONS) > 4096:
        _PARSED_ACTIONS.clear()
    parsed = [CreatureAction.model_validate(a) for a in raw]
    _PARSED_ACTIONS[id(raw)] = (raw, parsed)
    return parsed


def _action_plans(fight: Fight, actor: Combatant, pick: Any = None) -> list[Plan]:
    """Plans for the creature's actions `pick` keeps (by default those taken on a turn: no
    reaction, no signature action)."""
    plans: list[Plan] = []
    actions = block_actions(actor)
    by_id = {a.id: a for a in actions}
    for action in actions:
        if not (pick(action) if pick is not None else action.reaction is None and action.signature is None):
            continue
        if action.uses is not None and actor.uses.get(action.id, action.uses.count) <= 0:
            continue
        if action.recharge is not None and not actor.recharge.get(action.id, True):
            continue
        if action.sequence:
            steps = [by_id[s.action] for s in action.sequence for _ in range(s.times) if s.action in by_id]
            plans.append(Plan(kind="sequence", name=action.name, budget=action.budget, action=action, steps=steps))
            continue
        # Without `targets` an action reaches the opposing side, a heal included (spec:
        # "Without targets, it reaches the opposing side, as before").
        side = "self" if action.self_ else (action.targets or "enemy")
        plans.append(Plan(kind="action", name=action.name, budget=action.budget, to_hit=action.toHit or 0,
                          to_hit_parts=[("", action.toHit or 0)], action=action, targets_side=side))
    return plans


def action_damage(action: Any, fight: Fight | None = None, actor: Combatant | None = None) -> DiceExpr | None:
    """An action's damage; with the fight and the actor, as things stand now (the first
    `damage.alternatives` that holds replaces the first amount)."""
    if fight is not None and actor is not None:
        from .creature_extras import action_damage as current

        return current(fight, actor, action)
    dmg = action.damage
    if dmg is None:
        return None
    text = dmg.dice or "0"
    expr = parse_dice(text)
    return expr.with_modifier(expr.modifier + (dmg.flat or 0))


# ---------------------------------------------------------------------------
# the menu
# ---------------------------------------------------------------------------


def _forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> list[Forecast]:
    if not fight.forecasting:
        return [Forecast(target=t.id) for t in targets]
    if fight.combat.kind == "dice-pool":
        from .pool_forecast import forecasts as pool_forecasts

        pooled = pool_forecasts(fight, actor, plan, targets)
        if pooled is not None:
            return pooled
    if fight.combat.kind == "symbol-pool":
        from .symbol_forecast import forecasts as symbol_forecasts

        thrown = symbol_forecasts(fight, actor, plan, targets)
        if thrown is not None:
            return thrown
    out: list[Forecast] = []
    critical = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    for t in targets:
        if plan.kind == "weapon" and plan.damage is not None:
            hit, crit = hit_forecast(fight, actor, t, plan.to_hit)
            dmg = (hit - crit) * mean_damage(plan.damage) + crit * mean_damage(plan.damage, critical)
            out.append(Forecast(target=t.id, hit=round(float(hit), 4), damage=round(float(dmg), 3)))
        elif plan.kind == "entry":
            m = plan.mechanics
            from .costs import amount_expr

            if m.kind == "heal" and m.amount is not None:
                amt = amount_expr(fight, actor, m, plan.cost_steps).mean
                out.append(Forecast(target=t.id, heal=round(float(amt), 3)))
            elif m.amount is not None and m.kind == "attack":
                expr = amount_expr(fight, actor, m, plan.cost_steps)
                if m.attackRoll:
                    hit, crit = hit_forecast(fight, actor, t, plan.to_hit)
                    dmg = (hit - crit) * mean_damage(expr) + crit * mean_damage(expr, critical)
                    out.append(Forecast(target=t.id, hit=round(float(hit), 4), damage=round(float(dmg), 3)))
                else:
                    out.append(Forecast(target=t.id, hit=1.0 if m.autoHit or not m.save else None, damage=round(float(mean_damage(expr)), 3)))
            else:
                out.append(Forecast(target=t.id))
        elif plan.kind == "action":
            a = plan.action
            expr = action_damage(a, fight, actor)
            if a.heal is not None:
                amt = parse_dice(a.heal.dice or "0").mean + (a.heal.flat or 0)
                out.append(Forecast(target=t.id, heal=round(float(amt), 3)))
            elif expr is not None and a.toHit is not None and not a.autoHit:
                hit, crit = hit_forecast(fight, actor, t, a.toHit)
                dmg = (hit - crit) * mean_damage(expr) + crit * mean_damage(expr, critical)
                out.append(Forecast(target=t.id, hit=round(float(hit), 4), damage=round(float(dmg), 3)))
            elif expr is not None:
                out.append(Forecast(target=t.id, hit=1.0 if not a.save else None, damage=round(float(mean_damage(expr)), 3)))
            else:
                out.append(Forecast(target=t.id))
        elif plan.kind == "sequence":
            hit_total = 0.0
            dmg_total = 0.0
            for step in plan.steps:
                expr = action_damage(step, fight, actor)
                if expr is None:
                    continue
                if step.toHit is not None and not step.autoHit:
                    hit, crit = hit_forecast(fight, actor, t, step.toHit)
                    dmg_total += float((hit - crit) * mean_damage(expr) + crit * mean_damage(expr, critical))
                    hit_total = max(hit_total, float(hit))
                else:
                    dmg_total += float(mean_damage(expr))
            out.append(Forecast(target=t.id, hit=round(hit_total, 4), damage=round(dmg_total, 3)))
        else:
            out.append(Forecast(target=t.id))
    return out


def _target_count(plan: Plan) -> int:
    if plan.kind == "entry":
        m = plan.mechanics
        if m.targets == "self":
            return 0
        from .costs import target_count

        return target_count(m, plan.cost_steps)
    if plan.kind == "action":
        a = plan.action
        if a.self_:
            return 0
        return a.targetCount or 1
    if plan.kind in ("weapon", "sequence"):
        return 1
    return 0


def build_menu(fight: Fight, actor: Combatant, *, forecasts: bool = True) -> list[MenuItem]:
    """Everything `actor` may choose now; `forecasts=False` when only legality matters."""
    before = fight.forecasting
    fight.forecasting = forecasts
    try:
        return _build_menu(fight, actor)
    finally:
        fight.forecasting = before


def _build_menu(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """Everything `actor` may choose now, in a stable order."""
    items: list[MenuItem] = []
    if actor.out or actor.down:
        return items
    effects = N.effects(fight, actor)
    can_act = "cannot-act" not in effects
    view = fight.view(actor)
    plans: list[Plan] = []
    if can_act:
        if view is not None:
            plans += _weapon_plans(fight, actor, view)
            plans += _entry_plans(fight, actor, view)
        plans += _action_plans(fight, actor)
        from .costs import expand_payments
        from .spellcasting import spell_plans

        plans = expand_payments(fight, actor, plans + spell_plans(fight, actor))
    attack_cap = _attack_cap(fight, actor)
    seen: set[str] = set()
    for plan in plans:
        if plan.kind == "weapon":
            oid = f"attack:{plan.list_def.list}:{slug(plan.name)}"
            free_strike = plan.uses_strike and actor.strikes > 0
            if not free_strike and not budget_left(actor, plan.budget):
                continue
            if attack_cap is not None and actor.attacks_made >= attack_cap:
                continue
            group, costs = "attack", []
            targets = targets_for(fight, actor, "enemy")
            text = f"to hit {plan.to_hit:+d}, {plan.damage}" + (f" {plan.damage_type}" if plan.damage_type else "")
            if fight.combat.kind == "dice-pool":
                from .pool_actions import weapon_text

                text = weapon_text(fight, actor, plan)
            elif fight.combat.kind == "symbol-pool":
                from .symbol_forecast import weapon_text as symbol_weapon_text

                text = symbol_weapon_text(fight, actor, plan)
        elif plan.kind == "entry":
            oid = plan.option_id or f"ability:{plan.list_def.list}:{slug(plan.name)}"
            if not budget_left(actor, plan.budget) or not can_pay(fight, actor, plan.costs):
                continue
            group = "ability"
            costs = [{"pool": p, "amount": a, "label": N.label(fight.ruleset, "pool", p)} for p, a in plan.costs]
            targets = targets_for(fight, actor, plan.targets_side)
            text = plan.entry.summary or ""
        elif plan.kind in ("action", "sequence"):
            oid = f"action:{plan.action.id}"
            if not budget_left(actor, plan.budget):
                continue
            group, costs = "action", []
            side = plan.targets_side if plan.kind == "action" else "enemy"
            targets = targets_for(fight, actor, side)
            text = ""
        else:
            continue
        if oid in seen:
            continue
        seen.add(oid)
        count = _target_count(plan)
        if count and not targets:
            continue
        if plan.kind == "entry" and plan.mechanics.targets == "self":
            targets = [actor]
        budget_label = N.label(fight.ruleset, "budget", plan.budget) if plan.budget else None
        fight.aiming = plan
        option = Option(
            id=oid, label=_option_label(fight, plan), group=group, budget=plan.budget, costs=costs,
            targets=[t.id for t in targets] if count else [], count=min(count, len(targets)) if count else 0,
            forecasts=_forecasts(fight, actor, plan, targets if count else [actor]),
            text=(f"{budget_label}; " if budget_label else "") + text,
        )
        items.append(MenuItem(option, plan))
    main_budget = fight.combat.economy.budgets[0].id
    if can_act and budget_left(actor, main_budget):
        for name in fight.combat.standard or []:
            if name == "help":
                allies = [c for c in fight.standing(actor.side) if c.id != actor.id]
                if not allies:
                    continue
                targets, count = [c.id for c in allies], 1
            else:
                targets, count = [], 0
            items.append(MenuItem(
                Option(id=f"standard:{name}", label=name.capitalize(), group="standard", budget=main_budget,
                       targets=targets, count=count, text=_STANDARD_TEXT[name]),
                Plan(kind="standard", name=name, budget=main_budget, standard=name),
            ))
    if can_act:
        from .contests import contest_items
        from .costs import granted_standard_items

        items += contest_items(fight, actor, attack_cap)
        if view is not None:
            items += granted_standard_items(fight, actor, view)
    items.append(MenuItem(Option(id="end-turn", label="End turn", group="end"), Plan(kind="end")))
    from .menu_rules import refine

    items = refine(fight, actor, items)
    fight.aiming = None
    if fight.state.board is not None:
        from .board.menu import board_items

        items = board_items(fight, actor, items)
    if fight.combat.kind == "dice-pool" and fight.combat.initiative.resource is not None:
        from .pool_styles import styled

        items = styled(fight, actor, items)
    return items


def _option_label(fight: Fight, plan: Plan) -> str:
    if plan.kind == "entry":
        from .costs import payment_label

        return payment_label(fight, plan)
    return plan.name


_STANDARD_TEXT = {
    "dodge": "attacks against you are rolled twice, keeping the worse, until your next turn",
    "help": "an ally's next attack is rolled twice, keeping the better",
    "dash": "gain your movement again (recorded; it matters on a board)",
    "disengage": "nobody strikes at you as you walk away this turn (recorded; it matters on a board)",
    "hide": "accepted; it changes nothing yet",
    "ready": "accepted; it changes nothing yet",
}


def _attack_cap(fight: Fight, actor: Combatant) -> int | None:
    cap = None
    for _name, rule, _held in N.rules_in_force(fight, actor):
        value = getattr(rule, "attacksPerTurn", None)
        if isinstance(value, int):
            cap = value if cap is None else min(cap, value)
    return cap
