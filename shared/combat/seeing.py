"""Who sees whom (spec/mechanics-1 "Sight", 1.178, and "Senses and sight, continued",
1.180; the senses of 1.127 and 1.182).

Owns: `lacks` (the senses a combatant's conditions say it does not have, 1.127), `senses`
(each sense a combatant has, with its range in the ruleset's distance unit: a creature's own
`senses`, a character's read from the sheet through `combat.senses[].sheet`, and those that
conditions in force grant, the greater range counting, or `{ "add": n }` added to the
holder's own), `hidden_by` (what hides a combatant: each `unseen` condition in force, unless
a `cancelsUnseen` condition outlines them), `sees` (the one answer every reader asks: line of
sight on a board, eyes or a `blind` sense, and every `unseen` pierced by a sense in range),
`sees_clearly` (the same, whatever a Hide says: what hiding.py asks), `sees_cell` (the same
for a cell nobody stands on: a teleport's `seen`, 1.276), `hidden_from` (a
Hide's seekers), `all_hidden_from`, `opponents`, `OBSCURING` (where lasting zones plug in: functions giving the cells they obscure and the
senses that pierce each), `LIGHTLY` and `lightly_obscured` (light obscurement, 1.286) and `unseen_votes` (`combat.sight.
unseenAttacks`: advantage when the target cannot see the attacker, disadvantage when the
attacker cannot see the target), and `source_in_sight` (a `whileSourceInSight` condition's
holder sees its applier, or stands within its `orSourceWithin`: numbers.py's
`SOURCE_IN_SIGHT`, so a fear out of sight loses what it names).

Sight reads every condition held (`held_rules`), suspended or not: a condition kept only
while its applier is in sight cannot hide that applier from sight.

Off the board there are no walls and every distance is in range: only eyes and `unseen`
decide. Targeting (`seen`), attack rolls, `seesSource` and the Engine's tactics all read
`sees`, so they agree.
"""

from __future__ import annotations

from typing import Callable, Iterable

from . import numbers as N
from .board import battlefield as BF
from .board.sight import centre_line
from .board.sight import sees_body
from .board.sight import sees as line_of_sight
from .board.units import per_cell, steps
from ..ruleset.conditions import CombatCondition
from .fight import Fight
from .state import Combatant

Cell = tuple[int, int]

#: Obscuring cells (spec/mechanics-1 1.178: a zone with `obscures`): each function answers,
#: for the fight, the cells it obscures with the senses that see through each (an empty
#: list: none do). obscurement.py adds the lasting zones'.
OBSCURING: list[Callable[[Fight], dict[Cell, list[str]]]] = []
#: Lightly obscuring cells (mechanics-3 1.286, `obscures.light`): they hide nobody, but one
#: seen through or inside them is not seen clearly (obscurement.py).
LIGHTLY: list[Callable[[Fight], set[Cell]]] = []


def lacks(fight: Fight, c: Combatant) -> list[str]:
    """Senses the combatant's conditions say it does not have, in a stable order."""
    out: list[str] = []
    for _name, rule, _held in N.held_rules(fight, c):
        for sense in getattr(rule, "lacks", None) or []:
            if sense not in out:
                out.append(sense)
    return out


def senses(fight: Fight, c: Combatant) -> dict[str, float]:
    """Each sense `c` has beyond eyes, with its range in the ruleset's distance unit."""
    own: dict[str, float] = {}
    block = c.block or {}
    for sid, reach in (block.get("senses") or {}).items():
        if isinstance(reach, int | float) and reach > 0:
            own[sid] = float(reach)
    view = fight.view(c)
    if view is not None:
        for decl in fight.combat.senses or []:
            if decl.sheet is not None:
                reach = float(view.value(decl.sheet))
                if reach > 0:
                    own[decl.id] = max(own.get(decl.id, 0.0), reach)
    out = dict(own)
    for _name, rule, _held in N.held_rules(fight, c):
        for sid, grant in (getattr(rule, "senses", None) or {}).items():
            added = getattr(grant, "add", None)
            reach = own.get(sid, 0.0) + float(added) if added is not None else float(grant)
            out[sid] = max(out.get(sid, 0.0), reach)
    return out


