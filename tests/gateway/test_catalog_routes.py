"""A picker reads a stored ruleset's catalogs over HTTP (issue 22, section 2): `GET
/v1/rulesets/{ruleset}/catalogs` lists them with their entry counts and no entries (inline
ones stripped too), `.../catalogs/{catalog}` pages through the entries with their filter
values; an unknown ruleset, version or catalog is 404 with its code; a stored package that
no longer loads is 422 with its author's lines. On the upstream packages as vendored: the
5e-srd sample with its catalog files, Ember Roads, Gravewatch and the Engine's 5e example.
Real aiohttp test client; tests/integration/test_gateway_on_redis.py runs these on Redis."""

from __future__ import annotations

import copy
import json
import uuid
from typing import Any

from gateway.context import SERVICE
from shared.ruleset.load import package_digest
from tests.conftest import UPSTREAM
from tests.gateway.harness import run
from tests.ruleset.test_package_folders import bundle_of

SRD = UPSTREAM / "5e-srd"


def vendored(catalog: str) -> list[str]:
    """The ids of a catalog file of the vendored 5e-srd sample, in its order: the sample grows
    as entries are vendored for new rules, and the routes must list exactly what it holds."""
    return [e["id"] for e in json.loads((SRD / "catalogs" / f"{catalog}.json").read_text())["entries"]]


def upstream(name: str) -> dict[str, Any]:
    return json.loads((UPSTREAM / name).read_text())


async def stored(client: Any, package: Any) -> str:
    r = await client.post("/v1/rulesets", json=package)
    # 201 when it is new; 200 when an earlier test on the same (Redis) store listed it already.
    assert r.status in (200, 201), await r.text()
    return str((await r.json())["digest"])


def counts(listing: dict[str, Any]) -> list[tuple[str, str, int]]:
    return [(c["id"], c["holds"], c["entries"]) for c in listing["catalogs"]]


def test_every_catalog_is_listed_with_its_count_and_no_entries():
    async def body(client):
        srd = await stored(client, bundle_of(SRD))
        r = await client.get(f"/v1/rulesets/{srd}/catalogs")
        assert r.status == 200, await r.text()
        listing = await r.json()
        assert (listing["ruleset"], listing["id"], listing["version"]) == (srd, "5e-2014", 7)
        # spells, features and creatures come from catalogs/*.json; the 36 weapons are inline.
        assert counts(listing) == [("spells", "rows", len(vendored("spells"))),
                                   ("features", "rows", len(vendored("features"))), ("weapons", "rows", 36),
                                   ("creatures", "creatures", len(vendored("creatures")))]
        spells = listing["catalogs"][0]
        assert spells == {
            "id": "spells", "label": "Spells", "holds": "rows", "feeds": ["spells"],
            "filters": [{"id": "level", "label": "Level", "type": "number"},
                        {"id": "school", "label": "School", "type": "text"},
                        {"id": "classes", "label": "Class", "type": "tags", "startFrom": {"field": "class"}}],
            "units": {"distance": {"label": "ft", "perCell": 5}}, "entries": len(vendored("spells"))}
        assert listing["catalogs"][1]["feeds"] == ["features", "counters"]
        assert listing["catalogs"][3]["feeds"] == []

        ember = await stored(client, upstream("ember-roads.json"))
        listing = await (await client.get(f"/v1/rulesets/{ember}/catalogs")).json()
        assert counts(listing) == [("knacks", "rows", 8), ("road_trouble", "creatures", 4), ("outfitter", "items", 7)]
        assert listing["catalogs"][0]["units"] == {"distance": {"label": "paces", "perCell": 2}}
        assert listing["catalogs"][0]["filters"][2] == {"id": "callings", "label": "Calling", "type": "tags",
                                                        "startFrom": {"field": "calling"}}
        grave = await stored(client, upstream("gravewatch.json"))
        listing = await (await client.get(f"/v1/rulesets/{grave}/catalogs")).json()
        assert counts(listing) == [("charms", "rows", 4), ("night", "creatures", 2), ("kit", "items", 6)]
        example = await stored(client, upstream("ruleset-5e-2014.example.json"))
        listing = await (await client.get(f"/v1/rulesets/{example}/catalogs")).json()
        assert counts(listing) == [("creatures", "creatures", 5), ("feats", "rows", 3)]
        assert all("entries" not in json.dumps(c["filters"]) for c in listing["catalogs"])

    run(body)


