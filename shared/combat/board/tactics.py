"""How the Engine's combatants use the board (spec/combat-3 "How opponents use the board").

Owns: `choose_on_board`. Every option is weighed from every cell the combatant can walk to
(the value of its best target in reach and in sight from there, forecast as if it stood
there: cover, long shots, an enemy beside it and the high ground count on every cell just
as they count where it stands), less what the strikes taken on the way would cost; it stays
put when it can already do its best where it stands, walks to the best cell otherwise, aims
areas at the cell that catches the most worth (allies caught count against it), stands up
first when prone, flies down first when aloft with nothing worth doing from any cell (1.114),
badly hurt beside an enemy it teleports
as far from its enemies as it can (a teleport is weighed for nothing else), and with nothing
in reach anywhere it closes the distance (dashing first
when `dash` is on the menu and nothing better than a token Dodge or Help would be given up)
before any standard action; walled off (nothing in reach and no walk closer), it strikes a
wall section between it and its opponents (mechanics-2 1.200); a wall is weighed as the
Engine lays it out: straight across, a ring, or run toward a neighbouring cell
(menu.placing_for). Every walk spends movement and is taken only when it strictly
improves things, so a turn always ends, and ties go to the cheaper walk and then the menu's
order: the same state gives the same choice.
"""

from __future__ import annotations

from typing import Any

from ..plans import MenuItem
from ..options import plan_forecasts
from ..tactics import option_score, best_here
from . import battlefield as BF
from .attacks import Standings, cover_bodies
from .menu import wall_layouts
from .sight import NONE, body_cover
from .units import steps
from .. import numbers as N
from ..auras import harmful_cells

#: What one expected strike at the walker costs, as a share of the walker's health.
STRIKE_SHARE = 0.15
#: A standard action worth less than this (a Dodge while unhurt, Help) gives way to a Dash
#: when nothing is in reach; a Dodge while badly hurt keeps the action and only walks.
TOKEN_WORTH = 1.0
#: At or below this share of its health, a combatant beside an enemy teleports away.
BADLY_HURT = 0.5


def _restricted(item: MenuItem, target_ids: list[str]) -> MenuItem:
    """The area option as if aimed at `target_ids` alone: an area lands on everyone it
    catches, so each of them counts (its option's `count` is 0)."""
    keep = set(target_ids)
    option = item.option.model_copy(update={
        "targets": [t for t in item.option.targets if t in keep] or list(target_ids),
        "count": max(1, len(target_ids)),
        "forecasts": [f for f in item.option.forecasts if f.target in keep],
    })
    return MenuItem(option, item.plan)


def _area_pick(fight: Any, actor: Any, item: MenuItem) -> tuple[float, tuple[int, int] | None]:
    board = item.option.board or {}
    best: tuple[float, tuple[int, int] | None] = (0.0, None)
    damage = [f.damage for f in item.option.forecasts if f.damage]
    per_ally = sum(damage) / len(damage) if damage else 1.0
    # A wall is weighed as the Engine lays it out: a ring or a run toward a neighbouring cell
    # where that catches more (menu.placing_for).
    layouts = wall_layouts(fight, actor, item) if (board.get("area") or {}).get("shape") == "wall" else {}
    for x, y in [*(board.get("aim") or []), *([int(n) for n in k.split(",")] for k in layouts if k not in board["catches"])]:
        key = f"{x},{y}"
        who = layouts.get(key) or board["catches"][key]
        foes = [t for t in who if fight.get(t).side != actor.side]
        allies = len(who) - len(foes)
        value = option_score(fight, actor, _restricted(item, foes))[0] if foes else 0.0
        value -= per_ally * allies * 1.5
        if value > best[0]:
            best = (value, (x, y))
    return best


