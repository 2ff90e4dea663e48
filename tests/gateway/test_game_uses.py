"""Using abilities in a game through the real gateway (embedded on the memory store here, on
Redis in tests/integration/test_gateway_on_redis.py): the `[use: ...]` tag in a Game Master
reply and `POST /v1/games/{game}/uses`, on the vendored Ember Roads and 5e SRD packages
(spec/abilities.md; issue 22 section 1's own numbers).

Tobin (Ember Roads, an Ember-tender): Heart 1, toughness 2, Brawn 0, so Grit maximum
4 + 2 + 0 = 6, held at 2. Last Ember's mechanics cost 1 Grit and heal 3 (flat); its trick
row has `uses` scaled from Heart: 1 use, back at camp ("Make camp").

Mira (5e SRD): a 7th-level wizard, Intelligence 16 (+3), proficiency +3, so spell save DC
8 + 3 + 3 = 14; hit points 40, so the typical enemy is CR 1 (the first tier whose health
band, 9 to 52, holds 40). Two 3rd-level slots and one 4th-level slot. Fireball is 8d6 with
1d6 more per slot level above 3rd: 9d6 from a 4th-level slot.

The endpoint rolls the game's own dice: seed 0 throws d6s 2, 5, 6, 1, 5, 2, 1, 2, 6 (sum
30), then a d20 11 (pinned below)."""

from __future__ import annotations

import json
import uuid
from functools import lru_cache
from typing import Any

from shared.dice.rng import face_at
from shared.ruleset.load import load_package
from shared.sheet.picks import pick
from tests.conftest import UPSTREAM
from tests.gateway.harness import run
from tests.gateway.test_catalog_routes import stored
from tests.ruleset.test_package_folders import bundle_of

EMBER = json.loads((UPSTREAM / "ember-roads.json").read_text())
SRD = UPSTREAM / "5e-srd"


@lru_cache(maxsize=None)
def _rules(name: str) -> Any:
    return load_package(EMBER) if name == "ember" else load_package(SRD)


def tobin() -> dict[str, Any]:
    sheet = {"abilities": {"heart": 1}, "fields": {"toughness": 2}, "live": {"pools": {"grit": 2}}}
    return {"name": "Tobin", "sheet": pick(_rules("ember"), sheet, "knacks/last-ember")}


def mira() -> dict[str, Any]:
    sheet = {"abilities": {"str": 8, "dex": 14, "con": 12, "int": 16, "wis": 12, "cha": 10},
             "fields": {"level": 7, "hp_max": 40, "spellcasting_ability": "int",
                        "slots_max_1": 4, "slots_max_3": 2, "slots_max_4": 1}}
    return {"name": "Mira", "sheet": pick(_rules("srd"), sheet, "spells/fireball")}


def _id() -> str:
    return f"g-{uuid.uuid4().hex[:12]}"


LAST_EMBER = ('[use: who="Tobin" entry="Last Ember" paid="1 Grit (1 of 6 left), 1 use of Last Ember (0 of 1 left)" '
              'amount="3" did="Tobin heals 3 Grit (4 of 6)" result="used"]')
SPENT = '[use: who="Tobin" entry="Last Ember" result="refused" reason="Last Ember is spent until the next camp"]'


def test_the_seed_throws_what_the_tests_say():
    assert [face_at(0, n, 6) for n in range(9)] == [2, 5, 6, 1, 5, 2, 1, 2, 6]
    assert face_at(0, 9, 20) == 11


