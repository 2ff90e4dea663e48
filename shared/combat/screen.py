"""What the battle screen shows (spec/combat-3 "On screen" and "Positions"), worked out on
the server so the page computes nothing.

Owns: `screen_view(ruleset, state, ...)`: turn order, the round, every combatant's health
(a pool's current and maximum, or a track's boxes), temporary points, conditions with
rounds left, concentration, both counts of the dying rule, budgets left and movement left
in the ruleset's unit, and on a board the grid with its terrain and heights. It reads the
state through the same rules the resolver uses (`numbers.health`, the sheet engine) and
never rolls a die. It leaves out what the table does not see: sheets, creature blocks and
the dice.
"""

from __future__ import annotations

from typing import Any

from .zone_state import zone_list
from .summon_state import summon_list
from ..protocol_screen import (
    BoardShown,
    BudgetShown,
    CombatantShown,
    ConcentrationShown,
    ConditionShown,
    DyingShown,
    HealthBox,
    HealthShown,
    MovementShown,
    PendingShown,
    ScreenView,
    SummonShown,
    TerrainShown,
    WindowShown,
    ZoneShown,
)
from ..ruleset.package import Ruleset
from . import numbers as N
from .board.units import say
from .fight import Fight
from .snapshot import working_copy
from .state import BattleState, Combatant
from .board.flight import height_text
from .sizes import side

#: The dying rule's count needed when the sheet's track gives no maximum (the spec's three).
DEFAULT_DYING_NEED = 3


def _health(fight: Fight, c: Combatant) -> tuple[HealthShown, int]:
    spec = fight.combat.health
    current, top, temp = N.health(fight, c)
    label = N.health_label(fight.ruleset)
    if spec.pool is not None or c.sheet is None:
        return HealthShown(kind="pool", label=label, current=current, max=top), temp
    view = fight.view(c)
    info = view.track(N.health_track(fight)) if view is not None else None
    boxes = None
    if info is not None and info.harm is not None and info.state is not None:
        names = [level for level, _penalty in info.harm.levels]
        marks = list(info.state.marks) + [None] * (info.harm.length - len(info.state.marks))
        boxes = [HealthBox(label=names[i] if i < len(names) else str(i + 1),
                           mark=info.harm.labels.get(m, m) if m else None) for i, m in enumerate(marks)]
    return HealthShown(kind="track", label=label, current=current, max=top, boxes=boxes), temp


def _dying(fight: Fight, c: Combatant) -> DyingShown | None:
    rule = fight.combat.dying
    if c.dying is None or rule is None:
        return None
    view = fight.view(c)
    need = []
    for track in (rule.successes, rule.failures):
        info = view.track(track) if view is not None else None
        need.append(info.max if info is not None else DEFAULT_DYING_NEED)
    return DyingShown(successes=c.dying.get("successes", 0), successes_needed=need[0],
                      failures=c.dying.get("failures", 0), failures_needed=need[1])


def _movement(fight: Fight, c: Combatant) -> MovementShown:
    aloft = None
    if c.aloft:
        aloft = height_text(fight, c.aloft)
    return MovementShown(left=say(fight, c.movement), cells=c.movement, airborne=c.airborne, aloft=aloft,
                         modes={m: say(fight, n) for m, n in c.modes.items()} or None)


def _combatant(fight: Fight, c: Combatant, on_board: bool) -> CombatantShown:
    health, temp = _health(fight, c)
    ruleset = fight.ruleset
    conditions = [ConditionShown(id=h.id, label=N.label(ruleset, "condition", h.id), rounds=h.rounds,
                                 counts="source" if h.of == "source" else "holder") for h in c.conditions]
    concentration = (ConcentrationShown(entry=c.concentration.entry, label=c.concentration.label)
                     if c.concentration is not None else None)
    budgets = [BudgetShown(id=b.id, label=b.label, left=c.budgets.get(b.id, 0), per=b.per)
               for b in fight.combat.economy.budgets]
    movement = _movement(fight, c) if on_board and c.position is not None else None
    return CombatantShown(
        id=c.id, name=c.name, side=c.side, controller=c.controller, player=c.player,
        position=(c.position[0], c.position[1]) if c.position is not None else None, down=c.down, out=c.out,
        initiative=c.initiative, health=health, temp=max(temp, c.temp), conditions=conditions,
        concentration=concentration, dying=_dying(fight, c), budgets=budgets, movement=movement,
        cells=_cells(fight, c) if on_board else None, away=_away(fight, c))


def _cells(fight: Fight, c: Combatant) -> int | None:
    """Cells a side of the square `c` fills when more than one (1.194)."""
    width = side(fight, c)
    return width if width > 1 else None


def _away(fight: Fight, c: Combatant) -> str | None:
    """How someone away from the fight alive is shown (dismissal.py)."""
    away = c.away
    if away is None:
        return None
    if away.left:
        return "Left the fight"
    if away.condition is None:
        return "Dismissed"
    return f"Away while {N.label(fight.ruleset, 'condition', away.condition)}"


def _board(fight: Fight, board: dict[str, Any]) -> BoardShown:
    legend = {ch: TerrainShown(kind=spec["kind"], label=spec.get("label", spec["kind"]),
                               cost=say(fight, spec.get("cost", 1)))
              for ch, spec in board["legend"].items()}
    return BoardShown(width=board["width"], height=board["height"], rows=list(board["rows"]),
                      heights=list(board["heights"]), legend=legend,
                      # A board is played only where the ruleset declares `distance` (board/setup.py).
                      unit=fight.combat.distance.label if fight.combat.distance is not None else "")


def _pending(state: BattleState) -> PendingShown | None:
    p = state.pending
    if p is None or state.outcome:
        return None
    window = None
    if p.window is not None:
        w = p.window
        window = WindowShown(moment=w.moment, source=w.source, target=w.target, asking=list(w.asking))
    return PendingShown(actor=p.actor, decision=p.decision, controller=p.controller, player=p.player,
                        window=window)


def screen_view(ruleset: Ruleset, state: BattleState, *, battle: str, revision: int, last_seq: int,
                status: str) -> ScreenView:
    """The screen of `state` as anyone at the table sees it (the state is not changed)."""
    fight = Fight(ruleset, working_copy(state))
    on_board = state.board is not None
    current = state.current()
    return ScreenView(
        battle=battle, revision=revision, last_seq=last_seq, status=status,  # type: ignore[arg-type]
        ruleset=ruleset.name,
        round=state.round, turn=current.id if current is not None and not state.outcome else None,
        order=list(state.order), outcome=state.outcome, style=state.style, pending=_pending(state),
        combatants=[_combatant(fight, c, on_board) for c in fight.state.combatants],
        board=_board(fight, state.board) if on_board and state.board is not None else None,
        zones=[ZoneShown(name=z.name, owner=z.owner, rounds=z.rounds, label=label, cells=[list(c) for c in z.cells],
                         holds=list(z.holds), walls=[list(c) for c in z.standing_cells()] if z.blocks else [])
               for z, label in zip(state.zones, zone_list(fight))],
        summons=[SummonShown(name=s.name, owner=s.owner, rounds=s.rounds, label=label,
                             cell=list(s.cell) if s.cell is not None else None)
                 for s, label in zip(state.summons, summon_list(fight))],
    )
