"""What the board does to an attack roll (spec/combat-3 "Reach and range", "Line of sight
and cover", "Elevation"; spec/combat-1 the distance condition effects).

Owns: `votes` (advantage and disadvantage: a long shot and a shot with an enemy in the
adjacent cell under `ranged`, the high ground's `advantage`, the holder's
`attacks-against-adjacent-advantage` and `attacks-against-far-disadvantage`),
`reaches` (whether an option, or one part of a sequence, reaches a target from where the
attacker stands and sees it), `part_plan` and `aiming_part` (a sequence's part as an option
of its own, aimed while it lands or is forecast), `defense_parts` (cover's `bonus`/`threeQuarters` added to the defense, the high ground's
`bonus` taken off it; each a named part the log shows) and `adjacent_critical`
(`attacks-from-adjacent-critical`: a hit from the adjacent cell is a critical).

The option being resolved or forecast is `fight.resolving.aiming` (its `Plan`); outside a board, or
with nothing aimed, none of this applies. A swing is not a shot, so the `ranged` rules
never touch it, nor a thrown weapon used within its own reach.
"""

from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from typing import Any, Iterator

from .. import item_hits as IH
from .. import numbers as N
from ..numbers import Bonus
from . import battlefield as BF
from ..sizes import side
from ..state import Combatant
from .battlefield import Cell
from .reach import LONG, OUT, SHOT, Span, aim_at, span_of
from .sight import HALF, THREE_QUARTERS, body_cover, sees_body
from .units import gap


def _span(fight: Any, attacker: Any, plan: Any) -> Span | None:
    memo = fight.memo.spans
    key = (attacker.id, id(plan))
    if key not in memo:
        memo[key] = (plan, span_of(fight, attacker, plan))
    span: Span | None = memo[key][1]
    return span


def how(fight: Any, attacker: Any, target: Any, plan: Any) -> str | None:
    """swing / shot / long / out for `plan` from where the attacker stands, or None."""
    if plan is None or attacker.position is None or target.position is None:
        return None
    span = _span(fight, attacker, plan)
    if span is None:
        return None
    return aim_at(span, BF.distance_cells(fight, attacker, target), range_bonus(fight, attacker, target))


def reaches(fight: Any, attacker: Any, target: Any, plan: Any) -> bool:
    """`plan` reaches `target` from the attacker's cell and the attacker sees them; always
    off the board, and for an option distance does not limit."""
    kind = how(fight, attacker, target, plan)
    if kind is None or attacker is target:
        return True
    return kind != OUT and sees_body(BF.grid(fight), BF.cell_of(attacker), BF.body(fight, target))


def part_plan(fight: Any, plan: Any, k: int) -> Any:
    """Part `k` of a sequence as an action option of its own (its own reach and range)."""
    memo = fight.memo.parts
    key = (id(plan), k)
    if key not in memo:
        # The sequence is kept with its part so its id is never reused while the memo lives.
        memo[key] = (plan, dataclasses.replace(plan, kind="action", action=plan.steps[k], steps=[]))
    return memo[key][1]


def parts_reaching(fight: Any, attacker: Any, target: Any, plan: Any) -> list[Any]:
    """The parts of a sequence that reach `target` from where the attacker stands (every
    part off the board)."""
    if not BF.on_board(fight):
        return list(plan.steps)
    return [step for k, step in enumerate(plan.steps) if reaches(fight, attacker, target, part_plan(fight, plan, k))]


@contextmanager
def aiming_part(fight: Any, plan: Any, k: int) -> Iterator[Any]:
    """While part `k` of a sequence lands (or is forecast), its own reach and range decide
    how it is aimed (a swing, a shot, a long shot)."""
    before = fight.resolving.aiming
    part = part_plan(fight, plan, k)
    fight.resolving.aiming = part
    try:
        yield part
    finally:
        fight.resolving.aiming = before


