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
from tests.gateway.harness import FOES, PARTY, RULESET, SEED, battle_view, bearer, choose_http, create, token_for
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import redis_url
from worker.service import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

#: Longer than the test: a killed worker's message never comes back by itself here.
VISIBILITY = 120
RESEND_AFTER = 2.0


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


def test_a_choice_the_broker_lost_is_sent_again_and_applied_once(stack, monkeypatch):
    from gateway import celery_executor

    monkeypatch.setattr(celery_executor, "RESEND_AFTER", RESEND_AFTER)
    monkeypatch.setattr(celery_executor, "RECONCILE_EVERY", 0.2)

    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        (stack.crash_dir / "lost-1.stop").touch()
        status, answer, sent = await choose_http(client, created, token, "lost-1")
        assert status == 202 and answer["status"] == "queued"
        killed = await asyncio.to_thread(stack.kill_armed, "lost-1")
        assert await asyncio.to_thread(_drop_unacked, stack) == ["battle.advance"]
        assert stack.service.store.seen(created["battle"], "lost-1") is None
        # The client never sends it again; the gateway's reconciler must.
        for _ in range(200):
            record = stack.service.store.seen(created["battle"], "lost-1")
            if record is not None:
                break
            await asyncio.sleep(0.1)
        else:
            raise AssertionError("the lost choice was never applied")
        assert record.revision == before["revision"] + 1
        r = await client.get(f"/v1/battles/{created['battle']}/choices/lost-1", headers=bearer(created["gm_token"]))
        status = await r.json()
        assert (status["status"], status["revision"]) == ("applied", before["revision"] + 1)
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
        return killed, before["revision"], head, events, choice, resent

    killed, revision, head, events, choice, resent = harness.run(
        body, executor="celery", store=stack.service.store, celery=stack.app)
    assert killed.process.returncode == -9
    # Applied exactly once: one revision past the creation, the events of one application
    # of the choice with the seed's dice, and nothing left in the outbox.
    assert head.revision == revision + 1 and head.record is None
    assert events == _reference(choice)
    assert resent >= 1
    assert stack.service.store.outbox().size() == 0
