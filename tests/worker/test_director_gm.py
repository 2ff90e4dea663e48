"""The director with a GM model behind a local chat-completions server: a valid id, an
invalid id, prose around an id, a slow reply past the timeout, a 500, malformed JSON; the
same reply delivered three times and one after the battle moved on; what the prompt holds
(the menu's own numbers) and what it never holds (dice, the log)."""

from __future__ import annotations

import json
import threading
import time

from prometheus_client import REGISTRY

from shared.combat import menu
from shared.store import MemoryBattleStore
from tests.conftest import EXAMPLES
from tests.worker.chat_server import ChatServer, raw, say, slow, status
from shared.service import jobs
from shared.service.chat import ChatClient
from shared.service.gm import GmModel
from shared.service.battles import BattleService


def _battle(seed: int = 11) -> tuple[BattleService, str, int]:
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = json.loads((EXAMPLES / "party.json").read_text())
    for member in party:
        member["controller"] = "gm"
    foes = json.loads((EXAMPLES / "foes.json").read_text())
    created = service.create(digest, party, foes, seed=seed, battle_id="b-gm")
    assert created["ok"], created
    return service, created["battle"], created["revision"]


def _gm(chat: ChatServer, **overrides) -> ChatClient:
    return ChatClient(GmModel(**({"base_url": chat.base_url, "model": "scripted-gm", "timeout": 2.0, "retries": 0,
                                  "backoff": 0.01} | overrides)))


def _calls(outcome: str) -> float:
    return REGISTRY.get_sample_value("marinara_gm_calls_total", {"call": "director", "outcome": outcome}) or 0.0


def _pending_menu(service: BattleService, battle: str):
    state, revision = service.load(battle)
    ruleset = service.ruleset(state.ruleset.digest)
    return state, revision, menu(ruleset, state, state.pending.actor)


def _aimed(options):
    return next(o for o in options if o.count and o.forecasts and o.forecasts[0].hit is not None)


def test_a_valid_id_with_its_target_is_applied_as_the_gms_choice(chat):
    service, battle, revision = _battle()
    state, _, options = _pending_menu(service, battle)
    option = _aimed(options)
    target = option.targets[-1]
    chat.play(say(f"{option.id} -> {target}"))
    before = _calls("accepted")
    answer = jobs.director(service, battle, jobs.decision_id(battle, revision), _gm(chat))
    assert answer["ok"] and answer["revision"] == service.load(battle)[1] > revision
    actor, aimed = state.combatant(state.pending.actor), state.combatant(target)
    first = answer["events"][0]
    assert first["kind"] == "gm-decides"
    assert first["text"] == f"The GM decides for {actor.name}: {option.label} against {aimed.name}."
    assert _calls("accepted") - before == 1
    prompt = "\n".join(m["content"] for m in chat.seen[0].body["messages"])
    hit = round(next(f.hit for f in option.forecasts if f.target == target) * 100)
    assert f"- {option.id}: {option.label}" in prompt and f"{target} ({aimed.name}), hit {hit}%" in prompt
    # The ruleset's numbers, never a die rolled: no seed, no cursor, no line of the log.
    assert "seed" not in prompt and "cursor" not in prompt
    rolled = [e["text"] for e in service.store.events_after(battle, 0, limit=100)[: first["seq"] - 1]
              if "=" in e["text"]]
    assert rolled and not any(text in prompt for text in rolled)


def test_prose_around_an_id_is_read(chat):
    service, battle, revision = _battle()
    state, _, options = _pending_menu(service, battle)
    option = _aimed(options)
    chat.play(say(f"The hound is hurt, so I would go for it.\n\nChoice: `{option.id}` aimed at {option.targets[0]}."))
    answer = jobs.director(service, battle, jobs.decision_id(battle, revision), _gm(chat))
    assert answer["events"][0]["kind"] == "gm-decides"


