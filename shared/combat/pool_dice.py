"""The dice a `dice-pool` fight throws (spec/combat-2 "Combat rolled as a pool").

Owns: the rules a to-hit, save or contest
pool is read by (`check_rules`: the resolution's die, default target and its double,
explode, cancel and botch faces, as a check outside a fight reads them:
shared/sheet/check_dice.py), the plain rules of damage and soak dice
(`damage_rules`: each face at or above `pool.damageTarget` counts once, nothing else),
`size` (a pool held between `resolution.pool.min` and `max`), `lean` (whether a roll is
thrown twice under `pool.advantage`), `throw` (through the battle's own roller) and
`count` (a dice expression read as a count of dice and automatic successes).
"""

from __future__ import annotations

from ..dice import NORMAL, DiceExpr, Mode, PoolRoll, PoolRules, pick_mode, roll_pool
from ..ruleset.package import Ruleset
from ..ruleset.resolution import DicePool
from ..sheet.check_dice import pool_rules
from .fight import Fight, combat_block
from .state import Combatant

_RULES: dict[int, tuple[Ruleset, PoolRules, PoolRules]] = {}


def resolution(ruleset: Ruleset) -> DicePool:
    """The resolution a dice-pool fight throws by: `"kind": "dice-pool"` requires
    `resolution.kind` to be `"dice-pool"` (spec/combat-2; the package format checks it)."""
    res = ruleset.resolution
    if not isinstance(res, DicePool):
        raise ValueError(f'a "dice-pool" fight needs a "dice-pool" resolution, not "{res.kind}"')
    return res


def _rules(ruleset: Ruleset) -> tuple[PoolRules, PoolRules]:
    cached = _RULES.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1], cached[2]
    if len(_RULES) > 64:
        _RULES.clear()
    res = resolution(ruleset)
    sides = res.die.sides
    check = pool_rules(res)
    pool = combat_block(ruleset).pool
    damage_target = pool.damageTarget if pool is not None and pool.damageTarget is not None else res.target.default
    damage = PoolRules.plain(sides, min(damage_target, sides))
    _RULES[id(ruleset)] = (ruleset, check, damage)
    return check, damage


def check_rules(fight: Fight) -> PoolRules:
    """To-hit, save and contest pools: read like a check at the default target."""
    return _rules(fight.ruleset)[0]


def damage_rules(fight: Fight) -> PoolRules:
    """Damage and soak dice: every face at or above the damage target counts once."""
    return _rules(fight.ruleset)[1]


def size(fight: Fight, dice: int) -> int:
    """A pool held between `resolution.pool.min` and `resolution.pool.max`."""
    bounds = resolution(fight.ruleset).pool
    return max(bounds.min, min(bounds.max, dice))


def most(fight: Fight) -> int:
    return resolution(fight.ruleset).pool.max


def lean(fight: Fight, adv: int, dis: int) -> Mode:
    """Thrown twice only when the `pool` block says leaning rolls are; otherwise once,
    whatever a condition says."""
    pool = fight.combat.pool
    if pool is None or not pool.advantage:
        return NORMAL
    return pick_mode(adv, dis)


def throw(fight: Fight, dice: int, rules: PoolRules, mode: Mode = NORMAL) -> PoolRoll:
    result = roll_pool(max(0, dice), rules, fight.roller, mode)
    fight.state.dice.cursor = fight.roller.cursor
    return result


def count(expr: DiceExpr | None) -> tuple[int, int]:
    """(dice, automatic successes): an amount's dice are a count of the ruleset's own
    die and its flat part successes that are never thrown."""
    if expr is None:
        return 0, 0
    dice = sum(-t.count if t.negative else t.count for t in expr.terms)
    return max(0, dice), max(0, expr.modifier)


def successes_word(n: int) -> str:
    return f"{n} success{'es' if n != 1 else ''}"


def dice_word(n: int) -> str:
    return f"{n} di{'c' if n != 1 else ''}e"


def penalty_dice(fight: Fight, c: Combatant) -> int:
    """The harm penalty of `resolution.penaltyFrom` (dice off the pool) for a sheet."""
    view = fight.view(c)
    return view.harm_penalty() if view is not None else 0
