"""The viewer's routes without a browser: the page and its files, the battle screen
(`GET /v1/battles/{id}/screen`) with the numbers the table sees, and the spectator token
(reads the screen, the log and the open decision; acts for nobody, reads no sheet)."""

from __future__ import annotations

import json

from tests.conftest import EXAMPLES
from tests.gateway.harness import FOES, PARTY, RULESET, bearer, run

BOARD = json.loads((EXAMPLES / "board-marsh.json").read_text())


async def _create(client, board=True):
    body = {"package": RULESET, "party": PARTY, "foes": FOES, "seed": 2}
    if board:
        body["board"] = BOARD
    r = await client.post("/v1/battles", json=body)
    assert r.status == 201, await r.text()
    return await r.json()


def test_the_page_and_its_files_are_served_and_nothing_else():
    async def body(client):
        for path in ("/", "/battles/b-1"):
            r = await client.get(path)
            assert r.status == 200 and r.content_type == "text/html"
            assert '<script type="module" src="/static/viewer.js">' in await r.text()
        r = await client.get("/static/viewer.js")
        assert r.status == 200 and r.content_type == "text/javascript"
        assert (await client.get("/static/viewer.css")).content_type == "text/css"
        for bad in ("/static/nothing.js", "/static/..%2Fapp.py", "/static/%2e%2e%2Froutes_static.py"):
            r = await client.get(bad)
            assert r.status == 404, bad
            assert (await r.json())["code"] == "not-found"

    run(body)


def test_the_screen_shows_health_budgets_movement_and_the_board_in_the_rulesets_words():
    async def body(client):
        created = await _create(client)
        r = await client.get(f"/v1/battles/{created['battle']}/screen", headers=bearer(created["spectator_token"]))
        assert r.status == 200
        screen = await r.json()
        assert screen["ruleset"] == "Lantern Marsh" and screen["round"] == 1 and screen["turn"] == "juno"
        assert screen["order"] == ["reed-witch", "juno", "bog-hound-2", "wren", "bog-hound"]
        assert screen["pending"] == {"actor": "juno", "decision": "turn", "controller": "player", "player": "p1",
                                     "window": None}
        juno = next(c for c in screen["combatants"] if c["id"] == "juno")
        assert juno["health"] == {"kind": "pool", "label": "Breath", "current": 6, "max": 11, "boxes": None}
        assert juno["position"] == [1, 2]
        assert juno["budgets"] == [{"id": "act", "label": "Action", "left": 1, "per": "turn"},
                                   {"id": "quick", "label": "Quick action", "left": 1, "per": "turn"}]
        assert juno["movement"] == {"left": "6 strides", "cells": 6, "modes": None, "airborne": False, "aloft": None}
        witch = next(c for c in screen["combatants"] if c["id"] == "reed-witch")
        assert set(witch) >= {"health", "conditions", "position"} and "block" not in witch and "sheet" not in witch
        board = screen["board"]
        assert (board["width"], board["height"], board["unit"]) == (10, 7, "strides")
        assert board["rows"][2] == "..~~,..T.." and board["heights"][0] == "0000000011"
        assert board["legend"][","] == {"kind": "rough", "label": "rough ground", "cost": "2 strides"}
        assert board["legend"]["#"] == {"kind": "solid", "label": "wall", "cost": "1 strides"}
        # Every token of the battle reads the same screen.
        for token in (created["gm_token"], created["tokens"]["p1"]):
            again = await (await client.get(f"/v1/battles/{created['battle']}/screen", headers=bearer(token))).json()
            assert again == screen

    run(body)


def test_without_a_board_the_screen_has_no_board_and_no_movement():
    async def body(client):
        created = await _create(client, board=False)
        screen = await (await client.get(f"/v1/battles/{created['battle']}/screen",
                                         headers=bearer(created["spectator_token"]))).json()
        assert screen["board"] is None and screen["style"] == "classic"
        assert all(c["movement"] is None and c["position"] is None for c in screen["combatants"])

    run(body)


def test_a_spectator_watches_but_never_acts_nor_reads_a_sheet():
    async def body(client):
        created = await _create(client)
        battle, watch = created["battle"], bearer(created["spectator_token"])
        view = await (await client.get(f"/v1/battles/{battle}", headers=watch)).json()
        assert view["role"] == "spectator" and "dice" not in view["state"]
        assert all(set(c) <= {"id", "name", "side", "controller", "down", "out", "order", "initiative", "conditions"}
                   for c in view["state"]["combatants"])
        menu = await (await client.get(f"/v1/battles/{battle}/menu", headers=watch)).json()
        assert menu["actor"] == "juno" and menu["yours"] is False and menu["options"] == []
        r = await client.get(f"/v1/battles/{battle}/sheets/juno", headers=watch)
        assert r.status == 403 and (await r.json())["code"] == "not-yours"
        choice = {"actor": "juno", "option_id": "end-turn", "request_id": "s-1", "revision": view["revision"]}
        r = await client.post(f"/v1/battles/{battle}/choices", json=choice, headers=watch)
        assert r.status == 403 and (await r.json())["code"] == "not-yours"
        events = await (await client.get(f"/v1/battles/{battle}/events", headers=watch)).json()
        assert events["events"][-1]["text"] == "Juno's turn."
        # The token belongs to its own battle only.
        other = await _create(client)
        r = await client.get(f"/v1/battles/{other['battle']}/screen", headers=watch)
        assert r.status == 403

    run(body)


def test_the_openapi_document_lists_the_screen():
    async def body(client):
        doc = await (await client.get("/v1/openapi.json")).json()
        op = doc["paths"]["/v1/battles/{battle}/screen"]["get"]
        assert op["responses"]["200"]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/ScreenView"}
        assert {"CombatantShown", "BoardShown", "HealthShown"} <= set(doc["components"]["schemas"])
        assert "spectator_token" in doc["components"]["schemas"]["CreatedBattle"]["required"]

    run(body)