def _fallback(chat_reply, chat: ChatServer, outcome: str, **gm) -> str:
    service, battle, revision = _battle()
    state, _, _options = _pending_menu(service, battle)
    chat.play(chat_reply)
    before = _calls(outcome)
    answer = jobs.director(service, battle, jobs.decision_id(battle, revision), _gm(chat, **gm))
    assert answer["ok"] and answer["revision"] == service.load(battle)[1] > revision
    assert _calls(outcome) - before == 1
    first = answer["events"][0]
    assert first["kind"] == "engine-decides"
    name = state.combatant(state.pending.actor).name
    head, sep, _label = first["text"].partition(f", so the Engine's tactics decide for {name}: ")
    assert sep, first["text"]
    return head


def test_an_invalid_id_falls_back_to_the_engine_saying_so(chat):
    assert _fallback(say("attack:kit:moonbeam -> juno"), chat, "fallback-invalid") == \
        "The GM's reply named no option on the menu"


def test_two_ids_are_not_one(chat):
    head = _fallback(say("standard:dodge or end-turn"), chat, "fallback-invalid")
    assert head == "The GM's reply named 2 options (standard:dodge, end-turn), not one"


def test_a_target_the_option_cannot_reach_falls_back(chat):
    service, battle, revision = _battle()
    _state, _, options = _pending_menu(service, battle)
    option = next(o for o in options if o.id == "standard:help")
    ally = option.targets[0]
    wrong = next(c.id for c in _state.combatants if c.id not in option.targets and c.id != _state.pending.actor)
    head = _fallback(say(f"standard:help -> {wrong}"), chat, "fallback-invalid")
    assert head == f"Help cannot be aimed at {wrong}" and ally != wrong


def test_a_slow_reply_past_the_timeout_falls_back(chat):
    assert _fallback(slow(1.0, "end-turn"), chat, "fallback-timeout", timeout=0.3) == \
        "The GM model did not answer within 0.3 seconds"


def test_a_500_falls_back(chat):
    assert _fallback(status(500), chat, "fallback-unavailable") == "The GM model answered HTTP 500 after 1 attempt"


def test_malformed_json_falls_back(chat):
    assert _fallback(raw(b"<html>oops</html>"), chat, "fallback-invalid") == \
        "The GM model's answer is not a chat completion (no choices[0].message.content)"


def test_no_model_falls_back_with_the_no_model_sentence():
    service, battle, revision = _battle()
    answer = jobs.director(service, battle, jobs.decision_id(battle, revision))
    assert answer["events"][0]["text"].startswith("No GM model is configured, so the Engine's tactics decide for ")


def test_the_same_reply_delivered_three_times_spends_once(chat):
    service, battle, revision = _battle()
    _state, _, options = _pending_menu(service, battle)
    option = _aimed(options)
    chat.play(say(f"{option.id} -> {option.targets[0]}"))
    decision = jobs.decision_id(battle, revision)
    before = _calls("duplicate")
    answers = [jobs.director(service, battle, decision, _gm(chat)) for _ in range(3)]
    assert answers[0]["ok"] and answers[1] == answers[0] and answers[2] == answers[0]
    assert service.load(battle)[1] == answers[0]["revision"] > revision
    assert len(chat.seen) == 1 and _calls("duplicate") - before == 2
    texts = [e["text"] for e in service.store.events_after(battle, 0, limit=1000)]
    assert sum(t.startswith("The GM decides for") for t in texts) == 1


def test_a_reply_after_the_battle_moved_on_changes_nothing(chat):
    service, battle, revision = _battle()
    state, _, options = _pending_menu(service, battle)
    option = _aimed(options)
    chat.play(slow(0.6, f"{option.id} -> {option.targets[0]}"))
    late: dict = {}
    thread = threading.Thread(target=lambda: late.update(
        jobs.director(service, battle, jobs.decision_id(battle, revision), _gm(chat))))
    before = _calls("stale")
    thread.start()
    time.sleep(0.2)
    # The GM's own token decides while the model is still thinking.
    moved = service.apply(battle, revision, {"actor": state.pending.actor, "option": "end-turn"}, "gm-token-1")
    assert moved["ok"]
    thread.join(timeout=5)
    assert late["ok"] is False and late["code"] == "stale-revision"
    assert _calls("stale") - before == 1
    assert service.load(battle)[1] == moved["revision"]
    texts = [e["text"] for e in service.store.events_after(battle, 0, limit=1000)]
    assert not any(t.startswith("The GM decides for") for t in texts)
