"""Checks and saves in a game through the real gateway (embedded on the memory store here,
on Redis in tests/integration/test_gateway_on_redis.py): the `[skill_check: ...]` tag in a
Game Master reply and `POST /v1/games/{game}/checks`, every refusal, on the upstream
Gravewatch and 5e packages with the game's own seeded dice.

The dice are the game's: die n of seed s is `face_at(s, n, sides)`. Seed 9 throws d10s
10, 9, 4, 9, 5, 3, 8, ...; seed 0 throws d20s 8, 13, 6, 3 (pinned below)."""

from __future__ import annotations

import json

from shared.dice.rng import face_at
from tests.conftest import UPSTREAM
from tests.gateway.harness import run

GRAVEWATCH = json.loads((UPSTREAM / "gravewatch.json").read_text())
FIVE_E = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
#: Mira with the lamp out (Light on Nerve -2) and two knocks on Harm: Winded, -1.
MIRA = {"name": "Mira", "sheet": {"live": {"states": {"light": "out"}, "marks": {"harm": ["knock", "knock"]}}}}
TOMAS = {"name": "Tomas"}


def test_the_seeds_throw_what_the_tests_say():
    assert [face_at(9, n, 10) for n in range(7)] == [10, 9, 4, 9, 5, 3, 8]
    assert [face_at(0, n, 20) for n in range(2)] == [8, 13]


def test_gravewatch_checks_in_a_reply_and_at_the_endpoint():
    async def test(client):
        r = await client.post("/v1/games", json={"game": "gw", "package": GRAVEWATCH, "members": [MIRA, TOMAS],
                                                 "seed": 9})
        assert r.status == 201, await r.text()
        r = await client.post("/v1/games/gw/replies", json={"snapshot": "m1", "parent": None, "text": (
            # Listen untrained (harder: target 8) at Awkward (2 successes): Nerve 2 - 2 (lamp
            # out) - 1 (Winded) floors to pool.min 1 die; the 10 explodes into a 9. What the
            # model wrote of the result is dropped.
            'A creak. [skill_check: skill="Listen" who="mira " difficulty="Awkward" rolls="3" total="9" '
            'result="failure"] '
            # Dig refuses the untrained; the Game Master's own reason stops nothing.
            '[skill_check: skill="Dig" who="Mira" dc="1" reason="because"] '
            # Tomas has no sheet: no training to read, the blank Sinew 2, Plain work's target 6.
            '[skill_check: skill="Dig" who="Tomas" dc="1"] '
            # Nobody is no member: no dice of its own, pool.min 1 die, a 5 against 6.
            '[skill_check: skill="Ward" who="Nobody" dc="1"] '
            '[skill_check: skill="Fly" who="Mira" dc="1"]')})
        assert r.status == 201, await r.text()
        body = await r.json()
        assert body["text"] == (
            'A creak. [skill_check: skill="Listen" who="Mira" dc="2" rolls="10|9" used="2" modifier="2" total="2" '
            'result="success" dice="1d10" resolution="successes" target="8" penalty="-1" adjust="-2"] '
            '[skill_check: skill="Dig" who="Mira" dc="1" reason="untrained"] '
            '[skill_check: skill="Dig" who="Tomas" dc="1" rolls="4|9" used="1" modifier="2" total="1" '
            'result="success" dice="2d10" resolution="successes" target="6"] '
            '[skill_check: skill="Ward" who="Nobody" dc="1" rolls="5" used="0" modifier="0" total="0" '
            'result="failure" dice="1d10" resolution="successes" target="6" note="Nobody is not a member of this '
            'game (members: Mira, Tomas): rolled with no modifier"] '
            '[skill_check: skill="Fly" who="Mira" dc="1" result="refused" '
            'reason="this ruleset has no skill, save or ability called Fly"]')
        assert [(x["result"], x.get("reason")) for x in body["receipts"]] == [
            ("success", None), ("refused", "untrained"), ("success", None), ("failure", None),
            ("refused", "this ruleset has no skill, save or ability called Fly")]
        assert body["receipts"][0]["check"]["rolls"] == "10|9"

        # The endpoint: Ward at Grim (3 successes, target 8) buying Resolve twice (perCheck 2):
        # one die (2 - 2 - 1, floored), a 3, no success; 2 automatic successes, 2 < 3.
        r = await client.post("/v1/games/gw/checks", json={"who": "Mira", "skill": "Ward", "difficulty": "Grim",
                                                           "spend": "resolve:2"})
        assert r.status == 200, await r.text()
        done = await r.json()
        assert done["result"] == "failure" and done["snapshot"] == "m1"
        assert done["receipt"] == (
            '[skill_check: skill="Ward" who="Mira" dc="3" threshold="8" spend="resolve:2" rolls="3" used="0" '
            'modifier="2" total="2" result="failure" dice="1d10" resolution="successes" target="8" penalty="-1" '
            'adjust="-2" auto="2"]')
        view = await (await client.get("/v1/games/gw")).json()
        assert view["live"]["Mira"]["pools"] == {"resolve": 2}

        r = await client.post("/v1/games/gw/checks", json={"who": "Mira", "skill": "Dig", "dc": 1})
        assert r.status == 400
        assert await r.json() == {"code": "skill_check_untrained", "message": "Mira cannot attempt Dig untrained"}
        r = await client.post("/v1/games/gw/checks", json={"who": "Mira", "skill": "Fly", "dc": 1})
        assert r.status == 422
        assert await r.json() == {"code": "unknown-skill",
                                  "message": "this ruleset has no skill, save or ability called Fly"}
        r = await client.post("/v1/games/gw/checks", json={"who": "Mira", "skill": "Ward"})
        assert r.status == 422 and (await r.json())["code"] == "bad-check"
        r = await client.post("/v1/games/gw/checks", json={"who": "Mira", "skill": "Ward", "difficulty": "Dire"})
        assert (await r.json())["message"] == ("no single difficulty is called Dire "
                                               "(the ladder: Plain work, Awkward, Grim, Hopeless)")
        r = await client.post("/v1/games/nope/checks", json={"skill": "Ward", "dc": 1})
        assert r.status == 404

        # A regeneration from the beginning rolls the game's next dice (an 8: one success at
        # target 8, not two), and starts from the state before the spend.
        r = await client.post("/v1/games/gw/replies", json={
            "snapshot": "m1b", "parent": None, "text": '[skill_check: skill="Listen" who="Mira" difficulty="Awkward"]'})
        body = await r.json()
        assert body["text"] == ('[skill_check: skill="Listen" who="Mira" dc="2" rolls="8" used="1" modifier="2" '
                                'total="1" result="failure" dice="1d10" resolution="successes" target="8" '
                                'penalty="-1" adjust="-2"]')
        view = await (await client.get("/v1/games/gw")).json()
        assert "pools" not in view["live"]["Mira"]
        # The same reply sent again is the stored receipt: nothing is rolled again.
        r = await client.post("/v1/games/gw/replies", json={
            "snapshot": "m1b", "parent": None, "text": '[skill_check: skill="Listen" who="Mira" difficulty="Awkward"]'})
        assert r.status == 200 and (await r.json())["text"] == body["text"]

        # The reminder teaches the tag with Gravewatch's own ladder and freedoms.
        lines = (await (await client.get("/v1/games/gw/reminder")).json())["text"].split("\n")
        assert "Difficulties (successes needed): Plain work 1 (target 6), Awkward 2, Grim 3 (target 8), " \
               "Hopeless 5 (target 9)." in lines
        assert ('Per check: threshold= the per-die target, 5 to 9; bonus= dice added or taken, -3 to +3; '
                'spend="resolve:1" buys 1 success for 1 resolve, at most 2 times a check; reroll="careful" throws '
                'dice showing 6 or less again (once); explode= as low as 8; on an ability, with= adds a second '
                'one: skill="Sinew" with="Nerve".') in lines

    run(test)


