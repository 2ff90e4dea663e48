"""The event feed on a Redis Cluster: sharded pub/sub, one subscriber connection per master.

Owns: `ShardedRedisFeed`. On a cluster the store's scripts publish each battle's message with
`SPUBLISH` on its shard's channel (`ns:events:{ns:N}`, in the slot of the battle's keys, see
`redis_keys.py`), so a message goes to the shard's master and its replicas and nowhere else: a
classic PUBLISH would be carried over the cluster bus to every node, which is what would
stop the feed from scaling with the shards. A shard channel is heard only on the node that
serves its slot, so this feed reads the slot map (redis-py's asyncio `RedisCluster`, the
library's own topology client: it has no pub/sub of its own in redis-py 5 and 6), and opens one
connection per master, `SSUBSCRIBE`d to the shard channels whose slots that master serves.
Each message names its battle first (`codec.battle_id_of_message`), and is handed to that
battle's local subscriptions, as on one Redis.

When the topology changes under it, the feed starts over: a master lost (its connection
drops, or it does not answer a PING within `HEALTH_INTERVAL`), or a slot that moved (the
server then pushes `SUNSUBSCRIBE` for the shard channels of the slot: a failover that demotes
a master, a resharding). The feed closes every node's connection, reads the slot map again
(with backoff while the cluster has no master for a slot), subscribes again, and only then
tells every subscription to resync: what was published meanwhile is only in the store, and
each socket reads it from there (`events_after` its last seq), so none is lost and, since a
socket sends only seqs after its last one, none is sent twice. A choice whose answer was
published in the gap is answered from its request record (the executor's late look-up), and
stays in the outbox until then.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from typing import Any, Callable

import redis
from redis.asyncio.cluster import ClusterNode, RedisCluster
from redis.asyncio.connection import Connection
from redis.exceptions import RedisClusterException

from .codec import battle_id_of_message
from .feed import Feed
from .redis_feed import RECONNECT_DELAYS, close_quietly, stop_listening
from .redis_urls import cluster_nodes

log = logging.getLogger(__name__)

HEALTH_INTERVAL = 15.0
"""Seconds a node's connection may stay silent before the feed PINGs it; a node that does not
answer the PING in as long again is taken as lost."""
CONNECT_TIMEOUT = 5.0
CONFIRM_TIMEOUT = 5.0
"""Seconds a node may take to confirm the feed's subscriptions."""

Dispatch = Callable[[str, str], None]
"""Hands (battle id, message text) to that battle's subscriptions (`FanOut.dispatch`)."""


class ShardsMoved(redis.ConnectionError):
    """A node stopped serving shard channels the feed listens to (it pushed SUNSUBSCRIBE)."""


class NodeSubscriber:
    """One master's connection, subscribed to the shard channels whose slots it serves."""

    def __init__(self, node: ClusterNode, channels: list[str], client_name: str, dispatch: Dispatch) -> None:
        self.node = node
        self.channels = channels
        self._dispatch = dispatch
        self._connection = Connection(host=node.host, port=node.port, decode_responses=True, client_name=client_name,
                                      socket_connect_timeout=CONNECT_TIMEOUT)

    async def subscribe(self) -> None:
        """Subscribes and waits for every confirmation: only then is every later publish on
        these channels certain to reach us."""
        await self._connection.connect()
        # One SSUBSCRIBE per channel: a command's shard channels must share a slot.
        await self._connection.send_packed_command(
            self._connection.pack_commands([("SSUBSCRIBE", channel) for channel in self.channels]))
        for _ in self.channels:
            reply = await self._connection.read_response(timeout=CONFIRM_TIMEOUT)
            if reply is None:
                raise redis.TimeoutError(f"{self.node.name} did not confirm the feed's subscriptions")
            if reply[0] != "ssubscribe":
                raise redis.ConnectionError(f"{self.node.name} answered {reply!r} to SSUBSCRIBE")

    async def listen(self) -> None:
        """Hands every message to the feed's subscriptions until the node is lost or stops
        serving one of the channels (then raises)."""
        pinged = False
        while True:
            reply = await self._connection.read_response(timeout=HEALTH_INTERVAL)
            if reply is None:
                if pinged:
                    raise redis.TimeoutError(f"{self.node.name} did not answer a PING in {HEALTH_INTERVAL:.0f}s")
                await self._connection.send_command("PING")
                pinged = True
                continue
            pinged = False
            if reply[0] == "smessage":
                text = reply[2]
                self._dispatch(battle_id_of_message(text), text)
            elif reply[0] == "sunsubscribe":
                raise ShardsMoved(f"{self.node.name} no longer serves {reply[1]}")
            # "pong" (our health check) needs nothing more.

    async def close(self) -> None:
        try:
            await self._connection.disconnect()
        except (redis.RedisError, OSError):
            log.debug("closing a broken feed connection", exc_info=True)


