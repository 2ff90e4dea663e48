"""The dice a check throws, read from the `resolution` block: what a check outside a fight
(`checks.py`) and a fight's to-hit, save and contest pools (shared/combat) both build.

Owns: `pool_rules(resolution)` (a `dice-pool` resolution's die, default target and its
double, explode, cancel and botch faces, as the dice layer's `PoolRules`), `symbol_build`
(`pool.build` of a `symbol-pool` resolution: `sum` throws ability plus rank, `larger-upgraded`
throws the larger and upgrades as many as the smaller) and `symbol_dice` (the symbol dice
of one throw, the roller's first, then boost, difficulty and setback dice).
"""

from __future__ import annotations

from shared.dice import PoolRules, SymbolDie
from shared.ruleset.resolution import DicePool, SymbolPool

_SYMBOL_DICE: dict[int, tuple[SymbolPool, dict[str, SymbolDie]]] = {}


def pool_rules(res: DicePool) -> PoolRules:
    """A check's pool at the resolution's default target, with its standing faces (a rule
    with only a `min` fires only when a check asks for it, so it is off here)."""
    return PoolRules(
        sides=res.die.sides,
        target=res.target.default,
        double=res.double.from_ if res.double is not None else None,
        explode=res.explode.from_ if res.explode is not None else None,
        cancel=res.cancel.upTo if res.cancel is not None else None,
        botch=res.botch.upTo if res.botch is not None else None,
        botch_rule=res.botch.rule if res.botch is not None else "noSuccesses",
    )


def symbol_build(res: SymbolPool, ability: int, rank: int) -> tuple[int, int]:
    """(dice, upgraded) for an ability and a rank, as `pool.build` builds a check."""
    ability, rank = max(0, ability), max(0, rank)
    if res.pool.build == "sum":
        return ability + rank, 0
    return max(ability, rank), min(ability, rank)


def _dice(res: SymbolPool) -> dict[str, SymbolDie]:
    cached = _SYMBOL_DICE.get(id(res))
    if cached is not None and cached[0] is res:
        return cached[1]
    if len(_SYMBOL_DICE) > 64:
        _SYMBOL_DICE.clear()
    dice = {d.id: SymbolDie(d.id, tuple(tuple(face) for face in d.faces)) for d in res.dice}
    _SYMBOL_DICE[id(res)] = (res, dice)
    return dice


def symbol_dice(res: SymbolPool, dice: int, upgrades: int = 0, difficulty: int = 0,
                difficulty_upgrades: int = 0, boost: int = 0, setback: int = 0) -> list[SymbolDie]:
    """The dice of one throw: `dice` for the roller (`upgrades` of them upgraded, when the
    ruleset has an upgrade die), `boost` dice, `difficulty` dice against (`difficulty_upgrades`
    of them upgraded, when it has a difficulty upgrade die) and `setback` dice."""
    by_id = _dice(res)
    up = min(upgrades, dice) if res.pool.upgrade is not None else 0
    out = [by_id[res.pool.upgrade]] * up if res.pool.upgrade is not None else []
    out += [by_id[res.pool.die]] * (dice - up)
    out += [by_id[res.boost]] * boost
    hard = min(difficulty_upgrades, difficulty) if res.difficulty.upgrade is not None else 0
    out += [by_id[res.difficulty.upgrade]] * hard if res.difficulty.upgrade is not None else []
    out += [by_id[res.difficulty.die]] * (difficulty - hard)
    out += [by_id[res.setback]] * setback
    return out


def die_labels(res: SymbolPool) -> dict[str, str]:
    return {d.id: d.label for d in res.dice}
