"""Reducing the health maximum (spec/mechanics-2 1.203, 1.235 `reducesMax`); giving it back
is sheet_changes.py's (`unseals`, 1.201). Also the wounds a `healedOnlyByRest` weapon seals
(mechanics-1 1.193).

Owns:
- `reduce_max(fight, actor, target, rule, dealt, what, failed)`: a blow with `reducesMax`
  that has landed lowers the target's maximum by the damage it dealt (after resistances;
  only of `damageType` when it names one). A creature action's own save (`save` and
  `difficulty`) is rolled first and a success keeps the maximum; `onFailedSave` lowers it
  only when the target `failed` the entry's own save. A character's pool is sealed on the
  sheet (shared/sheet/sealed.py), so it stays lowered after the fight until a rest, or with
  `lasting` until an entry with `unseals`; a creature's maximum is lowered for the fight.
  `heals` gives the creator back as much (effects.heal: whatever stops healing stops it).
  A maximum lowered to 0 kills;
- `seal_wounds`: a `healedOnlyByRest` weapon's hit points sealed until any rest, which gives
  them back; `lower` is what both write.
"""

from __future__ import annotations

from typing import Any, Callable

from ..sheet.sealed import LASTING, REST, WOUNDS, seal
from . import effects as E
from . import saves as SV
from . import numbers as N
from .fight import Fight
from .state import Combatant


def reduce_max(fight: Fight, actor: Combatant, target: Combatant, rule: Any,
               dealt: list[tuple[str | None, int]], what: str, failed: bool = False) -> None:
    if rule is None or target.out or fight.state.outcome:
        return
    if rule.onFailedSave and not failed:
        return
    kind = (rule.damageType or "").lower()
    amount = sum(n for dtype, n in dealt if not kind or (dtype or "").lower() == kind)
    if amount <= 0:
        return
    if rule.save is not None and rule.difficulty is not None and SV.roll_save(
            fight, target, rule.save, rule.difficulty, why=f"against {what} lowering their maximum"):
        return
    until = "only something that unseals it gives it back" if rule.lasting else "no healing gives it back until a rest"
    if not lower(fight, target, amount, LASTING if rule.lasting else REST,
                 lambda label, top: f"{what} lowers {target.name}'s {label} maximum by {amount} to {top}: {until}."):
        return
    if N.health(fight, target)[1] <= 0:
        E.kill(fight, target, by=what)
    if rule.heals and not actor.out:
        E.heal(fight, actor, actor, amount, what=f"{what} (the {amount} of maximum it took)")


def lower(fight: Fight, target: Combatant, amount: int, part: str, sentence: Callable[[str, int], str]) -> bool:
    """`target`'s maximum lowered by `amount`: a character's pool sealed as `part` (sealed.py),
    a creature's own maximum for the fight; `sentence(label, new maximum)` is the log's. False
    when the sheet refused (the log says why)."""
    label = N.health_label(fight.ruleset)
    if target.sheet is not None:
        pool = fight.combat.health.pool
        if pool is None:
            return False  # health on a track has no maximum in points (the package checks refuse it)
        error = fight.write(target, seal(fight.ruleset, target.sheet, pool, amount, part=part))
        if error:
            fight.emit("note", f"The sheet refused to lower {target.name}'s {label} maximum: {error}", target=target.id)
            return False
    else:
        target.health_max = max(0, target.health_max - amount)
        target.health = min(target.health, target.health_max)
    current, top, _temp = N.health(fight, target)
    fight.emit("health", sentence(label, top),
               target=target.id, health=current, maximum=top)
    return True


def seal_wounds(fight: Fight, target: Combatant, dealt: list[tuple[str | None, int]], what: str) -> None:
    """`healedOnlyByRest` on a held weapon's attack (mechanics-1 1.193): the hit points its
    blow took are sealed, no healing raises their owner above what is left, and any rest
    lifts the seal and gives them back (a creature's maximum is lowered for the fight)."""
    amount = sum(n for _dtype, n in dealt)
    if amount <= 0 or target.out or fight.state.outcome:
        return
    lower(fight, target, amount, WOUNDS, lambda label, top: f"{what} seals the {amount} {label} it took from "
          f"{target.name}: no healing gives them back until a rest (at most {top}).")
