"""Moves bought between turns (spec/mechanics-3 "Legendary moves", 1.283, and "Moving after
an action, and with one speed", 1.285): a creature action with a `signature` cost and a
`move` takes its maker to a cell of the board, walked as on its own turn but with an
allowance set aside for this move alone, so the movement of its own turn is untouched.

Owns: `move_of` (the `move` a plan's creature action carries), `allowance` (`share` of the
speed, of the one `speed` named when there is one; a `distance`; the whole speed), `way_to`
and `signature_move_item` (the window option's `board.move`: the cells it may stop on and
how far; a move that does nothing else is not offered with nowhere to go, nor off the
board), `engine_cell` (where the Game Master goes, mechanics-3 1.283: away from an adjacent
enemy when badly wounded, else toward the nearest enemy when none is within reach; a
teleport bought between turns lands the same way) and `start_move` (the walk itself:
`noOpportunity` provokes no one; `untouchable` first releases whatever holds its maker in
place, provokes no one and crosses zones untouched; a strike it draws holds the walk in a
`leaves-reach` window, and the window it was bought in carries on once the walk is over,
board/movement.end_legendary).

Leaving someone's reach during the move opens the `leaves-reach` window as any walk does,
because the window the move was bought in is handed back before the walk starts
(window_answers.answer): one window at a time, never a stack.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...ruleset.creature_actions import CreatureAction
from ...ruleset.mechanics.actions import LegendaryMove
from .. import numbers as N
from ..condition_off import remove_condition
from ..plans import Plan
from ..state import Combatant, LegendaryWalk, Window
from ..windows import SIGNATURE_MOVES, WindowItem
from . import battlefield as BF
from .modes import reachable_modes
from .movement import end_legendary, walk
from .paths import Reach, Walkers, reachable
from .units import allowance_cells, gap, say, to_cells
from ..sizes import side

Cell = tuple[int, int]

#: At or below this share of its health, the maker beside an enemy moves away (as the
#: board's tactics teleport away on a turn, board/tactics.BADLY_HURT).
BADLY_HURT = 0.5


def move_of(plan: Plan) -> LegendaryMove | None:
    """The `move` of the plan's creature action, or None."""
    action = plan.action
    return action.move if isinstance(action, CreatureAction) else None


def _holds(fight: Any, c: Combatant) -> list[Any]:
    """The conditions that hold `c` in place (`speed-zero`: grappled, restrained)."""
    return [h for name, rule, h in N.rules_in_force(fight, c) if "speed-zero" in (rule.effects or []) and h is not None]


def allowance(fight: Any, c: Combatant, move: LegendaryMove) -> tuple[int, dict[str, int]]:
    """(cells, cells per way of moving) of the move: with `speed`, that way only (none when
    the maker lacks it); a `share` of each speed; a `distance` in the ruleset's unit; all of
    it. Held in place, or without the speed, it has nowhere to go (0) unless `untouchable`
    releases it first."""
    unit = float(fight.combat.distance.perCell)
    modes = BF.mode_allowances(fight, c) or {"walk": BF.allowance(fight, c)}
    if move.untouchable and "speed-zero" in N.effects(fight, c):
        # Whatever holds it lets go before the move (1.283): its own speeds count.
        modes = BF.mode_allowances(fight, c.model_copy(update={"conditions": []})) or {
            "walk": BF.allowance(fight, c.model_copy(update={"conditions": []}))}
    if move.speed is not None:
        modes = {move.speed: modes.get(move.speed, 0)}
    if move.share is not None:
        modes = {m: allowance_cells(n * unit * float(move.share), unit) if n > 0 else 0 for m, n in modes.items()}
    elif move.distance is not None:
        far = to_cells(float(move.distance), unit) or 0
        modes = {m: far if n > 0 else 0 for m, n in modes.items()}
    modes = {m: n for m, n in modes.items() if n > 0}
    cells = max(modes.values(), default=0)
    if list(modes) == ["walk"]:
        return cells, {}
    return cells, modes


def _walkers(fight: Any, c: Combatant, move: LegendaryMove) -> Walkers:
    walkers = BF.walkers_for(fight, c)
    if move.untouchable:
        # The zones it crosses do nothing to it, their terrain included (1.283).
        walkers = replace(walkers, least={}, times={}, toward={})
    return walkers


