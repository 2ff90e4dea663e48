"""The menu: every option a combatant may choose now, with stable ids, what each spends,
whom it may be aimed at, and the forecast (hit chance, expected damage) for each target.

Owns: `Option` (what players, the GM and the Engine's tactics see), the internal `Plan`
each option carries so resolution reads exactly what the menu promised, and `build_menu`.
The menu alone decides what is legal: a choice is resolved only by finding it here.
"""

from __future__ import annotations

import importlib
import json
import math
import re
from dataclasses import dataclass, field
from contextlib import nullcontext
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..dice import DiceError, DiceExpr, attack_forecast, mean_damage, parse_dice, pick_mode
from ..ruleset.creature_actions import CreatureAction
from ..sheet import SheetView
from . import blows as B
from . import effects as E
from . import numbers as N
from . import saves_against as SA
from .board.save_cover import save_cover
from .fight import Fight
from .kinds import kind_of
from .sheet_holds import held_difficulty, held_to_hit, held_weapon_damage
from .state import Combatant
from .board.attacks import votes
from .board.attacks import defense_parts
from .board.attacks import aiming_part, part_plan, reaches


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


#: Every field of a forecast with its default: all plain values (no factories), so a new
#: forecast may start from a copy of this.
_FORECAST_FIELDS = {name: None if info.is_required() else info.default for name, info in Forecast.model_fields.items()}
assert not any(info.default_factory for info in Forecast.model_fields.values())
_new, _set = object.__new__, object.__setattr__


def forecast(target: str, **numbers: float | None) -> Forecast:
    """`Forecast(target=target, **numbers)` for numbers the menu has just worked out (floats or
    None, the types the fields hold), without validating them again: a menu makes dozens."""
    fields = dict(_FORECAST_FIELDS)
    fields["target"] = target
    fields.update(numbers)
    if len(fields) != len(_FORECAST_FIELDS):
        raise TypeError(f"a forecast has no {', '.join(sorted(set(fields) - set(_FORECAST_FIELDS)))}")
    model = _new(Forecast)
    _set(model, "__dict__", fields)
    _set(model, "__pydantic_fields_set__", {"target", *numbers})
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


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
    #: On a board: the cell an area option was aimed at; a burst's saves measure cover
    #: from it (board/save_cover.py).
    aim: tuple[int, int] | None = None
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


def attack_mode(fight: Fight, attacker: Combatant, target: Combatant, hit: Any = None) -> str:
    """Advantage and disadvantage on an attack roll, cancelling each other out."""
    roll = fight.combat.attackRoll
    if roll is None or not roll.advantage:
        return "normal"
    return pick_mode(*attack_votes(fight, attacker, target, hit))


def attack_votes(fight: Fight, attacker: Combatant, target: Combatant, hit: Any = None) -> tuple[int, int]:
    """(advantages, disadvantages) an attack roll leans by, before they cancel (a pool
    fight reads the same votes, pool_dice.lean). `hit` is the kind of attack tried
    (blows.Hit), which the holder's narrowed modifiers read."""
    adv = N.effect_count(fight, attacker, "own-attacks-advantage") + N.effect_count(
        fight, target, "attacks-against-advantage"
    )
    dis = N.effect_count(fight, attacker, "own-attacks-disadvantage") + N.effect_count(
        fight, target, "attacks-against-disadvantage"
    )
    a2, d2 = N.mode_votes(fight, attacker, "attacks", hit=hit, target=target)
    adv += a2
    dis += d2
    if target.dodging:
        dis += 1
    if attacker.helped_by is not None and (attacker.help_against is None or target.id in attacker.help_against):
        adv += 1
    if fight.state.board is not None:
        a3, d3 = votes(fight, attacker, target)
        adv += a3
        dis += d3
    return adv, dis


def _roll_mods(fight: Fight, c: Combatant, to: str, hit: Any = None,
               target: Combatant | None = None) -> tuple[int, DiceExpr | None]:
    """(the flat part, the dice thrown beside the roll) of `c`'s `to` modifiers: a rolled
    modifier is kept as dice, so the forecast counts each of its faces (+1d4 is not +2.5)."""
    flat = 0
    added = DiceExpr()
    for b in N.modifiers(fight, c, to, hit=hit, target=target):
        flat += b.flat
        if b.dice:
            added = added.plus(b.dice, minus=b.minus)
    return flat, added if added.terms or added.modifier else None


