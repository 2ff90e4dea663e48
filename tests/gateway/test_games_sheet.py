"""Character sheet commands, member state per snapshot, rests and the reminder through the
real gateway (embedded; tests/integration/test_gateway_on_redis.py runs these again on a
Redis store). Numbers from the upstream entries, by hand: 5e Brom has 28 hit points and 3
hit dice, Mira 2 3rd-level slots and 5 hit dice; Gravewatch's Ada has Resolve 4 and a
Harm track of Scuffed, Winded, Bleeding, Down."""

from __future__ import annotations

import asyncio
import json
import uuid

from tests.conftest import UPSTREAM, needs_upstream
from tests.games.upstream_games import FIVE_E, GRAVEWATCH, ada, brom, mira, package
from tests.gateway.harness import bearer, run

FIXTURES = UPSTREAM.parent.parent / "combat" / "fixtures"

pytestmark = needs_upstream

#: One 5e reply holding every kind of command and refusal, with each receipt's now or reason.
FIVE_E_REPLY = [
    ('[sheet: who="Brom" op="damage" pool="hp" amount="5"]', "23/28"),
    ('[sheet: who="Brom" op="temp" pool="hp" amount="5"]', "23/28 +5 temp"),
    ('[sheet: who="Brom" op="damage" pool="hp" amount="7"]', "21/28"),
    ('[sheet: who="Brom" op="heal" pool="hp" amount="2"]', "23/28"),
    ('[sheet: who="Brom" op="spend" pool="hit_dice" amount="2"]', "1/3"),
    ('[sheet: who="Brom" op="restore" pool="Hit dice"]', "2/3"),
    ('[sheet: who="Brom" op="mark" track="exhaustion" amount="2"]', "2/6"),
    ('[sheet: who="Brom" op="clear" track="exhaustion"]', "1/6"),
    ('[sheet: who="Brom" op="track" track="death_save_failures" by="1"]', "1/3"),
    ('[sheet: who="Brom" op="condition" condition="Poisoned" state="on"]', "on"),
    ('[sheet: who="Mira" op="note" field="concentration" value="Bless"]', "Bless"),
    ('[sheet: who="Mira" op="spend" pool="slots_3" amount="1"]', "1/2"),
    ('[sheet: who="Mira" op="spend" pool="slots_3" amount="1"]', "0/2"),
    ('[sheet: who="Mira" op="spend" pool="slots_3" amount="1"]', "insufficient"),
    ('[sheet: who="Brom" op="spend" pool="slots_1"]', "unknown-pool"),
    ('[sheet: who="Brom" op="damage" pool="hp" amount="-1"]', "bad-amount"),
    ('[sheet: who="Brom" op="mark" track="sanity"]', "unknown-track"),
    ('[sheet: who="Brom" op="condition" condition="cursed"]', "unknown-condition"),
    ('[sheet: who="Brom" op="note" field="oath" value="x"]', "unknown-text"),
    ('[sheet: who="Brom" op="rest" rest="nap"]', "unknown-rest"),
    ('[sheet: who="Brom" op="temp" pool="hit_dice" amount="2"]', "no-temp"),
    ('[sheet: who="Brom" op="damage" track="exhaustion" kind="knock"]', "not-harm-track"),
    ('[sheet: who="Brom" op="advance" field="level" by="1"]', "no-advancement"),
    ('[sheet: who="Tam" op="spend" pool="hp"]', "unknown-character"),
]


def _receipt(tag: str, value: str) -> str:
    known = value[0].isdigit() or value in ("on", "Bless")
    return tag[:-1] + (f' result="ok" now="{value}"]' if known else f' result="refused" reason="{value}"]')


async def _create(client, name: str, members: list) -> str:
    """A new game's id: unique, since the Redis run keeps one store for every test."""
    game = f"g-{uuid.uuid4().hex[:12]}"
    r = await client.post("/v1/games", json={"game": game, "package": package(name), "members": members})
    assert r.status == 201, await r.text()
    return game


