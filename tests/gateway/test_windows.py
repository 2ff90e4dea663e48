"""Windows through the gateway (tests/gateway/window_battle.py): the asked player's prompt
holds the answers and Pass side by side and is answered over the socket; every other
socket is told on whom the battle waits; a choice from anyone else is refused with the
reason and changes nothing; a reconnecting client is asked again; the sweeper passes a
window past its deadline and the log says so; a GM-controlled combatant is asked on the
GM's socket and an Engine-controlled one answers inside the step.

tests/integration/test_windows_celery.py runs these same tests on real Celery workers.
"""

from __future__ import annotations

import asyncio
import time

from tests.gateway import window_battle as W
from tests.gateway.harness import battle_view, bearer, run, socket, until, wait_applied


def test_the_asked_player_answers_the_window_over_the_socket_and_the_others_see_whom_it_waits_on():
    async def body(client):
        created = await W.create(client)
        assert set(created["tokens"]) == {"wren", "juno"}
        async with socket(client, created, created["tokens"]["wren"]) as wren, \
                socket(client, created, created["tokens"]["juno"]) as juno, \
                socket(client, created, created["gm_token"]) as gm:
            _, waiting = await until(juno, "waiting", timeout=20)
            assert waiting == {"type": "waiting", "actor": "wren", "name": "Wren", "controller": "player",
                               "revision": 1, "decision": "turn", "window": None}
            events, prompt = await W.end_wrens_turn(wren)
            assert W.texts(events) == W.START + W.OPENS
            assert (prompt["actor"], prompt["decision"], prompt["revision"]) == ("wren", "window", 3)
            assert {k: v for k, v in prompt["window"].items() if k != "resume"} == W.WINDOW
            assert [o["id"] for o in prompt["options"]] == W.WINDOW_OPTIONS
            assert (prompt["suggestion"]["option"], prompt["suggestion"]["targets"]) == ("pass", [])

            for other in (juno, gm):
                seen, told = await until(other, "waiting", timeout=20)
                if told["revision"] == 1:  # the GM's socket also heard about Wren's turn
                    seen, told = await until(other, "waiting", timeout=20)
                assert told == {"type": "waiting", "actor": "wren", "name": "Wren", "controller": "player",
                                "revision": 3, "decision": "window", "window": W.WINDOW}

            await wren.send_json(W.answer("ability:charms:shield", "wren-shield"))
            accepted = await wren.receive_json(timeout=20)
            assert accepted == {"type": "accepted", "request_id": "wren-shield"}
            answered, _ = await until(juno, "prompt", timeout=20)
            assert W.texts(answered) == W.AFTER_SHIELD
        view = await battle_view(client, created)
        # Wren's answer, then the rest of the Ogre's turn saved as its own revision.
        assert view["revision"] == 5 and view["state"]["pending"]["decision"] == "turn"
        wren_now = next(c for c in view["state"]["combatants"] if c["id"] == "wren")
        assert wren_now["budgets"]["reaction"] == 0
        assert wren_now["sheet"]["live"]["pools"]["slot_1"] == 1
        assert W.texts(await W.events_of(client, created)) == W.START + W.OPENS + W.AFTER_SHIELD

    run(body)


def test_while_the_window_is_open_no_one_else_may_answer_and_nothing_changes():
    async def body(client):
        created = await W.create(client)
        url = f"/v1/battles/{created['battle']}/choices"
        async with socket(client, created, created["tokens"]["wren"]) as wren:
            await W.end_wrens_turn(wren)
        shield = {"actor": "wren", "option_id": "ability:charms:shield", "request_id": "x-1", "revision": 3}
        juno, gm = bearer(created["tokens"]["juno"]), bearer(created["gm_token"])
        refusals = [
            (shield, juno, 403, {"code": "not-yours", "message": "juno may not act for Wren"}),
            (shield, gm, 403, {"code": "not-yours", "message": "the GM may not act for Wren"}),
            ({"actor": "juno", "option_id": "end-turn", "request_id": "x-2", "revision": 3}, juno, 409,
             {"code": "not-your-turn", "message": "a window is open and waits on Wren: only Wren's answer or a "
                                                  "Pass is taken now, not Juno's"}),
            ({**shield, "option_id": "end-turn"}, bearer(created["tokens"]["wren"]), 422,
             {"code": "unknown-option", "message": "'end-turn' is not on Wren's menu now"}),
        ]
        for choice, token, status, refusal in refusals:
            r = await client.post(url, json=choice, headers=token)
            assert (r.status, await r.json()) == (status, refusal)
        async with socket(client, created, created["tokens"]["juno"]) as sock:
            _, told = await until(sock, "waiting", timeout=20)
            assert told["window"] == W.WINDOW
            await sock.send_json({"type": "choice", "actor": "juno", "option_id": "end-turn",
                                  "request_id": "x-3", "revision": 3})
            _, error = await until(sock, "error", timeout=20)
            assert error == {"type": "error", "request_id": "x-3", **refusals[2][3]}
        view = await battle_view(client, created)
        assert view["revision"] == 3 and view["last_seq"] == 8
        assert view["state"]["pending"]["window"]["id"] == "w8"
        for rid in ("x-1", "x-2", "x-3"):
            r = await client.get(f"{url}/{rid}", headers=gm)
            assert (await r.json())["status"] == "unknown"

    run(body)


