"""Fixtures for the battle store: every test runs once on the memory store and once on a
real Redis, with the same clock under the test's control.

`rig.advance(seconds)` lets time pass for both: the injected clock moves (connection
leases, dedupe and expiry in the memory store) and, for Redis, every key of the test's
namespace has that much taken off its expiry (`shift_expiry`).
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator

import pytest

from shared.store import BattleStore, MemoryBattleStore
from tests.redis_harness import purge_namespace, redis_url, shift_expiry, unique_namespace

__all__ = ["redis_url"]

DEDUPE_TTL = 3600.0


class FakeClock:
    def __init__(self, start: float = 1_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now


@dataclass
class Rig:
    kind: str
    store: BattleStore
    clock: FakeClock
    advance: Callable[[float], None]


def _memory_rig(**options: Any) -> Rig:
    clock = FakeClock()
    store = MemoryBattleStore(clock=clock, dedupe_ttl=DEDUPE_TTL, **options)

    def advance(seconds: float) -> None:
        clock.now += seconds

    return Rig("memory", store, clock, advance)


@contextmanager
def _redis_rig(url: str) -> Iterator[Rig]:
    from shared.store.redis_store import RedisBattleStore

    namespace = unique_namespace()
    clock = FakeClock()
    store = RedisBattleStore.from_url(url, namespace=namespace, dedupe_ttl=DEDUPE_TTL, clock=clock)

    def advance(seconds: float) -> None:
        clock.now += seconds
        shift_expiry(store.client, namespace, seconds)

    try:
        yield Rig("redis", store, clock, advance)
    finally:
        purge_namespace(store.client, namespace)
        store.close()


@pytest.fixture(params=["memory", "redis"])
def rig(request: pytest.FixtureRequest) -> Iterator[Rig]:
    if request.param == "memory":
        yield _memory_rig()
        return
    with _redis_rig(request.getfixturevalue("redis_url")) as redis_rig:
        yield redis_rig


@pytest.fixture
def redis_rig(redis_url: str) -> Iterator[Rig]:
    """Only Redis, for what only Redis has (a connection to lose, keys to inspect)."""
    with _redis_rig(redis_url) as rig:
        yield rig


@pytest.fixture
def store(rig: Rig) -> BattleStore:
    return rig.store