def test_last_ember_in_a_reply_heals_tobin_3_then_is_spent_until_the_next_camp_and_undo_gives_it_back():
    async def test(client):
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "package": EMBER, "members": [tobin()], "seed": 3})
        assert r.status == 201, await r.text()
        # 1 Grit paid (2 - 1 = 1), the trick's use paid (1 - 1 = 0), then 3 healed: 1 + 3 = 4 of 6.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "parent": None, "text": (
            'Tobin breathes on the coal. [use: who="tobin" entry="Last Ember" result="used" paid="nothing"]')})
        assert r.status == 201, await r.text()
        body = await r.json()
        assert body["text"] == "Tobin breathes on the coal. " + LAST_EMBER
        assert [{k: v for k, v in x.items() if v is not None} for x in body["receipts"]] == [{
            "tag": "use", "result": "used", "use": {
            "who": "Tobin", "entry": "Last Ember", "paid": "1 Grit (1 of 6 left), 1 use of Last Ember (0 of 1 left)",
            "amount": "3", "did": "Tobin heals 3 Grit (4 of 6)", "result": "used"}}]
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"]["Tobin"]["pools"] == {"grit": 4, "tricks:last-ember": 0}
        # A second use before camp is refused in words and pays nothing.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m2", "text": (
            '[use: who="Tobin" entry="Last Ember"]')})
        assert (await r.json())["text"] == SPENT
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Tobin", "entry": "Last Ember"})
        assert (r.status, await r.json()) == (400, {"code": "spent",
                                                    "message": "Last Ember is spent until the next camp"})
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"]["Tobin"]["pools"] == {"grit": 4, "tricks:last-ember": 0}
        # Undo: a regeneration of m1 from its parent starts from Grit 2 and the use unspent.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1b", "parent": None, "text": (
            '[use: who="Tobin" entry="Last Ember"]')})
        assert (await r.json())["text"] == LAST_EMBER

    run(test)


def test_fireball_from_a_4th_level_slot_rolls_9d6_at_the_endpoint():
    async def test(client):
        srd = await stored(client, bundle_of(SRD))
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "ruleset": srd, "members": [mira()], "seed": 0})
        assert r.status == 201, await r.text()
        # 9d6: 2 + 5 + 6 + 1 + 5 + 2 + 1 + 2 + 6 = 30; the typical CR 1 enemy's Dexterity save
        # is the bare d20, 11 < 14: failed, so all 30 fire damage.
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Mira", "entry": "Fireball", "level": 4})
        assert r.status == 200, await r.text()
        done = await r.json()
        assert done["receipt"] == (
            '[use: who="Mira" entry="Fireball" paid="a level 4 spell slot (0 of 1 left)" level="4" dice="9d6" '
            'rolls="2|5|6|1|5|2|1|2|6" amount="30" save="11 = 11 against 14" versus="CR 1" save_result="failure" '
            'did="30 fire damage to the target" result="used"]')
        assert (done["result"], done["use"]["amount"]) == ("used", "30")
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"]["Mira"]["pools"] == {"slots_4": 0}
        # No 4th-level slot left: a second upcast is refused in the spec's words.
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Mira", "entry": "Fireball", "level": 4})
        assert (r.status, await r.json()) == (400, {"code": "no-slot",
                                                    "message": "No spell slot of level 4 or higher left"})
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Mira", "entry": "Cone of Cold"})
        assert (r.status, await r.json()) == (400, {
            "code": "unknown-entry", "message": "Cone of Cold is not one of this character's spells and features"})
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Tam", "entry": "Fireball"})
        assert (r.status, (await r.json())["code"]) == (400, "unknown-character")
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Mira", "entry": "Fireball", "level": 2})
        assert (r.status, await r.json()) == (400, {"code": "bad-level",
                                                    "message": "Fireball is used at level 3 or higher, not 2"})
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Mira"})
        assert r.status == 400 and (await r.json())["code"] == "malformed"

    run(test)


def test_the_same_use_after_an_undo_throws_the_same_dice():
    async def test(client):
        srd = await stored(client, bundle_of(SRD))
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "ruleset": srd, "members": [mira()], "seed": 0})
        assert r.status == 201, await r.text()
        tag = '[use: who="Mira" entry="Fireball"]'
        first = await (await client.post(f"/v1/games/{g}/replies",
                                         json={"snapshot": "m1", "parent": None, "text": tag})).json()
        again = await (await client.post(f"/v1/games/{g}/replies",
                                         json={"snapshot": "m1b", "parent": None, "text": tag})).json()
        assert first["text"] == again["text"]
        use = first["receipts"][0]["use"]
        faces = [int(f) for f in use["rolls"].split("|")]
        # A 3rd-level slot: 8d6, the amount their sum.
        assert (use["paid"], use["dice"], len(faces), int(use["amount"])) == (
            "a level 3 spell slot (1 of 2 left)", "8d6", 8, sum(faces))

    run(test)
