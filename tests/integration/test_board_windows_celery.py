"""The board's windows through the whole distributed service: the gateway (Redis store,
Celery executor) in front of two real Celery worker processes, on
tests/gateway/board_window_battle.py's battles. The GM-controlled Ogre's moves are made by
`battle.director` asking a scripted GM model (a local chat-completions server); the walk
that leaves Wren's reach and Juno's fall are then answered by Wren's player over her
socket (after a reconnect mid-walk), exactly as in tests/gateway/test_board_windows.py.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from tests.gateway import board_window_battle as B
from tests.gateway import harness
from tests.gateway import test_board_windows as T
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import redis_url
from tests.worker.chat_server import ChatServer, chat, say

__all__ = ["chat", "redis_url"]

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory, chat: ChatServer) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, {
        "MARINARA_GM_BASE_URL": chat.base_url, "MARINARA_GM_MODEL": "scripted-gm",
        "MARINARA_GM_TIMEOUT": "30", "MARINARA_GM_RETRIES": "0"})


async def gm_by_the_director(client: Any, created: dict[str, Any], kind: str) -> list[str]:
    """Nothing to send: the worker that saved the Ogre's turn enqueued `battle.director`,
    which asked the model and logs its pick."""
    return [B.GM_SAID[kind]]


CASES = [("walk", T.walk_window_answered_after_a_reload, "pass"),
         ("walk", T.walk_window_answered_after_a_reload, "attack:kit:lamp-hook"),
         ("fall", T.fall_window_answered_by_the_catcher, "ability:charms:feather-fall"),
         ("fall", T.fall_window_answered_by_the_catcher, "pass")]


@pytest.mark.parametrize("kind,body,answer", CASES, ids=[f"{k}-{a}" for k, _b, a in CASES])
def test_board_windows_on_celery_workers(stack, chat, kind, body, answer):
    option, targets = B.GM_CHOICE[kind]
    chat.play(say(json.dumps({"option": option, "targets": targets})))
    before = _advanced(stack)
    harness.run(lambda client: body(client, gm_by_the_director, answer), executor="celery",
                store=stack.service.store, celery=stack.app)
    assert _advanced(stack) > before, "the workers, not the gateway, applied the choices"
    assert stack.tasks_run("battle.director") > 0


def _advanced(stack: Stack) -> int:
    return stack.tasks_run("battle.advance")
