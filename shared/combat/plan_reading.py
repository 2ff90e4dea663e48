"""What each option resolves, read from the sheet and the package: a weapon's plan from an
attack list row, an ability's from its catalog entry, a creature's actions and their sequences,
the standard actions; whom a side may aim at, and what a budget still allows.

Owns: `weapon_plans` (and `attack_rows`, the rows they are read from), `entry_plans`, `action_plans` (kept for the call while the sheet is the
same), `catalog_entry`, `row_allowed`, `block_actions`, `sequence_parts`, `action_damage`,
`targets_for`, `budget_left`, `standard_targets`, `STANDARD_TEXT` and `HIDING_TEXT`, `attack_limit`.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable

from ..dice import DiceError, DiceExpr, parse_dice
from ..ruleset.creature_actions import CreatureAction
from ..sheet import SheetView
from ..sheet import item_uses as IU
from ..sheet.paying import entry_costs
from . import attack_row_rules as AR
from . import creature_extras
from . import item_weapons as IW
from . import numbers as N
from .cures import cures
from .fight import Fight
from .plans import Plan, entry_side, slug
from .seeing import hidden_from
from .sheet_holds import held_difficulty, held_to_hit, held_weapon_damage
from .state import Combatant


def targets_for(fight: Fight, actor: Combatant, side: str) -> list[Combatant]:
    standing = [c for c in fight.state.combatants if not c.out]
    if side == "self":
        return [actor]
    if side == "ally":
        return [c for c in standing if c.side == actor.side]
    # One hidden from the actor by a Hide cannot be chosen for anything (1.287); most
    # are hidden from nobody, which is asked here without a call.
    if side == "any":
        return [c for c in standing if (not c.down or c.side == actor.side)
                and (c.hidden is None or not hidden_from(c, actor))]
    # A foe who is down and dying (or stable) can still be struck: damage while down costs
    # them failures against death. One down with no dying rule is simply out of reach.
    return [c for c in standing if c.side != actor.side and (not c.down or N.struck_while_down(fight, c))
            and (c.hidden is None or not hidden_from(c, actor))]


def budget_left(actor: Combatant, budget: str | None) -> bool:
    return budget is None or actor.budgets.get(budget, 0) > 0


def weapon_plans(fight: Fight, actor: Combatant, view: SheetView) -> list[Plan]:
    """Plans for the rows of the attack lists. They are read from the sheet alone, so they
    are kept for the call while the sheet (its view) is the same: a step draws the same
    actor's menu more than once. Plans are never changed once made (`dataclasses.replace`
    makes a changed one)."""
    return _kept(fight, ("weapons", actor.id), view, lambda: _read_weapon_plans(fight, actor, view))


def _kept(fight: Fight, key: tuple[str, str], view: SheetView, read: Any) -> list[Plan]:
    found = fight.memo.calls.get(key)
    if found is None or found[0] is not view:
        found = fight.memo.calls[key] = (view, read())
    return list(found[1])


def attack_rows(view: SheetView, lst: Any) -> list[dict[str, Any]]:
    """An attack list's rows: the sheet's own, then the list's `always` rows (1.244), which
    every sheet gets in combat; a sheet row of the same name is used instead."""
    rows = view.rows(lst.list)
    names = {view.cell(lst.list, row, lst.name) for row in rows}
    return rows + [dict(row) for row in lst.always or [] if row.get(lst.name) not in names]


def _read_weapon_plans(fight: Fight, actor: Combatant, view: SheetView) -> list[Plan]:
    plans: list[Plan] = []
    rules = AR.rules_in_force(fight, actor, view)
    for lst in fight.combat.attacks or []:
        for row in attack_rows(view, lst):
            plan = _ruled_plan(fight, actor, view, lst, row, rules, None)
            if plan is not None:
                plans.append(plan)
    plans += item_weapon_plans(fight, actor, view, rules)
    return plans


def _ruled_plan(fight: Fight, actor: Combatant, view: SheetView, lst: Any, row: dict[str, Any],
                rules: list[Any], tags: tuple[str, ...] | None) -> Plan | None:
    """`row_plan` of the row as the sheet's `attackRows` rules in force change it (1.242)."""
    changed = AR.changed_row(view, lst, row, rules, tags) if rules else None
    if changed is None:
        return row_plan(fight, actor, view, lst, row)
    plan = row_plan(fight, actor, view, lst, changed.row)
    if plan is not None:
        plan.qualities = changed.qualities
    return plan


