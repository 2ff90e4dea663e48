"""Battles resolved by two real Celery worker processes on a real Redis store: a whole
battle, 50 at once, a duplicated choice, a stale revision, the director and the sweeper on
their queues, and a worker killed in the middle of `battle.advance`; each on both brokers,
the Redis (kombu's Redis transport) and RabbitMQ (quorum queues, a vhost of the module's
own)."""

from __future__ import annotations

import json
import time
from typing import Iterator

import pytest

from shared.combat import decide_for
from shared.store import MemoryBattleStore
from tests.conftest import EXAMPLES, revision_after
from tests.integration.celery_stack import VISIBILITY, Stack, broker_env, stack_fixture
from tests.redis_harness import redis_url
from shared.service.battles import BattleService

__all__ = ["broker_env", "redis_url"]

pytestmark = pytest.mark.integration

WAIT = 20


@pytest.fixture(scope="module")
def stack(redis_url, broker_env, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, broker_env)


def _reference(seed: int) -> list[dict]:
    """The battle played by the Engine's tactics in-process, never crashing."""
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = json.loads((EXAMPLES / "party.json").read_text())
    foes = json.loads((EXAMPLES / "foes.json").read_text())
    assert service.create(digest, party, foes, seed=seed, battle_id="ref")["ok"]
    for n in range(500):
        state, revision = service.load("ref")
        if state.outcome:
            break
        choice = decide_for(service.ruleset(state.ruleset.digest), state)
        assert service.apply("ref", revision, choice, f"r-{n}")["ok"]
    return service.store.events_after("ref", 0, limit=10000)


def _next(stack: Stack, battle: str) -> tuple[dict | None, int]:
    state, revision = stack.service.load(battle)
    return decide_for(stack.service.ruleset(state.ruleset.digest), state), revision


def _play(stack: Stack, battle: str, *, crash_at: int | None = None) -> None:
    for n in range(500):
        choice, revision = _next(stack, battle)
        if choice is None:
            return
        request = f"{battle}-{n}"
        if n == crash_at:
            _crash_once(stack, battle, revision, choice, request)
            continue
        after = revision_after(stack.service, battle, choice)
        answer = stack.advance(battle, revision, choice, request).get(timeout=WAIT)
        assert answer["ok"] and answer["revision"] == after, answer
    raise AssertionError("the battle did not end")


def _crash_once(stack: Stack, battle: str, revision: int, choice: dict, request: str) -> None:
    (stack.crash_dir / f"{request}.stop").touch()
    after = revision_after(stack.service, battle, choice)
    pending = stack.advance(battle, revision, choice, request)
    killed = stack.kill_armed(request, WAIT)
    # The killed worker saved nothing: the battle is where it was, or the survivor has
    # already taken the message on (RabbitMQ hands a dead consumer's message to the survivor
    # the moment its connection drops; kombu's Redis transport only after the visibility
    # timeout), and may be between saving the choice and saving the Engine's moves after it.
    assert revision <= stack.service.load(battle)[1] <= after
    # The message comes back to the surviving worker, applied once, with the same dice.
    answer = pending.get(timeout=VISIBILITY + WAIT)
    assert answer["ok"] and answer["revision"] == after, answer
    stack.start_worker(f"{killed.name}b")


def test_a_whole_battle_through_celery_rolls_the_seeds_dice(stack):
    stack.create("b-whole", seed=100)
    _play(stack, "b-whole")
    events = stack.service.store.events_after("b-whole", 0, limit=10000)
    assert events == _reference(100) and events[-1]["kind"] == "outcome"
    # Started with `-l info`, the workers still leave out Celery's line per task
    # (MARINARA_TASK_LOG is unset): each would cost a choice a repr of its arguments.
    logs = "".join(w.text() for w in stack.workers)
    assert " ready." in logs and "Task battle.advance[" not in logs


