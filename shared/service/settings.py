"""The settings both processes read from the environment, in one place.

Owns: `Settings` and the environment variable names the Celery apps, the per-process
battle store, the GM model (`shared.service.gm`) and the worker metrics read; the gateway
reads the same to reach the workers' broker and store. `deploy/compose.yaml` sets these,
and `tests/deploy` checks that every name here is present there.

Also the Celery configuration both processes build their app from, as plain data
(`celery_config`: broker, routes, serializer, delivery guarantees, transport options, the
beat schedule; the queues by name, `QUEUES`). The worker's app (`worker.app`) adds its
kombu queues, its broker transport and its tasks; the gateway's send-only app
(`gateway.broker`) adds the same queues. Task names are the contract between the two: the
worker's tasks register under them, the gateway sends them by name. Nothing here imports
celery or kombu.

Delivery: a message is acknowledged only after its task returns (`task_acks_late`), and a
message whose worker process died is given back (`task_reject_on_worker_lost`); each
worker process reserves one message at a time (`worker_prefetch_multiplier=1`), so a
crash strands at most one choice. A stranded message is redelivered once it has been
unacknowledged for the broker's visibility timeout (`DEFAULT_VISIBILITY_TIMEOUT`). That is
safe because `battle.advance` is idempotent by request id and its dice come from the
battle's state: a recomputation rolls the same dice.

    REDIS_URL                    Redis for everything unless overridden (default
                                 redis://127.0.0.1:6379/0)
    MARINARA_STORE_URL           the battle store (default REDIS_URL; memory:// for a
                                 worker that shares nothing, only useful in tests;
                                 redis+cluster://host:port,host:port for a Redis Cluster)
    MARINARA_NAMESPACE           the store's key namespace (default "marinara-battle")
    MARINARA_BROKER_URL          Celery broker and result backend (default REDIS_URL; Celery's
                                 own CELERY_BROKER_URL wins when set): a Redis over TCP, redis://host:port/db or
                                 rediss://host:port/db; or a RabbitMQ, amqp://user:pw@host:port/vhost
                                 (quorum queues; Celery's results then go to REDIS_URL)
    CELERY_BROKER_URL            Celery's own name for the broker: when set it is the broker
                                 (Celery reads it before any configuration)
    MARINARA_BROKER_PREFIX       key prefix for every broker and result key (default none; on
                                 RabbitMQ the result keys only: a vhost keeps deployments apart)
    MARINARA_VISIBILITY_TIMEOUT  seconds before an unacknowledged message is redelivered
                                 (default 300)
    MARINARA_RESTORE_INTERVAL    seconds between sweeps for such messages (default 10)
    MARINARA_METRICS_PORT        port the worker serves /metrics on (default none: off)
    MARINARA_ENGINE_APART        when a choice's writes go out apart (the choice saved and
                                 published before the Engine's moves after it and before
                                 its next decision is drawn): idle (default: while no other
                                 choice waits on the turns queue), always, or never
    PROMETHEUS_MULTIPROC_DIR     prometheus-client multiprocess directory (read by it)
    MARINARA_GM_BASE_URL         the GM model's OpenAI-compatible API, e.g.
                                 http://127.0.0.1:8000/v1 (default none: no GM model, and the
                                 Engine's tactics decide for the GM; see docs/gm.md)
    MARINARA_GM_MODEL            the model name sent with every request (default none)
    MARINARA_GM_API_KEY          sent as `Authorization: Bearer ...` (default none); never logged
    MARINARA_GM_TIMEOUT          seconds one model request may take (default 20)
    MARINARA_GM_RETRIES          retries after a connection failure, 429 or 5xx (default 2)
    MARINARA_GM_BACKOFF          seconds before the first retry, doubled each time (default 0.5)
    MARINARA_GM_CONCURRENCY      model requests at once per process (default 4)
    MARINARA_GM_CONTEXT          the most characters one model request's messages may hold
                                 (default 0: no limit); only the rules reference is cut to fit
    MARINARA_GM_INVENT_WAIT      seconds `POST /v1/battles` waits for invented opponents
                                 (default: the model's worst case plus 10)
    MARINARA_TEST_CRASH_DIR      test only: see `worker.app.build_service`
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Mapping

from .gm import GmModel
from .jobs import SWEEP_EVERY

DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
DEFAULT_NAMESPACE = "marinara-battle"

#: Why 300 s: a message a crashed worker held is redelivered only after this long, so it is
#: the worst-case delay a crash adds to one choice; and every task (a turn takes
#: milliseconds, a director call is bounded by the GM model's timeout, far below it) must
#: finish within it, or it would be delivered twice (with the default GM model settings a
#: director call takes at most `GmModel.worst_case()`, about 82 s). No task uses a
#: countdown or ETA, which would also have to stay below it.
DEFAULT_VISIBILITY_TIMEOUT = 300.0
DEFAULT_RESTORE_INTERVAL = 10.0

ENV_NAMES = (
    "REDIS_URL",
    "MARINARA_STORE_URL",
    "MARINARA_NAMESPACE",
    "MARINARA_BROKER_URL",
    "CELERY_BROKER_URL",
    "MARINARA_BROKER_PREFIX",
    "MARINARA_VISIBILITY_TIMEOUT",
    "MARINARA_RESTORE_INTERVAL",
    "MARINARA_METRICS_PORT",
    "MARINARA_ENGINE_APART",
    "PROMETHEUS_MULTIPROC_DIR",
    "MARINARA_TASK_LOG",
    "MARINARA_GM_BASE_URL",
    "MARINARA_GM_MODEL",
    "MARINARA_GM_API_KEY",
    "MARINARA_GM_TIMEOUT",
    "MARINARA_GM_RETRIES",
    "MARINARA_GM_BACKOFF",
    "MARINARA_GM_CONCURRENCY",
    "MARINARA_GM_CONTEXT",
    "MARINARA_GM_INVENT_WAIT",
)
"""What a deployed worker reads (the test-only crash switch is left out on purpose)."""


def _seconds(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name)
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{name}={text!r} is not a number of seconds") from None
    if value <= 0:
        raise ValueError(f"{name}={text!r} must be more than 0 seconds")
    return value


def _switch(env: Mapping[str, str], name: str) -> bool:
    text = (env.get(name) or "").strip().lower()
    if text in ("", "0", "false", "no", "off"):
        return False
    if text in ("1", "true", "yes", "on"):
        return True
    raise ValueError(f"{name}={env.get(name)!r} is not one of 1/true/yes/on or 0/false/no/off")


def _apart(env: Mapping[str, str]) -> str:
    given = env.get("MARINARA_ENGINE_APART")
    text = (given or "idle").strip().lower()
    if text not in ("idle", "always", "never"):
        raise ValueError(f"MARINARA_ENGINE_APART={given!r} is not one of idle, always, never")
    return text


#: The broker URL schemes. A Redis over TCP or TLS: kombu's Redis transport takes a Unix
#: socket only in a form of its own and then only on database 0, and the gateway's broker
#: clients (redis-py: the pushed `battle.advance`, the queue lengths) read URLs as redis-py
#: does; a broker URL both read the same way is the only safe kind. Or a RabbitMQ (AMQP
#: 0-9-1 over TCP or TLS, kombu's py-amqp transport), Celery's recommended production
#: broker: its queues are quorum queues (`QUORUM`), and the gateway sends through Celery's
#: own `send_task` there.
REDIS_BROKERS = ("redis://", "rediss://")
AMQP_BROKERS = ("amqp://", "amqps://", "pyamqp://")
BROKER_SCHEMES = REDIS_BROKERS + AMQP_BROKERS

#: How every queue is declared on RabbitMQ: a quorum queue (replicated with Raft across the
#: cluster's nodes, durable, messages persistent; no priorities, which no task here uses).
#: The gateway and the workers must declare a queue alike, or RabbitMQ refuses the second.
QUORUM = {"x-queue-type": "quorum"}


def on_rabbitmq(broker_url: str) -> bool:
    """Whether the broker is a RabbitMQ (an AMQP URL) rather than a Redis."""
    return broker_url.startswith(AMQP_BROKERS)


def _broker_url(env: Mapping[str, str], redis_url: str) -> str:
    # CELERY_BROKER_URL first: Celery's own app reads it before any configuration
    # (`app.conf.broker_url`), so the broker these settings describe must be that one too.
    name = next((n for n in ("CELERY_BROKER_URL", "MARINARA_BROKER_URL") if env.get(n)), "REDIS_URL")
    url = env.get(name) or redis_url
    if not url.startswith(BROKER_SCHEMES):
        raise ValueError(f"{name}={url!r} cannot be the Celery broker: it is a Redis over TCP, "
                         f"redis://host:port/db or rediss://host:port/db, or a RabbitMQ, "
                         f"amqp://user:password@host:port/vhost or amqps://..."
                         + ("; with the store on a Unix socket, set MARINARA_BROKER_URL"
                            if name == "REDIS_URL" else ""))
    return url


def _result_url(env: Mapping[str, str], broker_url: str, redis_url: str) -> str:
    """Celery's result backend (read only for `battle.invent_opponents`, by the gateway with
    one MGET): the broker when it is a Redis, else the Redis of REDIS_URL."""
    if not on_rabbitmq(broker_url):
        return broker_url
    if not redis_url.startswith(REDIS_BROKERS):
        raise ValueError(f"REDIS_URL={redis_url!r} cannot hold Celery's results beside a RabbitMQ broker: "
                         "it is a Redis over TCP, redis://host:port/db or rediss://host:port/db")
    return redis_url


@dataclass(frozen=True)
class Settings:
    store_url: str
    namespace: str
    broker_url: str
    broker_prefix: str
    visibility_timeout: float
    restore_interval: float
    metrics_port: int | None
    crash_dir: str | None
    gm: GmModel = GmModel()
    #: Celery's own INFO line per task received and per task succeeded. Off by default: the
    #: two lines (each with the task's arguments through Celery's `saferepr`) cost a worker
    #: about a tenth of a choice's CPU, and the task metrics count the same thing.
    task_log: bool = False
    #: Seconds the gateway waits for `battle.invent_opponents` before refusing the battle.
    invent_wait: float = 0.0
    #: `BattleService.apart`: "idle", "always" or "never".
    engine_apart: str = "idle"
    #: Celery's result backend (`_result_url`); empty: the broker's URL.
    result_url: str = ""

    @property
    def rabbitmq(self) -> bool:
        """Whether the broker is a RabbitMQ (quorum queues, Celery's own sends)."""
        return on_rabbitmq(self.broker_url)

    def queue_arguments(self) -> dict[str, Any]:
        """What every queue is declared with: `QUORUM` on RabbitMQ, nothing on Redis."""
        return dict(QUORUM) if self.rabbitmq else {}

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> "Settings":
        env = os.environ if env is None else env
        redis_url = env.get("REDIS_URL") or DEFAULT_REDIS_URL
        port = env.get("MARINARA_METRICS_PORT")
        return cls(
            store_url=env.get("MARINARA_STORE_URL") or redis_url,
            namespace=env.get("MARINARA_NAMESPACE") or DEFAULT_NAMESPACE,
            broker_url=(broker := _broker_url(env, redis_url)),
            result_url=_result_url(env, broker, redis_url),
            broker_prefix=env.get("MARINARA_BROKER_PREFIX") or "",
            visibility_timeout=_seconds(env, "MARINARA_VISIBILITY_TIMEOUT", DEFAULT_VISIBILITY_TIMEOUT),
            restore_interval=_seconds(env, "MARINARA_RESTORE_INTERVAL", DEFAULT_RESTORE_INTERVAL),
            metrics_port=int(port) if port else None,
            crash_dir=env.get("MARINARA_TEST_CRASH_DIR") or None,
            task_log=_switch(env, "MARINARA_TASK_LOG"),
            gm=(gm := GmModel.from_env(env)),
            invent_wait=_seconds(env, "MARINARA_GM_INVENT_WAIT", gm.worst_case() + 10.0),
            engine_apart=_apart(env),
        )


#: The queue `battle.advance` (every choice) is routed to.
TURNS = "turns"
#: Every queue a worker consumes: the choices, the GM's decisions, the opponent invention.
QUEUES = (TURNS, "director", "llm")

ROUTES = {
    "battle.advance": {"queue": TURNS},
    "battle.resume": {"queue": TURNS},
    "battle.sweep_windows": {"queue": TURNS},
    "battle.director": {"queue": "director"},
    "battle.invent_opponents": {"queue": "llm"},
}


def celery_config(settings: Settings) -> dict[str, Any]:
    """The Celery configuration of both processes' apps on the broker `settings` names, as
    `app.conf.update` takes it, less the queues' kombu objects (`QUEUES` names them) and
    the broker transport, which each process adds."""
    transport: dict[str, Any]
    if settings.rabbitmq:
        # RabbitMQ gives a dead worker's unacknowledged message back as soon as its
        # connection closes (no visibility timeout), and confirms each publish once the
        # quorum queue holds it: a send that returns is a message the broker has.
        transport = {"confirm_publish": True}
    else:
        transport = {
            "visibility_timeout": settings.visibility_timeout,
            "unacked_restore_interval": settings.restore_interval,
            # Scan on every restore tick, so the interval alone bounds the redelivery delay.
            "unacked_restore_throttle": 1,
        }
    results = {}
    if settings.broker_prefix:
        if not settings.rabbitmq:
            transport["global_keyprefix"] = settings.broker_prefix
        results["global_keyprefix"] = settings.broker_prefix
    return {
        "broker_url": settings.broker_url,
        "result_backend": settings.result_url or settings.broker_url,
        "task_acks_late": True,
        "task_reject_on_worker_lost": True,
        "worker_prefetch_multiplier": 1,
        "task_serializer": "json",
        "result_serializer": "json",
        "accept_content": ["json"],
        "result_accept_content": ["json"],
        "task_default_queue": TURNS,
        "task_routes": ROUTES,
        "broker_transport_options": transport,
        "result_backend_transport_options": results,
        "result_expires": 3600,
        "broker_connection_retry_on_startup": True,
        "worker_hijack_root_logger": False,
        "beat_schedule": {
            "sweep-windows": {"task": "battle.sweep_windows", "schedule": SWEEP_EVERY,
                              # A sweep that waits longer than its period is replaced by the next.
                              "options": {"expires": SWEEP_EVERY}},
        },
    }
