"""The gateway's own `battle.advance` message (`shared.store.task_messages`) against Celery's, on a
real Redis: the same task, arguments and task id give the same message on the same list,
but for the fields every sender draws afresh, whether built alone or pushed by the one
adapter the gateway sends through (`gateway.broker.TaskSender`), on the gateway's own
send-only app (`gateway.broker.make_app`); and a broker that refuses
the push leaves an accepted choice in the outbox for the reconciler, which sends it once
the broker is back.

On a broker that is not kombu's Redis transport the adapter sends through Celery's own
`send_task`: tested on a real RabbitMQ (127.0.0.1:5672, skipped where none answers) and on
kombu's in-memory transport (`memory://`), where the message a worker would take carries
the very headers and body the hand-built one does."""

from __future__ import annotations

import asyncio
import base64
import json
import socket
import uuid
from typing import Any

import pytest

from gateway.broker import TaskSender, make_app
from gateway.celery_executor import CeleryExecutor
from shared.protocol import ChoiceRequest
from shared.service.battles import BattleService
from shared.service.settings import QUEUES, TURNS
from shared.store.redis_store import RedisBattleStore
from shared.store.task_messages import TaskMessages
from tests.conftest import EXAMPLES
from tests.integration.celery_stack import namespaced_env
from tests.redis_harness import purge_namespace, redis_url, unique_namespace

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


async def _off_loop(fn: Any, *args: Any) -> Any:
    return await asyncio.to_thread(fn, *args)


def test_the_adapter_pushes_by_hand_on_kombus_redis_transport_what_send_task_pushes(broker):
    app, client, namespace = broker
    task_id = f"b-msg/r-msg/{uuid.uuid4().hex[:12]}"
    app.send_task("battle.advance", args=ARGS, task_id=task_id, ignore_result=True,
                  argsrepr=repr(ARGS), kwargsrepr="{}")
    key = f"{namespace}:celery:{TURNS}"
    theirs = _decoded(client.rpop(key))

    async def push() -> None:
        sender = TaskSender(app, _off_loop)
        try:
            assert sender.direct
            await sender.send_choice(ARGS, task_id)
            # The transport's own keys: one message waiting on `turns`, held under its id.
            assert await _off_loop(sender.depths, QUEUES) == {"turns": 1, "director": 0, "llm": 0}
            assert await _off_loop(sender.held, 0.0) == [task_id]
        finally:
            await sender.close()

    asyncio.run(push())
    ours = _decoded(client.rpop(key))
    for message in (theirs, ours):
        uuid.UUID(message["properties"].pop("delivery_tag"))
        uuid.UUID(message["properties"].pop("reply_to"))
    assert ours == theirs


#: The RabbitMQ this machine runs (its default account, reachable only from here).
AMQP = "amqp://guest:guest@127.0.0.1:5672//"


def _answers(host: str, port: int) -> bool:
    try:
        socket.create_connection((host, port), timeout=1.0).close()
    except OSError:
        return False
    return True


def _emptied(app: Any) -> None:
    """Declares the app's queues as Celery does and takes every message off them (the
    broker outlives the test)."""
    with app.connection_for_write() as connection:
        channel = connection.channel()
        for name in QUEUES:
            queue = app.amqp.queues[name](channel)
            queue.declare()
            queue.purge()


@pytest.fixture(params=["amqp", "memory"])
def elsewhere(request, redis_url):
    """The workers' app on a broker that is not kombu's Redis transport: a real RabbitMQ, or
    kombu's in-memory transport (Celery's own, in this process)."""
    if request.param == "amqp" and not _answers("127.0.0.1", 5672):
        pytest.skip("no RabbitMQ answers on 127.0.0.1:5672")
    namespace = unique_namespace("mbelse")
    app = make_app(namespaced_env(redis_url, namespace))
    app.conf.broker_url = AMQP if request.param == "amqp" else "memory://"
    # The transport named by the URL, not the Redis one the workers' app names.
    app.conf.broker_transport = None
    _emptied(app)
    try:
        yield app, namespace
    finally:
        _emptied(app)
        app.close()


def _taken(app: Any, queue: str = TURNS) -> list[Any]:
    """Every message on `queue`, as a worker consuming it would get it."""
    taken = []
    with app.connection_for_write() as connection:
        channel = connection.channel()
        while (message := channel.basic_get(queue, no_ack=True)) is not None:
            taken.append(message)
    return taken


