"""A halved health maximum (`health-max` `times: 0.5`, 1.115) and what levels settle when a
fight starts.

Owns:
- what a halved maximum does; its factor (`numbers.health_max_factor`, the product of the
  `health-max` modifiers in force) and `numbers.halved_max` (rounded down, never below 1)
  are read by numbers.health: a health track made of boxes, or a plain track, has no
  maximum to halve, so only a pool and a creature's own health are read through it;
- `heal_cap(fight, c, amount)`: healing cannot raise health above the halved maximum;
- `settle_at_start(fight, c)`: what is settled once, before anyone moves: an opponent
  without a sheet starts from the `tracks` its block gives; a `defeats` level takes the
  holder out (`defeating_level`); health above a halved maximum is lost
  (`lose_above_halved`, also read when an entry shifts a track, sheet_changes.py), each a
  log sentence.
"""

from __future__ import annotations


from ..sheet import spend
from . import numbers as N
from .fight import Fight
from .state import Combatant


def heal_cap(fight: Fight, c: Combatant, amount: int) -> int:
    """The part of `amount` that fits under a halved maximum (the whole of it otherwise)."""
    times, names = N.health_max_factor(fight, c)
    if times == 1 or amount <= 0 or (fight.combat.health.pool is None and c.sheet is not None):
        return amount
    current, top, _temp = N.health(fight, c)
    room = max(0, top - current)
    if room < amount:
        fight.emit("note", f"{c.name}'s {N.health_label(fight.ruleset)} maximum is halved to {top} "
                   f"({', '.join(names)}), so healing stops there.", target=c.id)
        return room
    return amount


def _start_tracks(c: Combatant) -> None:
    if c.sheet is not None or c.block is None:
        return
    for track, value in sorted((c.block.get("tracks") or {}).items()):
        if isinstance(value, int) and track not in c.tracks:
            c.tracks[track] = value


def defeating_level(fight: Fight, c: Combatant) -> str | None:
    """The name of a `defeats` level in force on `c` (its holder is taken out), or None."""
    for name, rule, held in N.rules_in_force(fight, c):
        if held is None and getattr(rule, "defeats", False):
            return name
    return None


def lose_above_halved(fight: Fight, c: Combatant, kind: str) -> None:
    """Health above a halved maximum is lost, and the log (an event of `kind`) says so."""
    times, names = N.health_max_factor(fight, c)
    if times == 1:
        return
    current, top, _temp = N.health(fight, c)
    if current <= top:
        return
    lost = current - top
    label = N.health_label(fight.ruleset)
    if c.sheet is not None:
        if fight.combat.health.pool is None:
            return
        error = fight.write(c, spend(fight.ruleset, c.sheet, fight.combat.health.pool, lost))
        if error:
            fight.emit("note", f"The sheet refused to lower {c.name}'s {label}: {error}", target=c.id)
            return
    else:
        c.health = top
    fight.emit(kind, f"{c.name}'s {label} maximum is halved to {top} ({', '.join(names)}): "
               f"the {lost} above it is lost.", target=c.id)


def settle_at_start(fight: Fight, c: Combatant) -> None:
    _start_tracks(c)
    name = defeating_level(fight, c)
    if name is not None:
        c.out = True
        fight.emit("setup", f"{c.name} is out of the fight before it starts ({name}).", target=c.id)
        return
    lose_above_halved(fight, c, "setup")
