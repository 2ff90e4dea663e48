"""The Celery executor's accept path on a real Redis, with no worker running (so every
message the gateway sends stays in the broker where the test can count it): `head` records
the choice in the outbox with the read the checks need, `accept` sends its message, the
choice already waits for its answer when the message leaves, and a store that cannot record
it leaves nothing behind. Through `submit`: a choice the checks refuse (or a request id
already applied) takes its entry back, unless an earlier acceptance of the same request id
made it; a socket's choice that its own prompt accepts is pushed while the head is read,
once, and one the head then refuses leaves nothing waiting; and a store or broker that
stops answering times out instead of holding the choice."""

from __future__ import annotations

import asyncio
import json

import pytest

from gateway.celery_executor import CeleryExecutor
from gateway.context import EXECUTOR, SERVICE
from gateway.errors import ApiError
from gateway.routes_choices import submit
from gateway.tokens import Principal
from shared.combat import decide_for
from shared.protocol import ChoiceRequest
from shared.store import FeedMessage
from shared.store.redis_store import RedisBattleStore
from tests.conftest import revision_after
from tests.integration.celery_stack import namespaced_env
from tests.redis_harness import purge_namespace, redis_url, unique_namespace
from gateway.broker import make_app
from shared.service.settings import TURNS
from shared.service.battles import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

CHOICE = {"actor": "juno", "option": "end", "targets": []}


def _request(request_id: str, revision: int = 3) -> ChoiceRequest:
    """`CHOICE` as a client submits it."""
    return ChoiceRequest(actor=CHOICE["actor"], option_id=CHOICE["option"], request_id=request_id,
                         revision=revision)


@pytest.fixture
def parts(redis_url):
    import redis

    namespace = unique_namespace("mbaccept")
    app = make_app(namespaced_env(redis_url, namespace))
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


def test_head_records_accept_sends_once_and_an_answer_before_submit_is_kept(parts):
    app, store, client, queue = parts

    async def run() -> dict:
        executor = CeleryExecutor(BattleService(store), app, workers=2)
        try:
            await executor.head("b-acc", _request("r-1"))
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


@pytest.mark.parametrize("early", [False, True], ids=["after-the-read", "early"])
def test_a_store_that_cannot_record_the_choice_accepts_nothing(parts, early):
    app, store, client, queue = parts

    async def run() -> None:
        broken = RedisBattleStore.from_url("redis://127.0.0.1:1/0", namespace="nowhere")
        executor = CeleryExecutor(BattleService(broken), app, workers=2)
        try:
            with pytest.raises(ApiError) as refused:
                await executor.head("b-acc", _request("r-2"), early=early)
            assert refused.value.code == "store-unavailable"
            assert executor._waiting == {} and executor._early == {} and executor._accepted == {}
            # A message pushed early left before the store failed: a worker applies it (at
            # most once) when the store is back, and the client's retry of the request id
            # learns that. Otherwise nothing left.
            assert _queued(client, queue) == ([["b-acc", 3, CHOICE, "r-2"]] if early else [])
        finally:
            await executor.close()
            broken.close()

    asyncio.run(run())


def test_one_request_id_accepted_twice_at_once_is_sent_once_per_acceptance(parts):
    app, store, client, queue = parts

    async def run() -> list:
        executor = CeleryExecutor(BattleService(store), app, workers=2)
        try:
            await asyncio.gather(executor.head("b-acc", _request("r-3")), executor.head("b-acc", _request("r-3")))
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


# -- `submit`: the head read records the choice in the same round trip ------------------------
def _battle(store) -> tuple[BattleService, str, dict]:
    from tests.conftest import EXAMPLES

    service = BattleService(store)
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = [dict(m, controller="player", player="p1") for m in json.loads((EXAMPLES / "party.json").read_text())]
    created = service.create(digest, party, json.loads((EXAMPLES / "foes.json").read_text()), seed=11,
                             battle_id="b-sub")
    assert created["ok"], created
    state, revision = service.load("b-sub")
    return service, revision, decide_for(service.ruleset(digest), state)


def _submit(executor, service, revision: int, choice: dict, request_id: str, prompted: dict | None = None):
    app = {EXECUTOR: executor, SERVICE: service}
    who = Principal(battle="b-sub", role="player", player="p1")
    request = ChoiceRequest(actor=choice["actor"], option_id=choice["option"], targets=choice.get("targets", []),
                            request_id=request_id, revision=revision)
    return submit(app, "b-sub", who, request, prompted=prompted)


