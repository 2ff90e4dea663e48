"""The Celery app: broker, queues, delivery guarantees, and the worker's own battle service.

Owns: `make_app` (the configuration, from `worker.settings`), the module-level `app` that
`celery -A worker.app worker` loads, and `service()`, the store and `BattleService` built
once per worker process.

Delivery: a message is acknowledged only after its task returns (`task_acks_late`), and a
message whose worker process died is given back (`task_reject_on_worker_lost`); each
worker process reserves one message at a time (`worker_prefetch_multiplier=1`), so a
crash strands at most one choice. A stranded message is redelivered once it has been
unacknowledged for the broker's visibility timeout (`worker.settings`). That is safe
because `battle.advance` is idempotent by request id and its dice come from the battle's
state: a recomputation rolls the same dice.
"""

from __future__ import annotations

import logging
import os
import threading
from typing import Any, Callable, Mapping

from celery import Celery
from celery.signals import worker_init, worker_process_shutdown
from kombu import Queue

from shared.store import BattleStore, open_store

from . import metrics
from .jobs import SWEEP_EVERY
from .service import Backlog, BattleService
from .settings import Settings

QUEUES = ("turns", "director", "llm")

ROUTES = {
    "battle.advance": {"queue": "turns"},
    "battle.resume": {"queue": "turns"},
    "battle.sweep_windows": {"queue": "turns"},
    "battle.director": {"queue": "director"},
    "battle.invent_opponents": {"queue": "llm"},
}



def make_app(env: Mapping[str, str] | None = None) -> Celery:
    settings = Settings.from_env(env)
    app = Celery("marinara-battle", broker=settings.broker_url, backend=settings.broker_url,
                 include=["worker.tasks"])
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
        # kombu's Redis transport, one client per channel (see worker/broker.py).
        broker_transport="worker.broker:Transport",
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_serializer="json",
        result_serializer="json",
        accept_content=["json"],
        result_accept_content=["json"],
        task_queues=[Queue(name) for name in QUEUES],
        task_default_queue="turns",
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


app = make_app()

_lock = threading.Lock()
_service: tuple[int, BattleService] | None = None


def build_service(settings: Settings) -> BattleService:
    """The store and the service a worker process uses."""
    options = {"namespace": settings.namespace} if settings.store_url.startswith(("redis", "unix")) else {}
    store: BattleStore = open_store(settings.store_url, **options)
    hook = _crash_hook(settings.crash_dir) if settings.crash_dir else None
    backlog = _turns_backlog(settings) if settings.engine_apart == "idle" else None
    return BattleService(store, before_save=hook, apart=settings.engine_apart, backlog=backlog)


def _turns_backlog(settings: Settings) -> Backlog:
    """Whether choices wait on the `turns` queue now: one LLEN on the broker, where the
    gateway pushes them, sent when asked and read when answered (`worker.service.Backlog`),
    so it travels while the battle loads. A broker that does not answer counts as none
    waiting."""
    import redis

    from shared.store.redis_store import CONNECT_TIMEOUT, SOCKET_TIMEOUT

    from .message import TaskMessages

    client = redis.Redis.from_url(settings.broker_url, socket_timeout=SOCKET_TIMEOUT,
                                  socket_connect_timeout=CONNECT_TIMEOUT)
    pool = client.connection_pool
    key = TaskMessages(settings.broker_prefix).queue_key("turns")

    def none_waiting() -> bool:
        return False

    def ask() -> Callable[[], bool]:
        try:
            connection = pool.get_connection()
        except (redis.RedisError, OSError):
            return none_waiting
        try:
            connection.send_command("LLEN", key)
        except (redis.RedisError, OSError):
            connection.disconnect()
            pool.release(connection)
            return none_waiting

        def waiting() -> bool:
            try:
                return bool(connection.read_response())
            except (redis.RedisError, OSError):
                # Its reply may still come: a connection left with it would hand it to
                # the next question.
                connection.disconnect()
                return False
            finally:
                pool.release(connection)

        return waiting

    return ask


def _crash_hook(directory: str):
    """Tests only (`MARINARA_TEST_CRASH_DIR`): a request whose id a test armed, by creating
    `<dir>/<request id>.stop`, stops between resolving and saving, after writing this
    process's id to `<dir>/<request id>.pid`, so the test can kill the worker there. The
    rename disarms it, so the redelivered message goes on and saves."""
    import time

    def stop_here(battle_id: str, request_id: str) -> None:
        armed = os.path.join(directory, request_id + ".stop")
        try:
            os.rename(armed, armed + "ped")
        except FileNotFoundError:
            return
        with open(os.path.join(directory, request_id + ".pid"), "w") as out:
            out.write(str(os.getpid()))
        time.sleep(60)

    return stop_here


def service() -> BattleService:
    """This process's service, built on first use (after a prefork, each child builds its
    own, so no Redis connection crosses a fork)."""
    global _service
    pid = os.getpid()
    with _lock:
        if _service is None or _service[0] != pid:
            _service = (pid, build_service(app.conf.marinara))
        return _service[1]


#: Celery's loggers for its per-task INFO lines ("received", "succeeded in").
TASK_LOGGERS = ("celery.app.trace", "celery.worker.strategy")


@worker_init.connect
def _serve_metrics(**_: object) -> None:
    port = app.conf.marinara.metrics_port
    if port:
        metrics.serve(port)


@worker_init.connect
def _quiet_task_lines(**_: object) -> None:
    # Before the consumer builds its strategies and tracers: both read once whether INFO is
    # on, and skip the lines (and the reprs they format) for good when it is not. Warnings
    # and errors (a failed task, a retry) are still logged.
    if not app.conf.marinara.task_log:
        for name in TASK_LOGGERS:
            logging.getLogger(name).setLevel(logging.WARNING)


@worker_process_shutdown.connect
def _forget_process(pid: int | None = None, **_: object) -> None:
    metrics.mark_dead(pid or os.getpid())
