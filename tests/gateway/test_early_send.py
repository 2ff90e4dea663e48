"""A socket's choice that the prompt it was sent accepts is handed over while the battle's
head is read (`Executor.head`'s `early`): the socket passes the prompt's open decision to
`routes_choices.submit`, which checks the choice against it first. A choice for another
revision than the socket's prompt, or one that prompt does not accept, and every choice
over HTTP, take the head read first. The executor here is the gateway's own, with its
`head` watched (each call is recorded and then made as usual); the Celery executor's early
push is tested on a real Redis in tests/integration/test_accept_path.py."""

from __future__ import annotations

from typing import Any

from gateway.context import EXECUTOR
from tests.gateway.harness import bearer, create, run, socket, until, wait_applied


def _watch_heads(client: Any) -> list[tuple[str, bool]]:
    """(request id, early) of every `head` the gateway's executor is asked for from now on."""
    executor = client.server.app[EXECUTOR]
    asked: list[tuple[str, bool]] = []
    head = executor.head

    async def watched(battle_id: str, request: Any, *, early: bool = False) -> Any:
        asked.append((request.request_id, early))
        return await head(battle_id, request, early=early)

    executor.head = watched
    return asked


def test_a_choice_its_socket_prompt_accepts_is_handed_over_early_and_others_are_not():
    async def body(client):
        created = await create(client)
        asked = _watch_heads(client)
        token = created["tokens"]["p1"]
        async with socket(client, created, token) as ws:
            _, prompt = await until(ws, "prompt")
            suggestion = prompt["suggestion"]
            base = {"type": "choice", "actor": prompt["actor"], "revision": prompt["revision"]}
            # Not on the prompt's menu: the head read decides (and the full check refuses it).
            await ws.send_json({**base, "request_id": "r-off", "option_id": "no-such-option", "targets": []})
            _, error = await until(ws, "error")
            assert error["code"] == "unknown-option"
            # Another revision than the prompt's: refused as stale after the head read.
            await ws.send_json({**base, "revision": prompt["revision"] + 5, "request_id": "r-stale",
                                "option_id": suggestion["option"], "targets": suggestion["targets"]})
            _, error = await until(ws, "error")
            assert error["code"] == "stale-revision"
            # The prompt's own suggestion: handed over early, and applied.
            await ws.send_json({**base, "request_id": "r-early", "option_id": suggestion["option"],
                                "targets": suggestion["targets"]})
            _, accepted = await until(ws, "accepted")
            assert accepted["request_id"] == "r-early"
        assert (await wait_applied(client, created, "r-early"))["status"] == "applied"
        # Over HTTP there is no prompt to check against first.
        r = await client.post(f"/v1/battles/{created['battle']}/choices", headers=bearer(token), json={
            "actor": prompt["actor"], "revision": prompt["revision"], "request_id": "r-http",
            "option_id": suggestion["option"], "targets": suggestion["targets"]})
        assert r.status == 409, await r.text()
        assert asked == [("r-off", False), ("r-stale", False), ("r-early", True), ("r-http", False)]

    run(body)