class ShardedRedisFeed(Feed):
    """The gateway's feed on a Redis Cluster (`redis+cluster://` store URL)."""

    def __init__(self, url: str, channels: list[str], client_name: str | None = None) -> None:
        super().__init__()
        self._startup = [ClusterNode(host, port) for host, port in cluster_nodes(url)]
        self._channels = list(channels)
        self.client_name = client_name or f"battle-feed-{uuid.uuid4().hex[:12]}"
        """Shown by `CLIENT LIST` on every master, so an operator can tell the gateways' feeds apart."""
        self._cluster: RedisCluster | None = None
        self._subscribers: list[NodeSubscriber] = []
        self._task: asyncio.Task[None] | None = None

    @property
    def subscribers(self) -> dict[str, list[str]]:
        """The channels subscribed on each master (`host:port`), as the feed holds them now."""
        return {s.node.name: list(s.channels) for s in self._subscribers}

    async def start(self) -> None:
        await self._subscribe()
        self._task = asyncio.create_task(self._listen(), name="battle-feed")

    async def _subscribe(self) -> None:
        """Reads the slot map and subscribes every shard channel on the master serving it."""
        if self._cluster is None:
            self._cluster = RedisCluster(startup_nodes=self._startup, decode_responses=True,
                                         socket_connect_timeout=CONNECT_TIMEOUT)
            await self._cluster.initialize()
        else:
            await self._cluster.nodes_manager.initialize()
        by_node: dict[str, tuple[ClusterNode, list[str]]] = {}
        for channel in self._channels:
            node = self._cluster.get_node_from_key(channel)
            if node is None:
                raise RedisClusterException(f"no master serves the slot of {channel} yet")
            by_node.setdefault(node.name, (node, []))[1].append(channel)
        subscribers = [NodeSubscriber(node, channels, self.client_name, self._fanout.dispatch) for node, channels in by_node.values()]
        try:
            await asyncio.gather(*(s.subscribe() for s in subscribers))
        except BaseException:
            await asyncio.gather(*(s.close() for s in subscribers))
            raise
        self._subscribers = subscribers

    async def _listen(self) -> None:
        attempt = 0
        while True:
            try:
                if not self._subscribers:
                    await self._subscribe()
                    attempt = 0
                    self._fanout.resync_all()
                await _first_to_end([s.listen() for s in self._subscribers])
                raise redis.ConnectionError("a node's subscription ended")
            except (redis.RedisError, RedisClusterException, OSError) as exc:
                delay = RECONNECT_DELAYS[min(attempt, len(RECONNECT_DELAYS) - 1)]
                attempt += 1
                log.warning("battle feed lost a cluster node or a slot (%s); subscribing again in %.2fs", exc, delay)
                await self._drop_subscribers()
                await asyncio.sleep(delay)

    async def _drop_subscribers(self) -> None:
        subscribers, self._subscribers = self._subscribers, []
        await asyncio.gather(*(s.close() for s in subscribers))

    async def close(self) -> None:
        await stop_listening(self._task)
        self._task = None
        await self._drop_subscribers()
        await close_quietly(self._cluster)
        self._cluster = None


async def _first_to_end(listening: list[Any]) -> None:
    """Runs the nodes' listeners until the first one ends, then stops the rest; raises what it
    raised."""
    tasks = [asyncio.create_task(coro) for coro in listening]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for task in done:
        task.result()
