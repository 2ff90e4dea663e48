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

from dataclasses import dataclass, field
from typing import Any

from . import numbers as N
from . import pool_dice as P
from .fight import Fight
from .hits import Hit
from .options import attack_votes
from .state import Combatant
from .windows import regather
from .board.attacks import defense_against, defense_words
from .rolls import attack_made, finish_attack


@dataclass(frozen=True)
class PoolHit:
    hit: bool
    successes: int = 0
    extra: int = 0
    botch: bool = False
    #: The throw as a hit window holds it (windows.offer_hit); empty for a throw checked again.
    held: dict[str, Any] = field(default_factory=dict)


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
                        + [f"{N.signed(n)} ({label})" if label else N.signed(n) for label, n in rest])
        text = f"{P.dice_word(dice)} ({text})"
        if dice != total:
            text = text[:-1] + f", held to {dice})"
    return dice, text


def needed(fight: Fight, target: Combatant, actor: Combatant | None = None) -> tuple[int, str]:
    """Successes a blow from `actor` needs against `target`, never fewer than 1, and the
    words; on a board the cover between them and the high ground count as they do for an
    attack roll (board/attacks.py)."""
    defense, parts = defense_against(fight, actor, target) if actor is not None else N.defense(fight, target)
    text = defense_words(fight, defense, parts)
    if defense < 1:
        text += ", at least 1 success"
    return max(1, defense), text


def attack_roll(fight: Fight, actor: Combatant, target: Combatant, parts: list[tuple[str, int]],
                what: str, hit: Hit | None = None) -> PoolHit:
    """Throws the attacker's pool against the target's defense and logs the line; `hit` is
    the kind of attack, which narrowed attacks modifiers read (blows.Hit)."""

    finish_attack(fight)
    dice, dice_text = attack_pool(fight, actor, parts, hit=hit, target=target)
    mode = P.lean(fight, *attack_votes(fight, actor, target, hit))
    roll = P.throw(fight, dice, P.check_rules(fight), mode)
    need, need_text = needed(fight, target, actor)
    struck = not roll.botch and roll.successes >= need
    extra = roll.successes - need if struck else 0
    if roll.botch:
        result = "a miss"
    elif struck:
        result = "a hit" + (f", {P.successes_word(extra)} beyond" if extra else "")
    else:
        result = "a miss"
    fight.emit("attack", f"{actor.name} attacks {target.name} with {what}: {dice_text}: {roll.describe()} "
               f"against {need_text}, {result}.", actor=actor.id, target=target.id, dice=dice,
               successes=roll.successes, needed=need, hit=struck, botch=roll.botch, extra=extra, mode=mode)
    attack_made(fight, actor, target)
    # What a hit window holds: the throw is never made again, only checked again (recheck).
    held = {"pool": True, "total": roll.successes, "defense": need, "critical": False, "forced": False}
    return PoolHit(struck, roll.successes, extra, roll.botch, held)


def recheck(fight: Fight, actor: Combatant, target: Combatant, held: dict[str, Any], what: str) -> PoolHit:
    """A throw a hit window held, checked again against the successes the target needs
    now; the log says whether an answer turned it into a miss. The extra dice are what it
    has beyond the successes needed now."""

    need, _text = needed(fight, target, actor)
    successes = int(held["total"]) - int(held.get("lowered") or 0)
    hit = successes >= need
    if need != held.get("defense") or held.get("lowered"):
        verdict = "still hits" if hit else "now misses"
        fight.emit("attack", f"{actor.name}'s {what}: {P.successes_word(successes)} against {target.name}'s "
                   f"{N.defense_label(fight.ruleset)} {need} now, {verdict}.", actor=actor.id, target=target.id,
                   total=successes, defense=need, hit=hit, recheck=True)
    regather(fight, actor, target)
    return PoolHit(hit, successes, successes - need if hit else 0)
