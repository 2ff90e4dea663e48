"""Refusals with `{code, message}`: stale revision 409, another player's character 403,
an option off the menu 422 (on a board, a target too far `out-of-reach`), an opponent
the fight cannot make left out (not the battle), tokens, sheets and the player's view, abandon."""

from __future__ import annotations

import json

from tests.conftest import EXAMPLES
from tests.gateway.harness import FOES, PARTY, RULESET, battle_view, bearer, create, run, socket, token_for, until


async def _menu_choice(client, created, token, request_id):
    r = await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(token))
    menu = await r.json()
    return {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
            "targets": menu["suggestion"]["targets"], "request_id": request_id, "revision": menu["revision"]}


def test_a_stale_revision_is_409():
    async def body(client):
        created = await create(client)
        view = await battle_view(client, created)
        _, token = token_for(created, view)
        choice = await _menu_choice(client, created, token, "s-1")
        choice["revision"] -= 1
        r = await client.post(f"/v1/battles/{created['battle']}/choices", json=choice, headers=bearer(token))
        assert r.status == 409
        assert await r.json() == {"code": "stale-revision", "message": f"the choice was made at revision "
                                  f"{choice['revision']}; the battle is at {view['revision']}"}

    run(body)


def test_another_players_character_is_403():
    async def body(client):
        created = await create(client)
        view = await battle_view(client, created)
        player, token = token_for(created, view)
        other = created["tokens"]["p2" if player == "p1" else "p1"]
        choice = await _menu_choice(client, created, token, "w-1")
        url = f"/v1/battles/{created['battle']}/choices"
        r = await client.post(url, json=choice, headers=bearer(other))
        assert r.status == 403 and (await r.json())["code"] == "not-yours"
        r = await client.post(url, json=choice, headers=bearer(created["gm_token"]))
        assert r.status == 403, "the GM acts only for GM-controlled combatants"
        r = await client.get(f"/v1/battles/{created['battle']}/menu", headers=bearer(other))
        assert (await r.json())["options"] == []
        r = await client.post(url, json=choice, headers=bearer("forged.token"))
        assert r.status == 403 and (await r.json())["code"] == "unauthorized"
        r = await client.post(url, json=choice)
        assert r.status == 403

    run(body)


def test_an_option_off_the_menu_is_422_and_a_bad_body_400():
    async def body(client):
        created = await create(client)
        view = await battle_view(client, created)
        _, token = token_for(created, view)
        choice = await _menu_choice(client, created, token, "i-1")
        url = f"/v1/battles/{created['battle']}/choices"
        r = await client.post(url, json={**choice, "option_id": "attack:kit:nope"}, headers=bearer(token))
        assert r.status == 422 and (await r.json())["code"] == "unknown-option"
        r = await client.post(url, json={**choice, "targets": ["nobody"]}, headers=bearer(token))
        assert r.status == 422 and (await r.json())["code"] == "bad-target"
        r = await client.post(url, data=b"{not json", headers=bearer(token))
        assert r.status == 400 and (await r.json())["code"] == "malformed"
        r = await client.post(url, json={"option_id": "x"}, headers=bearer(token))
        answer = await r.json()
        assert r.status == 400 and "actor: Field required" in answer["problems"]
        assert (await battle_view(client, created))["revision"] == view["revision"]
        r = await client.get("/v1/battles/b-nope/menu", headers=bearer(created["gm_token"]))
        assert r.status == 403, "a token is valid for its own battle only"

    run(body)