def test_every_5e_command_and_refusal_over_http():
    async def test(client):
        g = await _create(client, FIVE_E, [brom(), mira()])
        text = "The fight goes on. " + " ".join(tag for tag, _ in FIVE_E_REPLY)
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "parent": None, "text": text})
        assert r.status == 201, await r.text()
        body = await r.json()
        assert body["text"] == "The fight goes on. " + " ".join(_receipt(t, v) for t, v in FIVE_E_REPLY)
        # A refusal in words rides in the receipts (not in the tag): Mira's third cast.
        assert body["receipts"][13]["message"] == "3rd-level slots has 0 left, not enough to spend 1"
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"] == {
            "Brom": {"pools": {"hp": 23, "hit_dice": 2}, "tracks": {"exhaustion": 1, "death_save_failures": 1},
                     "conditions": ["poisoned"]},
            "Mira": {"pools": {"slots_3": 0}, "text": {"concentration": "Bless"}},
        }
        # A long rest for the party: hit points and slots in full, Brom's hit dice 2 + 3 // 2 = 3,
        # exhaustion one down (to 0), death saves cleared, Mira's concentration over.
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m2", "text": '[sheet: who="party" op="rest" rest="long"]'})
        body = await r.json()
        assert body["receipts"] == [{"tag": "sheet", "result": "ok", "now": (
            "Brom Hit points 28/28, Hit dice 3/3; "
            "Mira Hit points 32/32, Hit dice 5/5, 1st-level slots 4/4, 3rd-level slots 2/2"), "reason": None,
            "message": None}]
        view = await (await client.get(f"/v1/games/{g}")).json()
        assert view["live"] == {"Brom": {"conditions": ["poisoned"]}, "Mira": {}}

    run(test)


def test_a_regeneration_reads_the_parent_and_swipes_restore_the_sheets_over_http():
    async def test(client):
        g = await _create(client, FIVE_E, [brom(), mira()])
        hit = '[sheet: who="Brom" op="damage" pool="hp" amount="5"]'
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "parent": None, "text": hit})
        assert (await r.json())["text"] == hit[:-1] + ' result="ok" now="23/28"]'
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m2", "text": hit})
        assert (await r.json())["receipts"][0]["now"] == "18/28"
        # Regenerating m2 from its parent m1: 23 - 5 once, never twice.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m2b", "parent": "m1", "text": hit})
        assert (await r.json())["receipts"][0]["now"] == "18/28"
        # Regenerating m1 from the beginning: Brom is at 28/28 again.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1b", "parent": None, "text": hit})
        assert (await r.json())["receipts"][0]["now"] == "23/28"
        r = await client.post(f"/v1/games/{g}/current", json={"snapshot": "m2"})
        assert (await r.json())["live"]["Brom"] == {"pools": {"hp": 18}}
        r = await client.get(f"/v1/games/{g}/reminder")
        assert "- Hit points 18/28, Hit dice 3/3" in (await r.json())["text"]
        r = await client.delete(f"/v1/games/{g}/snapshots/m2")
        assert (await r.json())["current"] == "m2b"
        r = await client.delete(f"/v1/games/{g}/snapshots/m1")
        after = await r.json()
        assert (after["current"], after["live"]["Brom"]) == ("m1b", {"pools": {"hp": 23}})
        r = await client.get(f"/v1/games/{g}/reminder", params={"snapshot": "m1b"})
        assert "- Hit points 23/28, Hit dice 3/3" in (await r.json())["text"]

    run(test)


