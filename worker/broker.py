"""The Redis broker transport of the worker's Celery app: kombu's own, with one client per
channel.

Owns: `Transport`, named by `worker.app` as `broker_transport` (`worker.broker:Transport`,
which kombu loads by name; the gateway's send-only app keeps kombu's own Redis transport,
so no worker module is loaded there). kombu's Redis channel
builds a new `redis.Redis` client object (its response-callback tables included) for every
command it sends outside the consumer's own connection: each publish, and the two
bookkeeping writes of every late-acknowledged message (the unacked index when a message
is delivered, its removal on ack). That construction is about a sixth of a worker's CPU
per task. The client objects share the channel's connection pool and are thread-safe, so
this channel keeps one per pool and hands it out instead; when kombu replaces the pool
(after a connection error) a new client is built for the new pool. Nothing else differs:
same keys, messages, acknowledgements and redelivery.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _shared: tuple[Any, Any] | None = None

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        if client:
            yield client
            return
        pool = self.pool
        shared = self._shared
        if shared is None or shared[0] is not pool:
            shared = self._shared = (pool, self._create_client())
        yield shared[1]


class Transport(kombu_redis.Transport):
    Channel = Channel
