"""The worker's Celery app and its own battle service.

Owns: `make_app` and the module-level `app` that `celery -A worker.app worker` (and
`beat`) loads: the configuration both processes share (`shared.service.settings.celery_config`,
plain data) with the queues as kombu declares them, the worker's broker transport
(`worker.broker:Transport`, kombu's Redis transport with one client per channel; on a
RabbitMQ broker kombu's own py-amqp transport and quorum queues) and the
worker's tasks (`worker.tasks`) included; `service()`, the store and `BattleService` built
once per worker process; and the worker's signal handlers (metrics, task log lines).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Callable, Mapping

import redis
from celery import Celery
from celery.signals import worker_init, worker_process_shutdown
from kombu.entity import Queue

from shared.service.battles import Backlog, BattleService
from shared.service.settings import QUEUES, TURNS, Settings, celery_config
from shared.store import BattleStore, open_store
from shared.store import redis_store
from shared.store.task_messages import TaskMessages

from . import metrics

#: The broker transport the worker's app names: kombu's Redis transport, one client per
#: channel (loaded by kombu by this name).
TRANSPORT = "worker.broker:Transport"


def make_app(env: Mapping[str, str] | None = None) -> Celery:
    """The worker's app on the broker the environment names (`Settings.from_env(env)`, kept
    as `app.conf.marinara`), with the worker's tasks."""
    settings = Settings.from_env(env)
    app = Celery("marinara-battle", include=["worker.tasks"])
    app.conf.update(celery_config(settings), task_queues=[Queue(name, queue_arguments=settings.queue_arguments())
                                                          for name in QUEUES])
    if not settings.rabbitmq:  # RabbitMQ keeps kombu's py-amqp transport, named by the URL
        app.conf.broker_transport = TRANSPORT
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
    # On RabbitMQ the queue's length is not one cheap read beside the battle's load: "idle"
    # writes apart always there (`BattleService`: no backlog to ask).
    backlog = _turns_backlog(settings) if settings.engine_apart == "idle" and not settings.rabbitmq else None
    return BattleService(store, before_save=hook, apart=settings.engine_apart, backlog=backlog)


def _turns_backlog(settings: Settings) -> Backlog:
    """Whether choices wait on the `turns` queue now: one LLEN on the broker, where the
    gateway pushes them, sent when asked and read when answered (`shared.service.battles.Backlog`),
    so it travels while the battle loads. A broker that does not answer counts as none
    waiting."""
    client = redis.Redis.from_url(settings.broker_url, socket_timeout=redis_store.SOCKET_TIMEOUT,
                                  socket_connect_timeout=redis_store.CONNECT_TIMEOUT)
    pool = client.connection_pool
    key = TaskMessages(settings.broker_prefix).queue_key(TURNS)

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


def _crash_hook(directory: str) -> Callable[[str, str], None]:
    """Tests only (`MARINARA_TEST_CRASH_DIR`): a request whose id a test armed, by creating
    `<dir>/<request id>.stop`, stops between resolving and saving, after writing this
    process's id to `<dir>/<request id>.pid`, so the test can kill the worker there. The
    rename disarms it, so the redelivered message goes on and saves."""
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