def higher(fight: Any, attacker: Combatant, target: Combatant) -> bool:
    """Attacking down from higher up: higher ground, or flying aloft above (1.114)."""
    g = BF.grid(fight)
    return g.level(*BF.cell_of(attacker)) + attacker.aloft > g.level(*BF.cell_of(target)) + target.aloft


def range_bonus(fight: Any, attacker: Any, target: Any) -> int:
    elevation = fight.combat.elevation
    if elevation is None or not elevation.rangeBonus or not higher(fight, attacker, target):
        return 0
    bonus: int = elevation.rangeBonus
    return bonus


def _apart(fight: Any) -> bool:
    """The option aimed strikes from elsewhere than its user's cell (a summon, 1.122): what
    the board reads from the user's cell does not apply to it."""
    aiming = fight.resolving.aiming
    return aiming is not None and aiming.of_kind.apart


def votes(fight: Any, attacker: Any, target: Any) -> tuple[int, int]:
    if not BF.on_board(fight) or attacker.position is None or target.position is None or attacker is target \
            or _apart(fight):
        return 0, 0
    adv = dis = 0
    kind = how(fight, attacker, target, fight.resolving.aiming)
    ranged = fight.combat.ranged
    if ranged is not None and kind in (SHOT, LONG):
        if kind == LONG and ranged.long == "disadvantage" and not IH.ignores(fight, attacker, target, "ignoresLongRange"):
            dis += 1
        if ranged.adjacentFoe == "disadvantage" and any(BF.adjacent(fight, attacker, o) for o in BF.standing_foes(fight, attacker)):
            dis += 1
    elevation = fight.combat.elevation
    if elevation is not None and elevation.highGround == "advantage" and higher(fight, attacker, target):
        adv += 1
    near = BF.adjacent(fight, attacker, target)
    adv += N.effect_count(fight, target, "attacks-against-adjacent-advantage") if near else 0
    dis += N.effect_count(fight, target, "attacks-against-far-disadvantage") if not near else 0
    return adv, dis


def cover_bodies(fight: Any, attacker: Any, target: Any) -> set[Cell]:
    """With `cover.creatures`: the cells of everyone standing between whom a line may pass."""
    rule = fight.combat.cover
    if rule is None or not rule.creatures:
        return set()
    return {cell for c in BF.present(fight) if not c.down and c.id not in (attacker.id, target.id)
            for cell in BF.body(fight, c)}


def cover_grade(fight: Any, attacker: Any, target: Any) -> str:
    return body_cover(BF.grid(fight), BF.cell_of(attacker), BF.body(fight, target),
                      bodies=cover_bodies(fight, attacker, target))


def defense_parts(fight: Any, attacker: Any, target: Any) -> list[Bonus]:
    if not BF.on_board(fight) or attacker.position is None or target.position is None or attacker is target \
            or _apart(fight):
        return []
    parts: list[Bonus] = []
    # `uncovered`: the tactics' bound for a cell not yet graded (cover only adds to this).
    rule = None if fight.drawing.uncovered else fight.combat.cover
    if rule is not None and not IH.ignores(fight, attacker, target, "ignoresCover"):
        grade = cover_grade(fight, attacker, target)
        if grade == HALF and rule.bonus:
            parts.append(Bonus("half cover", rule.bonus))
        elif grade == THREE_QUARTERS:
            value = rule.threeQuarters if rule.threeQuarters is not None else rule.bonus
            if value:
                parts.append(Bonus("three-quarters cover", value))
    elevation = fight.combat.elevation
    if elevation is not None and not isinstance(elevation.highGround, str | None) and higher(fight, attacker, target):
        parts.append(Bonus("high ground", -elevation.highGround.bonus))
    return parts