def hidden_by(fight: Fight, c: Combatant) -> list[tuple[str, list[str]]]:
    """(condition name, the senses that pierce it) for each `unseen` condition hiding `c`;
    none while a `cancelsUnseen` condition outlines them."""
    found: list[tuple[str, list[str]]] = []
    for name, rule, _held in N.held_rules(fight, c):
        if getattr(rule, "cancelsUnseen", None):
            return []
        unseen = getattr(rule, "unseen", None)
        if unseen is not None:
            found.append((name, list(unseen.pierced or [])))
    return found


def _blind(fight: Fight) -> set[str]:
    return {d.id for d in fight.combat.senses or [] if d.blind}


def _placed(fight: Fight, *cs: Combatant) -> bool:
    return BF.on_board(fight) and all(c.position is not None for c in cs)


def _in_range(fight: Fight, viewer: Combatant, target: Combatant, reach: float) -> bool:
    if not _placed(fight, viewer, target):
        return True
    return BF.distance_cells(fight, viewer, target) * per_cell(fight) <= reach


def _pierces_at(fight: Fight, have: dict[str, float], pierced: Iterable[str], cells: int | None) -> bool:
    """A sense of `pierced` reaching `cells` away (None: off the board, every range reaches)."""
    if cells is None:
        return any(sid in have for sid in pierced)
    return any(sid in have and cells * per_cell(fight) <= have[sid] for sid in pierced)


def _pierces(fight: Fight, viewer: Combatant, target: Combatant, have: dict[str, float],
             pierced: Iterable[str]) -> bool:
    cells = BF.distance_cells(fight, viewer, target) if _placed(fight, viewer, target) else None
    return _pierces_at(fight, have, pierced, cells)


def _obscuring(fight: Fight) -> dict[Cell, list[str]]:
    # Nothing moves while a menu is drawn (Memo.menu): the obscured cells are read once.
    menu = fight.memo.menu
    kept: dict[Cell, list[str]] | None = menu.get("obscuring") if menu is not None else None
    if kept is not None:
        return kept
    cells: dict[Cell, list[str]] = {}
    for obscuring in OBSCURING:
        cells.update(obscuring(fight))
    if menu is not None:
        menu["obscuring"] = cells
    return cells


def _between(fight: Fight, viewer: Combatant, target: Combatant) -> tuple[Cell, ...]:
    """The cells seen through from `viewer` to `target`, and the target's own."""
    a, b = BF.cell_of(viewer), BF.cell_of(target)
    return (*centre_line(BF.grid(fight), a, b), b)


def _obscured(fight: Fight, viewer: Combatant, target: Combatant, have: dict[str, float],
              cells: dict[Cell, list[str]]) -> bool:
    if not cells or not _placed(fight, viewer, target):
        return False
    return any(cell in cells and not _pierces(fight, viewer, target, have, cells[cell])
               for cell in _between(fight, viewer, target))


def lightly_obscured(fight: Fight, viewer: Combatant, target: Combatant) -> bool:
    """Whether `viewer` sees `target` only through or inside light obscurement (1.286)."""
    if not LIGHTLY or not fight.state.zones or not _placed(fight, viewer, target):
        return False
    cells: set[Cell] = set()
    for lightly in LIGHTLY:
        cells |= lightly(fight)
    return bool(cells) and any(cell in cells for cell in _between(fight, viewer, target))


def hidden_from(target: Combatant, viewer: Combatant) -> bool:
    """Whether `target` is hidden from `viewer` by the Hide action (hiding.py, 1.287)."""
    return target.hidden is not None and viewer.id in target.hidden.seekers


def opponents(fight: Fight, c: Combatant) -> list[Combatant]:
    """Everyone on the other side still in the fight."""
    return [o for o in fight.state.combatants if o.side != c.side and not o.out]


def all_hidden_from(fight: Fight, seeker: Combatant) -> bool:
    """Whether every standing opponent of `seeker` is hidden from them by a Hide (when the
    Game Master searches, tactics.py)."""
    rivals = [o for o in opponents(fight, seeker) if not o.down]
    return bool(rivals) and all(hidden_from(o, seeker) for o in rivals)


