"""Opponents nobody wrote, held to their threat tier (spec/combat-2 "Opponents nobody wrote").

Owns: `clamp_block` (a proposed stat block fitted to its tier before anything is rolled,
every change a sentence), `tier_block` (a plain creature from a tier's own numbers) and
`tier_of` (the tier a creature names; an undeclared tier falls to the bottom of the scale),
with `threat_scale` and `scale_tier` where a scale is required.

The order the spec gives: health into the tier's band; defense, to-hit and save
difficulty at most 2 above the tier's own; names the ruleset does not have dropped
(damage types, conditions, saves, actions beyond the first six); then damage scaled down
until the strongest round (a sequence or a single action, against one target) fits the
tier's `damagePerRound`: the number of dice first, then the flat part, then one strike of
a sequence, finally the number of sides, never anything down to 0.

The proposal is worked on as its JSON (a validated `Creature` dumped by alias): every
change is an edit of that JSON, which setup then reads as the creature that fights.
"""

from __future__ import annotations

import copy
from fractions import Fraction
from typing import Any, Callable

from ..dice import parse_dice
from ..dice.expressions import DiceExpr, DiceTerm
from ..ruleset.combat_threat import Threat, Tier
from ..ruleset.creatures import Creature
from ..ruleset.errors import format_path
from ..ruleset.gates import ENGINE_NAME, collect_gates
from ..ruleset.package import Ruleset
from .fight import combat_block

#: A proposal keeps its first six actions (spec: "actions beyond the first six").
MAX_ACTIONS = 6
#: Die sizes a die steps down through; any other size steps to the next smaller of these.
DIE_STEPS = (100, 20, 12, 10, 8, 6, 4, 3, 2)


def tier_of(ruleset: Ruleset, tier_id: object) -> Tier | None:
    """The tier named (`tier_id` as written, not always a string: an unread proposal's), or
    the bottom of the scale when it is not declared (None without a scale)."""
    tiers = ruleset.combat.threat.tiers if ruleset.combat and ruleset.combat.threat else []
    for tier in tiers:
        if tier.id == tier_id:
            return tier
    return tiers[0] if tiers else None


def threat_scale(ruleset: Ruleset) -> Threat:
    """The threat scale the GM invents opponents on: without one there is no tier to invent
    at (the service refuses such a request first, `no-threat-scale`)."""
    threat = combat_block(ruleset).threat
    if threat is None:
        raise ValueError(f"{ruleset.name} has no threat scale, so the GM has no tier to invent opponents at")
    return threat


def scale_tier(ruleset: Ruleset, tier_id: object) -> Tier:
    """`tier_of` where a scale is required: the tier named, else the bottom of the scale."""
    tier = tier_of(ruleset, tier_id)
    if tier is None:
        raise ValueError(f"{ruleset.name} has no threat scale, so the GM has no tier to invent opponents at")
    return tier


def tier_block(ruleset: Ruleset, tier: Tier) -> dict[str, Any]:
    """A plain creature from the tier's own numbers: middle health, the tier's defense and
    to-hit, one strike worth the middle of its damage per round. Its strike spends the main
    budget (the economy's first), so the ruleset has a combat block (a tier comes from it)."""
    low, high = tier.health
    dmg = max(1, round((tier.damagePerRound[0] + tier.damagePerRound[1]) / 2))
    main = combat_block(ruleset).economy.budgets[0].id
    return {
        "tier": tier.id, "health": (low + high) // 2, "defense": tier.defense, "initiativeModifier": 0,
        "actions": [{"id": "strike", "name": "Strike", "budget": main, "toHit": tier.toHit, "damage": {"flat": dmg}}],
    }


# ---------------------------------------------------------------------------
# measuring a round
# ---------------------------------------------------------------------------


def _expr(unit: dict[str, Any]) -> DiceExpr | None:
    try:
        return parse_dice(unit.get("dice") or "0")
    except Exception:  # noqa: BLE001 - the validated model only lets readable dice through
        return None


def _mean(unit: dict[str, Any] | None) -> Fraction:
    if not unit:
        return Fraction(0)
    expr = _expr(unit)
    return (expr.mean if expr is not None else Fraction(0)) + (unit.get("flat") or 0)


