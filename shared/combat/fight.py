"""One step of work on a battle: the ruleset, the state being changed, the dice and the
log, passed to every rule function.

Owns: `Fight`, the step context (emit an event, roll dice from the battle's own seed and cursor, read a
combatant's sheet through the sheet engine, write the sheet back through its own
operations; its `Memo`, `Drawing` and `Resolving` parts) and `combat_block` (the ruleset's
`combat` block, there for every fight). A choice the rules refuse is the sheet's `Refusal`
(`{code, message}`, falsy: nothing changed), the same value a refused sheet operation is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..dice import DiceExpr, DiceRoll, Mode, Roller, ScriptedRoller, SeededRoller, parse_dice, roll
from ..plain_text import plain
from ..ruleset.combat import Combat
from ..ruleset.package import Ruleset
from ..sheet import Refusal, SheetView
from .state import ActionStep, BattleState, Combatant, Event


def combat_block(ruleset: Ruleset) -> Combat:
    """The ruleset's `combat` block, which every rule of a fight reads. A ruleset without one
    resolves no fight: engine.start refuses it before a battle exists (SetupError), so a
    step, and what builds or fits its opponents, never meets one."""
    if ruleset.combat is None:
        raise ValueError(f"{ruleset.name} has no combat block, so it resolves no fight")
    return ruleset.combat


@dataclass
class OpenBlow:
    """One blow being dealt to one target (condition_ends.open_blow/close_blow bracket it):
    its parts land one by one, and what they set off is judged once when the last part has
    landed (effects.blow_ends): one concentration save against what they `landed` in all,
    one check for going down, one count against death for a target already down."""

    depth: int = 1
    landed: int = 0
    #: How much of `landed` has been judged already (an inner bracket closed).
    judged: int = 0
    #: Who dealt the parts that landed (the last one), for what going down reads.
    source: str | None = None
    #: Whether a part of this blow already counted against death (a target already down).
    counted_down: bool = False
    #: `leavesAtLeast` (mechanics-2 1.235): the blow's parts never take the target below
    #: this much health (Harm leaves 1).
    floor: int | None = None


@dataclass
class Memo:
    """What one call of the resolver reads once and keeps. Nothing it holds is changed in
    place while it is kept: each entry is kept with what it was read from (a sheet, a block,
    the combatant list) and checked against it, so a replaced part is read again."""

    #: Sheet views by combatant id, each with the sheet it reads (`Fight.view`).
    views: dict[str, SheetView] = field(default_factory=dict)
    #: Where each id stood in the combatant list when last looked up (`Fight.get`).
    places: tuple[list[Combatant], int, dict[str, int]] | None = None
    #: `numbers.rules_in_force` by combatant, with what it was read from.
    rules: dict[str, tuple[Any, ...]] = field(default_factory=dict)
    #: What is read from parts that are replaced, never edited (sheets, blocks), each kept
    #: with the objects it was read from.
    calls: dict[Any, tuple[Any, ...]] = field(default_factory=dict)
    #: `numbers.effects`, kept with the `rules_in_force` answer it read.
    effects: dict[str, tuple[Any, frozenset[str]]] = field(default_factory=dict)
    #: What one drawing of a menu has read (menu_build.build_menu), None between menus:
    #: nothing changes while a menu is drawn, so a number read once holds until it ends.
    menu: dict[Any, Any] | None = None
    #: On a board: each plan's reach (board/attacks.py `span_memo`) and each sequence
    #: part's (`part_memo`).
    spans: dict[Any, Any] = field(default_factory=dict)
    parts: dict[Any, Any] = field(default_factory=dict)
    #: On a board: the actor and the options with their spans the last menu drawn weighed
    #: (board/menu.py), which the tactics weigh from every cell (board/tactics.py).
    board_spans: tuple[str, list[Any]] | None = None
    #: On a board: the actor and, per option id, the targets the last menu drawn left out
    #: only for distance or sight (board/menu.py `out_of_range`), so a choice naming one is
    #: refused for that reason (spec/combat-3 "Refusal reasons"), not as a bad target.
    out_of_range: tuple[str, dict[str, dict[str, Any]]] | None = None


@dataclass
class Drawing:
    """How the menu now drawn is drawn."""

    #: False while a menu is drawn only to check what is legal: forecasts are skipped.
    forecasting: bool = True
    #: Whether a menu drawn without forecasts still lists a blank one for each target
    #: (what `menu(forecasts=False)` shows); the resolver's own legality checks, which
    #: never read them, leave them out.
    blanks: bool = True
    #: On a board: set while the tactics bound a cell's worth before grading its cover
    #: (board/tactics.py).
    uncovered: bool = False


@dataclass
class SymbolBlow:
    """What a symbol-pool hit adds to its blow (symbol_attack.py leaves it, symbol_damage.py
    adds it to the blow on `target`): `per` damage for each counted success, the damage of
    the spends bought (label, damage), and the attack's tags."""

    target: str
    successes: int
    per: int
    spent: list[tuple[str, int]]
    tags: tuple[str, ...]


