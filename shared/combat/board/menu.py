"""The menu on a board (spec/combat-3 "What the player sees", "Refusal reasons").

Owns: `board_items` (the last pass over a menu drawn on a board: each option keeps only the
targets it reaches and sees, and says per target whether it is a swing, a shot or a long
shot, how far, what cover the target has and, for an option whose targets save against
it, what cover adds to that save (`saveCover`); an option with an area becomes an option
aimed at a cell, listing the aim points that catch someone and whom each catches (and per
aim point what cover adds to each one's save); a teleport lists the cells it may land on
(teleport.py); Help
with `help.beside` only beside an opponent; a shake-off within its `reach`; the walk
options and Stand up are added), `caught` (whom an area aimed at a cell catches),
`check_aim` (the refusal for a cell an area cannot be aimed at), `placing_for` (the
Engine's layout: a ring where it catches more, copies) and `out_of_range` (the
refusal of a target the menu left out only for distance or sight: `out-of-reach` or
`no-line-of-sight`, the spec's own reasons, where any other target is a `bad-target`).

The screen computes nothing: every cell, cost, path, target and aim point is here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from .. import numbers as N
from ...sheet import Refusal
from ..plans import MenuItem
from .. import metamagic as MM
from ..targeting import filter_targets
from ..wards import unwarded
from . import battlefield as BF
from ..plans import Placing
from .areas import aim_cells, aim_ok, cells_of, placed_cells, sent
from .attacks import cover_grade, votes
from .flight import flight_items
from .movement import move_items, stand_item
from .teleport import teleport_item, teleport_of
from .reach import OUT, LONG, SHOT, aim_at, farthest, span_of
from .save_cover import option_save, save_cover, words
from .sight import TOTAL, sees, sees_body
from .units import say, steps, to_cells
from ..wall_sections import reachable_sections
from .attacks import range_bonus


def board_items(fight: Any, actor: Any, items: list[MenuItem]) -> list[MenuItem]:
    if actor.position is None:
        return items
    body = [i for i in items if not i.plan.ends_turn]
    ends = [i for i in items if i.plan.ends_turn]
    out: list[MenuItem] = []
    spanned: list[tuple[MenuItem, Any]] = []
    # Per option id, whom it would be aimed at but for distance or sight (`out_of_range`).
    dropped: dict[str, dict[str, Any]] = {}
    fight.memo.out_of_range = (actor.id, dropped)
    for item in body:
        plan = item.plan
        if teleport_of(plan) is not None:
            # A teleport is aimed at a cell to land on, never at whom it reaches (1.276).
            landing = teleport_item(fight, actor, item)
            if landing is not None:
                out.append(landing)
            continue
        unspanned = UNSPANNED.get(plan.kind)
        if unspanned is not None:
            kept = unspanned(fight, actor, item)
            if kept is not None:
                out.append(kept)
            continue
        span = span_of(fight, actor, plan)
        if span is None or not item.option.targets or item.option.targets == [actor.id]:
            out.append(item)
            continue
        spanned.append((item, span))
        far = _farther(fight, actor, item)
        if span.area is not None and plan.of_kind.aims_areas:
            aimed = _area_item(fight, actor, item, span, far)
            if aimed is not None:
                out.append(aimed)
            continue
        kept = _in_reach(fight, actor, item, span, dropped, far)
        if kept is not None:
            out.append(kept)
    # The Engine's tactics weigh every option from every cell it can walk to (tactics.py).
    fight.memo.board_spans = (actor.id, spanned)
    out += move_items(fight, actor)
    out += flight_items(fight, actor)
    stand = stand_item(fight, actor)
    if stand is not None:
        out.append(stand)
    return out + ends


def _target_info(fight: Any, actor: Any, target: Any, kind: str, cells: int) -> dict[str, Any]:
    info: dict[str, Any] = {"how": kind, "cells": cells, "distance": say(fight, cells)}
    if kind in (SHOT, LONG, "swing") and target.side != actor.side:
        grade = cover_grade(fight, actor, target)
        if grade != "none":
            info["cover"] = grade
    notes = []
    ranged = fight.combat.ranged
    if ranged is not None and kind in (SHOT, LONG):
        if kind == LONG and ranged.long == "disadvantage":
            notes.append("a long shot: disadvantage")
        if ranged.adjacentFoe == "disadvantage" and any(BF.adjacent(fight, actor, o) for o in BF.standing_foes(fight, actor)):
            notes.append("an enemy in the adjacent cell: disadvantage")
    if notes:
        info["notes"] = notes
    return info


def _farther(fight: Any, actor: Any, item: MenuItem) -> tuple[Any, list[str]] | None:
    """The span of the option with an offered `range` change (Distant, mechanics-2 1.253)
    and the ids that give it, or None. The Engine never chooses metamagic, so its menu
    offers nothing only the longer range reaches."""
    if not item.option.alters or actor.controller == "engine":
        return None
    found = MM.farther(fight, actor, item.option, item.plan)
    if found is None:
        return None
    span = span_of(fight, actor, found[0])
    return (span, found[1]) if span is not None else None


def _in_reach(fight: Any, actor: Any, item: MenuItem, span: Any,
              dropped: dict[str, dict[str, Any]], far: tuple[Any, list[str]] | None = None) -> MenuItem | None:
    """The option with the targets its span reaches and the user sees; with `far`, also
    those only the longer range reaches, each with its `alterNeeded`."""
    g = BF.grid(fight)
    here = BF.cell_of(actor)
    option = item.option
    kept: list[str] = []
    info: dict[str, Any] = {}
    # What cover adds to each target's save against it (save_cover.py).
    forced = option_save(item.plan)
    for tid in option.targets:
        target = fight.get(tid)
        if target.position is None:
            continue
        cells = BF.distance_cells(fight, actor, target)
        bonus = 0

        if target.id != actor.id:
            bonus = range_bonus(fight, actor, target)
        kind = aim_at(span, cells, bonus) if target.id != actor.id else "self"
        needs = None
        if kind == OUT and far is not None and aim_at(far[0], cells, bonus) != OUT:
            kind, needs = aim_at(far[0], cells, bonus), far[1]
        if kind == OUT:
            dropped.setdefault(option.id, {})[tid] = {"code": "out-of-reach", "cells": cells,
                                                      "reach": farthest(span, bonus), "label": option.label}
            continue
        if target.id != actor.id and not sees_body(g, here, BF.body(fight, target)):
            dropped.setdefault(option.id, {})[tid] = {"code": "no-line-of-sight", "label": option.label}
            continue
        kept.append(tid)
        info[tid] = _target_info(fight, actor, target, kind, cells)
        if needs is not None:
            info[tid]["alterNeeded"] = needs
        if forced is not None and target.id != actor.id:
            part = save_cover(fight, actor, target, forced[0], forced[1])
            if part is not None:
                info[tid]["saveCover"] = words(part)
    # Wall sections it may strike instead of a creature (mechanics-2 1.200).
    walls = reachable_sections(fight, actor, item, span) if fight.state.zones else []
    if option.count and not kept and not walls:
        return None
    keep = set(kept)
    board: dict[str, Any] = {"targets": info}
    if walls:
        board["walls"] = walls
    update: dict[str, Any] = {
        "targets": kept, "count": min(option.count, len(kept)) if option.count else 0,
        "forecasts": [f for f in option.forecasts if f.target in keep or f.target == actor.id],
        "board": board,
    }
    if far is not None and option.alterNeeded is None and kept and not walls and \
            all("alterNeeded" in info[t] for t in kept):
        # Everyone it reaches, it reaches only with the longer range: usable now only so.
        update["alterNeeded"] = far[1]
    return MenuItem(option.model_copy(update=update), item.plan)


def out_of_range(fight: Any, actor: Any, option_id: str, targets: tuple[str, ...]) -> Refusal | None:
    """The refusal of a choice of `option_id` naming `targets` (or none) when the last menu
    drawn for `actor` left it out only because it is too far or out of sight: the first
    such target's reason, or for an option with nobody left, the reason of the first it
    would have been aimed at. None when distance and sight are not what stand in the way."""
    memo = fight.memo.out_of_range
    if memo is None or memo[0] != actor.id or option_id not in memo[1]:
        return None
    far = memo[1][option_id]
    named = [t for t in targets if t in far] if targets else list(far)[:1]
    if not named:
        return None
    tid = named[0]
    why = far[tid]
    target = fight.get(tid)
    if why["code"] == "out-of-reach":
        reach = f"reaches {say(fight, why['reach'])}" if why["reach"] else "reaches no one"
        return Refusal("out-of-reach", f"{target.name} is {say(fight, why['cells'])} away from {actor.name}; "
                                       f"{why['label']} {reach}")
    return Refusal("no-line-of-sight", f"{actor.name} cannot see {target.name}: something solid is in between")


# ---------------------------------------------------------------------------
# areas
# ---------------------------------------------------------------------------


def _area_source(plan: Any) -> tuple[Any, bool]:
    source = plan.source
    area = source.area
    friendly = getattr(area, "friendlyFire", None)
    if friendly is None:
        friendly = getattr(source, "friendlyFire", None)
    return source, friendly is not False


def caught(fight: Any, actor: Any, plan: Any, span: Any, aim: tuple[int, int], placing: Placing | None = None) -> list[Any]:
    """Everyone the area aimed at `aim` (laid out as `placing` says) catches, in the fight's
    order: everyone standing in its cells, allies and the actor too (spec/combat-3 "Areas");
    with `friendlyFire: false`, nobody on the actor's side; a burst `around` the user never
    the user (spec/mechanics-3); `targetTypes` passes over whom it excludes."""
    g = BF.grid(fight)
    cells = set(placed_cells(g, span.area, BF.cell_of(actor), aim, placing))
    _source, friendly = _area_source(plan)
    # Anyone with a cell inside is caught, however many cells they fill (1.194).
    found = [c for c in BF.present(fight)
             if any(cell in cells for cell in BF.body(fight, c)) and (not c.down or N.struck_while_down(fight, c))
             and (friendly or c.side != actor.side) and not (span.area.around and c.id == actor.id)]
    return unwarded(fight, actor, plan, filter_targets(fight, actor, found, plan.source))



def _aim_candidates(fight: Any, actor: Any, span: Any) -> list[tuple[int, int]]:
    g = BF.grid(fight)
    here = BF.cell_of(actor)
    shape = span.area

    def sight(a: tuple[int, int], b: tuple[int, int]) -> bool:
        return sees(g, a, b)

    if not sent(shape):
        return aim_cells(g, shape, here, sight)
    # A burst, box or wall sent by range: only aim points near someone can catch anyone (a
    # box aimed up to size - 1 cells from a creature can still cover it).
    near: set[tuple[int, int]] = set()
    r = max(shape.size, shape.ring) - 1
    for c in BF.present(fight):
        for x0, y0 in BF.body(fight, c):
            for y in range(y0 - r, y0 + r + 1):
                for x in range(x0 - r, x0 + r + 1):
                    near.add((x, y))
    return [cell for cell in sorted(near, key=lambda p: (p[1], p[0])) if aim_ok(g, shape, here, cell, sight)]


#: Where a burst or a box without a range goes (the menu's `board.area.range`).
AIMED_WITHOUT_RANGE = {"burst": "on the actor's own cell", "box": "on a cell beside the actor",
                       "wall": "on a cell beside the actor"}


def _layout(fight: Any, plan: Any, shape: Any) -> dict[str, Any]:
    """What the choice may say beyond its cell (mechanics-1 1.177, 1.178): a wall is placed
    on any cell in range and sight (`anywhere`), run `toward` a cell or laid out as a `ring`
    of its diameter, with the `sides` its `zone.side` may face; a burst or box is placed
    `copies` times."""
    out: dict[str, Any] = {}
    if shape.shape == "wall":
        out["anywhere"] = True
        out["toward"] = True
        if shape.ring:
            out["ring"] = say(fight, shape.ring)
        zone = getattr(plan.source, "zone", None)
        if zone is not None and zone.side is not None:
            out["sides"] = ["far", "near"]
    if shape.copies > 1:
        out["copies"] = shape.copies
    return out


def _placing_refusal(fight: Any, actor: Any, plan: Any, shape: Any, placing: Placing | None) -> str | None:
    """Why the choice's layout does not fit the area, or None."""
    if shape.copies > 1 and len(placing.copies if placing is not None else ()) != shape.copies - 1:
        return f'{plan.name} is placed {shape.copies} times: give "copies": [[x, y], ...] for the other {shape.copies - 1}'
    if placing is None:
        return None
    if shape.shape != "wall" and (placing.toward is not None or placing.ring or placing.side is not None):
        return f'{plan.name} is no wall: "toward", "ring" and "side" lay out a wall'
    if placing.ring and not shape.ring:
        return f"{plan.name} is never laid out as a ring"
    if placing.copies and shape.copies == 1:
        return f"{plan.name} is placed once: it has no copies"
    if placing.toward is not None and not BF.grid(fight).inside(*placing.toward):
        return f"{plan.name} cannot run toward {placing.toward[0]}, {placing.toward[1]}: it is off the board"
    return None


