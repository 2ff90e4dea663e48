"""How the gateway sends tasks to the workers and reads what the broker holds: its Celery
app and one adapter.

Owns: `make_app`, the gateway's send-only Celery app, built from the configuration the
workers' app is built from (`shared.service.settings.celery_config`, the same routes,
serializer and broker key prefix) with kombu's own Redis transport (the workers' one
client per channel is theirs: kombu would load a `worker` module by name for it); and
`TaskSender`, the only way the gateway reaches the broker. On kombu's Redis transport a
choice's `battle.advance` is pushed with one LPUSH on the gateway's event loop, its
message built by hand (`shared.store.task_messages.TaskMessages`,
what Celery's `send_task` would push: `tests/integration/test_task_message.py` compares the
two on a real Redis), and the queue lengths and held messages are read from the
transport's own keys. On any other broker (RabbitMQ, `MARINARA_BROKER_URL=amqp://...`, its
queues declared as the workers declare them, quorum queues; kombu's `memory://` in tests)
every task goes through Celery's own `send_task` on the
executor's threads, the queue lengths come from a passive queue declaration, and what the
broker holds is unknown (`held` answers None: the reconciler then sends a due choice
again rather than guess; the store applies it at most once).

Every task goes with `ignore_result` unless its result is asked for, and with the
`argsrepr` given (Celery's own `saferepr` costs more than the rest of a send).
"""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable, Mapping, Sequence

import redis
import redis.asyncio as aioredis
from celery import Celery
from kombu.entity import Queue
from kombu.exceptions import ChannelError
from kombu.transport import redis as kombu_redis

from shared.service.settings import QUEUES, TURNS, Settings, celery_config
from shared.store import redis_store
from shared.store.task_messages import PRIORITY_STEPS, UNACKED, UNACKED_INDEX, TaskMessages

#: Broker URLs redis-py reads as kombu's Redis transport does.
REDIS_SCHEMES = ("redis://", "rediss://")

#: Runs a blocking call off the event loop (the executor's `run`).
Runner = Callable[..., Awaitable[Any]]


def make_app(env: Mapping[str, str] | None = None) -> Celery:
    """The gateway's app on the broker the environment names (`Settings.from_env(env)`,
    kept as `app.conf.marinara`): it sends tasks and reads their results, and runs none."""
    settings = Settings.from_env(env)
    app = Celery("marinara-battle")
    app.conf.update(celery_config(settings),
                    task_queues=[Queue(name, queue_arguments=settings.queue_arguments()) for name in QUEUES])
    app.conf.marinara = settings
    return app


def on_kombu_redis(celery: Celery) -> bool:
    """Whether `celery` sends over kombu's Redis transport (a Sentinel is not: its URL is
    not a Redis server's) at a URL redis-py reads the same way."""
    url = str(celery.conf.broker_url or "")
    with celery.connection_for_write() as connection:
        transport = connection.get_transport_cls()
    return (url.startswith(REDIS_SCHEMES) and issubclass(transport, kombu_redis.Transport)
            and not issubclass(transport, kombu_redis.SentinelTransport))


class TaskSender:
    """The broker of `celery`, as the gateway uses it; `run` runs blocking calls (Celery's
    `send_task`, the Redis reads) off the loop."""

    def __init__(self, celery: Celery, run: Runner) -> None:
        self.celery = celery
        self.run = run
        #: Whether choices are pushed by hand (kombu's Redis transport) or sent by Celery.
        self.direct = on_kombu_redis(celery)
        self.messages = TaskMessages(celery.conf.broker_transport_options.get("global_keyprefix", ""))
        self._client: redis.Redis | None = None
        # Typed Any: redis-py types an asyncio command's answer as `Awaitable[T] | T`.
        self._loop_client: Any = None

    # -- sending -------------------------------------------------------------------------
    async def send_choice(self, args: list[Any], task_id: str) -> None:
        """`battle.advance` with `args` under `task_id`, onto the `turns` queue."""
        if not self.direct:
            await self.send("battle.advance", args, task_id)
            return
        text = self.messages.build("battle.advance", args, task_id, TURNS)
        await self._on_loop().lpush(self.messages.queue_key(TURNS), text)

    async def send(self, name: str, args: list[Any], task_id: str | None = None, *, result: bool = False) -> None:
        """Any task, through Celery's `send_task` (routed by the app's routes); its result
        is kept only when `result` asks for it."""
        await self.run(self.send_now, name, args, task_id, result)

    def send_now(self, name: str, args: list[Any], task_id: str | None = None, result: bool = False) -> None:
        self.celery.send_task(name, args=args, task_id=task_id, ignore_result=not result,
                              argsrepr=repr(args), kwargsrepr="{}")

    def _on_loop(self) -> Any:
        if self._loop_client is None:
            # A broker that stops answering leaves the choice to the reconciler after the
            # store's own timeouts (read when the client is built), instead of holding the
            # socket's handler forever.
            self._loop_client = aioredis.Redis.from_url(self.celery.conf.broker_url, health_check_interval=30,
                                                        socket_timeout=redis_store.SOCKET_TIMEOUT,
                                                        socket_connect_timeout=redis_store.CONNECT_TIMEOUT)
        return self._loop_client

    # -- what the broker holds (blocking: call through `run`) -------------------------------
    def held(self, taken_since: float) -> list[str] | None:
        """The task ids of the `turns` messages the broker still holds: waiting on the
        queue, or taken by a worker at or after `taken_since` (one taken earlier and still
        unacknowledged is held by a dead worker, waiting for the visibility timeout). One
        snapshot (MULTI), so a message moving from the queue to a worker is seen in one
        place or the other. None on a broker other than kombu's Redis: it cannot be asked."""
        if not self.direct:
            return None
        prefix = self.messages.prefix
        pipe = self._blocking().pipeline(transaction=True)
        for key in self.messages.priority_keys(TURNS):
            pipe.lrange(key, 0, -1)
        pipe.hgetall(prefix + UNACKED)
        pipe.zrangebyscore(prefix + UNACKED_INDEX, taken_since, "+inf")
        *queued, unacked, recent = pipe.execute()
        messages = [json.loads(text) for texts in queued for text in texts]
        messages += [json.loads(unacked[tag])[0] for tag in recent if tag in unacked]
        return [str(message.get("headers", {}).get("id", "")) for message in messages]

    def depths(self, queues: Sequence[str]) -> dict[str, int]:
        """How many messages wait on each of `queues`."""
        if not self.direct:
            return {queue: self._declared(queue) for queue in queues}
        pipe = self._blocking().pipeline(transaction=False)
        for queue in queues:
            for key in self.messages.priority_keys(queue):
                pipe.llen(key)
        lengths = pipe.execute()
        n = len(PRIORITY_STEPS)
        return {queue: sum(lengths[i * n:(i + 1) * n]) for i, queue in enumerate(queues)}

    def _declared(self, queue: str) -> int:
        """A queue's length as the broker tells it to a passive declaration (0 for a queue
        no one has declared yet)."""
        with self.celery.connection_for_read() as connection:
            try:
                return int(connection.channel().queue_declare(queue=queue, passive=True).message_count)
            except ChannelError:
                return 0

    def _blocking(self) -> redis.Redis:
        if self._client is None:
            self._client = redis.Redis.from_url(self.celery.conf.broker_url)
        return self._client

    async def close(self) -> None:
        if self._client is not None:
            self._client.close()
        if self._loop_client is not None:
            await self._loop_client.aclose()