def choose_on_board(fight: Any, actor: Any, menu: list[MenuItem]) -> tuple[MenuItem, list[str], tuple[int, int] | None]:
    end = next(i for i in menu if i.plan.ends_turn)
    stand = next((i for i in menu if i.plan.kind == "stand"), None)
    if stand is not None:
        return stand, [], None
    away = _teleport_away(fight, actor, menu)
    if away is not None:
        return away
    # A teleport is taken only to get away: nothing else weighs it.
    menu = [i for i in menu if "teleport" not in (i.option.board or {})]
    here_item, here_targets = best_here(fight, actor, menu)
    here = option_score(fight, actor, here_item)[0] if here_item is not end else 0.0
    pick: tuple[MenuItem, list[str], tuple[int, int] | None] = (here_item, here_targets, None)
    for item in menu:
        if (item.option.board or {}).get("aim"):
            value, cell = _area_pick(fight, actor, item)
            if cell is not None and value > here:
                here, pick = value, (item, [], cell)
    moves = [i for i in menu if i.plan.kind == "move"]
    if not moves:
        return pick if here > 0 else _walled_off(fight, actor, menu, end)
    # A standard action (Dodge, Help) is no reason to stay where nothing can be reached: it
    # can still be taken after the walk.
    token = pick[0].plan.kind == "standard"
    stay = 0.0 if token else here
    best_move = _best_cell(fight, actor, moves, stay)
    if best_move is not None:
        return best_move, [], None
    if stay > 0:
        return pick
    down = next((i for i in menu if i.option.id == "fly-down"), None)
    if down is not None:
        # Aloft with nothing worth doing from any cell: down toward the fight (1.114).
        return down, [], None
    if (token or here < TOKEN_WORTH) and not _nearer(fight, actor, moves):
        # No walk gets closer: a wall in the way is struck before any Dash is spent on it.
        struck = _walled_off(fight, actor, menu, end)
        if struck[0] is not end:
            return struck
    walk = _close_in(fight, actor, menu, moves, end, dash=here < TOKEN_WORTH)
    if walk[0] is not end:
        return walk
    return pick if here > 0 else _walled_off(fight, actor, menu, end)


def _nearer(fight: Any, actor: Any, moves: list[MenuItem]) -> bool:
    """Whether any walk ends closer to a standing opponent than the actor stands."""
    foes = BF.standing_foes(fight, actor)
    if not foes:
        return False
    cells = [BF.cell_of(f) for f in foes]
    now = min(steps(BF.cell_of(actor), c) for c in cells)
    return any(min(steps((b["cell"][0], b["cell"][1]), c) for c in cells) < now
               for b in (_walk_board(m) for m in moves))


def _walled_off(fight: Any, actor: Any, menu: list[MenuItem], end: MenuItem) -> tuple[MenuItem, list[str], tuple[int, int] | None]:
    """Nothing to do from any cell and no walk gets closer to an opponent: a wall stands in
    the way, and the Engine strikes a section of it (mechanics-2 1.200; the option's
    `board.walls`) that lies closer to an opponent than it stands, the one nearest an
    opponent (ties: the menu's first option, then row order); else the turn ends."""
    foes = BF.standing_foes(fight, actor)
    if not foes:
        return end, [], None

    def nearest(cell: tuple[int, int]) -> int:
        return min(steps(cell, BF.cell_of(f)) for f in foes)

    now = nearest(BF.cell_of(actor))
    best: tuple[tuple[int, int, int, int], MenuItem, tuple[int, int]] | None = None
    for i, item in enumerate(menu):
        for x, y in (item.option.board or {}).get("walls") or []:
            key = (nearest((x, y)), i, y, x)
            if key[0] < now and (best is None or key < best[0]):
                best = (key, item, (x, y))
    return (best[1], [], best[2]) if best is not None else (end, [], None)


def _teleport_away(fight: Any, actor: Any, menu: list[MenuItem]) -> tuple[MenuItem, list[str], tuple[int, int]] | None:
    """Badly hurt (at most `BADLY_HURT` of its health) with an enemy beside it: the menu's
    first teleport, to the cell it may land on farthest from the nearest standing enemy (the
    first such cell on ties), mechanics-3 1.283's reading of how the Game Master teleports."""
    current, top, _temp = N.health(fight, actor)
    if top <= 0 or current > top * BADLY_HURT:
        return None
    foes = BF.standing_foes(fight, actor)
    if not any(BF.adjacent(fight, actor, o) for o in foes):
        return None
    for item in menu:
        cells = (item.option.board or {}).get("teleport", {}).get("cells")
        if cells:
            best = max(cells, key=lambda c: min(steps(c, BF.cell_of(o)) for o in foes))
            return item, [], (best[0], best[1])
    return None