def _copies_refusal(fight: Any, actor: Any, plan: Any, shape: Any, cell: tuple[int, int],
                    copies: tuple[tuple[int, int], ...]) -> str | None:
    """Each copy aimed where the area may be, and touching another (1.178)."""
    g = BF.grid(fight)
    here = BF.cell_of(actor)
    laid = [set(cells_of(g, shape, here, cell))]
    for other in copies:
        if other == cell or other in copies[:copies.index(other)]:
            return f"{plan.name}: {other[0]}, {other[1]} is aimed at twice"
        if not aim_ok(g, shape, here, other, lambda a, b: sees(g, a, b)):
            return f"{plan.name} cannot be aimed at {other[0]}, {other[1]}"
        laid.append(set(cells_of(g, shape, here, other)))
    joined, left = [laid[0]], laid[1:]
    while left:
        nxt = next((c for c in left if any(steps(a, b) <= 1 for j in joined for a in j for b in c)), None)
        if nxt is None:
            return f"{plan.name}: each copy touches another, and some do not"
        joined.append(nxt)
        left.remove(nxt)
    return None


def _area_item(fight: Any, actor: Any, item: MenuItem, span: Any,
               far: tuple[Any, list[str]] | None = None) -> MenuItem | None:
    """The area option with the cells it may be aimed at and whom each catches; with `far`,
    also the cells only the longer range reaches (`board.alterNeeded`: cell -> ids)."""
    aims: list[list[int]] = []
    catches: dict[str, list[str]] = {}
    covers: dict[str, dict[str, str]] = {}
    needed: dict[str, list[str]] = {}
    forced = option_save(item.plan)
    near = _aim_candidates(fight, actor, span)
    candidates = [(cell, span) for cell in near]
    if far is not None and far[0].area is not None:
        inside = set(near)
        candidates += [(cell, far[0]) for cell in _aim_candidates(fight, actor, far[0]) if cell not in inside]
    for cell, reach in candidates:
        who = caught(fight, actor, item.plan, reach, cell)
        if who:
            aims.append([cell[0], cell[1]])
            catches[f"{cell[0]},{cell[1]}"] = [c.id for c in who]
            if reach is not span and far is not None:
                needed[f"{cell[0]},{cell[1]}"] = far[1]
            if forced is not None:
                covered = _save_covers(fight, actor, who, forced, cell)
                if covered:
                    covers[f"{cell[0]},{cell[1]}"] = covered
    shape = span.area
    if not aims and shape.shape != "wall":
        return None
    area = {"shape": shape.shape, "size": say(fight, shape.size)}
    if shape.shape == "line" and shape.width > 1:
        area["width"] = say(fight, shape.width)
    if shape.shape in AIMED_WITHOUT_RANGE:
        area["range"] = say(fight, shape.range) if shape.range else AIMED_WITHOUT_RANGE[shape.shape]
    area.update(_layout(fight, item.plan, shape))
    board: dict[str, Any] = {"area": area, "aim": aims, "catches": catches}
    if covers:
        board["saveCover"] = covers
    if needed:
        board["alterNeeded"] = needed
    new = item.option.model_copy(update={"count": 0, "targets": [], "board": board})
    return MenuItem(new, dataclasses.replace(item.plan))