def hit_forecast(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int,
                 hit: Any = None) -> tuple[Fraction, Fraction]:
    """(chance to hit, chance of a critical) of an attack roll adding `to_hit`."""
    key = _hit_key(fight, attacker, target, to_hit, hit)
    return _chances(key) if key is not None else (Fraction(0), Fraction(0))


def _hit_key(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int,
             hit: Any = None) -> tuple[Any, ...] | None:
    """Every number an attack roll's odds depend on: dice count and sides, the total added,
    the defense, the roll mode, natural faces and where criticals start. None without an
    attack roll. While a menu is drawn the state stands still, so the parts read from the
    two combatants are kept in the menu's memo for every option aimed the same way."""
    roll = fight.combat.attackRoll
    if roll is None:
        return None
    board = fight.state.board is not None
    # On a board the odds depend on the option aimed (a swing or a shot, cover, the high
    # ground: `fight.aiming`), so nothing read for one option is kept for the next.
    memo = fight.menu_memo if not board else None
    pair = (attacker.id, target.id, hit)
    parts = memo.get(pair) if memo is not None else None
    if parts is None:
        flat, added = _roll_mods(fight, attacker, "attacks", hit=hit, target=target)
        defense, _parts = N.defense(fight, target)
        if board:
            defense += sum(p.flat for p in defense_parts(fight, attacker, target))
        crit_from = None
        naturals = roll.naturals
        if naturals and naturals.max == "critical" and roll.criticalFrom is not None:
            view = fight.view(attacker)
            if view is not None:
                crit_from = math.floor(view.value(roll.criticalFrom))
        parts = (flat, added, defense, attack_mode(fight, attacker, target, hit), crit_from)
        if memo is not None:
            memo[pair] = parts
    flat, added, defense, mode, crit_from = parts
    naturals = roll.naturals
    return (roll.dice.count, roll.dice.sides, to_hit + flat, defense, mode,
            naturals.max if naturals and naturals.max else "none",
            naturals.min if naturals and naturals.min else "none", crit_from, added)


@lru_cache(maxsize=4096)
def _chances(key: tuple[Any, ...]) -> tuple[Fraction, Fraction]:
    count, sides, modifier, defense, mode, nmax, nmin, crit_from, added = key
    dice = DiceExpr.of(count, sides, modifier)
    if not dice.single_die:
        nmax = nmin = "none"
    odds = attack_forecast(dice, defense, mode, naturals_max=nmax, naturals_min=nmin,
                           critical_from=crit_from if nmax == "critical" else None, added=added)
    return odds.hit, odds.critical


#: What a target does to damage of one type (effects.type_guard): (immune, halves, doubles).
Guard = tuple[bool, int, int]
UNGUARDED: Guard = (False, 0, 0)


def guarded_mean(damage: DiceExpr, guard: Guard, critical: str = "none", halved: bool = False) -> Fraction:
    """Expected damage of one hit as it lands through the target's guard, total by total
    (immunity, resistance rounded down, vulnerability), after a save's halving."""
    immune, halves, doubles = guard
    if immune:
        return Fraction(0)
    return mean_damage(damage, critical, halved=halved, halves=halves, doubles=doubles)


def saved_share(fight: Fight, target: Combatant, save: Any, dc: int, on_success: str | None, damage: DiceExpr,
                guard: Guard, critical: str = "none", against: Any = None, cover: Any = None,
                action: bool = False) -> tuple[Fraction, Fraction]:
    """(the chance the target makes `save`, the expected damage of a blow it saves against):
    all of it on a failure and, on a success, half (`half`), nothing (`negates`, or `none`
    on an entry) or all of it (`none` on a creature `action`: only what it applies is spared,
    1.184)."""
    full = guarded_mean(damage, guard, critical)
    if action and on_success == "none":
        return E.save_chance(fight, target, save, dc, against, cover), full
    made = E.save_chance(fight, target, save, dc, against, cover)
    kept = guarded_mean(damage, guard, critical, halved=True) if on_success == "half" else Fraction(0)
    return made, (1 - made) * full + made * kept


@lru_cache(maxsize=4096)
def _blow(key: tuple[Any, ...], damage: DiceExpr, critical: str, guard: Guard = UNGUARDED) -> tuple[float, float]:
    """(hit chance, expected damage) as a forecast shows them, for one attack roll."""
    hit, crit = _chances(key)
    dmg = (hit - crit) * guarded_mean(damage, guard) + crit * guarded_mean(damage, guard, critical)
    return round(float(hit), 4), round(float(dmg), 3)


