"""The Redis store's reads on an event loop: `RedisAsyncReader`.

Owns: the `redis.asyncio` connection pool a gateway process reads battle heads with (the
one read each choice makes), so the loop never waits for a thread to do it. It sends the
same commands as `RedisBattleStore.head` (`queue_head`, `head_from`), on a client made on
the loop that uses it. Writes stay in the sync store's Lua scripts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import BattleHead

if TYPE_CHECKING:
    from .redis_store import RedisBattleStore


class RedisAsyncReader:
    def __init__(self, store: "RedisBattleStore", url: str) -> None:
        self._store = store
        self._url = url
        self._client: Any = None

    def _redis(self) -> Any:
        if self._client is None:
            import redis.asyncio as aioredis

            self._client = aioredis.from_url(self._url, decode_responses=True, health_check_interval=30)
        return self._client

    async def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        pipe = self._redis().pipeline(transaction=False)
        self._store.queue_head(pipe, battle_id, request_id)
        return self._store.head_from(await pipe.execute())

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.aclose()