def layout_worth(actor: Any, who: list[Any]) -> float:
    """What an area's catch is worth to the Engine when it lays a wall out: one for each
    opponent, less one and a half for each ally (as `copies_for` counts)."""
    return sum(1.0 if c.side != actor.side else -1.5 for c in who)


#: The ways a wall may run from its aim point besides straight across: toward each
#: neighbouring cell, north-west first, row by row.
_TOWARD = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]


def best_layout(fight: Any, actor: Any, plan: Any, span: Any, cell: tuple[int, int],
                straight: list[Any]) -> tuple[Placing, list[Any]] | None:
    """The wall's layout at `cell` that catches more worth than the straight wall through it
    (whom it catches: `straight`): a ring when the area has one (1.177), else run toward a
    neighbouring cell (ties: the ring, then `_TOWARD`'s order); None when none does better."""
    g = BF.grid(fight)
    ways = [Placing(ring=True)] if span.area.ring else []
    ways += [Placing(toward=(cell[0] + dx, cell[1] + dy)) for dx, dy in _TOWARD if g.inside(cell[0] + dx, cell[1] + dy)]
    best, top = None, layout_worth(actor, straight)
    for way in ways:
        who = caught(fight, actor, plan, span, cell, way)
        worth = layout_worth(actor, who)
        if who and worth > top:
            best, top = (way, who), worth
    return best