def _walk_board(item: MenuItem) -> dict[str, Any]:
    """A walk option's board: its cell, path, cells and the strikes taken on the way."""
    board = item.option.board
    if board is None:
        raise ValueError(f"{item.option.id} is not a walk on the board")
    return board


def _best_cell(fight: Any, actor: Any, moves: list[MenuItem], stay: float) -> MenuItem | None:
    """The walk to the cell whose best option is worth the most, less the strikes taken on
    the way, when that is more than `stay`. Worth is forecast with the actor standing there,
    exactly as the menu forecasts where it stands (cover, long shots, an enemy beside, high
    ground), so a cell is worth the same before and after the walk to it. Cells are weighed
    in the order of what they would be worth without cover (cover only lowers it), then the
    menu's order, and the weighing stops once no cell left could do better; the first cell
    of that order worth the most is taken."""
    groups = _groups(fight, actor)
    if not groups:
        return None
    worth = _Worth(fight, actor)
    spans = [(target, items, [worth.standings.span(i.plan) for i in items]) for target, items in groups]
    health = max(1, _health(fight, actor))
    burning = harmful_cells(fight, actor)
    bounds = []
    for i, item in enumerate(moves):
        board = _walk_board(item)
        cell = (board["cell"][0], board["cell"][1])
        # A lasting zone's harm on the way counts as a strike taken (zones.py), and so does
        # ending the walk where an opponent's harmful aura reaches (auras.py, 1.265).
        harms = len(board.get("harms") or []) + (cell in burning)
        penalty = (len(board.get("strikes") or []) + harms) * STRIKE_SHARE * health
        aims, top = [], 0.0
        for target, items, target_spans in spans:
            for option, key in zip(items, worth.standings.keys(cell, target, target_spans)):
                if key is not None:
                    aims.append((option, target, key))
                    top = max(top, worth.bare(cell, option, target, key))
        if top - penalty > stay + 1e-9:
            bounds.append((penalty - top, i, item, cell, penalty, aims))
    bounds.sort(key=lambda b: (b[0], b[1]))
    best_move, best_value = None, stay
    for neg_top, _i, item, cell, penalty, aims in bounds:
        if -neg_top <= best_value + 1e-9:
            break
        value = 0.0
        for option, target, key in aims:
            value = max(value, worth.at(cell, option, target, key, max(best_value + penalty, value)))
        if value - penalty > best_value + 1e-9:
            best_move, best_value = item, value - penalty
    return best_move


