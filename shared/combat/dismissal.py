"""Sending a creature out of the fight alive (spec/mechanics-2 "Uses granted by a condition"
`dismisses`, 1.236; mechanics-3 1.279 `leaves` uses the same road out): off the board and
out of the turn order, and, for a dismissal while a condition lasts, back when it ends.

Owns: `dismiss` (an entry's or item use's `dismisses` on a target that did not make its
save: `true` for good, Dismissal; `{ "while": <condition> }` while the entry's condition
lasts, its countdown moved to the caster's turns, Banishment), `send_away` (the one way out:
`Combatant.away` keeps the cell it left), `come_back` (to that cell, or the nearest free one
where its square fits; back into the order by its initiative) and `returning` (those away
only while a condition lasts: the fight is not over while they may come back,
outcome.check_outcome).

A dismissed creature is `out`, so nothing reaches it and it takes no turns; `gone` (a type
and tag test) keeps one that passes it away for good when the condition ran its whole time.
"""

from __future__ import annotations

from typing import Any

from . import numbers as N
from .board import battlefield as BF
from .condition_off import LEFT_BEHIND
from .creature_types import passes
from .fight import Fight
from .sizes import side as side_of
from .state import Away, Combatant, HeldCondition


def send_away(fight: Fight, c: Combatant, away: Away) -> None:
    """`c` leaves the board and the turn order, alive."""
    away.cell = list(c.position) if c.position is not None else None
    c.away = away
    c.out = True
    c.position = None
    state = fight.state
    if c.id in state.order:
        index = state.order.index(c.id)
        state.order.remove(c.id)
        # The pointer stays on whoever's turn it is.
        if index <= state.turn:
            state.turn -= 1


def _rank(c: Combatant) -> tuple[float, float, int]:
    return (-c.initiative, -c.init_mod, c.order)


def come_back(fight: Fight, c: Combatant, why: str) -> None:
    """`c` comes back to the cell it left, or the nearest free one its square fits on, and
    into the turn order where its initiative puts it."""
    away = c.away
    if away is None:
        return
    c.away = None
    c.out = False
    state = fight.state
    where = ""
    if away.cell is not None and state.board is not None:
        g = BF.grid(fight)
        taken = {cell for o in BF.present(fight) if o is not c for cell in BF.body(fight, o)}
        start = (away.cell[0], away.cell[1])
        cell = BF.nearest_free(g, start, taken, width=side_of(fight, c)) or start
        c.position = [cell[0], cell[1]]
        where = f" to {cell[0]}, {cell[1]}" + ("" if cell == start else f", the nearest free space to {start[0]}, {start[1]}")
    ranked = [fight.get(cid) for cid in state.order]
    index = next((i for i, o in enumerate(ranked) if _rank(o) > _rank(c)), len(ranked))
    state.order.insert(index, c.id)
    if index <= state.turn:
        state.turn += 1
    fight.emit("returns", f"{c.name} returns{where}: {why}.", target=c.id,
               cell=list(c.position) if c.position is not None else None, order=list(state.order))


def dismiss(fight: Fight, actor: Combatant, target: Combatant, dismisses: Any, by: str) -> None:
    """`dismisses` lands on `target` (who did not make the save; the entry's conditions are
    on already)."""
    if target.out or target is actor:
        return
    if dismisses is True:
        send_away(fight, target, Away(by=actor.id))
        fight.emit("dismissed", f"{target.name} leaves the fight alive, dismissed by {by}.", target=target.id,
                   actor=actor.id, order=list(fight.state.order))
        return
    cid = dismisses.while_
    held = next((h for h in target.conditions if h.id == cid and h.source == actor.id), None)
    if held is None:
        # Immune to the condition, or it did not take: nothing holds the creature away.
        return
    # Its countdown runs on the caster's turns (1.236), whatever the entry's duration said.
    held.of = "source"
    name = N.label(fight.ruleset, "condition", cid)
    send_away(fight, target, Away(by=actor.id, condition=cid, gone=passes(fight, target, dismisses.gone)
                                  if dismisses.gone is not None else False))
    fight.emit("dismissed", f"{target.name} leaves the board and the turn order while {name}, sent away by {by}.",
               target=target.id, actor=actor.id, condition=cid, order=list(fight.state.order))


def returning(fight: Fight, side: str) -> bool:
    """Whether someone of `side` is away only while a condition lasts (and so comes back)."""
    return any(c.away is not None and c.away.condition is not None and c.side == side
               for c in fight.state.combatants)


def _condition_ends(fight: Fight, c: Combatant, held: HeldCondition, _rule: Any) -> None:
    away = c.away
    if away is None or away.condition != held.id:
        return
    name = N.label(fight.ruleset, "condition", held.id)
    if away.gone and held.rounds is not None and held.rounds <= 0:
        # It stayed the whole time and passes `gone`: it does not return (Banishment sends
        # a creature of another plane home).
        away.condition = None
        fight.emit("dismissed", f"{c.name} does not return: it stayed {name} the whole time.", target=c.id)
        return
    come_back(fight, c, f"{name} has ended")


LEFT_BEHIND.append(_condition_ends)

__all__ = ["come_back", "dismiss", "returning", "send_away"]