@dataclass
class Resolving:
    """The step under way: the action step's record and what one rule of it leaves for a
    later rule of the same step (never saved: a step held by a window starts them afresh)."""

    #: The action step now resolving (window_resume.py), where a hit window writes its cursor.
    step: ActionStep | None = None
    #: Above zero while an answer or a signature action resolves: nothing opens a window.
    windows_off: int = 0
    #: One-attack conditions the attack being resolved uses up (see rolls.finish_attack).
    after_attack: list[tuple[str, Any]] = field(default_factory=list)
    #: On a board: the option being forecast or resolved (its reach decides a swing
    #: from a shot, board/attacks.py).
    aiming: Any = None
    #: The blows being dealt now, by target id (`OpenBlow`).
    open_blows: dict[str, OpenBlow] = field(default_factory=dict)
    #: The catalog entry whose blows are being dealt (a condition's `noDamageFrom`).
    blow_from: str | None = None
    #: What a symbol-pool hit adds to its blow, for symbol_damage.py.
    symbol_blow: SymbolBlow | None = None
    #: The one whose action is resolving (condition_ends.py: conditions that end mid-turn).
    acting: str | None = None
    #: (holder, condition) pairs the action put on (or on again): their own endings wait.
    applied: set[tuple[str, str]] = field(default_factory=set)


class Fight:
    """The step context: the rules, the state being changed, the roller, the events this
    step made, a memo of what it read, how a menu is being drawn and the step under way."""

    def __init__(self, ruleset: Ruleset, state: BattleState):
        self.ruleset = ruleset
        self.combat = combat_block(ruleset)
        self.state = state
        self.new_events: list[Event] = []
        dice = state.dice
        if dice.script is not None:
            self.roller: Roller = ScriptedRoller(dice.script, cursor=dice.cursor)
        else:
            self.roller = SeededRoller(dice.seed, cursor=dice.cursor)
        self.memo = Memo()
        self.drawing = Drawing()
        self.resolving = Resolving()

    # -- log --------------------------------------------------------------------------
    def emit(self, kind: str, text: str, **data: Any) -> Event:
        self.state.seq += 1
        # Names and labels inside the sentence come from outside: no line breaks, no tags.
        event = Event(seq=self.state.seq, kind=kind, text=plain(text), data=data)
        self.state.events.append(event)
        self.new_events.append(event)
        return event

    # -- dice -------------------------------------------------------------------------
    def roll(self, expr: str | DiceExpr, mode: Mode = "normal") -> DiceRoll:
        result = roll(parse_dice(expr) if isinstance(expr, str) else expr, self.roller, mode)
        self.state.dice.cursor = self.roller.cursor
        return result

    def die(self, sides: int) -> int:
        face = self.roller.die(sides)
        self.state.dice.cursor = self.roller.cursor
        return face

    # -- sheets -----------------------------------------------------------------------
    def view(self, c: Combatant) -> SheetView | None:
        if c.sheet is None:
            return None
        view = self.memo.views.get(c.id)
        if view is None or view.sheet is not c.sheet:
            view = SheetView(self.ruleset, c.sheet)
            self.memo.views[c.id] = view
        return view

    def write(self, c: Combatant, result: Any) -> str | None:
        """Writes a sheet operation's result back; a refusal is returned as its message."""
        if isinstance(result, Refusal):
            return result.message
        c.sheet = result
        self.memo.views.pop(c.id, None)
        return None

    # -- lookups ----------------------------------------------------------------------
    def get(self, cid: str) -> Combatant:
        # Where each id stood in the combatant list when last looked up; a step looks the
        # same few combatants up hundreds of times. The list is checked on every lookup (the
        # same list, as long, the same id at that place), so a changed list is read again.
        combatants = self.state.combatants
        places = self.memo.places
        if places is None or places[0] is not combatants or places[1] != len(combatants):
            places = self.memo.places = (combatants, len(combatants), {})
            for i, c in enumerate(combatants):
                places[2].setdefault(c.id, i)
        at = places[2].get(cid)
        if at is not None:
            placed = combatants[at]
            if placed.id == cid:
                return placed
        found = self.state.combatant(cid)
        if found is None:
            raise KeyError(cid)
        return found

    def standing(self, side: str | None = None) -> list[Combatant]:
        return [
            c for c in self.state.combatants if not c.out and not c.down and (side is None or c.side == side)
        ]


def turn_order(fight: Fight) -> list[str]:
    """Every combatant's id in the order of turns, those not placed yet (joined late) last."""
    order = list(fight.state.order)
    placed = set(order)
    return order + [c.id for c in fight.state.combatants if c.id not in placed]