def test_fifty_battles_at_once_on_two_workers(stack):
    battles = {f"b-many-{i}": stack.create(f"b-many-{i}", seed=100 + i) for i in range(50)}
    steps = {b: 0 for b in battles}
    live = set(battles)
    while live:
        sent = {}
        for battle in sorted(live):
            choice, revision = _next(stack, battle)
            if choice is None:
                live.discard(battle)
                continue
            after = revision_after(stack.service, battle, choice)
            sent[battle] = (after, stack.advance(battle, revision, choice, f"{battle}-{steps[battle]}"))
            steps[battle] += 1
        for battle, (after, pending) in sent.items():
            answer = pending.get(timeout=WAIT)
            assert answer["ok"] and answer["revision"] == after, answer
    for i, battle in enumerate(sorted(battles, key=lambda b: int(b.rsplit("-", 1)[1]))):
        assert stack.service.store.events_after(battle, 0, limit=10000) == _reference(100 + i)
    # Each worker's own count of the tasks it ran (Celery's remote control, not the logs).
    done = stack.tasks_run_by_worker("battle.advance")
    assert len(done) == 2 and all(n > 0 for n in done.values()), f"a worker took no turns: {done}"


def test_a_duplicated_choice_is_applied_once(stack):
    revision = stack.create("b-dup", seed=5)
    choice, _ = _next(stack, "b-dup")
    after = revision_after(stack.service, "b-dup", choice)
    first = stack.advance("b-dup", revision, choice, "dup-1")
    second = stack.advance("b-dup", revision, choice, "dup-1")
    a, b = first.get(timeout=WAIT), second.get(timeout=WAIT)
    assert a == b and a["ok"] and a["revision"] == after
    assert stack.service.load("b-dup")[1] == after
    seqs = [e["seq"] for e in stack.service.store.events_after("b-dup", 0, limit=10000)]
    assert seqs == list(range(1, len(seqs) + 1))


def test_a_stale_revision_is_refused(stack):
    revision = stack.create("b-stale", seed=6)
    choice, _ = _next(stack, "b-stale")
    after = revision_after(stack.service, "b-stale", choice)
    assert stack.advance("b-stale", revision, choice, "s-1").get(timeout=WAIT)["ok"]
    stale = stack.advance("b-stale", revision, choice, "s-2").get(timeout=WAIT)
    assert stale["ok"] is False and stale["code"] == "stale-revision"
    assert stack.service.load("b-stale")[1] == after


def test_the_director_plays_gm_controlled_turns_on_its_queue(stack):
    revision = stack.create("b-gm", seed=8, controller="gm")
    first = stack.app.send_task("battle.director", args=["b-gm", f"b-gm:{revision}"]).get(timeout=WAIT)
    assert first["ok"] and first["revision"] > revision and "events" not in first
    decided = stack.service.store.events_after("b-gm", 0, limit=10000)
    assert any(e["kind"] == "engine-decides" for e in decided)
    deadline = time.monotonic() + 30
    while not stack.service.load("b-gm")[0].outcome:
        assert time.monotonic() < deadline, "the director chain did not finish the battle"
        time.sleep(0.1)
    texts = [e["text"] for e in stack.service.store.events_after("b-gm", 0, limit=10000)]
    assert sum(t.startswith("No GM model is configured") for t in texts) >= 2


def test_the_sweeper_survives_a_refused_pass(stack):
    revision = stack.create("b-sweep", seed=9)
    state, _ = stack.service.load("b-sweep")
    stack.service.store.set_hold("b-sweep", {"actor": state.pending.actor, "deadline": time.time() - 1})
    swept = stack.app.send_task("battle.sweep_windows").get(timeout=WAIT)
    assert swept["results"]["b-sweep"]["code"] == "unknown-option"
    assert stack.service.load("b-sweep")[1] == revision


def test_a_worker_killed_mid_advance_loses_nothing_and_rolls_the_same_dice(stack):
    stack.create("b-crash", seed=100)  # six choices: the third is interrupted
    _play(stack, "b-crash", crash_at=2)
    assert (stack.crash_dir / "b-crash-2.pid").exists(), "the crash never happened"
    assert len(stack.workers) == 2 and all(w.process.poll() is None for w in stack.workers)
    assert stack.service.store.events_after("b-crash", 0, limit=10000) == _reference(100)
