"""The battle the viewer tests play, and the gateway they play it on.

Owns: the scenario (our own text on the board-windows package: Juno, played by `juno`
from the page, against an Ogre the Game Master plays over HTTP, on a small marsh board
with rough ground, water, a wall, forest and a rise, so a walk, an attack, a strike at
someone walking away and an area all happen), and `LiveGateway`, the embedded gateway
running on a free loopback port in a thread of its own (the browser and the test's own
HTTP calls reach it like any client).
"""

from __future__ import annotations

import asyncio
import json
import threading
import urllib.request
from typing import Any

from aiohttp import web

from gateway.app import create_app
from tests.combat import board_windows_kit as BK
from tests.combat import windows_kit as K
from tests.combat.kit import add_charm

#: x is the column, y the row, both from 0.
BOARD = {
    "rows": ["..,,...T..",
             "..~~......",
             "....#..T..",
             ".....,,...",
             ".........."],
    "heights": ["0000000011",
                "0000000011",
                "0000000000",
                "0000000000",
                "0000000000"],
}
#: The seed under which the order is Juno, the Ogre, Wren.
SEED = 4

#: A burst Wren throws at a cell: everyone within one cell of it, allies too.
MARSH_FLARE = {"kind": "attack", "targets": "enemy", "range": 6, "amount": {"dice": "1d6"}, "damageType": "fire",
               "area": {"shape": "burst", "size": 2}, "save": {"save": "nerve_save", "onSuccess": "half"},
               "budget": "act"}


def package() -> dict[str, Any]:
    pkg = BK.package()
    add_charm(pkg, "marsh-flare", "Marsh Flare", MARSH_FLARE)
    return pkg


def party() -> list[dict[str, Any]]:
    return [BK.at(K.juno(), 1, 2), BK.at(K.wren("marsh-flare"), 0, 4)]


def foes() -> list[dict[str, Any]]:
    return [{"creature": "ogre", "controller": "gm", "position": [5, 2]}]


class LiveGateway:
    """The embedded gateway on 127.0.0.1 in a thread; `url` is its base address."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.runner: web.AppRunner | None = None
        self.url = ""
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def __enter__(self) -> "LiveGateway":
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self.loop).result(30)
        return self

    async def _start(self) -> None:
        self.runner = web.AppRunner(create_app())
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{self.runner.addresses[0][1]}"

    def __exit__(self, *exc: Any) -> None:
        assert self.runner is not None
        asyncio.run_coroutine_threadsafe(self.runner.cleanup(), self.loop).result(30)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(10)

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.url + path, data=data, method=method,
                                         headers={"Content-Type": "application/json",
                                                  **({"Authorization": f"Bearer {token}"} if token else {})})
        try:
            with urllib.request.urlopen(request, timeout=30) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read())

    def create(self, seed: int = SEED) -> dict[str, Any]:
        status, created = self.call("POST", "/v1/battles", {"package": package(), "party": party(), "foes": foes(),
                                                            "board": BOARD, "seed": seed})
        assert status == 201, created
        return created
