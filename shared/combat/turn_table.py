"""A compelled turn decided by a table rolled at its start (spec/mechanics-3 "Compelled
behavior (1.264)" `table`, with the translator's note 8: Confusion, Mindfire).

Owns `turn_table` and `as_rolled`. As each of the holder's turns starts, the first of its
conditions' `behavior` with a `table` rolls its `dice`; the first row whose `atMost` the
result does not exceed decides the turn (a result above every row: `normal`), kept on the
holder (`Combatant.compelled_to`) until its next turn starts:
- `wander`: the holder walks its full speed straight the way a d8 picks (north first, then
  clockwise), stopping as a push stops (board/push.slide); the turn's movement is spent and
  nobody strikes at it (it is not a walk the holder chose); the turn then ends. Off a board
  there is nowhere to go, and the log says so;
- `nothing`: only ending the turn is left;
- `strike`: only a melee attack (a weapon row's or a creature action's attack roll at reach)
  on a creature within reach the dice pick: one die with a face for each creature, friend
  or foe, in turn order; the attack is aimed at it even when it is an ally. Nobody within
  reach: nothing;
- `normal`: the turn as it is.

The log says `compelled` with the roll and the row (and the wander's way, the creature
picked). `as_rolled` filters the menu after behavior.compel; a choice it took off is refused
as `compelled` (behavior.refusal), and the GM's creatures choose from the same menu.
"""

from __future__ import annotations

from . import blows as B
from . import numbers as N
from .behavior import compelling
from .board import battlefield as BF
from .board.answers import reaches
from .board.falls import hold
from .board.push import slide
from .board.units import say
from .fight import Fight
from .plan_reading import action_plans, weapon_plans
from .plans import MenuItem, Plan
from .state import Combatant

#: A wander's direction by the d8: north first, then clockwise (y grows southward).
WANDER_WAYS: dict[int, tuple[int, int, str]] = {
    1: (0, -1, "north"), 2: (1, -1, "northeast"), 3: (1, 0, "east"), 4: (1, 1, "southeast"),
    5: (0, 1, "south"), 6: (-1, 1, "southwest"), 7: (-1, 0, "west"), 8: (-1, -1, "northwest")}


def _melee(fight: Fight, actor: Combatant, plan: Plan) -> bool:
    """A melee attack: a weapon row's or a creature action's attack roll at reach."""
    if plan.kind not in ("weapon", "action"):
        return False
    hit = B.hit_of(fight, actor, plan)
    return hit is not None and hit.blow == "melee"


def _melee_plans(fight: Fight, c: Combatant) -> list[Plan]:
    view = fight.view(c)
    plans = weapon_plans(fight, c, view) if view is not None else []
    return [p for p in plans + action_plans(fight, c) if _melee(fight, c, p)]


def _within_reach(fight: Fight, c: Combatant) -> list[Combatant]:
    """Every creature, friend or foe, one of `c`'s melee attacks reaches (all of them off
    a board, where every distance is in reach), in turn order."""
    plans = _melee_plans(fight, c)
    if not plans:
        return []
    order = [fight.get(cid) for cid in fight.state.order if fight.state.combatant(cid) is not None]
    return [o for o in order if o.id != c.id and not o.out and not o.down
            and any(reaches(fight, c, p, o) for p in plans)]


def _wander(fight: Fight, c: Combatant, name: str) -> None:
    """The holder's full speed straight one way a d8 picks, stopping as a push stops; it
    spends the turn's movement and draws no strikes (it is not a walk the holder chose)."""
    face = fight.die(8)
    dx, dy, way = WANDER_WAYS[face]
    if fight.state.board is None or c.position is None:
        fight.emit("compelled", f"{c.name} wanders {way} (d8: {face}), off any board: nowhere to go.",
                   actor=c.id, condition=name, direction=way)
        return
    cells = BF.allowance(fight, c)
    moved, drop = slide(fight, c, dx, dy, cells)
    BF.spend(c, cells)
    x, y = BF.cell_of(c)
    fight.emit("compelled", f"{c.name} wanders {way} (d8: {face}) {say(fight, moved)} to {x}, {y}.",
               actor=c.id, condition=name, direction=way, cell=[x, y])
    if drop:
        hold(fight, c, drop)


