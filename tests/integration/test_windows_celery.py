"""Windows through the whole distributed service: the gateway (Redis store, Celery
executor) in front of two real Celery worker processes (tests/integration/celery_stack.py),
on tests/gateway/window_battle.py's battle.

The gateway's window tests run here as they are (answered over the socket by the asked
player, refused for everyone else, asked again on reconnect, the Engine answering inside
the worker, two tabs racing); the deadline is passed by the sweeper that `celery beat`
schedules; a GM-controlled combatant's window is answered by `battle.director`; and a
worker SIGKILLed while the window is being opened, and again while it is being answered,
loses nothing: the other worker takes the message, the same person is asked the same
window, and every answer is applied once.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Iterator

import pytest

from tests.gateway import harness, test_window_spends, test_windows
from tests.gateway import window_battle as W
from tests.gateway.harness import battle_view, socket, until, wait_applied
from tests.integration.celery_stack import VISIBILITY, Stack, stack_fixture
from tests.redis_harness import redis_url

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

#: Seconds a killed worker's message takes to come back, with room for a slow machine.
REDELIVERY = VISIBILITY + 20


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory)


def _run(stack: Stack, test: Callable[..., Any]) -> Any:
    return harness.run(test, executor="celery", store=stack.service.store, celery=stack.app)


#: The gateway's window tests that hold on Celery as written (the GM's own answer and the
#: embedded sweeper have their Celery counterparts below).
SAME_ON_CELERY = [
    test_windows.test_the_asked_player_answers_the_window_over_the_socket_and_the_others_see_whom_it_waits_on,
    test_windows.test_while_the_window_is_open_no_one_else_may_answer_and_nothing_changes,
    test_windows.test_a_reconnecting_client_is_asked_the_open_window_again,
    test_windows.test_an_engine_controlled_combatant_answers_inside_the_step,
    test_windows.test_two_sockets_of_the_asked_player_answer_at_once_and_one_answer_counts,
    test_window_spends.test_a_player_chooses_their_spends_inside_a_window_answer_over_the_socket,
]


@pytest.mark.parametrize("test", SAME_ON_CELERY, ids=[f.__name__ for f in SAME_ON_CELERY])
def test_the_gateway_window_tests_pass_on_celery_workers(stack, test):
    before = _advanced(stack)
    with harness.defaults(executor="celery", store=stack.service.store, celery=stack.app):
        test()
    assert _advanced(stack) > before, "the workers, not the gateway, applied the choices"


def _advanced(stack: Stack) -> int:
    return stack.tasks_run("battle.advance")


def test_celery_beats_sweeper_passes_a_window_past_its_deadline(stack):
    beat = stack.start_beat()
    try:
        with harness.defaults(executor="celery", store=stack.service.store, celery=stack.app):
            test_windows.test_a_window_past_its_deadline_is_passed_by_the_sweeper()
    finally:
        beat.stop()
    assert "Sending due task sweep-windows (battle.sweep_windows)" in beat.text()
    assert stack.tasks_run("battle.sweep_windows") > 0


def test_the_director_answers_a_gm_controlled_combatants_window(stack):
    async def body(client):
        created = await W.create(client, wren_controller="gm")
        async with socket(client, created, created["tokens"]["juno"]) as juno:
            events, turn = await until(juno, "prompt", timeout=30)
        # The director decides Wren's turn (the battle was created on her decision), then
        # the window the Ogre's hit opens: Pass is on its menu and the tactics take it.
        assert W.texts(events) == [
            *W.START,
            "No GM model is configured, so the Engine's tactics decide for Wren: Lamp hook against Ogre.",
            *W.ENGINE_TURN,
            "No GM model is configured, so the Engine's tactics decide for Wren: Pass.",
            *W.ENGINE_PASSES,
        ]
        # Each GM decision, then the Engine's moves after it, as revisions of their own.
        assert (turn["actor"], turn["decision"], turn["revision"]) == ("juno", "turn", 5)

    _run(stack, body)
    directed = stack.tasks_run("battle.director")
    assert directed >= 2


def test_the_window_survives_a_worker_killed_while_opening_and_while_answering_it(stack):
    async def body(client):
        created = await W.create(client)
        battle, store = created["battle"], stack.service.store
        token = created["tokens"]["wren"]

        # 1. The worker applying the End turn that opens the window dies before saving.
        (stack.crash_dir / "wren-end.stop").touch()
        async with socket(client, created, token) as wren:
            opening = asyncio.create_task(W.end_wrens_turn(wren))
            first = await asyncio.to_thread(stack.kill_armed, "wren-end")
            assert stack.service.load(battle)[1] == 1 and store.get_hold(battle) is None, "nothing was saved"
            events, prompt = await asyncio.wait_for(opening, REDELIVERY)
        assert W.texts(events) == W.START + W.OPENS
        hold = store.get_hold(battle)
        assert {k: v for k, v in hold.items() if k != "resume"} == W.WINDOW
        assert hold == stack.service.load(battle)[0].pending.window.model_dump(mode="json")
        # The player asked sees the window without its `resume` (the held step is the worker's).
        assert prompt["window"] == W.WINDOW
        await asyncio.to_thread(stack.start_worker, f"{first.name}b")

        # 2. The worker applying Wren's Shield dies before saving, the window open.
        (stack.crash_dir / "wren-shield.stop").touch()
        async with socket(client, created, token) as wren:
            _, asked = await until(wren, "prompt", timeout=20)
            assert asked == prompt
            await wren.send_json(W.answer("ability:charms:shield", "wren-shield"))
            assert await wren.receive_json(timeout=20) == {"type": "accepted", "request_id": "wren-shield"}
            second = await asyncio.to_thread(stack.kill_armed, "wren-shield")
        assert stack.service.load(battle)[1] == 3 and store.get_hold(battle) == hold, "the hold stands"
        # A client reconnecting meanwhile is asked the same window, by the same person.
        async with socket(client, created, token, after=8) as wren:
            missed, again = await until(wren, "prompt", timeout=20)
            assert missed == [] and again == prompt
            answered, told = await until(wren, "waiting", timeout=REDELIVERY)
        assert W.texts(answered) == W.AFTER_SHIELD
        assert (told["actor"], told["revision"]) == ("juno", 5)
        ended = await wait_applied(client, created, "wren-shield", 5)
        assert (ended["status"], ended["revision"]) == ("applied", 5)
        await asyncio.to_thread(stack.start_worker, f"{second.name}b")

        everything = await W.events_of(client, created)
        assert W.texts(everything) == W.START + W.OPENS + W.AFTER_SHIELD
        assert [e["seq"] for e in everything] == list(range(1, 18))
        view = await battle_view(client, created)
        wren_now = next(c for c in view["state"]["combatants"] if c["id"] == "wren")
        assert view["revision"] == 5 and store.get_hold(battle) is None
        assert wren_now["sheet"]["live"]["pools"]["slot_1"] == 1, "the Shield was paid for once"

    _run(stack, body)
    assert len(stack.workers) == 2 and all(w.process.poll() is None for w in stack.workers)
