"""A worker killed between a choice's save and the save of the Engine's moves after it
(`BattleService.pause`), on real Celery workers and a real Redis: the sockets have the
choice's events; the one waiting for the decision finds the battle waiting on the Engine
and the gateway has `battle.resume` make the moves on the other worker, with the seed's
dice. A redelivery of the killed worker's message would do the same (`_recorded`); the
visibility timeout here is longer than the test, so it is the gateway's ask that does."""

from __future__ import annotations

import asyncio
from typing import Iterator

import pytest

from gateway import ws as ws_module
from shared.store import MemoryBattleStore
from tests.gateway import harness
from tests.gateway.harness import FOES, PARTY, RULESET, SEED, battle_view, choose_http, create, socket, token_for, until
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import redis_url
from shared.service.battles import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

VISIBILITY = 120


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, {"MARINARA_VISIBILITY_TIMEOUT": str(VISIBILITY)})


def _reference(choice: dict) -> tuple[list[dict], int]:
    """The same battle with the same choice applied in-process: its events and revision."""
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(RULESET)
    created = service.create(digest, PARTY, FOES, seed=SEED, battle_id="ref")
    answer = service.apply("ref", created["revision"], choice, "ref-1")
    assert answer["ok"]
    return service.store.events_after("ref", 0, limit=10000), answer["revision"]


def test_a_worker_killed_between_a_choice_and_the_engines_moves_loses_nothing(stack, monkeypatch):
    monkeypatch.setattr(ws_module, "DECISION_WAIT", 0.5)
    request_id = "paused-1"
    resumed_before = stack.tasks_run("battle.resume")

    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        (stack.crash_dir / f"{request_id}.engine.stop").touch()
        async with socket(client, created, created["gm_token"]) as gm:
            await until(gm, "waiting")
            status, _, sent = await choose_http(client, created, token, request_id)
            assert status == 202
            killed = await asyncio.to_thread(stack.kill_armed, f"{request_id}.engine")
            paused = stack.service.store.head(created["battle"])
            assert (paused.revision, paused.decision) == (before["revision"] + 1, None), "the choice was saved"
            seen, told = await until(gm, "waiting", timeout=30)
        choice = {"actor": sent["actor"], "option": sent["option_id"], "targets": sent["targets"]}
        return created["battle"], before, killed, seen, told, choice

    battle, before, killed, seen, told, choice = harness.run(
        body, executor="celery", store=stack.service.store, celery=stack.app)
    assert killed.process.returncode == -9
    reference, revision = _reference(choice)
    events = stack.service.store.events_after(battle, 0, limit=10000)
    assert events == reference, "the choice and the Engine's moves, once each, with the seed's dice"
    assert [e["seq"] for e in seen] == list(range(before["last_seq"] + 1, reference[-1]["seq"] + 1))
    assert told["revision"] == revision == before["revision"] + 2
    assert stack.service.store.head(battle).decision is not None
    # The record keeps the choice's answer at the pause: the worker that would have
    # replaced it died.
    assert stack.service.store.seen(battle, request_id).revision == before["revision"] + 1
    assert stack.tasks_run("battle.resume") > resumed_before
    stack.start_worker(f"{killed.name}b")


def test_the_idle_policy_reads_the_turns_queue_the_gateway_pushes_to(stack):
    """`MARINARA_ENGINE_APART=idle`: a worker writes a choice apart only while the `turns`
    queue is empty, read with one LLEN on the broker at the key the gateway pushes to."""
    import redis

    from worker.app import build_service
    from shared.store.task_messages import TaskMessages
    from shared.service.settings import Settings

    # A broker prefix of its own: no worker of the stack takes what is pushed here.
    env = {**stack.env, "MARINARA_ENGINE_APART": "idle",
           "MARINARA_BROKER_PREFIX": stack.env["MARINARA_BROKER_PREFIX"] + "idle:"}
    settings = Settings.from_env(env)
    service = build_service(settings)
    key = TaskMessages(settings.broker_prefix).queue_key("turns")
    client = redis.Redis.from_url(settings.broker_url)
    try:
        assert client.llen(key) == 0 and service.backlog()() is False
        # The question is answered as the queue was when it was asked: its reply is read
        # later (after the battle's load), and other commands may run in between.
        asked = service.backlog()
        client.lpush(key, "a choice waiting")
        assert asked() is False
        assert service.backlog()() is True
        # Two questions open at once each get their own answer, and the connections go
        # back to the pool for the next ones.
        first, second = service.backlog(), service.backlog()
        assert (second(), first()) == (True, True)
        assert service.backlog()() is True
    finally:
        client.delete(key)
        client.close()
        service.store.close()
    unreachable = build_service(Settings.from_env({**env, "MARINARA_BROKER_URL": "redis://127.0.0.1:1/0"}))
    assert unreachable.backlog()() is False, "a broker that does not answer counts as nothing waiting"
