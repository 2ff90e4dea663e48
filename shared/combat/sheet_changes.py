"""What an entry changes on whoever it lands on beside health and conditions (spec/mechanics-2
"Shifting tracks and unsealing health", 1.201).

Owns:
- `land(fight, actor, target, mech, by)`: the entry's `tracks` move the target's tracks by
  levels, each within its own bounds (Greater Restoration's exhaustion -1; Sickening
  Radiance's +1 reaches only whoever failed its save, as everything the entry lands does);
  a level that halves the health maximum takes effect at once (the health above it is
  lost), and reaching a level that `defeats` kills. `unseals` lifts every seal on the
  target's health pool (shared/sheet/sealed.py), the maximum a `reducesMax` blow lowered,
  `lasting` or not. Whom an entry that does nothing else may be aimed at is cures.py's.
"""

from __future__ import annotations

from typing import Any

from ..sheet.sealed import unseal
from . import condition_ends as CE
from . import effects as E
from . import numbers as N
from .fight import Fight
from .cures import sealed
from .health_max import defeating_level, lose_above_halved
from .state import Combatant


def land(fight: Fight, actor: Combatant, target: Combatant, mech: Any, by: str) -> None:
    for shift in getattr(mech, "tracks", None) or []:
        if target.out:
            return
        _shift(fight, target, shift, by)
    if getattr(mech, "unseals", None) and sealed(fight, target):
        _unseal(fight, target, by)


def _shift(fight: Fight, target: Combatant, shift: Any, by: str) -> None:
    value = CE.shift_track(fight, target, shift)
    if value is None:
        return
    name = N.label(fight.ruleset, "track", shift.track)
    fight.emit("track", f"{by} moves {target.name}'s {name} to {value} ({'+' if shift.by > 0 else '-'} {abs(shift.by)}).",
               target=target.id, track=shift.track, value=value)
    level = defeating_level(fight, target)
    if level is not None:
        E.kill(fight, target, by=f"{level} ({by})")
        return
    lose_above_halved(fight, target, "health")


def _unseal(fight: Fight, target: Combatant, by: str) -> None:
    pool = fight.combat.health.pool
    assert target.sheet is not None and pool is not None
    before = N.health(fight, target)[1]
    error = fight.write(target, unseal(target.sheet, pool))
    if error:
        fight.emit("note", f"The sheet refused to give back {target.name}'s maximum: {error}", target=target.id)
        return
    current, top, _temp = N.health(fight, target)
    fight.emit("health", f"{by} gives back {target.name}'s sealed {N.health_label(fight.ruleset)}: its maximum is "
               f"{top} again, not {before}.", target=target.id, health=current, maximum=top)
