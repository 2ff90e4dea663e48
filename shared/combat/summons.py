"""What summons do (spec/mechanics-1 "Summons", Capability API 1.122); the records themselves
are summon_state.py's.

Owns: leaving the summon as its entry's casting finishes (`after_casting`, called by the
action step once the reactions to it are over, and never for a cancelled casting), the
owner's "Strike with <summon>" option on their turn (`summon_items`, `summon:<entry>`: only
the summon's own budget is spent; on a board any enemy within `move` plus `reach` of where it
stands, walls paying no part, off the board any standing enemy), the strike itself (`strike`:
it moves to the target, then the entry's own effect lands on them with the casting's to-hit,
save DC and payment level, through the same windows as any of the owner's uses), and the
Engine's pick of it (`summon_pick`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from . import numbers as N
from . import summon_state as SS
from .actions import RESOLVES
from .entries import PUSHED_FROM, entry_lands_on
from .board import battlefield as BF
from .board.units import gap, per_cell, say, steps, to_cells
from .fight import Fight
from .options import plan_forecasts
from .plan_codec import plan_from_json
from .plan_reading import budget_left, targets_for
from .plans import MenuItem, Option, Plan, entry_side
from .sizes import side
from .state import Combatant, Summon
from .tactics import option_score

Cell = tuple[int, int]

#: The plan kind of a summon's strike (plans.PLAN_KINDS).
SUMMON = "summon"


def after_casting(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant]) -> None:
    """An entry's casting is over and was not cancelled: an entry with `summons` leaves its
    summon next to the first target (summon_state.leave); an owner the reactions dropped
    leaves none, since it would end at once."""
    if plan.mechanics is not None and plan.mechanics.summons is not None and targets \
            and not actor.down and not actor.out:
        SS.leave(fight, actor, plan, targets)


def _casting(fight: Fight, summon: Summon) -> Plan | None:
    owner = fight.state.combatant(summon.owner)
    if owner is None:
        return None
    plan = plan_from_json(fight, owner, summon.plan)
    if plan.mechanics is None or plan.mechanics.summons is None:
        return None
    return plan


def _cells(fight: Fight, plan: Plan) -> tuple[int, int]:
    """`move` and `reach` in cells, in the entry's catalog's unit: `move` 0 and `reach` one
    cell when left out (1.122)."""
    spec = plan.mechanics.summons
    unit = per_cell(fight, plan.entry_catalog)
    return to_cells(spec.move, unit) or 0, to_cells(spec.reach, unit) or 1


def destination(fight: Fight, here: Cell, target: Combatant, move: int, reach: int) -> Cell | None:
    """Where a summon on `here` goes to strike `target`: nowhere when it already reaches
    them; else, of the cells on the board, not solid, within `move` of `here` and within
    `reach` of the target's square, one nobody stands on when there is one, the nearest to
    `here` (summon_state.nearest). Walls on the way pay no part (1.122). None: out of reach."""
    if target.position is None:
        return None
    there, width = BF.cell_of(target), side(fight, target)
    if gap(here, 1, there, width) <= reach:
        return here
    if gap(here, 1, there, width) > move + reach:
        return None
    g = BF.grid(fight)
    candidates = [(x, y) for y in range(there[1] - reach, there[1] + width + reach)
                  for x in range(there[0] - reach, there[0] + width + reach)
                  if g.inside(x, y) and not g.solid(x, y) and steps(here, (x, y)) <= move
                  and gap((x, y), 1, there, width) <= reach]
    if not candidates:
        return None
    taken = {cell for c in BF.present(fight) if not c.out for cell in BF.body(fight, c)}
    free = [c for c in candidates if c not in taken] or candidates
    return min(free, key=lambda c: SS.nearest(c, here))


def _strike_plan(casting: Plan, summon: Summon) -> Plan:
    """The strike: the casting's plan (its to-hit, save DC, payment level, item) spending
    only the summon's budget, aimed at one enemy and never at a cell."""
    spec = casting.mechanics.summons
    return replace(casting, kind=SUMMON, budget=spec.budget, costs=[], option_id=f"{SUMMON}:{summon.entry}",
                   aim=None, placing=None, uses_key=None, uses_count=0)