def row_plan(fight: Fight, actor: Combatant, view: SheetView, lst: Any, row: dict[str, Any]) -> Plan | None:
    """The plan of one row of attack list `lst` (None when it names no damage dice)."""
    dice_text = view.cell(lst.list, row, lst.damage.dice.column)
    name = view.cell(lst.list, row, lst.name)
    if not isinstance(dice_text, str) or not dice_text.strip() or not isinstance(name, str):
        return None
    try:
        dice = parse_dice(dice_text)
    except DiceError:
        return None
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
    damage = dice.with_modifier(damage_bonus)
    if actor.held is not None:
        parts, damage, strikes = _held_weapon(actor, f"{lst.list}:{slug(name)}", parts, damage, strikes)
    return Plan(
        kind="weapon", name=name, budget=lst.budget, to_hit=sum(p[1] for p in parts), to_hit_parts=parts,
        damage=damage, damage_type=dtype, list_def=lst,
        entry_ref=f"{lst.list}:{slug(name)}", uses_strike=lst.strikes is not None, strikes=strikes,
        ability=hit_ability, row=row,
    )


def item_weapon_plans(fight: Fight, actor: Combatant, view: SheetView, rules: list[Any] | None = None) -> list[Plan]:
    """Plans for the weapons `actor` holds (item_weapons.py): each rolled as a row of the
    first attack list, marked with its item so the hit adds the item's own parts; the
    sheet's `attackRows` rules (`rules`) change them as they change rows (1.244)."""
    plans: list[Plan] = []
    lists = fight.combat.attacks or []
    rules = rules or []
    for held, row in IW.weapon_rows(fight, view):
        tags = tuple(getattr(held.item, "tags", None) or ())
        plan = _ruled_plan(fight, actor, view, lists[0], row, rules, tags)
        if plan is None:
            continue
        plan.item = held.ref
        plan.entry_ref = f"item:{slug(plan.name)}"
        plans.append(plan)
        for n, label, mode_row in IW.mode_rows(fight, view, held, row):
            # A mode spending the item's charges is offered only while they remain.
            mode = held.item.attack.modes[n - 1]
            if mode.charges and (actor.sheet is None or not IU.can_spend(fight.ruleset, actor.sheet, held.ref,
                                                                          held.item, mode)):
                continue
            moded = _ruled_plan(fight, actor, view, lists[0], mode_row, rules, tags)
            if moded is not None:
                moded.name = f"{plan.name} ({label})"
                moded.item, moded.item_use = held.ref, n
                moded.entry_ref = f"item:{slug(moded.name)}"
                plans.append(moded)
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


def catalog_entry(fight: Fight, ref: str) -> Any:
    """The entry `<catalog>/<entry>` names (the first, should a package repeat one)."""
    cat_id, _, entry_id = ref.partition("/")
    return _catalog_index(fight.ruleset).get((cat_id, entry_id))


_CATALOGS: dict[int, tuple[Any, dict[tuple[str, str], Any]]] = {}


def _catalog_index(ruleset: Any) -> dict[tuple[str, str], Any]:
    """(catalog id, entry id) -> entry, built once per ruleset: every sheet row on a menu
    names one, and a catalog of spells is long."""
    cached = _CATALOGS.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    if len(_CATALOGS) > 64:
        _CATALOGS.clear()
    index: dict[tuple[str, str], Any] = {}
    for cat in ruleset.catalogs or []:
        for entry in cat.entries:
            index.setdefault((cat.id, entry.id), entry)
    _CATALOGS[id(ruleset)] = (ruleset, index)
    return index


def row_allowed(view: SheetView, lst: Any, row: dict[str, Any]) -> bool:
    if lst.onlyWhen is None:
        return True
    if view.cell(lst.list, row, lst.onlyWhen) is True:
        return True
    always = lst.alwaysWhen
    return always is not None and view.cell(lst.list, row, always.column) == always.equals


