"""The Redis store's calls on an event loop: `RedisLoopClient`.

Owns: the `redis.asyncio` connection pool a gateway process sends the one store round
trip of every choice on, so the loop never waits for a thread to do it: the battle's head
(the same commands as `RedisBattleStore.head`: `queue_head`, `head_from`), alone or in one
transaction with the accepted choice's outbox entry (the same as `RedisOutbox.put`:
`queue_put`, `put_from`). The client is made on the loop that uses it. Every other write
stays in the sync store's Lua scripts.
"""

from __future__ import annotations

from typing import Any, Protocol

import redis.asyncio as aioredis
from redis.asyncio.cluster import ClusterNode, RedisCluster

from .base import BattleHead
from .outbox import PUT, RedisOutbox
from .redis_urls import cluster_nodes, is_cluster


class HeadQueries(Protocol):
    """What the loop client asks of the sync store (`RedisBattleStore`): the head's commands
    and the outbox, so the two send the same commands."""

    def queue_head(self, pipe: Any, battle_id: str, request_id: str | None) -> None: ...

    def head_from(self, replies: list[Any]) -> BattleHead | None: ...

    def outbox(self) -> RedisOutbox: ...


class RedisLoopClient:
    def __init__(self, store: HeadQueries, url: str, *, socket_timeout: float, connect_timeout: float) -> None:
        self._store = store
        self._outbox = store.outbox()
        self._url = url
        # The sync store's timeouts: a Redis that stops answering is an error (503), not a
        # choice that never returns.
        self._socket_timeout = socket_timeout
        self._connect_timeout = connect_timeout
        self._client: aioredis.Redis | RedisCluster | None = None
        self._put: Any = None

    def _redis(self) -> aioredis.Redis | RedisCluster:
        if self._client is None:
            if is_cluster(self._url):
                self._client = RedisCluster(
                    startup_nodes=[ClusterNode(host, port) for host, port in cluster_nodes(self._url)],
                    decode_responses=True, socket_timeout=self._socket_timeout,
                    socket_connect_timeout=self._connect_timeout)
                self._put = self._client.register_script(PUT)  # type: ignore[misc]  # typed for Redis, served by RedisCluster too
            else:
                self._client = aioredis.Redis.from_url(
                    self._url, decode_responses=True, health_check_interval=30,
                    socket_timeout=self._socket_timeout, socket_connect_timeout=self._connect_timeout)
        return self._client

    async def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        pipe = self._redis().pipeline(transaction=False)
        self._store.queue_head(pipe, battle_id, request_id)
        return self._store.head_from(await pipe.execute())

    async def head_and_outbox_put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any],
                                  due: float) -> tuple[BattleHead | None, bool]:
        client = self._redis()
        if self._put is not None:
            # On a cluster: the head, then the entry by one script (atomic on its own; redis-py's
            # asyncio cluster runs a transaction's commands on another thread's loop).
            head = await self.head(battle_id, request_id)
            keys, args = self._outbox.put_script_call(battle_id, request_id, revision, choice, due)
            return head, bool(await self._put(keys=keys, args=args))
        pipe = client.pipeline(transaction=True)
        self._store.queue_head(pipe, battle_id, request_id)
        self._outbox.queue_put(pipe, battle_id, request_id, revision, choice, due)
        replies = await pipe.execute()
        return self._store.head_from(replies[:2]), self._outbox.put_from(replies[2:])

    async def aclose(self) -> None:
        if self._client is not None:
            client, self._client = self._client, None
            await client.aclose()
