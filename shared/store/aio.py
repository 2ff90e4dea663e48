"""The battle store for async code (the aiohttp gateway).

Owns: `AsyncBattleStore`, which runs each call of a synchronous `BattleStore` in a worker
thread, except the call every choice makes, `head` (with the outbox entry, when the
gateway's executor keeps one: `head_and_outbox_put`), which goes through the store's
`LoopClient` (the contract, in `base.py`) on the loop itself; the memory store's loop client.

The choice, and why: every write must stay one Lua script (Redis) or one locked section
(memory) with one set of semantics; a second, `redis.asyncio` implementation would
duplicate all of it for the few store reads an HTTP request makes (load, events after a
seq, the hold). The gateway's busy paths are natively async: the event fan-out
(`store.feed()`) and the one round trip every choice makes (`head`: revision, status, the
open decision and the request's record, and with the Celery executor the accepted choice's
outbox entry in the same transaction), in `redis_aio.RedisLoopClient`. A thread hop costs tens
of microseconds of CPU, but under load the loop and the pool's threads take turns on the
GIL, and each turn can keep the loop waiting; a redis-py client is thread-safe (a
connection pool), as is the memory store (a lock).
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import Executor
from typing import Any, Callable, Sequence, TypeVar

from .base import (
    DEFAULT_PAGE,
    UNCHANGED,
    BattleHead,
    BattleStore,
    Decision,
    Event,
    Hold,
    JsonText,
    LoopClient,
    RequestRecord,
    Saved,
    SaveResult,
    State,
    StoredBattle,
    Unchanged,
)
from .feed import Feed

T = TypeVar("T")


class MemoryLoopClient:
    """The memory store's: its calls touch no I/O and hold its lock only for a copy or a
    small write, so they run on the loop as they are."""

    def __init__(self, store: BattleStore) -> None:
        self._store = store

    async def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        return self._store.head(battle_id, request_id)

    async def head_and_outbox_put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any],
                                  due: float) -> tuple[BattleHead | None, bool]:
        # Nothing on the loop runs between the two; the gateway's checks need no more.
        return self._store.head(battle_id, request_id), self._store.outbox().put(battle_id, request_id, revision,
                                                                                 choice, due)

    async def aclose(self) -> None:
        return None


class AsyncBattleStore:
    """`await store.load(id)` etc. for any `BattleStore`; `executor` None uses the loop's
    default thread pool. Build it on the loop that will use it (its loop client's connections
    belong to that loop) and `aclose()` it there."""

    def __init__(self, store: BattleStore, executor: Executor | None = None) -> None:
        self.sync = store
        self._executor = executor
        self._on_loop: LoopClient | None = None

    @property
    def on_loop(self) -> LoopClient:
        if self._on_loop is None:
            self._on_loop = self.sync.loop_client()
        return self._on_loop

    async def aclose(self) -> None:
        """Closes the loop client (not the store: its owner closes that)."""
        if self._on_loop is not None:
            client, self._on_loop = self._on_loop, None
            await client.aclose()

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    async def create(
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
        return await self._call(
            self.sync.create, battle_id, state, events, ttl=ttl, revision=revision, hold=hold,
            decision=decision,
        )

    async def load(self, battle_id: str, *, request_id: str | None = None) -> StoredBattle | None:
        return await self._call(self.sync.load, battle_id, request_id=request_id)

    async def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        return await self.on_loop.head(battle_id, request_id)

    async def head_and_outbox_put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any],
                                  due: float) -> tuple[BattleHead | None, bool]:
        return await self.on_loop.head_and_outbox_put(battle_id, request_id, revision, choice, due)

    async def save(
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
        return await self._call(
            self.sync.save, battle_id, expected_revision, new_state, new_events,
            request_id=request_id, result=result, hold=hold, decision=decision, decision_follows=decision_follows,
            continues=continues,
        )

    async def put_decision(self, battle_id: str, revision: int, decision: Decision | JsonText) -> bool:
        return await self._call(self.sync.put_decision, battle_id, revision, decision)

    async def abandon(self, battle_id: str, events: Sequence[Event] = ()) -> int:
        return await self._call(self.sync.abandon, battle_id, events)

    async def delete(self, battle_id: str) -> bool:
        return await self._call(self.sync.delete, battle_id)

    async def ttl(self, battle_id: str) -> float | None:
        return await self._call(self.sync.ttl, battle_id)

    async def events_after(
        self, battle_id: str, seq: int, limit: int = DEFAULT_PAGE
    ) -> list[Event]:
        return await self._call(self.sync.events_after, battle_id, seq, limit)

    async def recent_events(self, battle_id: str) -> list[Event]:
        return await self._call(self.sync.recent_events, battle_id)

    async def seen(self, battle_id: str, request_id: str) -> RequestRecord | None:
        return await self._call(self.sync.seen, battle_id, request_id)

    async def get_hold(self, battle_id: str) -> Hold | None:
        return await self._call(self.sync.get_hold, battle_id)

    async def set_hold(self, battle_id: str, hold: Hold | None) -> None:
        await self._call(self.sync.set_hold, battle_id, hold)

    async def holds_due(self, now: float, limit: int = 100) -> list[str]:
        return await self._call(self.sync.holds_due, now, limit)

    async def put_ruleset(self, digest: str, json_text: str) -> str:
        return await self._call(self.sync.put_ruleset, digest, json_text)

    async def get_ruleset(self, digest: str) -> str | None:
        return await self._call(self.sync.get_ruleset, digest)

    async def register_ruleset(self, ref: str, entry_text: str) -> str | None:
        return await self._call(self.sync.register_ruleset, ref, entry_text)

    async def registered_rulesets(self) -> dict[str, str]:
        return await self._call(self.sync.registered_rulesets)

    async def unregister_ruleset(self, ref: str) -> bool:
        return await self._call(self.sync.unregister_ruleset, ref)

    async def touch_connected(self, battle_id: str, connection_id: str, ttl: float) -> int:
        return await self._call(self.sync.touch_connected, battle_id, connection_id, ttl)

    async def release_connected(self, battle_id: str, connection_id: str) -> int:
        return await self._call(self.sync.release_connected, battle_id, connection_id)

    async def connections(self, battle_id: str) -> int:
        return await self._call(self.sync.connections, battle_id)

    def channel(self, battle_id: str) -> str:
        return self.sync.channel(battle_id)

    async def publish(self, battle_id: str, events: Sequence[Event]) -> None:
        await self._call(self.sync.publish, battle_id, events)

    async def announce(self, battle_id: str, request_id: str, result: dict[str, Any]) -> None:
        await self._call(self.sync.announce, battle_id, request_id, result)

    def feed(self) -> Feed:
        return self.sync.feed()

    async def ping(self) -> bool:
        return await self._call(self.sync.ping)

    async def close(self) -> None:
        await self._call(self.sync.close)