class _Worth:
    """What an option is worth against a target from a cell. The forecast is made with the
    actor on a cell, through the menu's own forecasting, once for each distinct way a cell
    changes it (`Standings`, and the cover grade)."""

    def __init__(self, fight: Any, actor: Any):
        self.fight, self.actor = fight, actor
        self.standings = Standings(fight, actor)
        self.covered = fight.combat.cover is not None
        self.bodies: dict[str, set[tuple[int, int]]] = {}
        self.covers: dict[tuple[tuple[int, int], str], str] = {}
        self.memo: dict[tuple[int, str, tuple[Any, ...], str | None], float] = {}

    def bare(self, cell: tuple[int, int], item: MenuItem, target: Any, key: tuple[Any, ...]) -> float:
        """The worth from a cell with this key as if nothing gave cover: what it is worth
        where there is none, and never less than where there is."""
        memo_key = (id(item), target.id, key, None)
        found = self.memo.get(memo_key)
        if found is None:
            found = self.memo[memo_key] = self._forecast(cell, item, target, uncovered=True)
        return found

    def at(self, cell: tuple[int, int], item: MenuItem, target: Any, key: tuple[Any, ...], floor: float) -> float:
        """The worth; 0 when it does not see the target from there, or when it cannot exceed
        `floor` (checked before the sight line and the cover are worked out)."""
        bare = self.bare(cell, item, target, key)
        if bare <= floor or not self.standings.sees(cell, target):
            return 0.0
        grade = self._cover(cell, target) if self.covered else NONE
        if grade == NONE:
            return bare
        memo_key = (id(item), target.id, key, grade)
        found = self.memo.get(memo_key)
        if found is None:
            found = self.memo[memo_key] = self._forecast(cell, item, target)
        return found

    def _cover(self, cell: tuple[int, int], target: Any) -> str:
        """The cover grade against `target` from `cell`, once per pair in this decision (with
        `cover.creatures` the board's own memo cannot keep it: the bodies move)."""
        found = self.covers.get((cell, target.id))
        if found is None:
            bodies = self.bodies.get(target.id)
            if bodies is None:
                bodies = self.bodies[target.id] = cover_bodies(self.fight, self.actor, target)
            found = body_cover(BF.grid(self.fight), cell, BF.body(self.fight, target), bodies=bodies)
            if self.fight.combat.cover.saves:
                # Cover against a save (save_cover.py) counts only what lies between, so it
                # may differ from the attack's grade: both key the forecast.
                against_save = body_cover(BF.grid(self.fight), cell, BF.body(self.fight, target), bodies=bodies,
                                          standing=False)
                if found != against_save:
                    found = f"{found}/{against_save}"
            self.covers[(cell, target.id)] = found
        return found

    def _forecast(self, cell: tuple[int, int], item: MenuItem, target: Any, uncovered: bool = False) -> float:
        fight, actor = self.fight, self.actor
        before, aiming, aloft = actor.position, fight.resolving.aiming, actor.aloft
        actor.position, actor.aloft = [cell[0], cell[1]], self.standings.aloft_at(cell)
        fight.resolving.aiming = item.plan
        fight.drawing.uncovered = uncovered
        try:
            forecasts = plan_forecasts(fight, actor, item.plan, [target])
        finally:
            actor.position, fight.resolving.aiming, fight.drawing.uncovered, actor.aloft = before, aiming, False, aloft
        option = item.option.model_copy(update={"targets": [target.id], "count": 1, "forecasts": forecasts})
        return option_score(fight, actor, MenuItem(option, item.plan))[0]


def _health(fight: Any, actor: Any) -> int:
    current, _top, temp = N.health(fight, actor)
    return current + temp


def _groups(fight: Any, actor: Any) -> list[tuple[Any, list[MenuItem]]]:
    """Each target the actor could aim at from some cell, with the options (areas aside)
    that could be aimed at them, in the menu's order."""
    out: dict[str, tuple[Any, list[MenuItem]]] = {}
    for item, span in _spans(fight, actor):
        if span.area is not None:
            continue
        for tid in item.option.targets:
            target = fight.state.combatant(tid)
            if target is not None and target.id != actor.id and target.position is not None:
                out.setdefault(tid, (target, []))[1].append(item)
    return list(out.values())


def _spans(fight: Any, actor: Any) -> list[tuple[MenuItem, Any]]:
    """The options the actor could still take and their spans (drawn with its menu)."""
    memo = fight.memo.board_spans
    return memo[1] if memo is not None and memo[0] == actor.id else []


def _close_in(fight: Any, actor: Any, menu: list[MenuItem], moves: list[MenuItem], end: MenuItem,
              dash: bool) -> tuple[MenuItem, list[str], tuple[int, int] | None]:
    foes = BF.standing_foes(fight, actor)
    # Walking closer is worth it only while there is still something to do once there, or
    # after a Dash taken to close in (its action is spent, its movement is for the walk).
    dashed = actor.movement > BF.allowance(fight, actor)
    if not foes or not (dashed or any(item.option.targets for item, _span in _spans(fight, actor))):
        return end, [], None
    dashing = next((i for i in menu if i.plan.kind == "standard" and i.plan.standard == "dash"), None)
    if dash and dashing is not None and not dashed:
        return dashing, [], None

    def nearest(cell: tuple[int, int]) -> int:
        return min(steps(cell, BF.cell_of(f)) for f in foes)

    now = nearest(BF.cell_of(actor))
    burning = harmful_cells(fight, actor)
    best, key = None, None
    for i, item in enumerate(moves):
        board = _walk_board(item)
        cell = (board["cell"][0], board["cell"][1])
        taken = len(board.get("strikes") or []) + len(board.get("harms") or []) + (cell in burning)
        k = (nearest(cell), taken, board["cells"], i)
        if k[0] < now and (key is None or k < key):
            best, key = item, k
    return (best, [], None) if best is not None else (end, [], None)
