"""Flying height and being in the air (spec/combat-3 "Flying height", Capability API 1.114;
"Airborne state", 1.354).

Owns: `heights_on` / `airborne_on` (what the package's declared Capability API and its
`elevation.levelHeight` switch on), `flier` / `hovers`, `level_of` (ground plus height
aloft; a height in cells is battlefield.vertical_cells), `start_in_air` (a flier with no walking speed,
or with `hover`, starts in the air), `flight_items` (Fly up, Fly down, Take off, Land),
`fly` (doing one of them), `after_step` (a step flown takes a walker into the air; flying
onto ground as high as itself or higher lands a flier aloft) and `come_down` (a flier that
is dropped, knocked prone or held to speed 0 comes down, unless it hovers; from aloft that
is a fall, falls.py).

Fly up and Fly down each spend one level's worth of flying (`levelHeight` over `perCell`,
at least one cell) from every way of moving at once; a flier rises at most 20 levels above
the ground below. Take off and Land are free. An Engine before 1.114 keeps fliers on the
ground; before 1.354 being in the air is not tracked.
"""

from __future__ import annotations

from typing import Any

from .. import numbers as N
from ..plans import MenuItem, Option, Plan
from ..sizes import side
from ..state import Combatant
from . import battlefield as BF
from .units import gap, say, to_cells
from ...ruleset.gates import ApiVersion
from .falls import hold

#: The highest a flier rises above the ground below it.
MAX_ALOFT = 20
FLIGHT = ("fly-up", "fly-down", "take-off", "land")


def _declares(fight: Any, major: int, minor: int) -> bool:
    declared = fight.ruleset.capabilityApi
    return declared is None or not declared.version() < ApiVersion(major, minor)


def heights_on(fight: Any) -> bool:
    elevation = fight.combat.elevation
    return (elevation is not None and bool(elevation.levelHeight) and fight.combat.distance is not None
            and _declares(fight, 1, 114))


def airborne_on(fight: Any) -> bool:
    return _declares(fight, 1, 354)


def flier(fight: Any, c: Any) -> bool:
    return "fly" in BF.mode_allowances(fight, c)


def hovers(c: Any) -> bool:
    return bool((c.block or {}).get("hover"))


def level_cells(fight: Any) -> int:
    """What one level of height costs to fly up or down, in cells."""
    return to_cells(float(fight.combat.elevation.levelHeight), float(fight.combat.distance.perCell)) or 1


def level_of(fight: Any, c: Combatant) -> int:
    return BF.grid(fight).level(*BF.cell_of(c)) + c.aloft


def gap_from(fight: Any, cell: tuple[int, int], aloft: int, target: Combatant) -> int:
    """battlefield.distance_cells from `cell` (flying `aloft` levels up) to `target`."""
    there = BF.cell_of(target)
    flat = gap(cell, 1, there, side(fight, target))
    if not (aloft or target.aloft):
        return flat
    return max(flat, BF.height_cells(fight, cell, aloft, BF.cell_of(target), target.aloft))


def height_text(fight: Any, levels: int) -> str:
    return f"{levels * float(fight.combat.elevation.levelHeight):g} {fight.combat.distance.label}"


def start_in_air(fight: Any) -> None:
    """At the start of a fight on a board: fliers with no walking speed, or with `hover`,
    are in the air (1.354)."""
    if not airborne_on(fight):
        return
    for c in BF.present(fight):
        modes = BF.mode_allowances(fight, c)
        if "fly" in modes and (hovers(c) or not BF.base_speed(fight, c)):
            c.airborne = True
            fight.emit("note", f"{c.name} starts in the air.", target=c.id, airborne=True)


def _prone(fight: Any, c: Any) -> str | None:
    """The label of a condition that knocks `c` down: the one `falling.prone` names, or
    any with `half-move-to-stand`."""
    elevation = fight.combat.elevation
    named = elevation.falling.prone if elevation is not None and elevation.falling is not None else None
    rules = N.condition_rules(fight.ruleset)
    for held in c.conditions:
        rule = rules.get(held.id)
        if held.id == named or (rule is not None and "half-move-to-stand" in (rule.effects or [])):
            return N.label(fight.ruleset, "condition", held.id)
    return None


def _grounded_why(fight: Any, c: Any) -> str | None:
    if c.down:
        return "is down"
    prone = _prone(fight, c)
    if prone is not None:
        return f"is {prone}"
    if not BF.mode_allowances(fight, c).get("fly"):
        return "cannot fly"
    return None