def _blow(action: dict[str, Any]) -> Fraction:
    """One use against one target: the damage with its added clauses, or its strongest
    alternative with them. An area or several targets do not multiply it (one target)."""
    damage = action.get("damage")
    if not damage:
        return Fraction(0)
    added = sum((_mean(p) for p in damage.get("plus") or []), Fraction(0))
    variants = [_mean(damage)] + [_mean(a) for a in damage.get("alternatives") or []]
    return max(variants) + added


def round_damage(action: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> Fraction:
    """What the action deals one target in one round; a sequence counts every strike."""
    if action.get("sequence"):
        return sum((_blow(by_id[s["action"]]) * s.get("times", 1) for s in action["sequence"] if s["action"] in by_id),
                   Fraction(0))
    return _blow(action)


def _units(action: dict[str, Any], by_id: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """The damage parts a round is made of, each once (a sequence's strikes share their action's)."""
    sources = [by_id[s["action"]] for s in action["sequence"] if s["action"] in by_id] if action.get("sequence") \
        else [action]
    out: list[dict[str, Any]] = []
    for src in sources:
        damage = src.get("damage")
        if not damage:
            continue
        for unit in [damage, *(damage.get("plus") or []), *(damage.get("alternatives") or [])]:
            if all(unit is not u for u in out):
                out.append(unit)
    return out


# ---------------------------------------------------------------------------
# the four reductions, in the spec's order
# ---------------------------------------------------------------------------


def _set_dice(unit: dict[str, Any], expr: DiceExpr) -> None:
    unit["dice"] = str(expr)


def _change_term(units: list[dict[str, Any]], wanted: Callable[[DiceTerm], bool], most: Callable[[DiceTerm], int],
                 change: Callable[[DiceTerm], DiceTerm]) -> bool:
    """Changes one added die term: of the terms `wanted` accepts, the one with the `most`."""
    best = None
    for unit in units:
        expr = _expr(unit)
        if expr is None:
            continue
        for i, term in enumerate(expr.terms):
            if not term.negative and wanted(term) and (best is None or most(term) > most(best[2])):
                best = (unit, expr, term, i)
    if best is None:
        return False
    unit, expr, term, i = best
    terms = list(expr.terms)
    terms[i] = change(term)
    _set_dice(unit, DiceExpr(tuple(terms), expr.modifier))
    return True


def _fewer_dice(units: list[dict[str, Any]], _action: dict[str, Any]) -> bool:
    return _change_term(units, lambda t: t.count > 1, lambda t: t.count,
                        lambda t: DiceTerm(t.count - 1, t.sides, t.negative))


def _smaller_flat(units: list[dict[str, Any]], _action: dict[str, Any]) -> bool:
    for unit in sorted(units, key=lambda u: -(u.get("flat") or 0)):
        if (unit.get("flat") or 0) > 1:
            unit["flat"] -= 1
            return True
    for unit in units:
        expr = _expr(unit)
        if expr is not None and expr.terms and expr.modifier > 1:
            _set_dice(unit, DiceExpr(expr.terms, expr.modifier - 1))
            return True
    return False


def _one_strike_fewer(_units: list[dict[str, Any]], action: dict[str, Any]) -> bool:
    steps = [s for s in action.get("sequence") or [] if s.get("times", 1) > 1]
    if not steps:
        return False
    step = max(steps, key=lambda s: s.get("times", 1))
    step["times"] = step.get("times", 1) - 1
    return True


def _smaller_die(units: list[dict[str, Any]], _action: dict[str, Any]) -> bool:
    return _change_term(units, lambda t: t.sides > 2, lambda t: t.sides,
                        lambda t: DiceTerm(t.count, next(s for s in DIE_STEPS if s < t.sides), t.negative))


REDUCTIONS = (_fewer_dice, _smaller_flat, _one_strike_fewer, _smaller_die)


def _scale_down(name: str, tier: Tier, actions: list[dict[str, Any]], notes: list[str]) -> None:
    # The block is a validated Creature dumped to JSON: every action has its `id`.
    by_id: dict[str, dict[str, Any]] = {a["id"]: a for a in actions}
    top = tier.damagePerRound[1]
    # The strongest round first: reducing it may already fit a weaker action sharing a strike.
    for action in sorted(actions, key=lambda a: -round_damage(a, by_id)):
        before = round_damage(action, by_id)
        if before <= top:
            continue
        while round_damage(action, by_id) > top:
            units = _units(action, by_id)
            if not any(step(units, action) for step in REDUCTIONS):
                break
        after = round_damage(action, by_id)
        label = action.get("name", action.get("id"))
        if after > top:
            notes.append(f"{name}'s {label} is scaled down as far as it goes without reducing anything to 0 "
                         f"and still deals {_num(after)} a round, above {tier.label}'s {top}.")
        else:
            notes.append(f"{name}'s {label} is scaled down to fit {tier.label}'s damage per round "
                         f"({tier.damagePerRound[0]} to {top}).")


def _num(value: Fraction | float) -> str:
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.3g}"


# ---------------------------------------------------------------------------
# names and numbers
# ---------------------------------------------------------------------------


def _drop_unknown_names(ruleset: Ruleset, name: str, block: dict[str, Any], notes: list[str]) -> None:
    """A model wrote the proposal: names the ruleset does not have are dropped, each said."""
    saves = {s.id for s in ruleset.sheet.saves or []}
    live = ruleset.sheet.live
    conditions = {c.id for c in (live.conditions or [])} if live else set()
    combat = combat_block(ruleset)
    types = {t.lower() for t in combat.damageTypes or []} if combat.damageTypes else None
    budgets = [b.id for b in combat.economy.budgets]
    for save in list((block.get("saves") or {})):
        if save not in saves:
            del block["saves"][save]
            notes.append(f"{name}'s save {save!r} is not one of this ruleset's, so it is dropped.")
    for action in block.get("actions") or []:
        label = action.get("name", action.get("id"))
        damage = action.get("damage") or {}
        for unit in [damage, *(damage.get("plus") or []), *(damage.get("alternatives") or [])]:
            if types is not None and isinstance(unit.get("type"), str) and unit["type"].lower() not in types:
                notes.append(f"{name}'s {label}: damage type {unit['type']!r} is not one of this ruleset's, "
                             "so it is dropped.")
                del unit["type"]
        kept = []
        for apply in action.get("applies") or []:
            if apply.get("condition") in conditions:
                kept.append(apply)
            else:
                notes.append(f"{name}'s {label}: condition {apply.get('condition')!r} is not one of this ruleset's, "
                             "so it is dropped.")
        if "applies" in action:
            if kept:
                action["applies"] = kept
            else:
                del action["applies"]
        save = action.get("save")
        if isinstance(save, dict) and save.get("save") not in saves:
            notes.append(f"{name}'s {label}: save {save.get('save')!r} is not one of this ruleset's, so the save is dropped.")
            del action["save"]
        if action.get("budget") not in budgets:
            notes.append(f"{name}'s {label}: budget {action.get('budget')!r} is not one of this ruleset's, so it "
                         f"spends {budgets[0]!r}.")
            action["budget"] = budgets[0]


def _first_six(name: str, block: dict[str, Any], notes: list[str]) -> list[dict[str, Any]]:
    actions = block.get("actions") or []
    if len(actions) <= MAX_ACTIONS:
        return actions
    dropped = actions[MAX_ACTIONS:]
    notes.append(f"{name}'s actions beyond the first six are dropped: "
                 + ", ".join(a.get("name", a.get("id")) for a in dropped) + ".")
    actions = block["actions"] = actions[:MAX_ACTIONS]
    kept = {a.get("id") for a in actions}
    # A sequence cannot strike with an action that is gone.
    for action in list(actions):
        steps = action.get("sequence")
        if not steps:
            continue
        gone = [s["action"] for s in steps if s["action"] not in kept]
        if not gone:
            continue
        action["sequence"] = [s for s in steps if s["action"] in kept]
        label = action.get("name", action.get("id"))
        if action["sequence"]:
            notes.append(f"{name}'s {label} no longer strikes with {', '.join(gone)}, which was dropped.")
        else:
            actions.remove(action)
            notes.append(f"{name}'s {label} is dropped: every action it strikes with was dropped.")
    return actions


def _health(name: str, tier: Tier, block: dict[str, Any], notes: list[str]) -> None:
    low, high = tier.health
    health = block.get("health")
    if isinstance(health, dict):
        expr = _expr(health)
        if expr is None:
            return
        # A dumped HealthDice: `dice` is required, `flat` optional.
        flat: int = health.get("flat") or 0
        lowest, highest = expr.minimum + flat, expr.maximum + flat
        if low <= lowest and highest <= high:
            return  # every roll lands inside the band
        held = int(min(max(expr.mean + flat, Fraction(low)), Fraction(high)))
        block["health"] = held
        written = str(health["dice"]) + (f" + {flat}" if flat else "")
        notes.append(f"{name}'s health {written} ({lowest} to {highest}) is held to {held} "
                     f"({tier.label}: {low} to {high}).")
    elif isinstance(health, int) and not low <= health <= high:
        block["health"] = min(max(health, low), high)
        notes.append(f"{name}'s health {health} is held to {block['health']} ({tier.label}: {low} to {high}).")


def _at_most(notes: list[str], holder: dict[str, Any], key: str, cap: int, sentence: str) -> None:
    if isinstance(holder.get(key), int) and holder[key] > cap:
        notes.append(sentence.format(value=holder[key], cap=cap))
        holder[key] = cap


def clamp_block(ruleset: Ruleset, name: str, block: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Fits a proposed stat block to its tier; returns the block and one sentence per change.
    Raises ValueError when the ruleset has no threat scale to fit it to."""
    notes: list[str] = []
    block = copy.deepcopy(block)
    tier = tier_of(ruleset, block.get("tier"))
    if tier is None:
        raise ValueError(f"{name}: the ruleset has no threat scale to fit a proposed creature to")
    if block.get("tier") != tier.id:
        notes.append(f"{name}'s tier {block.get('tier')!r} is not declared, so it falls back to {tier.label}.")
        block["tier"] = tier.id
    _health(name, tier, block, notes)
    _at_most(notes, block, "defense", tier.defense + 2,
             f"{name}'s defense {{value}} is held to {{cap}} (at most 2 above {tier.label}).")
    actions = _first_six(name, block, notes)
    _drop_unknown_names(ruleset, name, block, notes)
    for action in actions:
        label = action.get("name")
        _at_most(notes, action, "toHit", tier.toHit + 2, f"{name}'s {label} to hit {{value}} is held to {{cap}}.")
        _at_most(notes, action, "saveDifficulty", tier.saveDifficulty + 2,
                 f"{name}'s {label} difficulty {{value}} is held to {{cap}}.")
        if isinstance(action.get("save"), dict):
            _at_most(notes, action["save"], "difficulty", tier.saveDifficulty + 2,
                     f"{name}'s {label} difficulty {{value}} is held to {{cap}}.")
    # A contest check is held like a chance to hit (spec/combat-3 "Contests").
    checks = block.get("checks") or {}
    for check_id in sorted(checks):
        _at_most(notes, checks, check_id, tier.toHit + 2, f"{name}'s {check_id} check {{value}} is held to {{cap}}.")
    _scale_down(name, tier, actions, notes)
    if block.pop("spellcasting", None) is not None:
        notes.append(f"{name}'s spellcasting is dropped: an invented opponent casts from a sheet's slots, "
                     "not from a stat block.")
    return block, notes


def proposal_refusals(creature: Creature) -> list[str]:
    """What a proposed stat block uses that is not resolved: keys this engine refuses by name."""
    out = []
    for gate in collect_gates(creature):
        if gate.unsupported is not None:
            key = next((p for p in reversed(gate.path) if isinstance(p, str)), "?")
            out.append(f"statBlock.{format_path(gate.path)}: \"{key}\" is not supported by {ENGINE_NAME} yet: "
                       f"{gate.unsupported}")
    return out