def test_a_reconnecting_client_is_asked_the_open_window_again():
    async def body(client):
        created = await W.create(client)
        async with socket(client, created, created["tokens"]["wren"]) as wren:
            events, prompt = await W.end_wrens_turn(wren)
        last = events[-1]["seq"]
        async with socket(client, created, created["tokens"]["wren"], after=last) as wren:
            missed, again = await until(wren, "prompt", timeout=20)
            assert missed == [] and again == prompt
            await wren.send_json(W.answer("pass", "wren-pass"))
            passed, _ = await until(wren, "waiting", timeout=20)
        assert W.texts(passed) == W.AFTER_PASS
        # From the start, a fresh client reads the whole window in the log.
        async with socket(client, created, created["tokens"]["juno"]) as juno:
            everything, turn = await until(juno, "prompt", timeout=20)
        assert W.texts(everything) == W.START + W.OPENS + W.AFTER_PASS
        assert (turn["actor"], turn["decision"], turn["window"]) == ("juno", "turn", None)

    run(body)


def test_a_window_past_its_deadline_is_passed_by_the_sweeper():
    async def body(client):
        created = await W.create(client, window_seconds=1)
        async with socket(client, created, created["tokens"]["wren"]) as wren:
            asked = time.time()
            _, prompt = await W.end_wrens_turn(wren)
            deadline = prompt["window"]["deadline"]
            assert asked + 1 <= deadline <= time.time() + 1
            r = await client.get(f"/v1/battles/{created['battle']}", headers=bearer(created["gm_token"]))
            assert (await r.json())["state"]["pending"]["window"]["deadline"] == deadline
            # Nobody answers: the sweeper passes for Wren (every 0.2 s embedded; on Celery
            # the workers' beat, every few seconds).
            passed, told = await until(wren, "waiting", timeout=30)
        assert time.time() >= deadline
        assert W.texts(passed) == ["The window's deadline passed, so Wren passes.", *W.AFTER_PASS]
        assert passed[0]["kind"] == "auto-pass" and passed[0]["seq"] == 9
        assert (told["actor"], told["revision"]) == ("juno", 5)

    run(body, sweep_every=0.2)


def test_a_gm_controlled_combatant_is_asked_the_window_on_the_gms_socket():
    async def body(client):
        created = await W.create(client, wren_controller="gm")
        assert set(created["tokens"]) == {"juno"}
        async with socket(client, created, created["gm_token"]) as gm, \
                socket(client, created, created["tokens"]["juno"]) as juno:
            _, turn = await until(gm, "prompt", timeout=20)
            assert (turn["actor"], turn["decision"]) == ("wren", "turn")
            await gm.send_json({"type": "choice", "actor": "wren", "option_id": "end-turn",
                                "request_id": "gm-end", "revision": turn["revision"]})
            _, window = await until(gm, "prompt", timeout=20)
            assert window["decision"] == "window" and [o["id"] for o in window["options"]] == W.WINDOW_OPTIONS
            _, told = await until(juno, "waiting", timeout=20)
            if told["revision"] == 1:
                _, told = await until(juno, "waiting", timeout=20)
            assert (told["actor"], told["controller"], told["window"]) == ("wren", "gm", W.WINDOW)
            await gm.send_json({"type": "choice", "actor": "wren", "option_id": "pass", "request_id": "gm-pass",
                                "revision": window["revision"]})
            passed, _ = await until(juno, "prompt", timeout=20)
        assert W.texts(passed) == W.AFTER_PASS

    run(body)


