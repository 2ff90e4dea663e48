"""What only the Redis store has: its documented key layout and shared expiry, namespaces
that isolate, the server's own clock for leases, and the test harness's throwaway server.
Also `open_store`, and that `shared.store` imports without the redis package."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from shared.ruleset.load import package_digest
from shared.store import MemoryBattleStore, StoreError, open_store
from tests.conftest import ROOT
from tests.redis_harness import answers, purge_namespace, start_throwaway, unique_namespace
from tests.store.conftest import Rig


def test_the_keys_of_a_battle_are_the_documented_ones_with_one_expiry(redis_rig: Rig):
    store, ns = redis_rig.store, redis_rig.store.keys.namespace
    package = {"id": "tiny"}
    digest = store.put_ruleset(package_digest(package), json.dumps(package))
    store.create("b1", {"v": 0}, [{"seq": 1}], ttl=1000, hold={"window": "w", "deadline": 50.0})
    store.save("b1", 1, {"v": 1}, [{"seq": 2}], request_id="req-1", result="ok")
    store.touch_connected("b1", "ws-1", ttl=30)

    client = store.client
    base = f"{ns}:battle:{{b1}}"
    types = {key: client.type(key) for key in client.scan_iter(match=f"{ns}:*")}
    assert types == {
        f"{base}:state": "hash",
        f"{base}:hot": "list",
        f"{base}:stream": "stream",
        f"{base}:hold": "string",
        f"{base}:conns": "zset",
        f"{base}:reqs": "set",
        f"{base}:req:req-1": "string",
        f"{ns}:holds-due": "zset",
        f"{ns}:ruleset:{digest}": "string",
    }
    record = client.hgetall(f"{base}:state")
    born = record.pop("born")
    assert record == {
        "state": '{"v":1}', "revision": "2", "last_seq": "2", "status": "active",
        "idle_ms": "1000000",
    }
    assert client.get(f"{base}:req:req-1") == born + '|{"revision":2,"result":"ok"}'

    assert [entry_id for entry_id, _ in client.xrange(f"{base}:stream")] == ["1-0", "2-0"]
    assert client.zscore(f"{ns}:holds-due", "b1") == 50.0
    parts = ("state", "hot", "stream", "hold", "conns", "reqs")
    expiries = [client.pttl(f"{base}:{part}") for part in parts]
    assert max(expiries) - min(expiries) < 50, "a battle's keys expire together"
    assert 1_029_000 < expiries[0] <= 1_030_000, "lease 30 s + idle 1000 s"
    assert 3_590_000 < client.pttl(f"{base}:req:req-1") <= 3_600_000
    assert client.pttl(f"{ns}:ruleset:{digest}") == -1 and client.pttl(f"{ns}:holds-due") == -1
    assert store.channel("b1") == f"{ns}:events:b1"


def test_namespaces_isolate_stores_on_one_redis(redis_url):
    from shared.store.redis_store import RedisBattleStore

    first = RedisBattleStore.from_url(redis_url, namespace=unique_namespace())
    second = RedisBattleStore.from_url(redis_url, namespace=unique_namespace())
    try:
        first.create("b1", {"who": "first"})
        assert second.load("b1") is None
        second.create("b1", {"who": "second"})
        assert first.load("b1").state == {"who": "first"}
    finally:
        for store in (first, second):
            purge_namespace(store.client, store.keys.namespace)
            store.close()


def test_leases_use_the_servers_clock_when_no_clock_is_given(redis_url):
    from shared.store.redis_store import RedisBattleStore

    store = RedisBattleStore.from_url(redis_url, namespace=unique_namespace(), idle_ttl=100)
    try:
        store.create("b1", {})
        assert store.touch_connected("b1", "ws-1", ttl=60) == 1
        assert store.connections("b1") == 1
        assert store.ttl("b1") == pytest.approx(160, abs=1)
        assert store.release_connected("b1", "ws-1") == 0
        assert store.ttl("b1") == pytest.approx(100, abs=1)
    finally:
        purge_namespace(store.client, store.keys.namespace)
        store.close()


def test_the_store_needs_a_client_that_decodes_responses(redis_url):
    import redis

    from shared.store.redis_store import RedisBattleStore

    client = redis.Redis.from_url(redis_url)
    try:
        with pytest.raises(StoreError, match="decode_responses=True"):
            RedisBattleStore(client)
    finally:
        client.close()
    with pytest.raises(StoreError, match="namespace"):
        RedisBattleStore.from_url(redis_url, namespace="bad space")


def test_open_store_picks_the_implementation_from_the_url(redis_url):
    assert isinstance(open_store(), MemoryBattleStore)
    assert isinstance(open_store("memory://", idle_ttl=60), MemoryBattleStore)
    store = open_store(redis_url, namespace=unique_namespace())
    try:
        assert type(store).__name__ == "RedisBattleStore" and store.ping()
    finally:
        store.close()
    with pytest.raises(StoreError, match="no battle store for 'postgres://x'"):
        open_store("postgres://x")


def test_the_store_package_imports_and_works_without_redis_installed():
    code = (
        "import sys; sys.modules['redis'] = None\n"
        "import shared.store as s\n"
        "m = s.open_store(); m.create('b1', {}); print(m.load('b1').revision)\n"
        "try:\n    s.open_store('redis://127.0.0.1:1/0')\n"
        "except s.StoreError as e:\n    print(e)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "1", "the Redis store needs the `redis` package (pip install 'redis>=5,<7')",
    ]


def test_the_harness_can_start_a_throwaway_redis():
    pytest.importorskip("redis", reason="the `redis` package is not installed")
    import shutil

    if shutil.which("redis-server") is None:
        pytest.skip("no redis-server on PATH to start")
    server = start_throwaway()
    try:
        assert server.process is not None and answers(server.url)
    finally:
        server.stop()
    assert server.process.poll() is not None and not server.workdir.exists()
