"""Setting a fight on a board (spec/combat-3 "Whether a fight is on a board", "Styles a
game may use").

Owns: `set_board`: the style is checked against `combat.styles`; the fight is on the board
only when the ruleset declares `combat.distance` and the style is `tactical` (a board given
to any other fight is set aside, and the log says so); the board file is checked
(grid.py), starting positions are checked and everyone else is set down (battlefield.py).
Every problem is a sentence in the `SetupError`.
"""

from __future__ import annotations

from typing import Any

from ..setup import SetupError
from ..sizes import side
from . import battlefield as BF
from .flight import start_in_air
from .grid import Grid, read_board

BUILTIN_STYLES = ("classic", "tactical")


def _style(fight: Any, board: Any, style: str | None) -> str:
    allowed = fight.combat.styles
    if style is None:
        if board is not None:
            style = "tactical"
        elif allowed:
            style = allowed[0]
        else:
            style = "classic"
    if allowed and style not in allowed:
        raise SetupError([f"{fight.ruleset.name} allows the combat styles {', '.join(allowed)}, not {style!r}"])
    if not allowed and style not in BUILTIN_STYLES:
        raise SetupError([f"the combat style {style!r} is not one this engine draws ({', '.join(BUILTIN_STYLES)})"])
    return style


def set_board(fight: Any, party: list[Any], foes: list[Any], board: Any, style: str | None) -> None:
    state = fight.state
    state.style = _style(fight, board, style)
    if state.style != "tactical" or fight.combat.distance is None:
        if board is not None:
            why = ("the ruleset declares no combat.distance" if fight.combat.distance is None
                   else f"the combat style is {state.style}")
            fight.emit("note", f"The board is set aside: {why}, so the fight is played as theatre of the mind.")
        return
    if board is None:
        raise SetupError([f"a {state.style} fight on {fight.ruleset.name} is fought on a board: give one"])
    data, problems = read_board(board)
    if data is None:
        raise SetupError(problems)
    state.board = data
    given = _positions(state.combatants, party, foes)
    big = {c.id: width for c in state.combatants if (width := side(fight, c)) > 1}
    problems = BF.place(Grid(data), state.combatants, given, big)
    if problems:
        raise SetupError(problems)
    for c in state.combatants:
        if c.kind == "block" and (c.block or {}).get("speed") is None and fight.combat.economy.movement is None:
            fight.emit("note", f"{c.name} has no speed, so it does not walk.", target=c.id)
    cells = ", ".join(f"{c.name} {c.position[0]}, {c.position[1]}" for c in state.combatants if c.position)
    fight.emit("board", f"The fight is on a {data['width']} x {data['height']} board: {cells}.",
               board={"width": data["width"], "height": data["height"]})
    start_in_air(fight)


def _positions(combatants: list[Any], party: list[Any], foes: list[Any]) -> dict[str, Any]:
    """Maps combatant ids to the positions their files gave (in the order they were built)."""
    given: dict[str, Any] = {}
    members = [c for c in combatants if c.side == "party"]
    for c, member in zip(members, [m for m in party if isinstance(m, dict) and isinstance(name := m.get("name"), str)
                                   and name.strip()]):
        if member.get("position") is not None:
            given[c.id] = member["position"]
    made = iter(c for c in combatants if c.side == "foes")
    for foe in foes:
        if not isinstance(foe, dict):
            continue
        count = foe.get("count", 1)
        count = count if isinstance(count, int) and 1 <= count <= 20 else 1
        for n in range(count):
            c = next(made, None)
            if c is None:
                return given
            if foe.get("position") is not None:
                given[c.id] = foe["position"]
                if n:
                    given[f"{c.id}#group"] = True
    return given