def test_on_another_broker_the_adapter_sends_the_same_message_through_send_task(elsewhere):
    app, _ = elsewhere
    task_id = f"b-msg/r-msg/{uuid.uuid4().hex[:12]}"

    async def push() -> tuple[dict[str, int], list[str] | None]:
        sender = TaskSender(app, _off_loop)
        try:
            assert not sender.direct
            await sender.send_choice(ARGS, task_id)
            return await _off_loop(sender.depths, QUEUES), await _off_loop(sender.held, 0.0)
        finally:
            await sender.close()

    depths, held = asyncio.run(push())
    # The queue's length from the broker's own count; what it holds cannot be asked.
    assert depths == {"turns": 1, "director": 0, "llm": 0}
    assert held is None
    [message] = _taken(app)
    ours = json.loads(TaskMessages().build("battle.advance", ARGS, task_id, TURNS))
    assert message.headers == ours["headers"]
    assert message.headers["task"] == "battle.advance" and message.headers["id"] == task_id
    assert json.loads(message.body) == [ARGS, {}, {"callbacks": None, "errbacks": None, "chain": None,
                                                   "chord": None}]
    assert message.delivery_info["routing_key"] == "turns"
    assert message.properties["correlation_id"] == task_id and message.properties["delivery_mode"] == 2


def test_on_another_broker_an_accepted_choice_is_sent_and_the_reconciler_sends_it_again(elsewhere, redis_url):
    """Through the Celery executor: `accept` sends the choice by `send_task`; with no way to
    ask the broker what it holds, the reconciler sends a due choice again (the store
    applies a request id at most once)."""
    app, namespace = elsewhere
    store = RedisBattleStore.from_url(redis_url, namespace=namespace)
    service = BattleService(store)
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = [dict(m, controller="player", player="p1") for m in json.loads((EXAMPLES / "party.json").read_text())]
    created = service.create(digest, party, json.loads((EXAMPLES / "foes.json").read_text()), seed=3,
                             battle_id="b-else")
    revision, choice = created["revision"], {"actor": created["pending"]["actor"], "option": "end", "targets": []}

    async def run() -> int:
        executor = CeleryExecutor(service, app, workers=2)
        try:
            request = ChoiceRequest(actor=choice["actor"], option_id=choice["option"], request_id="r-else",
                                    revision=revision)
            await executor.head("b-else", request)
            await executor.accept("b-else", revision, choice, "r-else")
            return await executor.reconcile(now=1e12)
        finally:
            await executor.close()

    try:
        assert asyncio.run(run()) == 1
        sent = _taken(app)
        assert [json.loads(m.body)[0] for m in sent] == [["b-else", revision, choice, "r-else"]] * 2
        assert all(m.headers["task"] == "battle.advance" and m.headers["id"].startswith("b-else/r-else/")
                   for m in sent)
    finally:
        purge_namespace(store.client, namespace)
        store.close()


def test_on_another_broker_the_reconciler_sends_a_late_choice_again_at_looks_1_2_4_8(elsewhere, redis_url):
    """RabbitMQ cannot be asked what it holds, and gives a dead worker's message back by
    itself: the reconciler's own sends double their spacing (looks 1, 2, 4, 8 of 9: four
    sends), so a backlog behind restarting workers is not fed a duplicate every 8 s."""
    from gateway.celery_executor import RESEND_AFTER

    app, namespace = elsewhere
    store = RedisBattleStore.from_url(redis_url, namespace=namespace)
    service = BattleService(store)
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = [dict(m, controller="player", player="p1") for m in json.loads((EXAMPLES / "party.json").read_text())]
    created = service.create(digest, party, json.loads((EXAMPLES / "foes.json").read_text()), seed=3,
                             battle_id="b-back")
    revision, choice = created["revision"], {"actor": created["pending"]["actor"], "option": "end", "targets": []}

    async def run() -> list[int]:
        executor = CeleryExecutor(service, app, workers=2)
        try:
            request = ChoiceRequest(actor=choice["actor"], option_id=choice["option"], request_id="r-back",
                                    revision=revision)
            await executor.head("b-back", request)
            await executor.accept("b-back", revision, choice, "r-back")
            now = 1e12
            sent = []
            for _ in range(9):
                sent.append(await executor.reconcile(now=now))
                now += RESEND_AFTER
            return sent
        finally:
            await executor.close()

    try:
        assert asyncio.run(run()) == [1, 1, 0, 1, 0, 0, 0, 1, 0]
        assert len(_taken(app)) == 1 + 4, "the accept's own send and four of the reconciler's"
    finally:
        purge_namespace(store.client, namespace)
        store.close()
