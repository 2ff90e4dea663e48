"""The scripted chat-completions server the GM tests talk to (one per test module)."""

from __future__ import annotations

from typing import Iterator

import pytest

from tests.worker.chat_server import ChatServer


@pytest.fixture(scope="module")
def chat() -> Iterator[ChatServer]:
    server = ChatServer().start()
    try:
        yield server
    finally:
        server.stop()
