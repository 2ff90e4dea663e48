"""Layers over HTTP (issue 22 section 3): `layers` on `POST /v1/games` and `POST
/v1/battles`, frozen into the game's record and the battle's `ruleset` pin, refused with a
400 `bad-layers` when unknown or conflicting; a fight started from a game plays the game's
layers. Upstream packages: the 5e example (`low_magic`, `high_magic`) and Ember Roads
(`hard_winter`). The game's dice: seed 3 throws d6s 2, 3."""

from __future__ import annotations

import uuid

from tests.games.upstream_games import FIVE_E, mira, package
from tests.gateway.harness import bearer, run

EMBER = "ember-roads.json"
MIRA_FLAG = 'sheet.fields.spellcasting_ability: must be one of "none", "wis", not "int" (kept as stored, read as "none")'


def _id() -> str:
    return f"g-{uuid.uuid4().hex[:12]}"


def test_a_game_pins_its_layers_and_refuses_unknown_or_conflicting_ones():
    async def test(client):
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "package": package(FIVE_E), "members": [mira()],
                                                 "layers": ["low_magic"]})
        assert r.status == 201, await r.text()
        body = await r.json()
        assert (body["layers"], body["flags"]) == (["low_magic"], {"Mira": [MIRA_FLAG]})
        assert (await (await client.get(f"/v1/games/{g}")).json())["layers"] == ["low_magic"]
        r = await client.post("/v1/games", json={"game": _id(), "package": package(FIVE_E), "members": [mira()],
                                                 "layers": ["low_magic", "high_magic"]})
        assert (r.status, await r.json()) == (400, {
            "code": "bad-layers",
            "message": 'layers "low_magic" and "high_magic" conflict: they cannot be on together'})
        r = await client.post("/v1/games", json={"game": _id(), "package": package(EMBER), "layers": ["low_magic"]})
        assert (r.status, await r.json()) == (400, {
            "code": "bad-layers", "message": 'unknown layer "low_magic" (this ruleset\'s layers: hard_winter)'})

    run(test)


def test_ember_roads_hard_winter_hard_is_dc_11_at_the_checks_endpoint():
    async def test(client):
        for layers, dc in (([], 10), (["hard_winter"], 11)):
            g = _id()
            r = await client.post("/v1/games", json={"game": g, "package": package(EMBER), "layers": layers,
                                                     "members": [{"name": "Tobin"}], "seed": 3})
            assert r.status == 201, await r.text()
            r = await client.post(f"/v1/games/{g}/checks", json={"who": "Tobin", "skill": "Sneak",
                                                                 "difficulty": "Hard"})
            assert r.status == 200, await r.text()
            assert (await r.json())["receipt"] == (
                f'[skill_check: skill="Sneak" who="Tobin" dc="{dc}" rolls="2|3" used="5" modifier="0" total="5" '
                'result="failure" dice="2d6" resolution="sum"]')

    run(test)


def test_a_battle_pins_its_layers_and_a_fight_from_a_game_plays_the_games():
    async def test(client):
        r = await client.post("/v1/battles", json={"package": package(FIVE_E), "layers": ["wild_magic"],
                                                   "party": [{**mira(), "controller": "engine"}],
                                                   "foes": [{"creature": "cinder-hound"}], "seed": 1})
        assert (r.status, await r.json()) == (400, {
            "code": "bad-layers",
            "message": 'unknown layer "wild_magic" (this ruleset\'s layers: low_magic, high_magic)'})
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "package": package(FIVE_E), "members": [mira()],
                                                 "layers": ["low_magic"]})
        assert r.status == 201, await r.text()
        r = await client.post("/v1/battles", json={"game": g, "party": [{"name": "Mira", "controller": "player",
                                                                         "player": "p1"}],
                                                   "foes": [{"creature": "cinder-hound"}], "seed": 1})
        assert r.status == 201, await r.text()
        created = await r.json()
        view = await (await client.get(f"/v1/battles/{created['battle']}", headers=bearer(created["gm_token"]))).json()
        assert view["state"]["ruleset"]["layers"] == ["low_magic"]
        # Mira's sheet in the fight keeps "int" and shows it flagged, read as "none".
        mira_id = next(c["id"] for c in view["state"]["combatants"] if c["name"] == "Mira")
        r = await client.get(f"/v1/battles/{created['battle']}/sheets/{mira_id}", headers=bearer(created["gm_token"]))
        sheet = await r.json()
        assert sheet["sheet"]["fields"]["spellcasting_ability"] == "int"
        assert sheet["flags"] == [MIRA_FLAG]

    run(test)


def test_the_picker_leaves_out_the_knacks_hard_winter_hides():
    async def test(client):
        r = await client.post("/v1/rulesets", json=package(EMBER))
        assert r.status in (200, 201), await r.text()
        ember = (await r.json())["digest"]

        async def knacks(query: str) -> tuple[int, list[str]]:
            page = await (await client.get(f"/v1/rulesets/{ember}/catalogs/knacks{query}")).json()
            return page["total"], [e["id"] for e in page["entries"]]

        every = ["road-sense", "scrap-whisper", "iron-stomach", "last-ember", "coldfire-toss", "hold-the-line",
                 "second-breath", "smother"]
        assert await knacks("") == (8, every)
        # hard_winter hides the knacks whose grit is above 0: Last Ember and Coldfire Toss (grit 1).
        assert await knacks("?layers=hard_winter") == (6, [k for k in every if k not in ("last-ember", "coldfire-toss")])
        assert await knacks("?layers=hard_winter&offset=3&limit=1") == (6, ["hold-the-line"])
        r = await client.get(f"/v1/rulesets/{ember}/catalogs/knacks?layers=hard_winter,low_magic")
        assert (r.status, await r.json()) == (400, {
            "code": "bad-layers", "message": 'unknown layer "low_magic" (this ruleset\'s layers: hard_winter)'})

    run(test)
