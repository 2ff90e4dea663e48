"""The game and bridge routes through the real gateway (embedded, memory store): the
DESIGN's reply body and answer, the clocks and party reads, a stale party save, swipes,
the reminder, and the bridge's import and write-back."""

from __future__ import annotations

import json

from tests.conftest import UPSTREAM, needs_upstream
from tests.games.fixtures import game_package, member
from tests.gateway.harness import run


async def _game(client) -> None:
    r = await client.post("/v1/games", json={"game": "g1", "package": game_package(),
                                             "members": [member("Juno", 3), member("Pell", 4)]})
    assert r.status == 201, await r.text()


def test_replies_clocks_party_and_swipes_over_http():
    async def test(client):
        await _game(client)
        r = await client.post("/v1/games/g1/replies", json={
            "snapshot": "m1", "parent": None,
            "text": 'Boots. [clock: name="Alarm raised" size="6"] [clock: name="Alarm raised" tick="2" result="ok" now="6/6"]'})
        assert r.status == 201, await r.text()
        body = await r.json()
        assert body["text"] == ('Boots. [clock: name="Alarm raised" size="6" result="ok" now="0/6"] '
                                '[clock: name="Alarm raised" tick="2" result="ok" now="2/6"]')
        assert body["clocks"] == [{"name": "Alarm raised", "size": 6, "filled": 2}]
        r = await client.post("/v1/games/g1/replies", json={"snapshot": "m2", "text": '[clock: name="Alarm raised" tick="1"]'})
        assert (await r.json())["parent"] == "m1"
        r = await client.post("/v1/games/g1/replies", json={
            "snapshot": "m2b", "parent": "m1", "text": '[sheet: sheet="party" op="restore" pool="coin" amount="3"]'})
        assert (await r.json())["clocks"][0]["filled"] == 2
        r = await client.get("/v1/games/g1/clocks")
        assert (await r.json())["clocks"] == [{"name": "Alarm raised", "size": 6, "filled": 2}]
        r = await client.post("/v1/games/g1/current", json={"snapshot": "m2"})
        assert (await r.json())["clocks"][0]["filled"] == 3
        r = await client.get("/v1/games/g1/party", params={"snapshot": "m2b"})
        party = await r.json()
        assert party["party"]["pools"] == {"coin": {"current": 3, "max": 8}}
        assert party["party"]["fromMembers"] == {"size": 2, "stamina_total": 7}
        r = await client.put("/v1/games/g1/party", json={"revision": 0, "fields": {"heat": 1}})
        assert r.status == 409
        assert (await r.json())["code"] == "stale-party-revision"
        revision = (await (await client.get("/v1/games/g1/party")).json())["partyRevision"]
        r = await client.put("/v1/games/g1/party", json={"revision": revision, "fields": {"heat": 1}})
        assert r.status == 200, await r.text()
        assert (await r.json())["party"]["fields"]["heat"] == 1
        r = await client.delete("/v1/games/g1/snapshots/m2")
        assert (await r.json())["current"] == "m2b"
        r = await client.get("/v1/games/g1/reminder")
        text = (await r.json())["text"]
        assert "- Alarm raised: 2/6 segments filled (4 to go)" in text
        assert "Party sheet: Crew" in text
        r = await client.get("/v1/games/g1/clocks", params={"snapshot": "nope"})
        assert r.status == 404
        r = await client.post("/v1/games/nope/replies", json={"snapshot": "x", "text": ""})
        assert r.status == 404
        r = await client.post("/v1/games/g1/replies", json={"snapshot": "m1", "parent": None, "text": "other"})
        assert r.status == 409
        doc = await (await client.get("/v1/openapi.json")).json()
        assert "/v1/games/{game}/replies" in doc["paths"] and "/v1/bridge/write-back" in doc["paths"]

    run(test)


@needs_upstream
def test_bridge_import_and_write_back_over_http():
    from tests.games.test_bridge import ember_data, wren

    package = ember_data()
    shipped = json.loads((UPSTREAM / "ember-roads.json").read_text())

    async def test(client):
        r = await client.post("/v1/bridge/import", json={"package": shipped, "members": [wren()],
                                                         "host": {"Wren": {"maxHealth": 40}}})
        assert r.status == 422
        assert await r.json() == {"code": "own-combat", "message": (
            "Ember Roads declares its own combat block, so its fights are resolved by its own rules "
            "(POST /v1/battles) and no sheet is lent to Marinara's battle")}
        r = await client.post("/v1/bridge/write-back", json={
            "package": shipped, "members": [wren()], "ended": {"Wren": {"health": 10, "maxHealth": 40, "mp": 1}}})
        assert r.status == 422 and (await r.json())["code"] == "own-combat"
        r = await client.post("/v1/bridge/import", json={"package": package, "members": [wren()],
                                                         "host": {"Wren": {"maxHealth": 40}}})
        assert r.status == 200, await r.text()
        lent = (await r.json())["members"][0]
        assert lent["health"]["start"] == 15 and lent["mp"]["current"] == 2
        r = await client.post("/v1/bridge/write-back", json={
            "package": package, "members": [wren()], "ended": {"Wren": {"health": 10, "maxHealth": 40, "mp": 1}}})
        out = (await r.json())["members"][0]
        assert out["sheet"]["live"]["pools"] == {"grit": 2, "luck": 1}
        r = await client.post("/v1/bridge/import", json={"package": game_package(), "members": [member("Juno", 3)],
                                                         "host": {"Juno": {"maxHealth": 40}}})
        assert r.status == 422 and (await r.json())["code"] == "no-battle-block"

    run(test)


def test_a_stored_member_sheet_out_of_range_is_kept_as_stored_and_flagged():
    async def test(client):
        # Lantern Marsh offers Stamina 0..6; Juno's stored sheet holds 8.
        r = await client.post("/v1/games", json={"game": "g2", "package": game_package(),
                                                 "members": [member("Juno", 8), member("Pell", 4)]})
        assert r.status == 201, await r.text()
        view = await r.json()
        assert view["flags"] == {"Juno": ["sheet.fields.stamina: must be within 0..6, not 8 (kept as stored)"]}
        # The Crew's member fields read the sheets as stored: 2 members, Stamina 8 + 4 = 12.
        assert view["party"]["fromMembers"] == {"size": 2, "stamina_total": 12}
        r = await client.put("/v1/games/g2/members", json={"members": [member("Pell", 4)]})
        assert r.status == 200 and (await r.json())["flags"] == {}
        r = await client.put("/v1/games/g2/members", json={"members": [member("Juno", "lots")]})
        assert r.status == 422
        assert await r.json() == {"code": "bad-members",
                                  "message": "members[0].sheet.fields.stamina: must be a number, not text"}

    run(test)