def _outbox(store) -> list[tuple[str, str]]:
    return [(e.battle_id, e.request_id) for e in store.outbox().claim_due(1e12, 0.0, 10)]


def _with_executor(app, service: BattleService, body):
    """Runs `await body(executor)` with a Celery executor on `app`, closed afterwards."""
    async def run():
        executor = CeleryExecutor(service, app, workers=2)
        try:
            return await body(executor)
        finally:
            await executor.close()

    return asyncio.run(run())


def test_a_choice_that_passes_is_recorded_by_the_head_read_and_sent(parts):
    app, store, client, queue = parts
    service, revision, choice = _battle(store)

    async def body(executor) -> None:
        accepted, task = await _submit(executor, service, revision, choice, "r-pass")
        assert accepted.status == "queued" and task is not None
        assert _outbox(store) == [("b-sub", "r-pass")]
        assert _queued(client, queue) == [["b-sub", revision, {**choice, "targets": choice.get("targets", [])},
                                            "r-pass"]]
        task.cancel()

    _with_executor(app, service, body)


def test_a_refused_choice_takes_its_outbox_entry_back_and_sends_nothing(parts):
    app, store, client, queue = parts
    service, revision, choice = _battle(store)

    async def body(executor) -> None:
        with pytest.raises(ApiError) as refused:
            await _submit(executor, service, revision + 4, choice, "r-stale")
        assert refused.value.code == "stale-revision"
        with pytest.raises(ApiError) as refused:
            await _submit(executor, service, revision, {**choice, "option": "no-such-option"}, "r-bad")
        assert refused.value.code == "unknown-option"

    _with_executor(app, service, body)
    assert _outbox(store) == [] and client.llen(queue) == 0


def test_a_request_id_already_applied_answers_applied_and_leaves_no_entry(parts):
    app, store, client, queue = parts
    service, revision, choice = _battle(store)
    after = revision_after(service, "b-sub", choice)
    assert service.apply("b-sub", revision, choice, "r-done")["ok"]

    async def body(executor) -> None:
        accepted, task = await _submit(executor, service, revision, choice, "r-done")
        assert (accepted.status, accepted.revision, task) == ("applied", after, None)

    _with_executor(app, service, body)
    assert _outbox(store) == [] and client.llen(queue) == 0


def test_a_refusal_leaves_the_entry_an_earlier_acceptance_of_the_request_id_made(parts):
    app, store, client, queue = parts
    service, revision, choice = _battle(store)

    async def body(executor) -> None:
        _accepted, task = await _submit(executor, service, revision, choice, "r-twice")
        # The same request id again, now stale: refused, and the first one's entry stays
        # so the reconciler can still send it if its message is lost.
        with pytest.raises(ApiError):
            await _submit(executor, service, revision + 4, choice, "r-twice")
        assert _outbox(store) == [("b-sub", "r-twice")]
        task.cancel()

    _with_executor(app, service, body)


# -- a socket's choice that its own prompt accepts: sent while the head is read --------------
def _idle(executor) -> bool:
    return executor._waiting == {} and executor._early == {} and executor._accepted == {}


def test_a_choice_its_prompt_accepts_is_sent_with_the_head_read_and_only_once(parts):
    app, store, client, queue = parts
    service, revision, choice = _battle(store)
    prompted = store.head("b-sub").decision
    request = ChoiceRequest(actor=choice["actor"], option_id=choice["option"], targets=choice.get("targets", []),
                            request_id="r-early", revision=revision)
    sent = ["b-sub", revision, {**choice, "targets": choice.get("targets", [])}, "r-early"]

    async def body(executor) -> None:
        head, added = await executor.head("b-sub", request, early=True)
        # Recorded and sent by the time the head is read; the answer is waited for already.
        assert (head.revision, added) == (revision, True)
        assert _outbox(store) == [("b-sub", "r-early")] and _queued(client, queue) == [sent]
        assert list(executor._waiting) == [("b-sub", "r-early")]
        await executor.accept("b-sub", revision, request.as_choice(), "r-early")
        assert _queued(client, queue) == [sent], "accept sent nothing more"
        task = executor.submit("b-sub", revision, request.as_choice(), "r-early")
        executor.observe(FeedMessage(battle_id="b-sub", revision=revision + 1, status="active",
                                     request_id="r-early"))
        assert await task == {"ok": True, "revision": revision + 1}
        assert _idle(executor)
        # Through `submit` with the prompt the socket sent: the same, one message a choice.
        accepted, task = await _submit(executor, service, revision, choice, "r-early-2", prompted)
        assert accepted.status == "queued" and len(_queued(client, queue)) == 2
        assert executor._early == {}, "the early push was handed to accept"
        task.cancel()

    _with_executor(app, service, body)


