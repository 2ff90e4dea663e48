"""Averting the eyes from a gaze (spec/mechanics-3 1.268: `avert: true` on an aura's `seen`
save).

Owns:
- `avert_items`: on their own turn, whoever a gaze with `avert` reaches is offered, for free,
  "Avert eyes from <holder>" (`avert:<holder>`), and while averted "Look at <holder> again"
  (`look:<holder>`); `resolve_avert` does it, and the log shows `averted`.
- while averted (`Combatant.averted`) the viewer cannot see the holder (seeing.sees reads
  it), so the gaze's `seen` save is skipped (aura_saves.py) and attacks at the holder are
  made as at one unseen (the ruleset's `sight.unseenAttacks`).
- `keep_averted`: the Game Master keeps its own creatures' eyes averted from a gaze as
  long as someone else is left to fight, and looks again at the last one (as each of its
  creatures' turns starts, before the gaze's save).

Averting lasts until the one who averted looks again, or the fight ends.
"""

from __future__ import annotations

from . import numbers as N
from .auras import aura_rules, holder_auras, reaches
from .fight import Fight
from .plans import MenuItem, Option, Plan
from .state import Combatant

AVERT = "avert"


def _gazes(fight: Fight, c: Combatant) -> list[tuple[Combatant, str]]:
    """(holder, gaze name) for each gaze with `avert` that reaches `c` now, or that `c` has
    averted their eyes from."""
    rules = aura_rules(fight.ruleset)
    if not rules:
        return []
    out: list[tuple[Combatant, str]] = []
    for holder in fight.state.combatants:
        if holder is c:
            continue
        for key, cid, aura in holder_auras(fight, holder, rules):
            save = aura.save
            if save is None or not save.avert or any(h is holder for h, _n in out):
                continue
            if holder.id in c.averted or reaches(fight, holder, c, aura, key):
                out.append((holder, N.label(fight.ruleset, "condition", cid)))
    return out


def avert_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    if fight.state.current() is not actor or not aura_rules(fight.ruleset):
        return []
    items: list[MenuItem] = []
    for holder, name in _gazes(fight, actor):
        looking = holder.id in actor.averted
        oid = f"{'look' if looking else 'avert'}:{holder.id}"
        label = f"Look at {holder.name} again" if looking else f"Avert eyes from {holder.name}"
        items.append(MenuItem(Option(id=oid, label=label, group=AVERT, text=f"free; {holder.name}'s {name}"),
                              Plan(kind=AVERT, name=label, option_id=oid)))
    return items


def _turn(fight: Fight, c: Combatant, holder: Combatant, name: str, avert: bool) -> None:
    if avert and holder.id not in c.averted:
        c.averted.append(holder.id)
        fight.emit("averted", f"{c.name} averts their eyes from {holder.name}: no save against {name}, and "
                   f"{holder.name} is unseen by them.", target=c.id, holder=holder.id, averted=True)
    elif not avert and holder.id in c.averted:
        c.averted.remove(holder.id)
        fight.emit("averted", f"{c.name} looks at {holder.name} again.", target=c.id, holder=holder.id, averted=False)


def resolve_avert(fight: Fight, actor: Combatant, plan: Plan) -> None:
    what, _sep, holder_id = (plan.option_id or "").partition(":")
    found = next(((h, n) for h, n in _gazes(fight, actor) if h.id == holder_id), None)
    if found is not None:
        _turn(fight, actor, found[0], found[1], what == "avert")


def keep_averted(fight: Fight, c: Combatant) -> None:
    """The Game Master's creature averts its eyes from each gaze reaching it while another
    opponent stands, and looks again when the gaze's holder is the last."""
    if c.controller != "engine":
        return
    for holder, name in _gazes(fight, c):
        others = any(o is not holder and o.side != c.side and not o.out and not o.down for o in fight.state.combatants)
        _turn(fight, c, holder, name, others)


def avert_worth(fight: Fight, actor: Combatant, item: MenuItem) -> tuple[float, list[str]]:
    """For the Engine's tactics: never worth more than ending the turn (its own creatures
    avert by `keep_averted`; a choice it made for a player would only go back and forth)."""
    return -1.0, []


__all__ = ["AVERT", "avert_items", "avert_worth", "keep_averted", "resolve_avert"]
