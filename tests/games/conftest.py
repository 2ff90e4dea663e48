"""Every game store test runs on the memory store and on a real Redis (its own key
namespace, removed afterwards)."""

from __future__ import annotations

from typing import Iterator

import pytest

from shared.store.games import GameStore, MemoryGameStore
from tests.redis_harness import purge_namespace, redis_url, unique_namespace

__all__ = ["redis_url"]


@pytest.fixture
def redis_games(redis_url: str) -> Iterator[GameStore]:
    import redis

    from shared.store.games_redis import RedisGameStore

    client = redis.Redis.from_url(redis_url, decode_responses=True)
    namespace = unique_namespace()
    try:
        yield RedisGameStore(client, namespace=namespace)
    finally:
        purge_namespace(client, namespace)
        client.close()


@pytest.fixture(params=["memory", "redis"])
def games(request: pytest.FixtureRequest) -> GameStore:
    if request.param == "memory":
        return MemoryGameStore()
    return request.getfixturevalue("redis_games")