#: After Juno ends her turn: Engine-controlled Wren passes in the window of round 3 (the
#: Shield would not turn 17 against Guard 8 into a miss), within the step Juno's choice ran.
ENGINE_TO_THE_END = [
    "Round 2.", "Wren's turn.", "Wren attacks Ogre with Lamp hook: 12 against Guard 9, a hit.",
    "Lamp hook (6) deals 6 cut damage to Ogre.", "Ogre has 19 of 30 Breath.", "Ogre's turn.", "Ogre uses Two clubs.",
    "Ogre attacks Juno with Club: 17 + 4 = 21 against Guard 10, a hit.", "Club (2 + 2 = 4) deals 4 cut damage to Juno.",
    "Juno has 7 of 11 Breath.", "Ogre attacks Juno with Club: 14 + 4 = 18 against Guard 10, a hit.",
    "Club (5 + 2 = 7) deals 7 cut damage to Juno.", "Juno has 0 of 11 Breath.", "Juno goes down.", "Juno's turn.",
    "Round 3.", "Wren's turn.", "Wren attacks Ogre with Lamp hook: 2 against Guard 9, a miss.", "Ogre's turn.",
    "Ogre attacks Wren with Club: 13 + 4 = 17 against Guard 8, a hit.",
    "The fight waits: Ogre's Club (17 against Guard 8) hits Wren. Asked in turn: Wren.", "Wren passes.",
    "Club (3 + 2 = 5) deals 5 cut damage to Wren.", "Wren has 0 of 11 Breath.", "Wren goes down.",
    "The fight is over after 3 rounds: the party is defeated.",
]


def test_an_engine_controlled_combatant_answers_inside_the_step():
    async def body(client):
        created = await W.create(client, wren_controller="engine")
        async with socket(client, created, created["tokens"]["juno"]) as juno:
            events, turn = await until(juno, "prompt", timeout=20)
            assert W.texts(events) == W.START + W.ENGINE_TURN + W.ENGINE_PASSES
            assert (turn["actor"], turn["decision"], turn["revision"]) == ("juno", "turn", 1)
            await juno.send_json({"type": "choice", "actor": "juno", "option_id": "end-turn",
                                  "request_id": "juno-end", "revision": 1})
            rest, closed = await until(juno, "closed", timeout=20)
        assert W.texts(rest) == ENGINE_TO_THE_END
        assert closed == {"type": "closed", "status": "active", "outcome": "defeat"}
        # One revision for Juno's choice, one for the Engine's moves after it: no window
        # waited on anyone.
        assert (await battle_view(client, created))["revision"] == 3

    run(body)


async def _reply(ws, request_id: str) -> dict:
    """The socket's `accepted` or `error` for `request_id`."""
    while True:
        msg = await ws.receive_json(timeout=20)
        if msg["type"] in ("accepted", "error") and msg.get("request_id") == request_id:
            return msg


def test_two_sockets_of_the_asked_player_answer_at_once_and_one_answer_counts():
    async def body(client):
        created = await W.create(client)
        token = created["tokens"]["wren"]
        async with socket(client, created, token) as first:
            await W.end_wrens_turn(first)
            async with socket(client, created, token) as second:
                _, prompt = await until(second, "prompt", timeout=20)
                assert prompt["decision"] == "window"
                await asyncio.gather(first.send_json(W.answer("pass", "tab-1")),
                                     second.send_json(W.answer("ability:charms:shield", "tab-2")))
                replies = [await _reply(first, "tab-1"), await _reply(second, "tab-2")]
        endings = []
        for reply in replies:
            if reply["type"] == "error":  # refused before it was queued
                endings.append({"status": "refused", "code": reply["code"]})
            else:
                endings.append(await wait_applied(client, created, reply["request_id"]))
        assert sorted(e["status"] for e in endings) == ["applied", "refused"]
        assert next(e for e in endings if e["status"] == "refused")["code"] == "stale-revision"
        assert (await battle_view(client, created))["revision"] == 5
        tail = W.texts(await W.events_of(client, created))[len(W.START + W.OPENS):]
        assert tail == (W.AFTER_PASS if endings[0]["status"] == "applied" else W.AFTER_SHIELD)

    run(body)