def test_a_choice_sent_early_that_the_head_refuses_or_finds_applied_leaves_nothing_waiting(parts):
    app, store, client, queue = parts
    service, revision, choice = _battle(store)
    # The prompt a socket still holds when the battle moved on without it.
    prompted = store.head("b-sub").decision
    after = revision_after(service, "b-sub", choice)
    assert service.apply("b-sub", revision, choice, "r-done")["ok"]

    async def body(executor) -> None:
        with pytest.raises(ApiError) as refused:
            await _submit(executor, service, revision, choice, "r-late", prompted)
        assert refused.value.code == "stale-revision"
        accepted, task = await _submit(executor, service, revision, choice, "r-done", prompted)
        assert (accepted.status, accepted.revision, task) == ("applied", after, None)
        # Both messages left with the read; the rules refuse the one and answer the other
        # from its record, and nobody waits on either.
        assert [m[3] for m in _queued(client, queue)] == ["r-done", "r-late"]
        assert _idle(executor)

    _with_executor(app, service, body)
    assert _outbox(store) == []


def test_a_refused_early_push_keeps_the_wait_another_submission_of_the_request_id_holds(parts):
    app, store, client, queue = parts

    async def run() -> dict:
        executor = CeleryExecutor(BattleService(store), app, workers=2)
        try:
            # One submission of the request id accepted and waiting for its answer...
            await executor.head("b-acc", _request("r-4"), early=True)
            await executor.accept("b-acc", 3, CHOICE, "r-4")
            task = executor.submit("b-acc", 3, CHOICE, "r-4")
            await asyncio.sleep(0.01)
            assert executor._accepted == {} and not task.done()
            # ...and another pushed early that the head's checks refuse (the battle moved on
            # between two reads, say): the first must still hear its answer.
            await executor.head("b-acc", _request("r-4"), early=True)
            await executor.unrecord("b-acc", "r-4", False)
            assert list(executor._waiting) == [("b-acc", "r-4")], "the first submission still waits"
            executor.observe(FeedMessage(battle_id="b-acc", revision=4, status="active", request_id="r-4"))
            answer = await asyncio.wait_for(task, 5)
            assert len(_queued(client, queue)) == 2 and _idle(executor)
            return answer
        finally:
            await executor.close()

    assert asyncio.run(run()) == {"ok": True, "revision": 4}


# -- a Redis that stops answering ------------------------------------------------------------
@pytest.fixture
def silent_redis():
    """A TCP port that takes connections and never answers (a hung Redis)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list = []
    stop = threading.Event()

    def take() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=take, daemon=True)
    thread.start()
    try:
        yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    finally:
        stop.set()
        thread.join(2)
        for conn in held:
            conn.close()
        server.close()


def test_a_hung_store_or_broker_times_out_instead_of_holding_the_choice(silent_redis, monkeypatch, caplog):
    import time

    from shared.store import redis_store

    monkeypatch.setattr(redis_store, "SOCKET_TIMEOUT", 0.3)
    monkeypatch.setattr(redis_store, "CONNECT_TIMEOUT", 0.3)
    store = RedisBattleStore.from_url(silent_redis, namespace="hung")
    app = make_app({"REDIS_URL": silent_redis, "MARINARA_NAMESPACE": "hung"})

    async def body(executor) -> float:
        started = time.monotonic()
        # The head read (with the outbox entry): the store does not answer, so nothing is accepted.
        with pytest.raises(ApiError) as refused:
            await executor.head("b-hung", _request("r-hung"))
        assert refused.value.code == "store-unavailable"
        # The push: the broker does not answer, so the choice is left to the reconciler.
        await executor.accept("b-hung", 3, CHOICE, "r-hung")
        return time.monotonic() - started

    try:
        # Bounded, so a client without timeouts fails here instead of hanging the suite.
        took = _with_executor(app, BattleService(store), lambda executor: asyncio.wait_for(body(executor), 10))
    finally:
        app.close()
        store.close()
    assert took < 5
    assert "request r-hung could not be queued; the reconciler sends it again" in caplog.text
