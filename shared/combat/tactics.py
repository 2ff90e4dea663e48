"""The Engine's tactics: how an Engine-controlled combatant picks from its menu.

Owns: `best_here(fight, actor, menu)` (the pick off a board; engine.choose asks
board/tactics.py on one) and `expected_dealt` (what a forecast is expected to
deal one target, also what a counterspell weighs: window_answers.py). Every option is
scored by its forecast (expected damage against each target, healing where an ally needs
it, conditions it puts on), the best is taken, and ties go to the earlier option and target, so the same state always
gives the same choice. Choosing consumes no dice.
"""

from __future__ import annotations

from typing import Any, Callable

from . import numbers as N
from .fight import Fight
from .plans import MenuItem
from .state import Combatant
from .condition_ends import shake_off_worth
from .contests import contest_score
from .kinds import kind_of
from .seeing import all_hidden_from
from .targeting import spaced
from .worth import CONDITION_WORTH
from .source_saves import action_save_worth
from .aura_avert import AVERT, avert_worth

def _nothing(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    return 0.0, []


def _shake_off_score(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    return shake_off_worth(fight, item.plan) * CONDITION_WORTH, []


def _action_save_score(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    return action_save_worth(fight, actor, item.plan) * CONDITION_WORTH, []


def _standard_score(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    option, plan = item.option, item.plan
    if plan.standard == "help" and option.targets:
        return 0.5, [option.targets[0]]
    if plan.standard == "dodge":
        current, top, _ = N.health(fight, actor)
        return (1.0 if top and current * 3 < top else 0.1), []
    if plan.standard == "search" and all_hidden_from(fight, actor):
        # The Game Master searches when every opponent is hidden from it (1.287).
        return 2.0, []
    return 0.0, []


#: The Engine's worth of each kind of plan scored by its own rule (`Plan.kind`); every other
#: kind is scored by its forecasts.
SCORES: dict[str, Callable[[Fight, Combatant, MenuItem], tuple[float, list[str]]]] = {
    "end": _nothing, "contest": contest_score, "shake-off": _shake_off_score, "standard": _standard_score,
    "save-action": _action_save_score, AVERT: avert_worth,
}


def option_score(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    option, plan = item.option, item.plan
    scoring = SCORES.get(plan.kind)
    if scoring is not None:
        return scoring(fight, actor, item)
    if plan.style is not None:
        return kind_of(fight).style_score(fight, actor, item)
    ranked: list[tuple[float, str]] = []
    for fc in option.forecasts:
        target = fight.state.combatant(fc.target)
        if target is None:
            continue
        value = 0.0
        # An option that reaches either side (`targets: "any"`) is worth nothing against a
        # friend: damage to one counts against it, and healing a foe counts for nothing.
        friend = target.side == actor.side
        if fc.damage is not None:
            current, _top, temp = N.health(fight, target)
            dealt = expected_dealt(fight, target, fc)
            value += -dealt if friend else dealt
            if current + temp <= fc.damage and not friend:
                value += 1.0
        if fc.cost:
            # What the opposing side's symbol spends would cost (symbol-pool).
            value -= fc.cost
        if fc.heal is not None and friend:
            current, top, _ = N.health(fight, target)
            missing = top - current
            if target.down:
                missing += top
            value += min(fc.heal, missing) if current * 2 < top or target.down else 0.0
        applies = applies_of(plan)
        if applies:
            # A harmful condition is worth something on a foe and costs as much on a friend
            # (an area that catches an ally); a helpful one the other way round.
            harmful = plan.applies_harm
            worth = CONDITION_WORTH if harmful != friend else -CONDITION_WORTH
            value += worth * len([a for a in applies if not any(h.id == a for h in target.conditions)])
        ranked.append((value, fc.target))
    if not ranked:
        return 0.0, []
    ranked.sort(key=lambda pair: -pair[0])
    count = max(1, option.count)
    # Only targets worth reaching are chosen (never a friend caught for nothing).
    chosen = [pair for pair in ranked[:count] if pair[0] > 0] or ranked[:1]
    if plan.kind == "entry" and plan.mechanics.targetsWithin is not None and len(chosen) > 1:
        # `targetsWithin` (1.267): the best target, then only those close enough to the rest.
        chosen = [pair for pair in ranked if pair[0] > 0 or pair is chosen[0]]
        kept = spaced(fight, plan, [t for _v, t in chosen])[:count]
        chosen = [pair for pair in chosen if pair[1] in kept]
    total = sum(v for v, _ in chosen)
    if option.costs:
        # A bigger payment (a higher slot) costs more than its amount says.
        total -= 0.5 * (1 + plan.cost_steps) * sum(c["amount"] for c in option.costs)
    return total, [t for _, t in chosen]


#: The chance the Engine counts for a blow whose forecast gives no chance to land (a save
#: it cannot forecast).
UNFORECAST_HIT = 0.6


def expected_dealt(fight: Fight, target: Combatant, fc: Any) -> float:
    """The damage a forecast `fc` is expected to deal `target`: damage past what the target
    has left (health and temporary points) is wasted; a forecast with a hit chance or a
    save's chance has counted it in the damage, one with neither counts `UNFORECAST_HIT`."""
    current, _top, temp = N.health(fight, target)
    counted = fc.hit is not None or fc.save is not None
    return min(fc.damage or 0.0, current + temp) * (1.0 if counted else UNFORECAST_HIT)


def applies_of(plan: Any) -> list[str]:
    """The conditions an entry or creature action puts on whom it lands on."""
    return [a.condition for a in (getattr(plan.source, "applies", None) or [])]


def best_here(fight: Fight, actor: Combatant, menu: list[MenuItem]) -> tuple[MenuItem, list[str]]:
    """The best option from where the actor is, or End turn when nothing is worth taking."""
    best: tuple[float, int] | None = None
    pick: tuple[MenuItem, list[str]] | None = None
    end = next(item for item in menu if item.plan.ends_turn)
    for i, item in enumerate(menu):
        if item.plan.ends_turn or item.plan.moves or (item.option.board or {}).get("aim"):
            continue
        score, targets = option_score(fight, actor, item)
        if score <= 0:
            continue
        key = (score, -i)
        if best is None or key > best:
            best, pick = key, (item, targets)
    return pick if pick is not None else (end, [])
