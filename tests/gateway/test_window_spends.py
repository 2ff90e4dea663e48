"""A player's own symbol spends inside a window answer, through the gateway (docs/windows.md
"An answer is a step of its own"): Juno (`"ownSpends": true`, player "juno") answers the
Engine's Dock bruiser's Haymaker with Riposte over her socket; the roll waits for her
spends (a `spend` prompt on her socket, a `waiting` notice on the GM's, the hold cleared),
she buys over the socket, and the window closes and the fight goes on. The package is
tests/combat/symbol_kit.py's `riposte_package`; under `SEED` the Haymaker hits her at once.

tests/integration runs the gateway tests on Redis and Celery; this one runs embedded.
"""

from __future__ import annotations

from typing import Any

from tests.combat.symbol_kit import duelist, riposte_package
from tests.gateway.harness import battle_view, run, socket, until

SEED = 17

OPENS = ["The fight begins: Juno against Dock bruiser.",
         "Initiative: Juno 9 (5 + 4) + 1 = 10; Dock bruiser 7 (3 + 4) + 2 = 9. Order: Juno, Dock bruiser.",
         "Round 1.", "Juno's turn.", "Dock bruiser's turn.",
         "Dock bruiser attacks Juno with Haymaker: 3 dice, 1 upgraded against Defense 1: Proficiency aa, Ability s, "
         "Ability s, Difficulty h → 2 successes, 1 advantage, a hit.",
         "Left on the roll for the Game Master to narrate: 1 advantage.",
         "Haymaker (4, + 2 for 2 successes, 1 soaked by Soak = 5) deals 5 damage to Juno.",
         "Juno has 3 of 8 Grit.",
         "The fight waits: Haymaker has harmed Juno. Asked in turn: Juno."]
RIPOSTE = ["Juno answers with Riposte.", "Juno uses Riposte on Dock bruiser.",
           "Juno attacks Dock bruiser with Riposte: 3 dice against Defense 1: Ability s, Ability sa, Ability a, "
           "Difficulty - → 2 successes, 2 advantages, a hit.",
           "The fight waits: Juno chooses what to buy with 2 advantages."]


def _choice(option: str, request_id: str, revision: int) -> dict[str, Any]:
    return {"type": "choice", "actor": "juno", "option_id": option, "request_id": request_id, "revision": revision}


def test_a_player_chooses_their_spends_inside_a_window_answer_over_the_socket():
    async def body(client):
        r = await client.post("/v1/battles", json={
            "package": riposte_package(), "party": [duelist()],
            "foes": [{"creature": "dock-bruiser", "controller": "engine"}], "seed": SEED})
        assert r.status == 201, await r.text()
        created = await r.json()
        async with socket(client, created, created["tokens"]["juno"]) as juno, \
                socket(client, created, created["gm_token"]) as gm:
            seen, turn = await until(juno, "prompt", timeout=20)
            assert (turn["decision"], turn["revision"]) == ("turn", 1)
            await juno.send_json(_choice("end-turn", "juno-end", 1))
            more, window = await until(juno, "prompt", timeout=20)
            assert [e["text"] for e in seen + more] == OPENS
            # Juno's end of turn is saved at 2, before the bruiser moves.
            assert (window["decision"], window["revision"]) == ("window", 3)
            assert [o["id"] for o in window["options"]] == ["ability:moves:riposte", "pass"]

            await juno.send_json(_choice("ability:moves:riposte", "juno-riposte", 3))
            events, spend = await until(juno, "prompt", timeout=20)
            assert [e["text"] for e in events] == RIPOSTE
            assert (spend["decision"], spend["revision"], spend["window"]) == ("spend", 4, None)
            assert [o["id"] for o in spend["options"]] == ["spend:crit", "spend:engine", "spend:done"]
            assert spend["suggestion"]["option"] == "spend:engine"
            while True:
                _, told = await until(gm, "waiting", timeout=20)
                if told["revision"] == 4:
                    break
            assert (told["actor"], told["decision"], told["window"]) == ("juno", "spend", None)

            await juno.send_json(_choice("spend:crit", "juno-crit", 4))
            events, turn = await until(juno, "prompt", timeout=20)
            assert [e["text"] for e in events] == [
                "Juno spends 2 advantages on Critical: the hit becomes a critical.",
                "Dock bruiser is Injured for 3 rounds.",
                "Riposte (3, + 2 for 2 successes, 2 soaked by Dock bruiser's own soak = 3) deals 3 damage to "
                "Dock bruiser.",
                "Dock bruiser has 9 of 12 Grit.",
                "Round 2.",
                "Juno's turn.",
            ]
            # The spends at 5, the rest of the bruiser's turn (the Engine's) at 6.
            assert (turn["decision"], turn["revision"]) == ("turn", 6)
        view = await battle_view(client, created)
        assert view["state"]["pending"]["decision"] == "turn"

    run(body)