def test_a_target_out_of_reach_on_the_board_is_422_out_of_reach():
    async def body(client):
        board = json.loads((EXAMPLES / "board-marsh.json").read_text())
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": FOES, "seed": 2,
                                                   "board": board})
        created = await r.json()
        view = await battle_view(client, created)
        assert view["state"]["pending"]["actor"] == "juno"
        # Under seed 2 Juno stands at 1, 2 and the first Bog Hound at 7, 2: 6 cells off, and
        # the Reed axe reaches 1 (the Reed Witch beside her is the axe's only target).
        choice = {"actor": "juno", "option_id": "attack:kit:reed-axe", "targets": ["bog-hound"],
                  "request_id": "far-1", "revision": view["revision"]}
        url = f"/v1/battles/{created['battle']}/choices"
        r = await client.post(url, json=choice, headers=bearer(created["tokens"]["p1"]))
        assert r.status == 422
        assert await r.json() == {"code": "out-of-reach",
                                  "message": "Bog Hound is 6 strides away from Juno; Reed axe reaches 1 strides"}
        r = await client.post(url, json={**choice, "targets": ["wren"], "request_id": "far-2"},
                              headers=bearer(created["tokens"]["p1"]))
        assert r.status == 422 and (await r.json())["code"] == "bad-target"
        assert (await battle_view(client, created))["revision"] == view["revision"]

    run(body)


def test_an_unknown_creature_and_an_unusable_proposal_leave_the_battle_standing():
    async def body(client):
        foes = [{"creature": "kraken"}, {"name": "Scrap golem", "statBlock": {"tier": "pack", "health": "lots"}},
                *FOES]
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": foes, "seed": 2})
        assert r.status == 201, await r.text()
        created = await r.json()
        r = await client.get(f"/v1/battles/{created['battle']}/events", headers=bearer(created["gm_token"]))
        events = (await r.json())["events"]
        assert [(e["kind"], e["text"]) for e in events[:3]] == [
            ("refused", "foes[0]: the bestiary has no creature 'kraken', so it is left out of the fight."),
            ("setup", "Scrap golem's proposed stat block cannot be used (statBlock.health: must be a whole number, "
                      "not text), so it is dropped."),
            ("setup", "Scrap golem is built from the Pack tier's own numbers."),
        ]
        view = await battle_view(client, created)
        golem = next(c for c in view["state"]["combatants"] if c["id"] == "scrap-golem")
        # Pack's plain creature: health 8 to 16 -> 12, Guard 8, to hit 3, (4 + 8) / 2 = 6 a round.
        assert golem["block"] == {"tier": "pack", "health": 12, "defense": 8, "initiativeModifier": 0,
                                  "actions": [{"id": "strike", "name": "Strike", "budget": "act", "toHit": 3,
                                               "damage": {"flat": 6}}]}
        assert [c["id"] for c in view["state"]["combatants"]] == [
            "juno", "wren", "scrap-golem", "bog-hound", "bog-hound-2", "reed-witch"]

    run(body)


def test_a_stored_sheet_out_of_range_enters_the_battle_and_its_sheet_is_flagged():
    async def body(client):
        party = json.loads(json.dumps(PARTY))
        # Lantern Marsh offers Might -1..4 and the tiers untrained, practiced and seasoned.
        party[0]["sheet"]["abilities"]["might"] = 9
        party[0]["sheet"]["skills"]["wade"] = "master"
        r = await client.post("/v1/battles", json={"package": RULESET, "party": party, "foes": FOES, "seed": 2})
        assert r.status == 201, await r.text()
        created = await r.json()
        flags = ["sheet.abilities.might: must be within -1..4, not 9 (kept as stored)",
                 'sheet.skills.wade: must be a tier offered for skills ("untrained", "practiced", "seasoned"), '
                 'not "master" (kept as stored, read as "untrained")']
        r = await client.get(f"/v1/battles/{created['battle']}/events", headers=bearer(created["gm_token"]))
        texts = [e["text"] for e in (await r.json())["events"]]
        assert texts[:2] == [f"Juno's sheet is used as stored: {line}." for line in flags]
        r = await client.get(f"/v1/battles/{created['battle']}/sheets/juno", headers=bearer(created["tokens"]["p1"]))
        shown = await r.json()
        assert r.status == 200 and shown["flags"] == flags
        assert shown["sheet"]["abilities"]["might"] == 9 and shown["sheet"]["skills"]["wade"] == "master"
        r = await client.get(f"/v1/battles/{created['battle']}/sheets/wren", headers=bearer(created["tokens"]["p2"]))
        assert (await r.json())["flags"] == []

    run(body)


