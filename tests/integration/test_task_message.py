"""The gateway's own `battle.advance` message (`worker.message`) against Celery's, on a
real Redis: the same task, arguments and task id give the same message on the same list,
but for the fields every sender draws afresh; and a broker that refuses the push leaves
an accepted choice in the outbox for the reconciler, which sends it once the broker is
back."""

from __future__ import annotations

import asyncio
import base64
import json
import uuid

import pytest

from gateway.celery_executor import TURNS, CeleryExecutor
from shared.protocol import ChoiceRequest
from shared.store.redis_store import RedisBattleStore
from tests.conftest import EXAMPLES
from tests.integration.celery_stack import namespaced_env
from tests.redis_harness import purge_namespace, redis_url, unique_namespace
from worker.app import make_app
from worker.message import TaskMessages
from worker.service import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

ARGS = ["b-msg", 7, {"actor": "juno", "option": "attack:road-axe", "targets": ["jackal-1"]}, "r-msg"]


@pytest.fixture
def broker(redis_url):
    import redis

    namespace = unique_namespace("mbmsg")
    app = make_app(namespaced_env(redis_url, namespace))
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        yield app, client, namespace
    finally:
        app.close()
        purge_namespace(client, namespace)
        client.close()


def _decoded(text: str) -> dict:
    message = json.loads(text)
    message["body"] = json.loads(base64.b64decode(message["body"]))
    return message


def test_the_message_is_the_one_send_task_pushes(broker):
    app, client, namespace = broker
    task_id = f"b-msg/r-msg/{uuid.uuid4().hex[:12]}"
    app.send_task("battle.advance", args=ARGS, task_id=task_id, ignore_result=True,
                  argsrepr=repr(ARGS), kwargsrepr="{}")
    messages = TaskMessages(app.conf.broker_transport_options["global_keyprefix"])
    key = messages.queue_key(TURNS)
    assert key == f"{namespace}:celery:turns"
    theirs = _decoded(client.rpop(key))
    ours = _decoded(messages.build("battle.advance", ARGS, task_id, TURNS))
    # Drawn afresh by every sender: the message's delivery tag and the sender's reply queue.
    for message in (theirs, ours):
        uuid.UUID(message["properties"].pop("delivery_tag"))
        uuid.UUID(message["properties"].pop("reply_to"))
    assert ours == theirs
    assert ours["body"] == [ARGS, {}, {"callbacks": None, "errbacks": None, "chain": None, "chord": None}]
    assert ours["headers"]["task"] == "battle.advance" and ours["headers"]["id"] == task_id
    assert ours["properties"]["delivery_info"] == {"exchange": "", "routing_key": "turns"}


def test_two_messages_never_share_a_delivery_tag():
    messages = TaskMessages("p:")
    tags = {json.loads(messages.build("battle.advance", ARGS, "t", TURNS))["properties"]["delivery_tag"]
            for _ in range(50)}
    assert len(tags) == 50


def test_a_broker_that_refuses_the_push_leaves_the_choice_to_the_reconciler(broker, redis_url):
    app, client, namespace = broker
    queue = f"{namespace}:celery:{TURNS}"
    store = RedisBattleStore.from_url(redis_url, namespace=namespace)
    service = BattleService(store)
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = [dict(m, controller="player", player="p1") for m in json.loads((EXAMPLES / "party.json").read_text())]
    created = service.create(digest, party, json.loads((EXAMPLES / "foes.json").read_text()), seed=3,
                             battle_id="b-msg")
    revision, choice = created["revision"], {"actor": created["pending"]["actor"], "option": "end", "targets": []}
    away = make_app({"REDIS_URL": redis_url, "MARINARA_NAMESPACE": namespace,
                     "MARINARA_BROKER_URL": "redis://127.0.0.1:1/0", "MARINARA_BROKER_PREFIX": f"{namespace}:celery:"})

    async def run() -> None:
        executor = CeleryExecutor(service, away, workers=2)
        try:
            # Accepted (the head read recorded it) though the broker took nothing.
            request = ChoiceRequest(actor=choice["actor"], option_id=choice["option"], request_id="r-away",
                                    revision=revision)
            await executor.head("b-msg", request)
            await executor.accept("b-msg", revision, choice, "r-away")
            assert client.llen(queue) == 0
            assert [(e.battle_id, e.request_id) for e in store.outbox().claim_due(1e12, 0.0, 10)] \
                == [("b-msg", "r-away")]
        finally:
            await executor.close()
        # With a broker that answers, the reconciler's turn finds the entry due, the battle
        # still waiting on it and no message held for it, and sends it.
        back = CeleryExecutor(service, app, workers=2)
        try:
            assert await back.reconcile(now=1e12) == 1
        finally:
            await back.close()

    try:
        asyncio.run(run())
        assert [json.loads(base64.b64decode(json.loads(t)["body"]))[0] for t in client.lrange(queue, 0, -1)] \
            == [["b-msg", revision, choice, "r-away"]]
    finally:
        away.close()
        store.close()
