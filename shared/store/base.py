"""The `BattleStore` contract: what a battle store keeps and the one way it is written.

Owns: the `BattleStore` protocol both implementations follow (in-memory in `memory.py`,
Redis in `redis_store.py`), the values it answers (`StoredBattle`, `Saved`,
`RevisionConflict`, `Duplicate`, `RequestRecord`), the `LoopClient` contract of the calls
a store answers on an event loop (implemented in `aio.py` and `redis_aio.py`) and the
defaults (idle expiry 7 days, hot record 200 events).

The store never looks inside a battle's state: it is an opaque JSON object. What the store
owns is around it: the battle's integer revision, its event stream (each event a JSON
object with an integer `seq`: 1, 2, 3, ...), the single-window hold mirror, request-id
dedupe, live-connection leases and idle expiry.

Sync, not async. The protocol is synchronous: Celery workers and the embedded executor
call it from threads, and both implementations share one set of semantics (one Lua script
per write in Redis, one lock in memory). The aiohttp gateway wraps any store in
`aio.AsyncBattleStore`, which runs each call in a worker thread (`asyncio.to_thread`); its
hot path, the event fan-out, is natively async (`feed.Feed`: Redis pub/sub through
`redis.asyncio`, or in-process queues for the memory store). A second, `redis.asyncio`
implementation of every write would double the code that must stay atomic for a few
reads per HTTP request; see `aio.py`.

The open decision. Each save may carry the decision the battle waits for at the new
revision (who must decide and their menu), computed by the worker from the state it just
resolved. The store keeps it beside the state under the same revision (every write that
makes a new revision sets or clears it), so `head` answers what a choice is checked
against and what the next prompt says without anyone loading and parsing the state.
A worker that applied a choice saves first with `decision_follows` and then brings the
decision with `put_decision`, so the choice's events are out while the menu is drawn; a
revision whose decision never came (its worker died between the two) is drawn from the
state by whoever needs it, as for any revision saved without one.

Idle expiry and live connections. A battle expires `idle_ttl` after its last write, but
never while a player is connected. A connection holds a *lease* (`touch_connected` with a
lease length, renewed by the gateway's heartbeat). Every touch stretches the battle's
expiry to at least `lease + idle_ttl` from now, so a battle always outlives its live
leases by the idle time; when the last lease is released its expiry is reset to
`idle_ttl` from now. A gateway that dies without releasing cannot pin a battle forever:
its lease lapses and the battle expires idle time later. (This replaces "PERSIST while a
marker exists", which leaks a battle forever when the gateway holding the marker dies.)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol, Sequence, TypeVar, runtime_checkable

from pydantic import BaseModel

from .feed import Feed
from .json_objects import Decision as Decision
from .json_objects import Event as Event
from .json_objects import Hold as Hold
from .json_objects import State as State
from .outbox import Outbox

#: A model class `StoredBattle.parsed` validates into.
M = TypeVar("M", bound=BaseModel)

DEFAULT_IDLE_TTL: Final = 7 * 24 * 3600.0
"""Seconds a battle lives after its last write when nobody is connected."""

DEFAULT_DEDUPE_TTL: Final = 24 * 3600.0
"""Seconds a request id is remembered; longer than any Celery redelivery window."""

HOT_EVENTS: Final = 200
"""Events kept in the battle's hot record (like Marinara's in-memory log)."""

DEFAULT_PAGE: Final = 500
"""`events_after` page size when the caller names none."""

ACTIVE: Final = "active"
ABANDONED: Final = "abandoned"
Status = Literal["active", "abandoned"]



class JsonText(str):
    """A battle state or open decision its caller already encoded as a JSON object (a
    pydantic model's `model_dump_json`): stored as it is instead of being encoded again."""

    __slots__ = ()


class Unchanged:
    """The type of `UNCHANGED`, the `hold` argument of `save` when the write leaves the hold
    mirror as it is (one instance)."""

    _instance: "Unchanged | None" = None

    def __new__(cls) -> "Unchanged":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNCHANGED"

    def __reduce__(self) -> str:
        return "UNCHANGED"


UNCHANGED: Final = Unchanged()


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """What a request id did: the revision its save produced and the result it answered."""

    revision: int
    #: The answer given, as the JSON object sent back (a choice's `{"ok": ..., "events": ...}`).
    result: dict[str, Any]


class StoredBattle:
    """A battle as loaded: its state, the revision a save must name, the last event seq.
    `record` is what the request id `load` was asked about did (None: not applied, or not
    asked). A store gives the state as the JSON text it keeps (`text`), parsed on first
    use of `state`; `parsed` validates the text into a model in one pass, which is how a
    worker reads the battle it is about to step."""

    __slots__ = ("_state", "text", "revision", "last_seq", "status", "record")

    def __init__(self, state: State | None = None, revision: int = 0, last_seq: int = 0, status: Status = ACTIVE,
                 record: RequestRecord | None = None, *, text: str | None = None) -> None:
        if (state is None) == (text is None):
            raise TypeError("a stored battle has its state or the state's text, not both or neither")
        self._state, self.text = state, text
        self.revision, self.last_seq, self.status, self.record = revision, last_seq, status, record

    @property
    def state(self) -> State:
        if self._state is None:
            assert self.text is not None  # __init__ takes exactly one of the state and its text
            self._state = json.loads(self.text)
        return self._state

    def parsed(self, model: type[M]) -> M:
        """The state validated into `model` (a pydantic model class)."""
        if self._state is None:
            assert self.text is not None  # __init__ takes exactly one of the state and its text
            return model.model_validate_json(self.text)
        return model.model_validate(self._state)

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, StoredBattle):
            return NotImplemented
        return (self.state, self.revision, self.last_seq, self.status, self.record) == \
            (other.state, other.revision, other.last_seq, other.status, other.record)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"StoredBattle(state={self.state!r}, revision={self.revision}, last_seq={self.last_seq}, "
                f"status={self.status!r}, record={self.record!r})")


