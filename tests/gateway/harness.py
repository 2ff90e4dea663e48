"""Running the gateway in tests: an aiohttp `TestServer`/`TestClient` on the memory store
(or what `defaults` names) inside `asyncio.run` (pytest-aiohttp is not used), and
small clients for a battle."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any, AsyncIterator, Awaitable, Callable, Iterator

from aiohttp.test_utils import TestClient, TestServer

from gateway.app import create_app
from tests.conftest import EXAMPLES

RULESET = json.loads((EXAMPLES / "lantern-marsh.json").read_text())
PARTY = json.loads((EXAMPLES / "party.json").read_text())
FOES = json.loads((EXAMPLES / "foes.json").read_text())

#: A seed under which the example fight reaches two player turns before it ends.
SEED = 2
#: Revisions the first choice under `SEED` (the prompt's suggestion: Juno's axe, then the
#: foes' turns) moves the battle on: its own, and the Engine's moves' after it.
REVISIONS_A_CHOICE_ON_SEED = 2


#: App options `run` adds when the test does not name them (none: embedded on a fresh
#: memory store). The integration tests set them, through `defaults`, to run these same
#: tests on a Redis store and on the Celery executor.
_defaults: dict[str, Any] = {}


@contextlib.contextmanager
def defaults(**app_options: Any) -> Iterator[None]:
    """`create_app` options for every gateway `run` starts meanwhile (a `store` given here
    is the caller's to close)."""
    _defaults.update(app_options)
    try:
        yield
    finally:
        _defaults.clear()


def run(test: Callable[..., Awaitable[Any]], *, timeout: float = 60, **app_options: Any) -> Any:
    """Runs `test(client)` against a fresh gateway (embedded unless `defaults` says otherwise),
    failing it after `timeout` seconds."""
    app_options = {**_defaults, **app_options}

    async def main() -> Any:
        async with TestClient(TestServer(create_app(**app_options))) as client:
            return await asyncio.wait_for(test(client), timeout)

    return asyncio.run(main())


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def create(client: TestClient, seed: int = SEED) -> dict[str, Any]:
    r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": FOES, "seed": seed})
    assert r.status == 201, await r.text()
    return await r.json()


async def battle_view(client: TestClient, created: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    r = await client.get(f"/v1/battles/{created['battle']}", headers=bearer(token or created["gm_token"]))
    assert r.status == 200, await r.text()
    return await r.json()


async def wait_applied(client: TestClient, created: dict[str, Any], request_id: str,
                       revision: int | None = None) -> dict[str, Any]:
    """The choice's status once it was refused, or applied and the battle settled after it
    (the Engine's moves after a choice are saved after it: until then the battle waits on
    nobody, and the choice reads its own revision); with `revision`, once it was applied at
    that revision."""
    for _ in range(500):
        r = await client.get(f"/v1/battles/{created['battle']}/choices/{request_id}",
                             headers=bearer(created["gm_token"]))
        status = await r.json()
        if status["status"] == "refused":
            return status
        if status["status"] == "applied" and revision in (None, status["revision"]):
            state = (await battle_view(client, created))["state"]
            pending = state["pending"]
            if state["outcome"] or (pending is not None and pending["controller"] != "engine"):
                return status
        await asyncio.sleep(0.01)
    raise AssertionError(f"{request_id} never ended" + (f" at revision {revision}" if revision else ""))


def token_for(created: dict[str, Any], view: dict[str, Any]) -> tuple[str, str]:
    """(player, token) of whoever must decide now."""
    pending = view["state"]["pending"]
    return pending["player"], created["tokens"][pending["player"]]


async def choose_http(client: TestClient, created: dict[str, Any], token: str,
                      request_id: str) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """Posts the Engine's suggestion from the caller's menu: (status, answer, the choice)."""
    r = await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(token))
    menu = await r.json()
    assert menu["yours"], menu
    choice = {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
              "targets": menu["suggestion"]["targets"], "request_id": request_id, "revision": menu["revision"]}
    r = await client.post(f"/v1/battles/{created['battle']}/choices", json=choice, headers=bearer(token))
    return r.status, await r.json(), choice


@contextlib.asynccontextmanager
async def socket(client: TestClient, created: dict[str, Any], token: str, after: int = 0) -> AsyncIterator[Any]:
    ws = await client.ws_connect(f"/v1/battles/{created['battle']}/ws", params={"token": token, "after": str(after)})
    try:
        yield ws
    finally:
        await ws.close()


async def until(ws: Any, kind: str, timeout: float = 10) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Reads messages until one of type `kind`: (the events seen before it, that message)."""
    events = []
    while True:
        msg = await ws.receive_json(timeout=timeout)
        if msg["type"] == kind:
            return events, msg
        if msg["type"] == "event":
            events.append(msg["event"])


async def play_two_players(client: TestClient, created: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, int]]:
    """The created battle played to its end by its players `p1` (choices over HTTP) and `p2`
    (choices over its socket), each taking the prompt's suggestion, while the GM's socket
    watches: (the events the GM's socket saw, how many choices each player sent). Both
    players and the GM are sent the same end."""
    answered = {"p1": 0, "p2": 0}

    async def by_http(player: str) -> dict[str, Any]:
        token = created["tokens"][player]
        async with socket(client, created, token) as ws:
            while True:
                msg = await ws.receive_json(timeout=20)
                if msg["type"] == "closed":
                    return msg
                if msg["type"] == "prompt":
                    status, _, _ = await choose_http(client, created, token, f"{player}-{msg['revision']}")
                    assert status == 202
                    answered[player] += 1

    async def by_socket(player: str) -> dict[str, Any]:
        async with socket(client, created, created["tokens"][player]) as ws:
            while True:
                msg = await ws.receive_json(timeout=20)
                if msg["type"] == "closed":
                    return msg
                if msg["type"] == "prompt":
                    await ws.send_json({"type": "choice", "actor": msg["actor"], "revision": msg["revision"],
                                        "option_id": msg["suggestion"]["option"],
                                        "targets": msg["suggestion"]["targets"],
                                        "request_id": f"{player}-{msg['revision']}"})
                    answered[player] += 1

    async def watch() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        async with socket(client, created, created["gm_token"]) as ws:
            return await until(ws, "closed", timeout=30)

    (events, closed), end1, end2 = await asyncio.gather(watch(), by_http("p1"), by_socket("p2"))
    assert closed["outcome"] in ("victory", "defeat") and end1 == end2 == closed
    assert answered["p1"] >= 1 and answered["p2"] >= 1
    return events, answered