def _blow_forecast(fight: Fight, attacker: Combatant, target: Combatant, to_hit: int, damage: DiceExpr,
                   critical: str, hit: Any = None, dtype: str | None = None) -> Forecast:
    key = _hit_key(fight, attacker, target, to_hit, hit)
    if key is None:
        return forecast(target.id, hit=0.0, damage=0.0)
    hit, dmg = _blow(key, damage, critical, E.type_guard(fight, target, dtype))
    return forecast(target.id, hit=hit, damage=dmg)


def targets_for(fight: Fight, actor: Combatant, side: str) -> list[Combatant]:
    standing = [c for c in fight.state.combatants if not c.out]
    if side == "self":
        return [actor]
    if side == "ally":
        return [c for c in standing if c.side == actor.side]
    if side == "any":
        return [c for c in standing if not c.down or c.side == actor.side]
    # A foe who is down and dying (or stable) can still be struck: damage while down costs
    # them failures against death. One down with no dying rule is simply out of reach.
    return [c for c in standing if c.side != actor.side and (not c.down or N.struck_while_down(fight, c))]


def budget_left(actor: Combatant, budget: str | None) -> bool:
    return budget is None or actor.budgets.get(budget, 0) > 0


# ---------------------------------------------------------------------------
# weapons from attack lists
# ---------------------------------------------------------------------------


def weapon_plans(fight: Fight, actor: Combatant, view: SheetView) -> list[Plan]:
    """Plans for the rows of the attack lists. They are read from the sheet alone, so they
    are kept for the call while the sheet (its view) is the same: a step draws the same
    actor's menu more than once. Plans are never changed once made (`dataclasses.replace`
    makes a changed one)."""
    return _kept(fight, ("weapons", actor.id), view, lambda: _read_weapon_plans(fight, actor, view))


def _kept(fight: Fight, key: tuple[str, str], view: SheetView, read: Any) -> list[Plan]:
    found = fight.call_memo.get(key)
    if found is None or found[0] is not view:
        found = fight.call_memo[key] = (view, read())
    return list(found[1])


def _read_weapon_plans(fight: Fight, actor: Combatant, view: SheetView) -> list[Plan]:
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
            damage = dice.with_modifier(damage_bonus)
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
    if mech is None or mech.reaction is not None or mech.kind == "rider":
        return False
    # Spent when its owner's own roll fails, never chosen (1.249, rescue_entries.py).
    if getattr(mech, "rescue", None) is not None:
        return False
    if mech.kind == "utility":
        return bool(mech.free or mech.gives) and not (mech.standard and not mech.free and not mech.gives)
    return True


def entry_plans(fight: Fight, actor: Combatant, view: SheetView, pick: Any = offered_entry) -> list[Plan]:
    """Plans for the catalog rows `pick` keeps (the turn menu's by default; windows.py asks
    for the reactions). The turn menu's are kept like `weapon_plans`."""
    if pick is offered_entry:
        return _kept(fight, ("entries", actor.id), view, lambda: _read_entry_plans(fight, actor, view, pick))
    return _read_entry_plans(fight, actor, view, pick)


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
            if actor.held:
                to_hit, dc = held_to_hit(actor, to_hit), held_difficulty(actor, dc)
            costs = [(c.pool, c.amount) for c in mech.cost or [] if getattr(c, "pool", None) and isinstance(getattr(c, "amount", None), int)]
            # The counter the entry's pick wrote beside it is its uses: one is paid on every
            # use with the rest of the cost, all or nothing, so at 0 it leaves the menu.
            costs += [(pool, 1) for pool in view.pools_written_by(ref, entry.rows) if all(pool != p for p, _a in costs)]
            side = mech.targets or ("enemy" if mech.kind in ("attack", "debuff") else "ally")
            name = row.get("name")
            plans.append(Plan(
                kind="entry", name=entry.label if not isinstance(name, str) else name, budget=None if mech.free else (mech.budget or lst.budget),
                to_hit=to_hit, to_hit_parts=[(N.ref_label(fight.ruleset, to_hit_ref, "to hit"), to_hit)] if to_hit_ref else [],
                entry=entry, entry_ref=ref, mechanics=mech, list_def=lst, save_dc=dc, costs=costs, targets_side=side,
            ))
    return plans


def can_pay(fight: Fight, actor: Combatant, costs: list[tuple[str, int]]) -> bool:
    return _costs.can_pay(fight, actor, costs)


# ---------------------------------------------------------------------------
# creature actions
# ---------------------------------------------------------------------------