def wall_layouts(fight: Any, actor: Any, item: MenuItem) -> dict[str, list[str]]:
    """For the Engine's weighing of a wall option (board/tactics.py; never drawn with the
    menu, which it would make several times slower): per aim point where a ring or a run
    toward a neighbouring cell catches more than the straight wall (`best_layout`), whom it
    catches."""
    span = area_span(fight, actor, item.plan)
    straight = (item.option.board or {}).get("catches") or {}
    out: dict[str, list[str]] = {}
    for cell in _aim_candidates(fight, actor, span):
        key = f"{cell[0]},{cell[1]}"
        found = best_layout(fight, actor, item.plan, span, cell, [fight.get(t) for t in straight.get(key, [])])
        if found is not None:
            out[key] = [c.id for c in found[1]]
    return out


def placing_for(fight: Any, actor: Any, plan: Any, cell: tuple[int, int]) -> Placing | None:
    """The Engine's layout of the area it aims at `cell`: a wall as `best_layout` lays it
    (the same rule `wall_layouts` weighs it by), straight across when nothing does
    better; a burst or box placed several times as `copies_for` places it; None for
    anything else."""
    span = area_span(fight, actor, plan)
    if span is not None and span.area.shape == "wall":
        found = best_layout(fight, actor, plan, span, cell, caught(fight, actor, plan, span, cell))
        return found[0] if found is not None else None
    return copies_for(fight, actor, plan, cell)


