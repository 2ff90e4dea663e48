"""An aura's saving throw (spec/mechanics-3 "More from auras", 1.265: `save {save, difficulty,
applies, seen?, immuneOnSuccess?}`; 1.268 `failedBy`; 1.269 `immuneWhenEnds`; 1.274
`appliedDifficulty`).

Owns `aura_saves(fight, c)`: as `c`'s own turn starts, each aura with a `save` that reaches
them (auras.reaches) calls for it, one holder after another in the fight's order:

- the DC is the aura's `difficulty`, or with `appliedDifficulty` the save DC the aura's
  condition was put on its holder with (kept on the held condition as it was applied);
  an aura kept by nobody's doing (`keepsOn`) falls back to its `difficulty`;
- `seen`: rolled only while the two see each other (seeing.sees both ways: the basilisk's
  gaze), a note in the log otherwise, and never by one who averted their eyes (`avert`,
  aura_avert.py; the Game Master's creatures avert theirs first);
- a failure applies `applies` from the holder at that DC (applying.apply_condition, as an
  action's failed save would), or `failedBy.applies` instead when the total fell short by
  `failedBy.atLeast` or more (the medusa's gaze); a save failed without rolling has no
  total, so it applies `applies`;
- `immuneOnSuccess`: a success puts the aura in `c.aura_immune`, and it no longer reaches
  them until the fight ends (the pit fiend's Fear Aura);
- `immuneWhenEnds`: what a failure put on remembers the aura (`HeldCondition.aura_ends`);
  however it comes off, the aura goes into `aura_immune` (a `condition_off.LEFT_BEHIND`
  hook);
- one who already holds everything the save would apply, from this holder, does not roll
  (a second failure would put on nothing new, and a success cannot end what the first
  failure applied).

A creature who is down does not roll. What the save applies is an ordinary condition: it is
written to the sheet and comes off as its own rules say, never when the two part.
"""

from __future__ import annotations

from typing import Any

from . import numbers as N
from .applying import apply_condition
from .aura_avert import keep_averted
from .auras import aura_rules, holder_auras, reaches
from .condition_off import LEFT_BEHIND
from .fight import Fight
from .saves_against import SaveContext
from .seeing import sees
from .state import Combatant, HeldCondition
from . import saves as SV
from ..ruleset.auras import Aura, AuraSave


def _difficulty(holder: Combatant, cid: str, save: AuraSave) -> int | None:
    if save.appliedDifficulty:
        held = next((h for h in holder.conditions if h.id == cid and h.aura is None), None)
        if held is not None and held.dc is not None:
            return held.dc
    return save.difficulty


def _fell_short(fight: Fight, c: Combatant, after: int, dc: int) -> int | None:
    """By how much `c`'s last save total since event `after` fell short of `dc` (None when it
    was failed without a total)."""
    for ev in reversed(fight.state.events):
        if ev.seq <= after:
            return None
        if ev.kind == "save" and ev.data.get("target") == c.id and isinstance(ev.data.get("total"), int):
            return dc - int(ev.data["total"])
    return None


def _holds_all(c: Combatant, holder: Combatant, save: AuraSave) -> bool:
    return all(any(h.id == a.condition and h.source == holder.id for h in c.conditions) for a in save.applies)


def _roll(fight: Fight, c: Combatant, holder: Combatant, key: str, cid: str, aura: Aura) -> None:
    save = aura.save
    if save is None or _holds_all(c, holder, save):
        return
    name = N.label(fight.ruleset, "condition", cid)
    if save.seen and holder.id in c.averted:
        fight.emit("note", f"{c.name} does not roll against {holder.name}'s {name}: their eyes are averted.",
                   target=c.id, holder=holder.id, condition=cid)
        return
    if save.seen and not (sees(fight, c, holder) and sees(fight, holder, c)):
        fight.emit("note", f"{c.name} does not roll against {holder.name}'s {name}: the two do not see each other.",
                   target=c.id, holder=holder.id, condition=cid)
        return
    dc = _difficulty(holder, cid, save)
    if dc is None:
        fight.emit("note", f"{c.name} does not roll against {holder.name}'s {name}: nobody applied it, and it "
                   "has no difficulty of its own.", target=c.id, holder=holder.id, condition=cid)
        return
    after = fight.state.seq
    against = SaveContext(conditions=frozenset(a.condition for a in save.applies), source=holder.id)
    if SV.roll_save(fight, c, save.save, dc, why=f"against {holder.name}'s {name}", against=against):
        if save.immuneOnSuccess:
            _immune(fight, c, holder, key, name)
        return
    applies: list[Any] = list(save.applies)
    if save.failedBy is not None:
        short = _fell_short(fight, c, after, dc)
        if short is not None and short >= save.failedBy.atLeast:
            applies = list(save.failedBy.applies)
    for apply in applies:
        apply_condition(fight, holder, c, apply, dc)
        if save.immuneWhenEnds:
            for held in c.conditions:
                if held.id == apply.condition and held.source == holder.id:
                    held.aura_ends = key


def _immune(fight: Fight, c: Combatant, holder: Combatant, key: str, name: str) -> None:
    if key in c.aura_immune:
        return
    c.aura_immune.append(key)
    fight.emit("note", f"{holder.name}'s {name} no longer affects {c.name} until the fight ends.",
               target=c.id, holder=holder.id, immune=key)


def aura_saves(fight: Fight, c: Combatant) -> None:
    rules = aura_rules(fight.ruleset)
    if not rules or c.down or c.out:
        return
    # The Game Master averts its creature's eyes from a gaze first (`avert`, 1.268).
    keep_averted(fight, c)
    for holder in list(fight.state.combatants):
        for key, cid, aura in holder_auras(fight, holder, rules):
            if aura.save is not None and not c.out and reaches(fight, holder, c, aura, key):
                _roll(fight, c, holder, key, cid, aura)


def _ended(fight: Fight, c: Combatant, held: HeldCondition, _rule: Any) -> None:
    """`immuneWhenEnds`: what the failure applied is over, however it ended."""
    key = held.aura_ends
    if key is None or c.out:
        return
    holder = fight.state.combatant(key.split("/", 1)[0])
    rule_id = key.split("/")[1]
    if holder is not None:
        _immune(fight, c, holder, key, N.label(fight.ruleset, "condition", rule_id))


LEFT_BEHIND.append(_ended)

__all__ = ["aura_saves"]
