"""An accepted choice whose broker message is lost is still applied, exactly once, without
the client sending it again: the gateway's outbox and reconciler (gateway/celery_executor.py)
on real Celery workers and a real Redis.

The loss is the one the soak found: a worker SIGKILLed after taking the message off the
queue, with the message nowhere in the broker afterwards (kombu's Redis transport loses it
when the kill falls between its BRPOP and its write to the unacknowledged hash). Here the
worker is killed at the armed crash point and its message is then removed from that hash,
which leaves the broker exactly as that race does; the visibility timeout is long, so
nothing the broker does would bring the message back within the test.
"""

from __future__ import annotations

import asyncio
import re
from typing import Iterator

import pytest

from shared.store import MemoryBattleStore
from tests.gateway import harness
from tests.gateway.harness import FOES, PARTY, REVISIONS_A_CHOICE_ON_SEED, RULESET, SEED, battle_view, bearer, choose_http, create, token_for
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import redis_url
from shared.service.battles import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

#: Longer than the test: a killed worker's message never comes back by itself here.
VISIBILITY = 120
RESEND_AFTER = 4.0


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, {"MARINARA_VISIBILITY_TIMEOUT": str(VISIBILITY)})


def _reference(choice: dict) -> list[dict]:
    """The same battle with the same one choice applied in-process."""
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(RULESET)
    created = service.create(digest, PARTY, FOES, seed=SEED, battle_id="ref")
    assert service.apply("ref", created["revision"], choice, "ref-1")["ok"]
    return service.store.events_after("ref", 0, limit=10000)


def _drop_unacked(stack: Stack) -> list[str]:
    """Removes every message the broker holds as unacknowledged; answers their task names."""
    import json

    import redis

    prefix = stack.env["MARINARA_BROKER_PREFIX"]
    client = redis.Redis.from_url(stack.env["REDIS_URL"], decode_responses=True)
    try:
        held = client.hgetall(prefix + "unacked")
        client.delete(prefix + "unacked", prefix + "unacked_index")
    finally:
        client.close()
    return [json.loads(text)[0]["headers"]["task"] for text in held.values()]


def _drop_outbox(stack: Stack) -> int:
    """Removes the outbox's keys, as a Redis killed before its fsync loses them."""
    prefix = f"{stack.namespace}:outbox"
    return stack.service.store.client.delete(prefix, prefix + ":entries", prefix + ":sends")


