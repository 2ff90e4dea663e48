"""Picks and "refresh from ruleset" on a game member's sheet over HTTP (issue 22 section 2):
`POST /v1/games/{game}/members/{who}/picks` writes catalog entries onto the member's stored
sheet as marked row copies, all or nothing, under the game's layers; `GET .../refresh`
offers the newer text-like cells and `POST .../refresh` writes the ones taken. On Ember
Roads as it ships (version 1) and its version 2 with Last Ember's notes reworded
(tests/sheet/test_picks.py `newer_ember`). Runs on the memory store here and on Redis in
tests/integration/test_gateway_on_redis.py."""

from __future__ import annotations

import json
import uuid
from typing import Any

from tests.conftest import UPSTREAM
from tests.gateway.harness import run
from tests.sheet.test_picks import LAST_EMBER_NOTES, newer_ember

EMBER = json.loads((UPSTREAM / "ember-roads.json").read_text())
REWORDED = "Spend 1 Grit: a downed friend gets 3 Grit back. Once a camp per Heart."
#: Last Ember's two rows as picked onto Heart 2: "uses" written 1, worked out from Heart: 2.
LAST_EMBER_ROWS = {
    "knacks": [{"name": "Last Ember", "notes": LAST_EMBER_NOTES, "_catalog": "knacks/last-ember"}],
    "tricks": [{"name": "Last Ember", "uses": 2, "recharge": "camp", "_catalog": "knacks/last-ember"}],
}


def _id() -> str:
    return f"g-{uuid.uuid4().hex[:12]}"


async def _game(client: Any, **extra: Any) -> str:
    game = _id()
    r = await client.post("/v1/games", json={"game": game, "package": EMBER, **extra, "members": [
        {"name": "Tobin", "sheet": {"abilities": {"heart": 2}}}, {"name": "Pell"}]})
    assert r.status == 201, await r.text()
    return game


def test_a_pick_writes_marked_rows_onto_the_members_stored_sheet():
    async def test(client):
        game = await _game(client)
        revision = (await (await client.get(f"/v1/games/{game}")).json())["revision"]
        r = await client.post(f"/v1/games/{game}/members/tobin/picks", json={"entries": ["knacks/last-ember"]})
        assert r.status == 200, await r.text()
        body = await r.json()
        assert (body["game"], body["member"], body["revision"]) == (game, "Tobin", revision + 1)
        assert body["sheet"] == {"abilities": {"heart": 2}, "lists": LAST_EMBER_ROWS}
        # A member stored without a sheet starts from a blank one: Heart 0 writes 0 uses.
        r = await client.post(f"/v1/games/{game}/members/Pell/picks",
                              json={"entries": ["knacks/road-sense", "knacks/last-ember"]})
        assert r.status == 200, await r.text()
        lists = (await r.json())["sheet"]["lists"]
        assert [row["_catalog"] for row in lists["knacks"]] == ["knacks/road-sense", "knacks/last-ember"]
        assert lists["tricks"][0]["uses"] == 0
        # A fight started from the game reads the picked sheet (its trick pool is Heart's 2).
        r = await client.post("/v1/battles", json={"game": game, "party": [{"name": "Tobin"}],
                                                   "foes": [{"creature": "rust-jackal"}], "seed": 1})
        assert r.status == 201, await r.text()

    run(test)


