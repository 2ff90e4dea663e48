"""Using a carried item in a game through the real gateway (embedded on the memory store here,
on Redis in tests/integration/test_gateway_on_redis.py): the `[use: ...]` tag and `POST
/v1/games/{game}/uses` name an item the member carries with a `use` (spec/abilities.md
"Objects that hold abilities": a consumable is used up; issue 22 section 1's items).

The package is the vendored 5e example with a test item catalog derived from it
(tests/combat/item_kit.py: the example has no `items` block) holding the SRD's Potion of
Healing (2d4 + 2, a heal on the drinker), the Ring of Protection (worn, no use) and a Wand of
Sparks (7 charges, 2d6 fire; tests/combat/test_items_used.py). Brom, the example party's
fighter, is at 10 of 28 hit points with 2 Potions of Healing.

The game's own dice: seed 17 throws d4s 3, 4, 1, 2 at the uses endpoint (the game's cursor), and
3, 4 for a reply continuing the game's beginning (its uses' own dice; pinned below). The first potion heals
(3 + 4) + 2 = 9: 10 + 9 = 19 of 28, and the stack drops 2 -> 1. The second heals (1 + 2) + 2 = 5:
19 + 5 = 24 of 28, and the last potion takes the stack off the sheet. The third is refused:
Brom carries none, and nothing is paid."""

from __future__ import annotations

import uuid
from typing import Any

from shared.dice.rng import face_at
from shared.games.history import use_dice
from tests.combat.item_kit import RING_OF_PROTECTION, brom, item_package
from tests.combat.test_items_used import POTION_OF_HEALING, WAND_OF_SPARKS
from tests.gateway.harness import run
from tests.gateway.test_catalog_routes import stored

CARRIED = [{"item": "items/potion-of-healing", "quantity": 2}, {"item": "items/ring-of-protection"}]
FIRST = ('[use: who="Brom" entry="Potion of Healing" paid="1 Potion of Healing: 1 left" dice="2d4+2" rolls="3|4" '
         'amount="9" did="Brom heals 9 Hit points (19 of 28)" result="used"]')


#: A ring with slots and a use: carried, not worn, its use is not in use (item_uses.in_use).
RING_OF_WARMTH = {"id": "ring-of-warmth", "label": "Ring of Warmth", "summary": "A warm ring.",
                  "item": {"category": "ring", "rarity": "uncommon", "slots": {"ring": 1},
                           "use": {"kind": "heal", "targets": "self", "amount": {"flat": 1}, "budget": "action"}}}


def package() -> dict[str, Any]:
    """The derived package, under an id of its own: a store holds one content per id and
    version, and other tests store the example as it ships."""
    data = item_package(RING_OF_PROTECTION, POTION_OF_HEALING, WAND_OF_SPARKS, RING_OF_WARMTH)
    data["id"] = "5e-2014-items-test"
    return data


def member(items: list[dict[str, Any]]) -> dict[str, Any]:
    """Brom at 10 of 28 carrying `items`, as a game member (his name and sheet)."""
    b = brom(10, items)
    return {"name": b["name"], "sheet": b["sheet"]}


def _id() -> str:
    return f"g-{uuid.uuid4().hex[:12]}"


def test_the_seed_throws_what_the_tests_say():
    assert [face_at(17, n, 4) for n in range(4)] == [3, 4, 1, 2]
    # A reply continuing the game's beginning throws its uses from its own seed (history.use_dice).
    record = {"dice": {"seed": 17, "cursor": 0}}
    assert [roller.die(4) for roller in [use_dice("g", record, None)] for _n in range(2)] == [3, 4]