@dataclass(frozen=True, slots=True)
class BattleHead:
    """A battle without its state, in one read: the revision, the stream's last seq, the
    status, the open decision saved with this revision (None when none was saved) and what
    the request id `head` was asked about did (None: not applied, or not asked)."""

    revision: int
    last_seq: int
    status: str
    decision: Decision | None = None
    record: RequestRecord | None = None

    @property
    def active(self) -> bool:
        return self.status == ACTIVE


@dataclass(frozen=True, slots=True)
class Saved:
    """The compare-and-set won: the battle is now at `revision`, its stream at `last_seq`."""

    revision: int
    last_seq: int
    ok: bool = True


@dataclass(frozen=True, slots=True)
class RevisionConflict:
    """The compare-and-set lost: the battle is at `actual`, not `expected`. Nothing was written."""

    expected: int
    actual: int
    ok: bool = False

    def __str__(self) -> str:
        return f"stale revision {self.expected}: the battle is at revision {self.actual}"


@dataclass(frozen=True, slots=True)
class Duplicate:
    """The request id was already applied; nothing was written. `record` is its answer."""

    request_id: str
    record: RequestRecord
    ok: bool = False


SaveResult = Saved | RevisionConflict | Duplicate


class LoopClient(Protocol):
    """The calls a store answers on the event loop without a thread."""

    async def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        """`BattleStore.head`."""
        ...

    async def head_and_outbox_put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any],
                                  due: float) -> tuple[BattleHead | None, bool]:
        """`head` and the store's `Outbox.put` in one atomic step (one round trip)."""
        ...

    async def aclose(self) -> None:
        """Releases the client's connections (the store itself stays open)."""
        ...



