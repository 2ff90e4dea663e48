"""Saves and initiative thrown with symbol dice (spec/combat-2: "A save's number is that
save's dice, and its difficulty is the opposing dice ... Initiative can also be thrown as a
pool (`initiative.pool`); its net successes are the initiative number").

Owns: `save_pool` (a sheet's save built like a check: the save's ability and its rank,
`pool.build`; a creature's `saves` entry is its dice; the difficulty is that many
difficulty dice; condition modifiers to saves and the harm penalty as boost and setback
dice, one more for a leaning roll, and dice a spend left on the saver, and on a board the dice cover adds), `roll_save`, which
saves.roll_save hands a symbol-pool fight to, and `throw_initiative`. A save succeeds
when its net successes reach `success.needed`; what else it shows buys nothing (only attack
rolls spend).

    Juno throws a Nerve save against Haymaker: 1 die (Wits 1) against 2 difficulty dice:
    Ability s, Difficulty f, Difficulty - → no successes, a failure.
"""

from __future__ import annotations

import math

from ..dice import Mode
from . import numbers as N
from . import symbol_dice as S
from .fight import Fight
from .saves_against import SaveContext
from .state import Combatant


def save_pool(fight: Fight, c: Combatant, save: str, difficulty: int, mode: Mode, against: SaveContext | None = None,
              cover: N.Bonus | None = None) -> S.Pool:
    """The saver's throw; `cover` between the effect and the saver adds to the save's
    dice, as it adds to a defense's dice against an attack (board/save_cover.py)."""
    view = fight.view(c)
    label = N.label(fight.ruleset, "save", save)
    adjust = 0
    if view is None:
        dice, upgrades = max(0, int(((c.block or {}).get("saves") or {}).get(save, 0))), 0
        why = [f"{label} {dice}"]
    else:
        dice, upgrades, adjust, why = S.sheet_check(fight, c, "save", save)
    if cover is not None:
        dice += cover.flat
        why = [*why, f"{cover.label} {cover.flat}"]
    boost, setback, words = S.modifier_dice(fight, c, "saves", save=save, context=against)
    lean_boost, lean_setback = (1, 0) if mode == "advantage" else (0, 1) if mode == "disadvantage" else (0, 0)
    owed_boost, owed_setback = S.pending_dice(c)
    return S.Pool(dice, upgrades, max(0, difficulty), max(0, adjust) + boost + lean_boost + owed_boost,
                  max(0, -adjust) + setback + lean_setback + owed_setback, why=tuple(why + words))


def roll_save(fight: Fight, c: Combatant, save: str, difficulty: int, name: str, why: str, mode: Mode,
              against: SaveContext | None, cover: N.Bonus | None = None) -> bool:
    pool = save_pool(fight, c, save, difficulty, mode, against, cover)
    roll, net = S.throw(fight, pool)
    S.use_pending(fight, c)
    ok = net.successes >= S.resolution(fight.ruleset).success.needed
    dice = pool.difficulty
    fight.emit("save", f"{c.name} throws a {name} {why}: {pool.words(f'{dice} difficulty {S.die_word(dice)}')}: "
               f"{S.faces_words(fight, roll)} → {net.words(fight)}, {'a success' if ok else 'a failure'}.",
               target=c.id, success=ok, successes=net.successes, dc=difficulty)
    return ok


def throw_initiative(fight: Fight, c: Combatant) -> str:
    """Sets `c.initiative` (net successes, plus `plus`) and `c.init_mod` (the dice, which
    break ties); returns the combatant's part of the initiative line."""
    init = fight.combat.initiative
    view = fight.view(c)
    dice = math.floor(view.value(init.pool)) if view is not None else math.floor(
        (c.block or {}).get("initiativeModifier") or 0)
    roll, net = S.throw(fight, S.Pool(max(0, dice)))
    plus = init.plus or 0
    c.init_mod = dice
    c.initiative = net.successes + plus
    text = f"{c.name} {S.dice_word(max(0, dice))}: {S.faces_words(fight, roll)} → {net.words(fight)}"
    return text + (f" + {plus} = {c.initiative:g}" if plus else "")
