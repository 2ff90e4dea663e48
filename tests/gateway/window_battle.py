"""A battle through the service that opens a window: tests/combat/windows_kit.py's
package (Shield answers a `hit` with a Level 1 slot and the Reaction budget), Wren
(Shield, Stamina 6: Breath 11) for player "wren", Juno (Nerve 3: Guard 10) for player
"juno", and an Engine-controlled Ogre.

Under `SEED` the order is Wren, Ogre, Juno. When Wren ends her first turn the Ogre's
Two clubs hit her with 23 against Guard 8 and the fight waits on her (`OPENS`, window
`w8` at revision 3: Wren's choice is saved at 2, before the Ogre moves). What follows her answer is `AFTER_SHIELD` or `AFTER_PASS`; Juno's
turn comes next. An Engine-controlled Wren attacks instead of ending her turn and the
Engine passes for her (`ENGINE_ANSWERS`).
"""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from tests.combat import windows_kit as K
from tests.gateway.harness import bearer, until

SEED = 9
PACKAGE = K.package()
FOES = [K.foe("ogre", controller="engine")]

#: The window the Ogre's first hit opens (the record without its `resume`).
WINDOW = {"id": "w8", "moment": "hit", "asking": ["wren"], "source": "ogre", "target": "wren", "deadline": None}
#: Wren's answers in that window, and Pass beside them.
WINDOW_OPTIONS = ["ability:charms:shield", "ability:charms:shield@slot_2", "ability:charms:shield@slot_3", "pass"]

START = ["The fight begins: Wren, Juno against Ogre.",
         "Initiative: Wren 8 + 1 = 9; Juno 3 + 3 = 6; Ogre 8. Order: Wren, Ogre, Juno.",
         "Round 1.", "Wren's turn."]
OPENS = ["Ogre's turn.", "Ogre uses Two clubs.",
         "Ogre attacks Wren with Club: 19 + 4 = 23 against Guard 8, a hit.",
         "The fight waits: Ogre's Club (23 against Guard 8) hits Wren. Asked in turn: Wren."]
AFTER_SHIELD = ["Wren answers with Shield.", "Wren spends 1 Level 1 slot on Shield.", "Wren uses Shield on Wren.",
                "Wren is Shielded for 1 round.", "Ogre's Club: 23 against Wren's Guard 13 now, still hits.",
                "Club (5 + 2 = 7) deals 7 cut damage to Wren.", "Wren has 4 of 11 Breath.",
                "Ogre attacks Wren with Club: 3 + 4 = 7 against Guard 13 (+ 5 Shielded), a miss.", "Juno's turn."]
AFTER_PASS = ["Wren passes.", "Club (5 + 2 = 7) deals 7 cut damage to Wren.", "Wren has 4 of 11 Breath.",
              "Ogre attacks Wren with Club: 3 + 4 = 7 against Guard 8, a miss.", "Juno's turn."]
#: Wren under the Engine (or the director's tactics): her turn, the Ogre's, and her Pass.
ENGINE_TURN = ["Wren attacks Ogre with Lamp hook: 19 against Guard 9, a hit.",
               "Lamp hook (5) deals 5 cut damage to Ogre.", "Ogre has 25 of 30 Breath.",
               "Ogre's turn.", "Ogre uses Two clubs.",
               "Ogre attacks Wren with Club: 3 + 4 = 7 against Guard 8, a miss.",
               "Ogre attacks Wren with Club: 18 + 4 = 22 against Guard 8, a hit.",
               "The fight waits: Ogre's Club (22 against Guard 8) hits Wren. Asked in turn: Wren."]
ENGINE_PASSES = ["Wren passes.", "Club (7 + 2 = 9) deals 9 cut damage to Wren.", "Wren has 2 of 11 Breath.",
                 "Juno's turn."]


def party(wren_controller: str = "player") -> list[dict[str, Any]]:
    wren = K.wren("shield", controller=wren_controller)
    wren["sheet"]["fields"]["stamina"] = 6
    if wren_controller != "player":
        del wren["player"]
    juno = K.juno()
    juno["sheet"]["abilities"]["nerve"] = 3
    return [wren, juno]


async def create(client: TestClient, *, wren_controller: str = "player",
                 window_seconds: float | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"package": PACKAGE, "party": party(wren_controller), "foes": FOES, "seed": SEED}
    if window_seconds is not None:
        body["window_seconds"] = window_seconds
    r = await client.post("/v1/battles", json=body)
    assert r.status == 201, await r.text()
    return await r.json()


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


async def end_wrens_turn(ws: Any) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """On Wren's player's socket: her turn's prompt, End turn, then the window's prompt.
    Answers (the events up to the window, the window prompt)."""
    events, turn = await until(ws, "prompt", timeout=20)
    assert (turn["actor"], turn["decision"], turn["revision"]) == ("wren", "turn", 1)
    await ws.send_json({"type": "choice", "actor": "wren", "option_id": "end-turn", "request_id": "wren-end",
                        "revision": 1})
    more, window = await until(ws, "prompt", timeout=20)
    return events + more, window


async def events_of(client: TestClient, created: dict[str, Any]) -> list[dict[str, Any]]:
    r = await client.get(f"/v1/battles/{created['battle']}/events", headers=bearer(created["gm_token"]))
    return (await r.json())["events"]


def answer(option: str, request_id: str, revision: int = 3) -> dict[str, Any]:
    return {"type": "choice", "actor": "wren", "option_id": option, "request_id": request_id, "revision": revision}
