"""The director asked in a window (tests/gateway/window_battle.py with a GM-controlled
Wren): the GM model is told the window's moment, who set it off and on whom, with the
answers and Pass on the menu; its `pass` is applied as the GM's choice, and without a model
the Engine's tactics pass and the log says so."""

from __future__ import annotations

from shared.store import MemoryBattleStore
from tests.gateway import window_battle as W
from tests.worker.chat_server import say
from tests.worker.test_director_gm import _gm
from shared.service import jobs
from shared.service.battles import BattleService


def _at_the_window() -> tuple[BattleService, str, int]:
    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(W.PACKAGE)
    assert service.create(digest, W.party("gm"), W.FOES, seed=W.SEED, battle_id="b-window")["ok"]
    answer = service.apply("b-window", 1, {"actor": "wren", "option": "end-turn"}, "wren-end")
    assert answer["ok"] and answer["pending"]["decision"] == "window", answer
    assert W.texts(answer["events"]) == W.OPENS
    return service, "b-window", answer["revision"]


def test_the_gm_model_is_asked_the_window_with_pass_on_the_menu_and_its_pass_is_applied(chat):
    service, battle, revision = _at_the_window()
    chat.play(say("pass"))
    result = jobs.director(service, battle, jobs.decision_id(battle, revision), _gm(chat))
    assert result["ok"] and result["revision"] == service.load(battle)[1] > revision
    assert W.texts(result["events"]) == ["The GM decides for Wren: Pass.", *W.AFTER_PASS]
    prompt = "\n".join(m["content"] for m in chat.seen[0].body["messages"])
    assert ("You decide for Wren (wren). A window is open (hit: set off by Ogre, on Wren): answer it with one "
            "of the options, or pass (`pass`), which costs nothing. The menu:") in prompt
    assert "- ability:charms:shield: Shield" in prompt and "- pass: Pass" in prompt


def test_without_a_model_the_engines_tactics_pass_in_the_window():
    service, battle, revision = _at_the_window()
    result = jobs.director(service, battle, jobs.decision_id(battle, revision))
    assert W.texts(result["events"]) == [
        "No GM model is configured, so the Engine's tactics decide for Wren: Pass.", *W.AFTER_PASS]