def reach(fight: Any, c: Combatant, move: LegendaryMove) -> dict[Cell, Reach]:
    """Every cell the move may stop on, with its way; nothing off the board or for someone
    who cannot move."""
    if fight.state.board is None or c.position is None or c.down or c.out:
        return {}
    cells, modes = allowance(fight, c, move)
    if cells <= 0:
        return {}
    g = BF.grid(fight)
    start = BF.cell_of(c)
    walkers = _walkers(fight, c, move)
    if modes or c.aloft:
        altitude = g.level(*start) + c.aloft if c.aloft else None
        return reachable_modes(g, start, modes or {"walk": cells}, walkers, altitude)
    return reachable(g, start, cells, walkers)


def signature_move_item(fight: Any, holder: Combatant, item: WindowItem) -> WindowItem | None:
    """The window option with `board.move` (the cells it may stop on, row by row, and how far
    the move goes); a move that does nothing else is None with nowhere to go. An action that
    does something and then moves (1.285) is offered whatever the cells."""
    move = move_of(item.plan)
    assert move is not None
    found = reach(fight, holder, move)
    only = moves_only(item.plan)
    if not found and only:
        return None
    if not found:
        return item
    cells, _modes = allowance(fight, holder, move)
    board = dict(item.option.board or {})
    board["move"] = {"cells": [[x, y] for x, y in found], "distance": say(fight, cells)}
    if move.speed is not None:
        board["move"]["speed"] = move.speed
    if only:
        board["move"]["needed"] = True
    return replace(item, option=item.option.model_copy(update={"board": board}))


def moves_only(plan: Plan) -> bool:
    action = plan.action
    return isinstance(action, CreatureAction) and action.move is not None and not any(
        getattr(action, k) for k in ("damage", "area", "save", "applies"))


def engine_cell(fight: Any, c: Combatant, cells: list[list[int]]) -> Cell | None:
    """Where the Game Master moves (or teleports) between turns (1.283): badly hurt beside
    a standing enemy, to the cell farthest from the nearest one; with no enemy within the
    maker's reach, to the cell nearest one (only when nearer than now); else nowhere. Ties go
    to the first cell, row by row."""
    foes = BF.standing_foes(fight, c)
    if not foes or not cells or c.position is None:
        return None
    width = side(fight, c)

    def nearest(cell: list[int]) -> int:
        return min(gap((cell[0], cell[1]), width, BF.cell_of(o), side(fight, o)) for o in foes)

    here = nearest(list(BF.cell_of(c)))
    current, top, _temp = N.health(fight, c)
    if top > 0 and current <= top * BADLY_HURT and here <= 1:
        best = max(cells, key=nearest)
        return (best[0], best[1]) if nearest(best) > here else None
    if here <= _reach_cells(fight, c):
        return None
    best = min(cells, key=nearest)
    return (best[0], best[1]) if nearest(best) < here else None


def _reach_cells(fight: Any, c: Combatant) -> int:
    """The longest reach of the maker's own actions, in cells (one cell when none says)."""
    unit = float(fight.combat.distance.perCell)
    reaches = [to_cells(float(a["reach"]), unit) or 1 for a in (c.block or {}).get("actions") or [] if a.get("reach")]
    return max(reaches, default=1)


def start_move(fight: Any, c: Combatant, move: LegendaryMove, cell: Cell, w: Window) -> None:
    """Walks `c` to `cell` with the move's own allowance, then hands back its turn's movement
    and carries the window `w` on (also when a strike held the walk: movement.resume_walk). A
    cell that can no longer be reached (after what the action did, 1.285) is not moved to."""
    if move.untouchable:
        for held in _holds(fight, c):
            remove_condition(fight, c, held, reason=f"nothing holds {c.name} as it moves")
    found = reach(fight, c, move)
    way = found.get(cell)
    legendary = LegendaryWalk(window=w, movement=c.movement, modes=dict(c.modes),
                              provokes=not (move.noOpportunity or move.untouchable),
                              untouchable=bool(move.untouchable))
    if way is None:
        fight.emit("move", f"{c.name} cannot reach {cell[0]}, {cell[1]} now, so it stays where it is.", actor=c.id)
        end_legendary(fight, c, legendary)
        return
    cells, modes = allowance(fight, c, move)
    c.movement, c.modes = cells, dict(modes)
    # A move between turns is no run-up for its maker's next strike (board/run_up.py).
    c.run_up = None
    walk(fight, c, list(way.path), asked=[], paid=0, start=BF.cell_of(c), legendary=legendary)
    end_legendary(fight, c, legendary)


# The window's signature menu asks this module for a move's cells (windows.py).
SIGNATURE_MOVES.append(signature_move_item)


__all__ = ["allowance", "engine_cell", "move_of", "moves_only", "reach", "signature_move_item", "start_move"]
