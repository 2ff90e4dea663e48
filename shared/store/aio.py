"""The battle store for async code (the aiohttp gateway).

Owns: `AsyncBattleStore`, which runs each call of a synchronous `BattleStore` in a worker
thread. The choice, and why: every write must stay one Lua script (Redis) or one locked
section (memory) with one set of semantics; a second, `redis.asyncio` implementation would
duplicate all of it for the few store reads an HTTP request makes (load, menu, events after
a seq, the hold). The gateway's busy path, the event fan-out to WebSockets, is natively
async (`store.feed()`), and the choice path only enqueues a task. A thread hop costs tens
of microseconds; a redis-py client is thread-safe (a connection pool), as is the memory
store (a lock).
"""

from __future__ import annotations

import asyncio
import functools
from concurrent.futures import Executor
from typing import Any, Callable, Sequence, TypeVar

from .base import (
    DEFAULT_PAGE,
    UNCHANGED,
    BattleStore,
    Event,
    Hold,
    RequestRecord,
    Saved,
    SaveResult,
    State,
    StoredBattle,
    _Unchanged,
)
from .feed import Feed

T = TypeVar("T")


class AsyncBattleStore:
    """`await store.load(id)` etc. for any `BattleStore`; `executor` None uses the loop's
    default thread pool."""

    def __init__(self, store: BattleStore, executor: Executor | None = None) -> None:
        self.sync = store
        self._executor = executor

    async def _call(self, fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, *args, **kwargs))

    async def create(
        self,
        battle_id: str,
        state: State,
        events: Sequence[Event] = (),
        *,
        ttl: float | None = None,
        revision: int = 1,
        hold: Hold | None = None,
    ) -> Saved:
        return await self._call(
            self.sync.create, battle_id, state, events, ttl=ttl, revision=revision, hold=hold
        )

    async def load(self, battle_id: str) -> StoredBattle | None:
        return await self._call(self.sync.load, battle_id)

    async def save(
        self,
        battle_id: str,
        expected_revision: int,
        new_state: State,
        new_events: Sequence[Event] = (),
        *,
        request_id: str | None = None,
        result: Any = None,
        hold: Hold | None | _Unchanged = UNCHANGED,
    ) -> SaveResult:
        return await self._call(
            self.sync.save, battle_id, expected_revision, new_state, new_events,
            request_id=request_id, result=result, hold=hold,
        )

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

    def feed(self) -> Feed:
        return self.sync.feed()

    async def ping(self) -> bool:
        return await self._call(self.sync.ping)

    async def close(self) -> None:
        await self._call(self.sync.close)
