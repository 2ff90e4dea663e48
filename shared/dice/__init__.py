"""Deterministic dice: counter-based seeded rolls, expressions, pools, symbol dice and
exact forecasts. Independent of the ruleset model: the resolver passes plain parameters.

Modules: `rng` (generator and rollers), `expressions` (dice text, sums, advantage),
`pools` (success-counting pools), `symbols` (symbol dice and netting), `forecast` (exact
chances and means that never consume a die), `errors`.
"""

from .errors import DiceError, DiceExhausted
from .expressions import (
    ADVANTAGE,
    DISADVANTAGE,
    MAX_DICE,
    MAX_SIDES,
    MODES,
    NORMAL,
    DiceExpr,
    DiceRoll,
    DiceTerm,
    Mode,
    parse_dice,
    pick_mode,
    roll,
)
from .forecast import (
    AttackForecast,
    Distribution,
    PoolForecast,
    SymbolForecast,
    attack_forecast,
    chance_at_least,
    expected_damage,
    mean,
    mean_damage,
    natural_faces,
    pool_forecast,
    sum_distribution,
    symbol_forecast,
)
from .pools import MAX_POOL, PoolDie, PoolRoll, PoolRules, Reroll, read_pool, roll_pool
from .rng import Roller, ScriptedRoller, SeededRoller, face_at, roller_from_state
from .symbols import DEFAULT_NETTING, Netting, SymbolDie, SymbolRoll, roll_symbols

__all__ = [
    "ADVANTAGE", "DISADVANTAGE", "NORMAL", "MODES", "Mode", "MAX_DICE", "MAX_SIDES", "MAX_POOL",
    "DiceError", "DiceExhausted",
    "Roller", "SeededRoller", "ScriptedRoller", "face_at", "roller_from_state",
    "DiceExpr", "DiceTerm", "DiceRoll", "parse_dice", "roll", "pick_mode",
    "PoolRules", "Reroll", "PoolDie", "PoolRoll", "roll_pool", "read_pool",
    "SymbolDie", "SymbolRoll", "Netting", "DEFAULT_NETTING", "roll_symbols",
    "Distribution", "AttackForecast", "PoolForecast", "SymbolForecast",
    "sum_distribution", "chance_at_least", "natural_faces", "attack_forecast", "mean",
    "mean_damage", "expected_damage", "pool_forecast", "symbol_forecast",
]
