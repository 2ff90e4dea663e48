"""A local HTTP server speaking the OpenAI chat-completions protocol, with scripted replies.

Owns: `ChatServer` (an aiohttp app on 127.0.0.1, on its own thread and event loop, so the
synchronous code under test can call it) and the reply kinds a test scripts: `say` (a
completion with this text and token usage), `status` (an HTTP error), `raw` (a body that
is not a completion), `slow` (a completion after a delay). Each request takes the next
scripted reply; when the script is used up the last reply repeats. Every request body and
its Authorization header are recorded for the test to read.
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest
from aiohttp import web


@dataclass(frozen=True)
class Scripted:
    text: str = ""
    status: int = 200
    raw: bytes | None = None
    delay: float = 0.0
    prompt_tokens: int = 120
    completion_tokens: int = 7


def say(text: str, prompt_tokens: int = 120, completion_tokens: int = 7) -> Scripted:
    return Scripted(text=text, prompt_tokens=prompt_tokens, completion_tokens=completion_tokens)


def status(code: int) -> Scripted:
    return Scripted(status=code, raw=json.dumps({"error": {"message": "scripted failure"}}).encode())


def raw(body: bytes) -> Scripted:
    return Scripted(raw=body)


def slow(seconds: float, text: str) -> Scripted:
    return Scripted(text=text, delay=seconds)


@dataclass
class Seen:
    body: dict[str, Any]
    authorization: str | None


@dataclass
class ChatServer:
    script: list[Scripted] = field(default_factory=list)
    seen: list[Seen] = field(default_factory=list)
    port: int = 0

    def __post_init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="chat-server", daemon=True)
        self._runner: web.AppRunner | None = None
        self._lock = threading.Lock()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def play(self, *replies: Scripted) -> None:
        with self._lock:
            self.script = list(replies)
            self.seen.clear()

    def _next(self) -> Scripted:
        with self._lock:
            return self.script.pop(0) if len(self.script) > 1 else self.script[0]

    async def _complete(self, request: web.Request) -> web.Response:
        body = await request.json()
        with self._lock:
            self.seen.append(Seen(body, request.headers.get("Authorization")))
        reply = self._next()
        if reply.delay:
            await asyncio.sleep(reply.delay)
        if reply.raw is not None:
            return web.Response(status=reply.status, body=reply.raw, content_type="application/json")
        return web.json_response({
            "id": f"chatcmpl-{len(self.seen)}", "object": "chat.completion", "model": body.get("model"),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": reply.text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                      "total_tokens": reply.prompt_tokens + reply.completion_tokens},
        }, status=reply.status)

    async def _start(self) -> None:
        app = web.Application()
        app.router.add_post("/v1/chat/completions", self._complete)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    def start(self) -> "ChatServer":
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._start(), self._loop).result(timeout=10)
        return self

    def stop(self) -> None:
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)


@pytest.fixture(scope="module")
def chat() -> Iterator[ChatServer]:
    """A started server for the test module (import this fixture where it is used)."""
    server = ChatServer().start()
    try:
        yield server
    finally:
        server.stop()