def come_down(fight: Any) -> None:
    """Every flier in the air that is dropped, knocked prone or held to speed 0 comes down,
    unless it hovers; from aloft it falls to the ground below (falls.py holds the fall)."""

    for c in BF.present(fight):
        if not (c.aloft or c.airborne) or hovers(c):
            continue
        why = _grounded_why(fight, c)
        if why is None:
            continue
        levels, c.aloft, c.airborne = c.aloft, 0, False
        fight.emit("move", f"{c.name} {why} and comes down.", target=c.id, airborne=False, aloft=0)
        if levels:
            hold(fight, c, levels)


def _item(oid: str, label: str, text: str, board: dict[str, Any] | None = None) -> MenuItem:
    return MenuItem(Option(id=oid, label=label, group="move", text=text, board=board),
                    Plan(kind="flight", name=label, option_id=oid))


def flight_items(fight: Any, actor: Any) -> list[MenuItem]:
    """Fly up and Fly down in place (1.114), Take off and Land (1.354), for a flier on its
    own turn."""
    # `modes` is filled at the start of the holder's turn: someone who never flies has no
    # "fly" in it, and nothing more is worked out for them.
    if "fly" not in actor.modes or fight.state.current() is not actor or actor.down:
        return []
    if "cannot-act" in N.effects(fight, actor):
        return []
    modes = BF.mode_allowances(fight, actor)
    items: list[MenuItem] = []
    fly_left = actor.modes.get("fly", 0)
    if heights_on(fight) and modes["fly"] and _prone(fight, actor) is None:
        cost = level_cells(fight)
        spent = {"cost": say(fight, cost), "left": say(fight, actor.movement - cost), "cells": cost}
        if actor.aloft < MAX_ALOFT and fly_left >= cost:
            up = height_text(fight, actor.aloft + 1)
            items.append(_item("fly-up", "Fly up", f"to {up} above the ground for {say(fight, cost)}",
                               {**spent, "aloft": actor.aloft + 1}))
        if actor.aloft > 0 and fly_left >= cost:
            down = height_text(fight, actor.aloft - 1) if actor.aloft > 1 else "the ground"
            items.append(_item("fly-down", "Fly down", f"to {down} for {say(fight, cost)}",
                               {**spent, "aloft": actor.aloft - 1}))
    if airborne_on(fight):
        if not actor.airborne and modes["fly"] and _prone(fight, actor) is None:
            items.append(_item("take-off", "Take off", "free: into the air", {"airborne": True}))
        if actor.airborne and not actor.aloft and BF.base_speed(fight, actor) > 0:
            items.append(_item("land", "Land", "free: down on the ground", {"airborne": False}))
    return items


def fly(fight: Any, actor: Any, which: str) -> None:
    """Fly up, Fly down, Take off or Land, chosen from the menu."""
    if which in ("take-off", "land"):
        actor.airborne = which == "take-off"
        text = f"{actor.name} takes off." if actor.airborne else f"{actor.name} lands."
        fight.emit("move", text, actor=actor.id, airborne=actor.airborne)
        return
    cost = level_cells(fight)
    BF.spend(actor, cost)
    actor.aloft += 1 if which == "fly-up" else -1
    if which == "fly-up" and airborne_on(fight):
        actor.airborne = True
    left = say(fight, actor.movement)
    if actor.aloft:
        where = f"{height_text(fight, actor.aloft)} above the ground"
    elif airborne_on(fight):
        where = "the ground, still in the air"
    else:
        where = "the ground"
    verb = "up" if which == "fly-up" else "down"
    fight.emit("move", f"{actor.name} flies {verb} to {where} for {say(fight, cost)} and has {left} left.",
               actor=actor.id, aloft=actor.aloft, airborne=actor.airborne, cost=cost)


def after_step(fight: Any, mover: Any, mode: str, cell: tuple[int, int], altitude: int | None) -> None:
    """What one step did: a step flown from the ground takes off (1.354); aloft, the flier
    keeps its height over lower ground and lands on ground as high as itself or higher."""
    if altitude is not None:
        ground = BF.grid(fight).level(*cell)
        if ground >= altitude:
            mover.aloft = 0
            fight.emit("move", f"{mover.name} flies onto ground as high as it flies, at {cell[0]}, {cell[1]}.",
                       actor=mover.id, cell=list(cell), aloft=0)
        else:
            mover.aloft = altitude - ground
        return
    if mode == "fly" and not mover.airborne and airborne_on(fight):
        mover.airborne = True
        fight.emit("move", f"{mover.name} takes to the air at {cell[0]}, {cell[1]}.",
                   actor=mover.id, cell=list(cell), airborne=True)
