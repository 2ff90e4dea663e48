"""The distributed service with RabbitMQ as the broker (`MARINARA_BROKER_URL=amqp://...`):
the gateway (Celery executor, sending through Celery's own `send_task`) and two real
Celery workers on quorum queues in a vhost of this module's own, the battles in Redis.

The end-to-end tests of test_gateway_celery.py run here as they are (a whole battle with
exactly the seed's dice, refusals, a race for one revision, the director, a failed turn),
and what differs on RabbitMQ is checked on its own: the three queues are quorum queues, a
worker SIGKILLed holding a choice gives its message back at once (no visibility timeout),
and the gateway's reconciler, which cannot ask RabbitMQ what it holds, may send a late
choice again without it being applied twice.
"""

from __future__ import annotations

import asyncio
import subprocess
from typing import Iterator

import pytest

from tests.gateway.harness import REVISIONS_A_CHOICE_ON_SEED, battle_view, choose_http, create, token_for, wait_applied
from tests.integration.celery_stack import Stack, rabbitmq_vhost, stack_fixture
from tests.integration.test_gateway_celery import (
    _run,
    test_a_gm_controlled_battle_is_played_by_the_director_the_gateway_enqueues,
    test_a_turn_that_fails_on_the_worker_is_answered_as_worker_failed,
    test_duplicates_stale_revisions_and_other_players_characters_are_refused,
    test_two_choices_racing_for_one_revision_apply_one_and_count_the_loser,
    test_two_players_play_a_whole_battle_and_it_rolls_the_seeds_dice,
)
from tests.redis_harness import redis_url

__all__ = [
    "redis_url",
    "test_a_gm_controlled_battle_is_played_by_the_director_the_gateway_enqueues",
    "test_a_turn_that_fails_on_the_worker_is_answered_as_worker_failed",
    "test_duplicates_stale_revisions_and_other_players_characters_are_refused",
    "test_two_choices_racing_for_one_revision_apply_one_and_count_the_loser",
    "test_two_players_play_a_whole_battle_and_it_rolls_the_seeds_dice",
]

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def vhost_url() -> Iterator[str]:
    with rabbitmq_vhost() as url:
        yield url


@pytest.fixture(scope="module")
def stack(redis_url, vhost_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, {"MARINARA_BROKER_URL": vhost_url})


def test_the_queues_are_quorum_queues_and_the_gateway_sends_through_celery(stack, vhost_url):
    from gateway.broker import TaskSender

    assert stack.app.conf.broker_url == vhost_url
    assert not TaskSender(stack.app, asyncio.to_thread).direct, "Celery's own send_task, not a Redis LPUSH"
    vhost = vhost_url.rsplit("/", 1)[1]
    listed = subprocess.run(["rabbitmqctl", "-q", "list_queues", "-p", vhost, "name", "type", "durable"],
                            capture_output=True, text=True, check=True, timeout=60).stdout
    rows = {tuple(line.split()) for line in listed.splitlines() if line.strip() and not line.startswith("name")}
    assert {("turns", "quorum", "true"), ("director", "quorum", "true"), ("llm", "quorum", "true")} <= rows


def test_a_worker_killed_holding_a_choice_gives_it_back_and_it_is_applied_once(stack):
    """The worker stops at the armed point before its save and is SIGKILLed: RabbitMQ hands
    the message to the other worker as the connection drops. The client never sends it
    again; the choice is applied once, at the revision one application gives."""

    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        (stack.crash_dir / "rabbit-1.stop").touch()
        status, answer, _ = await choose_http(client, created, token, "rabbit-1")
        assert (status, answer["status"]) == (202, "queued")
        killed = await asyncio.to_thread(stack.kill_armed, "rabbit-1")
        # The record reads the choice's own revision until the Engine's moves after it are
        # saved too, then the one after them (MARINARA_ENGINE_APART=always in the stack).
        moved = before["revision"] + REVISIONS_A_CHOICE_ON_SEED
        ending = await wait_applied(client, created, "rabbit-1", revision=moved)
        assert ending == {"request_id": "rabbit-1", "status": "applied", "revision": moved, "code": None,
                          "message": None}
        await asyncio.to_thread(stack.start_worker, f"{killed.name}b")
        events = stack.service.store.events_after(created["battle"], 0, limit=10_000)
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert stack.service.store.seen(created["battle"], "rabbit-1").revision == ending["revision"]

    _run(stack, body)
