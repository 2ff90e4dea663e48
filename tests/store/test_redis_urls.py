"""Store URLs: `redis+cluster://` start-up nodes, and the `wait_replicas` / `wait_ms` query
parameters taken out of the URL before redis-py reads it; on a Redis without replicas a write
that must reach one is refused, and nothing else changes without them."""

from __future__ import annotations

import pytest

from shared.store.errors import StoreError
from shared.store.redis_urls import cluster_nodes, wait_options
from tests.redis_harness import unique_namespace


def test_cluster_urls_list_their_start_up_nodes():
    assert cluster_nodes("redis+cluster://10.0.0.1:6379,10.0.0.2:7000?wait_replicas=1") == [
        ("10.0.0.1", 6379), ("10.0.0.2", 7000)]
    with pytest.raises(StoreError, match="host:port"):
        cluster_nodes("redis+cluster://nohost")


def test_the_wait_parameters_leave_the_url_and_the_rest_stays():
    assert wait_options("redis://h:1/0") == ("redis://h:1/0", {})
    assert wait_options("redis://h:1/0?wait_replicas=1&db=2&wait_ms=250") == (
        "redis://h:1/0?db=2", {"wait_replicas": 1, "wait_ms": 250})
    with pytest.raises(StoreError, match="whole number"):
        wait_options("redis://h:1/0?wait_replicas=one")


def test_a_write_no_replica_holds_is_refused_and_without_wait_it_is_not(redis_url):
    from shared.store.redis_store import RedisBattleStore

    namespace = unique_namespace()
    sep = "&" if "?" in redis_url else "?"
    waiting = RedisBattleStore.from_url(f"{redis_url}{sep}wait_replicas=1&wait_ms=20", namespace=namespace)
    plain = RedisBattleStore.from_url(redis_url, namespace=namespace)
    try:
        assert (waiting.wait_replicas, waiting.wait_ms) == (1, 20)
        with pytest.raises(StoreError, match="reached 0 of 1 replicas within 20 ms"):
            waiting.create("b-1", {"r": 1})
        # The write is on the server (WAIT runs after it), so it is there, not acknowledged.
        assert plain.load("b-1").revision == 1
        assert plain.save("b-1", 1, {"r": 2}).revision == 2
    finally:
        plain.delete("b-1")
        waiting.close()
        plain.close()
