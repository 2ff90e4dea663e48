"""One step of work on a battle: the ruleset, the state being changed, the dice and the
log, passed to every rule function.

Owns: `Fight` (emit an event, roll dice from the battle's own seed and cursor, read a
combatant's sheet through the sheet engine, write the sheet back through its own
operations), `combat_block` (the ruleset's `combat` block, there for every fight) and
`Refused`, the refusal value (`{code, message}`) that changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..dice import DiceExpr, DiceRoll, Roller, ScriptedRoller, SeededRoller, parse_dice, roll
from ..plain_text import plain
from ..ruleset.combat import Combat
from ..ruleset.package import Ruleset
from ..sheet import SheetView, is_refusal
from .state import ActionStep, BattleState, Combatant, Event


def combat_block(ruleset: Ruleset) -> Combat:
    """The ruleset's `combat` block, which every rule of a fight reads. A ruleset without one
    resolves no fight: engine.start refuses it before a battle exists (SetupError), so a
    step, and what builds or fits its opponents, never meets one."""
    if ruleset.combat is None:
        raise ValueError(f"{ruleset.name} has no combat block, so it resolves no fight")
    return ruleset.combat


@dataclass(frozen=True)
class Refused:
    """A choice the rules refuse: nothing changed."""

    code: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}


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


class Fight:
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
        self._views: dict[str, SheetView] = {}
        self._places: tuple[list[Combatant], int, dict[str, int]] | None = None
        #: Per-call memo of `numbers.rules_in_force`, checked against what it was read from.
        self.rules_memo: dict[str, tuple[Any, ...]] = {}
        #: Per-call memos of what is read from parts that are replaced, never edited (sheets,
        #: blocks), each kept with the objects it was read from and checked against them.
        self.call_memo: dict[Any, tuple[Any, ...]] = {}
        #: Per-call memo of `numbers.effects`, kept with the `rules_in_force` answer it read.
        self.effects_memo: dict[str, tuple[Any, frozenset[str]]] = {}
        #: What one drawing of a menu has read (menu_build.build_menu), None between menus:
        #: nothing changes while a menu is drawn, so a number read once holds until it ends.
        self.menu_memo: dict[Any, Any] | None = None
        #: False while a menu is drawn only to check what is legal: forecasts are skipped.
        self.forecasting = True
        #: Whether a menu drawn without forecasts still lists a blank one for each target
        #: (what `menu(forecasts=False)` shows); the resolver's own legality checks, which
        #: never read them, leave them out.
        self.blanks = True
        #: One-attack conditions the attack being resolved uses up (see actions.finish_attack).
        self.after_attack: list[tuple[str, Any]] = []
        #: On a board: the option being forecast or resolved (its reach decides a swing
        #: from a shot, board/attacks.py).
        self.aiming: Any = None
        #: Above zero while an answer or a signature action resolves: nothing opens a window.
        self.windows_off = 0
        #: The last attack roll (`total`, `defense`, `critical`, `forced`), held by a hit window.
        self.last_roll: dict[str, Any] | None = None
        #: The action step now resolving (window_resume.py), where a hit window writes its cursor.
        self.step: ActionStep | None = None
        #: The blows being dealt now, by target id (`OpenBlow`).
        self.open_blows: dict[str, OpenBlow] = {}
        #: The catalog entry whose blows are being dealt (a condition's `noDamageFrom`).
        self.blow_from: str | None = None
        #: What a symbol-pool hit adds to its blow (successes, spends), for symbol_damage.py.
        self.symbol_blow: dict[str, Any] | None = None
        #: On a board, per call: each plan's reach read once (board/attacks.py `span_memo`),
        #: each sequence part's reach (`part_memo`), and `uncovered`, set while the
        #: tactics bound a cell's worth before grading its cover (board/tactics.py).
        self.span_memo: dict[Any, Any] = {}
        self.part_memo: dict[Any, Any] = {}
        self.uncovered = False
        #: On a board: the actor and, per option id, the targets the last menu drawn left
        #: out only for distance or sight (board/menu.py `out_of_range`), so a choice naming
        #: one is refused for that reason (spec/combat-3 "Refusal reasons"), not as a bad target.
        self.out_of_range: tuple[str, dict[str, dict[str, Any]]] | None = None

    # -- log --------------------------------------------------------------------------
    def emit(self, kind: str, text: str, **data: Any) -> Event:
        self.state.seq += 1
        # Names and labels inside the sentence come from outside: no line breaks, no tags.
        event = Event(seq=self.state.seq, kind=kind, text=plain(text), data=data)
        self.state.events.append(event)
        self.new_events.append(event)
        return event

    # -- dice -------------------------------------------------------------------------
    def roll(self, expr: str | DiceExpr, mode: str = "normal") -> DiceRoll:
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
        view = self._views.get(c.id)
        if view is None or view.sheet is not c.sheet:
            view = SheetView(self.ruleset, c.sheet)
            self._views[c.id] = view
        return view

    def write(self, c: Combatant, result: Any) -> str | None:
        """Writes a sheet operation's result back; a refusal is returned as its message."""
        if is_refusal(result):
            return result.message
        c.sheet = result
        self._views.pop(c.id, None)
        return None

    # -- lookups ----------------------------------------------------------------------
    def get(self, cid: str) -> Combatant:
        # Where each id stood in the combatant list when last looked up; a step looks the
        # same few combatants up hundreds of times. The list is checked on every lookup (the
        # same list, as long, the same id at that place), so a changed list is read again.
        combatants = self.state.combatants
        places = self._places
        if places is None or places[0] is not combatants or places[1] != len(combatants):
            places = self._places = (combatants, len(combatants), {})
            for i, c in enumerate(combatants):
                places[2].setdefault(c.id, i)
        i = places[2].get(cid)
        if i is not None:
            c = combatants[i]
            if c.id == cid:
                return c
        c = self.state.combatant(cid)
        if c is None:
            raise KeyError(cid)
        return c

    def standing(self, side: str | None = None) -> list[Combatant]:
        return [
            c for c in self.state.combatants if not c.out and not c.down and (side is None or c.side == side)
        ]


def turn_order(fight: Fight) -> list[str]:
    """Every combatant's id in the order of turns, those not placed yet (joined late) last."""
    order = list(fight.state.order)
    placed = set(order)
    return order + [c.id for c in fight.state.combatants if c.id not in placed]