def test_gravewatch_harm_state_and_rests_over_http():
    async def test(client):
        g = await _create(client, GRAVEWATCH, [ada()])
        tags = [
            ('[sheet: who="Ada" op="damage" track="harm" kind="knock" amount="2"]', "2/4 Winded"),
            ('[sheet: who="Ada" op="damage" track="harm" kind="tear" amount="1"]', "3/4 Bleeding"),
            ('[sheet: who="Ada" op="damage" track="harm" kind="knock" amount="-1"]', "2/4 Winded"),
            ('[sheet: who="Ada" op="damage" track="harm" kind="burn"]', "unknown-kind"),
            ('[sheet: who="Ada" op="damage" track="harm"]', "no-kind"),
            ('[sheet: who="Ada" op="track" track="harm" by="1"]', "harm-track"),
            ('[sheet: who="Ada" op="state" state="Light" value="Out"]', "Out"),
            ('[sheet: who="Ada" op="state" state="Mood" value="calm"]', "unknown-state"),
            ('[sheet: who="Ada" op="state" state="light" value="dim"]', "unknown-value"),
            ('[sheet: who="Ada" op="condition" condition="rattled" state="on"]', "on"),
            ('[sheet: who="Ada" op="spend" pool="resolve" amount="3"]', "1/4"),
        ]
        text = " ".join(t for t, _ in tags)
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "parent": None, "text": text})
        receipts = (await r.json())["receipts"]
        assert [x.get("now") or x["reason"] for x in receipts] == [v for _, v in tags]
        reminder = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"]
        assert "- Harm: Winded, 2 of 4 marked (T K), -1 on every check" in reminder
        assert "- Light: Out" in reminder
        assert "- Conditions: Rattled" in reminder
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m2", "text": '[sheet: who="Ada" op="rest" rest="breather"]'})
        assert (await r.json())["receipts"][0]["now"] == "Resolve 1/4, Harm 1/4 Scuffed"
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m3", "text": '[sheet: who="Ada" op="rest" rest="vigil"]'})
        assert (await r.json())["receipts"][0]["now"] == "Resolve 4/4, Harm 0/4 clear"
        assert (await (await client.get(f"/v1/games/{g}")).json())["live"] == {"Ada": {}}
        reminder = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"]
        assert "- Harm: unmarked" in reminder and "- Light: Lit" in reminder

    run(test)


def test_the_reminder_teaches_each_member_and_the_commands_over_http():
    async def test(client):
        g = await _create(client, FIVE_E, [brom(), mira()])
        text = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"]
        lines = text.split("\n")
        assert lines[0] == "CHARACTER SHEETS:"
        start = lines.index("<character_sheets>")
        assert lines[start + 1:lines.index("")] == [
            "Brom",
            "- Level 3, Armor Class 16, Speed (ft) 30",
            "- Proficiency bonus 2, Passive Perception 10",
            "- Abilities: Strength +3, Dexterity +1, Constitution +2, Intelligence -1, Wisdom +0, Charisma +0",
            "- Trained skills: none",
            "- Trained saves: Strength save +5, Constitution save +4",
            "- Hit points 28/28, Hit dice 3/3",
            "- Conditions: none",
            "- Spells: none",
            "- Attacks: none",
        ]
        assert "- Hit points 32/32, Hit dice 5/5, 1st-level slots 4/4, 3rd-level slots 2/2" in lines
        assert ('- [sheet: who="Name" op="rest" rest="long"] runs a rest; [sheet: who="party" op="rest" '
                'rest="long"] rests every character. Rests: short (Short rest), long (Long rest).') in lines
        assert any(line.startswith("This game uses 5e rules from SRD 5.1.") for line in lines)
        assert ('- [sheet: who="Name" op="temp" pool="hp" amount="5"] gives temporary points, which a hit takes '
                "first and which do not stack (the new amount replaces the old). Pools that take them: hp.") in lines

    run(test)


def _fighter() -> dict:
    """Brom of the 5e fight fixture, with his longsword (28 hit points, 3 hit dice)."""
    brom_entry = json.loads((FIXTURES / "5e-party.json").read_text())[0]
    return {"name": brom_entry["name"], "sheet": brom_entry["sheet"]}


async def _settled(client, created: dict) -> dict:
    for _ in range(400):
        view = await (await client.get(f"/v1/battles/{created['battle']}", headers=bearer(created["gm_token"]))).json()
        if view["state"].get("outcome"):
            return view
        await asyncio.sleep(0.02)
    raise AssertionError("the fight did not end")


async def _battle(client, created: dict) -> dict:
    return await (await client.get(f"/v1/battles/{created['battle']}", headers=bearer(created["gm_token"]))).json()


