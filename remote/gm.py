"""The GM model client: an OpenAI-compatible chat-completions API over aiohttp.

Owns: `ChatClient`, the `shared.service.gm.GmClient` both processes hand the director and
the invention (`client_for`), built from a `shared.service.gm.GmModel` (read from the
environment by `shared.service.settings`); it raises the errors that module names. The
same request shape is spoken by hosted providers and local model servers:
`POST {base}/chat/completions` with `{"model", "messages", "temperature": 0}`.

- Timeouts: every attempt is bounded by `timeout` seconds. A timed-out attempt is not
  retried: it has already cost the whole wait the decision may take.
- Retries: a connection failure, a 429 or a 5xx is retried up to `retries` times, with
  exponential backoff (`backoff`, doubled each time, at most `BACKOFF_CAP`).
- Concurrency: at most `concurrency` calls at once per process (a semaphore shared by
  the process's threads); a call that waits longer than `timeout` for a slot times out.
- Metrics: latency and tokens per call (`shared.service.metrics`).
- No secrets in logs: the key goes only into the Authorization header; errors and log
  lines name the base URL and the model, never the key or the headers.

Callers are synchronous (Celery tasks, the embedded executor's threads): `complete` runs
the request on an event loop of its own in the calling thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import aiohttp

from shared.service import metrics
from shared.service.gm import BACKOFF_CAP, GmError, GmMalformed, GmModel, GmTimeout, GmUnavailable, Reply

log = logging.getLogger(__name__)

#: The most tokens a reply may use (an option id or a few stat blocks fit well within it).
MAX_TOKENS = 2048


_slots_lock = threading.Lock()
_slots: dict[int, threading.BoundedSemaphore] = {}


def _slots_for(concurrency: int) -> threading.BoundedSemaphore:
    """The process's slots (one semaphore per configured limit; a process has one)."""
    with _slots_lock:
        if concurrency not in _slots:
            _slots[concurrency] = threading.BoundedSemaphore(concurrency)
        return _slots[concurrency]


class ChatClient:
    def __init__(self, model: GmModel) -> None:
        if not model.configured:
            raise ValueError("no GM model is configured (MARINARA_GM_BASE_URL and MARINARA_GM_MODEL)")
        self.model = model

    def complete(self, messages: list[dict[str, str]], *, call: str) -> Reply:
        """The model's reply to `messages`. Raises GmTimeout, GmUnavailable or GmMalformed.
        `call` names the caller in the metrics (`director`, `invent`)."""
        slots = _slots_for(self.model.concurrency)
        if not slots.acquire(timeout=self.model.timeout):
            raise GmTimeout(f"all {self.model.concurrency} GM model slots of this process stayed busy for "
                            f"{self.model.timeout:g} seconds")
        started = time.perf_counter()
        try:
            reply = asyncio.run(self._complete(messages))
        except GmError as exc:
            metrics.GM_SECONDS.labels(call=call).observe(time.perf_counter() - started)
            log.warning("GM model %s at %s (%s): %s", self.model.model, self.model.base_url, call, exc)
            raise
        finally:
            slots.release()
        metrics.GM_SECONDS.labels(call=call).observe(reply.seconds)
        metrics.GM_TOKENS.labels(call=call, kind="prompt").inc(reply.prompt_tokens)
        metrics.GM_TOKENS.labels(call=call, kind="completion").inc(reply.completion_tokens)
        return reply

    async def _complete(self, messages: list[dict[str, str]]) -> Reply:
        body = {"model": self.model.model, "messages": messages, "temperature": 0, "max_tokens": MAX_TOKENS}
        headers = {"Content-Type": "application/json"}
        if self.model.api_key:
            headers["Authorization"] = f"Bearer {self.model.api_key}"
        started = time.perf_counter()
        timeout = aiohttp.ClientTimeout(total=self.model.timeout)
        last = ""
        async with aiohttp.ClientSession(timeout=timeout) as session:
            for attempt in range(1, self.model.retries + 2):
                if attempt > 1:
                    await asyncio.sleep(min(self.model.backoff * 2 ** (attempt - 2), BACKOFF_CAP))
                try:
                    async with session.post(self.model.endpoint, json=body, headers=headers) as response:
                        raw = await response.read()
                        status = response.status
                except asyncio.TimeoutError:
                    raise GmTimeout(f"the GM model did not answer within {self.model.timeout:g} seconds") from None
                except aiohttp.ClientError as exc:
                    last = f"the GM model could not be reached ({type(exc).__name__})"
                    continue
                if status == 429 or status >= 500:
                    last = f"the GM model answered HTTP {status}"
                    continue
                if status != 200:
                    raise GmUnavailable(f"the GM model answered HTTP {status}")
                text, prompt, completion = _read(raw)
                return Reply(text, prompt, completion, time.perf_counter() - started, attempt)
        tries = self.model.retries + 1
        raise GmUnavailable(f"{last} after {tries} attempt{'s' if tries > 1 else ''}")


def _read(raw: bytes) -> tuple[str, int, int]:
    """The reply text and token counts of a chat-completions answer."""
    try:
        data = json.loads(raw)
        text = data["choices"][0]["message"]["content"]
    except (ValueError, KeyError, IndexError, TypeError):
        raise GmMalformed("the GM model's answer is not a chat completion (no choices[0].message.content)") from None
    if not isinstance(text, str):
        raise GmMalformed("the GM model's answer has no text in choices[0].message.content")
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}

    def count(key: str) -> int:
        value = usage.get(key)
        return value if isinstance(value, int) and value >= 0 else 0

    return text, count("prompt_tokens"), count("completion_tokens")


def client_for(model: GmModel) -> ChatClient | None:
    """The client of a configured model; None (the Engine decides for the GM) without one."""
    return ChatClient(model) if model.configured else None