def test_5e_a_die_rolled_first_stands_and_a_natural_20_below_the_dc_fails():
    vex = {"name": "Vex", "sheet": {"abilities": {"dex": 14}, "skills": {"stealth": "proficient"}}}

    async def test(client):
        r = await client.post("/v1/games", json={"game": "v", "package": FIVE_E, "members": [vex], "seed": 0})
        assert r.status == 201, await r.text()
        r = await client.post("/v1/games/v/replies", json={"snapshot": "m1", "parent": None, "text": (
            # The player's own 20: Stealth +4 (Dexterity 14, proficient) makes 24, below 25.
            '[skill_check: skill="Stealth" who="Vex" dc="25" rolls="20"] '
            # A result the model wrote itself is no die rolled first: rolled with advantage,
            # 8 and 13, the 13 kept, + 2 = 15 against Medium's 15.
            '[skill_check: skill="DEX saving throw" who="Vex" difficulty="Medium" mode="advantage" rolls="20" '
            'total="22" result="success"]')})
        body = await r.json()
        assert body["text"] == (
            '[skill_check: skill="Stealth" who="Vex" dc="25" rolls="20" used="20" modifier="4" total="24" '
            'result="failure" dice="1d20" resolution="sum"] '
            '[skill_check: skill="Dexterity save" who="Vex" dc="15" mode="advantage" rolls="8|13" used="13" '
            'modifier="2" total="15" result="success" dice="2d20" resolution="sum"]')

    run(test)