def test_a_fight_started_from_a_game_reads_the_snapshot_and_is_written_back_once_over_http():
    async def test(client):
        g = await _create(client, FIVE_E, [_fighter()])
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m1", "parent": None, "text": '[sheet: who="Brom" op="damage" pool="hp" amount="5"]'})
        assert (await r.json())["receipts"][0]["now"] == "23/28"
        r = await client.post("/v1/battles", json={"game": g, "party": [{"name": "brom ", "controller": "engine"}],
                                                   "foes": [{"creature": "cinder-hound"}], "seed": 1})
        assert r.status == 201, await r.text()
        created = await r.json()
        view = await _settled(client, created)
        # The fight began from the current snapshot: Brom at 28 - 5 = 23.
        assert view["state"]["start_sheets"]["brom"]["live"] == {"pools": {"hp": 23}}
        brom_end = next(c["sheet"] for c in view["state"]["combatants"] if c["name"] == "Brom")
        r = await client.post(f"/v1/games/{g}/fights", json={"snapshot": "f1", "battle": created["battle"]})
        assert r.status == 201, await r.text()
        body = await r.json()
        assert body["parent"] == "m1"
        hp = brom_end["live"]["pools"]["hp"]
        assert body["receipts"] == [{"tag": "fight", "result": "ok", "now": f"Brom Hit points {hp}/28, Hit dice 3/3",
                                     "reason": None, "message": None}]
        game = await (await client.get(f"/v1/games/{g}")).json()
        assert (game["current"], game["live"]["Brom"]) == ("f1", brom_end["live"])
        # The same fight sent again under the same snapshot writes nothing more.
        r = await client.post(f"/v1/games/{g}/fights", json={"snapshot": "f1", "battle": created["battle"]})
        assert (r.status, (await r.json())["duplicate"]) == (200, True)
        # A fight still going, or abandoned, is not written back; a stranger cannot join one.
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m2", "text": '[sheet: who="Brom" op="heal" pool="hp" amount="28"]'})
        assert (await r.json())["receipts"][0]["now"] == "28/28"
        r = await client.post("/v1/battles", json={"game": g, "party": [{"name": "Brom", "controller": "player",
                                                                         "player": "p1"}],
                                                   "foes": [{"creature": "cinder-hound"}], "seed": 1})
        going = await r.json()
        # Healed to 28/28 by m2: the full pool is not stored, so the fight starts with no live state.
        assert "live" not in (await _battle(client, going))["state"]["start_sheets"]["brom"]
        r = await client.post(f"/v1/games/{g}/fights", json={"snapshot": "f2", "battle": going["battle"]})
        assert (r.status, (await r.json())["code"]) == (409, "fight-not-over")
        await client.post(f"/v1/battles/{going['battle']}/abandon", headers=bearer(going["gm_token"]))
        r = await client.post(f"/v1/games/{g}/fights", json={"snapshot": "f2", "battle": going["battle"]})
        assert (r.status, (await r.json())["code"]) == (409, "fight-abandoned")
        r = await client.post("/v1/battles", json={"game": g, "party": [{"name": "Tam", "controller": "engine"}],
                                                   "foes": [{"creature": "cinder-hound"}]})
        assert (r.status, (await r.json())["code"]) == (422, "bad-party")

    run(test)


def test_a_members_own_turn_applies_no_sheet_command_over_http():
    async def test(client):
        g = await _create(client, FIVE_E, [brom(), mira()])
        hit = '[sheet: who="Brom" op="damage" pool="hp" amount="5"]'
        text = f'Brom grits his teeth. {hit} [clock: name="Dawn" size="4"]'
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "u1", "parent": None, "text": text,
                                                              "author": "member"})
        body = await r.json()
        assert (r.status, body["text"], body["receipts"]) == (201, text, [])
        assert (await (await client.get(f"/v1/games/{g}")).json())["live"]["Brom"] == {}
        # The Game Master's reply that follows does apply it: 28 - 5.
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "text": hit})
        assert (await r.json())["receipts"][0]["now"] == "23/28"

    run(test)