def test_a_catalog_pages_through_its_entries_with_their_filters():
    async def body(client):
        srd = await stored(client, bundle_of(SRD))
        r = await client.get(f"/v1/rulesets/{srd}/catalogs/spells?offset=6&limit=3")
        assert r.status == 200, await r.text()
        page = await r.json()
        spells = vendored("spells")
        assert (page["offset"], page["limit"], page["total"]) == (6, 3, len(spells))
        assert page["catalog"]["entries"] == len(spells)
        # A page is the file's entries in the file's order.
        assert [e["id"] for e in page["entries"]] == spells[6:9]
        r = await client.get(f"/v1/rulesets/{srd}/catalogs/spells?offset={spells.index('fireball')}&limit=1")
        (fireball,) = (await r.json())["entries"]
        assert fireball["filters"] == {"level": 3, "school": "Evocation", "classes": ["Sorcerer", "Wizard"]}
        assert fireball["mechanics"]["amount"] == {"dice": "8d6"}
        assert fireball["rows"][0]["list"] == "spells"
        # The last page holds what is left; past the end is an empty page, not an error.
        last = len(spells) - 4
        page = await (await client.get(f"/v1/rulesets/{srd}/catalogs/spells?offset={last}&limit=50")).json()
        assert [e["id"] for e in page["entries"]] == spells[last:]
        page = await (await client.get(f"/v1/rulesets/{srd}/catalogs/spells?offset={len(spells)}")).json()
        assert (page["entries"], page["total"], page["limit"]) == ([], len(spells), 50)
        # The inline weapons page the same way: 36 in pages of 50 is one page.
        page = await (await client.get(f"/v1/rulesets/{srd}/catalogs/weapons")).json()
        assert (len(page["entries"]), page["total"]) == (36, 36)

        ember = await stored(client, upstream("ember-roads.json"))
        page = await (await client.get(f"/v1/rulesets/{ember}/catalogs/knacks?offset=3&limit=1")).json()
        assert [(e["id"], e["filters"]) for e in page["entries"]] == [
            ("last-ember", {"grit": 1, "road": "Every road", "callings": ["Ember-tender"]})]
        page = await (await client.get(f"/v1/rulesets/{ember}/catalogs/outfitter?limit=2")).json()
        assert page["total"] == 7 and all("item" in e for e in page["entries"])

    run(body)


def test_unknown_ruleset_version_and_catalog_are_404_with_a_code():
    async def body(client):
        ember = await stored(client, upstream("ember-roads.json"))
        nobody = "sha256:" + "0" * 64

        async def refused(url: str) -> tuple[int, str, str]:
            r = await client.get(url)
            answer = await r.json()
            return r.status, answer["code"], answer["message"]

        assert await refused(f"/v1/rulesets/{nobody}/catalogs") == (
            404, "unknown-ruleset", f"no ruleset is stored under {nobody}")
        assert (await refused(f"/v1/rulesets/{nobody}/catalogs/knacks"))[:2] == (404, "unknown-ruleset")
        assert (await refused("/v1/rulesets/ember-roads-x/catalogs"))[:2] == (404, "unknown-ruleset")
        version = upstream("ember-roads.json")["version"]
        assert await refused(f"/v1/rulesets/{ember}/catalogs?version={version + 1}") == (
            404, "unknown-version",
            f'the ruleset "ember-roads" stored there is version {version}, not version {version + 1}')
        r = await client.get(f"/v1/rulesets/{ember}/catalogs?version={version}")
        assert r.status == 200
        assert await refused(f"/v1/rulesets/{ember}/catalogs/spells") == (
            404, "unknown-catalog",
            'the ruleset "ember-roads" has no catalog "spells" (it has: knacks, road_trouble, outfitter)')
        assert await refused(f"/v1/rulesets/{ember}/catalogs/knacks?limit=201") == (
            400, "bad-page", "offset is 0 or more and limit 1 to 200 (asked offset 0, limit 201)")
        assert (await refused(f"/v1/rulesets/{ember}/catalogs/knacks?offset=x"))[:2] == (400, "malformed")

    run(body)


def test_a_stored_package_that_no_longer_loads_is_422_with_its_lines():
    """A package stored before the rules refused what it says (here written into the store
    directly: a knack that writes to a list the sheet does not have) is answered with the
    validator's own line, not a server error."""
    broken = copy.deepcopy(upstream("ember-roads.json"))
    broken["catalogs"][0]["entries"][3]["rows"][0]["list"] = "spells"
    digest = package_digest(broken)

    async def body(client):
        client.server.app[SERVICE].store.put_ruleset(digest, json.dumps(broken))
        r = await client.get(f"/v1/rulesets/{digest}/catalogs")
        answer = await r.json()
        assert (r.status, answer["code"]) == (422, "invalid-package")
        assert answer["problems"] == ['catalogs[0].entries[3].rows[0].list: unknown list "spells"']
        r = await client.get(f"/v1/rulesets/{digest}/catalogs/knacks")
        assert (r.status, (await r.json())["problems"]) == (422, answer["problems"])

    run(body)