def offered_entry(mech: Any) -> bool:
    """Entries combat leaves off the menu: reactions, riders, rescues, and utility entries
    that change nothing about the turn."""
    if mech is None or mech.reaction is not None:
        return False
    # Spent when its owner's own roll fails, never chosen (1.249, rescue_entries.py).
    if getattr(mech, "rescue", None) is not None:
        return False
    # Metamagic is offered only with the entries it changes (1.253, metamagic.py).
    if getattr(mech, "alters", None) is not None:
        return False
    offered = OFFERED_KINDS.get(mech.kind)
    return offered is None or offered(mech)


def _utility_offered(mech: Any) -> bool:
    """A utility entry only when it is free, gives budgets or leaves a lasting zone
    (mechanics-1 1.172: Spike Growth), and not when it only opens standard actions for a
    price; one that cures is offered as long as it cures (1.176), and one that teleports
    (mechanics-3 1.276: Misty Step)."""
    if cures(mech) or getattr(mech, "teleport", None) is not None:
        return True
    return bool(mech.free or mech.gives or mech.zone is not None) and not (mech.standard and not mech.free and not mech.gives)


#: Entry kinds (`mechanics.kind`) offered by their own rule; every other kind is offered. A
#: rider is never chosen: it rides on its owner's blows (riders.py).
OFFERED_KINDS: dict[str, Callable[[Any], bool]] = {"rider": lambda mech: False, "utility": _utility_offered}


def entry_plans(fight: Fight, actor: Combatant, view: SheetView, pick: Any = offered_entry) -> list[Plan]:
    """Plans for the catalog rows `pick` keeps (the turn menu's by default; windows.py asks
    for the reactions). The turn menu's are kept like `weapon_plans`."""
    if pick is offered_entry:
        return _kept(fight, ("entries", actor.id), view,
                     lambda: _read_entry_plans(fight, actor, view, pick) + item_use_plans(fight, actor, view, pick))
    return _read_entry_plans(fight, actor, view, pick) + item_use_plans(fight, actor, view, pick)


def _read_entry_plans(fight: Fight, actor: Combatant, view: SheetView, pick: Any) -> list[Plan]:
    plans: list[Plan] = []
    for lst in fight.combat.abilities or []:
        for row in view.rows(lst.list):
            ref = row.get("_catalog")
            if not isinstance(ref, str) or not row_allowed(view, lst, row):
                continue
            entry = catalog_entry(fight, ref)
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
            if actor.held is not None:
                to_hit, dc = held_to_hit(actor, to_hit), held_difficulty(actor, dc)
            # The counter the entry's pick wrote beside it is its uses: one is paid on every
            # use with the rest of the cost, all or nothing, so at 0 it leaves the menu. The
            # price is the sheet's own (shared/sheet/paying.py), as a use outside a fight pays.
            costs = entry_costs(view, ref, entry)
            side = entry_side(mech)
            name = row.get("name")
            plans.append(Plan(
                kind="entry", name=entry.label if not isinstance(name, str) else name, budget=None if mech.free else (mech.budget or lst.budget),
                to_hit=to_hit, to_hit_parts=[(N.ref_label(fight.ruleset, to_hit_ref, "to hit"), to_hit)] if to_hit_ref else [],
                entry=entry, entry_ref=ref, mechanics=mech, list_def=lst, save_dc=dc, costs=costs, targets_side=side,
            ))
    return plans


