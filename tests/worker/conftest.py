"""The scripted chat-completions server the GM tests talk to (one per test module), and the
worker's metrics: loading `worker.metrics` builds the GM metrics the service layer reports
to, as a worker process loads it, so the tests read them in the default registry."""

import worker.metrics  # noqa: F401  (loaded for the GM metrics it builds)
from tests.worker.chat_server import chat

__all__ = ["chat"]
