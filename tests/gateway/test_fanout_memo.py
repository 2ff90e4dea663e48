"""One feed message reaches every socket of its battle on a gateway; what they send of it
(the events' frames, a caller's prompt or notice) is drawn once, by the first of them."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

from hypothesis import given
from prometheus_client import REGISTRY
from hypothesis import strategies as st

from shared.protocol import EventMessage
from shared.store import FeedMessage
from shared.store.feed import FanOut, Subscription

from gateway.context import FEED, SERVICE
from gateway.ws import event_texts, open_decision
from tests.gateway.harness import battle_view, choose_http, create, play_two_players, run, socket, token_for, until


def test_every_subscription_gets_the_same_message_and_its_event_texts_are_drawn_once() -> None:
    fanout = FanOut()
    subs = [Subscription(fanout, "b1") for _ in range(3)]
    for sub in subs:
        fanout.add(sub)
    events = [{"seq": 4, "kind": "attack", "text": "Brom hits the Ghoul for 9."},
              {"seq": 5, "kind": "turn", "text": "Ghoul's turn."}]
    fanout.dispatch("b1", json.dumps({"battle_id": "b1", "revision": 7, "status": "active", "events": events,
                                      "hold_changed": False, "hold": None}))
    got = [sub.get_nowait() for sub in subs]
    assert got[0] is not None and got[0] is got[1] is got[2]
    texts = event_texts(got[0])
    assert texts == [EventMessage(event=e).model_dump_json() for e in events]
    assert event_texts(got[0]) is texts  # drawn once: the second socket takes the first one's
    assert FeedMessage.lost("b1") == FeedMessage.lost("b1")  # the memo takes no part in equality


# -- the inline pass: a subscription's taker -------------------------------------------------
def _message(battle: str, seq: int) -> str:
    return json.dumps({"battle_id": battle, "revision": seq, "status": "active",
                       "events": [{"seq": seq, "kind": "turn", "text": f"turn {seq}"}],
                       "hold_changed": False, "hold": None})


def test_a_taker_gets_a_message_only_while_the_queue_is_empty_and_what_it_takes_is_not_queued() -> None:
    fanout = FanOut()
    sub = Subscription(fanout, "b1")
    fanout.add(sub)
    taken: list[int] = []
    accept = {"now": True}

    def taker(message: FeedMessage) -> bool:
        if accept["now"]:
            taken.append(message.revision or 0)
        return accept["now"]

    sub.taker = taker
    fanout.dispatch("b1", _message("b1", 1))
    assert taken == [1] and sub.get_nowait() is None  # taken inline, nothing queued
    accept["now"] = False
    fanout.dispatch("b1", _message("b1", 2))  # refused: queued
    accept["now"] = True
    fanout.dispatch("b1", _message("b1", 3))  # the queue holds 2: 3 must wait behind it
    assert taken == [1]
    assert [m.revision for m in (sub.get_nowait(), sub.get_nowait())] == [2, 3]
    fanout.dispatch("b1", _message("b1", 4))  # the queue is empty again
    assert taken == [1, 4]
    message = FeedMessage.from_text(_message("b1", 5), read_at=12.5)
    assert message.read_at == 12.5 and message == FeedMessage.from_text(_message("b1", 5))


@given(st.lists(st.booleans(), min_size=1), st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=40))
def test_whatever_the_taker_takes_and_whenever_the_reader_reads_every_message_is_handled_once_in_order(
        answers: list[bool], steps: list[int]) -> None:
    """Each step publishes one message (the taker, when asked, takes it or not: `answers`
    in turn), then the queue's reader reads up to that many messages: what the taker took
    and what the reader read, in the order they were handled, is the publish order."""
    fanout = FanOut()
    sub = Subscription(fanout, "b1")
    fanout.add(sub)
    handled: list[int] = []
    takes = itertools.cycle(answers)

    def taker(message: FeedMessage) -> bool:
        if next(takes):
            handled.append(message.revision or 0)
            return True
        return False

    sub.taker = taker
    for n, reads in enumerate(steps, start=1):
        fanout.dispatch("b1", _message("b1", n))
        for _ in range(reads):
            if (got := sub.get_nowait()) is not None:
                handled.append(got.revision or 0)
    while (got := sub.get_nowait()) is not None:
        handled.append(got.revision or 0)
    assert handled == list(range(1, len(steps) + 1))


def _sample(name: str) -> float:
    return REGISTRY.get_sample_value(name) or 0.0


def test_idle_spectators_take_a_choices_messages_inline_and_are_sent_the_same_frames_as_the_store_holds() -> None:
    """Three spectators watch the first choice under the harness's seed. Their pumps are idle,
    so the fan-out writes every message of the choice to each socket in its own pass: the
    inline deliveries rise by three per message, and each spectator reads the same events,
    the stored ones after what it was sent on connecting, then the same waiting notice."""

    async def body(client: Any) -> None:
        created = await create(client)
        view = await battle_view(client, created)
        _, token = token_for(created, view)
        async with socket(client, created, created["spectator_token"]) as a, \
                socket(client, created, created["spectator_token"]) as b, \
                socket(client, created, created["spectator_token"]) as c:
            first = [await until(ws, "waiting") for ws in (a, b, c)]
            assert first[0] == first[1] == first[2]
            seq0 = first[0][0][-1]["seq"]
            await asyncio.sleep(0.1)  # every pump parked on its empty queue
            inline0, passes0 = _sample("battle_ws_inline_deliveries_total"), _sample("battle_ws_fanout_seconds_count")
            status, _, _ = await choose_http(client, created, token, "r-1")
            assert status == 202
            got = [await until(ws, "waiting") for ws in (a, b, c)]
        assert got[0] == got[1] == got[2]
        events, notice = got[0]
        stored = client.app[SERVICE].store.events_after(created["battle"], seq0)
        assert events == stored and events[0]["seq"] == seq0 + 1
        assert notice["revision"] > first[0][1]["revision"]
        inline, passes = _sample("battle_ws_inline_deliveries_total") - inline0, \
            _sample("battle_ws_fanout_seconds_count") - passes0
        assert passes >= 1 and inline == 3 * passes, (inline, passes)

    run(body)


def test_the_end_of_a_battle_reaches_idle_spectators_in_the_pass_and_each_is_then_sent_the_end() -> None:
    """Three spectators watch the harness's battle played to its end. The save that ends it
    cannot be finished inline (the end closes the socket, which the pump does), yet its
    events go out in the fan-out's own pass to every idle spectator (the message's inline
    writes count each of them); then each is sent the end, after the same events the store
    holds, and closed."""
    ends: list[tuple[str, int]] = []

    def record(message: FeedMessage) -> None:
        if message.events and message.decision is not None and open_decision(message).outcome:
            ends.append((open_decision(message).outcome or "", message.memo.get("written", 0)))

    async def body(client: Any) -> None:
        client.app[FEED].tap(record)
        created = await create(client)

        async def spectate() -> tuple[list[dict[str, Any]], dict[str, Any]]:
            async with socket(client, created, created["spectator_token"]) as ws:
                return await until(ws, "closed", timeout=30)

        watching = [asyncio.create_task(spectate()) for _ in range(3)]
        await asyncio.sleep(0.2)  # every spectator connected and parked on its empty queue
        gm_events, _ = await play_two_players(client, created)
        seen = await asyncio.gather(*watching)
        for events, closed in seen:
            assert events == gm_events == client.app[SERVICE].store.events_after(created["battle"], 0)
            assert closed["type"] == "closed" and closed["outcome"] in ("victory", "defeat")
        # One save ended it; its events were written in the pass to the three spectators
        # (and to the GM's socket, and a player's, when their readers were idle too).
        assert len(ends) == 1, ends
        outcome, written = ends[0]
        assert outcome == seen[0][1]["outcome"] and 3 <= written <= 6, ends

    run(body)
