"""Messages between clients, the gateway and workers (pydantic v2).

Owns: the request and response bodies of the HTTP API (`/v1/...`), the WebSocket messages
(`ClientChoice` in; `EventMessage`, `PromptMessage`, `AcceptedMessage`, `ErrorMessage`
out), the error body `{code, message}` and `OpenDecision`, the record of who must decide
that a worker saves with each revision for the gateway. The gateway's OpenAPI document is generated
from these models, so the document and the handlers read the same definitions.

Sheets, menus and events are the pure core's own JSON (`shared.combat`); they pass through
as objects here rather than being restated.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from shared.dice.rng import SEED_MAX
from shared.ruleset.registry import RegistryEntry

Identifier = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9][A-Za-z0-9._:-]*$")


class Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- errors ----------------------------------------------------------------------------


class ErrorBody(Message):
    """Every refusal: a stable `code` and a plain sentence. `problems` lists every
    `path: message` line of a refused package or request body."""

    code: str
    message: str
    problems: list[str] | None = None
    #: How many games pin the ruleset whose removal was refused (`ruleset-pinned`).
    games: int | None = None


# -- rulesets --------------------------------------------------------------------------


class RulesetStored(Message):
    digest: str
    id: str
    version: int


class RulesetAdded(RulesetStored):
    """`POST /v1/rulesets`: the package stored and where the registry lists it (`ref`:
    `official/5e-2014@7` or `community/<source>/<id>@<version>`). `added` is false when
    this very package was listed under its version already (nothing changed)."""

    ref: str
    namespace: str
    name: str
    license: str | None = None
    added: bool


class RulesetList(Message):
    """`GET /v1/rulesets`: every listed ruleset version, official first, then by namespace,
    id and version."""

    rulesets: list[RegistryEntry]


class RulesetsRemoved(Message):
    """`DELETE /v1/rulesets/...`: the refs taken off the list and how many games still pin
    one of them (a forced removal; their package text stays, so they keep playing)."""

    removed: list[str]
    games: int


# -- battles ---------------------------------------------------------------------------


class CreateBattle(Message):
    """A new battle on a stored ruleset (`ruleset`: its digest or registry name, as a game's) or an inline `package`
    (validated and stored first): the package's JSON, `{"ruleset": {...}, "assets":
    {"catalogs/spells.json": {...}}}` carrying the catalog files it names, or `{"zip":
    "<base64>"}`, a zip of its folder. Party and foes are the `battle fight` file formats; a
    foe may also be `{"invent": N, "tier": T, "boss"?: true, "brief"?: "..."}`: the GM
    model invents N opponents of tier T on the `llm` queue before the fight starts (see
    docs/gm.md). `difficulty` picks the encounter budget's step for invented fights;
    `gm_runs_bosses: false` is a game where the player keeps bosses from the GM. With
    `game`, the fight starts from that game's current snapshot: each party entry names a
    member (`{"name", "controller", ...}`), whose sheet, live state included, is the game's,
    and the ruleset and its layers are the game's (docs/games.md "Fights started from a
    game"). `layers` are the ruleset's layers the battle turns on (ids; an unknown layer or
    a conflicting pair is refused, `bad-layers`)."""

    ruleset: str | None = None
    package: dict[str, Any] | None = None
    party: list[dict[str, Any]] = Field(min_length=1, max_length=64)
    foes: list[dict[str, Any]] = Field(min_length=1, max_length=64)
    seed: int | None = Field(default=None, ge=0, le=SEED_MAX)
    #: A board `{"rows", "heights"?, "legend"?}` (docs/board.md): the fight is on it when the
    #: ruleset declares `combat.distance` and the style is `tactical` (the default with a board).
    board: dict[str, Any] | None = None
    #: The combat style: `classic`, `tactical`, or one `combat.styles` lists.
    style: str | None = Field(default=None, min_length=1, max_length=40)
    difficulty: Literal["casual", "normal", "hard", "brutal"] = "normal"
    gm_runs_bosses: bool = True
    #: Seconds a window waits for its answer before the sweeper passes for the one asked.
    window_seconds: float | None = Field(default=None, gt=0, le=86400)
    game: str | None = Field(default=None, min_length=1, max_length=128)
    layers: list[str] = Field(default_factory=list, max_length=12)

    @model_validator(mode="after")
    def _one_ruleset(self) -> "CreateBattle":
        if self.game is not None:
            if self.ruleset is not None or self.package is not None:
                raise ValueError('a fight started from a game plays the game\'s ruleset: give no "ruleset" or "package"')
        elif (self.ruleset is None) == (self.package is None):
            raise ValueError('give exactly one of "ruleset" (a digest) and "package"')
        return self


class CreatedBattle(Message):
    """`gm_token` may do everything; `tokens` maps each party `player` name to theirs;
    `spectator_token` only watches (the public screen, the log, the open decision)."""

    battle: str
    revision: int
    ruleset: str
    gm_token: str
    tokens: dict[str, str]
    spectator_token: str
    last_seq: int


class BattleView(Message):
    """The battle as the caller may see it: a player gets no foe sheets or blocks and no
    dice seed or cursor; a spectator no sheets or blocks at all; the GM the whole state."""

    battle: str
    revision: int
    status: Literal["active", "abandoned"]
    last_seq: int
    role: Literal["gm", "player", "spectator"]
    player: str | None = None
    state: dict[str, Any]


def _absent(value: object) -> bool:
    """Left out of the JSON while unset, so messages without it stay as they were."""
    return value is None


class Suggestion(Message):
    """The Engine's tactics' choice for this decision (consumes no dice)."""

    option: str
    targets: list[str] = Field(default_factory=list)
    #: On a board, the cell an area option is aimed at, and the cells of its other copies
    #: when it is placed several times (mechanics-1 1.178).
    cell: tuple[int, int] | None = None
    copies: list[tuple[int, int]] | None = Field(default=None, exclude_if=_absent)


class MenuView(Message):
    """What the caller may choose now. `actor` is who must decide (None when nobody);
    `options` is empty when that decision is not the caller's."""

    battle: str
    revision: int
    actor: str | None = None
    decision: str | None = None
    window: dict[str, Any] | None = None
    yours: bool = False
    options: list[dict[str, Any]] = Field(default_factory=list)
    suggestion: Suggestion | None = None


class ChoiceRequest(Message):
    """One choice from the actor's menu, made at `revision`. `request_id` makes it
    idempotent: the same id is applied at most once."""

    actor: str = Identifier
    option_id: str = Field(min_length=1, max_length=200)
    targets: list[str] = Field(default_factory=list, max_length=32)
    cell: tuple[int, int] | None = None
    #: How a wall is laid out (mechanics-1 1.177): run `toward` a cell, as a `ring`, its
    #: `side` "near" or "far"; the cells of an area's other `copies` (1.178).
    toward: tuple[int, int] | None = Field(default=None, exclude_if=_absent)
    ring: bool | None = Field(default=None, exclude_if=_absent)
    side: Literal["near", "far"] | None = Field(default=None, exclude_if=_absent)
    copies: list[tuple[int, int]] | None = Field(default=None, max_length=10, exclude_if=_absent)
    #: A wall section's cell an attack strikes instead of a creature (mechanics-2 1.200).
    wall: tuple[int, int] | None = Field(default=None, exclude_if=_absent)
    #: How many uses a `usesChosen` entry spends (mechanics-2 1.251).
    amount: int | None = Field(default=None, ge=1, le=1000, exclude_if=_absent)
    #: Who a teleport takes along (its `carries`, mechanics-3 1.276).
    carries: list[str] | None = Field(default=None, max_length=8, exclude_if=_absent)
    #: Metamagic chosen with the option: ids from the option's `alters` (mechanics-2 1.253).
    alters: list[Annotated[str, Field(min_length=1, max_length=200)]] | None = Field(
        default=None, max_length=8, exclude_if=_absent)
    #: Whom a chosen `spares` change spares (1.254); `[]` spares nobody.
    spares: list[str] | None = Field(default=None, max_length=32, exclude_if=_absent)
    #: Who a chosen `heightens` change makes roll the first save with disadvantage (1.255).
    heightens: str | None = Field(default=None, max_length=200, exclude_if=_absent)
    request_id: str = Identifier
    revision: int = Field(ge=0)

    def as_choice(self) -> dict[str, Any]:
        choice: dict[str, Any] = {"actor": self.actor, "option": self.option_id, "targets": list(self.targets)}
        if self.cell is not None:
            choice["cell"] = list(self.cell)
        if self.amount is not None:
            choice["amount"] = self.amount
        for key in ("toward", "ring", "side", "copies", "wall"):
            value = getattr(self, key)
            if value is not None:
                choice[key] = [list(c) for c in value] if key == "copies" else list(value) if key in ("toward", "wall") else value
        if self.carries:
            choice["carries"] = list(self.carries)
        if self.alters:
            choice["alters"] = list(self.alters)
        if self.spares is not None:
            choice["spares"] = list(self.spares)
        if self.heightens is not None:
            choice["heightens"] = self.heightens
        return choice


class ChoiceAccepted(Message):
    """The choice passed the gateway's checks and was handed to the executor; its events
    arrive on the socket and in `/events`; `/choices/{request_id}` tells how it ended."""

    request_id: str
    status: Literal["queued", "applied"]
    revision: int | None = None


class ChoiceStatus(Message):
    """How a submitted choice ended. `applied` is read from the store (any gateway);
    `queued` and `refused` are known to the gateway that accepted it."""

    request_id: str
    status: Literal["queued", "applied", "refused", "unknown"]
    revision: int | None = None
    code: str | None = None
    message: str | None = None


class EventsPage(Message):
    battle: str
    events: list[dict[str, Any]]
    last_seq: int


class SheetOut(Message):
    """A combatant's sheet as stored; `flags` names each value the ruleset no longer
    offers (a number out of range, a tier or value no longer listed), kept as stored."""

    battle: str
    member: str
    name: str
    side: Literal["party", "foes"]
    sheet: dict[str, Any] | None = None
    block: dict[str, Any] | None = None
    flags: list[str] = Field(default_factory=list)


class Abandoned(Message):
    battle: str
    revision: int
    status: Literal["abandoned"]
    sheets: dict[str, Any]


class Health(Message):
    ok: bool
    detail: str | None = None


# -- WebSocket -------------------------------------------------------------------------


class ClientChoice(ChoiceRequest):
    """`{type: "choice", ...}` sent on the socket: the same fields as the HTTP body."""

    type: Literal["choice"]


class EventMessage(Message):
    type: Literal["event"] = "event"
    event: dict[str, Any]


class PromptMessage(Message):
    """Sent when the decision is this socket's player's (or the GM's): their turn or a
    window asking one of their characters."""

    type: Literal["prompt"] = "prompt"
    actor: str
    revision: int
    decision: str
    window: dict[str, Any] | None = None
    options: list[dict[str, Any]]
    suggestion: Suggestion | None = None


class OpenDecision(Message):
    """Who a battle waits for at one revision, with their menu and the Engine's suggestion.
    The worker that saved the revision computes it from the state it resolved and the store
    keeps it beside that state (`BattleStore.head`), so the gateway checks a choice and sends
    the next prompt without loading the state. `actor` None: nobody must decide; `outcome`
    says why when the fight is over."""

    actor: str | None = None
    #: The actor's name, for the sockets told on whom the battle waits.
    name: str | None = None
    controller: str | None = None
    player: str | None = None
    decision: str | None = None
    window: dict[str, Any] | None = None
    options: list[dict[str, Any]] = Field(default_factory=list)
    suggestion: Suggestion | None = None
    outcome: str | None = None

    def prompt(self, revision: int) -> "PromptMessage | None":
        """The prompt of this decision at `revision` (None when nobody must decide)."""
        if self.actor is None or self.decision is None or self.outcome:
            return None
        return PromptMessage(actor=self.actor, revision=revision, decision=self.decision, window=self.window,
                             options=self.options, suggestion=self.suggestion)


class WaitingMessage(Message):
    """Sent to every socket the pending decision is not addressed to: the battle waits,
    and on whom (`actor`, its `name` and who answers for it). For a window, `window` is
    the record without its `resume` (what is left of the held step is the worker's)."""

    type: Literal["waiting"] = "waiting"
    actor: str
    name: str
    controller: str
    revision: int
    decision: str
    window: dict[str, Any] | None = None


class AcceptedMessage(Message):
    type: Literal["accepted"] = "accepted"
    request_id: str


class ErrorMessage(Message):
    type: Literal["error"] = "error"
    request_id: str | None = None
    code: str
    message: str


class ClosedMessage(Message):
    """The battle ended (an outcome or abandoned); the server closes the socket after it."""

    type: Literal["closed"] = "closed"
    status: str
    outcome: str | None = None