def copies_for(fight: Any, actor: Any, plan: Any, cell: tuple[int, int]) -> Placing | None:
    """The Engine's tactics for an area placed several times (1.178): with the first copy on
    `cell`, each other copy, touching those placed, where it newly catches the most
    opponents less one and a half for each ally (ties: the one nearest an opponent not yet
    caught, so the copies reach toward them; then the first in row order). None for an
    area placed once."""
    span = area_span(fight, actor, plan)
    if span is None or span.area.copies <= 1:
        return None
    g = BF.grid(fight)
    here = BF.cell_of(actor)
    shape = span.area
    placed = [cell]
    laid = set(cells_of(g, shape, here, cell))
    before = caught(fight, actor, plan, span, cell)
    foes = BF.standing_foes(fight, actor)
    for _ in range(shape.copies - 1):
        best: tuple[float, int, tuple[int, int], list[Any]] | None = None
        left = [BF.cell_of(f) for f in foes if f not in before]
        reach = shape.size + 1
        xs = [c[0] for c in laid] or [cell[0]]
        ys = [c[1] for c in laid] or [cell[1]]
        for y in range(min(ys) - reach, max(ys) + reach + 1):
            for x in range(min(xs) - reach, max(xs) + reach + 1):
                if (x, y) in placed or not aim_ok(g, shape, here, (x, y), lambda a, b: sees(g, a, b)):
                    continue
                cells = cells_of(g, shape, here, (x, y))
                if not any(steps(a, b) <= 1 for a in cells for b in laid):
                    continue
                who = caught(fight, actor, plan, span, cell, Placing(copies=(*placed[1:], (x, y))))
                new = [c for c in who if c not in before]
                value = sum(1.0 if c.side != actor.side else -1.5 for c in new)
                near = -min((steps((x, y), f) for f in left), default=0)
                if best is None or (value, near) > best[:2]:
                    best = (value, near, (x, y), who)
        if best is None:
            break
        placed.append(best[2])
        laid.update(cells_of(g, shape, here, best[2]))
        before = best[3]
    return Placing(copies=tuple(placed[1:]))


