"""The GM model client: an OpenAI-compatible chat-completions API over the standard library.

Owns: `ChatClient`, the `shared.service.gm.GmClient` both processes hand the director and
the invention (`client_for`), built from a `shared.service.gm.GmModel` (read from the
environment by `shared.service.settings`); it raises the errors that module names. The
same request shape is spoken by hosted providers and local model servers:
`POST {base}/chat/completions` with `{"model", "messages", "temperature": 0}`.

- Timeouts: every attempt is bounded by `timeout` seconds in all (connecting, sending,
  waiting for the answer and reading it: each socket wait gets what is left of it). A
  timed-out attempt is not retried: it has already cost the whole wait the decision may
  take.
- Retries: a connection failure, a 429 or a 5xx is retried up to `retries` times, with
  exponential backoff (`backoff`, doubled each time, at most `BACKOFF_CAP`).
- Concurrency: at most `concurrency` calls at once per process (a semaphore shared by
  the process's threads); a call that waits longer than `timeout` for a slot times out.
- Metrics: latency and tokens per call, reported to `shared.service.metrics.observer()`.
- No secrets in logs: the key goes only into the Authorization header; errors and log
  lines name the base URL and the model, never the key or the headers.
- No proxy from the environment: the request goes to the base URL itself.

Every caller is synchronous (Celery tasks, the embedded executor's threads), so the call
is a blocking `http.client` request on the calling thread, one connection per attempt.
"""

from __future__ import annotations

import http.client
import json
import logging
import threading
import time
from urllib.parse import urlsplit

from . import metrics
from .gm import BACKOFF_CAP, GmError, GmMalformed, GmModel, GmTimeout, GmUnavailable, Reply

log = logging.getLogger(__name__)

#: The most tokens a reply may use (an option id or a few stat blocks fit well within it).
MAX_TOKENS = 2048
#: Bytes read from the socket at a time (each read waits at most what is left of the timeout).
CHUNK = 65536

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

    @property
    def context(self) -> int:
        """The most characters one request's messages may hold (0: no limit)."""
        return self.model.context

    def complete(self, messages: list[dict[str, str]], *, call: str) -> Reply:
        """The model's reply to `messages`. Raises GmTimeout, GmUnavailable or GmMalformed.
        `call` names the caller in the metrics (`director`, `invent`)."""
        slots = _slots_for(self.model.concurrency)
        if not slots.acquire(timeout=self.model.timeout):
            raise GmTimeout(f"all {self.model.concurrency} GM model slots of this process stayed busy for "
                            f"{self.model.timeout:g} seconds")
        started = time.perf_counter()
        try:
            reply = self._complete(messages)
        except GmError as exc:
            metrics.observer().failed(call, time.perf_counter() - started)
            log.warning("GM model %s at %s (%s): %s", self.model.model, self.model.base_url, call, exc)
            raise
        finally:
            slots.release()
        metrics.observer().answered(call, reply.seconds, reply.prompt_tokens, reply.completion_tokens)
        return reply

    def _complete(self, messages: list[dict[str, str]]) -> Reply:
        body = json.dumps({"model": self.model.model, "messages": messages, "temperature": 0,
                           "max_tokens": MAX_TOKENS}).encode()
        headers = {"Content-Type": "application/json"}
        if self.model.api_key:
            headers["Authorization"] = f"Bearer {self.model.api_key}"
        started = time.perf_counter()
        last = ""
        for attempt in range(1, self.model.retries + 2):
            if attempt > 1:
                time.sleep(min(self.model.backoff * 2 ** (attempt - 2), BACKOFF_CAP))
            try:
                status, raw = self._post(body, headers)
            except TimeoutError:
                raise GmTimeout(f"the GM model did not answer within {self.model.timeout:g} seconds") from None
            except (OSError, http.client.HTTPException) as exc:
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

    def _post(self, body: bytes, headers: dict[str, str]) -> tuple[int, bytes]:
        """One attempt: the answer's status and body, all within `timeout` seconds (else
        `TimeoutError`)."""
        deadline = time.monotonic() + self.model.timeout

        def left() -> float:
            seconds = deadline - time.monotonic()
            if seconds <= 0:
                raise TimeoutError
            return seconds

        url = urlsplit(self.model.endpoint)
        if url.scheme not in ("http", "https") or not url.hostname:
            raise http.client.InvalidURL("the GM model's base URL is not an http or https URL")
        kind = http.client.HTTPSConnection if url.scheme == "https" else http.client.HTTPConnection
        connection = kind(url.hostname, url.port, timeout=left())
        try:
            connection.request("POST", url.path + (f"?{url.query}" if url.query else ""), body, headers)
            sock = connection.sock
            if sock is not None:
                sock.settimeout(left())
            response = connection.getresponse()
            chunks = []
            # The response closes its socket once the whole body is read.
            while not response.isclosed():
                if sock is not None:
                    sock.settimeout(left())
                chunk = response.read1(CHUNK)
                if not chunk:
                    break
                chunks.append(chunk)
            return response.status, b"".join(chunks)
        finally:
            connection.close()


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
