"""`POST /v1/battles` with "let the GM invent N opponents of tier T" on the embedded
executor, against a scripted chat-completions server: the opponents are invented before
the fight starts and every change opens the log; a boss is the GM's when a model is
configured and the in-process director decides for it; a slow model is waited for only
`invent_wait` seconds; without a model the battle is refused with a clear error."""

from __future__ import annotations

import asyncio
import json

from tests.gateway.harness import PARTY, RULESET, bearer, run
from tests.metrics_text import sample
from tests.worker.chat_server import chat, say, slow
from shared.service.gm import GmModel

__all__ = ["chat"]

KNIGHT = {"name": "Drowned knight", "statBlock": {
    "tier": "dread", "health": 60, "defense": 11, "initiativeModifier": 9,
    "actions": [{"id": "blade", "name": "Blade", "budget": "act", "toHit": 5, "damage": {"dice": "1d8", "type": "cold"}}],
}}
ASK = [{"invent": 1, "tier": "dread", "boss": True, "brief": "a knight drowned in the marsh"}]


def _gm(chat, **overrides) -> GmModel:
    return GmModel(**({"base_url": chat.base_url, "model": "scripted-gm", "timeout": 2.0, "retries": 0} | overrides))


async def _events(client, created) -> list[str]:
    r = await client.get(f"/v1/battles/{created['battle']}/events", headers=bearer(created["gm_token"]))
    return [e["text"] for e in (await r.json())["events"]]


def test_invented_opponents_open_the_log_and_the_boss_is_the_gms(chat):
    chat.play(say(json.dumps({"opponents": [KNIGHT]})), say("end-turn"))

    async def body(client):
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": ASK, "seed": 3})
        assert r.status == 201, await r.text()
        created = await r.json()
        texts = await _events(client, created)
        assert texts[0] == "Drowned knight's health 60 is held to 32 (Dread: 18 to 32)."
        assert texts[1] == "The fight begins: Juno, Wren against Drowned knight."
        view = await (await client.get(f"/v1/battles/{created['battle']}", headers=bearer(created["gm_token"]))).json()
        knight = next(c for c in view["state"]["combatants"] if c["id"] == "drowned-knight")
        assert knight["controller"] == "gm" and knight["block"]["health"] == 32
        for _ in range(200):  # the knight (initiative +9) acts first: the director asks the model
            if any(t.startswith("The GM decides for Drowned knight: ") for t in await _events(client, created)):
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError(await _events(client, created))
        director = [s.body for s in chat.seen[1:]]
        assert director and "You decide for Drowned knight (drowned-knight)." in director[0]["messages"][1]["content"]

    run(body, gm=_gm(chat))


def test_the_embedded_gateways_metrics_count_the_invention_and_its_tokens(chat):
    """The GM metrics the service layer reports are counted by the gateway's own metric
    objects (`gateway.metrics.GM`) and served on its `/metrics`: one accepted invention,
    one model call of 250 prompt and 40 completion tokens, one latency observation."""
    chat.play(say(json.dumps({"opponents": [KNIGHT]}), prompt_tokens=250, completion_tokens=40))

    async def body(client):
        async def page() -> str:
            return await (await client.get("/metrics")).text()

        before = await page()
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY,
                                                   "foes": [{"invent": 1, "tier": "dread"}], "seed": 3})
        assert r.status == 201, await r.text()
        after = await page()

        def grew(name: str, **labels: str) -> float:
            return sample(after, name, **labels) - sample(before, name, **labels)

        assert grew("marinara_gm_calls_total", call="invent", outcome="accepted") == 1
        assert grew("marinara_gm_tokens_total", call="invent", kind="prompt") == 250
        assert grew("marinara_gm_tokens_total", call="invent", kind="completion") == 40
        assert grew("marinara_gm_model_seconds_count", call="invent") == 1

    run(body, gm=_gm(chat))


def test_a_slow_model_is_waited_for_a_bounded_time(chat):
    chat.play(slow(1.5, json.dumps({"opponents": [KNIGHT]})))

    async def body(client):
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": ASK})
        assert r.status == 504
        assert await r.json() == {"code": "invent-timeout", "message": (
            "the GM could not invent the opponents: the GM's opponents did not come back within 0.3 seconds; "
            "no battle was created")}

    run(body, gm=_gm(chat), invent_wait=0.3)


def test_without_a_model_inventing_is_refused_and_malformed_asks_are_named():
    async def body(client):
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": ASK})
        assert r.status == 422
        assert (await r.json())["message"] == (
            "the GM could not invent the opponents: no GM model is configured, so no opponents can be invented; "
            "name bestiary creatures, stat blocks or tiers instead")
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY,
                                                   "foes": [{"invent": 99, "tier": "pack"}]})
        assert r.status == 400 and (await r.json())["problems"] == [
            "foes[0].invent: how many opponents the GM invents, a whole number from 1 to 20"]

    run(body, gm=GmModel())