def _strike_target(fight: Fight, c: Combatant, name: str) -> str:
    """Whom the holder may strike: a creature within reach the dice pick (one die with a
    face for each, in turn order), or `nothing` when there is nobody."""
    near = _within_reach(fight, c)
    if not near:
        fight.emit("compelled", f"{c.name} has nobody within reach to strike, so does nothing.",
                   actor=c.id, condition=name)
        return "nothing"
    face = fight.die(len(near)) if len(near) > 1 else 1
    chosen = near[face - 1]
    picked = f" (d{len(near)}: {face} of {', '.join(o.name for o in near)})" if len(near) > 1 else ""
    fight.emit("compelled", f"{c.name} may only strike {chosen.name} in melee{picked}.", actor=c.id,
               condition=name, target=chosen.id)
    return f"strike:{chosen.id}"


_DOES_TEXT = {"wander": "wanders", "nothing": "does nothing", "strike": "strikes in melee",
              "normal": "acts normally"}


def turn_table(fight: Fight, c: Combatant) -> None:
    """`table` (1.264): rolled as each of the holder's turns starts; the first row whose
    `atMost` the result does not exceed (a result above them all: `normal`) decides it.
    Only the first condition with a table rolls."""
    if c.compelled_to is not None:
        c.compelled_to = None
    for held, behavior in compelling(fight, c):
        table = behavior.table
        if table is None:
            continue
        name = N.label(fight.ruleset, "condition", held.id)
        r = fight.roll(table.dice)
        row = next((row for row in table.rows if r.total <= row.atMost), None)
        does = row.does if row is not None else "normal"
        which = f"the row at most {row.atMost}" if row is not None else "above every row"
        shown = r.describe()
        rolled = f"{shown} = {r.total}" if shown != str(r.total) else shown
        fight.emit("compelled", f"{c.name} is {name}: {table.dice} = {rolled}, {which}: {c.name} {_DOES_TEXT[does]}.",
                   actor=c.id, condition=held.id, roll=r.total, does=does)
        if does == "wander":
            _wander(fight, c, held.id)
            c.compelled_to = "nothing"
        elif does == "nothing":
            c.compelled_to = "nothing"
        elif does == "strike":
            c.compelled_to = _strike_target(fight, c, held.id)
        return


def as_rolled(fight: Fight, actor: Combatant, items: list[MenuItem]) -> list[MenuItem]:
    """The menu as the table rolled it: `nothing`, only ending the turn; `strike:<id>`,
    ending it or a melee attack on that creature alone (friend or foe: one not on the
    attack's own list is put on it). Unchanged with nothing rolled, or once the condition
    holding the table is gone."""
    rolled = actor.compelled_to
    if rolled is None or not any(b.table is not None for _h, b in compelling(fight, actor)):
        return items
    if rolled == "nothing":
        return [item for item in items if item.plan.ends_turn]
    target = rolled.partition(":")[2]
    struck = fight.state.combatant(target)
    if struck is None or struck.out:
        # The creature picked is gone: nobody is left to strike, which is nothing.
        return [item for item in items if item.plan.ends_turn]
    kept: list[MenuItem] = []
    for item in items:
        if item.plan.ends_turn:
            kept.append(item)
        elif _melee(fight, actor, item.plan):
            o = item.option
            aimed = o.model_copy(update={"targets": [target], "count": 1,
                                         "forecasts": [f for f in o.forecasts if f.target == target]})
            kept.append(MenuItem(aimed, item.plan))
    return kept


__all__ = ["WANDER_WAYS", "as_rolled", "turn_table"]
