"""Service routes (health, readiness, metrics, the OpenAPI document), clean shutdown, and
`battle demo` as a subprocess."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from aiohttp import WSCloseCode, WSMsgType
from aiohttp.test_utils import TestClient, TestServer

from gateway.app import create_app
from tests.conftest import ROOT
from tests.gateway.harness import battle_view, choose_http, create, run, token_for, until, wait_applied


def test_openapi_lists_every_route_and_nothing_else():
    async def body(client):
        r = await client.get("/v1/openapi.json")
        doc = await r.json()
        served = {(route.method.lower(), route.resource.canonical) for route in client.app.router.routes()
                  if route.method != "HEAD"}
        documented = {(method, path) for path, ops in doc["paths"].items() for method in ops}
        assert served == documented
        schemas = doc["components"]["schemas"]
        for name in ("CreateBattle", "CreatedBattle", "ChoiceRequest", "ErrorBody", "MenuView", "BattleView"):
            assert name in schemas
        choices = doc["paths"]["/v1/battles/{battle}/choices"]["post"]
        assert choices["requestBody"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ChoiceRequest"}
        assert {"202", "403", "409", "422"} <= set(choices["responses"])

    run(body)


def test_health_readiness_and_metrics():
    async def body(client):
        assert (await (await client.get("/healthz")).json()) == {"ok": True, "detail": None}
        r = await client.get("/readyz")
        assert r.status == 200 and (await r.json())["ok"] is True
        created = await create(client)
        _, token = token_for(created, await battle_view(client, created))
        status, _, _ = await choose_http(client, created, token, "m-1")
        assert status == 202
        await wait_applied(client, created, "m-1")
        r = await client.get("/metrics")
        text = await r.text()
        assert r.status == 200 and r.headers["Content-Type"].startswith("text/plain")
        for name in ('battle_choices_total{code="ok",outcome="accepted"}', "battle_choice_round_trip_seconds_count",
                     "battle_open_websockets", "battle_battles_created_total"):
            assert name in text, name

    run(body)


def test_shutdown_closes_sockets_with_going_away():
    async def main():
        client = TestClient(TestServer(create_app()))
        await client.start_server()
        try:
            created = await create(client)
            ws = await client.ws_connect(f"/v1/battles/{created['battle']}/ws",
                                         params={"token": created["tokens"]["p1"]})
            await until(ws, "prompt")
            closing = asyncio.create_task(client.server.close())
            msg = await ws.receive(timeout=10)
            while msg.type == WSMsgType.TEXT:
                msg = await ws.receive(timeout=10)
            assert msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSED, WSMsgType.CLOSING)
            assert ws.close_code == WSCloseCode.GOING_AWAY
            await closing
        finally:
            await client.close()

    asyncio.run(main())


def test_battle_demo_plays_to_an_outcome():
    done = subprocess.run([sys.executable, "-m", "battle", "demo"], cwd=ROOT, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert any(line.startswith("  [p1] juno chooses ") for line in lines)
    assert any(line.startswith("  [p2] wren chooses ") for line in lines)
    # The example ruleset declares distance, so the demo is fought on the marsh board.
    assert any(" moves to " in line for line in lines)
    assert "Outcome: defeat after 3 round(s)." in lines
    assert lines[lines.index("Final sheets:") + 1].startswith("  juno: ")
