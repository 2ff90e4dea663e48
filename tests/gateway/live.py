"""A real gateway on a loopback port for clients that are not aiohttp's test client
(schemathesis, raw sockets): `LiveGateway(**create_app options)` runs the app in a thread
with its own event loop on a free port of 127.0.0.1 until `stop()`."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from aiohttp import web

from gateway.access_log import AccessLog
from gateway.app import create_app


class LiveGateway:
    def __init__(self, **app_options: Any) -> None:
        self.app_options = app_options
        self.url = ""
        self._loop = asyncio.new_event_loop()
        self._runner: web.AppRunner | None = None
        self._thread = threading.Thread(target=self._loop.run_forever, name="live-gateway", daemon=True)

    async def _start(self) -> str:
        self._runner = web.AppRunner(create_app(**self.app_options), access_log_class=AccessLog)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        host, port = self._runner.addresses[0][:2]
        return f"http://{host}:{port}"

    def start(self) -> "LiveGateway":
        self._thread.start()
        self.url = asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(30)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(30)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    def __enter__(self) -> "LiveGateway":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()
