"""The attack roll against defense, which every way of attacking in this kind rolls
(held weapons and attack-list rows, entries, creature actions, the pool kind's hits).

Owns: `attack_roll(fight, actor, target, to_hit, what, hit_of)`, the log's arithmetic ("Juno
attacks Rust jackal with Road axe: 8 (5 + 3) + 3 = 11 against Guard 6, a hit."), criticals
(the natural face, and a hit from beside a target whose conditions make it one), and
`attack_at`, the roll at one position of a resolving option: the roll a hit window held, checked
again on resuming, otherwise a new roll, offered to a hit window when it hits (windows.py).
"""

from __future__ import annotations

from typing import Any

from ..dice import DiceExpr
from . import numbers as N
from .fight import Fight
from .kinds import kind_of
from .rolls import attack_made, finish_attack, natural_verdict
from . import blows as B
from . import item_hits as IH
from .options import attack_mode
from .state import Combatant
from . import windows as W
from .board.attacks import adjacent_critical, defense_against, defense_words
from .rescue import after_failure
from .rescue_entries import Roll


def attack_roll(fight: Fight, actor: Combatant, target: Combatant, to_hit: int, what: str,
                hit_of: B.Hit | None = None) -> tuple[bool, bool, dict[str, Any]]:
    """Rolls to hit and logs the line; returns (hit, critical, the roll as a hit window
    holds it: `total`, `defense`, `critical`, `forced`). `hit_of` is the kind of
    attack (weapon or spell, melee or ranged, the ability), which narrowed attacks
    modifiers read."""
    finish_attack(fight)
    roll_def = fight.combat.attackRoll
    mode = attack_mode(fight, actor, target, hit_of)
    if roll_def is None:
        raise ValueError("an attack rolled on the attack die needs `combat.attackRoll`")
    expr = DiceExpr.of(roll_def.dice.count, roll_def.dice.sides)
    r = fight.roll(expr, mode)
    faces = [f for term in r.faces for f in term]
    text = str(r.total) if len(faces) == 1 else f"{r.total} ({' + '.join(map(str, faces))})"
    if r.dropped is not None:
        text += f" ({mode}; dropped {r.dropped.total})"
    total = r.total
    pieces = [text]
    if to_hit:
        pieces.append(N.signed(to_hit))
        total += to_hit
    bonuses = N.modifiers(fight, actor, "attacks", hit=hit_of, target=target)
    if hit_of is not None and hit_of.item is not None:
        bonuses += IH.against_bonuses(fight, actor, target, hit_of)
    total = N.fold_modifiers(fight, bonuses, total, pieces)
    defense, parts = defense_against(fight, actor, target)
    natural = r.natural
    forced_hit, critical, note = natural_verdict(fight, actor, natural)
    hit = total >= defense if forced_hit is None else forced_hit
    if hit and not critical and fight.state.board is not None and adjacent_critical(fight, actor, target):
        critical = True
        note += f", a critical from the adjacent cell ({_adjacent_crit_source(fight, target)})"
    if critical and (roll_def.critical or "none") == "none":
        result = "a critical hit, dealt as an ordinary hit"
    else:
        result = "a critical hit" if critical else ("a hit" if hit else "a miss")
    def_text = defense_words(fight, defense, parts)
    arithmetic = " ".join(pieces) + (f" = {total}" if len(pieces) > 1 else "")
    fight.emit("attack", f"{actor.name} attacks {target.name} with {what}: {arithmetic} "
               f"against {def_text}{note}, {result}.", actor=actor.id, target=target.id, total=total,
               defense=defense, hit=hit, critical=critical, mode=mode)
    forced = bool(note) and hit
    if not hit and not note:
        # A natural miss is never rescued (1.249).

        rolled = after_failure(fight, actor, Roll("attacks", total, defense, ("a hit", "still a miss"),
                                                  natural=natural, sides=roll_def.dice.sides), hit=hit_of, target=target)
        hit, total = rolled.made, rolled.total
        # A miss counted a hit (`by: "success"`) stays one when the hit is checked again.
        forced = hit and total < defense
    attack_made(fight, actor, target)
    # What a hit window holds: the roll is never made again, only checked again (windows).
    return hit, critical, {"total": total, "defense": defense, "critical": critical, "forced": forced}


def _adjacent_crit_source(fight: Fight, target: Combatant) -> str:
    for name, rule, _held in N.rules_in_force(fight, target):
        if "attacks-from-adjacent-critical" in (rule.effects or []):
            return name
    return "attacks-from-adjacent-critical"


def attack_at(fight: Fight, actor: Combatant, target: Combatant, to_hit: int, what: str, plan: Any,
            cursor: dict[str, Any] | None, at: dict[str, Any]) -> tuple[bool, bool]:
    """The attack roll at position `at`: the held roll when the cursor stopped here (checked
    again against the defense as it is now), otherwise a new roll, held when it hits
    someone who may answer (a hit window; raises windows.Held)."""

    own = kind_of(fight).attack(fight, actor, target, what, plan, cursor, at)
    if own is not None:
        return own
    if cursor is not None and cursor.get("held") is not None and cursor.get("index", 0) == at.get("index", 0):
        held = cursor.pop("held")
        return W.recheck_hit(fight, actor, target, held, what)
    hit, critical, held = attack_roll(fight, actor, target, to_hit, what, B.hit_of(fight, actor, plan))
    if hit:
        W.offer_hit(fight, actor, target, plan, at, held)
    return hit, critical
