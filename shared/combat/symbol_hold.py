"""A symbol-pool attack held for a `hit` window (spec/combat-3 "Windows": a hit is held before
its damage; spec/combat-2 "symbol-pool": "`defense` is the number of difficulty dice thrown
against the attacker's dice ... Cover and a condition's `defense` modifier add difficulty
dice").

Owns: `offer` (a throw that hit is held before anyone spends: the roll, with every symbol it
showed and each difficulty die's face, goes into the window's `resume` through
windows.offer_hit), `recheck` (the held throw checked again against the target's defense as
it is then: a defense that rose throws that many more difficulty dice through the battle's
roller, one that fell sets aside the last difficulty dice thrown; the symbols are netted
again, the spends then buy with what is left, and the log says what changed),

    Juno's Road axe against Dock bruiser's Defense 2 now: 1 more difficulty die: Difficulty ff
    → 1 failure, now misses.

and `miss_chance` (the exact chance that the defense an answer leaves turns the held hit
into a miss, for the Engine's own answers; no dice are thrown).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..dice import DEFAULT_NETTING, symbol_forecast
from ..ruleset.resolution import SymbolPool
from . import symbol_dice as S
from .fight import Fight
from .state import Combatant
from .windows import offer_hit
from .windows import regather


def offer(fight: Fight, actor: Combatant, target: Combatant, plan: Any, at: dict[str, Any],
          held: dict[str, Any]) -> None:
    """Opens the `hit` window for a throw that hit (raises windows.Held when anyone may answer)."""

    roll = {"symbol": True, "total": held["successes"], "defense": len(held["against"]), "critical": False,
            "forced": False, "roll": held}
    offer_hit(fight, actor, target, plan, at, roll)


def recheck(fight: Fight, actor: Combatant, target: Combatant, window_held: dict[str, Any],
            what: str) -> dict[str, Any]:
    """The held roll (symbol_attack's plain JSON), netted again against the difficulty dice
    the target's defense calls for now."""
    roll: dict[str, Any] = window_held["roll"]
    now, text = S.difficulty(fight, actor, target)
    was = len(roll["against"])
    if now != was:
        counts = Counter(roll["counts"])
        if now > was:
            extra, _net = S.throw(fight, S.Pool(0, difficulty=now - was))
            faces = [list(face) for face in extra.faces]
            roll["against"] = roll["against"] + faces
            counts.update(extra.counts)
            change = f"{now - was} more difficulty {S.die_word(now - was)}: {S.faces_words(fight, extra)}"
        else:
            faces = roll["against"][now:]
            roll["against"] = roll["against"][:now]
            for face in faces:
                counts.subtract(face)
            label = difficulty_label(fight)
            change = (f"{was - now} difficulty {S.die_word(was - now)} set aside: "
                      + ", ".join(f"{label} {''.join(face) or '-'}" for face in faces))
        roll["counts"] = {k: v for k, v in sorted(counts.items()) if v > 0}
        net = S.Net.of(DEFAULT_NETTING.net(roll["counts"]))
        roll["successes"], roll["left"] = net.successes, net.spendable()
        roll["hit"] = net.successes >= roll["needed"]
        fight.emit("attack", f"{actor.name}'s {what} against {target.name}'s {text} now: {change} → "
                   f"{net.words(fight)}, {'still hits' if roll['hit'] else 'now misses'}.", actor=actor.id,
                   target=target.id, hit=roll["hit"], successes=net.successes, difficulty=now, recheck=True)
    regather(fight, actor, target)
    return roll


def difficulty_label(fight: Fight) -> str:
    resolution = fight.ruleset.resolution
    assert isinstance(resolution, SymbolPool), "only a symbol-pool fight throws difficulty dice"
    die = resolution.difficulty.die
    return next((d.label for d in resolution.dice if d.id == die), die)


def miss_chance(fight: Fight, actor: Combatant, target: Combatant, window_held: dict[str, Any]) -> float:
    """The chance that the held hit misses against the defense as it is in `fight` (a
    throwaway copy with an answer in place): exact, over every face of the difficulty dice
    it would add; certain either way when it sets dice aside."""
    roll = window_held["roll"]
    now, _text = S.difficulty(fight, actor, target)
    was = len(roll["against"])
    if now <= was:
        counts = Counter(roll["counts"])
        for face in roll["against"][now:]:
            counts.subtract(face)
        net = S.Net.of(DEFAULT_NETTING.net({k: v for k, v in counts.items() if v > 0}))
        return 0.0 if net.successes >= roll["needed"] else 1.0
    dice = S.Pool(0, difficulty=now - was).symbol_dice(fight.ruleset)
    missed = 0.0
    for outcome, chance in symbol_forecast(dice).outcomes:
        # Netting is linear in each pair's difference, so the added dice shift the net
        # successes by their own netted successes.
        if roll["successes"] + S.Net.of(dict(outcome)).successes < roll["needed"]:
            missed += float(chance)
    return missed
