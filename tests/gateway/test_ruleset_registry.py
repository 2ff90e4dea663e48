"""The ruleset registry through the real gateway (issue 22, section 5), on the memory store
and on Redis alike: rulesets stored by namespace, id and version (the same package again is a
no-op; other content under a listed version is refused, asking for a higher version); a game
keeps the version it pinned after an update; removing a ruleset games pin is 409 with their
count unless forced; a community package with an official id lives in its own namespace and
never shadows the official one. On the upstream Ember Roads and the 5e SRD package."""

from __future__ import annotations

import copy
import json
import re
from typing import Any, Iterator

import pytest

from shared.dice.rng import face_at
from shared.ruleset.load import package_digest, read_package
from tests.conftest import UPSTREAM
from tests.gateway.harness import run
from tests.redis_harness import purge_namespace, redis_url, unique_namespace
from tests.ruleset.test_package_folders import bundle_of

__all__ = ["redis_url"]

EMBER = json.loads((UPSTREAM / "ember-roads.json").read_text())
SRD = UPSTREAM / "5e-srd"
PARTY = json.loads((UPSTREAM.parent.parent / "combat" / "fixtures" / "5e-srd-party.json").read_text())


def ember_v2() -> dict[str, Any]:
    """Ember Roads version 2: "Hard" is DC 11, not 10."""
    package = copy.deepcopy(EMBER)
    package["version"] = 2
    ladder = package["resolution"]["difficultyLadder"]
    assert ladder[2] == {"label": "Hard", "dc": 10}
    ladder[2]["dc"] = 11
    return package


def ember_edited() -> dict[str, Any]:
    """Ember Roads still saying version 1, with other content (a new name)."""
    return {**EMBER, "name": "Ember Roads (edited)"}


