"""Cover against an action's own save on a board (spec/combat-3 "Line of sight and cover",
`cover.saves` and `ignoresCover`, Capability API 1.74).

Owns: `origin` (where cover is measured from: the cell a burst lands on, the maker's own
cell for anything else), `save_cover` (the named part cover adds to the save: `half
cover` is `cover.bonus`, `three-quarters cover` is `cover.threeQuarters`, else `bonus`),
`option_save` (the save and area of a menu option that forces one) and `words` (the part
as the log and the menu show it: "+ 2 half cover").

Only the saves `cover.saves` names, and only an action's own save: its callers are the
saves an entry, a creature action or an item use forces, never a save that ends a
condition or keeps concentration. A save marked `ignoresCover` gets nothing. For a save
only what lies between the origin and the saver helps, so the cover-worthy terrain the
saver stands on gives nothing by itself (`sight.cover(standing=False)`). A shape sent
`throughWalls` protects nobody with walls, so its saves get no cover. Off the board, or
where the origin and the saver share a cell, there is nothing in between.
"""

from __future__ import annotations

from typing import Any, Callable

from ..numbers import Bonus
from . import battlefield as BF
from .attacks import cover_bodies
from .sight import HALF, NONE, THREE_QUARTERS, TOTAL, body_cover

Cell = tuple[int, int]


def origin(actor: Any, area: Any, aim: Cell | None) -> Cell | None:
    """Where the effect comes from: the aimed cell for a burst or a box (a box spreads from
    its near corner, board/areas.py), otherwise the maker's own
    cell; None when that is not known (the maker has no cell, or a forecast of a burst not
    yet aimed)."""
    if area is not None and area.shape in ("burst", "box") and not getattr(area, "around", None):
        return aim
    return BF.cell_of(actor) if actor.position is not None else None


def save_cover(fight: Any, actor: Any, target: Any, save: Any, area: Any = None,
               aim: Cell | None = None) -> Bonus | None:
    """What cover adds to `target`'s roll of `save` (an entry's, a creature action's or an
    item use's save model) against `actor`'s effect, or None."""
    rule = fight.combat.cover
    if rule is None or not rule.saves or save.save not in rule.saves or save.ignoresCover:
        return None
    # `uncovered`: the tactics' bound for a cell not yet graded (cover only lowers a forecast).
    if fight.drawing.uncovered or not BF.on_board(fight) or target.position is None or getattr(area, "throughWalls", None):
        return None
    start = origin(actor, area, aim)
    there = BF.cell_of(target)
    if start is None or start == there:
        return None
    grade = body_cover(BF.grid(fight), start, BF.body(fight, target), bodies=cover_bodies(fight, actor, target),
                       standing=False)
    if grade == HALF:
        return Bonus("half cover", rule.bonus) if rule.bonus else None
    if grade == NONE:
        return None
    # Total cover from the origin is three-quarters at most: the effect reached them anyway.
    assert grade in (THREE_QUARTERS, TOTAL)
    value = rule.threeQuarters if rule.threeQuarters is not None else rule.bonus
    return Bonus("three-quarters cover", value) if value else None


def option_save(plan: Any) -> tuple[Any, Any] | None:
    """(save, area) of an entry or creature-action option whose targets roll its own save
    (not one made only after an attack roll hits, which the save still follows), or None."""
    saving = OPTION_SAVES.get(plan.kind)
    return saving(plan) if saving is not None else None


def _entry_save(plan: Any) -> tuple[Any, Any] | None:
    mech = plan.mechanics
    if mech is not None and mech.save is not None and not mech.attackRoll and not mech.autoHit:
        return mech.save, mech.area
    return None


def _action_save(plan: Any) -> tuple[Any, Any] | None:
    action = plan.action
    if action is not None and action.save is not None:
        return action.save, action.area
    return None


#: The save of each kind of option whose targets roll one (`Plan.kind`); a sequence's parts
#: are saved against one by one.
OPTION_SAVES: dict[str, Callable[[Any], tuple[Any, Any] | None]] = {"entry": _entry_save, "action": _action_save}


def words(part: Bonus) -> str:
    return f"+ {part.flat} {part.label}"