_PARSED_ACTIONS: dict[int, tuple[list[Any], list[Any]]] = {}
_ACTIONS_BY_TEXT: dict[str, list[Any]] = {}


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
        return _creature_extras.action_damage(fight, actor, action)
    dmg = action.damage
    if dmg is None:
        return None
    text = dmg.dice or "0"
    expr = parse_dice(text)
    return expr.with_modifier(dmg.flat or 0)


# ---------------------------------------------------------------------------
# the menu
# ---------------------------------------------------------------------------


def forecasts_of(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> list[Forecast]:
    """What `plan` by `actor` is expected to do to each of `targets`, as its menu option
    would forecast it, whatever the menu being drawn (the Engine weighing what an answer
    stops, window_answers.py). Consumes no dice."""
    before = fight.forecasting
    fight.forecasting = True
    try:
        return plan_forecasts(fight, actor, plan, targets)
    finally:
        fight.forecasting = before


def plan_forecasts(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> list[Forecast]:
    if not fight.forecasting:
        return [forecast(t.id) for t in targets] if fight.blanks else []
    own = kind_of(fight).forecasts(fight, actor, plan, targets)
    if own is not None:
        return own
    critical = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    # What an option deals or heals does not depend on whom it is aimed at, so it is worked
    # out once for all the targets.
    # The kind of attack matters only to a holder whose attacks modifiers are narrowed by it.
    narrowed = N.narrows_attacks(fight, actor)
    if plan.kind == "weapon" and plan.damage is not None:
        hit = B.hit_of_weapon(fight, actor, plan) if narrowed else None
        return [_blow_forecast(fight, actor, t, plan.to_hit, plan.damage, critical, hit, plan.damage_type)
                for t in targets]
    if plan.kind == "entry":
        m = plan.mechanics
        amount_expr = _costs.amount_expr
        if m.kind == "heal" and m.amount is not None:
            amt = round(float(amount_expr(fight, actor, m, plan.cost_steps).mean), 3)
            return [forecast(t.id, heal=amt) for t in targets]
        if m.amount is not None and m.kind == "attack":
            expr = amount_expr(fight, actor, m, plan.cost_steps)
            if m.attackRoll:
                hit = B.hit_of_entry(m) if narrowed else None
                return [_blow_forecast(fight, actor, t, plan.to_hit, expr, critical, hit, m.damageType)
                        for t in targets]
            if m.save is not None and not m.autoHit:
                dc = plan.save_dc if plan.save_dc is not None else 10
                against = SA.for_entry(actor.id, plan.entry_ref, plan.entry, m)
                return [_saved_forecast(t, *saved_share(fight, t, m.save.save, dc, m.save.onSuccess, expr,
                                                        E.type_guard(fight, t, m.damageType), against=against,
                                                        cover=save_cover(fight, actor, t, m.save, m.area, plan.aim)))
                        for t in targets]
            return [forecast(t.id, hit=1.0, damage=_round(guarded_mean(expr, E.type_guard(fight, t, m.damageType))))
                    for t in targets]
        return [forecast(t.id) for t in targets]
    if plan.kind == "action":
        a = plan.action
        expr = action_damage(a, fight, actor)
        if a.heal is not None:
            amt = round(float(parse_dice(a.heal.dice or "0").mean + (a.heal.flat or 0)), 3)
            return [forecast(t.id, heal=amt) for t in targets]
        if expr is None:
            return [forecast(t.id) for t in targets]
        return [_action_forecast(fight, actor, t, a, expr, critical, plan.aim, narrowed) for t in targets]
    if plan.kind == "sequence":
        steps = [(step, action_damage(step, fight, actor)) for step in plan.steps]
        parts_on_board = fight.state.board is not None
        out: list[Forecast] = []
        for t in targets:
            hit_total = 0.0
            dmg_total = 0.0
            for k, (step, expr) in enumerate(steps):
                # On a board only the parts that reach the target count, each aimed with its
                # own reach and range.
                if expr is None or (parts_on_board and not reaches(fight, actor, t, part_plan(fight, plan, k))):
                    continue
                with aiming_part(fight, plan, k) if parts_on_board else nullcontext():
                    part = _action_forecast(fight, actor, t, step, expr, critical, None, narrowed)
                dmg_total += part.damage or 0.0
                if step.toHit is not None and not step.autoHit:
                    hit_total = max(hit_total, part.hit or 0.0)
            out.append(forecast(t.id, hit=round(hit_total, 4), damage=round(dmg_total, 3)))
        return out
    return [forecast(t.id) for t in targets]


def _round(value: Fraction) -> float:
    return round(float(value), 3)


def _saved_forecast(target: Combatant, made: Fraction, damage: Fraction) -> Forecast:
    """A blow the target saves against: `save` is the chance it makes the save, `damage`
    what it is expected to take, the save counted."""
    return forecast(target.id, save=round(float(made), 4), damage=_round(damage))


def _action_forecast(fight: Fight, actor: Combatant, target: Combatant, action: Any, expr: DiceExpr,
                     critical: str, aim: Any, narrowed: bool) -> Forecast:
    """One creature action (or a sequence's part) at one target: its attack roll, then its
    save (a hit's damage kept in full on a failure and, on a success, as `onSuccess` keeps
    it: 1.184), through the target's guard against its type."""
    guard = E.type_guard(fight, target, action.damage.type if action.damage else None)
    save = action.save
    against = SA.for_action(actor.id, action) if save is not None else None
    cover = save_cover(fight, actor, target, save, action.area, aim) if save is not None else None
    if action.toHit is None or action.autoHit:
        if save is None:
            return forecast(target.id, hit=1.0, damage=_round(guarded_mean(expr, guard)))
        made, dealt = saved_share(fight, target, save.save, save.difficulty, save.onSuccess, expr, guard,
                                  against=against, cover=cover, action=True)
        return _saved_forecast(target, made, dealt)
    hit = B.hit_of_action(action) if narrowed else None
    if save is None:
        return _blow_forecast(fight, actor, target, action.toHit, expr, critical, hit,
                              action.damage.type if action.damage else None)
    chance, crit = hit_forecast(fight, actor, target, action.toHit, hit)
    made, plain = saved_share(fight, target, save.save, save.difficulty, save.onSuccess, expr, guard,
                              against=against, cover=cover, action=True)
    _made, doubled = saved_share(fight, target, save.save, save.difficulty, save.onSuccess, expr, guard, critical,
                                 against=against, cover=cover, action=True)
    return forecast(target.id, hit=round(float(chance), 4), save=round(float(made), 4),
                    damage=_round((chance - crit) * plain + crit * doubled))


def plan_target_count(plan: Plan) -> int:
    if plan.kind == "entry":
        m = plan.mechanics
        if m.targets == "self":
            return 0
        return _costs.target_count(m, plan.cost_steps)
    if plan.kind == "action":
        a = plan.action
        if a.self_:
            return 0
        return a.targetCount or 1
    if plan.kind in ("weapon", "sequence"):
        return 1
    return 0


def build_menu(fight: Fight, actor: Combatant, *, forecasts: bool = True, blanks: bool = True) -> list[MenuItem]:
    """Everything `actor` may choose now; `forecasts=False` when only legality matters
    (`blanks=False`: not even a blank forecast for each target, for the resolver's own
    checks)."""
    before, memo, blank = fight.forecasting, fight.menu_memo, fight.blanks
    fight.forecasting, fight.blanks = forecasts, blanks
    # Drawing a menu changes nothing, so what it reads may be kept until it is drawn.
    fight.menu_memo = {} if memo is None else memo
    try:
        return _build_menu(fight, actor)
    finally:
        fight.forecasting, fight.menu_memo, fight.blanks = before, memo, blank


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
            plans += weapon_plans(fight, actor, view)
            plans += entry_plans(fight, actor, view)
        plans += action_plans(fight, actor)
        plans = _costs.expand_payments(fight, actor, plans + _spellcasting.spell_plans(fight, actor))
    attack_cap = attack_limit(fight, actor)
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
            own_text = kind_of(fight).weapon_text(fight, actor, plan)
            if own_text is not None:
                text = own_text
        elif plan.kind == "entry":
            oid = plan.option_id or f"ability:{plan.list_def.list}:{slug(plan.name)}"
            if not budget_left(actor, plan.budget) or not can_pay(fight, actor, plan.costs):
                continue
            group = "ability"
            costs = [{"pool": p, "amount": a, "label": N.pool_label(fight, actor, p)} for p, a in plan.costs]
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
        count = plan_target_count(plan)
        if count and not targets:
            continue
        if plan.kind == "entry" and plan.mechanics.targets == "self":
            targets = [actor]
        budget_label = N.label(fight.ruleset, "budget", plan.budget) if plan.budget else None
        fight.aiming = plan
        option = Option(
            id=oid, label=_option_label(fight, plan), group=group, budget=plan.budget, costs=costs,
            targets=[t.id for t in targets] if count else [], count=min(count, len(targets)) if count else 0,
            forecasts=plan_forecasts(fight, actor, plan, targets if count else [actor]),
            text=(f"{budget_label}; " if budget_label else "") + text,
        )
        items.append(MenuItem(option, plan))
    if can_act:
        items += _standard_items(fight, actor)
        items += _contests.contest_items(fight, actor, attack_cap)
        if view is not None:
            items += _costs.granted_standard_items(fight, actor, view)
    items.append(MenuItem(Option(id="end-turn", label="End turn", group="end"), Plan(kind="end")))
    items = _menu_rules.refine(fight, actor, items)
    fight.aiming = None
    if fight.state.board is not None:
        from .board.menu import board_items  # noqa: PLC0415

        items = board_items(fight, actor, items)
    return kind_of(fight).styled(fight, actor, items)


def _standard_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """`standard:<name>` for each of `combat.standard`, while the first budget lasts."""
    items: list[MenuItem] = []
    main_budget = fight.combat.economy.budgets[0].id
    if not budget_left(actor, main_budget):
        return items
    for name in fight.combat.standard or []:
        aimed = standard_targets(fight, actor, name)
        if aimed is None:
            continue
        targets, count = aimed
        items.append(MenuItem(
            Option(id=f"standard:{name}", label=name.capitalize(), group="standard", budget=main_budget,
                   targets=targets, count=count, text=STANDARD_TEXT[name]),
            Plan(kind="standard", name=name, budget=main_budget, standard=name),
        ))
    return items


def standard_targets(fight: Fight, actor: Combatant, name: str) -> tuple[list[str], int] | None:
    """(targets, how many) of a standard action: help is aimed at one standing ally (None:
    nobody to help), the others at nobody."""
    if name != "help":
        return [], 0
    allies = [c.id for c in fight.standing(actor.side) if c.id != actor.id]
    return (allies, 1) if allies else None


def has_choice(fight: Fight, actor: Combatant) -> bool:
    """Whether `actor`'s menu holds anything besides ending the turn: what the resolver
    asks before handing a turn to a player or the GM. In an attack-vs-defense or
    symbol-pool fight without a board, a standard action aimed at nobody (dodge, dash, ...)
    is never taken off by `menu_rules.refine`, so while one is offered the whole menu need
    not be drawn; otherwise it is, without forecasts (a board and a dice pool's styles
    change the menu after `refine`)."""
    if fight.state.board is None and not kind_of(fight).menu_changes_after_refine \
            and not actor.out and not actor.down and "cannot-act" not in N.effects(fight, actor) \
            and any(name != "help" for name in fight.combat.standard or []) \
            and budget_left(actor, fight.combat.economy.budgets[0].id):
        return True
    return any(item.plan.kind != "end" for item in build_menu(fight, actor, forecasts=False, blanks=False))


def _option_label(fight: Fight, plan: Plan) -> str:
    if plan.kind == "entry":
        return _costs.payment_label(fight, plan)
    return plan.name


STANDARD_TEXT = {
    "dodge": "attacks against you are rolled twice, keeping the worse, until your next turn",
    "help": "an ally's next attack is rolled twice, keeping the better",
    "dash": "gain your movement again (recorded; it matters on a board)",
    "disengage": "nobody strikes at you as you walk away this turn (recorded; it matters on a board)",
    "hide": "accepted; it changes nothing yet",
    "ready": "accepted; it changes nothing yet",
}


def attack_limit(fight: Fight, actor: Combatant) -> int | None:
    cap = None
    for _name, rule, _held in N.rules_in_force(fight, actor):
        value = getattr(rule, "attacksPerTurn", None)
        if isinstance(value, int):
            cap = value if cap is None else min(cap, value)
    return cap


class _Later:
    """A module of this package that builds on this one (it imports `Plan`, `Option`, ...
    from here), so it cannot be imported while this one loads. The first attribute read
    imports it and puts the module itself in this one's globals, so every later call reads
    a plain module attribute: an import statement inside each function cost more than a
    microsecond a call, a few dozen times a menu."""

    def __init__(self, name: str):
        self.name = name

    def __getattr__(self, attr: str) -> Any:
        module = importlib.import_module(f".{self.name}", __package__)
        globals()[f"_{self.name}"] = module
        return getattr(module, attr)


_contests: Any = _Later("contests")
_costs: Any = _Later("costs")
_creature_extras: Any = _Later("creature_extras")
_menu_rules: Any = _Later("menu_rules")
_spellcasting: Any = _Later("spellcasting")