def summon_items(fight: Fight, actor: Combatant) -> list[MenuItem]:
    """The owner's "Strike with <summon>" for each of their summons, on their turn while its
    budget is left, aimed at one enemy it reaches (`board.moves`: the cell it would strike
    from, for each)."""
    if not fight.state.summons or fight.state.current() is not actor:
        return []
    items: list[MenuItem] = []
    on_board = fight.state.board is not None
    for summon in fight.state.summons:
        if summon.owner != actor.id:
            continue
        casting = _casting(fight, summon)
        if casting is None or not budget_left(actor, casting.mechanics.summons.budget):
            continue
        plan = _strike_plan(casting, summon)
        # Standing ones only (1.122), and never one hidden from the owner (1.287).
        standing = [c for c in targets_for(fight, actor, entry_side(casting.mechanics)) if not c.down]
        moves: dict[str, list[int]] = {}
        budget = N.label(fight.ruleset, "budget", plan.budget) if plan.budget else ""
        if on_board and summon.cell is not None:
            move, reach = _cells(fight, casting)
            here = (summon.cell[0], summon.cell[1])
            for c in standing:
                cell = destination(fight, here, c, move, reach)
                if cell is not None:
                    moves[c.id] = [cell[0], cell[1]]
            targets = [c for c in standing if c.id in moves]
            text = f"{budget}; it moves up to {say(fight, move)} and reaches {say(fight, reach)}, from {here[0]}, {here[1]}"
        else:
            # Off the board any standing enemy is within its reach (1.122).
            targets = standing
            text = f"{budget}; it reaches any standing enemy"
        if not targets:
            continue
        before = fight.resolving.aiming
        fight.resolving.aiming = plan
        try:
            forecasts = plan_forecasts(fight, actor, plan, targets)
        finally:
            fight.resolving.aiming = before
        board: dict[str, Any] | None = {"summon": summon.entry, "cell": summon.cell, "moves": moves} if on_board else None
        items.append(MenuItem(Option(id=plan.menu_id, label=f"Strike with {summon.name}", group=SUMMON,
                                     budget=plan.budget, targets=[t.id for t in targets], count=1,
                                     forecasts=forecasts, text=text, board=board), plan))
    return items


def _summon_of(fight: Fight, actor: Combatant, entry: str | None) -> Summon | None:
    return next((s for s in fight.state.summons if s.owner == actor.id and s.entry == entry), None)


def strike(fight: Fight, actor: Combatant, plan: Plan, targets: list[Combatant], cursor: dict[str, Any] | None) -> None:
    """The summon moves next to the target (when it is not already within its reach) and
    strikes: the entry's own effect on them, resumed where a hit window held it."""
    target = targets[0]
    if cursor is None:
        summon = _summon_of(fight, actor, plan.entry_ref)
        if summon is None:
            # Ended while the reactions to the strike were asked (its owner's concentration).
            fight.emit("note", f"{plan.name} is gone: it strikes nobody.", actor=actor.id)
            return
        if summon.cell is not None and target.position is not None:
            move, reach = _cells(fight, plan)
            start = (summon.cell[0], summon.cell[1])
            cell = destination(fight, start, target, move, reach)
            if cell is not None and cell != start:
                summon.cell = [cell[0], cell[1]]
                fight.emit("summon-move", f"{summon.name} moves {say(fight, steps(start, cell))} to {cell[0]}, {cell[1]}.",
                           actor=actor.id, summon=summon.entry, start=[start[0], start[1]], cell=summon.cell)
        fight.emit("summon-strike", f"{actor.name}'s {summon.name} strikes at {target.name}.", actor=actor.id,
                   summon=summon.entry, target=target.id)
    entry_lands_on(fight, actor, plan, target, cursor=cursor)


RESOLVES[SUMMON] = strike


def _struck_from(fight: Fight, actor: Combatant, plan: Plan) -> Cell | None:
    """The summon's cell: its strike's push drives the target away from the weapon, not
    from its owner."""
    summon = _summon_of(fight, actor, plan.entry_ref)
    return (summon.cell[0], summon.cell[1]) if summon is not None and summon.cell is not None else None


PUSHED_FROM[SUMMON] = _struck_from


def summon_pick(fight: Fight, actor: Combatant, items: list[MenuItem]) -> tuple[MenuItem, list[str]] | None:
    """The Engine's tactics for its summons: the first strike on the menu worth anything,
    aimed at the enemy it is worth most against (tactics.option_score); None without one."""
    for item in items:
        if item.plan.kind != SUMMON:
            continue
        score, targets = option_score(fight, actor, item)
        if score > 0 and targets:
            return item, targets[:1]
    return None