def test_players_see_no_foe_sheets_and_no_dice():
    async def body(client):
        created = await create(client)
        gm = await battle_view(client, created)
        assert "seed" in gm["state"]["dice"]
        p1 = await battle_view(client, created, created["tokens"]["p1"])
        assert "dice" not in p1["state"] and p1["role"] == "player"
        foes = [c for c in p1["state"]["combatants"] if c["side"] == "foes"]
        assert foes and all("block" not in c and "sheet" not in c and "health" not in c for c in foes)
        base = f"/v1/battles/{created['battle']}/sheets"
        r = await client.get(f"{base}/juno", headers=bearer(created["tokens"]["p1"]))
        assert r.status == 200 and (await r.json())["sheet"]["abilities"]
        r = await client.get(f"{base}/juno", headers=bearer(created["tokens"]["p2"]))
        assert r.status == 403
        r = await client.get(f"{base}/bog-hound", headers=bearer(created["tokens"]["p1"]))
        assert r.status == 403
        r = await client.get(f"{base}/bog-hound", headers=bearer(created["gm_token"]))
        assert r.status == 200 and (await r.json())["block"]
        r = await client.get(f"{base}/nobody", headers=bearer(created["gm_token"]))
        assert r.status == 404

    run(body)


def test_abandon_is_for_the_gm_and_closes_the_battle():
    async def body(client):
        created = await create(client)
        view = await battle_view(client, created)
        _, token = token_for(created, view)
        url = f"/v1/battles/{created['battle']}/abandon"
        r = await client.post(url, headers=bearer(token))
        assert r.status == 403
        async with socket(client, created, token) as ws:
            await until(ws, "prompt")
            r = await client.post(url, headers=bearer(created["gm_token"]))
            answer = await r.json()
            assert r.status == 200 and answer["status"] == "abandoned"
            assert set(answer["sheets"]) == {"juno", "wren"}
            events, closed = await until(ws, "closed")
            assert closed["status"] == "abandoned" and events[-1]["kind"] == "abandoned"
        choice = {"actor": view["state"]["pending"]["actor"], "option_id": "end-turn", "request_id": "late",
                  "revision": view["revision"]}
        r = await client.post(f"/v1/battles/{created['battle']}/choices", json=choice, headers=bearer(token))
        assert r.status == 409 and (await r.json())["code"] == "closed"

    run(body)


def test_an_invalid_package_is_422_with_every_line():
    async def body(client):
        bad = {**RULESET, "version": "x", "combat": {**RULESET["combat"], "bogus": 1}}
        r = await client.post("/v1/rulesets", json=bad)
        answer = await r.json()
        assert r.status == 422 and answer["code"] == "invalid-package"
        assert answer["problems"] == ["version: must be a whole number, not text", "combat.bogus: unknown key"]

    run(body)


def test_a_body_over_the_limit_is_413():
    async def body(client):
        r = await client.post("/v1/rulesets", json={"x": "y" * 5000})
        assert r.status == 413
        assert await r.json() == {"code": "too-large", "message": "the request body is larger than 4096 bytes"}

    run(body, body_limit=4096)


def test_a_valid_package_is_stored_by_digest():
    async def body(client):
        r = await client.post("/v1/rulesets", json=RULESET)
        stored = await r.json()
        assert r.status == 201 and stored["digest"].startswith("sha256:") and stored["id"] == RULESET["id"]
        r = await client.post("/v1/battles", json={"ruleset": "sha256:" + "0" * 64, "party": [{}], "foes": [{}]})
        assert r.status == 422 and (await r.json())["code"] == "unknown-ruleset"

    run(body)


def test_the_socket_rate_limit_drops_extra_messages():
    async def body(client):
        created = await create(client)
        async with socket(client, created, created["tokens"]["p1"]) as ws:
            await ws.send_str("{}")
            await ws.send_str("{}")
            first = await ws.receive_json(timeout=5)
            while first["type"] != "error":
                first = await ws.receive_json(timeout=5)
            second = await ws.receive_json(timeout=5)
            while second["type"] != "error":
                second = await ws.receive_json(timeout=5)
            assert first["code"] == "malformed" and second["code"] == "rate-limited"

    run(body, ws_rate=0.001, ws_burst=1)
