"""The Redis store's calls on an event loop: `RedisLoopClient`.

Owns: the `redis.asyncio` connection pool a gateway process sends the one store round
trip of every choice on, so the loop never waits for a thread to do it: the battle's head
(the same commands as `RedisBattleStore.head`: `queue_head`, `head_from`), alone or in one
transaction with the accepted choice's outbox entry (the same as `RedisOutbox.put`:
`queue_put`, `put_from`). The client is made on the loop that uses it. Every other write
stays in the sync store's Lua scripts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import BattleHead

if TYPE_CHECKING:
    from .outbox import RedisOutbox
    from .redis_store import RedisBattleStore


class RedisLoopClient:
    def __init__(self, store: "RedisBattleStore", url: str) -> None:
        self._store = store
        self._outbox: "RedisOutbox" = store.outbox()
        self._url = url
        self._client: Any = None

    def _redis(self) -> Any:
        if self._client is None:
            import redis.asyncio as aioredis

            from .redis_store import CONNECT_TIMEOUT, SOCKET_TIMEOUT

            # The sync store's timeouts: a Redis that stops answering is an error (503), not
            # a choice that never returns.
            self._client = aioredis.from_url(self._url, decode_responses=True, health_check_interval=30,
                                             socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=CONNECT_TIMEOUT)
        return self._client

    async def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        pipe = self._redis().pipeline(transaction=False)
        self._store.queue_head(pipe, battle_id, request_id)
        return self._store.head_from(await pipe.execute())

    async def head_and_outbox_put(self, battle_id: str, request_id: str, revision: int, choice: Any,
                                  due: float) -> tuple[BattleHead | None, bool]:
        pipe = self._redis().pipeline(transaction=True)
        self._store.queue_head(pipe, battle_id, request_id)
        self._outbox.queue_put(pipe, battle_id, request_id, revision, choice, due)
        replies = await pipe.execute()
        return self._store.head_from(replies[:2]), self._outbox.put_from(replies[2:])

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.aclose()
