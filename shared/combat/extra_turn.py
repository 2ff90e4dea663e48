"""Extra first-round turn (spec/mechanics-2 "Extra first-round turn", Capability API 1.238).

Owns: `place` (an entry on a combatant's sheet with `extraFirstTurn` gives them a second,
full turn in round 1 at their own initiative plus its number, after everyone whose
initiative equals that number or is higher; with `unlessSurprised`, not to one who starts
the fight surprised: Thief's Reflexes) and `drop` (from round 2 on each has one turn a
round again). The second turn is the owner's id a second time in `state.order`, so an
owner taken out before it is skipped as any other turn of someone out of the fight is.
"""

from __future__ import annotations

from .fight import Fight
from .support import sheet_entries


def place(fight: Fight) -> None:
    """Adds the first round's second turns to the order just rolled, and says so."""
    state = fight.state
    # The order as rolled, then each second turn after everyone at its number or higher.
    ranked: list[tuple[float, int, int, str]] = []
    for i, cid in enumerate(state.order):
        ranked.append((-fight.get(cid).initiative, 0, i, cid))
    extra = 0
    for cid in list(state.order):
        c = fight.get(cid)
        found = next(((e.label, t) for e in sheet_entries(fight.ruleset, c)
                      if (t := getattr(e.mechanics, "extraFirstTurn", None)) is not None), None)
        if found is None:
            continue
        name, turn = found
        if turn.unlessSurprised and c.surprised:
            fight.emit("note", f"{c.name} starts surprised: {name} gives no second turn.", actor=c.id)
            continue
        at = c.initiative + turn.initiative
        extra += 1
        ranked.append((-at, 1, extra, cid))
        fight.emit("note", f"{name} gives {c.name} a second turn in round 1, at {at:g}.", actor=c.id, initiative=at)
    if extra:
        state.order = [cid for *_key, cid in sorted(ranked)]
        fight.emit("initiative", "Round 1 order: " + ", ".join(fight.get(cid).name for cid in state.order) + ".",
                   order=state.order)


def drop(fight: Fight) -> None:
    """From round 2 on, one turn each: the second turns leave the order."""
    order: list[str] = []
    for cid in fight.state.order:
        if cid not in order:
            order.append(cid)
    fight.state.order = order
