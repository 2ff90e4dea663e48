"""The GM model through real Celery workers: `battle.invent_opponents` on the `llm` queue
and `battle.director` on `director`, the workers reading the model's address from the
environment and calling a local chat-completions server. The first decision is delivered
three times and decided once; every revision after it is one GM decision, each said once."""

from __future__ import annotations

import json
import time
from typing import Iterator

import pytest

from tests.combat.budget_kit import budget_marsh, party
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import redis_url
from tests.worker.chat_server import ChatServer, chat, say
from shared.service.jobs import decision_id

__all__ = ["chat", "redis_url"]

pytestmark = pytest.mark.integration

WAIT = 30
KNIGHT = {"name": "Drowned knight", "statBlock": {
    "tier": "dread", "health": 60, "defense": 11, "initiativeModifier": 0,
    "actions": [{"id": "blade", "name": "Blade", "budget": "act", "toHit": 5, "damage": {"dice": "4d8"}}],
}}


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory, chat: ChatServer) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, {
        "MARINARA_GM_BASE_URL": chat.base_url, "MARINARA_GM_MODEL": "scripted-gm",
        "MARINARA_GM_TIMEOUT": "30", "MARINARA_GM_RETRIES": "0"})


def test_opponents_invented_on_the_llm_queue(stack, chat):
    chat.play(say(json.dumps({"opponents": [KNIGHT]})))
    digest = stack.service.put_ruleset(budget_marsh())
    request = {"ruleset": digest, "party": party(3, 3, 3), "difficulty": "normal",
               "foes": [{"invent": 1, "tier": "dread", "brief": "a drowned knight"}]}
    answer = stack.app.send_task("battle.invent_opponents", args=[request]).get(timeout=WAIT)
    assert answer["ok"], answer
    assert answer["foes"][0]["name"] == "Drowned knight" and answer["adjustments"] == []
    created = stack.service.create(digest, party(3, 3, 3), answer["foes"], seed=4, adjustments=answer["adjustments"])
    texts = [e["text"] for e in created["events"]]
    assert texts[:3] == ["Drowned knight's health 60 is held to 32 (Dread: 18 to 32).",
                         "Drowned knight's Blade is scaled down to fit Dread's damage per round (8 to 14).",
                         "The fight begins: Juno, Wren, Juno 3 against Drowned knight."]


def test_the_director_asks_the_model_and_a_thrice_delivered_decision_spends_once(stack, chat):
    chat.play(say("end-turn"))
    revision = stack.create("b-gm-model", seed=21, controller="gm")
    decision = decision_id("b-gm-model", revision)
    sent = [stack.app.send_task("battle.director", args=["b-gm-model", decision]) for _ in range(3)]
    answers = [s.get(timeout=WAIT) for s in sent]
    assert all(a == answers[0] for a in answers) and answers[0]["ok"], answers
    deadline = time.monotonic() + 60
    while not stack.service.load("b-gm-model")[0].outcome:
        assert time.monotonic() < deadline, "the director chain did not finish the battle"
        time.sleep(0.1)
    final = stack.service.load("b-gm-model")[1]
    events = stack.service.store.events_after("b-gm-model", 0, limit=10000)
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    decided = [e for e in events if e["kind"] == "gm-decides"]
    assert decided and all(e["text"].endswith(": End turn.") for e in decided)
    # Every revision after creation is one GM decision, applied once, or the Engine's moves
    # after one (saved as a revision of their own).
    assert len(decided) <= final - revision <= 2 * len(decided)


def test_an_opponent_written_as_a_sheet_through_the_llm_queue(stack, chat):
    from tests.worker.test_invent_sheets import WITCH, sheet_marsh

    chat.play(say(json.dumps({"opponents": [WITCH]})))
    digest = stack.service.put_ruleset(sheet_marsh())
    request = {"ruleset": digest, "party": party(3, 3, 3), "difficulty": "normal",
               "foes": [{"invent": 1, "tier": "pack"}]}
    answer = stack.app.send_task("battle.invent_opponents", args=[request]).get(timeout=WAIT)
    assert answer["ok"], answer
    assert answer["foes"][0]["statBlock"]["sheet"]["fields"] == {"path": "lamplighter", "stamina": 6, "rank": 5}
    assert answer["adjustments"][-1] == ("Lamp witch's \"health\", \"defense\" are written beside its sheet, so the "
                                         "sheet's own numbers are used instead.")
    created = stack.service.create(digest, party(3, 3, 3), answer["foes"], seed=7, adjustments=answer["adjustments"])
    texts = [e["text"] for e in created["events"]]
    assert ("Lamp witch's Charms is topped up from the fight's seed: Lantern Flare (paid from Lamp oil); "
            "Will Snuff (at will).") in texts
    assert "Lamp witch's Hooked pole is scaled down to fit Pack's damage per round (4 to 8)." in texts