@runtime_checkable
class BattleStore(Protocol):
    """Where battles live between choices. Every write to a battle is atomic.

    Ids: battle ids are 1-128 characters of letters, digits, `.`, `_`, `-` (starting with a
    letter or digit); request and connection ids 1-200 of those plus `:`. Times are
    seconds (floats). A missing battle answers `None` from `load`, `get_hold`, `seen` and
    raises `BattleNotFound` from writes and event reads.
    """

    idle_ttl: float
    dedupe_ttl: float
    hot_limit: int

    # -- battles -----------------------------------------------------------------------
    def create(
        self,
        battle_id: str,
        state: State | JsonText,
        events: Sequence[Event] = (),
        *,
        ttl: float | None = None,
        revision: int = 1,
        hold: Hold | None = None,
        decision: Decision | JsonText | None = None,
    ) -> Saved:
        """Stores a new battle at `revision` with its first events (seq 1, 2, ...), hold and
        open decision. `ttl` is its idle expiry (default the store's `idle_ttl`).
        `BattleExists` if taken."""
        ...

    def load(self, battle_id: str, *, request_id: str | None = None) -> StoredBattle | None:
        """The battle's state and revision, or None when it does not exist. With
        `request_id`, the same read also answers what that request did (`record`)."""
        ...

    def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        """Everything but the state, in one read (what a choice is checked against), or None
        when the battle does not exist."""
        ...

    def save(
        self,
        battle_id: str,
        expected_revision: int,
        new_state: State | JsonText,
        new_events: Sequence[Event] = (),
        *,
        request_id: str | None = None,
        result: dict[str, Any] | None = None,
        hold: Hold | None | Unchanged = UNCHANGED,
        decision: Decision | JsonText | None = None,
        decision_follows: bool = False,
        continues: bool = False,
    ) -> SaveResult:
        """One atomic compare-and-set. When `request_id` was already applied: `Duplicate`
        (checked first, so a duplicate is never applied twice whatever its revision). When the
        battle is not at `expected_revision`: `RevisionConflict`. Both write nothing.
        Otherwise writes the state at revision `expected_revision + 1`, appends the events
        (their seq must continue the stream, else `EventSeqError` and nothing written), records
        `{revision, result}` under the request id for `dedupe_ttl`, writes the hold mirror
        (`UNCHANGED` keeps it, None clears it) and the open decision of the new revision (None:
        none), refreshes the idle expiry and publishes the events, the request id and the
        decision on the battle's channel. `decision_follows` (no `decision` then): the saver
        draws the decision after the save and brings it with `put_decision`; the message says
        so, so a listener sends the events now and waits for the prompt. `continues`: the
        save goes on with the choice `request_id` already saved (the Engine's moves after a
        paused choice), so its record is replaced by `result` instead of answering
        `Duplicate`. `BattleNotFound` / `BattleClosed` when it cannot be written at all."""
        ...

    def put_decision(self, battle_id: str, revision: int, decision: Decision | JsonText) -> bool:
        """Writes the open decision of `revision` when the battle is still active at that
        revision and has none yet, and publishes it (a message with the decision and no
        events). False when it was not written: the battle moved on (a later revision has
        its own), closed, or already has the decision. `BattleNotFound` when it is gone."""
        ...

    def abandon(self, battle_id: str, events: Sequence[Event] = ()) -> int:
        """Closes the battle unconditionally (a new revision, so any in-flight save loses its
        CAS), appends `events`, clears the hold and the open decision and publishes. The battle stays readable until
        it expires. Idempotent: abandoning an abandoned battle answers its revision."""
        ...

    def delete(self, battle_id: str) -> bool:
        """Removes every key of the battle at once; True when it existed."""
        ...

    def ttl(self, battle_id: str) -> float | None:
        """Seconds until the battle expires, None when it does not exist."""
        ...

    # -- events ------------------------------------------------------------------------
    def events_after(self, battle_id: str, seq: int, limit: int = DEFAULT_PAGE) -> list[Event]:
        """Up to `limit` events with seq > `seq`, in order, from the full stream."""
        ...

    def recent_events(self, battle_id: str) -> list[Event]:
        """The hot record: the last `hot_limit` events, in order."""
        ...

    # -- request-id dedupe -------------------------------------------------------------
    def seen(self, battle_id: str, request_id: str) -> RequestRecord | None:
        """What `request_id` did to this battle, or None if it never saved (or was forgotten
        after `dedupe_ttl`)."""
        ...

    # -- the single-window hold mirror -------------------------------------------------
    def get_hold(self, battle_id: str) -> Hold | None:
        """The open window holding the battle, as last saved; None when none is open."""
        ...

    def set_hold(self, battle_id: str, hold: Hold | None) -> None:
        """Rewrites only the mirror (no revision, no CAS) and publishes it. Writes go through
        `save(hold=...)` so the mirror never disagrees with the state; this is for repair."""
        ...

    def holds_due(self, now: float, limit: int = 100) -> list[str]:
        """Battles whose hold has a numeric `deadline` (epoch seconds) at or before `now`, for
        the sweeper that auto-passes expired windows."""
        ...

    # -- rulesets by content digest ----------------------------------------------------
    def put_ruleset(self, digest: str, json_text: str) -> str:
        """Stores a package under its digest (`shared.ruleset.load.package_digest`); a digest
        that is not the text's own is refused. Rulesets never expire. Answers the digest."""
        ...

    def get_ruleset(self, digest: str) -> str | None:
        """The package text stored under `digest`, or None."""
        ...

    # -- the ruleset registry: names and versions over digests -------------------------
    def register_ruleset(self, ref: str, entry_text: str) -> str | None:
        """Lists a ruleset under `ref` (`<namespace>/<id>@<version>`, see
        `shared.ruleset.registry`) when nothing is listed there and answers None; when `ref`
        is taken, answers the entry listed there and writes nothing. One atomic step, so of
        two adds of one version only one is listed. Entries never expire."""
        ...

    def registered_rulesets(self) -> dict[str, str]:
        """Every listed entry (JSON text) by its ref."""
        ...

    def unregister_ruleset(self, ref: str) -> bool:
        """Takes the entry under `ref` off the list (the package text stays under its
        digest); True when there was one."""
        ...

    # -- live connections --------------------------------------------------------------
    def touch_connected(self, battle_id: str, connection_id: str, ttl: float) -> int:
        """Takes or renews a connection lease of `ttl` seconds; the battle cannot expire
        while it is live. Answers the number of live connections."""
        ...

    def release_connected(self, battle_id: str, connection_id: str) -> int:
        """Drops a lease; when none is left the idle expiry restarts from now. Answers the
        number of live connections (0 also when the battle is gone)."""
        ...

    def connections(self, battle_id: str) -> int:
        """Live connection leases on the battle."""
        ...

    # -- fan-out -----------------------------------------------------------------------
    def channel(self, battle_id: str) -> str:
        """The pub/sub channel a battle's writes are announced on."""
        ...

    def publish(self, battle_id: str, events: Sequence[Event]) -> None:
        """Announces events again without storing them (e.g. a re-sent prompt)."""
        ...

    def announce(self, battle_id: str, request_id: str, result: dict[str, Any]) -> None:
        """Publishes how a request ended without writing anything (a refusal, or the recorded
        answer of a duplicate), for the gateway waiting on it (see `feed.py`)."""
        ...

    def answered(self, battle_id: str, request_id: str) -> dict[str, Any] | None:
        """The refusal `announce` published for `request_id` (kept as long as a request
        record, for this life of the battle), or None: what every gateway answers for a
        choice that ended without a save."""
        ...

    def feed(self) -> Feed:
        """An async subscription source for the gateway's listener (see `feed.py`)."""
        ...

    def loop_client(self) -> LoopClient:
        """The calls code on an event loop makes on the hot path, without a thread (see
        `LoopClient`); made on the loop that will use it."""
        ...

    # -- the outbox of accepted choices ------------------------------------------------
    def outbox(self) -> Outbox:
        """The outbox where a gateway records the choices it accepted until their answer is
        seen (see `outbox.py`); one per store, shared by everyone using it."""
        ...

    # -- service -----------------------------------------------------------------------
    def ping(self) -> bool:
        """True when the store answers (for `/readyz`)."""
        ...

    def close(self) -> None:
        """Releases connections."""
        ...
