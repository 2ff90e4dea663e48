"""The battle and game stores on a Redis Cluster: a throwaway cluster of three masters with
one replica each on loopback (`tests/redis_cluster_harness.py`), reached through
`redis+cluster://` URLs.

Every script and transaction of the store would be refused by the cluster (CROSSSLOT) if a
key it touches were outside the battle's slot, so the store's own tests and the gateway's
battles and games played here are what shows the key layout holds (`redis_keys.py`).
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any, Callable, Iterator

import pytest
from redis.crc import key_slot

from tests.gateway import harness, test_games_sheet, test_play
from tests.redis_cluster_harness import RedisCluster, running_cluster
from tests.redis_harness import unique_namespace
from tests.store import test_outbox, test_store

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def cluster() -> Iterator[RedisCluster]:
    yield from running_cluster()


def _store(cluster: RedisCluster, **options: Any) -> Any:
    from shared.store.redis_store import RedisBattleStore

    return RedisBattleStore.from_url(cluster.url, namespace=unique_namespace("mbcluster"), **options)


@pytest.fixture
def store(cluster: RedisCluster) -> Iterator[Any]:
    opened = _store(cluster, dedupe_ttl=3600.0)
    try:
        yield opened
    finally:
        opened.close()


#: Tests of one Redis that a cluster answers otherwise by design: the reconciler claims shard by
#: shard, so entries of battles in different shards come in shard order, not deadline order
#: (each is still claimed once per deadline; `test_the_sweeper_and_the_reconciler_walk_every_shard`).
ORDER_ACROSS_BATTLES = {"test_settled_entries_are_gone_and_the_rest_stay"}


def _store_tests() -> list[Callable[..., None]]:
    """The store's tests that take a plain `store` (those driving time take a rig on one server)."""
    found = []
    for module in (test_store, test_outbox):
        for name, f in sorted(vars(module).items()):
            if (name.startswith("test_") and name not in ORDER_ACROSS_BATTLES and callable(f)
                    and list(inspect.signature(f).parameters) == ["store"]):
                found.append(f)
    return found


STORE_TESTS = _store_tests()


def test_every_key_of_a_battle_its_indexes_and_its_channel_share_one_slot(store):
    keys = store.keys
    assert keys.shards == 64
    shards = set()
    for n in range(200):
        battle_id = f"b-{n}"
        names = [*keys.battle(battle_id), keys.request(battle_id, "r-1"), keys.answer(battle_id, "r-1"),
                 keys.holds_due(battle_id), *keys.outbox(battle_id), keys.channel(battle_id)]
        slots = {key_slot(name.encode()) for name in names}
        assert len(slots) == 1, names
        shards.add(keys.shard(battle_id))
    # 200 battles spread over all 64 shards.
    assert shards == set(range(64))


@pytest.mark.parametrize("test", STORE_TESTS, ids=[f.__name__ for f in STORE_TESTS])
def test_the_store_behaves_the_same_on_a_cluster(store, test):
    test(store)


def test_the_sweeper_and_the_reconciler_walk_every_shard(store):
    ids = [f"b-{n}" for n in range(40)]
    for n, battle_id in enumerate(ids):
        store.create(battle_id, {"n": n}, hold={"kind": "window", "deadline": 100.0 + n})
        store.outbox().put(battle_id, "r-1", 1, {"option": "pass"}, due=100.0 + n)
    assert len({store.keys.shard(b) for b in ids}) > 20
    assert sorted(store.holds_due(1000.0, limit=100)) == sorted(ids)
    assert len(store.holds_due(1000.0, limit=7)) == 7
    assert sorted(a.battle_id for a in store.outbox().claim_due(1000.0, until=2000.0)) == sorted(ids)
    assert store.outbox().size() == 40
    assert store.outbox().settle([(b, "r-1") for b in ids[:25]]) == 25
    assert store.outbox().size() == 15
    assert store.outbox().holds(ids[30], "r-1") and not store.outbox().holds(ids[0], "r-1")


def test_the_loop_client_puts_the_head_and_the_outbox_entry_in_one_transaction(store):
    store.create("b-loop", {"n": 1})

    async def main() -> tuple[Any, bool]:
        client = store.loop_client()
        try:
            return await client.head_and_outbox_put("b-loop", "r-9", 1, {"option": "pass"}, due=5.0)
        finally:
            await client.aclose()

    head, put = asyncio.run(main())
    assert head.revision == 1 and put is True
    assert store.outbox().holds("b-loop", "r-9")


GATEWAY_TESTS: list[Callable[[], None]] = [
    *(f for name, f in sorted(vars(test_play).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_games_sheet).items()) if name.startswith("test_")),
]


@pytest.mark.parametrize("test", GATEWAY_TESTS, ids=[f.__name__ for f in GATEWAY_TESTS])
def test_battles_and_games_play_on_a_cluster(store, test):
    with harness.defaults(store=store):
        test()
