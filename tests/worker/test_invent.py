"""`battle.invent_opponents` against a local chat-completions server: the GM's proposals
read leniently, lowered to the party's encounter budget, then held to their tier when the
fight is built, every change a sentence in the log; a reply with no JSON, a timeout, a 500
and no model refuse with a clear code and create nothing."""

from __future__ import annotations

import json

from prometheus_client import REGISTRY

from shared.store import MemoryBattleStore
from tests.combat.budget_kit import budget_marsh, party
from tests.worker.chat_server import ChatServer, raw, say, slow, status
from shared.service import jobs
from shared.service.chat import ChatClient
from shared.service.gm import GmModel
from shared.service.battles import BattleService

KNIGHT = {"name": "Drowned knight", "statBlock": {
    "tier": "dread", "health": 60, "defense": 15, "initiativeModifier": 1, "lairActions": ["flood"],
    "actions": [{"id": "blade", "name": "Blade", "budget": "act", "toHit": 9, "damage": {"dice": "4d8", "type": "cold"},
                 "applies": [{"condition": "mired", "duration": {"rounds": 1}}]},
                {"name": "Wail", "budget": "act", "toHit": 4, "damage": {"dice": "1d6", "type": "sorrow"}, "mood": "sad"}],
}}


def _service() -> tuple[BattleService, str]:
    service = BattleService(MemoryBattleStore())
    return service, service.put_ruleset(budget_marsh())


def _gm(chat: ChatServer, **overrides) -> ChatClient:
    return ChatClient(GmModel(**({"base_url": chat.base_url, "model": "scripted-gm", "timeout": 2.0, "retries": 0} | overrides)))


def _request(digest: str, **extra) -> dict:
    return {"ruleset": digest, "party": party(3, 3, 3), "difficulty": "normal",
            "foes": [{"invent": 1, "tier": "dread", "boss": True, "brief": "a knight drowned in the marsh"}], **extra}


def test_the_gms_opponent_is_read_fitted_and_every_change_is_in_the_log(chat):
    service, digest = _service()
    chat.play(say("Here is your knight:\n```json\n" + json.dumps({"opponents": [KNIGHT]}) + "\n```"))
    before = REGISTRY.get_sample_value("marinara_gm_calls_total", {"call": "invent", "outcome": "accepted"}) or 0
    answer = jobs.invent_opponents(service, _request(digest), _gm(chat))
    assert answer["ok"], answer
    assert (REGISTRY.get_sample_value("marinara_gm_calls_total", {"call": "invent", "outcome": "accepted"}) or 0) == before + 1
    [knight] = answer["foes"]
    assert knight["name"] == "Drowned knight" and knight["boss"] is True and knight["statBlock"]["tier"] == "dread"
    assert answer["adjustments"] == [
        "Drowned knight's proposal writes \"lairActions\", which an invented stat block does not have, so it is dropped.",
        "Drowned knight's Wail writes \"mood\", which an action does not have, so it is dropped.",
    ]
    # What the GM was told: the tiers' own numbers and the party's budget (Medium at level 3,
    # 150 each; a boss allows Hard: 225 each, three members).
    prompt = chat.seen[0].body["messages"][1]["content"]
    assert "- dread (Dread): health 18-32, defense 11, to hit +5, damage per round 8-14, save difficulty 12, worth 400" in prompt
    assert "The party's budget is 675 (Hard); the fight as asked is worth 400." in prompt
    created = service.create(digest, party(3, 3, 3), answer["foes"], seed=5, adjustments=answer["adjustments"])
    texts = [e["text"] for e in created["events"]]
    assert texts[:2] == answer["adjustments"]
    assert texts[2:8] == [
        "Drowned knight's health 60 is held to 32 (Dread: 18 to 32).",
        "Drowned knight's defense 15 is held to 13 (at most 2 above Dread).",
        "Drowned knight's Wail: damage type 'sorrow' is not one of this ruleset's, so it is dropped.",
        "Drowned knight's Blade to hit 9 is held to 7.",
        "Drowned knight's Blade is scaled down to fit Dread's damage per round (8 to 14).",
        "The fight begins: Juno, Wren, Juno 3 against Drowned knight.",
    ]
    state, _ = service.load(created["battle"])
    block = state.combatant("drowned-knight").block
    assert block["actions"][0]["damage"] == {"dice": "3d8", "type": "cold"}  # 18 a round -> 13.5, inside 8 to 14


def test_a_reply_with_no_json_refuses(chat):
    service, digest = _service()
    chat.play(say("I imagine three hags circling the party."))
    answer = jobs.invent_opponents(service, _request(digest), _gm(chat))
    assert answer == {"ok": False, "code": "gm-invalid", "message": "the GM's reply holds no JSON list of opponents"}


def test_a_timeout_a_500_and_malformed_json_refuse(chat):
    service, digest = _service()
    chat.play(slow(1.0, "{}"))
    assert jobs.invent_opponents(service, _request(digest), _gm(chat, timeout=0.3))["code"] == "gm-timeout"
    chat.play(status(500))
    assert jobs.invent_opponents(service, _request(digest), _gm(chat))["code"] == "gm-unavailable"
    chat.play(raw(b"]["))
    assert jobs.invent_opponents(service, _request(digest), _gm(chat))["code"] == "gm-invalid"


def test_no_model_refuses_and_no_ask_needs_no_model():
    service, digest = _service()
    answer = jobs.invent_opponents(service, _request(digest))
    assert answer["ok"] is False and answer["code"] == jobs.NO_GM_MODEL
    plain = jobs.invent_opponents(service, _request(digest, foes=[{"creature": "bog-hound"}]))
    assert plain == {"ok": True, "foes": [{"creature": "bog-hound"}], "adjustments": []}


def test_malformed_asks_are_refused_by_path():
    service, digest = _service()
    answer = jobs.invent_opponents(service, _request(digest, foes=[{"invent": 0, "tier": "pack"}, {"invent": 2}]))
    assert answer == {"ok": False, "code": "malformed", "message": (
        "foes[0].invent: how many opponents the GM invents, a whole number from 1 to 20; "
        "foes[1].tier: the threat tier the GM invents them at")}