def item_use_plans(fight: Fight, actor: Combatant, view: SheetView, pick: Any = offered_entry) -> list[Plan]:
    """Plans for the uses of the items `actor` has in use (shared/sheet/item_uses.py): each
    an entry whose mechanics are the item's `use` (and each of its `moreUses`, named after
    the item and the use's `label`: "Staff of Fire: Burning Hands"), rolled with the owner's
    numbers from the first ability list (its to-hit and save difficulty, as the owner's own
    entries are; a use's `sheetDifficulty` reads the DC from the owner's sheet instead) and
    offered while the stack can pay for it; what a use takes from the stack is paid with the
    rest of the price (paying.py). The cost items of a use the owner pays from their own
    pools ("worn gear lends abilities; the caster pays the cost from their own")."""
    plans: list[Plan] = []
    lists = fight.combat.abilities or []
    lst = lists[0] if lists else None
    seen: set[str] = set()
    for held in view.held:
        if not IU.in_use(held):
            continue
        for number, (label, use) in enumerate(IU.fight_uses(held.item)):
            name = f"{held.name}: {label}" if label else held.name
            if not pick(use) or name.lower() in seen:
                continue
            if not IU.can_spend(fight.ruleset, view.sheet, held.ref, held.item, use):
                continue
            if use.usableWhen is not None:
                value = view.value(use.usableWhen.value)
                if (use.usableWhen.atLeast is not None and value < use.usableWhen.atLeast) or (
                    use.usableWhen.atMost is not None and value > use.usableWhen.atMost
                ):
                    continue
            seen.add(name.lower())
            to_hit_ref = lst.toHit if lst is not None else None
            dc_ref = use.sheetDifficulty or (lst.saveDifficulty if lst is not None else None)
            to_hit = math.floor(view.value(to_hit_ref)) if to_hit_ref is not None else 0
            dc = math.floor(view.value(dc_ref)) if dc_ref is not None else None
            budget = None if use.free else (use.budget or (lst.budget if lst is not None else None) or _first_budget(fight))
            plans.append(Plan(
                kind="entry", name=name, budget=budget, to_hit=to_hit,
                to_hit_parts=[(N.ref_label(fight.ruleset, to_hit_ref, "to hit"), to_hit)] if to_hit_ref else [],
                entry=catalog_entry(fight, held.ref), entry_ref=held.ref, mechanics=use, list_def=lst, save_dc=dc,
                costs=entry_costs(view, held.ref, {"mechanics": use}), targets_side=entry_side(use), item=held.ref,
                item_use=number,
            ))
    return plans


#: What an item's use may read of its user: its to-hit, a save's difficulty, its pools,
#: its sheet's values, the item's charges. A creature written in plain numbers has none of
#: these, so it uses only what is used up on use and reads none of them (combat-2
#: "Creatures": "potions, oils").
READS_THE_USER = ("attackRoll", "save", "amountAdd", "sheetDifficulty", "usableWhen", "cost", "scales",
                  "concentration", "check", "perCostStep", "usesOf", "usesSpent", "charges")


def carried_use_plans(fight: Fight, actor: Combatant, pick: Any = offered_entry) -> list[Plan]:
    """Plans for the uses of what a creature written in plain numbers carries
    (`Combatant.carrying`, belongings.py): an item without charges whose `use` reads nothing
    of its user, offered as an item use is and paid by using one up."""
    plans: list[Plan] = []
    for stack in actor.carrying:
        entry = catalog_entry(fight, str(stack.get("item")))
        item = getattr(entry, "item", None)
        use = getattr(item, "use", None)
        if entry is None or item is None or use is None or item.charges is not None or not pick(use):
            continue
        if any(getattr(use, key, None) is not None for key in READS_THE_USER):
            continue
        plans.append(Plan(
            kind="entry", name=str(stack.get("name") or entry.label),
            budget=None if use.free else (use.budget or _first_budget(fight)), entry=entry,
            entry_ref=str(stack["item"]), mechanics=use, targets_side=entry_side(use), item=str(stack["item"]),
        ))
    return plans


def _first_budget(fight: Fight) -> str | None:
    budgets = fight.combat.economy.budgets
    return budgets[0].id if budgets else None


def block_actions(actor: Combatant) -> list[Any]:
    """A block's actions as models. A block never changes once the fight is set up and is
    shared between working copies, so each list is parsed once per process; a battle state
    a worker has just read from the store holds new lists with the same actions, found by
    their JSON text (writing it costs a tenth of parsing the actions again)."""
    raw = (actor.block or {}).get("actions") or []
    cached = _PARSED_ACTIONS.get(id(raw))
    if cached is not None and cached[0] is raw:
        return cached[1]
    if len(_PARSED_ACTIONS) > 4096:
        _PARSED_ACTIONS.clear()
    if not raw:
        return []
    try:
        text: str | None = json.dumps(raw)
    except (TypeError, ValueError):
        text = None  # not plain JSON: parsed every time, never shared
    parsed = _ACTIONS_BY_TEXT.get(text) if text is not None else None
    if parsed is None:
        parsed = [CreatureAction.model_validate(a) for a in raw]
        if text is not None:
            if len(_ACTIONS_BY_TEXT) > 1024:
                _ACTIONS_BY_TEXT.clear()
            _ACTIONS_BY_TEXT[text] = parsed
    _PARSED_ACTIONS[id(raw)] = (raw, parsed)
    return parsed


