"""The whole distributed service end to end: the gateway (aiohttp TestServer on the Redis
store, Celery executor) + two real Celery worker processes + Redis. Two player clients
play a whole battle over HTTP and WebSocket and it rolls exactly the seed's dice; a
duplicated choice is applied once; a stale revision is 409; a reconnecting client gets
what it missed and its prompt; a player's token is refused for the other player's
character; a GM-controlled battle is played by the director the gateway enqueues; the
service routes report the workers and the queues. Then every gateway test of
tests/gateway runs once more on this stack."""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Iterator

import pytest

from shared.combat import decide_for
from shared.store import MemoryBattleStore
from tests.gateway import harness, test_play, test_refusals
from tests.gateway.harness import (
    REVISIONS_A_CHOICE_ON_SEED,
    FOES,
    PARTY,
    RULESET,
    SEED,
    battle_view,
    bearer,
    choose_http,
    create,
    play_two_players,
    socket,
    token_for,
    until,
    wait_applied,
)
from tests.integration.celery_stack import Stack, stack_fixture
from tests.metrics_text import sample
from tests.redis_harness import redis_url
from shared.service.battles import BattleService

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory)


def _run(stack: Stack, test: Callable[..., Any]) -> Any:
    return harness.run(test, executor="celery", store=stack.service.store, celery=stack.app)


def _reference(seed: int) -> list[dict]:
    """The same battle played in-process by the Engine's suggestions (what the clients pick)."""
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(RULESET)
    assert service.create(digest, PARTY, FOES, seed=seed, battle_id="ref")["ok"]
    for n in range(500):
        state, revision = service.load("ref")
        if state.outcome:
            break
        assert service.apply("ref", revision, decide_for(service.ruleset(digest), state), f"r-{n}")["ok"]
    return service.store.events_after("ref", 0, limit=10000)


def test_two_players_play_a_whole_battle_and_it_rolls_the_seeds_dice(stack):
    async def play(client):
        created = await create(client)
        assert set(created["tokens"]) == {"p1", "p2"}
        events, answered = await play_two_players(client, created)
        assert events == _reference(SEED)
        r = await client.get("/readyz")
        assert r.status == 200, await r.text()
        text = await (await client.get("/metrics")).text()
        assert 'battle_queue_depth{queue="turns"}' in text and "battle_active " in text
        assert sample(text, "battle_choices_total", code="ok", outcome="accepted") >= 2
        assert sample(text, "battle_choice_round_trip_seconds_count") >= 2
        return answered["p1"] + answered["p2"]

    choices = _run(stack, play)
    ran = stack.tasks_run("battle.advance")
    assert ran >= choices, "the workers, not the gateway, applied the choices"


def test_duplicates_stale_revisions_and_other_players_characters_are_refused(stack):
    async def body(client):
        created = await create(client)
        url = f"/v1/battles/{created['battle']}/choices"
        before = await battle_view(client, created)
        player, token = token_for(created, before)
        other = "p2" if player == "p1" else "p1"
        menu = await (await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(token))).json()
        choice = {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
                  "targets": menu["suggestion"]["targets"], "request_id": "dup", "revision": menu["revision"]}

        r = await client.post(url, json=choice, headers=bearer(created["tokens"][other]))
        assert r.status == 403 and (await r.json())["code"] == "not-yours"

        answers = await asyncio.gather(*[client.post(url, json=choice, headers=bearer(token)) for _ in range(3)])
        assert all(a.status in (200, 202) for a in answers)
        moved = before["revision"] + REVISIONS_A_CHOICE_ON_SEED
        assert (await wait_applied(client, created, "dup", moved))["status"] == "applied"
        r = await client.post(url, json=choice, headers=bearer(token))
        assert r.status == 200 and (await r.json())["revision"] == moved
        after = await battle_view(client, created)
        assert after["revision"] == moved
        events = (await (await client.get(f"/v1/battles/{created['battle']}/events",
                                          headers=bearer(token))).json())["events"]
        assert events == _reference(SEED)[:len(events)], "applied once, with the seed's dice"

        r = await client.post(url, json={**choice, "request_id": "late"}, headers=bearer(token))
        assert r.status == 409 and (await r.json())["code"] == "stale-revision"
        assert (await battle_view(client, created))["revision"] == after["revision"]

    _run(stack, body)


def test_two_choices_racing_for_one_revision_apply_one_and_count_the_loser(stack):
    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        conflicts = sample(await (await client.get("/metrics")).text(),
                           "battle_cas_conflicts_total", code="stale-revision")
        menu = await (await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(token))).json()
        choice = {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
                  "targets": menu["suggestion"]["targets"], "revision": menu["revision"]}
        url = f"/v1/battles/{created['battle']}/choices"
        posts = await asyncio.gather(*[client.post(url, json={**choice, "request_id": f"race-{n}"},
                                                   headers=bearer(token)) for n in range(2)])
        queued = [f"race-{n}" for n, r in enumerate(posts) if r.status == 202]
        assert all(r.status in (202, 409) for r in posts) and queued
        endings = [await wait_applied(client, created, rid) for rid in queued]
        assert sum(e["status"] == "applied" for e in endings) == 1
        late = [e for e in endings if e["status"] == "refused"]
        assert all(e["code"] == "stale-revision" for e in late)
        assert (await battle_view(client, created))["revision"] == before["revision"] + REVISIONS_A_CHOICE_ON_SEED
        text = await (await client.get("/metrics")).text()
        assert sample(text, "battle_cas_conflicts_total", code="stale-revision") == conflicts + len(late)

    _run(stack, body)


