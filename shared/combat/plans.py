"""What a menu is made of: `Option` (what players, the GM and the Engine's tactics see), its
`Forecast` per target, and the internal `Plan` each option carries so resolution reads exactly
what the menu promised; `MenuItem` pairs the two. Plain data every layer of combat reads, below
all of them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..dice import DiceExpr
from ..ruleset.combat_contests import Contest


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "x"


class Forecast(BaseModel):
    model_config = ConfigDict(extra="forbid")
    target: str
    hit: float | None = None
    damage: float | None = None
    heal: float | None = None
    save: float | None = None
    #: A contest's chance of winning (exact, from the dice forecast).
    win: float | None = None
    #: Initiative a taking style is expected to take (1.48, pool_styles.py).
    take: float | None = None
    #: What the opposing side's symbol spends are expected to cost the attacker, in points
    #: of damage (symbol-pool; the Engine's tactics take it off the attack's worth).
    cost: float | None = None


#: Every field of a forecast with its default: all plain values (no factories), so a new
#: forecast may start from a copy of this.
_FORECAST_FIELDS = {name: None if info.is_required() else info.default for name, info in Forecast.model_fields.items()}


assert not any(info.default_factory for info in Forecast.model_fields.values())


_new, _set = object.__new__, object.__setattr__


def forecast(target: str, **numbers: float | None) -> Forecast:
    """`Forecast(target=target, **numbers)` for numbers the menu has just worked out (floats or
    None, the types the fields hold), without validating them again: a menu makes dozens."""
    fields = dict(_FORECAST_FIELDS)
    fields["target"] = target
    fields.update(numbers)
    if len(fields) != len(_FORECAST_FIELDS):
        raise TypeError(f"a forecast has no {', '.join(sorted(set(fields) - set(_FORECAST_FIELDS)))}")
    model = _new(Forecast)
    _set(model, "__dict__", fields)
    _set(model, "__pydantic_fields_set__", {"target", *numbers})
    _set(model, "__pydantic_extra__", None)
    _set(model, "__pydantic_private__", None)
    return model


class Option(BaseModel):
    """One menu item. `targets` lists who it may be aimed at; `count` how many at most."""

    model_config = ConfigDict(extra="forbid")
    id: str
    label: str
    group: str
    budget: str | None = None
    costs: list[dict[str, Any]] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    count: int = 0
    forecasts: list[Forecast] = Field(default_factory=list)
    text: str = ""
    #: On a board: what the screen draws (a walk's cell, path, cost and what is left, the
    #: cells where someone would strike; per target how it is reached and its cover; an
    #: area's aim cells and whom each catches). None off the board.
    board: dict[str, Any] | None = None


@dataclass
class Plan:
    """What resolving the option does. `kind`: weapon, entry, action, sequence, standard,
    contest, end."""

    kind: str
    name: str = ""
    budget: str | None = None
    to_hit: int = 0
    to_hit_parts: list[tuple[str, int]] = field(default_factory=list)
    damage: DiceExpr | None = None
    damage_type: str | None = None
    entry: Any = None
    entry_ref: str | None = None
    mechanics: Any = None
    list_def: Any = None
    save_dc: int | None = None
    action: Any = None
    steps: list[Any] = field(default_factory=list)
    costs: list[tuple[str, int]] = field(default_factory=list)
    standard: str | None = None
    targets_side: str = "enemy"
    uses_strike: bool = False
    strikes: int = 1
    #: The option id when it is not `ability:<list>:<row>` (a creature's spell, a bigger payment).
    option_id: str | None = None
    #: Steps paid above the cheapest pool of the cost's group (costs.py).
    cost_steps: int = 0
    #: `uses` counter a creature's spell spends (spellcasting.py), with its starting count.
    uses_key: str | None = None
    uses_count: int = 0
    #: The `combat.contests` entry a contest option resolves (contests.py).
    contest: Contest | None = None
    #: A weapon's ability chosen for the attack roll and the row it was read from (blows.py).
    ability: str | None = None
    row: dict[str, Any] | None = None
    #: On a board: a walk's `{"cell", "path"}` (board/movement.py).
    walk: dict[str, Any] | None = None
    #: On a board: the cell an area option was aimed at; a burst's saves measure cover
    #: from it (board/save_cover.py).
    aim: tuple[int, int] | None = None
    #: The style an attack is made in where initiative is a number attacks move (1.48);
    #: None is the first style (pool_styles.py).
    style: str | None = None


@dataclass
class MenuItem:
    option: Option
    plan: Plan
