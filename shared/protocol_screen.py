"""The battle screen (`GET /v1/battles/{id}/screen`), pydantic v2: what the web viewer
draws, in the ruleset's own words and units, for anyone holding a token of the battle
(the GM, a player or a spectator).

Owns: `ScreenView` and its parts. Everything a screen shows is here already worked out by
the server (health and its maximum, rounds left, movement left in the ruleset's unit, the
labels), so the page computes nothing. It carries only what the table sees: no sheets,
no creature blocks, no dice seed or cursor, no menus (a player's options come with their
prompt), so every caller gets the same view.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .protocol import Message


class HealthBox(Message):
    """One box or level of a harm track: `mark` is the label of the kind of harm in it
    (None: empty); `label` the box's own name ("1", "Bruised")."""

    label: str
    mark: str | None = None


class HealthShown(Message):
    """A pool (`current` of `max`, drawn as a bar) or a track (`current` boxes left of
    `max`; a harm track lists its `boxes`)."""

    kind: Literal["pool", "track"]
    label: str
    current: int
    max: int
    boxes: list[HealthBox] | None = None


class ConditionShown(Message):
    id: str
    label: str
    #: Rounds left; None for a condition with no clock.
    rounds: int | None = None
    #: Whose turns count the rounds down: the holder's or the source's.
    counts: Literal["holder", "source"] = "holder"


class ConcentrationShown(Message):
    entry: str
    label: str


class DyingShown(Message):
    """Both counts of the dying rule, each against what it needs."""

    successes: int
    successes_needed: int
    failures: int
    failures_needed: int


class BudgetShown(Message):
    id: str
    label: str
    left: int
    per: Literal["turn", "round"]


class MovementShown(Message):
    """Movement left this turn: `left` in the ruleset's unit ("4 strides"), `cells` of it;
    for someone with other ways of moving, what is left of each (`{"walk": "2 strides",
    "fly": "8 strides"}`); `airborne` (1.354: the picture is the flying one) and `aloft`,
    the height flown above the ground (1.114), in the ruleset's unit."""

    left: str
    cells: int
    modes: dict[str, str] | None = None
    airborne: bool = False
    aloft: str | None = None


class CombatantShown(Message):
    id: str
    name: str
    side: Literal["party", "foes"]
    controller: Literal["engine", "player", "gm"]
    player: str | None = None
    position: tuple[int, int] | None = None
    down: bool = False
    out: bool = False
    initiative: float = 0
    health: HealthShown
    temp: int = 0
    conditions: list[ConditionShown] = Field(default_factory=list)
    concentration: ConcentrationShown | None = None
    dying: DyingShown | None = None
    budgets: list[BudgetShown] = Field(default_factory=list)
    movement: MovementShown | None = None
    #: On a board, the cells a side of the square it fills (mechanics-1 1.194): a Large ogre's
    #: 2; left out for one cell.
    cells: int | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Away from the fight alive (mechanics-2 1.236, mechanics-3 1.279): "Left the fight",
    #: "Dismissed", or "Away while Banished"; left out otherwise.
    away: str | None = Field(default=None, exclude_if=lambda v: v is None)


class TerrainShown(Message):
    kind: Literal["open", "rough", "water", "solid", "cover", "low"]
    label: str
    #: What entering a cell of it costs, in the ruleset's unit ("2 strides").
    cost: str


class BoardShown(Message):
    """The grid: `rows` of terrain letters explained by `legend`, `heights` of ground
    levels 0-3, x the column and y the row from 0; `unit` the ruleset's distance label."""

    width: int
    height: int
    rows: list[str]
    heights: list[str]
    legend: dict[str, TerrainShown]
    unit: str


class ZoneShown(Message):
    """A lasting zone (spec/mechanics-1 1.172): the battle lists it with the caster's turns
    it has left ("Moonbeam, 10 rounds") and the grid tints its `cells` ([x, y] each; empty
    off the board, where it holds `holds`)."""

    name: str
    owner: str
    rounds: int
    label: str
    cells: list[list[int]] = Field(default_factory=list)
    holds: list[str] = Field(default_factory=list)
    #: A wall's cells that still block (mechanics-1 1.177; its broken sections' left out),
    #: drawn as wall; left out of the JSON for a zone that blocks nothing.
    walls: list[list[int]] = Field(default_factory=list, exclude_if=lambda v: not v)


class SummonShown(Message):
    """A summon (spec/mechanics-1 1.122): the battle lists it with its owner's turns left
    ("Spiritual Weapon, 10 rounds") and the grid draws it on its `cell` (None off the
    board)."""

    name: str
    owner: str
    rounds: int
    label: str
    cell: list[int] | None = None


class WindowShown(Message):
    """An open window: what set it off, who is asked now and who after."""

    moment: str
    source: str | None = None
    target: str | None = None
    asking: list[str] = Field(default_factory=list)


class PendingShown(Message):
    actor: str
    decision: str
    controller: Literal["engine", "player", "gm"]
    player: str | None = None
    window: WindowShown | None = None


class ScreenView(Message):
    battle: str
    revision: int
    last_seq: int
    status: Literal["active", "abandoned"]
    ruleset: str
    round: int
    #: Whose turn it is (None before the first turn and after the fight).
    turn: str | None = None
    #: Combatant ids in turn order.
    order: list[str] = Field(default_factory=list)
    outcome: str | None = None
    style: str
    pending: PendingShown | None = None
    combatants: list[CombatantShown]
    board: BoardShown | None = None
    #: Lasting zones, in the order they were cast.
    zones: list[ZoneShown] = Field(default_factory=list)
    #: Summons, in the order they were cast.
    summons: list[SummonShown] = Field(default_factory=list)
