"""What every way of attacking shares, below all of them: damage dice rolled with the
ruleset's critical rule (`roll_damage`), and what each attack roll leaves behind (`attack_made`:
the count of attacks, help used up, one-attack conditions; `finish_attack` takes those off),
and what the attack die's natural face decides by itself (`natural_verdict`).
"""

from __future__ import annotations

import math

from ..dice import DiceExpr, DiceRoll
from .condition_off import remove_condition
from .fight import Fight
from .state import Combatant, HeldCondition


def attack_made(fight: Fight, actor: Combatant, target: Combatant) -> None:
    """What every attack roll, summed or thrown as a pool, leaves behind: the count of
    attacks, the help used up, and the one-attack conditions it uses."""
    actor.attacks_made += 1
    if actor.helped_by is not None:
        actor.helped_by = None
        actor.help_against = None
    # A condition that lasts for one attack lasts for the whole of it, damage included: it
    # comes off when the attack is over (`finish_attack`), and one this blow puts on stays.
    for holder, moment in ((actor, "own-attack"), (target, "attacked")):
        for held in holder.conditions:
            if held.ends_after == moment or (holder is actor and held.ends_on_attack):
                fight.resolving.after_attack.append((holder.id, held))


def finish_attack(fight: Fight) -> None:
    """Takes off the one-attack conditions the last attack used up."""
    spent, fight.resolving.after_attack = fight.resolving.after_attack, []
    for holder_id, held in spent:
        holder = fight.state.combatant(holder_id)
        if holder is not None and held in holder.conditions:
            # `endsWhenHolder` (1.180): the attack that ends it still had it.
            reason = f"{holder.name} attacked" if held.ends_on_attack else "it lasted for one attack"
            remove_condition(fight, holder, held, reason=reason)


def casting(actor: Combatant, catalog: str | None) -> list[HeldCondition]:
    """The conditions `endsWhenHolder.casts` takes off once `actor` has used an entry from
    `catalog` (gathered before the entry resolves: one it puts on stays)."""
    if catalog is None:
        return []
    return [h for h in actor.conditions if h.ends_on_casts and catalog in h.ends_on_casts]


def finish_casting(fight: Fight, actor: Combatant, spent: list[HeldCondition], name: str) -> None:
    """Takes off what `casting` gathered: the entry `name` that ended it still had it (1.180)."""
    for held in spent:
        remove_condition(fight, actor, held, reason=f"{actor.name} used {name}")


def roll_damage(fight: Fight, expr: DiceExpr, critical: bool, rerolls: tuple[int, str] | None = None,
                dice: list[DiceRoll] | None = None) -> tuple[int, str]:
    """Damage dice with the ruleset's critical rule; never below 0. `rerolls` (how many,
    and the metamagic's name: mechanics-2 1.254) rolls that many of the dice below their
    average again, lowest first, a critical's extra dice among them. `dice` collects the
    rolls instead, for `rolled_again_across` to reroll them with the `plus` parts' dice."""
    rule = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    r = fight.roll(expr)
    total = r.total
    text = r.describe()
    rolled = [r]
    if critical and expr.terms:
        if rule == "double-dice":
            again = fight.roll(expr.dice_only())
            total += again.total
            text += f", doubled dice {again.describe()}"
            rolled.append(again)
        elif rule == "max-dice":
            total += expr.dice_max
            text += f", plus the dice's highest {expr.dice_max}"
    if dice is not None:
        dice.extend(rolled)
    elif rerolls is not None:
        ((total, text),) = rolled_again_across(fight, [(total, text, rolled)], rerolls)
    return max(0, total), text


def rolled_again_across(fight: Fight, parts: list[tuple[int, str, list[DiceRoll]]],
                        rerolls: tuple[int, str]) -> list[tuple[int, str]]:
    """Empowered (1.254): the lowest of all the parts' dice below their die's average (the
    spell's own, each `plus` part's, a critical's extra), up to the number in total, rolled
    again; the new faces stand. Each part's (amount, text), the rerolls said in its text."""
    low = sorted(((face, term.sides, i) for i, (_t, _x, rolled) in enumerate(parts) for r in rolled
                  for term, faces in zip(r.expr.terms, r.faces)
                  if not term.negative for face in faces if face < (term.sides + 1) / 2), key=lambda p: p[0])
    totals = [total for total, _x, _r in parts]
    again: list[list[str]] = [[] for _p in parts]
    for face, sides, i in low[:rerolls[0]]:
        new = fight.die(sides)
        totals[i] += new - face
        again[i].append(f"{face} → {new}")
    return [(totals[i], f"{text}; {rerolls[1]} rolls {' and '.join(again[i])}, {max(0, totals[i])} in all"
             if again[i] else text) for i, (_t, text, _r) in enumerate(parts)]


def natural_verdict(fight: Fight, actor: Combatant, natural: int | None) -> tuple[bool | None, bool, str]:
    """What the attack die's natural face decides by itself (`combat.attackRoll.naturals`):
    (a hit or a miss whatever the total, None when the total decides; a critical; the log's
    note)."""
    roll_def = fight.combat.attackRoll
    naturals = roll_def.naturals if roll_def is not None else None
    if natural is None or naturals is None or roll_def is None:
        return None, False, ""
    top = roll_def.dice.sides
    crit_from = top
    if naturals.max == "critical" and roll_def.criticalFrom is not None:
        view = fight.view(actor)
        if view is not None:
            value = math.floor(view.value(roll_def.criticalFrom))
            crit_from = top if value < 2 else min(value, top)
    if naturals.max in ("critical", "hit") and natural >= (crit_from if naturals.max == "critical" else top):
        return True, naturals.max == "critical", f", a natural {natural}"
    if naturals.min == "miss" and natural == 1:
        return False, False, ", a natural 1"
    return None, False, ""


def most_damage(fight: Fight, expr: DiceExpr, critical: bool, why: str) -> tuple[int, str]:
    """The most `expr` can deal, rolling nothing (`maxAgainst`, mechanics-1 1.185): every die
    at its highest, a critical's added dice too by the ruleset's critical rule."""
    rule = (fight.combat.attackRoll.critical if fight.combat.attackRoll else None) or "none"
    total = expr.maximum
    if critical and expr.terms and rule in ("double-dice", "max-dice"):
        total += expr.dice_max
    return max(0, total), f"{total}, the most {expr} can deal {why}"