def test_a_reconnecting_client_gets_what_it_missed_and_its_prompt(stack):
    async def body(client):
        created = await create(client)
        view = await battle_view(client, created)
        player, token = token_for(created, view)
        async with socket(client, created, token) as ws:
            seen, prompt = await until(ws, "prompt", timeout=20)
        last = seen[-1]["seq"]
        status, _, _ = await choose_http(client, created, token, "away-1")
        assert status == 202
        await wait_applied(client, created, "away-1")
        view = await battle_view(client, created)
        async with socket(client, created, token, after=last) as ws:
            if view["state"]["outcome"]:
                missed, _closed = await until(ws, "closed", timeout=20)
            elif view["state"]["pending"]["player"] == player:
                missed, again = await until(ws, "prompt", timeout=20)
                assert again["revision"] == view["revision"] != prompt["revision"]
            else:
                missed = [(await ws.receive_json(timeout=20))["event"]
                          for _ in range(view["last_seq"] - last)]
        assert [e["seq"] for e in missed] == list(range(last + 1, view["last_seq"] + 1))
    _run(stack, body)


def test_a_gm_controlled_battle_is_played_by_the_director_the_gateway_enqueues(stack):
    async def body(client):
        party = [{**member, "controller": "gm"} for member in PARTY]
        for member in party:
            member.pop("player", None)
        r = await client.post("/v1/battles", json={"package": RULESET, "party": party, "foes": FOES, "seed": SEED})
        assert r.status == 201, await r.text()
        created = await r.json()
        async with socket(client, created, created["gm_token"]) as ws:
            events, closed = await until(ws, "closed", timeout=30)
        assert closed["outcome"] in ("victory", "defeat")
        assert any(e["text"].startswith("No GM model is configured") for e in events)
        text = await (await client.get("/metrics")).text()
        assert sample(text, "battle_director_enqueued_total", when="created") >= 1

    _run(stack, body)


def test_a_choice_whose_answer_never_comes_is_answered_from_the_store(stack, monkeypatch):
    """No worker consumes this gateway's queue, so the choice it queues is never applied and
    no answer is announced for it; another choice saved at its revision makes it impossible,
    and the gateway's look-up of late choices says so."""
    from gateway import celery_executor
    from gateway.broker import make_app

    monkeypatch.setattr(celery_executor, "LATE", 0.3)
    unheard = make_app({**stack.env, "MARINARA_BROKER_PREFIX": stack.env["MARINARA_BROKER_PREFIX"] + "unheard:"})

    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        status, _, _ = await choose_http(client, created, token, "never-run")
        assert status == 202
        menu = await (await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(token))).json()
        won = await asyncio.to_thread(
            stack.service.apply, created["battle"], before["revision"],
            {"actor": menu["actor"], "option": menu["suggestion"]["option"], "targets": menu["suggestion"]["targets"]},
            "won-here")
        assert won["ok"]
        ending = await wait_applied(client, created, "never-run")
        assert ending["status"] == "refused" and ending["code"] == "stale-revision"
        assert (f"revision {before['revision']}; the battle is at {before['revision'] + REVISIONS_A_CHOICE_ON_SEED}"
                in ending["message"])

    try:
        harness.run(body, executor="celery", store=stack.service.store, celery=unheard)
    finally:
        unheard.close()  # its queued message goes with the stack's namespace


def test_a_turn_that_fails_on_the_worker_is_answered_as_worker_failed(stack):
    """The battle names a ruleset no worker can find: `battle.advance` raises, and its
    failure is announced to the gateway, which asked for no Celery result."""
    async def body(client):
        created = await create(client)
        stored = stack.service.store.load(created["battle"])
        head = stack.service.store.head(created["battle"])
        broken = {**stored.state, "ruleset": {**stored.state["ruleset"], "digest": "sha256:" + "0" * 64}}
        stack.service.store.create("b-broken", broken, revision=stored.revision, decision=head.decision)
        from gateway.context import TOKENS
        from gateway.tokens import Principal

        tokens = client.server.app[TOKENS]
        gone = {**created, "battle": "b-broken", "gm_token": tokens.issue(Principal("b-broken", "gm"))}
        decision = head.decision
        token = tokens.issue(Principal("b-broken", "player", decision["player"]))
        r = await client.post("/v1/battles/b-broken/choices", headers=bearer(token), json={
            "actor": decision["actor"], "option_id": decision["suggestion"]["option"],
            "targets": decision["suggestion"]["targets"], "request_id": "doomed", "revision": stored.revision})
        assert r.status == 202, await r.text()
        ending = await wait_applied(client, gone, "doomed")
        assert ending["status"] == "refused" and ending["code"] == "worker-failed"
        assert "LookupError" in ending["message"] and "no ruleset is stored" in ending["message"]

    _run(stack, body)


def test_readyz_wants_a_worker_behind_the_broker(stack):
    from gateway.broker import make_app

    nobody = make_app({**stack.env, "MARINARA_BROKER_PREFIX": stack.env["MARINARA_BROKER_PREFIX"] + "empty:"})

    async def body(client):
        r = await client.get("/readyz")
        assert r.status == 503 and "no Celery worker answered" in (await r.json())["detail"]
        text = await (await client.get("/metrics")).text()
        assert sample(text, "battle_queue_depth", queue="turns") == 0

    try:
        harness.run(body, executor="celery", store=stack.service.store, celery=nobody)
    finally:
        nobody.close()


#: The gateway's own tests, which play through `harness.run`, on this stack.
GATEWAY_TESTS = [f for module in (test_play, test_refusals)
                 for name, f in sorted(vars(module).items()) if name.startswith("test_")]


@pytest.mark.parametrize("test", GATEWAY_TESTS, ids=[f.__name__ for f in GATEWAY_TESTS])
def test_the_gateway_tests_pass_on_the_celery_executor(stack, test):
    with harness.defaults(executor="celery", store=stack.service.store, celery=stack.app):
        test()
