"""The gateway's own WebSocket frames (`gateway.frames`) and the bursts `ws.Connection`
writes with them: aiohttp's client reads every frame as one whole message, at every length
the frame header encodes differently; a played battle arrives the same, event by event
and in seq order, whether its bursts go out in one write or (a reader slow to drain)
through aiohttp's own sends."""

from __future__ import annotations

import asyncio

import pytest
from aiohttp import WSMsgType, web
from aiohttp.test_utils import TestClient, TestServer

from gateway import ws as gateway_ws
from gateway.frames import text_frame
from tests.gateway.harness import create, play_two_players, run

#: Around each change of the header's length field (7 bits, 16 bits, 64 bits), and text
#: that is not ASCII (lengths are bytes, not characters).
TEXTS = ["", "x", "y" * 125, "z" * 126, "w" * 65535, "v" * 65536, "Juno hits the Toll Warden — 9 ✓"]


def test_aiohttp_reads_each_frame_as_one_whole_message():
    async def handler(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False)
        await ws.prepare(request)
        request.transport.write(b"".join(text_frame(t.encode()) for t in TEXTS))
        await ws.receive()  # until the client closes
        return ws

    async def main() -> list[str]:
        app = web.Application()
        app.router.add_get("/ws", handler)
        async with TestClient(TestServer(app)) as client:
            async with client.ws_connect("/ws") as ws:
                received = []
                for _ in TEXTS:
                    msg = await ws.receive(timeout=5)
                    assert msg.type == WSMsgType.TEXT
                    received.append(msg.data)
                return received

    assert asyncio.run(main()) == TEXTS


@pytest.mark.parametrize("limit", [gateway_ws.WRITE_BUFFER_LIMIT, -1], ids=["one-write", "aiohttp-sends"])
def test_a_played_battle_arrives_event_by_event_in_seq_order(monkeypatch, limit):
    # -1: every burst finds the write buffer "full" and goes out through aiohttp's sends.
    monkeypatch.setattr(gateway_ws, "WRITE_BUFFER_LIMIT", limit)

    async def play(client: TestClient) -> None:
        created = await create(client)
        events, answered = await play_two_players(client, created)
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        assert answered["p1"] + answered["p2"] >= 2

    run(play)
