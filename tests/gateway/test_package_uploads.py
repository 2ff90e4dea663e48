"""The gateway takes a package as Marinara ships it (issue 19, section 1): `POST /v1/rulesets`
with a zip of the folder (`Content-Type: application/zip`) or JSON carrying the assets,
and every route that takes a `package` with the JSON form, all stored as the same package
the folder is on the command line; the refusals are the command line's lines; one size
limit. Real aiohttp test client on the memory store."""

from __future__ import annotations

import base64
import json

from shared.ruleset.load import package_digest, read_package
from tests.conftest import EXAMPLES, UPSTREAM
from tests.gateway.harness import run
from tests.ruleset.test_package_folders import OVER, OVER_LINE, bundle_of, padded_package, srd_copy, zip_of

SRD = UPSTREAM / "5e-srd"
ZIP = {"Content-Type": "application/zip"}
PARTY = json.loads((UPSTREAM.parent.parent / "combat" / "fixtures" / "5e-srd-party.json").read_text())


def brom_sheet() -> dict:
    return {"name": "Brom", "sheet": PARTY[0]["sheet"]}


def test_a_zip_and_json_with_assets_store_the_package_the_folder_is():
    digest = package_digest(read_package(SRD).data)

    async def body(client):
        r = await client.post("/v1/rulesets", data=zip_of(SRD, top="5e-srd/"), headers=ZIP)
        assert r.status == 201, await r.text()
        assert await r.json() == {"digest": digest, "id": "5e-2014", "version": 7,
                                  "ref": "community/local/5e-2014@7", "namespace": "community/local",
                                  "name": "5e (SRD 5.1)", "license": "CC-BY-4.0", "added": True}
        # The same package as JSON is the same package: listed already, nothing changes.
        r = await client.post("/v1/rulesets", json=bundle_of(SRD))
        assert r.status == 200, await r.text()
        assert (await r.json())["digest"] == digest and (await r.json())["added"] is False
        # A battle, a game and the bridge each take the JSON form in their `package`.
        r = await client.post("/v1/battles", json={"package": bundle_of(SRD), "party": [PARTY[0]],
                                                   "foes": [{"creature": "zombie"}], "seed": 1})
        assert r.status == 201, await r.text()
        assert (await r.json())["ruleset"] == digest
        # ... or the zip in base64.
        zipped = {"zip": base64.b64encode(zip_of(SRD)).decode()}
        r = await client.post("/v1/battles", json={"package": zipped, "party": [PARTY[0]],
                                                   "foes": [{"creature": "goblin"}], "seed": 1})
        assert r.status == 201, await r.text()
        assert (await r.json())["ruleset"] == digest
        r = await client.post("/v1/games", json={"game": "g1", "package": bundle_of(SRD), "members": [brom_sheet()]})
        assert r.status == 201, await r.text()
        # The bridge reads the JSON form too; the 5e package fights by its own combat block,
        # so it lends no sheet to Marinara's battle (shared/bridge lend_refusal).
        r = await client.post("/v1/bridge/import", json={"package": bundle_of(SRD), "members": [brom_sheet()],
                                                         "host": {"Brom": {"maxHealth": 44}}})
        assert r.status == 422, await r.text()
        assert (await r.json())["code"] == "own-combat"
        # The stored package is the merged one: a battle on its digest finds the creatures.
        r = await client.post("/v1/battles", json={"ruleset": digest, "party": [PARTY[0]],
                                                   "foes": [{"creature": "lich"}], "seed": 1})
        assert r.status == 201, await r.text()

    run(body)


def test_the_refusals_are_the_command_lines(tmp_path):
    folder = srd_copy(tmp_path)
    (folder / "catalogs/features.json").unlink()
    broken = bundle_of(SRD)
    broken["assets"]["catalogs/spells.json"]["entries"][0]["rows"][0]["list"] = "nope"

    async def body(client):
        r = await client.post("/v1/rulesets", data=zip_of(folder), headers=ZIP)
        answer = await r.json()
        assert (r.status, answer["code"]) == (422, "invalid-package")
        assert answer["problems"] == ["catalogs/features.json: is missing (named by catalogs[1].asset)"]
        r = await client.post("/v1/battles", json={"package": broken, "party": [PARTY[0]], "foes": [{"creature": "goblin"}]})
        answer = await r.json()
        assert (r.status, answer["problems"]) == (422, ['catalogs/spells.json: entries[0].rows[0].list: unknown list "nope"'])
        r = await client.post("/v1/rulesets", data=b"PK\x03\x04 not a zip", headers=ZIP)
        assert (await r.json())["problems"] == ["(zip): is not a zip archive: File is not a zip file"]
        r = await client.post("/v1/games", json={"game": "g2", "package": {"zip": "***"}, "members": []})
        assert (r.status, (await r.json())["problems"]) == (
            422, ["zip: is not base64: Only base64 data is allowed"])
        r = await client.post("/v1/rulesets", json={"zip": base64.b64encode(zip_of(folder)).decode()})
        assert (await r.json())["problems"] == ["catalogs/features.json: is missing (named by catalogs[1].asset)"]

    run(body)


def test_one_size_limit_over_http():
    """`POST /v1/rulesets` once stored an 8,391,309-byte package that `battle validate`
    refused; now both refuse it with the same line (413 here)."""
    over = padded_package(OVER)
    assert len(over) == 8_391_309

    async def body(client):
        r = await client.post("/v1/rulesets", data=over, headers={"Content-Type": "application/json"})
        assert r.status == 413
        assert await r.json() == {"code": "too-large", "message": OVER_LINE, "problems": [OVER_LINE]}
        r = await client.post("/v1/rulesets", data=padded_package(8 * 1024 * 1024),
                              headers={"Content-Type": "application/json"})
        assert r.status == 201 and (await r.json())["id"] == "lantern-marsh"

    run(body)


def test_the_openapi_document_offers_the_zip_body():
    async def body(client):
        doc = await (await client.get("/v1/openapi.json")).json()
        content = doc["paths"]["/v1/rulesets"]["post"]["requestBody"]["content"]
        assert content["application/zip"] == {"schema": {"type": "string", "format": "binary"}}
        assert "assets" in doc["paths"]["/v1/rulesets"]["post"]["requestBody"]["description"]
        assert '"assets"' in doc["components"]["schemas"]["CreateBattle"]["description"]

    run(body)


def test_lantern_marsh_still_posts_as_one_file():
    ruleset = json.loads((EXAMPLES / "lantern-marsh.json").read_text())

    async def body(client):
        r = await client.post("/v1/rulesets", json=ruleset)
        assert r.status == 201 and (await r.json())["digest"] == package_digest(ruleset)

    run(body)
