"""Real Celery worker processes for the integration tests.

Owns: the `stack` fixture: two `celery -A worker.app worker --pool=solo` subprocesses on the
test Redis (`tests.redis_harness`), isolated by a key namespace of their own for the battle
store and for every broker and result key; a short visibility timeout so a killed worker's
message comes back within seconds; a client Celery app and a `BattleService` on the same
store for the test side; `celery beat` on demand (the window sweeper's schedule); killing
the worker that stopped at an armed request (`kill_armed`); and cleanup of every key and
process at the end.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.conftest import EXAMPLES, ROOT
from tests.redis_harness import purge_namespace, unique_namespace

VISIBILITY = 3
READY_TIMEOUT = 30.0


def namespaced_env(redis_url: str, namespace: str) -> dict[str, str]:
    """This process's environment for a worker or a Celery app on the test Redis: the store
    in `namespace`, every broker and result key under `<namespace>:celery:`, both on
    `redis_url` whatever the caller's environment names, and a choice's writes apart."""
    env = {**os.environ, "REDIS_URL": redis_url, "MARINARA_NAMESPACE": namespace,
           "MARINARA_BROKER_PREFIX": f"{namespace}:celery:",
           # Revisions a test can count on: a choice's writes always apart, whatever waits.
           "MARINARA_ENGINE_APART": "always"}
    for name in ("MARINARA_STORE_URL", "MARINARA_BROKER_URL"):
        env.pop(name, None)
    return env


@dataclass
class Worker:
    name: str
    process: subprocess.Popen
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


@dataclass
class Stack:
    env: dict[str, str]
    namespace: str
    crash_dir: Path
    logs: Path
    app: Any
    service: Any
    workers: list[Worker] = field(default_factory=list)

    def start_worker(self, name: str) -> Worker:
        worker = self._start(name, ["worker", "--pool=solo", "--concurrency=1", "-Q", "turns,director,llm",
                                    "-n", f"{name}@%h", "--without-gossip", "--without-mingle",
                                    "--without-heartbeat"], " ready.")
        self.workers.append(worker)
        return worker

    def tasks_run_by_worker(self, task: str) -> dict[str, int]:
        """How many `task` messages each live worker ran, by its own count (Celery's remote
        control: the workers log no line per task), keyed by node name."""
        # `limit`: done as soon as every live worker has answered, not at the timeout.
        live = [w for w in self.workers if w.process.poll() is None]
        stats = self.app.control.inspect(timeout=5, limit=len(live)).stats() or {}
        return {node: found["total"].get(task, 0) for node, found in stats.items()}

    def tasks_run(self, task: str) -> int:
        """How many `task` messages the live workers ran together."""
        return sum(self.tasks_run_by_worker(task).values())

    def start_beat(self) -> Worker:
        """`celery beat` sending the workers' schedule (the window sweeper every few
        seconds); the caller stops it."""
        return self._start("beat", ["beat", "-s", str(self.logs / "beat-schedule"),
                                    "--pidfile", str(self.logs / "beat.pid")], "beat: Starting")

    def _start(self, name: str, args: list[str], ready: str) -> Worker:
        log = self.logs / f"{name}.log"
        out = log.open("wb")
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "worker.app", *args, "-l", "info"],
            cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT,
        )
        out.close()
        started = Worker(name, process, log)
        deadline = time.monotonic() + READY_TIMEOUT
        while ready not in started.text():
            if process.poll() is not None or time.monotonic() > deadline:
                started.stop()
                raise RuntimeError(f"{name} did not start:\n{started.text()[-3000:]}")
            time.sleep(0.1)
        return started

    def kill_armed(self, request_id: str, timeout: float = 20.0) -> Worker:
        """SIGKILLs the worker stopped before saving `request_id` (armed by touching
        `crash_dir/<request id>.stop` before sending it); answers it, dead."""
        pid_file = self.crash_dir / f"{request_id}.pid"
        deadline = time.monotonic() + timeout
        while not pid_file.exists() or not pid_file.read_text():
            if time.monotonic() > deadline:
                raise AssertionError(f"no worker reached the save of {request_id}")
            time.sleep(0.02)
        victim = int(pid_file.read_text())
        os.kill(victim, signal.SIGKILL)
        killed = next(w for w in self.workers if w.process.pid == victim)
        killed.process.wait(timeout=10)
        self.workers.remove(killed)
        return killed

    # -- battles -------------------------------------------------------------------------
    def create(self, battle_id: str, seed: int, controller: str = "player") -> int:
        party = json.loads((EXAMPLES / "party.json").read_text())
        for member in party:
            member["controller"] = controller
        foes = json.loads((EXAMPLES / "foes.json").read_text())
        created = self.service.create(self.digest, party, foes, seed=seed, battle_id=battle_id)
        assert created["ok"], created
        return created["revision"]

    def advance(self, battle_id: str, revision: int, choice: dict, request_id: str):
        return self.app.send_task("battle.advance", args=[battle_id, revision, choice, request_id])

    @property
    def digest(self) -> str:
        return self.service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))


#: The RabbitMQ this machine runs (its default account answers on loopback only).
RABBITMQ = ("127.0.0.1", 5672)


def _rabbitmqctl(*args: str) -> None:
    subprocess.run(["rabbitmqctl", "-q", *args], check=True, capture_output=True, timeout=60)


@contextlib.contextmanager
def rabbitmq_vhost() -> Iterator[str]:
    """A virtual host of this test's own on the machine's RabbitMQ (its quorum queues, its
    exchanges, nothing shared with another run or the broker's default vhost), removed with
    everything in it at the end; answers the broker URL. Skips where RabbitMQ is not
    running here or `rabbitmqctl` is missing (.ci/run installs rabbitmq-server)."""
    import shutil
    import socket

    try:
        socket.create_connection(RABBITMQ, timeout=1.0).close()
    except OSError:
        pytest.skip(f"no RabbitMQ answers on {RABBITMQ[0]}:{RABBITMQ[1]}")
    if shutil.which("rabbitmqctl") is None:
        pytest.skip("no rabbitmqctl to make a virtual host with")
    vhost = unique_namespace("mbrabbit")
    _rabbitmqctl("add_vhost", vhost)
    try:
        _rabbitmqctl("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*")
        yield f"amqp://guest:guest@{RABBITMQ[0]}:{RABBITMQ[1]}/{vhost}"
    finally:
        _rabbitmqctl("delete_vhost", vhost)


@pytest.fixture(scope="module", params=["redis", "rabbitmq"])
def broker_env(request: pytest.FixtureRequest) -> Iterator[dict[str, str]]:
    """The broker the stack runs on: the test Redis (kombu's Redis transport, nothing to
    add), or a RabbitMQ vhost of the module's own (`MARINARA_BROKER_URL=amqp://...`)."""
    if request.param == "redis":
        yield {}
        return
    with rabbitmq_vhost() as url:
        yield {"MARINARA_BROKER_URL": url}


def stack_fixture(redis_url: str, tmp_path_factory: pytest.TempPathFactory,
                  extra_env: dict[str, str] | None = None, store_url: str | None = None) -> Iterator[Stack]:
    """The stack; `extra_env` is added to the workers' environment (the GM model's, say);
    `store_url` puts the battle store on another Redis than the broker."""
    pytest.importorskip("celery", reason="celery is not installed (pip install 'celery[redis]>=5.4,<6')")
    import redis

    from shared.store.redis_store import RedisBattleStore
    from gateway.broker import make_app
    from shared.service.battles import BattleService

    namespace = unique_namespace("mbcelery")
    base = tmp_path_factory.mktemp("celery")
    crash_dir = base / "crash"
    crash_dir.mkdir()
    env = {
        **namespaced_env(redis_url, namespace),
        "PYTHONPATH": str(ROOT),
        "MARINARA_VISIBILITY_TIMEOUT": str(VISIBILITY),
        "MARINARA_RESTORE_INTERVAL": "1",
        "MARINARA_TEST_CRASH_DIR": str(crash_dir),
    }
    env.pop("PROMETHEUS_MULTIPROC_DIR", None)
    env.update(extra_env or {})
    if store_url is not None:
        env["MARINARA_STORE_URL"] = store_url
    app = make_app(env)
    store = RedisBattleStore.from_url(store_url or redis_url, namespace=namespace)
    stack = Stack(env, namespace, crash_dir, base, app, BattleService(store))
    client = redis.Redis.from_url(redis_url)
    try:
        stack.start_worker("w1")
        stack.start_worker("w2")
        yield stack
    finally:
        for worker in stack.workers:
            worker.stop()
        app.close()
        store.close()
        purge_namespace(client, namespace)
        client.close()