def test_ember_roads_strain_boxes_heat_stance_and_camp_over_http():
    # Wren: Brawn 2, Heart 1, toughness 2: Grit 4 + 2 + 2 = 8, Luck 3, Strain 2 + 1 = 3
    # boxes filled by index and refusing when full; Heat 0..5 shown always.
    wren = {"name": "Wren", "sheet": {"abilities": {"brawn": 2, "wits": 1, "heart": 1}, "fields": {"toughness": 2}}}

    async def test(client):
        g = await _create(client, "ember-roads.json", [wren])
        tags = [
            ('[sheet: who="Wren" op="damage" track="strain" kind="strain" box="2"]', "1/3 marked"),
            # Box 2 is taken: the next empty box above it.
            ('[sheet: who="Wren" op="damage" track="strain" kind="strain" box="2"]', "2/3 marked"),
            ('[sheet: who="Wren" op="damage" track="strain" kind="strain" box="2"]', "track-full"),
            ('[sheet: who="Wren" op="damage" track="strain" kind="strain" box="9"]', "bad-box"),
            ('[sheet: who="Wren" op="damage" track="strain" kind="strain"]', "3/3 marked"),
            ('[sheet: who="Wren" op="damage" track="Strain" kind="strain" amount="-1"]', "2/3 marked"),
            ('[sheet: who="Wren" op="mark" track="heat" amount="2"]', "2/5"),
            ('[sheet: who="Wren" op="state" state="stance" value="Reckless"]', "Reckless"),
            ('[sheet: who="Wren" op="spend" pool="luck" amount="3"]', "0/3"),
            ('[sheet: who="Wren" op="damage" pool="grit" amount="5"]', "3/8"),
            ('[sheet: who="Wren" op="condition" condition="shaken" state="on"]', "on"),
        ]
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m1", "parent": None, "text": " ".join(t for t, _ in tags)})
        receipts = (await r.json())["receipts"]
        assert [x.get("now") or x["reason"] for x in receipts] == [v for _, v in tags]
        reminder = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"]
        # Boxes 1 and 2 marked, one clear: the table reads 1 remaining, so no cost.
        assert "- Heat 2/5; Strain: 2 of 3 boxes marked (S S)" in reminder
        assert "- Stance: Reckless" in reminder
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m2", "text": '[sheet: who="Wren" op="rest" rest="Make camp"]'})
        # Grit to 8, Luck 0 + 1, Heat 2 - 1, Stance steady again, Shaken cleared; Strain stays.
        assert (await r.json())["receipts"][0]["now"] == "Grit 8/8, Luck 1/3, Heat 1/5, Strain 2/3 marked"
        game = await (await client.get(f"/v1/games/{g}")).json()
        assert game["live"]["Wren"] == {"pools": {"luck": 1}, "tracks": {"heat": 1},
                                        "marks": {"strain": ["strain", "strain"]}}

    run(test)


def test_commands_and_checks_in_one_reply_apply_in_order_over_http():
    # Gravewatch, the game's seed 9 (d10s 10, 9, 4, ...). Ada's lamp goes out and she takes
    # two knocks (Winded, -1) before the Listen check in the same reply: untrained Listen is
    # harder (target 8), Nerve 2 - 2 (lamp out) - 1 (Winded) floors to pool.min, one die;
    # the 10 explodes into a 9: two successes, Awkward asks two.
    async def test(client):
        r = await client.post("/v1/games", json={"game": f"g-{uuid.uuid4().hex[:12]}", "package": package(GRAVEWATCH),
                                                 "members": [ada()], "seed": 9})
        g = (await r.json())["game"]
        text = ('[skill_check: skill="Listen" who="Ada" difficulty="Awkward"] '
                '[sheet: who="Ada" op="state" state="light" value="out"] '
                '[sheet: who="Ada" op="damage" track="harm" kind="knock" amount="2"] '
                '[skill_check: skill="Listen" who="Ada" difficulty="Awkward"]')
        r = await client.post(f"/v1/games/{g}/replies", json={"snapshot": "m1", "parent": None, "text": text})
        receipts = (await r.json())["receipts"]
        assert [x.get("now") for x in receipts[1:3]] == ["Out", "2/4 Winded"]
        before, after = receipts[0]["check"], receipts[3]["check"]
        # The first check reads Ada as she was: no harm penalty, no lamp adjustment.
        assert ("penalty" in before, "adjust" in before) == (False, False)
        assert (after["penalty"], after["adjust"], after["target"]) == ("-1", "-2", "8")
        assert after["dice"] == "1d10"

    run(test)


