"""The scripted chat-completions server the GM tests talk to (one per test module), the
`service` the service tests play through (a BattleService on the memory store and on a Redis
namespace of its own), and the
worker's metrics: loading `worker.metrics` builds the GM metrics the service layer reports
to, as a worker process loads it, so the tests read them in the default registry."""

from typing import Iterator

import pytest

import worker.metrics  # noqa: F401  (loaded for the GM metrics it builds)
from shared.service.battles import BattleService
from shared.store import MemoryBattleStore
from tests.redis_harness import purge_namespace, redis_url, unique_namespace
from tests.worker.chat_server import chat

__all__ = ["chat", "redis_url"]


@pytest.fixture(params=["memory", "redis"])
def service(request) -> Iterator[BattleService]:
    if request.param == "memory":
        yield BattleService(MemoryBattleStore())
        return
    import redis

    from shared.store.redis_store import RedisBattleStore

    url = request.getfixturevalue("redis_url")
    namespace = unique_namespace()
    store = RedisBattleStore.from_url(url, namespace=namespace)
    client = redis.Redis.from_url(url)
    try:
        yield BattleService(store)
    finally:
        purge_namespace(client, namespace)
        client.close()
        store.close()