_PARSED_ACTIONS: dict[int, tuple[list[Any], list[Any]]] = {}


_ACTIONS_BY_TEXT: dict[str, list[Any]] = {}


def action_plans(fight: Fight, actor: Combatant, pick: Any = None) -> list[Plan]:
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
        if actor.let_fall and f"action:{action.id}" in actor.let_fall:
            # Made with what a condition's `drops` made it let fall (1.266).
            continue
        if action.sequence:
            steps, _spent = sequence_parts(actor, action, by_id)
            if steps:
                plans.append(Plan(kind="sequence", name=action.name, budget=action.budget, action=action, steps=steps))
            continue
        # Without `targets` an action reaches the opposing side, a heal included (spec:
        # "Without targets, it reaches the opposing side, as before").
        side = "self" if action.self_ else (action.targets or "enemy")
        plans.append(Plan(kind="action", name=action.name, budget=action.budget, to_hit=action.toHit or 0,
                          to_hit_parts=[("", action.toHit or 0)], action=action, targets_side=side))
    return plans


def sequence_parts(actor: Combatant, action: Any, by_id: dict[str, Any]) -> tuple[list[Any], list[Any]]:
    """The parts of a sequence `actor` can still make, in order, and the parts its own books
    leave out: a part with its own `uses` is made no more times than it has uses left, one
    with a `recharge` once while it is charged (a Spit with 1 use a fight is not spat again
    in round 2)."""
    left: dict[str, int | None] = {}
    made: list[Any] = []
    spent: list[Any] = []
    for ref in action.sequence:
        part = by_id.get(ref.action)
        if part is None:
            continue
        if part.id not in left:
            books = [actor.uses.get(part.id, part.uses.count)] if part.uses is not None else []
            if part.recharge is not None:
                books.append(1 if actor.recharge.get(part.id, True) else 0)
            left[part.id] = min(books) if books else None
        for _ in range(ref.times):
            have = left[part.id]
            if have is None or have > 0:
                left[part.id] = None if have is None else have - 1
                made.append(part)
            else:
                spent.append(part)
    return made, spent


def action_damage(action: Any, fight: Fight | None = None, actor: Combatant | None = None) -> DiceExpr | None:
    """An action's damage; with the fight and the actor, as things stand now (the first
    `damage.alternatives` that holds replaces the first amount)."""
    if fight is not None and actor is not None:
        return creature_extras.action_damage(fight, actor, action)
    dmg = action.damage
    if dmg is None:
        return None
    text = dmg.dice or "0"
    expr = parse_dice(text)
    return expr.with_modifier(dmg.flat or 0)


STANDARD_TEXT = {
    "dodge": "attacks against you are rolled twice, keeping the worse, until your next turn",
    "help": "an ally's next attack is rolled twice, keeping the better",
    "dash": "gain your movement again (recorded; it matters on a board)",
    "disengage": "nobody strikes at you as you walk away this turn (recorded; it matters on a board)",
    "hide": "accepted; it changes nothing yet",
    "ready": "accepted; it changes nothing yet",
}


#: The menu's words for Hide and Search while `combat.hiding` makes them real (hiding.py).
HIDING_TEXT = {"hide": "roll the hiding check: hidden from each opponent who cannot see you clearly and whose passive "
                       "value does not reach it, until you give yourself away or are found",
               "search": "roll the searching check: find everyone hidden from you whose result it reaches"}


def standard_targets(fight: Fight, actor: Combatant, name: str) -> tuple[list[str], int] | None:
    """(targets, how many) of a standard action: help is aimed at one standing ally (None:
    nobody to help), the others at nobody."""
    if name != "help":
        return [], 0
    allies = [c.id for c in fight.standing(actor.side) if c.id != actor.id]
    return (allies, 1) if allies else None


def attack_limit(fight: Fight, actor: Combatant) -> int | None:
    cap = None
    for _name, rule, _held in N.rules_in_force(fight, actor):
        value = getattr(rule, "attacksPerTurn", None)
        if isinstance(value, int):
            cap = value if cap is None else min(cap, value)
    return cap
