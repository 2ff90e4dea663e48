"""A to-hit thrown as a pool (spec/combat-2 "Combat rolled as a pool: dice-pool").

Owns: `PoolHit` (what a pool attack earned: hit, successes, the successes beyond those
needed, botch), `attack_pool` (the dice an attacker throws: the to-hit parts, condition
modifiers as dice, the harm penalty off the pool, held between the resolution's `min` and
`max`), `needed` (defense as successes, never below 1, with condition `defense`
modifiers) and `attack_roll`, which throws and logs in the author's terms:

    Ada attacks Grave-rat swarm with Grave spade: 5 dice (Sinew 3 + Wrestle 2):
    9, 4, 10!, +7, 2 → 3 successes against Defense 1, a hit, 2 successes beyond.

A botch misses whatever it counted; there are no criticals (a strong hit is worth its
extra dice).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import numbers as N
from . import pool_dice as P
from .fight import Fight
from .options import attack_votes
from .state import Combatant


@dataclass(frozen=True)
class PoolHit:
    hit: bool
    successes: int = 0
    extra: int = 0
    botch: bool = False


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {abs(n)}"


def attack_pool(fight: Fight, actor: Combatant, parts: list[tuple[str, int]], to: str = "attacks",
                **narrow: object) -> tuple[int, str]:
    """(dice thrown, how they add up) for a roll of `to` ("attacks", "saves", "checks")
    whose own parts are `parts`."""
    pieces = [(label, n) for label, n in parts if n]
    for b in N.modifiers(fight, actor, to, **narrow):  # type: ignore[arg-type]
        if b.flat:
            pieces.append((b.label, b.flat))
    penalty = P.penalty_dice(fight, actor)
    if penalty:
        track = fight.ruleset.resolution.penaltyFrom
        pieces.append((N.label(fight.ruleset, "track", track) if track else "harm", penalty))
    total = sum(n for _, n in pieces)
    dice = P.size(fight, total)
    if not pieces or (len(pieces) == 1 and not pieces[0][0] and dice == total):
        text = P.dice_word(dice)
    else:
        first, *rest = pieces
        text = " ".join([f"{first[0]} {first[1]}" if first[0] else str(first[1])]
                        + [f"{_signed(n)} ({label})" if label else _signed(n) for label, n in rest])
        text = f"{P.dice_word(dice)} ({text})"
        if dice != total:
            text = text[:-1] + f", held to {dice})"
    return dice, text


def needed(fight: Fight, target: Combatant) -> tuple[int, str]:
    """Successes a blow needs against `target`, never fewer than 1, and the words."""
    defense, parts = N.defense(fight, target)
    text = f"{N.defense_label(fight.ruleset)} {defense}"
    if parts:
        text += " (" + ", ".join(f"{_signed(p.flat)} {p.label}" for p in parts) + ")"
    if defense < 1:
        text += ", at least 1 success"
    return max(1, defense), text


def attack_roll(fight: Fight, actor: Combatant, target: Combatant, parts: list[tuple[str, int]],
                what: str) -> PoolHit:
    """Throws the attacker's pool against the target's defense and logs the line."""
    from .actions import attack_made, finish_attack

    finish_attack(fight)
    dice, dice_text = attack_pool(fight, actor, parts)
    mode = P.lean(fight, *attack_votes(fight, actor, target))
    roll = P.throw(fight, dice, P.check_rules(fight), mode)
    need, need_text = needed(fight, target)
    hit = not roll.botch and roll.successes >= need
    extra = roll.successes - need if hit else 0
    if roll.botch:
        result = "a miss"
    elif hit:
        result = "a hit" + (f", {P.successes_word(extra)} beyond" if extra else "")
    else:
        result = "a miss"
    fight.emit("attack", f"{actor.name} attacks {target.name} with {what}: {dice_text}: {roll.describe()} "
               f"against {need_text}, {result}.", actor=actor.id, target=target.id, dice=dice,
               successes=roll.successes, needed=need, hit=hit, botch=roll.botch, extra=extra, mode=mode)
    attack_made(fight, actor, target)
    return PoolHit(hit, roll.successes, extra, roll.botch)