@pytest.fixture(params=["memory", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh store each test: None (the gateway's own memory store) or a Redis namespace."""
    if request.param == "memory":
        yield None
        return
    from shared.store.redis_store import RedisBattleStore

    namespace = unique_namespace("mbregistry")
    redis_store = RedisBattleStore.from_url(request.getfixturevalue("redis_url"), namespace=namespace)
    try:
        yield redis_store
    finally:
        purge_namespace(redis_store.client, namespace)
        redis_store.close()


def go(test: Any, store: Any) -> Any:
    return run(test) if store is None else run(test, store=store)


def test_a_version_is_stored_once_and_other_content_under_it_is_refused(store):
    v1 = package_digest(EMBER)

    async def test(client):
        r = await client.post("/v1/rulesets", json=EMBER, params={"source": "acme"})
        assert r.status == 201, await r.text()
        assert await r.json() == {"digest": v1, "id": "ember-roads", "version": 1,
                                  "ref": "community/acme/ember-roads@1", "namespace": "community/acme",
                                  "name": "Ember Roads", "license": "CC0-1.0", "added": True}
        # The same bytes again: a no-op answering the entry listed.
        r = await client.post("/v1/rulesets", json=EMBER, params={"source": "acme"})
        assert r.status == 200 and (await r.json())["added"] is False
        # Other content under version 1: refused, asking the author to raise the version.
        r = await client.post("/v1/rulesets", json=ember_edited(), params={"source": "acme"})
        assert r.status == 409
        assert await r.json() == {
            "code": "version-taken",
            "message": f"community/acme/ember-roads version 1 is already stored with other content ({v1}): "
                       'raise "version" above 1 to add this package as a new version'}
        # Raised to 2, it is a new version beside the first.
        r = await client.post("/v1/rulesets", json=ember_v2(), params={"source": "acme"})
        assert r.status == 201 and (await r.json())["ref"] == "community/acme/ember-roads@2"
        r = await client.get("/v1/rulesets")
        listed = (await r.json())["rulesets"]
        assert [(e["ref"], e["digest"]) for e in listed] == [
            ("community/acme/ember-roads@1", v1), ("community/acme/ember-roads@2", package_digest(ember_v2()))]
        # A source that is no source's name is refused before anything is stored.
        r = await client.post("/v1/rulesets", json=EMBER, params={"source": "Not A Source"})
        assert r.status == 400 and (await r.json())["code"] == "bad-source"

    go(test, store)


def _dc(receipt: str) -> str:
    found = re.search(r' dc="(\d+)"', receipt)
    assert found is not None, receipt
    return found[1]


def test_a_game_keeps_the_version_it_pinned_after_an_update(store):
    # Seed 4's first two d6: both games throw the same dice, so only the ladder differs.
    rolls = [face_at(4, n, 6) for n in range(2)]

    async def test(client):
        r = await client.post("/v1/rulesets", json=EMBER, params={"source": "acme"})
        assert r.status == 201
        r = await client.post("/v1/games", json={"game": "before", "ruleset": "community/acme/ember-roads",
                                                 "members": [{"name": "Tobin"}], "seed": 4})
        assert r.status == 201, await r.text()
        assert (await r.json())["ruleset"] == package_digest(EMBER)
        r = await client.post("/v1/rulesets", json=ember_v2(), params={"source": "acme"})
        assert r.status == 201
        r = await client.post("/v1/games", json={"game": "after", "ruleset": "community/acme/ember-roads",
                                                 "members": [{"name": "Tobin"}], "seed": 4})
        assert (await r.json())["ruleset"] == package_digest(ember_v2())
        # "Hard" is DC 10 in the game made on version 1, and DC 11 in the one made on 2.
        answers = {}
        for game in ("before", "after"):
            r = await client.post(f"/v1/games/{game}/checks",
                                  json={"who": "Tobin", "skill": "Scrap", "difficulty": "Hard"})
            assert r.status == 200, await r.text()
            answers[game] = await r.json()
        assert (_dc(answers["before"]["receipt"]), _dc(answers["after"]["receipt"])) == ("10", "11")
        assert all(f'rolls="{rolls[0]}|{rolls[1]}"' in a["receipt"] for a in answers.values())
        r = await client.get("/v1/games/before")
        assert (await r.json())["ruleset"] == package_digest(EMBER)
        # A version named outright is that version.
        r = await client.post("/v1/games", json={"game": "named", "ruleset": "community/acme/ember-roads@1"})
        assert (await r.json())["ruleset"] == package_digest(EMBER)
        r = await client.post("/v1/games", json={"game": "none", "ruleset": "community/acme/ember-roads@3"})
        assert r.status == 422
        assert await r.json() == {"code": "unknown-ruleset",
                                  "message": "no ruleset is listed as community/acme/ember-roads@3"}

    go(test, store)


def test_removing_a_ruleset_games_pin_is_409_with_the_count_unless_forced(store):
    async def test(client):
        await client.post("/v1/rulesets", json=EMBER, params={"source": "acme"})
        await client.post("/v1/rulesets", json=ember_v2(), params={"source": "acme"})
        for game, ruleset in (("a", "community/acme/ember-roads@1"), ("b", "community/acme/ember-roads@1"),
                              ("c", "community/acme/ember-roads@2")):
            r = await client.post("/v1/games", json={"game": game, "ruleset": ruleset})
            assert r.status == 201, await r.text()
        r = await client.delete("/v1/rulesets/community/acme/ember-roads", params={"version": "1"})
        assert r.status == 409
        assert await r.json() == {
            "code": "ruleset-pinned", "games": 2,
            "message": "2 games pin community/acme/ember-roads@1: remove it with force to take it off the list "
                       "anyway (those games keep playing it)"}
        # Every version: the three games.
        r = await client.delete("/v1/rulesets/community/acme/ember-roads")
        assert r.status == 409 and (await r.json())["games"] == 3
        r = await client.delete("/v1/rulesets/community/acme/ember-roads", params={"version": "1", "force": "true"})
        assert r.status == 200
        assert await r.json() == {"removed": ["community/acme/ember-roads@1"], "games": 2}
        r = await client.get("/v1/rulesets")
        assert [e["ref"] for e in (await r.json())["rulesets"]] == ["community/acme/ember-roads@2"]
        # The games pinned to it keep playing it: its text stays under its digest.
        r = await client.post("/v1/games/a/checks", json={"who": "Tobin", "skill": "Scrap", "difficulty": "Hard"})
        assert r.status == 200 and _dc((await r.json())["receipt"]) == "10"
        # It no longer has a name to start a game by, and removing it again names nothing.
        r = await client.post("/v1/games", json={"game": "d", "ruleset": "community/acme/ember-roads@1"})
        assert r.status == 422 and (await r.json())["code"] == "unknown-ruleset"
        r = await client.delete("/v1/rulesets/community/acme/ember-roads", params={"version": "1"})
        assert r.status == 404 and (await r.json())["code"] == "unknown-ruleset"
        r = await client.delete("/v1/rulesets/community/acme/ember-roads", params={"version": "one"})
        assert r.status == 400

    go(test, store)


def test_a_ruleset_no_game_pins_is_removed_at_once(store):
    async def test(client):
        await client.post("/v1/rulesets", json=bundle_of(SRD), params={"source": "official"})
        r = await client.delete("/v1/rulesets/official/5e-2014")
        assert r.status == 200 and await r.json() == {"removed": ["official/5e-2014@7"], "games": 0}
        assert (await (await client.get("/v1/rulesets")).json())["rulesets"] == []

    go(test, store)


def test_a_community_package_never_shadows_the_official_one(store):
    official = package_digest(read_package(SRD).data)
    # Someone's own edit of the SRD package, under the same id and version.
    copied = bundle_of(SRD)
    copied["ruleset"] = {**copied["ruleset"], "name": "5e (house rules)"}
    house = package_digest({**read_package(SRD).data, "name": "5e (house rules)"})

    async def test(client):
        r = await client.post("/v1/rulesets", json=bundle_of(SRD), params={"source": "official"})
        assert r.status == 201 and (await r.json())["ref"] == "official/5e-2014@7"
        r = await client.post("/v1/rulesets", json=copied, params={"source": "tavern"})
        assert r.status == 201, await r.text()
        assert (await r.json())["ref"] == "community/tavern/5e-2014@7"
        # Without a source it is the local community's: still not official.
        r = await client.post("/v1/rulesets", json=copied)
        assert (await r.json())["ref"] == "community/local/5e-2014@7"
        # The bare id and the official name are the official package; the copies are reached
        # only by their own namespace.
        for name, digest in (("5e-2014", official), ("official/5e-2014", official), ("5e-2014@7", official),
                             ("community/tavern/5e-2014", house)):
            r = await client.post("/v1/games", json={"game": f"g{len(name)}", "ruleset": name})
            assert r.status == 201, await r.text()
            assert (await r.json())["ruleset"] == digest, name
        r = await client.get("/v1/rulesets")
        assert [(e["ref"], e["name"]) for e in (await r.json())["rulesets"]] == [
            ("official/5e-2014@7", "5e (SRD 5.1)"), ("community/local/5e-2014@7", "5e (house rules)"),
            ("community/tavern/5e-2014@7", "5e (house rules)")]
        r = await client.get("/v1/rulesets", params={"namespace": "official"})
        assert [e["ref"] for e in (await r.json())["rulesets"]] == ["official/5e-2014@7"]
        # A battle takes the same names.
        r = await client.post("/v1/battles", json={"ruleset": "official/5e-2014", "party": [PARTY[0]],
                                                   "foes": [{"creature": "zombie"}], "seed": 1})
        assert r.status == 201, await r.text()
        assert (await r.json())["ruleset"] == official

    go(test, store)


def test_the_document_names_the_registry_routes_and_their_answers():
    async def test(client):
        doc = await (await client.get("/v1/openapi.json")).json()
        post = doc["paths"]["/v1/rulesets"]["post"]
        assert sorted(post["responses"]) == ["200", "201", "400", "409", "413", "422"]
        assert [p["name"] for p in post["parameters"]] == ["source"]
        assert sorted(doc["paths"]["/v1/rulesets"]) == ["get", "post"]
        remove = doc["paths"]["/v1/rulesets/community/{source}/{ruleset_id}"]["delete"]
        assert [p["name"] for p in remove["parameters"]] == ["source", "ruleset_id", "version", "force"]
        assert sorted(remove["responses"]) == ["200", "400", "404", "409"]
        assert "delete" in doc["paths"]["/v1/rulesets/official/{ruleset_id}"]
        assert "games" in doc["components"]["schemas"]["ErrorBody"]["properties"]

    run(test)


def test_the_bridge_takes_a_registry_name_too(store):
    async def test(client):
        await client.post("/v1/rulesets", json=EMBER, params={"source": "acme"})
        host = {"Wren": {"maxHealth": 40}}
        r = await client.post("/v1/bridge/import", json={"ruleset": "community/acme/ember-roads",
                                                         "members": [{"name": "Wren"}], "host": host})
        # Ember Roads, found by its name: it fights by its own combat block, so it lends nothing.
        assert r.status == 422
        assert await r.json() == {"code": "own-combat", "message": (
            "Ember Roads declares its own combat block, so its fights are resolved by its own rules "
            "(POST /v1/battles) and no sheet is lent to Marinara's battle")}
        r = await client.post("/v1/bridge/import", json={"ruleset": "ember-roads", "members": [{"name": "Wren"}],
                                                         "host": host})
        assert r.status == 422
        assert await r.json() == {"code": "unknown-ruleset", "message": "no ruleset is listed as official/ember-roads"}

    go(test, store)


def test_an_official_id_names_its_catalogs(store):
    srd = package_digest(read_package(SRD).data)

    async def test(client):
        await client.post("/v1/rulesets", json=bundle_of(SRD), params={"source": "official"})
        r = await client.get("/v1/rulesets/5e-2014/catalogs")
        assert r.status == 200, await r.text()
        listing = await r.json()
        assert (listing["ruleset"], listing["id"], listing["version"]) == (srd, "5e-2014", 7)
        r = await client.get("/v1/rulesets/5e-2014/catalogs?version=7")
        assert r.status == 200 and (await r.json())["ruleset"] == srd
        r = await client.get("/v1/rulesets/5e-2014/catalogs?version=8")
        assert r.status == 404
        assert await r.json() == {"code": "unknown-version", "message": "official/5e-2014 has no version 8 (listed: 7)"}
        # A community copy is not reached by the bare id: only the official one is.
        r = await client.get("/v1/rulesets/ember-roads/catalogs")
        await client.post("/v1/rulesets", json=EMBER, params={"source": "acme"})
        r2 = await client.get("/v1/rulesets/ember-roads/catalogs/knacks")
        assert (r.status, r2.status) == (404, 404)
        assert await r2.json() == {"code": "unknown-ruleset", "message": "no ruleset is listed as official/ember-roads"}

    go(test, store)
