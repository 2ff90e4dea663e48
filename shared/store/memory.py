"""The in-memory battle store: the embedded default (`battle serve --embedded`, `battle demo`).

Owns: `MemoryBattleStore`, the `BattleStore` of one process. One lock makes every write
atomic exactly where the Redis store runs one Lua script, and the same codec keeps JSON
text, so both stores refuse, conflict and expire alike (the same test suite runs on both).
Time comes from an injected clock, so expiry is tested without sleeping.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from . import codec
from .aio import MemoryLoopClient
from .base import (
    ABANDONED,
    ACTIVE,
    BattleHead,
    Decision,
    DEFAULT_DEDUPE_TTL,
    DEFAULT_IDLE_TTL,
    DEFAULT_PAGE,
    HOT_EVENTS,
    UNCHANGED,
    Duplicate,
    Event,
    Hold,
    JsonText,
    RequestRecord,
    RevisionConflict,
    Saved,
    SaveResult,
    State,
    Status,
    StoredBattle,
    Unchanged,
)
from .errors import BattleClosed, BattleExists, BattleNotFound, StoreError
from .outbox import MemoryOutbox
from .feed import Listener, MemoryFeed

PURGE_EVERY = 60.0
"""Seconds of clock time between sweeps that forget expired battles nobody asked for."""


@dataclass
class _Battle:
    state: str
    revision: int
    status: Status
    idle: float
    expires_at: float
    events: list[str] = field(default_factory=list)
    """The full stream as JSON text; seq n is at index n - 1."""
    hold: str | None = None
    decision: str = ""
    """The open decision saved with the current revision (JSON text, "" for none)."""
    connections: dict[str, float] = field(default_factory=dict)
    """connection id -> lease deadline (clock seconds)."""
    requests: dict[str, tuple[str, float]] = field(default_factory=dict)
    """request id -> (record text, forget-at clock seconds)."""
    answers: dict[str, tuple[str, float]] = field(default_factory=dict)
    """request id -> (announced refusal text, forget-at clock seconds)."""

    @property
    def last_seq(self) -> int:
        return len(self.events)

    def live_connections(self, now: float) -> int:
        for cid in [c for c, deadline in self.connections.items() if deadline <= now]:
            del self.connections[cid]
        return len(self.connections)


class MemoryBattleStore:
    """A thread-safe `BattleStore` in this process's memory."""

    def __init__(
        self,
        *,
        idle_ttl: float = DEFAULT_IDLE_TTL,
        dedupe_ttl: float = DEFAULT_DEDUPE_TTL,
        hot_limit: int = HOT_EVENTS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.idle_ttl = codec.check_seconds(idle_ttl, "idle_ttl")
        self.dedupe_ttl = codec.check_seconds(dedupe_ttl, "dedupe_ttl")
        if type(hot_limit) is not int or hot_limit < 1:
            raise StoreError(f"hot_limit must be a positive integer, not {hot_limit!r}")
        self.hot_limit = hot_limit
        self._clock = clock
        self._lock = threading.RLock()
        self._battles: dict[str, _Battle] = {}
        self._holds_due: dict[str, float] = {}
        self._rulesets: dict[str, str] = {}
        self._registry: dict[str, str] = {}
        self._listeners: list[Listener] = []
        self._last_purge = clock()
        self._outbox = MemoryOutbox()

    # -- internals (call with the lock held) -------------------------------------------
    def _live(self, battle_id: str, now: float) -> _Battle | None:
        battle = self._battles.get(battle_id)
        if battle is not None and battle.expires_at <= now:
            self._forget(battle_id)
            return None
        return battle

    def _existing(self, battle_id: str, now: float) -> _Battle:
        battle = self._live(battle_id, now)
        if battle is None:
            raise BattleNotFound(battle_id)
        return battle

    def _forget(self, battle_id: str) -> None:
        self._battles.pop(battle_id, None)
        self._holds_due.pop(battle_id, None)

    def _purge(self, now: float) -> None:
        if now - self._last_purge < PURGE_EVERY:
            return
        self._last_purge = now
        for battle_id, battle in list(self._battles.items()):
            if battle.expires_at <= now:
                self._forget(battle_id)
                continue
            for rid in [r for r, (_, until) in battle.requests.items() if until <= now]:
                del battle.requests[rid]
            for rid in [r for r, (_, until) in battle.answers.items() if until <= now]:
                del battle.answers[rid]

    def _write_hold(
        self, battle_id: str, battle: _Battle, mode: str, text: str, deadline: float | None
    ) -> None:
        if mode == codec.HOLD_KEEP:
            return
        battle.hold = text if mode == codec.HOLD_SET else None
        if mode == codec.HOLD_SET and deadline is not None:
            self._holds_due[battle_id] = deadline
        else:
            self._holds_due.pop(battle_id, None)

    def _announce(
        self, battle_id: str, battle: _Battle, texts: Sequence[str], mode: str, hold_text: str,
        request_id: str | None = None, decision_text: str = "", decision_follows: bool = False,
    ) -> None:
        head, tail = codec.message_parts(battle_id, battle.status, texts, mode, hold_text,
                                         request_id, decision_text, decision_follows)
        self._tell(battle_id, head + str(battle.revision) + tail)

    def _tell(self, battle_id: str, message: str) -> None:
        # Called under the lock so listeners see one battle's writes in revision order.
        for listener in list(self._listeners):
            listener(battle_id, message)

    def _record(self, battle: _Battle | None, request_id: str | None, now: float) -> RequestRecord | None:
        prior = None if battle is None or request_id is None else battle.requests.get(request_id)
        if prior is None or prior[1] <= now:
            return None
        data = json.loads(prior[0])
        return RequestRecord(data["revision"], data["result"])

    @staticmethod
    def _check_seq(first: int | None, battle_last: int) -> None:
        if first is not None and first != battle_last + 1:
            raise codec.seq_refusal(first, battle_last)

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
        a = codec.create_args(battle_id, state, events, ttl, self.idle_ttl, revision, hold, decision)
        with self._lock:
            now = self._clock()
            self._purge(now)
            if self._live(battle_id, now) is not None:
                raise BattleExists(battle_id)
            battle = _Battle(a.state_text, revision, ACTIVE, a.idle, now + a.idle, list(a.texts),
                             decision=a.decision_text)
            self._write_hold(battle_id, battle, a.hold_mode, a.hold_text, a.deadline)
            self._battles[battle_id] = battle
            return Saved(revision, battle.last_seq)

    def _read(self, battle_id: str, request_id: str | None) -> tuple[_Battle, RequestRecord | None, float] | None:
        """(the battle, what the request did, now) as one read, or None: the lock is
        held by the caller, so both answers are of one moment."""
        codec.check_battle_id(battle_id)
        if request_id is not None:
            codec.check_token(request_id, "request id")
        now = self._clock()
        battle = self._live(battle_id, now)
        if battle is None:
            return None
        return battle, self._record(battle, request_id, now), now

    def load(self, battle_id: str, *, request_id: str | None = None) -> StoredBattle | None:
        with self._lock:
            read = self._read(battle_id, request_id)
            if read is None:
                return None
            battle, record, _now = read
            return StoredBattle(None, battle.revision, battle.last_seq, battle.status, record, text=battle.state)

    def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        with self._lock:
            read = self._read(battle_id, request_id)
            if read is None:
                return None
            battle, record, _now = read
            return BattleHead(battle.revision, battle.last_seq, battle.status,
                              json.loads(battle.decision) if battle.decision else None, record)

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
        a = codec.save_args(battle_id, expected_revision, new_state, new_events, request_id, result, hold,
                            decision, decision_follows, continues)
        with self._lock:
            now = self._clock()
            self._purge(now)
            battle = self._existing(battle_id, now)
            if request_id is not None and not continues:
                prior = battle.requests.get(request_id)
                if prior is not None and prior[1] > now:
                    data = json.loads(prior[0])
                    return Duplicate(request_id, RequestRecord(data["revision"], data["result"]))
            if battle.status != ACTIVE:
                raise BattleClosed(battle_id, battle.status)
            if battle.revision != expected_revision:
                return RevisionConflict(expected_revision, battle.revision)
            self._check_seq(a.first, battle.last_seq)
            battle.state = a.state_text
            battle.revision = a.revision
            battle.decision = a.decision_text
            battle.events.extend(a.texts)
            self._write_hold(battle_id, battle, a.hold_mode, a.hold_text, a.deadline)
            if request_id is not None:
                battle.requests[request_id] = (a.record_text, now + self.dedupe_ttl)
            battle.expires_at = max(battle.expires_at, now + battle.idle)
            self._announce(battle_id, battle, a.texts, a.hold_mode, a.hold_text, request_id, a.decision_text,
                           a.decision_follows)
            return Saved(a.revision, battle.last_seq)

    def put_decision(self, battle_id: str, revision: int, decision: Decision | JsonText) -> bool:
        codec.check_battle_id(battle_id)
        codec.check_revision(revision)
        text = codec.encode_decision(decision)
        with self._lock:
            battle = self._existing(battle_id, self._clock())
            if battle.status != ACTIVE or battle.revision != revision or battle.decision:
                return False
            battle.decision = text
            self._announce(battle_id, battle, (), codec.HOLD_KEEP, "", None, text)
            return True

    def abandon(self, battle_id: str, events: Sequence[Event] = ()) -> int:
        codec.check_battle_id(battle_id)
        first, texts = codec.encode_events(events)
        with self._lock:
            now = self._clock()
            battle = self._existing(battle_id, now)
            if battle.status != ACTIVE:
                return battle.revision
            self._check_seq(first, battle.last_seq)
            battle.revision += 1
            battle.status = ABANDONED
            battle.decision = ""
            battle.events.extend(texts)
            self._write_hold(battle_id, battle, codec.HOLD_CLEAR, "", None)
            battle.expires_at = max(battle.expires_at, now + battle.idle)
            self._announce(battle_id, battle, texts, codec.HOLD_CLEAR, "")
            return battle.revision

    def delete(self, battle_id: str) -> bool:
        codec.check_battle_id(battle_id)
        with self._lock:
            existed = self._live(battle_id, self._clock()) is not None
            self._forget(battle_id)
            return existed

    def ttl(self, battle_id: str) -> float | None:
        codec.check_battle_id(battle_id)
        with self._lock:
            now = self._clock()
            battle = self._live(battle_id, now)
            return None if battle is None else battle.expires_at - now

    # -- events ------------------------------------------------------------------------
    def events_after(self, battle_id: str, seq: int, limit: int = DEFAULT_PAGE) -> list[Event]:
        codec.check_battle_id(battle_id)
        start = max(0, codec.check_revision(seq, "seq"))
        if type(limit) is not int or limit < 1:
            raise StoreError(f"limit must be a positive integer, not {limit!r}")
        with self._lock:
            battle = self._existing(battle_id, self._clock())
            texts = battle.events[start : start + limit]
        return [json.loads(text) for text in texts]

    def recent_events(self, battle_id: str) -> list[Event]:
        codec.check_battle_id(battle_id)
        with self._lock:
            texts = self._existing(battle_id, self._clock()).events[-self.hot_limit :]
        return [json.loads(text) for text in texts]

    # -- request-id dedupe -------------------------------------------------------------
    def seen(self, battle_id: str, request_id: str) -> RequestRecord | None:
        codec.check_battle_id(battle_id)
        codec.check_token(request_id, "request id")
        with self._lock:
            now = self._clock()
            return self._record(self._live(battle_id, now), request_id, now)

    # -- the single-window hold mirror -------------------------------------------------
    def get_hold(self, battle_id: str) -> Hold | None:
        codec.check_battle_id(battle_id)
        with self._lock:
            battle = self._live(battle_id, self._clock())
            text = None if battle is None else battle.hold
        return None if text is None else json.loads(text)

    def set_hold(self, battle_id: str, hold: Hold | None) -> None:
        codec.check_battle_id(battle_id)
        mode, hold_text, deadline = codec.hold_args(hold)
        with self._lock:
            now = self._clock()
            battle = self._existing(battle_id, now)
            if battle.status != ACTIVE:
                raise BattleClosed(battle_id, battle.status)
            self._write_hold(battle_id, battle, mode, hold_text, deadline)
            battle.expires_at = max(battle.expires_at, now + battle.idle)
            self._announce(battle_id, battle, (), mode, hold_text)

    def holds_due(self, now: float, limit: int = 100) -> list[str]:
        with self._lock:
            clock_now = self._clock()
            due = sorted((d, b) for b, d in self._holds_due.items() if d <= now)[:limit]
            return [b for _, b in due if self._live(b, clock_now) is not None]

    # -- rulesets by content digest ----------------------------------------------------
    def put_ruleset(self, digest: str, json_text: str) -> str:
        codec.check_ruleset(digest, json_text)
        with self._lock:
            self._rulesets[digest] = json_text
        return digest

    def get_ruleset(self, digest: str) -> str | None:
        codec.check_digest(digest)
        with self._lock:
            return self._rulesets.get(digest)

    # -- the ruleset registry ----------------------------------------------------------
    def register_ruleset(self, ref: str, entry_text: str) -> str | None:
        codec.check_registry_entry(ref, entry_text)
        with self._lock:
            listed = self._registry.get(ref)
            if listed is None:
                self._registry[ref] = entry_text
            return listed

    def registered_rulesets(self) -> dict[str, str]:
        with self._lock:
            return dict(self._registry)

    def unregister_ruleset(self, ref: str) -> bool:
        codec.check_registry_ref(ref)
        with self._lock:
            return self._registry.pop(ref, None) is not None

    # -- live connections --------------------------------------------------------------
    def touch_connected(self, battle_id: str, connection_id: str, ttl: float) -> int:
        codec.check_battle_id(battle_id)
        codec.check_token(connection_id, "connection id")
        lease = codec.check_seconds(ttl, "lease ttl")
        with self._lock:
            now = self._clock()
            battle = self._existing(battle_id, now)
            battle.live_connections(now)
            battle.connections[connection_id] = now + lease
            battle.expires_at = max(battle.expires_at, now + lease + battle.idle)
            return len(battle.connections)

    def release_connected(self, battle_id: str, connection_id: str) -> int:
        codec.check_battle_id(battle_id)
        codec.check_token(connection_id, "connection id")
        with self._lock:
            now = self._clock()
            battle = self._live(battle_id, now)
            if battle is None:
                return 0
            battle.connections.pop(connection_id, None)
            left = battle.live_connections(now)
            if left == 0:
                battle.expires_at = now + battle.idle
            return left

    def connections(self, battle_id: str) -> int:
        codec.check_battle_id(battle_id)
        with self._lock:
            now = self._clock()
            battle = self._live(battle_id, now)
            return 0 if battle is None else battle.live_connections(now)

    # -- fan-out -----------------------------------------------------------------------
    def channel(self, battle_id: str) -> str:
        return "memory:events:" + codec.check_battle_id(battle_id)

    def publish(self, battle_id: str, events: Sequence[Event]) -> None:
        codec.check_battle_id(battle_id)
        _, texts = codec.encode_events(events)
        with self._lock:
            battle = self._existing(battle_id, self._clock())
            self._announce(battle_id, battle, texts, codec.HOLD_KEEP, "")

    def announce(self, battle_id: str, request_id: str, result: dict[str, Any]) -> None:
        message = codec.answer_message(battle_id, request_id, result)
        kept = None if result.get("ok") else codec.encode(result, "the request's answer")
        with self._lock:
            now = self._clock()
            battle = self._live(battle_id, now)
            if battle is not None and kept is not None:
                battle.answers[request_id] = (kept, now + self.dedupe_ttl)
            self._tell(battle_id, message)

    def answered(self, battle_id: str, request_id: str) -> dict[str, Any] | None:
        codec.check_battle_id(battle_id)
        codec.check_token(request_id, "request id")
        with self._lock:
            now = self._clock()
            battle = self._live(battle_id, now)
            found = None if battle is None else battle.answers.get(request_id)
        if found is None or found[1] <= now:
            return None
        answer: dict[str, Any] = json.loads(found[0])
        return answer

    def add_listener(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def feed(self) -> MemoryFeed:
        return MemoryFeed(self)

    def loop_client(self) -> "MemoryLoopClient":
        return MemoryLoopClient(self)

    # -- service -----------------------------------------------------------------------
    def outbox(self) -> MemoryOutbox:
        """The outbox of accepted choices (see `outbox.py`)."""
        return self._outbox

    def ping(self) -> bool:
        return True

    def close(self) -> None:
        with self._lock:
            self._listeners.clear()