def sees_cell(fight: Fight, viewer: Combatant, there: Cell) -> bool:
    """Whether `viewer`, on the board, sees the cell `there` (a teleport's `seen`, mechanics-3
    1.276): a line of sight, eyes (or a `blind` sense reaching it) and nothing obscuring on
    the way that no sense in range pierces. Nobody stands there to be hidden."""
    here = BF.cell_of(viewer)
    if here == there:
        return True
    if not line_of_sight(BF.grid(fight), here, there):
        return False
    eyes = fight.combat.sight.eyes if fight.combat.sight is not None else None
    blinded = eyes is not None and eyes in lacks(fight, viewer)
    obscured = _obscuring(fight) if OBSCURING else {}
    if not blinded and not obscured:
        return True
    have = senses(fight, viewer)
    far = steps(here, there)
    if blinded and not _pierces_at(fight, have, _blind(fight), far):
        return False
    return not any(cell in obscured and not _pierces_at(fight, have, obscured[cell], far)
                   for cell in (*centre_line(BF.grid(fight), here, there), there))


def sees(fight: Fight, viewer: Combatant, target: Combatant) -> bool:
    """Whether `viewer` sees `target`: `sees_clearly`, and `target` not hidden from them by
    the Hide action (1.287)."""
    if target.hidden is not None and viewer.id in target.hidden.seekers:
        return False
    if viewer.averted and target.id in viewer.averted:
        # Eyes averted from a gaze (1.268, aura_avert.py): the holder is unseen until they look.
        return False
    return sees_clearly(fight, viewer, target)


def sees_clearly(fight: Fight, viewer: Combatant, target: Combatant) -> bool:
    """Whether `viewer` sees `target` whatever the Hide action says: a line of sight on the
    board, eyes (or, without them, a `blind` sense in range), nothing obscuring between, and
    every `unseen` hiding the target pierced by a sense in range. Everyone sees themselves."""
    if viewer.id == target.id:
        return True
    if _placed(fight, viewer, target) and not sees_body(BF.grid(fight), BF.cell_of(viewer), BF.body(fight, target)):
        return False
    hiding = hidden_by(fight, target)
    eyes = fight.combat.sight.eyes if fight.combat.sight is not None else None
    blinded = eyes is not None and eyes in lacks(fight, viewer)
    cells = _obscuring(fight) if fight.state.zones else {}
    if not hiding and not blinded and not cells:
        return True
    have = senses(fight, viewer)
    if blinded and not _pierces(fight, viewer, target, have, _blind(fight)):
        return False
    if _obscured(fight, viewer, target, have, cells):
        return False
    return all(_pierces(fight, viewer, target, have, pierced) for _name, pierced in hiding)


def why_unseen(fight: Fight, viewer: Combatant, target: Combatant) -> str | None:
    """The sentence saying `viewer` cannot see `target` (None when it can)."""
    if sees(fight, viewer, target):
        return None
    hiding = hidden_by(fight, target)
    if hiding:
        return f"{viewer.name} cannot see {target.name} ({hiding[0][0]})"
    return f"{viewer.name} cannot see {target.name}"


def source_in_sight(fight: Fight, holder: Combatant, source: Combatant, rule: CombatCondition) -> bool:
    """Whether a `whileSourceInSight` condition held by `holder` from `source` is wholly in
    force: `holder` sees `source`, or (`orSourceWithin`) stands within that distance of it
    in the ruleset's units (spec/mechanics-3 1.275, 1.277)."""
    if sees(fight, holder, source):
        return True
    within = rule.orSourceWithin
    return within is not None and _in_range(fight, holder, source, float(within))


N.SOURCE_IN_SIGHT.append(source_in_sight)


def unseen_votes(fight: Fight, attacker: Combatant, target: Combatant) -> tuple[int, int]:
    """(advantages, disadvantages) `combat.sight.unseenAttacks` gives an attack roll."""
    sight = fight.combat.sight
    if sight is None or not sight.unseenAttacks or attacker.id == target.id:
        return 0, 0
    return int(not sees(fight, target, attacker)), int(not sees(fight, attacker, target))

