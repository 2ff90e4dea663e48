"""A held weapon's attack mode with a `line` (spec/mechanics-1 1.190 "Item attack modes": "a
bolt of lightning against which everyone standing between the weapon's wielder and the
target (but not those two themselves) rolls a saving throw before the attack roll"; "The
line needs a grid for it to travel across").

Owns: `line_saves` (the bolt, before the attack roll of a mode that has one).

Who is between: on a board, every combatant still in the fight (either side, standing or
fallen) other than the wielder and the target, one of whose cells lies on the board's cells
strictly between the wielder's cell and the target's, on the line joining their centres (the
line a sight line follows, board/sight.centre_line). Off a board there is no line to travel
across, so the bolt catches no one (and the log says so). The bolt's dice are rolled once
for everyone it catches, as an area's damage is; each rolls the bolt's save against its
`difficulty` (10 when it names none: a weapon has no save DC of its own), `half` halving
the damage on a success and `none` sparing them, Evasion as for any save for half. The bolt
carries the weapon's item tags (a guard's `except` reads them) and is not a hit: nothing
that answers a hit is asked.
"""

from __future__ import annotations

from ..dice import parse_dice
from . import blows as B
from . import saves as SV
from . import item_weapons as IW
from . import saves_against as SA
from .board.battlefield import body, grid, on_board
from .board.sight import centre_line
from .evasion import evade
from .fight import Fight
from .plans import Plan
from .rolls import roll_damage
from .state import Combatant


def _between(fight: Fight, actor: Combatant, target: Combatant) -> list[Combatant]:
    if actor.position is None or target.position is None:
        return []
    cells = set(centre_line(grid(fight), (actor.position[0], actor.position[1]),
                            (target.position[0], target.position[1])))
    return [c for c in fight.state.combatants
            if c is not actor and c is not target and not c.out and c.position is not None
            and any(cell in cells for cell in body(fight, c))]


def line_saves(fight: Fight, actor: Combatant, plan: Plan, target: Combatant) -> None:
    """The bolt of the mode `plan` is made in, when it has a `line`: before the attack roll."""
    mode = IW.attack_mode(fight, plan.item, plan.item_use) if plan.item is not None and plan.item_use else None
    bolt = getattr(mode, "line", None)
    if bolt is None:
        return
    name = f"{plan.name}'s bolt"
    if not on_board(fight):
        fight.emit("note", f"{name} needs a board to travel across, so it catches no one between {actor.name} "
                   f"and {target.name}.", actor=actor.id)
        return
    caught = _between(fight, actor, target)
    if not caught:
        fight.emit("note", f"Nobody stands between {actor.name} and {target.name}, so {name} catches no one.",
                   actor=actor.id)
        return
    fight.emit("action", f"{name} crackles at everyone between {actor.name} and {target.name}: "
               f"{', '.join(c.name for c in caught)}.", actor=actor.id, targets=[c.id for c in caught])
    rolled, text = roll_damage(fight, parse_dice(bolt.dice), False)
    dc = bolt.save.difficulty if bolt.save.difficulty is not None else 10
    tags = IW.item_tags(fight, plan.item)
    context = SA.SaveContext(damage=frozenset({bolt.type.lower()}) if bolt.type else frozenset(),
                             magic=SA.MAGICAL in tags, source=actor.id)
    for c in caught:
        if fight.state.outcome or c.out:
            continue
        saved = SV.roll_save(fight, c, bolt.save.save, dc, why=f"against {name}", against=context)
        evaded = evade(fight, c, bolt.save.save, saved, bolt.save.onSuccess, name)
        amount, said = rolled, text
        if evaded == "nothing" or (evaded is None and saved and bolt.save.onSuccess == "none"):
            continue
        if evaded == "half":
            amount, said = amount // 2, said + ", halved by Evasion"
        elif evaded is None and saved:
            amount, said = amount // 2, said + ", halved by the save"
        B.deliver(fight, actor, c, [B.Part(amount, bolt.type, name, said)], None, qualities=tags)


__all__ = ["line_saves"]
