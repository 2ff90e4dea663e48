"""The Celery executor's accept path on a real Redis, with no worker running (so every
message the gateway sends stays in the broker where the test can count it): `accept`
records the choice in the outbox and sends its message in one go, the choice already waits
for its answer when the message leaves, and a store that cannot record it leaves nothing
behind."""

from __future__ import annotations

import asyncio
import json
import os

import pytest

from gateway.celery_executor import TURNS, CeleryExecutor
from gateway.errors import ApiError
from shared.store import FeedMessage
from shared.store.redis_store import RedisBattleStore
from tests.redis_harness import purge_namespace, redis_url, unique_namespace
from worker.app import make_app
from worker.service import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

CHOICE = {"actor": "juno", "option": "end", "targets": []}


@pytest.fixture
def parts(redis_url):
    import redis

    namespace = unique_namespace("mbaccept")
    env = {**os.environ, "REDIS_URL": redis_url, "MARINARA_NAMESPACE": namespace,
           "MARINARA_BROKER_PREFIX": f"{namespace}:celery:"}
    for name in ("MARINARA_STORE_URL", "MARINARA_BROKER_URL"):
        env.pop(name, None)
    app = make_app(env)
    store = RedisBattleStore.from_url(redis_url, namespace=namespace)
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        yield app, store, client, f"{namespace}:celery:{TURNS}"
    finally:
        app.close()
        store.close()
        purge_namespace(client, namespace)
        client.close()


def _queued(client, queue: str) -> list[list]:
    """The `battle.advance` arguments of every message waiting on `queue`."""
    import base64

    return [json.loads(base64.b64decode(json.loads(text)["body"]))[0] for text in client.lrange(queue, 0, -1)]


def test_accept_records_and_sends_once_and_an_answer_before_submit_is_kept(parts):
    app, store, client, queue = parts

    async def run() -> dict:
        executor = CeleryExecutor(BattleService(store), app, workers=2)
        try:
            await executor.accept("b-acc", 3, CHOICE, "r-1")
            # Recorded and sent before `accept` returns: the outbox entry and the message.
            assert [(e.battle_id, e.request_id, e.revision) for e in store.outbox().claim_due(1e12, 1e12, 10)] \
                == [("b-acc", "r-1", 3)]
            assert _queued(client, queue) == [["b-acc", 3, CHOICE, "r-1"]]
            # A worker quick enough to answer before the gateway's task starts waiting.
            executor.observe(FeedMessage(battle_id="b-acc", revision=4, status="active", request_id="r-1"))
            result = await executor.submit("b-acc", 3, CHOICE, "r-1")
            # Nothing was sent again on the way.
            assert len(_queued(client, queue)) == 1
            return result
        finally:
            await executor.close()

    assert asyncio.run(run()) == {"ok": True, "revision": 4}


def test_a_store_that_cannot_record_the_choice_accepts_nothing(parts):
    app, store, client, queue = parts

    async def run() -> None:
        broken = RedisBattleStore.from_url("redis://127.0.0.1:1/0", namespace="nowhere")
        executor = CeleryExecutor(BattleService(broken), app, workers=2)
        try:
            with pytest.raises(ApiError) as refused:
                await executor.accept("b-acc", 3, CHOICE, "r-2")
            assert refused.value.code == "store-unavailable"
            assert executor._waiting == {} and executor._accepted == {}
            assert client.llen(queue) == 0
        finally:
            await executor.close()
            broken.close()

    asyncio.run(run())


def test_one_request_id_accepted_twice_at_once_is_sent_once_per_acceptance(parts):
    app, store, client, queue = parts

    async def run() -> list:
        executor = CeleryExecutor(BattleService(store), app, workers=2)
        try:
            await asyncio.gather(executor.accept("b-acc", 3, CHOICE, "r-3"),
                                 executor.accept("b-acc", 3, CHOICE, "r-3"))
            first = executor.submit("b-acc", 3, CHOICE, "r-3")
            second = executor.submit("b-acc", 3, CHOICE, "r-3")
            executor.observe(FeedMessage(battle_id="b-acc", revision=4, status="active", request_id="r-3"))
            answers = await asyncio.gather(first, second)
            # Each acceptance sent its message; waiting on it sent nothing more.
            assert len(_queued(client, queue)) == 2 and executor._accepted == {}
            return answers
        finally:
            await executor.close()

    assert asyncio.run(run()) == [{"ok": True, "revision": 4}] * 2
