"""Who may do what in a battle: the GM's token, each player's token, no token, a token of
another battle and a forged one, against every battle route and the socket's messages.

A player reads and acts only for their own characters: never another player's character
nor a foe (the GM's), never the dice seed or cursor, never a held window's record. The GM
reads everything and acts only for the GM's combatants; nobody acts for the Engine's. The
routes outside `/v1/battles/{id}` (rulesets, games, the bridge, health, metrics, the
document) hold no battle's data and take no battle token: they are the host app's.
"""

from __future__ import annotations

import asyncio
import base64
import json
from typing import Any

from gateway.access import ACROSS_THE_FIELD
from tests.gateway.harness import FOES, PARTY, RULESET, bearer, run, socket, until

SEED = 2
GM_FOES = [dict(f, controller="gm") for f in FOES]
OUTSIDERS = ("none", "other-gm", "other-p1", "forged")


async def _battle(client: Any) -> dict[str, Any]:
    r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": GM_FOES, "seed": SEED})
    assert r.status == 201, await r.text()
    return await r.json()


def _forge(token: str, player: str) -> str:
    """p1's token with its payload rewritten to name another player, the mac kept."""
    payload, mac = token.split(".")
    body = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    body["p"] = player
    return base64.urlsafe_b64encode(json.dumps(body, separators=(",", ":")).encode()).rstrip(b"=").decode() + "." + mac


async def _principals(client: Any) -> tuple[dict[str, Any], dict[str, str | None]]:
    a, b = await _battle(client), await _battle(client)
    return a, {"gm": a["gm_token"], "p1": a["tokens"]["p1"], "p2": a["tokens"]["p2"], "none": None,
               "other-gm": b["gm_token"], "other-p1": b["tokens"]["p1"], "forged": _forge(a["tokens"]["p1"], "p2")}


def _auth(token: str | None) -> dict[str, str]:
    return bearer(token) if token else {}


async def _get(client: Any, path: str, token: str | None) -> tuple[int, dict[str, Any]]:
    r = await client.get(path, headers=_auth(token))
    return r.status, await r.json()


async def _players_turn(client: Any, battle: str, gm_token: str) -> dict[str, Any]:
    """The GM's view once a player must decide; the GM plays its foes' turns until then
    (the Engine's suggestion from the GM's own menu)."""
    for step in range(200):
        _s, view = await _get(client, f"/v1/battles/{battle}", gm_token)
        pending = view["state"]["pending"]
        if pending and pending["controller"] == "player":
            return view
        _s, menu = await _get(client, f"/v1/battles/{battle}/menu", gm_token)
        if menu["yours"]:
            choice = {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
                      "targets": menu["suggestion"]["targets"], "request_id": f"gm-{step}",
                      "revision": menu["revision"]}
            r = await client.post(f"/v1/battles/{battle}/choices", json=choice, headers=bearer(gm_token))
            assert r.status in (200, 202, 409), await r.text()
        await asyncio.sleep(0.01)
    raise AssertionError("no player's turn came")


def _members(created: dict[str, Any], view: dict[str, Any]) -> dict[str, str]:
    """combatant id -> "p1" / "p2" / "foe"."""
    return {c["id"]: c.get("player") or "foe" for c in view["state"]["combatants"]}


def test_every_battle_route_refuses_outsiders_and_answers_the_battles_own_tokens():
    async def go(client):
        created, tokens = await _principals(client)
        battle = created["battle"]
        paths = [f"/v1/battles/{battle}", f"/v1/battles/{battle}/menu", f"/v1/battles/{battle}/events",
                 f"/v1/battles/{battle}/choices/r-unknown", f"/v1/battles/{battle}/sheets/juno"]
        out = {}
        for path in paths:
            for who, token in tokens.items():
                status, body = await _get(client, path, token)
                out[(path.rsplit("/", 1)[-1], who)] = (status, body.get("code"))
        return battle, out

    battle, out = run(go)
    for (route, who), (status, code) in out.items():
        if who in OUTSIDERS:
            assert (status, code) == (403, "unauthorized"), (route, who)
        elif route == "juno" and who == "p2":
            assert (status, code) == (403, "not-yours")
        else:
            assert status == 200, (route, who, code)


def test_a_player_sees_their_own_characters_whole_and_everyone_else_across_the_field():
    async def go(client):
        created, tokens = await _principals(client)
        views = {}
        for who in ("gm", "p1", "p2"):
            _status, views[who] = await _get(client, f"/v1/battles/{created['battle']}", tokens[who])
        return views

    views = run(go)
    gm = views["gm"]["state"]
    owner = {c["id"]: c.get("player") for c in gm["combatants"]}
    assert "dice" in gm and gm["start_sheets"] and all("sheet" in c or "block" in c for c in gm["combatants"])
    for who in ("p1", "p2"):
        state = views[who]["state"]
        assert "dice" not in state
        assert set(state["start_sheets"]) == {cid for cid, p in owner.items() if p == who}
        for c in state["combatants"]:
            if owner[c["id"]] == who:
                assert c == next(g for g in gm["combatants"] if g["id"] == c["id"])
            else:
                assert set(c) <= {*ACROSS_THE_FIELD, "conditions"}, (who, c["id"], set(c))
                assert not {"sheet", "block", "health", "budgets", "uses"} & set(c)


