"""The GM model client: an OpenAI-compatible chat-completions API over aiohttp.

Owns: `GmModel` (base URL, model, key, timeout, retries, concurrency; read from the
environment by `worker.settings`), `ChatClient.complete` and the errors a call ends in.
The same request shape is spoken by hosted providers and local model servers:
`POST {base}/chat/completions` with `{"model", "messages", "temperature": 0}`.

- Timeouts: every attempt is bounded by `timeout` seconds. A timed-out attempt is not
  retried: it has already cost the whole wait the decision may take.
- Retries: a connection failure, a 429 or a 5xx is retried up to `retries` times, with
  exponential backoff (`backoff`, doubled each time, at most `BACKOFF_CAP`).
- Concurrency: at most `concurrency` calls at once per process (a semaphore shared by
  the process's threads); a call that waits longer than `timeout` for a slot times out.
- Metrics: latency and tokens per call (`worker.metrics`).
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
from dataclasses import dataclass, field
from typing import Any, Mapping

import aiohttp

from . import metrics

log = logging.getLogger(__name__)

#: The longest wait between two attempts, whatever `backoff` and the attempt number say.
BACKOFF_CAP = 10.0
#: The most tokens a reply may use (an option id or a few stat blocks fit well within it).
MAX_TOKENS = 2048

DEFAULT_TIMEOUT = 20.0
DEFAULT_RETRIES = 2
DEFAULT_BACKOFF = 0.5
DEFAULT_CONCURRENCY = 4


class GmError(Exception):
    """A call that gave no usable reply. `outcome` is the metric label and the fallback's name."""

    outcome = "unavailable"


class GmTimeout(GmError):
    outcome = "timeout"


class GmUnavailable(GmError):
    outcome = "unavailable"


class GmMalformed(GmError):
    outcome = "invalid"


@dataclass(frozen=True)
class Reply:
    text: str
    prompt_tokens: int
    completion_tokens: int
    seconds: float
    attempts: int


@dataclass(frozen=True)
class GmModel:
    """Where the GM model is. `configured` is False when no base URL or model is set, and
    then every GM decision falls back to the Engine's tactics."""

    base_url: str = ""
    model: str = ""
    api_key: str = field(default="", repr=False)
    timeout: float = DEFAULT_TIMEOUT
    retries: int = DEFAULT_RETRIES
    backoff: float = DEFAULT_BACKOFF
    concurrency: int = DEFAULT_CONCURRENCY

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.model)

    @property
    def endpoint(self) -> str:
        return self.base_url.rstrip("/") + "/chat/completions"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "GmModel":
        def number(name: str, default: float, kind: type = float, low: float = 0.0) -> Any:
            text = env.get(name)
            if not text:
                return default
            try:
                value = kind(text)
            except ValueError:
                raise ValueError(f"{name}={text!r} is not a {'whole ' if kind is int else ''}number") from None
            if value < low:
                raise ValueError(f"{name}={text!r} must be at least {low:g}")
            return value

        return cls(
            base_url=env.get("MARINARA_GM_BASE_URL") or "",
            model=env.get("MARINARA_GM_MODEL") or "",
            api_key=env.get("MARINARA_GM_API_KEY") or "",
            timeout=number("MARINARA_GM_TIMEOUT", DEFAULT_TIMEOUT, float, 0.01),
            retries=number("MARINARA_GM_RETRIES", DEFAULT_RETRIES, int, 0),
            backoff=number("MARINARA_GM_BACKOFF", DEFAULT_BACKOFF, float, 0.0),
            concurrency=number("MARINARA_GM_CONCURRENCY", DEFAULT_CONCURRENCY, int, 1),
        )

    def worst_case(self) -> float:
        """Seconds one call can take at the most: the wait for a slot, every attempt (each
        bounded by `timeout`) and the backoffs between them."""
        waits = sum(min(self.backoff * 2 ** n, BACKOFF_CAP) for n in range(self.retries))
        return self.timeout * (2 + self.retries) + waits


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