@pytest.mark.parametrize("outbox_lost", [False, True], ids=["message-lost", "message-and-outbox-lost"])
def test_a_choice_the_broker_lost_is_sent_again_and_applied_once(stack, monkeypatch, caplog, outbox_lost):
    """With `outbox_lost`, Redis also lost the outbox entry (its last second before a kill,
    with AOF fsynced every second): the gateway still waiting on the choice puts it back."""
    from gateway import celery_executor

    monkeypatch.setattr(celery_executor, "RESEND_AFTER", RESEND_AFTER)
    monkeypatch.setattr(celery_executor, "RECONCILE_EVERY", 0.2)
    monkeypatch.setattr(celery_executor, "LATE", 1.0)
    request_id = f"lost-{int(outbox_lost)}"

    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        (stack.crash_dir / f"{request_id}.stop").touch()
        status, answer, sent = await choose_http(client, created, token, request_id)
        assert status == 202 and answer["status"] == "queued"
        assert stack.service.store.outbox().size() == 1
        killed = await asyncio.to_thread(stack.kill_armed, request_id)
        assert await asyncio.to_thread(_drop_unacked, stack) == ["battle.advance"]
        if outbox_lost:
            assert _drop_outbox(stack) >= 2
        assert stack.service.store.seen(created["battle"], request_id) is None
        await asyncio.to_thread(stack.start_worker, f"w-{request_id}")  # the killed one's replacement
        # The client never sends it again; the gateway's reconciler must.
        # Its record reads the choice's own revision until the Engine's moves after it
        # are saved too, then the one after them.
        moved = before["revision"] + REVISIONS_A_CHOICE_ON_SEED
        for _ in range(200):
            record = stack.service.store.seen(created["battle"], request_id)
            if record is not None and record.revision == moved:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError(f"the lost choice was never applied: {record}")
        r = await client.get(f"/v1/battles/{created['battle']}/choices/{request_id}",
                             headers=bearer(created["gm_token"]))
        status = await r.json()
        assert (status["status"], status["revision"]) == ("applied", before["revision"] + REVISIONS_A_CHOICE_ON_SEED)
        head = stack.service.store.head(created["battle"])
        choice = {"actor": sent["actor"], "option": sent["option_id"], "targets": sent["targets"]}
        events = stack.service.store.events_after(created["battle"], 0, limit=10000)
        text = await (await client.get("/metrics")).text()
        resent = float(re.search(r"^battle_choices_resent_total (\S+)$", text, re.MULTILINE).group(1))
        # The reconciler settles the entry on its next turn after the answer.
        for _ in range(50):
            if stack.service.store.outbox().size() == 0:
                break
            await asyncio.sleep(0.1)
        return killed, created["battle"], before["revision"], head, events, choice, resent

    killed, battle, revision, head, events, choice, resent = harness.run(
        body, executor="celery", store=stack.service.store, celery=stack.app)
    assert killed.process.returncode == -9
    # Applied exactly once: the choice's revisions past the creation, the events of one application
    # of the choice with the seed's dice, and nothing left in the outbox.
    assert head.revision == revision + REVISIONS_A_CHOICE_ON_SEED and head.record is None
    assert events == _reference(choice)
    assert resent >= 1
    put_back = [r.getMessage() for r in caplog.records if "missing from the outbox" in r.getMessage()]
    assert put_back == ([f"battle {battle}: request {request_id} was missing from the outbox; put back"]
                        if outbox_lost else [])
    assert stack.service.store.outbox().size() == 0


def test_a_choice_still_queued_is_not_sent_again_and_is_settled_once_applied(stack, monkeypatch):
    """No worker consumes this gateway's queue: the choice's message waits there past its
    resend time, so the reconciler leaves it (a backlog is not fed duplicates); once the
    choice is applied (here by the test, under the same request id) its entry is settled."""
    from gateway import celery_executor
    from gateway.broker import make_app

    monkeypatch.setattr(celery_executor, "RESEND_AFTER", 0.5)
    monkeypatch.setattr(celery_executor, "RECONCILE_EVERY", 0.1)
    prefix = stack.env["MARINARA_BROKER_PREFIX"] + "unheard:"
    unheard = make_app({**stack.env, "MARINARA_BROKER_PREFIX": prefix})

    async def resent(client) -> float:
        text = await (await client.get("/metrics")).text()
        return float(re.search(r"^battle_choices_resent_total (\S+)$", text, re.MULTILINE).group(1))

    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        first = await resent(client)
        status, _, sent = await choose_http(client, created, token, "queued-1")
        assert status == 202
        await asyncio.sleep(2.0)  # four resend times, twenty reconciler turns
        assert await resent(client) == first
        assert stack.service.store.outbox().size() == 1
        assert stack.service.store.client.llen(prefix + "turns") == 1
        choice = {"actor": sent["actor"], "option": sent["option_id"], "targets": sent["targets"]}
        applied = await asyncio.to_thread(stack.service.apply, created["battle"], before["revision"], choice, "queued-1")
        assert applied["ok"] and applied["revision"] == before["revision"] + REVISIONS_A_CHOICE_ON_SEED
        for _ in range(50):
            if stack.service.store.outbox().size() == 0:
                break
            await asyncio.sleep(0.1)
        assert stack.service.store.outbox().size() == 0
        assert await resent(client) == first

    try:
        harness.run(body, executor="celery", store=stack.service.store, celery=unheard)
    finally:
        unheard.close()
