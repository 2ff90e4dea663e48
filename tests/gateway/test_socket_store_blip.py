"""A socket outlives its store failing under it: found by bench/soak.py, where Redis was
killed and restarted (AOF) while 400 sockets were open. A read that failed while Redis was
away (or still loading its data) ended the socket's feed task quietly; the socket stayed
open and never heard of its battle again, and the battle waited on a prompt nobody got.
Now the socket is closed with 1013 (try again later) and the client's reconnect, after its
last seq, gets the rest and its prompt.

The store here is the memory store with one fault switched on: the first `load` after a
save fails as a dropped Redis connection would.
"""

from __future__ import annotations

from aiohttp import WSCloseCode, WSMsgType

from shared.store import MemoryBattleStore
from tests.gateway.harness import battle_view, choose_http, create, run, socket, token_for, until


class BlinkingStore(MemoryBattleStore):
    """Once `armed`, the first `load` after a save raises ConnectionError."""

    armed = False
    failing = False
    failures = 0

    def save(self, *args, **kwargs):
        saved = super().save(*args, **kwargs)
        if self.armed:
            self.armed, self.failing = False, True
        return saved

    def load(self, battle_id):
        if self.failing:
            self.failing = False
            self.failures += 1
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        return super().load(battle_id)


def test_a_socket_whose_store_failed_is_closed_and_the_reconnect_gets_the_prompt():
    store = BlinkingStore()

    async def play(client):
        created = await create(client)
        view = await battle_view(client, created)
        player, token = token_for(created, view)
        async with socket(client, created, token) as ws:
            events, prompt = await until(ws, "prompt")
            last_seq = events[-1]["seq"]
            store.armed = True
            status, _, _ = await choose_http(client, created, token, "blip-1")
            assert status == 202
            while True:
                msg = await ws.receive(timeout=10)
                if msg.type != WSMsgType.TEXT:
                    break
                data = msg.json()
                if data["type"] == "event":
                    last_seq = data["event"]["seq"]
            assert store.failures == 1
            assert msg.type == WSMsgType.CLOSE and msg.data == WSCloseCode.TRY_AGAIN_LATER, msg
        after = await battle_view(client, created)
        assert after["revision"] == prompt["revision"] + 1
        async with socket(client, created, token, after=last_seq) as again:
            missed, _ = await until(again, "closed" if after["state"]["outcome"] else
                                    ("prompt" if after["state"]["pending"]["player"] == player else "waiting"))
            assert [e["seq"] for e in missed] == list(range(last_seq + 1, after["last_seq"] + 1))

    run(play, store=store)