def test_two_potions_heal_brom_9_then_5_and_a_third_is_refused_with_nothing_paid():
    async def test(client):
        digest = await stored(client, package())
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "ruleset": digest, "members": [member(CARRIED)],
                                                 "seed": 17})
        assert r.status == 201, await r.text()
        # The game's dice at cursor 0: 3, 4. (3 + 4) + 2 = 9, 10 + 9 = 19 of 28; 2 potions -> 1.
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Brom", "entry": "Potion of Healing"})
        assert r.status == 200, await r.text()
        assert (await r.json())["receipt"] == FIRST
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"]["Brom"]["pools"] == {"hp": 19}
        assert view["live"]["Brom"]["items"] == [{"item": "items/potion-of-healing", "quantity": 1},
                                                 {"item": "items/ring-of-protection"}]
        # The second, by the entry's reference: 1, 2. (1 + 2) + 2 = 5, 19 + 5 = 24 of 28; the
        # last potion takes the stack off the sheet.
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Brom", "entry": "items/potion-of-healing"})
        assert r.status == 200, await r.text()
        assert (await r.json())["receipt"] == (
            '[use: who="Brom" entry="items/potion-of-healing" paid="1 Potion of Healing: none left" dice="2d4+2" '
            'rolls="1|2" amount="5" did="Brom heals 5 Hit points (24 of 28)" result="used"]')
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"]["Brom"]["pools"] == {"hp": 24}
        assert view["live"]["Brom"]["items"] == [{"item": "items/ring-of-protection"}]
        # The third: none carried, refused in the item operations' words, nothing paid.
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Brom", "entry": "Potion of Healing"})
        assert (r.status, await r.json()) == (400, {"code": "unknown-item",
                                                    "message": "the character carries no Potion of Healing"})
        # A worn ring lends no use; a wand Brom does not carry is not his.
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Brom", "entry": "Ring of Protection"})
        assert (r.status, await r.json()) == (400, {"code": "no-use", "message": (
            "Ring of Protection has no use: it is not one of this character's spells and features")})
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Brom", "entry": "Wand of Sparks"})
        assert (r.status, await r.json()) == (400, {"code": "unknown-item",
                                                    "message": "the character carries no Wand of Sparks"})
        again = await (await client.get(f"/v1/games/{g}")).json()
        assert again["live"] == view["live"]

    run(test)


def test_a_potion_in_a_reply_and_its_undo_throw_the_same_dice_and_give_the_potion_back():
    async def test(client):
        digest = await stored(client, package())
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "ruleset": digest, "members": [member(CARRIED)],
                                                 "seed": 17})
        assert r.status == 201, await r.text()
        # A reply's uses throw the dice of seed 17 and the snapshot it continues: 3, 4 (pinned).
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "parent": None, "text": (
            'Brom drinks. [use: who="Brom" entry="Potion of Healing" paid="nothing"]')})
        assert r.status == 201, await r.text()
        assert (await r.json())["text"] == "Brom drinks. " + FIRST
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"]["Brom"]["items"] == [{"item": "items/potion-of-healing", "quantity": 1},
                                                 {"item": "items/ring-of-protection"}]
        # Undo: m1 regenerated from its parent starts from 10 hit points and 2 potions, and
        # throws the same dice: the same receipt, the stack back at 2 and down to 1 again.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1b", "parent": None, "text": (
            '[use: who="Brom" entry="Potion of Healing"]')})
        assert (await r.json())["text"] == FIRST
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert (view["live"]["Brom"]["pools"], view["live"]["Brom"]["items"][0]) == (
            {"hp": 19}, {"item": "items/potion-of-healing", "quantity": 1})

    run(test)


def test_a_ring_with_slots_lends_its_use_only_while_worn():
    # A carried ring, not worn: refused by name, nothing paid.
    async def test(client):
        digest = await stored(client, package())
        g = _id()
        r = await client.post("/v1/games", json={"game": g, "ruleset": digest,
                                                 "members": [member([{"item": "items/ring-of-warmth"}])], "seed": 17})
        assert r.status == 201, await r.text()
        r = await client.post(f"/v1/games/{g}/uses", json={"who": "Brom", "entry": "Ring of Warmth"})
        assert (r.status, await r.json()) == (400, {"code": "not-in-use", "message": (
            "Ring of Warmth is not in use: it lends its use only while worn")})

    run(test)