class Standings:
    """For weighing cells the attacker has not walked to: everything `votes` and
    `defense_parts` read about it standing on a cell and aiming at a target, as a key. How
    each option reaches the target (each part's, for a sequence), an enemy beside the cell,
    the target beside it, the high ground; the caller adds the cover grade from that cell
    (`cover_grade` with the attacker there), which only ever adds to the defense. Two cells
    with the same key forecast alike."""

    def __init__(self, fight: Any, attacker: Combatant) -> None:
        self.fight, self.attacker = fight, attacker
        self.grid = BF.grid(fight)
        elevation = fight.combat.elevation
        self.rise = elevation.rangeBonus if elevation is not None and elevation.rangeBonus else 0
        # A flier aloft walks at its height over lower ground (flight.py, 1.114).
        self.altitude = self.grid.level(*BF.cell_of(attacker)) + attacker.aloft if attacker.aloft else None
        self.side = side(fight, attacker)
        # An enemy beside matters only to a shot under `ranged`.
        self.beside: set[Cell] = set()
        if fight.combat.ranged is not None:
            self.beside = {(x + dx, y + dy) for f in BF.standing_foes(fight, attacker) for x, y in BF.body(fight, f)
                           for dx in (-1, 0, 1) for dy in (-1, 0, 1)}

    def span(self, plan: Any) -> Any:
        return _span(self.fight, self.attacker, plan)

    def aloft_at(self, cell: tuple[int, int]) -> int:
        """The levels above the ground the attacker would be at on `cell` (0 unless aloft)."""
        if self.altitude is None:
            return 0
        return max(0, self.altitude - self.grid.level(*cell))

    def keys(self, cell: tuple[int, int], target: Any, spans: list[Any]) -> list[tuple[Any, ...] | None]:
        """The key of each span's option against `target` from `cell`; None where it does
        not reach them from there (whether it sees them is `sees`, asked only when needed)."""
        g = self.grid
        tx, ty = target.position
        up = self.aloft_at(cell)
        hi = g.level(*cell) + up > g.level(tx, ty) + target.aloft
        bonus = self.rise if hi else 0
        cells = gap(cell, self.side, (tx, ty), side(self.fight, target))
        if up or target.aloft:
            cells = max(cells, BF.height_cells(self.fight, cell, up, (tx, ty), target.aloft))
        beside = cell in self.beside
        out: list[tuple[Any, ...] | None] = []
        for span in spans:
            kind = aim_at(span, cells, bonus)
            out.append(None if kind == OUT else
                       (kind, tuple(aim_at(p, cells, bonus) for p in span.parts), beside, cells <= 1, hi))
        return out

    def sees(self, cell: tuple[int, int], target: Any) -> bool:
        return sees_body(self.grid, cell, BF.body(self.fight, target))


def defense_against(fight: Any, attacker: Any, target: Any) -> tuple[int, list[Bonus]]:
    """The defense a blow from `attacker` meets, with its parts: the target's own with its
    condition `defense` modifiers (numbers.defense) and, on a board, the cover between them
    and the high ground (`defense_parts`). The one reading attack rolls, dice pools, symbol
    dice and the menu's odds share."""
    defense, parts = N.defense(fight, target)
    if fight.state.board is None:
        return defense, parts
    extra = defense_parts(fight, attacker, target)
    return defense + sum(p.flat for p in extra), parts + extra


def defense_words(fight: Any, defense: int, parts: list[Bonus]) -> str:
    """A defense and its parts in the log's words: `Guard 8 (+ 2 half cover)`."""
    text = f"{N.defense_label(fight.ruleset)} {defense}"
    if parts:
        text += " (" + ", ".join(f"{'+' if p.flat >= 0 else '-'} {abs(p.flat)} {p.label}" for p in parts) + ")"
    return text


def adjacent_critical(fight: Any, attacker: Any, target: Any) -> bool:
    return (BF.on_board(fight) and not _apart(fight) and BF.adjacent(fight, attacker, target)
            and N.effect_count(fight, target, "attacks-from-adjacent-critical") > 0)
