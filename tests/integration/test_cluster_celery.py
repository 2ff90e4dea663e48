"""Real Celery worker processes whose battle store is a Redis Cluster (three masters with a
replica each on loopback, `tests/redis_cluster_harness.py`), the broker on the test Redis:
the worker integration tests of `test_celery_workers.py` that play battles, run again with
`MARINARA_STORE_URL=redis+cluster://...`. Every script the workers run would be refused by the
cluster (CROSSSLOT) if a key it touched were outside the battle's slot, and the sweeper and the
reconciler walk the per-shard indexes on every master.
"""

from __future__ import annotations

from typing import Iterator

import pytest
import redis

from shared.combat import decide_for

from tests.integration import test_celery_workers as workers
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_cluster_harness import RedisCluster, running_cluster
from tests.redis_harness import redis_url

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def cluster() -> Iterator[RedisCluster]:
    yield from running_cluster()


@pytest.fixture(scope="module")
def stack(redis_url: str, cluster: RedisCluster, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, store_url=cluster.url)


def test_the_workers_store_is_the_cluster(stack: Stack, cluster: RedisCluster, redis_url: str) -> None:
    assert stack.env["MARINARA_STORE_URL"] == cluster.url and cluster.url.startswith("redis+cluster://")
    revision = stack.create("b-where", seed=3)
    state, _ = stack.service.load("b-where")
    choice = decide_for(stack.service.ruleset(state.ruleset.digest), state)
    assert stack.advance("b-where", revision, choice, "where-1").get(timeout=workers.WAIT)["ok"]
    # The worker wrote the battle where the test side reads it, the cluster; the broker's
    # Redis holds none of its keys.
    assert stack.service.load("b-where")[1] > revision
    names = stack.service.store.keys.battle("b-where")
    broker = redis.Redis.from_url(redis_url)
    try:
        assert broker.exists(*names) == 0
    finally:
        broker.close()


def test_a_whole_battle_on_the_cluster_rolls_the_seeds_dice(stack: Stack) -> None:
    workers.test_a_whole_battle_through_celery_rolls_the_seeds_dice(stack)


def test_battles_at_once_on_two_workers_and_the_cluster(stack: Stack) -> None:
    workers.test_fifty_battles_at_once_on_two_workers(stack)


def test_a_duplicated_choice_is_applied_once_on_the_cluster(stack: Stack) -> None:
    workers.test_a_duplicated_choice_is_applied_once(stack)


def test_a_stale_revision_is_refused_on_the_cluster(stack: Stack) -> None:
    workers.test_a_stale_revision_is_refused(stack)


def test_the_sweeper_walks_the_cluster(stack: Stack) -> None:
    workers.test_the_sweeper_survives_a_refused_pass(stack)


def test_a_worker_killed_mid_advance_on_the_cluster_loses_nothing(stack: Stack) -> None:
    workers.test_a_worker_killed_mid_advance_loses_nothing_and_rolls_the_same_dice(stack)
