"""The gauges and counters the gateway adds to the choice metrics: battles active and open
windows (from the store's feed), compare-and-set conflicts (from the result codes)."""

from __future__ import annotations

import re

from gateway import metrics
from gateway.tracker import BattleTracker
from shared.store import FeedMessage
from tests.gateway.harness import battle_view, choose_http, create, run, token_for, wait_applied


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _message(battle: str, *, status: str = "active", events=(), hold_changed=False, hold=None) -> FeedMessage:
    return FeedMessage(battle_id=battle, revision=2, status=status, events=list(events),
                       hold_changed=hold_changed, hold=hold)


def test_the_tracker_counts_battles_until_they_end_and_windows_while_held():
    clock = Clock()
    tracker = BattleTracker(idle=60, clock=clock)
    tracker.created("b-1")
    tracker.observe(_message("b-2"))
    tracker.observe(_message("b-2", hold_changed=True, hold={"actor": "wren"}))
    assert (tracker.active(), tracker.open_windows()) == (2, 1)
    tracker.observe(_message("b-2", hold_changed=True, hold=None))
    assert tracker.open_windows() == 0
    tracker.observe(_message("b-2", events=[{"seq": 9, "kind": "outcome", "text": "Victory."}]))
    tracker.observe(_message("b-3", status="abandoned"))
    assert tracker.active() == 1
    tracker.observe(FeedMessage.lost("b-1"))
    clock.now += 61
    assert tracker.active() == 0, "a battle without a write for the idle time has expired"


def test_lost_compare_and_sets_are_counted_by_code():
    def value(code: str) -> float:
        return metrics.CAS_CONFLICTS.labels(code=code)._value.get()

    stale, conflict = value("stale-revision"), value("conflict")
    metrics.finished({"ok": False, "code": "stale-revision", "message": "m"}, 0.01)
    metrics.finished({"ok": False, "code": "conflict", "message": "m"}, 0.01)
    metrics.finished({"ok": False, "code": "unknown-option", "message": "m"}, 0.01)
    metrics.finished({"ok": True, "revision": 3}, 0.01)
    assert (value("stale-revision"), value("conflict")) == (stale + 1, conflict + 1)


def test_the_embedded_gateway_reports_its_active_battles():
    async def body(client):
        created = await create(client)
        _, token = token_for(created, await battle_view(client, created))
        status, _, _ = await choose_http(client, created, token, "g-1")
        assert status == 202
        await wait_applied(client, created, "g-1")
        text = await (await client.get("/metrics")).text()
        assert re.search(r"^battle_active 1\.0$", text, re.MULTILINE), text
        assert re.search(r"^battle_open_windows 0\.0$", text, re.MULTILINE)

    run(body)
