"""How the Engine's combatants use the board (spec/combat-3 "How opponents use the board").

Owns: `choose_on_board`. Every option is weighed from every cell the combatant can walk to
(the value of its best target in reach and in sight from there), less what the strikes
taken on the way would cost; it stays put when it can already do its best where it stands,
walks to the best cell otherwise, aims areas at the cell that catches the most worth (allies
caught count against it), stands up first when prone, and with nothing in reach anywhere it
dashes first (when `dash` is on the menu) and closes the distance. Every walk spends
movement and is taken only when it strictly improves things, so a turn always ends, and
ties go to the cheaper walk and then the menu's order: the same state gives the same choice.
"""

from __future__ import annotations

from typing import Any

from ..options import MenuItem
from ..tactics import _score, best_here
from . import battlefield as BF
from .reach import OUT, aim_at
from .sight import sees
from .units import steps

#: What one expected strike at the walker costs, as a share of the walker's health.
STRIKE_SHARE = 0.15


def _restricted(item: MenuItem, target_ids: list[str]) -> MenuItem:
    keep = set(target_ids)
    option = item.option.model_copy(update={
        "targets": [t for t in item.option.targets if t in keep] or list(target_ids),
        "count": max(1, min(item.option.count or 1, len(target_ids))),
        "forecasts": [f for f in item.option.forecasts if f.target in keep],
    })
    return MenuItem(option, item.plan)


def _area_pick(fight: Any, actor: Any, item: MenuItem) -> tuple[float, tuple[int, int] | None]:
    board = item.option.board or {}
    best: tuple[float, tuple[int, int] | None] = (0.0, None)
    damage = [f.damage for f in item.option.forecasts if f.damage]
    per_ally = sum(damage) / len(damage) if damage else 1.0
    for x, y in board.get("aim") or []:
        who = board["catches"][f"{x},{y}"]
        foes = [t for t in who if fight.get(t).side != actor.side]
        allies = len(who) - len(foes)
        value = _score(fight, actor, _restricted(item, foes))[0] if foes else 0.0
        value -= per_ally * allies * 1.5
        if value > best[0]:
            best = (value, (x, y))
    return best


def choose_on_board(fight: Any, actor: Any, menu: list[MenuItem]) -> tuple[MenuItem, list[str], tuple[int, int] | None]:
    end = next(i for i in menu if i.plan.kind == "end")
    stand = next((i for i in menu if i.plan.kind == "stand"), None)
    if stand is not None:
        return stand, [], None
    here_item, here_targets = best_here(fight, actor, menu)
    here = _score(fight, actor, here_item)[0] if here_item is not end else 0.0
    pick: tuple[MenuItem, list[str], tuple[int, int] | None] = (here_item, here_targets, None)
    for item in menu:
        if (item.option.board or {}).get("aim"):
            value, cell = _area_pick(fight, actor, item)
            if cell is not None and value > here:
                here, pick = value, (item, [], cell)
    moves = [i for i in menu if i.plan.kind == "move"]
    if not moves:
        return pick if here > 0 else (end, [], None)
    values = _target_values(fight, actor)
    best_move, best_value = None, 0.0
    health = max(1, _health(fight, actor))
    g = BF.grid(fight)
    seen: dict[tuple[Any, Any], bool] = {}
    for item in moves:
        board = item.option.board
        cell = (board["cell"][0], board["cell"][1])
        value = 0.0
        for span, target, worth in values:
            if worth <= value:
                continue
            tcell = BF.cell_of(target)
            if aim_at(span, steps(cell, tcell)) == OUT:
                continue
            key = (cell, tcell)
            if key not in seen:
                seen[key] = sees(g, cell, tcell)
            if seen[key]:
                value = worth
        value -= len(board.get("strikes") or []) * STRIKE_SHARE * health
        if value > best_value + 1e-9:
            best_move, best_value = item, value
    if best_move is not None and best_value > here + 1e-9:
        return best_move, [], None
    if here > 0:
        return pick
    return _close_in(fight, actor, menu, moves, end)


def _health(fight: Any, actor: Any) -> int:
    from .. import numbers as N

    current, _top, temp = N.health(fight, actor)
    return current + temp


def _target_values(fight: Any, actor: Any) -> list[tuple[Any, Any, float]]:
    """(span, target, worth) for each option the actor has and each target it could aim it
    at from some cell, best first."""
    out: list[tuple[Any, Any, float]] = []
    for item, span in _spans(fight, actor):
        if span.area is not None:
            continue
        for tid in item.option.targets:
            target = fight.state.combatant(tid)
            if target is None or target.id == actor.id or target.position is None:
                continue
            worth = _score(fight, actor, _restricted(item, [tid]))[0]
            if worth > 0:
                out.append((span, target, worth))
    out.sort(key=lambda v: -v[2])
    return out


def _spans(fight: Any, actor: Any) -> list[tuple[MenuItem, Any]]:
    """The options the actor could still take and their spans (drawn with its menu)."""
    memo = getattr(fight, "board_spans", None)
    return memo[1] if memo is not None and memo[0] == actor.id else []


def _close_in(fight: Any, actor: Any, menu: list[MenuItem], moves: list[MenuItem], end: MenuItem):
    foes = BF.standing_foes(fight, actor)
    # Walking closer is worth it only while there is still something to do once there.
    if not foes or not any(item.option.targets for item, _span in _spans(fight, actor)):
        return end, [], None
    dash = next((i for i in menu if i.plan.kind == "standard" and i.plan.standard == "dash"), None)
    if dash is not None and actor.movement <= BF.allowance(fight, actor):
        return dash, [], None

    def nearest(cell: tuple[int, int]) -> int:
        return min(steps(cell, BF.cell_of(f)) for f in foes)

    now = nearest(BF.cell_of(actor))
    best, key = None, None
    for i, item in enumerate(moves):
        board = item.option.board
        cell = (board["cell"][0], board["cell"][1])
        k = (nearest(cell), len(board.get("strikes") or []), board["cells"], i)
        if k[0] < now and (key is None or k < key):
            best, key = item, k
    return (best, [], None) if best is not None else (end, [], None)
