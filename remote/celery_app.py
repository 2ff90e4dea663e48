"""The Celery app both processes build: broker, queues, routes and delivery guarantees.

Owns: `make_app` (the configuration, from `shared.service.settings`), the queue names
(`QUEUES`, `TURNS`) and the task routes. The worker builds its app here and adds its tasks
(`worker.app`, which `celery -A worker.app worker` loads); the gateway builds the same app
to send through (`gateway.app`), so the routes, serializer and broker key prefix are the
workers' without the gateway importing the worker. Task names are the contract between
the two: the worker's tasks register under them, the gateway sends them by name.

Delivery: a message is acknowledged only after its task returns (`task_acks_late`), and a
message whose worker process died is given back (`task_reject_on_worker_lost`); each
worker process reserves one message at a time (`worker_prefetch_multiplier=1`), so a
crash strands at most one choice. A stranded message is redelivered once it has been
unacknowledged for the broker's visibility timeout (`shared.service.settings`). That is
safe because `battle.advance` is idempotent by request id and its dice come from the
battle's state: a recomputation rolls the same dice.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from celery import Celery
from kombu import Queue

from shared.service.jobs import SWEEP_EVERY
from shared.service.settings import Settings

#: The queue `battle.advance` (every choice) is routed to.
TURNS = "turns"
QUEUES = (TURNS, "director", "llm")

ROUTES = {
    "battle.advance": {"queue": TURNS},
    "battle.resume": {"queue": TURNS},
    "battle.sweep_windows": {"queue": TURNS},
    "battle.director": {"queue": "director"},
    "battle.invent_opponents": {"queue": "llm"},
}

#: The broker transport the app names: kombu's Redis transport, one client per channel.
TRANSPORT = "remote.broker:Transport"


def make_app(env: Mapping[str, str] | None = None, *, include: Sequence[str] = ()) -> Celery:
    """The app on the broker the environment names (`Settings.from_env(env)`, kept as
    `app.conf.marinara`); `include` names the modules that register tasks on it (the
    worker's)."""
    settings = Settings.from_env(env)
    app = Celery("marinara-battle", broker=settings.broker_url, backend=settings.broker_url,
                 include=list(include))
    transport: dict[str, Any] = {
        "visibility_timeout": settings.visibility_timeout,
        "unacked_restore_interval": settings.restore_interval,
        # Scan on every restore tick, so the interval alone bounds the redelivery delay.
        "unacked_restore_throttle": 1,
    }
    results = {}
    if settings.broker_prefix:
        transport["global_keyprefix"] = settings.broker_prefix
        results["global_keyprefix"] = settings.broker_prefix
    app.conf.update(
        broker_transport=TRANSPORT,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        result_accept_content=["json"],
        task_queues=[Queue(name) for name in QUEUES],
        task_default_queue=TURNS,
        task_routes=ROUTES,
        broker_transport_options=transport,
        result_backend_transport_options=results,
        result_expires=3600,
        broker_connection_retry_on_startup=True,
        worker_hijack_root_logger=False,
        beat_schedule={
            "sweep-windows": {"task": "battle.sweep_windows", "schedule": SWEEP_EVERY,
                              # A sweep that waits longer than its period is replaced by the next.
                              "options": {"expires": SWEEP_EVERY}},
        },
    )
    app.conf.marinara = settings
    return app
