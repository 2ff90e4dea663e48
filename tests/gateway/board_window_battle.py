"""Battles on a board through the service that open the board's own windows:
tests/combat/board_windows_kit.py's package (strikes at someone walking away spend the
Reaction budget; Shove pushes one stride; a two-level drop is a fall; Feather Fall answers
`falls`), Wren for player "wren", Juno for player "juno", and a GM-controlled Ogre.

Under `SEED` the Ogre acts first. `walk`: on the open board the Ogre beside Wren walks to
7, 1, leaving her reach: the walk stops and Wren is asked (strike with her Lamp hook, or
Pass). `fall`: on the ledge the Ogre shoves Juno off it (20 against 4) and Wren is asked
whether to catch her with Feather Fall before she lands.
"""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from tests.combat import board_windows_kit as BK
from tests.combat import windows_kit as K

SEED = 3
PACKAGE = BK.package()

WALK_START = ["The fight is on a 8 x 3 board: Wren 3, 1, Juno 0, 0, Ogre 4, 1.",
              "The fight begins: Wren, Juno against Ogre.",
              "Initiative: Wren 2 + 1 = 3; Juno 3 + 1 = 4; Ogre 12. Order: Ogre, Juno, Wren.",
              "Round 1.", "Ogre's turn."]
WALK_OPENS = ["Ogre walks out of Wren's reach at 4, 1; the fight waits for that answer."]
WALK_WINDOW = {"id": "w6", "moment": "leaves-reach", "asking": ["wren"], "source": "ogre", "target": "ogre",
               "deadline": None}
WALK_RESUME = {"step": "walk", "mover": "ogre", "cells": [[5, 0], [6, 0], [7, 1]], "asked": [], "now": ["wren"],
               "paid": 0, "from": [4, 1]}
WALK_OPTIONS = ["attack:kit:lamp-hook", "pass"]
WALK_PASS = ["Wren lets Ogre go.", "Ogre moves to 7, 1 for 3 strides and has 3 strides left."]
WALK_STRIKE = ["Wren strikes at Ogre with Lamp hook.", "Wren attacks Ogre with Lamp hook: 16 against Guard 9, a hit.",
               "Lamp hook (1) deals 1 cut damage to Ogre.", "Ogre has 29 of 30 Breath.",
               "Ogre moves to 7, 1 for 3 strides and has 3 strides left."]

FALL_START = ["The fight is on a 6 x 3 board: Juno 1, 1, Wren 0, 0, Ogre 0, 1.",
              "The fight begins: Juno, Wren against Ogre.",
              "Initiative: Juno 2 + 1 = 3; Wren 3 + 1 = 4; Ogre 12. Order: Ogre, Wren, Juno.",
              "Round 1.", "Ogre's turn."]
FALL_OPENS = ["Ogre tries Shove on Juno: 16 + 4 = 20 with Might against 1 + 3 = 4 with Might, and wins.",
              "Ogre pushes Juno 1 strides to 2, 1.", "The fight waits: Juno falls. Asked in turn: Wren."]
FALL_WINDOW = {"id": "w8", "moment": "falls", "asking": ["wren"], "source": "ogre", "target": "juno",
               "deadline": None}
FALL_OPTIONS = ["ability:charms:feather-fall", "ability:charms:feather-fall@slot_2",
                "ability:charms:feather-fall@slot_3", "pass"]
FALL_CAUGHT = ["Wren answers with Feather Fall.", "Wren spends 1 Level 1 slot on Feather Fall.",
               "Wren uses Feather Fall on Juno.", "Juno is Feather falling for 10 rounds.",
               "Juno falls 10 strides and lands safely: Feather falling keeps the fall's harm off."]
FALL_PASS = ["Wren passes.", "Juno falls 10 strides: 2d6 = 3 (2 + 1).", "The fall deals 3 cut damage to Juno.",
             "Juno has 8 of 11 Breath.", "Juno is Prone."]

#: What the GM has the Ogre do in each battle (option, targets).
GM_CHOICE = {"walk": ("move:7,1", []), "fall": ("contest:shove", ["juno"])}
#: The line the director logs when a GM model makes that choice (on Celery workers).
GM_SAID = {"walk": "The GM decides for Ogre: Move to 7, 1.", "fall": "The GM decides for Ogre: Shove against Juno."}


def body(kind: str) -> dict[str, Any]:
    if kind == "walk":
        party = [BK.at(K.wren("shield"), 3, 1), BK.at(K.juno(), 0, 0)]
        foes, board = [K.foe("ogre", controller="gm", position=[4, 1])], BK.OPEN
    else:
        party = [BK.at(K.juno(), 1, 1), BK.at(K.wren("feather-fall"), 0, 0)]
        foes, board = [K.foe("ogre", controller="gm", position=[0, 1])], BK.LEDGE
    return {"package": PACKAGE, "party": party, "foes": foes, "board": board, "seed": SEED}


async def create(client: TestClient, kind: str) -> dict[str, Any]:
    r = await client.post("/v1/battles", json=body(kind))
    assert r.status == 201, await r.text()
    return await r.json()


def texts(events: list[dict[str, Any]]) -> list[str]:
    return [e["text"] for e in events]


def without_resume(window: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in window.items() if k != "resume"}
