"""Run-up charges (spec/mechanics-1 "Shared recharge and charges", 1.186): a creature
action's `charge` adds its parts to a strike when the creature's movement this turn ended
with a run-up of at least `atLeast` straight toward whoever it strikes, each step bringing it
one cell closer to that target (the minotaur's Gore); the target then rolls the charge's
saving throw and, on a failure (or always, with no saving throw), is pushed back (the
contest's push, board/push.py) and gets the charge's conditions. The run-up goes with a
strike against a single target and is measured only on the grid.

Owns: `charging` (whether a walker keeps its run-up: only a creature with a `charge`
action, so nobody else's state grows), `ran` (one walked cell of its own turn),
`run_up_cells` (the trailing steps of this turn's walk that each came one cell closer to the
target) and `charged` (the log line, and whether the charge counts). The turn's walk is kept
on the combatant (`Combatant.run_up`, the cells from where its turn's walking began); its
own turn's start clears it (battlefield.refill), and a teleport or a move between turns is
no run-up.
"""

from __future__ import annotations

from typing import Any

from ..sizes import side
from . import battlefield as BF
from .units import gap, say, to_cells


def charging(c: Any) -> bool:
    """Whether `c` has an action with a `charge` (its walks are kept for it)."""
    return any(a.get("charge") for a in (c.block or {}).get("actions") or [])


def ran(c: Any, start: tuple[int, int], cell: tuple[int, int]) -> None:
    """One cell walked on its own turn, from `start`."""
    if c.run_up is None or c.run_up[-1] != [start[0], start[1]]:
        c.run_up = [[start[0], start[1]]]
    c.run_up.append([cell[0], cell[1]])


def run_up_cells(fight: Any, c: Any, target: Any) -> int:
    """How many of the last steps of this turn's walk each brought `c` one cell closer to
    `target` (0 without a walk, or when the walk did not end where `c` stands)."""
    walked = c.run_up
    if not walked or c.position is None or target.position is None or walked[-1] != list(c.position):
        return 0
    width, there, t_side = side(fight, c), BF.cell_of(target), side(fight, target)
    gaps = [gap((x, y), width, there, t_side) for x, y in walked]
    n = 0
    for i in range(len(gaps) - 1, 0, -1):
        if gaps[i] != gaps[i - 1] - 1:
            break
        n += 1
    return n


def charged(fight: Any, c: Any, action: Any, targets: list[Any], *, say_it: bool = True) -> bool:
    """Whether the action's `charge` counts against its one target now; logged when it does
    (`say_it`: not again when the strike resumes after a window)."""
    charge = action.charge
    if charge is None or fight.state.board is None or len(targets) != 1:
        return False
    cells = run_up_cells(fight, c, targets[0])
    unit = float(fight.combat.distance.perCell)
    if cells <= 0 or cells < (to_cells(float(charge.atLeast), unit) or 0):
        return False
    if say_it:
        fight.emit("charge", f"{c.name} charges {say(fight, cells)} straight at {targets[0].name}.", actor=c.id,
                   target=targets[0].id, cells=cells)
    return True


__all__ = ["charged", "charging", "ran", "run_up_cells"]
