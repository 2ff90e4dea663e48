"""A whole battle through HTTP + WebSocket on the embedded gateway, duplicated choices,
and a reconnecting client."""

from __future__ import annotations

import asyncio

from tests.gateway.harness import REVISIONS_A_CHOICE_ON_SEED, battle_view, bearer, choose_http, create, run, socket, token_for, until, wait_applied


def test_whole_battle_over_http_and_websocket():
    async def play(client):
        created = await create(client)
        assert set(created["tokens"]) == {"p1", "p2"}
        chosen = {"p1": 0, "p2": 0}

        async def p1():  # answers its prompts over HTTP
            async with socket(client, created, created["tokens"]["p1"]) as ws:
                while True:
                    msg = await ws.receive_json(timeout=10)
                    if msg["type"] == "closed":
                        return msg
                    if msg["type"] == "prompt":
                        status, answer, _ = await choose_http(client, created, created["tokens"]["p1"],
                                                              f"p1-{msg['revision']}")
                        assert status == 202 and answer["status"] == "queued", answer
                        chosen["p1"] += 1

        async def p2():  # answers its prompts on the socket
            async with socket(client, created, created["tokens"]["p2"]) as ws:
                while True:
                    msg = await ws.receive_json(timeout=10)
                    if msg["type"] == "closed":
                        return msg
                    if msg["type"] == "prompt":
                        assert msg["options"] and msg["actor"] == "wren"
                        await ws.send_json({"type": "choice", "actor": msg["actor"], "revision": msg["revision"],
                                            "option_id": msg["suggestion"]["option"],
                                            "targets": msg["suggestion"]["targets"],
                                            "request_id": f"p2-{msg['revision']}"})
                        chosen["p2"] += 1

        async def gm():
            async with socket(client, created, created["gm_token"]) as ws:
                events, closed = await until(ws, "closed")
                return events, closed

        (events, closed), end1, end2 = await asyncio.gather(gm(), p1(), p2())
        assert closed["outcome"] in ("victory", "defeat") and end1 == end2 == closed
        assert chosen["p1"] >= 1 and chosen["p2"] >= 1
        assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
        r = await client.get(f"/v1/battles/{created['battle']}/events", params={"after": "0"},
                             headers=bearer(created["tokens"]["p1"]))
        assert (await r.json())["events"] == events
        view = await battle_view(client, created)
        assert view["state"]["outcome"] == closed["outcome"] and view["state"]["pending"] is None

    run(play)


def test_a_duplicated_choice_is_applied_once():
    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        status, first, choice = await choose_http(client, created, token, "dup-1")
        assert status == 202
        moved = before["revision"] + REVISIONS_A_CHOICE_ON_SEED
        applied = await wait_applied(client, created, "dup-1", moved)
        assert applied["status"] == "applied" and applied["revision"] == moved
        r = await client.post(f"/v1/battles/{created['battle']}/choices", json=choice, headers=bearer(token))
        assert r.status == 200
        assert await r.json() == {"request_id": "dup-1", "status": "applied", "revision": moved}
        after = await battle_view(client, created)
        assert after["revision"] == moved
        r = await client.get(f"/v1/battles/{created['battle']}/events", headers=bearer(token))
        seqs = [e["seq"] for e in (await r.json())["events"]]
        assert seqs == list(range(1, after["last_seq"] + 1))

    run(body)


def test_concurrent_duplicates_apply_at_most_once():
    async def body(client):
        created = await create(client)
        before = await battle_view(client, created)
        _, token = token_for(created, before)
        r = await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(token))
        menu = await r.json()
        choice = {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
                  "targets": menu["suggestion"]["targets"], "request_id": "twice", "revision": menu["revision"]}
        url = f"/v1/battles/{created['battle']}/choices"
        answers = await asyncio.gather(*[client.post(url, json=choice, headers=bearer(token)) for _ in range(4)])
        assert all(a.status in (200, 202) for a in answers)
        await wait_applied(client, created, "twice")
        await asyncio.sleep(0.1)
        assert (await battle_view(client, created))["revision"] == before["revision"] + REVISIONS_A_CHOICE_ON_SEED

    run(body)


def test_a_reconnecting_client_gets_missed_events_and_its_prompt_again():
    async def body(client):
        created = await create(client)
        view = await battle_view(client, created)
        player, token = token_for(created, view)
        async with socket(client, created, token) as ws:
            events, prompt = await until(ws, "prompt")
        last = events[-1]["seq"]
        assert prompt["revision"] == view["revision"]
        # Reconnecting before anything happened: nothing missed, the same prompt again.
        async with socket(client, created, token, after=last) as ws:
            again_events, again = await until(ws, "prompt")
        assert again_events == [] and again == prompt
        # The player answers elsewhere; others play until the decision is theirs again.
        for n in range(40):
            view = await battle_view(client, created)
            if view["state"]["outcome"]:
                break
            who, tok = token_for(created, view)
            status, _, _ = await choose_http(client, created, tok, f"r-{n}")
            assert status == 202
            await wait_applied(client, created, f"r-{n}")
            view = await battle_view(client, created)
            if n > 0 and view["state"]["pending"] and view["state"]["pending"]["player"] == player:
                break
        async with socket(client, created, token, after=last) as ws:
            if view["state"]["outcome"]:
                missed, closed = await until(ws, "closed")
                assert closed["outcome"] == view["state"]["outcome"]
            else:
                missed, prompt2 = await until(ws, "prompt")
                assert prompt2["revision"] == view["revision"]
        assert [e["seq"] for e in missed] == list(range(last + 1, view["last_seq"] + 1))
        assert len(missed) > 0

    run(body)

