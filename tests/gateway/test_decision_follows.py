"""A choice's events go out with its save and the next decision follows it (`put_decision`);
a choice the Engine's moves follow is saved before they are made, and they are saved as the
next revision. What a socket does when the rest never comes because the worker died in
between. On the embedded gateway only: the patched worker must run in this process."""

from __future__ import annotations

import time

import pytest

from gateway import ws as ws_module
from gateway.context import SERVICE
from shared.store import MemoryBattleStore
from tests.gateway.harness import battle_view, choose_http, create, run, socket, token_for, until
from shared.service.battles import BattleService


async def _one_choice_watched(client) -> tuple[dict, dict, list[dict], dict, float]:
    """A player's first choice while the GM's socket watches: (the battle as created, its
    view before the choice, the events the socket got, the next message that is not an
    event, and the seconds from the choice to that message)."""
    created = await create(client)
    view = await battle_view(client, created)
    _, token = token_for(created, view)
    async with socket(client, created, created["gm_token"]) as ws:
        await until(ws, "waiting")
        status, _, _ = await choose_http(client, created, token, "r-1")
        assert status == 202
        sent = time.monotonic()
        events, after = [], None
        while after is None:
            msg = await ws.receive_json(timeout=10)
            if msg["type"] == "event":
                events.append(msg["event"])
            else:
                after = msg
    return created, view, events, after, time.monotonic() - sent


def test_a_decision_that_never_follows_its_save_is_drawn_by_the_socket(monkeypatch):
    monkeypatch.setattr(ws_module, "DECISION_WAIT", 0.3)
    monkeypatch.setattr(MemoryBattleStore, "put_decision", lambda self, *args: False)

    async def body(client):
        created, view, events, after, waited = await _one_choice_watched(client)
        head = client.app[SERVICE].store.head(created["battle"])
        assert head.revision > view["revision"] and head.decision is None, "no decision was put"
        assert events and events[-1]["seq"] == head.last_seq
        assert after["type"] in ("waiting", "prompt") and after["revision"] == head.revision
        assert waited >= 0.3, "the socket waited for the decision before drawing it"
        again = await battle_view(client, created)
        assert after["actor"] == again["state"]["pending"]["actor"]

    run(body)


@pytest.mark.parametrize("deaths", [1, 2], ids=["worker-dies", "and-the-first-resume-too"])
def test_the_engines_moves_a_dead_worker_left_after_a_pause_are_made_when_a_socket_asks(monkeypatch, deaths):
    """The first `_resumed` (the worker's own, right after the pause) dies, and with
    `deaths=2` the one the gateway asks for too; the socket that waited for the decision
    reads a battle waiting on the Engine, has its moves made, and asks again until they are."""
    monkeypatch.setattr(ws_module, "DECISION_WAIT", 0.3)
    real = BattleService._resumed
    died: list[int] = []

    def dies(self, battle_id, revision, *args, **kwargs):
        if len(died) < deaths:
            died.append(revision)
            return {"ok": False, "code": "worker-died", "message": "killed between the two saves"}
        return real(self, battle_id, revision, *args, **kwargs)

    monkeypatch.setattr(BattleService, "_resumed", dies)

    async def body(client):
        created, view, events, after, waited = await _one_choice_watched(client)
        store = client.app[SERVICE].store
        assert died == [view["revision"] + 1] * deaths, "the choice paused before the foes' turns"
        head = store.head(created["battle"])
        assert head.revision == view["revision"] + 2 and head.decision is not None
        assert after["revision"] == head.revision and waited >= 0.3 * deaths
        assert [e["seq"] for e in events] == list(range(events[0]["seq"], head.last_seq + 1))
        foes = tuple(f"{c['name']}'s turn" for c in view["state"]["combatants"] if c["side"] != "party")
        assert any(e["kind"] == "turn" and e["text"].startswith(foes) for e in events), "the foes moved"
        # The record of the choice keeps its answer at the pause.
        assert store.seen(created["battle"], "r-1").revision == view["revision"] + 1

    run(body)
