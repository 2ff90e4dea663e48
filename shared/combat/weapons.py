"""A weapon attack resolved: a row of an attack list or a held weapon (`Plan.kind`
"weapon"), rolled to hit, its blow built part by part and dealt, and what a held weapon's hit
does after it (mechanics-1 1.187 to 1.193, 1.273).

Owns: `weapon_attack(fight, actor, plan, target, cursor)`: a mode's bolt saved against first
(1.190), the attack roll, the blow's parts (the weapon's damage, a held weapon's own clauses,
riders and added parts), `tempHp` parts feeding the wielder; `weapon_hit_ends` (slaying blows,
then `onHit` conditions, `oncePerTurn`) and `spends_put_on` (the conditions of charges spent on
a hit), which the pool kind's hits share.
"""

from __future__ import annotations

from typing import Any

from . import effects as E
from . import saves as SV
from . import numbers as N
from .fight import Fight
from .kinds import kind_of
from .paying import pay_item_charges
from .creature_types import passes
from . import riders as R
from . import blow_adds as BA
from . import blows as B
from . import item_weapons as IW
from . import mode_line as ML
from . import item_hits as IH
from . import condition_ends as CE
from . import reduces_max as RM
from ..ruleset.applies import Apply
from ..ruleset.durations import RoundsDuration
from .plans import Plan, slug
from .plan_reading import attack_rows
from .state import Combatant
from .attack_rolls import attack_at
from .applying import apply_condition


def weapon_attack(fight: Fight, actor: Combatant, plan: Plan, target: Combatant, cursor: dict[str, Any] | None) -> None:
    if cursor is None and plan.item_use and plan.item is not None:
        # A mode's bolt is saved against before the attack roll (1.190), once: a step
        # resumed after a window has already thrown it.
        ML.line_saves(fight, actor, plan, target)
        if fight.state.outcome:
            return
    if kind_of(fight).weapon(fight, actor, plan, target, cursor):
        return
    hit, critical = attack_at(fight, actor, target, plan.to_hit, plan.name, plan, cursor, {"index": 0})
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
            if on.save is not None and SV.roll_save(fight, target, on.save.save, on.save.difficulty,
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
        if SV.roll_save(fight, target, slay.save.save, slay.save.difficulty, why=by):
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