def test_each_block_names_the_untrained_rules_and_sheet_modifiers_in_force_over_http():
    # spec/sheet.md "Untrained checks", "Sheet modifiers": the block lists trained checks only,
    # so what an untrained check or an `adjust` entry does to this member is said on its own line.
    # Ember Roads: Tinker untrained {"by": -2}; Burden is the packed gear's bulk (2 + 1 = 3, the
    # unpacked anvil not counted), 3 steps to -1 on Brawn; Reckless Stance is +2 on Brawn.
    # Wren trained in Tinker (Wits 1 + 1 = +2) carries no untrained line.
    gear = [{"name": "Crowbar", "bulk": 2, "packed": True}, {"name": "Rope", "bulk": 1, "packed": True},
            {"name": "Anvil", "bulk": 5, "packed": False}]
    tam = {"name": "Tam", "sheet": {"abilities": {"brawn": 1, "wits": 2, "heart": 0}, "lists": {"gear": gear}}}
    wren = {"name": "Wren", "sheet": {"abilities": {"brawn": 2, "wits": 1, "heart": 1},
                                      "skills": {"tinker": "trained"}}}

    async def test(client):
        g = await _create(client, "ember-roads.json", [tam, wren])
        reminder = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"]
        assert "- On checks: Tinker: untrained -2; Burden on Brawn rolls -1 on Brawn checks" in reminder
        assert "- Trained skills: Tinker +2" in reminder
        assert reminder.count("- On checks:") == 1
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m1", "parent": None, "text": '[sheet: who="party" op="state" state="stance" value="reckless"]'})
        assert (await r.json())["receipts"][0]["now"] == "Tam Reckless; Wren Reckless"
        reminder = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"]
        assert ("- On checks: Tinker: untrained -2; Burden on Brawn rolls -1 on Brawn checks; "
                "Stance on Brawn +2 on Brawn checks") in reminder
        assert "- On checks: Stance on Brawn +2 on Brawn checks" in reminder

    # Gravewatch is a pool: Dig refuses untrained, the Labour section takes a die off the rest
    # of its skills (Wrestle), Listen is one step harder; with the Light out, Light on Nerve
    # takes two dice off every Nerve check.
    async def gravewatch(client):
        g = await _create(client, GRAVEWATCH, [ada()])
        lines = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"].split("\n")
        untrained = ("- On checks: Dig: untrained, cannot be attempted; Wrestle: untrained -1 die; "
                     "Listen: untrained, one step harder")
        assert untrained in lines
        await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m1", "parent": None, "text": '[sheet: who="Ada" op="state" state="light" value="out"]'})
        lines = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"].split("\n")
        assert untrained + "; Light on Nerve -2 dice on Nerve checks" in lines
        assert "- Light: Out" in lines

    run(test)
    run(gravewatch)


def test_a_plain_track_is_taught_marked_cleared_and_set_and_each_plays_over_http():
    # Ember Roads' Heat runs 0 to 5: the reminder teaches op="track" with to= beside mark and
    # clear, with the ruleset's own id, and each plays as taught: 0 + 2 = 2, set to 4, to max 5,
    # by -3 is 2, and a harm track (Strain) is refused by name.
    wren = {"name": "Wren", "sheet": {"abilities": {"brawn": 2, "wits": 1, "heart": 1}}}

    async def test(client):
        g = await _create(client, "ember-roads.json", [wren])
        lines = (await (await client.get(f"/v1/games/{g}/reminder")).json())["text"].split("\n")
        assert ('- [sheet: who="Name" op="mark" track="heat" amount="1"], op="clear" the same way; '
                '[sheet: who="Name" op="track" track="heat" to="0"] sets it (to= a number, min or max; '
                "by= moves it either way). Tracks: heat (Heat, 0 to 5).") in lines
        tags = [
            ('[sheet: who="Wren" op="mark" track="heat" amount="2"]', "2/5"),
            ('[sheet: who="Wren" op="track" track="heat" to="4"]', "4/5"),
            ('[sheet: who="Wren" op="track" track="heat" to="max"]', "5/5"),
            ('[sheet: who="Wren" op="track" track="heat" by="-3"]', "2/5"),
            ('[sheet: who="Wren" op="track" track="strain" to="1"]', "harm-track"),
        ]
        r = await client.post(f"/v1/games/{g}/replies", json={
            "snapshot": "m1", "parent": None, "text": " ".join(t for t, _ in tags)})
        assert [x.get("now") or x["reason"] for x in (await r.json())["receipts"]] == [v for _, v in tags]

    run(test)