def test_a_refused_pick_writes_nothing():
    async def test(client):
        game = await _game(client)
        revision = (await (await client.get(f"/v1/games/{game}")).json())["revision"]
        # All or nothing: Road Sense is not written when the entry after it is unknown.
        r = await client.post(f"/v1/games/{game}/members/Tobin/picks",
                              json={"entries": ["knacks/road-sense", "knacks/ember-dance"]})
        assert (r.status, await r.json()) == (400, {
            "code": "unknown-entry", "message": 'catalog "knacks" has no entry "ember-dance"'})
        r = await client.post(f"/v1/games/{game}/members/Ora/picks", json={"entries": ["knacks/road-sense"]})
        assert (r.status, (await r.json())["code"]) == (400, "unknown-character")
        r = await client.post(f"/v1/games/{game}/members/Tobin/picks", json={"entries": ["road-sense"]})
        assert (r.status, (await r.json())["code"]) == (400, "malformed")
        assert (await (await client.get(f"/v1/games/{game}")).json())["revision"] == revision
        # The game's layers: hard_winter hides the knacks costing Grit from its picker, so
        # picking Last Ember is refused; Road Sense (grit 0) is picked.
        winter = await _game(client, layers=["hard_winter"])
        r = await client.post(f"/v1/games/{winter}/members/Tobin/picks", json={"entries": ["knacks/last-ember"]})
        assert (r.status, await r.json()) == (400, {
            "code": "hidden-by-layer",
            "message": 'the layer "hard_winter" (Hard winter) hides Last Ember from the picker'})
        r = await client.post(f"/v1/games/{winter}/members/Tobin/picks", json={"entries": ["knacks/road-sense"]})
        assert r.status == 200, await r.text()

    run(test)


def test_refresh_offers_only_the_newer_text_and_writes_the_offers_taken():
    async def test(client):
        source = f"t{uuid.uuid4().hex[:10]}"
        r = await client.post("/v1/rulesets", json=EMBER, params={"source": source})
        assert r.status == 201, await r.text()
        v1 = (await r.json())["digest"]
        r = await client.post("/v1/rulesets", json=newer_ember(), params={"source": source})
        assert r.status == 201, await r.text()
        v2 = (await r.json())["digest"]
        game = _id()
        r = await client.post("/v1/games", json={"game": game, "ruleset": f"community/{source}/ember-roads@1",
                                                 "members": [{"name": "Tobin", "sheet": {"abilities": {"heart": 2}}}]})
        assert r.status == 201, await r.text()
        r = await client.post(f"/v1/games/{game}/members/Tobin/picks", json={"entries": ["knacks/last-ember"]})
        assert r.status == 200, await r.text()
        # The game's own pin offers nothing: the rows are its text.
        r = await client.get(f"/v1/games/{game}/members/Tobin/refresh")
        assert r.status == 200, await r.text()
        body = await r.json()
        assert (body["ruleset"], body["since"], body["offers"]) == (v1, None, [])
        # Version 2 (by its registry name, or its digest) offers only the reworded notes: not
        # its 3 uses (a number) nor "scene" (a choice).
        offer = {"list": "knacks", "row": 0, "entry": "knacks/last-ember", "column": "notes",
                 "current": LAST_EMBER_NOTES, "offered": REWORDED}
        for asked in (f"community/{source}/ember-roads@2", v2):
            r = await client.get(f"/v1/games/{game}/members/Tobin/refresh", params={"ruleset": asked})
            assert r.status == 200, await r.text()
            body = await r.json()
            assert (body["ruleset"], body["since"], body["offers"]) == (v2, v1, [offer])
        revision = body["revision"]
        r = await client.post(f"/v1/games/{game}/members/Tobin/refresh",
                              json={"ruleset": f"community/{source}/ember-roads@2", "take": [offer]})
        assert r.status == 200, await r.text()
        body = await r.json()
        assert (body["taken"], body["offers"], body["revision"]) == (1, [], revision + 1)
        assert body["sheet"]["lists"] == {
            "knacks": [{"name": "Last Ember", "notes": REWORDED, "_catalog": "knacks/last-ember"}],
            "tricks": LAST_EMBER_ROWS["tricks"],
        }
        # The same offer again no longer matches the sheet: skipped, nothing written but the
        # game keeps its pin.
        r = await client.post(f"/v1/games/{game}/members/Tobin/refresh", json={"ruleset": v2, "take": [offer]})
        assert (await r.json())["taken"] == 0
        assert (await (await client.get(f"/v1/games/{game}")).json())["ruleset"] == v1
        r = await client.get(f"/v1/games/{game}/members/Tobin/refresh", params={"ruleset": "official/nothing-here"})
        # A name the registry does not list is refused as a game's creation refuses it.
        assert (r.status, await r.json()) == (422, {
            "code": "unknown-ruleset", "message": "no ruleset is listed as official/nothing-here"})

    run(test)
