"""Summons in the battle state (spec/mechanics-1 "Summons", Capability API 1.122): leaving one
behind when its entry's casting is over, where it stands, listing it, counting it down and
ending it. What a summon does on its owner's turns is summons.py's.

Owns: `leave` (the `Summon` record an entry with `summons` leaves once its casting and the
reactions to it are over: next to the first target on a board, replacing the one the same
owner's same entry left; a cancelled casting leaves nothing), `summon_list` (the battle's
list: "Spiritual Weapon, 10 rounds"), `end_summon` and `end_summons_of` (its owner down, the
concentration of its entry over: "Spiritual Weapon ends: Ilsa is down."), `count_down` (one
round off as each of the owner's turns ends, not counting the turn of the casting).

It sits beside zone_state.py, below the resolver's effects (concentration.py ends summons as it ends
zones), so it reads the board and the plan's JSON and nothing that resolves an action.
Readings the spec leaves open are in docs/board.md "Summons".
"""

from __future__ import annotations

from .board import battlefield as BF
from .board.units import steps
from .fight import Fight
from .plan_codec import plan_to_json
from .plans import Plan
from .state import Combatant, Summon

Cell = tuple[int, int]


def _rounds(n: int) -> str:
    return f"{n} round{'s' if n != 1 else ''}"


def beside(fight: Fight, target: Combatant, toward: Cell) -> Cell:
    """The cell a summon is left on next to `target`: of the cells around its square that
    are on the board and not solid, one nobody stands on if there is one, the nearest to
    `toward` (`nearest`); the target's own cell when it is walled in."""
    g = BF.grid(fight)
    body = set(BF.body(fight, target))
    around = sorted({(x + dx, y + dy) for x, y in body for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - body,
                    key=lambda c: (c[1], c[0]))
    open_cells = [c for c in around if g.inside(*c) and not g.solid(*c)]
    if not open_cells:
        return BF.cell_of(target)
    taken = {cell for c in BF.present(fight) if not c.out for cell in BF.body(fight, c)}
    free = [c for c in open_cells if c not in taken] or open_cells
    return min(free, key=lambda c: nearest(c, toward))


def nearest(cell: Cell, to: Cell) -> tuple[int, int, int, int]:
    """How a summon ranks cells near `to`: fewest steps, then the straighter (fewest steps
    summed across and down), then row by row."""
    return steps(cell, to), abs(cell[0] - to[0]) + abs(cell[1] - to[1]), cell[1], cell[0]


def leave(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> Summon | None:
    """The summon `plan`'s entry leaves once its casting is over (its first attack made and
    the reactions to it finished), replacing the one this owner's same entry left. On a board
    it stands next to the first target (`beside`, nearest its owner)."""
    spec = plan.mechanics.summons if plan.mechanics is not None else None
    if spec is None or not targets:
        return None
    ref = plan.entry_ref or plan.name
    for old in [s for s in fight.state.summons if s.owner == actor.id and s.entry == ref]:
        end_summon(fight, old, f"{actor.name} casts it again")
    first = targets[0]
    cell = None
    if fight.state.board is not None and first.position is not None and actor.position is not None:
        x, y = beside(fight, first, BF.cell_of(actor))
        cell = [x, y]
    summon = Summon(entry=ref, name=plan.name, owner=actor.id, plan=plan_to_json(plan), cell=cell,
                    rounds=spec.rounds, fresh=fight.state.current() is actor,
                    concentration=bool(plan.mechanics.concentration))
    fight.state.summons.append(summon)
    where = f" on {cell[0]}, {cell[1]} beside {first.name}" if cell is not None else ""
    fight.emit("summon", f"{actor.name}'s {summon.name} stays{where} for {_rounds(summon.rounds)}.", actor=actor.id,
               summon=summon.entry, cell=cell, rounds=summon.rounds)
    return summon


def summon_list(fight: Fight) -> list[str]:
    """The battle's list of summons with the owner's turns each has left."""
    return [f"{s.name}, {_rounds(s.rounds)}" for s in fight.state.summons]


def end_summon(fight: Fight, summon: Summon, reason: str) -> None:
    if summon not in fight.state.summons:
        return
    fight.state.summons.remove(summon)
    fight.emit("summon-ends", f"{summon.name} ends: {reason}.", summon=summon.entry, owner=summon.owner)


def end_summons_of(fight: Fight, owner: Combatant, reason: str, *, concentration: bool) -> None:
    """Ends the summons of `owner` (with `concentration`, only those whose entry their
    concentration sustained)."""
    if not fight.state.summons:
        return
    for summon in [s for s in fight.state.summons if s.owner == owner.id and (s.concentration or not concentration)]:
        end_summon(fight, summon, reason)


def count_down(fight: Fight, owner: Combatant) -> None:
    """One of the owner's turns is over: each of their summons has one round less (the turn
    it was cast on does not count), and ends at 0."""
    for summon in [s for s in fight.state.summons if s.owner == owner.id]:
        if summon.fresh:
            summon.fresh = False
            continue
        summon.rounds -= 1
        if summon.rounds <= 0:
            end_summon(fight, summon, "its time is up")
