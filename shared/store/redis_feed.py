"""The Redis feed: one `redis.asyncio` pub/sub connection per gateway process.

Owns: `RedisFeed`. It pattern-subscribes to every battle's channel (`ns:events:*`) and
hands each message to the local subscriptions of that battle; messages of battles nobody
here watches are dropped after reading the channel name. One subscription per process
keeps the connection count flat however many battles and sockets are open.

When the connection drops it reconnects with backoff and, once subscribed again, tells
every subscription to resync (what was published meanwhile is only in the store).

This is the feed of one Redis (standalone or behind Sentinel). On a Redis Cluster the store
publishes on shard channels and the feed is `redis_sharded_feed.ShardedRedisFeed`.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any

import redis
import redis.asyncio as aioredis

from .feed import Feed

log = logging.getLogger(__name__)

RECONNECT_DELAYS = (0.1, 0.25, 0.5, 1.0, 2.0, 5.0)


class RedisFeed(Feed):
    def __init__(self, url: str, channel_prefix: str, client_name: str | None = None) -> None:
        super().__init__()
        self._url = url
        self.client_name = client_name or f"battle-feed-{uuid.uuid4().hex[:12]}"
        """Shown by `CLIENT LIST`, so an operator can tell the gateways' feeds apart."""
        self._prefix = channel_prefix
        self._client: aioredis.Redis | None = None
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None

    def _connect(self) -> aioredis.Redis:
        if self._client is None:
            self._client = aioredis.Redis.from_url(self._url, decode_responses=True, client_name=self.client_name)
        return self._client

    async def start(self) -> None:
        await self._subscribe()
        self._task = asyncio.create_task(self._listen(), name="battle-feed")

    async def _subscribe(self) -> None:
        self._pubsub = self._connect().pubsub()
        await self._pubsub.psubscribe(self._prefix + "*")
        # Wait for the confirmation: only then is every later publish certain to reach us.
        while True:
            message = await self._pubsub.get_message(timeout=5.0)
            if message is None:
                raise ConnectionError("Redis did not confirm the feed's subscription")
            if message["type"] == "psubscribe":
                return

    async def _listen(self) -> None:
        attempt = 0
        while True:
            try:
                if self._pubsub is None:
                    await self._subscribe()
                    self._fanout.resync_all()
                async for message in self._pubsub.listen():
                    attempt = 0
                    if message["type"] == "pmessage":
                        battle_id = message["channel"][len(self._prefix) :]
                        self._fanout.dispatch(battle_id, message["data"])
                    elif message["type"] == "psubscribe":
                        # redis-py re-subscribed on its own after a reconnect: whatever was
                        # published in between is lost to us.
                        self._fanout.resync_all()
                raise redis.ConnectionError("the subscription ended")
            except (redis.ConnectionError, redis.TimeoutError, OSError) as exc:
                delay = RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)]
                attempt += 1
                log.warning("battle feed lost Redis (%s); reconnecting in %.2fs", exc, delay)
                await close_quietly(self._pubsub)
                self._pubsub = None
                await asyncio.sleep(delay)

    async def close(self) -> None:
        await stop_listening(self._task)
        self._task = None
        await close_quietly(self._pubsub)
        self._pubsub = None
        await close_quietly(self._client)
        self._client = None


async def stop_listening(task: asyncio.Task[None] | None) -> None:
    """Cancels a feed's listening task and waits for it; a cancel of the caller itself still
    propagates."""
    if task is None:
        return
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        if (current := asyncio.current_task()) is not None and current.cancelling():
            raise


async def close_quietly(resource: Any) -> None:
    """Closes a redis.asyncio client or pubsub (`aclose` from redis 5.0.1, `close` before),
    ignoring a connection that is already broken."""
    if resource is None:
        return
    closer = getattr(resource, "aclose", None) or resource.close
    try:
        await closer()
    except (redis.RedisError, OSError):
        log.debug("closing a broken Redis connection", exc_info=True)