def test_a_page_holds_only_the_entries_with_the_chosen_filter_values():
    async def body(client):
        srd = await stored(client, bundle_of(SRD))
        url = f"/v1/rulesets/{srd}/catalogs/spells"
        # Counterspell and Fireball are the sample's two level 3 spells.
        page = await (await client.get(url, params={"filter": "level:3"})).json()
        assert ([e["id"] for e in page["entries"]], page["total"]) == (["counterspell", "fireball"], 2)
        # A tags filter holds the value among its tags, regardless of case; filters combine.
        page = await (await client.get(url, params=[("filter", "classes:wizard"), ("filter", "level:3")])).json()
        assert [e["id"] for e in page["entries"]] == ["counterspell", "fireball"]
        page = await (await client.get(url, params=[("filter", "classes:Cleric"), ("filter", "school:evocation")])).json()
        assert [e["id"] for e in page["entries"]] == ["burning-hands", "cure-wounds", "guiding-bolt", "healing-word"]
        ember = await stored(client, upstream("ember-roads.json"))
        page = await (await client.get(f"/v1/rulesets/{ember}/catalogs/knacks",
                                       params={"filter": "callings:Ember-tender"})).json()
        assert [e["id"] for e in page["entries"]] == ["last-ember", "coldfire-toss", "smother"]
        for bad, message in (
                ("grit:lots", 'filter "grit" is a number filter, so "lots" is not one of its values'),
                ("calling:Scout", 'catalog "knacks" has no filter "calling" (it has: grit, road, callings)'),
                ("Scout", 'a filter is "<filter id>:<value>", not "Scout"')):
            r = await client.get(f"/v1/rulesets/{ember}/catalogs/knacks", params={"filter": bad})
            assert (r.status, await r.json()) == (400, {"code": "bad-filter", "message": message})

    run(body)


def test_a_community_rulesets_catalogs_are_reached_by_its_name():
    """`/v1/rulesets/community/<source>/<id>/catalogs[/<catalog>]` reads the catalogs of the
    community ruleset listed under that name (the newest version, or `?version=`), as the
    official id and the digest do: Ember Roads version 1 under a fresh source holds 3
    catalogs, its knacks 8 entries; version 2 (Last Ember's notes reworded) is the newest."""
    async def body(client):
        source = f"t{uuid.uuid4().hex[:10]}"
        ember = upstream("ember-roads.json")
        newer = copy.deepcopy(ember)
        newer["version"] = ember["version"] + 1
        next(e for e in newer["catalogs"][0]["entries"] if e["id"] == "last-ember")["summary"] = "Reworded."
        digests = []
        for package in (ember, newer):
            r = await client.post("/v1/rulesets", json=package, params={"source": source})
            assert r.status == 201, await r.text()
            digests.append((await r.json())["digest"])
        base = f"/v1/rulesets/community/{source}/ember-roads"
        r = await client.get(f"{base}/catalogs")
        assert r.status == 200, await r.text()
        listing = await r.json()
        assert (listing["ruleset"], listing["version"]) == (digests[1], 2)
        by_digest = await (await client.get(f"/v1/rulesets/{digests[1]}/catalogs")).json()
        assert listing == by_digest
        assert counts(listing) == [("knacks", "rows", 8), ("road_trouble", "creatures", 4), ("outfitter", "items", 7)]
        r = await client.get(f"{base}/catalogs/knacks", params={"version": "1", "offset": "3", "limit": "1"})
        assert r.status == 200, await r.text()
        page = await r.json()
        assert (page["ruleset"], page["total"], [e["id"] for e in page["entries"]]) == (digests[0], 8, ["last-ember"])
        assert page["entries"][0]["summary"] != "Reworded."
        page = await (await client.get(f"{base}/catalogs/knacks", params={"offset": "3", "limit": "1"})).json()
        assert page["entries"][0]["summary"] == "Reworded."
        # An official id of the same name is another ruleset; a source no community package
        # uses, a version not listed, and a source that is no source's name are refused.
        r = await client.get(f"/v1/rulesets/community/{source}x/ember-roads/catalogs")
        assert (r.status, await r.json()) == (404, {
            "code": "unknown-ruleset", "message": f"no ruleset is listed as community/{source}x/ember-roads"})
        r = await client.get("/v1/rulesets/community/official/ember-roads/catalogs")
        assert r.status == 404
        r = await client.get(f"{base}/catalogs", params={"version": "3"})
        assert (r.status, await r.json()) == (404, {
            "code": "unknown-version", "message": f"community/{source}/ember-roads has no version 3 (listed: 1, 2)"})
        r = await client.get("/v1/rulesets/community/Bad Source/ember-roads/catalogs")
        assert (r.status, (await r.json())["code"]) == (400, "bad-source")

    run(body)
