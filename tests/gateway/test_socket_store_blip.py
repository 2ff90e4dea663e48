"""A socket outlives its store failing under it: found by bench/soak.py, where Redis was
killed and restarted (AOF) while 400 sockets were open. A read that failed while Redis was
away (or still loading its data) ended the socket's feed task quietly; the socket stayed
open and never heard of its battle again, and the battle waited on a prompt nobody got.
Now the socket is closed with 1013 (try again later) and the client's reconnect, after its
last seq, gets the rest and its prompt.

A save's feed message carries the open decision, so the socket reads nothing after it; it
reads the battle's head when a write comes without one (a repair of the hold mirror here,
a resync after the feed reconnects in the soak). The store is the memory store with one
fault switched on: the first `head` once armed fails as a dropped Redis connection would.
"""

from __future__ import annotations

from aiohttp import WSCloseCode, WSMsgType

from shared.store import MemoryBattleStore
from tests.gateway.harness import REVISIONS_A_CHOICE_ON_SEED, battle_view, choose_http, create, run, socket, token_for, until


class BlinkingStore(MemoryBattleStore):
    """Once `armed`, the first `head` raises ConnectionError."""

    armed = False
    failures = 0

    def head(self, battle_id, request_id=None):
        if self.armed:
            self.armed = False
            self.failures += 1
            raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")
        return super().head(battle_id, request_id)


def test_a_socket_whose_store_failed_is_closed_and_the_reconnect_gets_the_prompt():
    store = BlinkingStore()

    async def play(client):
        created = await create(client)
        view = await battle_view(client, created)
        player, token = token_for(created, view)
        async with socket(client, created, token) as ws:
            events, prompt = await until(ws, "prompt")
            last_seq = events[-1]["seq"]
            status, _, _ = await choose_http(client, created, token, "blip-1")
            assert status == 202
            # The choice and the Engine's moves after it are saved one after the other: the
            # blip waits for both, so nothing but the socket's own read meets the fault.
            done = await battle_view(client, created)
            while done["revision"] < prompt["revision"] + REVISIONS_A_CHOICE_ON_SEED:
                done = await battle_view(client, created)
            store.armed = True
            store.set_hold(created["battle"], store.get_hold(created["battle"]))
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
        assert after["revision"] == prompt["revision"] + REVISIONS_A_CHOICE_ON_SEED
        async with socket(client, created, token, after=last_seq) as again:
            missed, _ = await until(again, "closed" if after["state"]["outcome"] else
                                    ("prompt" if after["state"]["pending"]["player"] == player else "waiting"))
            assert [e["seq"] for e in missed] == list(range(last_seq + 1, after["last_seq"] + 1))

    run(play, store=store)

