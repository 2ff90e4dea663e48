"""The scripted chat-completions server the GM tests talk to (one per test module)."""

from tests.worker.chat_server import chat

__all__ = ["chat"]
