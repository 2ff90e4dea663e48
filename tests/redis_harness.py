"""A real Redis for tests: the machine's own, or a throwaway server this harness starts.

Owns: finding Redis (`MARINARA_TEST_REDIS_URL` when set, `throwaway` forcing a server of
our own; else 127.0.0.1:6379 when it answers PING; else a `redis-server` started on a free
port in a temporary directory, stopped at the end of the session), the session fixture
`redis_url`, unique key namespaces per test and their cleanup, and `shift_expiry`, which
makes time pass for the keys of a namespace.

Later integration tests import the fixture: `from tests.redis_harness import redis_url`.
Tests skip, saying why, only when the `redis` package is missing or no Redis can be found
or started. No fakeredis and no mocks: every test talks to a real server.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

ENV_URL = "MARINARA_TEST_REDIS_URL"
LOCAL_URL = "redis://127.0.0.1:6379/0"
START_TIMEOUT = 10.0


@dataclass
class RedisServer:
    """A Redis the tests may use; `process` is set when this harness started it."""

    url: str
    process: subprocess.Popen[bytes] | None = None
    workdir: Path | None = None
    notes: list[str] = field(default_factory=list)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        if self.workdir is not None:
            shutil.rmtree(self.workdir, ignore_errors=True)


def redis_package_missing() -> str | None:
    try:
        import redis  # noqa: F401
    except ImportError:
        return "the `redis` package is not installed (pip install 'redis>=5,<7')"
    return None


def answers(url: str, timeout: float = 0.5) -> bool:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
    try:
        return bool(client.ping())
    except (redis.RedisError, OSError):
        return False
    finally:
        client.close()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_throwaway() -> RedisServer:
    """Starts `redis-server` on a free port, no persistence, in a temporary directory."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("no redis-server on PATH")
    workdir = Path(tempfile.mkdtemp(prefix="marinara-redis-"))
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", str(workdir), "--daemonize", "no", "--loglevel", "warning"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    server = RedisServer(f"redis://127.0.0.1:{port}/0", process, workdir)
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            err = process.stderr.read().decode(errors="replace") if process.stderr else ""
            server.stop()
            raise RuntimeError(f"redis-server exited with {process.returncode}: {err.strip()}")
        if answers(server.url, timeout=0.2):
            return server
        time.sleep(0.05)
    server.stop()
    raise RuntimeError(f"redis-server on port {port} did not answer within {START_TIMEOUT:.0f}s")


def find_redis() -> RedisServer:
    """The Redis to test against; raises RuntimeError saying why there is none."""
    override = os.environ.get(ENV_URL)
    if override == "throwaway":
        return start_throwaway()
    if override:
        if answers(override):
            return RedisServer(override)
        raise RuntimeError(f"{ENV_URL}={override} does not answer PING")
    if answers(LOCAL_URL):
        return RedisServer(LOCAL_URL)
    try:
        return start_throwaway()
    except (RuntimeError, OSError) as exc:
        raise RuntimeError(
            f"127.0.0.1:6379 does not answer and no throwaway Redis: {exc}"
        ) from None


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """URL of a real Redis for the whole session (skips, saying why, when there is none)."""
    missing = redis_package_missing()
    if missing:
        pytest.skip(missing)
    try:
        server = find_redis()
    except RuntimeError as exc:
        pytest.skip(f"no Redis to test against: {exc}")
    try:
        yield server.url
    finally:
        server.stop()


def unique_namespace(prefix: str = "mbtest") -> str:
    """A key namespace no other run or test shares."""
    return f"{prefix}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


def namespace_keys(client: Any, namespace: str) -> list[str]:
    return list(client.scan_iter(match=f"{namespace}:*", count=1000))


def purge_namespace(client: Any, namespace: str) -> None:
    keys = namespace_keys(client, namespace)
    for start in range(0, len(keys), 500):
        client.delete(*keys[start : start + 500])


def shift_expiry(client: Any, namespace: str, seconds: float) -> None:
    """Lets `seconds` pass for every key of `namespace`: each expiry is brought that much
    closer and keys whose time runs out are removed, as Redis would have expired them.
    Keys without an expiry are untouched. (Redis has no clock to move; this moves the keys.)"""
    shift = int(round(seconds * 1000))
    keys = namespace_keys(client, namespace)
    if not keys:
        return
    pipe = client.pipeline(transaction=False)
    for key in keys:
        pipe.pttl(key)
    left = pipe.execute()
    pipe = client.pipeline(transaction=False)
    for key, ttl in zip(keys, left):
        if ttl < 0:
            continue
        if ttl - shift <= 0:
            pipe.delete(key)
        else:
            pipe.pexpire(key, ttl - shift)
    pipe.execute()
