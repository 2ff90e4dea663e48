"""A window's deadline on the service (in-memory store): the battle option
`window_seconds` gives the open window its deadline in the state and the hold mirror; the
sweeper passes for the one asked once it has passed, and the log says so; a choice from
anyone else while the window is open is refused with the reason."""

from __future__ import annotations

import time

from shared.store import MemoryBattleStore
from tests.combat import windows_kit as K
from shared.service import jobs
from shared.service.battles import BattleService


def _to_window(service: BattleService, battle: str) -> int:
    """Ends turns until the between-turns window asks the wyrm; answers the revision."""
    for _ in range(4):
        state, revision = service.load(battle)
        if state.pending.decision == "window":
            return revision
        answer = service.apply(battle, revision, {"actor": state.pending.actor, "option": "end-turn"},
                               f"end-{revision}")
        assert answer["ok"], answer
    raise AssertionError("no window opened")


def test_a_window_past_its_deadline_is_passed_by_the_sweeper():
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(K.package())
    created = service.create(digest, [K.juno()], [K.foe("marsh-wyrm")], seed=5, battle_id="b-window",
                             window_seconds=30)
    assert created["ok"], created
    before = time.time()
    revision = _to_window(service, "b-window")
    state, _ = service.load("b-window")
    hold = service.store.get_hold("b-window")
    assert hold == state.pending.window.model_dump(mode="json")
    assert hold["moment"] == "between-turns" and hold["asking"] == ["marsh-wyrm"]
    assert before + 30 <= hold["deadline"] <= time.time() + 30

    refused = service.apply("b-window", revision, {"actor": "juno", "option": "end-turn"}, "juno-too-soon")
    assert refused == {"ok": False, "code": "not-your-turn",
                       "message": "a window is open and waits on Marsh wyrm: only Marsh wyrm's answer or a Pass "
                                  "is taken now, not Juno's"}

    assert jobs.sweep_windows(service, hold["deadline"] - 1)["swept"] == 0
    swept = jobs.sweep_windows(service, hold["deadline"] + 1)
    result = swept["results"]["b-window"]
    assert result["ok"], result
    texts = [e["text"] for e in result["events"]]
    assert texts[:2] == ["The window's deadline passed, so Marsh wyrm passes.", "Marsh wyrm passes."]
    assert service.store.get_hold("b-window") is None or service.store.get_hold("b-window")["id"] != hold["id"]