def test_sheets_a_player_reads_only_their_own_characters_the_gm_reads_all():
    async def go(client):
        created, tokens = await _principals(client)
        _s, view = await _get(client, f"/v1/battles/{created['battle']}", tokens["gm"])
        members = _members(created, view)
        out = {}
        for member in members:
            for who in ("gm", "p1", "p2"):
                status, body = await _get(client, f"/v1/battles/{created['battle']}/sheets/{member}", tokens[who])
                out[(member, who)] = (status, body.get("code"))
        return members, out

    members, out = run(go)
    assert set(members.values()) == {"p1", "p2", "foe"}
    for (member, who), answer in out.items():
        if who == "gm" or members[member] == who:
            assert answer == (200, None), (member, who)
        else:
            assert answer == (403, "not-yours"), (member, who)


def test_only_the_owner_may_act_for_a_character_and_nobody_for_a_foe_but_the_gm():
    async def go(client):
        created, tokens = await _principals(client)
        battle = created["battle"]
        view = await _players_turn(client, battle, tokens["gm"])
        pending = view["state"]["pending"]
        owner = pending["player"]
        _s, menu = await _get(client, f"/v1/battles/{battle}/menu", tokens[owner])
        foe = next(c["id"] for c in view["state"]["combatants"] if c["side"] == "foes")
        out = {}

        async def post(who: str, actor: str, rid: str) -> tuple[int, str | None]:
            choice = {"actor": actor, "option_id": menu["suggestion"]["option"],
                      "targets": menu["suggestion"]["targets"], "request_id": rid, "revision": menu["revision"]}
            r = await client.post(f"/v1/battles/{battle}/choices", json=choice, headers=_auth(tokens[who]))
            return r.status, (await r.json()).get("code")

        for who in tokens:
            if who != owner:
                out[("pending", who)] = await post(who, pending["actor"], f"r-{who}")
            out[("foe", who)] = await post(who, foe, f"f-{who}")
        abandon = {}
        for who in ("p1", "p2", *OUTSIDERS):
            r = await client.post(f"/v1/battles/{battle}/abandon", headers=_auth(tokens[who]))
            abandon[who] = (r.status, (await r.json()).get("code"))
        out[("pending", owner)] = await post(owner, pending["actor"], "r-owner")
        r = await client.post(f"/v1/battles/{battle}/abandon", headers=_auth(tokens["gm"]))
        abandon["gm"] = (r.status, (await r.json()).get("code"))
        return owner, out, abandon

    owner, out, abandon = run(go)
    other = "p2" if owner == "p1" else "p1"
    assert out[("pending", owner)] == (202, None)
    assert out[("pending", other)] == (403, "not-yours")
    assert out[("pending", "gm")] == (403, "not-yours")
    for who in ("p1", "p2"):
        assert out[("foe", who)] == (403, "not-yours")
    # The GM may act for a foe (it is refused by the rules only because it is not its turn).
    assert out[("foe", "gm")][1] != "not-yours"
    for who in OUTSIDERS:
        assert out[("pending", who)] == (403, "unauthorized") and out[("foe", who)] == (403, "unauthorized")
    assert abandon == {"p1": (403, "forbidden"), "p2": (403, "forbidden"),
                       **{who: (403, "unauthorized") for who in OUTSIDERS}, "gm": (200, None)}


def test_the_socket_refuses_outsiders_and_prompts_and_answers_only_the_owner():
    async def go(client):
        created, tokens = await _principals(client)
        battle = created["battle"]
        refused = {}
        for who in OUTSIDERS:
            params = {"token": tokens[who]} if tokens[who] else {}
            r = await client.get(f"/v1/battles/{battle}/ws", params=params,
                                 headers={"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13",
                                          "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="})
            refused[who] = (r.status, (await r.json()).get("code"))
        view = await _players_turn(client, battle, tokens["gm"])
        pending = view["state"]["pending"]
        owner = pending["player"]
        other = "p2" if owner == "p1" else "p1"
        foe = next(c["id"] for c in view["state"]["combatants"] if c["side"] == "foes")
        answers = {}
        async with socket(client, created, tokens[other]) as ws:
            first = []
            for _ in range(view["last_seq"]):
                first.append(await ws.receive_json(timeout=10))
            for actor, name in ((pending["actor"], "for-owner"), (foe, "for-foe")):
                await ws.send_json({"type": "choice", "actor": actor, "option_id": "end-turn", "request_id": name,
                                    "revision": view["revision"]})
                _events, answers[name] = await until(ws, "error")
            await ws.send_json({"type": "state", "battle": battle})
            _events, answers["unknown-type"] = await until(ws, "error")
        async with socket(client, created, tokens[owner]) as ws:
            _events, prompt = await until(ws, "prompt")
        return refused, first, answers, prompt, pending

    refused, first, answers, prompt, pending = run(go)
    assert refused == {who: (403, "unauthorized") for who in OUTSIDERS}
    assert all(m["type"] == "event" for m in first), "another player's socket got a prompt"
    assert answers["for-owner"]["code"] == "not-yours" and answers["for-foe"]["code"] == "not-yours"
    assert answers["unknown-type"]["code"] == "malformed"
    assert prompt["actor"] == pending["actor"]