def _save_covers(fight: Any, actor: Any, who: list[Any], forced: tuple[Any, Any], cell: tuple[int, int]) -> dict[str, str]:
    """Per caught target, what cover adds to their save with the area aimed at `cell`."""
    out: dict[str, str] = {}
    for c in who:
        part = save_cover(fight, actor, c, forced[0], forced[1], cell) if c.id != actor.id else None
        if part is not None:
            out[c.id] = words(part)
    return out


def area_span(fight: Any, actor: Any, plan: Any) -> Any:
    span = span_of(fight, actor, plan) if plan.of_kind.aims_areas else None
    return span if span is not None and span.area is not None else None


def check_aim(fight: Any, actor: Any, plan: Any, cell: tuple[int, int] | None,
              placing: Placing | None = None) -> list[Any] | Refusal:
    """Whom an area option aimed at `cell` (laid out as `placing` says) catches, or the
    refusal (`bad-cell`). A wall stands wherever it is placed, catching someone or not."""
    span = area_span(fight, actor, plan)
    if cell is None:
        return Refusal("bad-cell", f"{plan.name} is aimed at a cell: give \"cell\": [x, y]")
    g = BF.grid(fight)
    if not aim_ok(g, span.area, BF.cell_of(actor), cell, lambda a, b: sees(g, a, b)):
        return Refusal("bad-cell", f"{plan.name} cannot be aimed at {cell[0]}, {cell[1]}")
    wrong = _placing_refusal(fight, actor, plan, span.area, placing)
    if wrong is None and placing is not None and placing.copies:
        wrong = _copies_refusal(fight, actor, plan, span.area, cell, placing.copies)
    if wrong is not None:
        return Refusal("bad-cell", wrong)
    who = caught(fight, actor, plan, span, cell, placing)
    if not who and span.area.shape != "wall":
        return Refusal("bad-cell", f"{plan.name} aimed at {cell[0]}, {cell[1]} catches nobody")
    return who


# ---------------------------------------------------------------------------
# help beside, shake-off reach
# ---------------------------------------------------------------------------


def _help_beside(fight: Any, actor: Any, item: MenuItem) -> MenuItem | None:
    """Help (a standard action) with `help.beside` only beside an opponent; every other
    standard action is aimed at nobody it must reach."""
    if item.plan.standard != "help":
        return item
    effects = fight.combat.standardEffects
    beside = effects is not None and getattr(effects, "help", None) is not None and effects.help.beside
    if not beside:
        return item
    if not any(BF.adjacent(fight, actor, o) for o in BF.standing_foes(fight, actor)):
        return None
    return item


def helped_against(fight: Any, helper: Any) -> list[str]:
    """With `help.beside`: the opponents beside the helper when they helped."""
    return [o.id for o in BF.standing_foes(fight, helper) if BF.adjacent(fight, helper, o)]


def _shake_off_within(fight: Any, actor: Any, item: MenuItem) -> MenuItem | None:
    """A shake-off only within its `reach` of the holder (1 cell unless it says)."""
    _kind, holder_id, condition = (item.plan.option_id or "").split(":", 2)
    holder = fight.state.combatant(holder_id)
    if holder is None or holder.position is None:
        return None
    rule = N.condition_rules(fight.ruleset).get(condition)
    reach = getattr(getattr(rule, "shakeOff", None), "reach", None)
    cells = (to_cells(reach, float(fight.combat.distance.perCell)) or 0) if reach is not None else 1
    return item if BF.distance_cells(fight, actor, holder) <= cells else None


#: The kinds of plan (`Plan.kind`) a board keeps or drops by their own rule rather than by
#: a span of reach and range: the option kept (None: dropped).
UNSPANNED: dict[str, Callable[[Any, Any, MenuItem], MenuItem | None]] = {
    "standard": _help_beside, "shake-off": _shake_off_within,
}


__all__ = ["board_items", "caught", "check_aim", "copies_for", "placing_for", "best_layout", "layout_worth", "wall_layouts", "area_span", "helped_against", "out_of_range", "votes", "TOTAL"]
