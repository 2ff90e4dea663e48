"""The GM model as the service sees it: where it is, what a call answers, how a call fails.

Owns: `GmModel` (base URL, model, key, timeout, retries, backoff, concurrency, context; read from
the environment by `shared.service.settings`), `Reply`, the errors a call ends in
(`GmError` and its kinds, whose `outcome` names the metric label and the fallback) and
`GmClient`, the one call the director and the invention make (`complete`). The client
that speaks HTTP to the model is `shared.service.chat.ChatClient`; `shared.service.jobs`
is handed one, or None when no model is configured.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol, TypeVar

#: The longest wait between two attempts, whatever `backoff` and the attempt number say.
BACKOFF_CAP = 10.0

DEFAULT_TIMEOUT = 20.0
DEFAULT_RETRIES = 2
DEFAULT_BACKOFF = 0.5
DEFAULT_CONCURRENCY = 4

#: A number read from the environment: a whole number or not.
_Number = TypeVar("_Number", int, float)


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
    #: The most characters one request's messages may hold (0: no limit). Only the ruleset's
    #: rules reference is shortened to fit (spec/sheet.md "Full GM rules reference").
    context: int = 0

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.model)

    @property
    def endpoint(self) -> str:
        return self.base_url.rstrip("/") + "/chat/completions"

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> "GmModel":
        def number(name: str, default: _Number, kind: Callable[[str], _Number], low: float) -> _Number:
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
            context=number("MARINARA_GM_CONTEXT", 0, int, 0),
        )

    def worst_case(self) -> float:
        """Seconds one call can take at the most: the wait for a slot, every attempt (each
        bounded by `timeout`) and the backoffs between them."""
        waits = sum(min(self.backoff * 2.0 ** n, BACKOFF_CAP) for n in range(self.retries))
        return self.timeout * (2 + self.retries) + waits


#: No GM model: every GM decision is the Engine's, and nothing can be invented.
NO_MODEL = GmModel()


class GmClient(Protocol):
    """Asks the GM model. `complete` answers the model's reply to `messages` or raises a
    `GmError`; `call` names the caller in the metrics (`director`, `invent`)."""

    @property
    def context(self) -> int:
        """The most characters one request's messages may hold (0: no limit)."""
        ...

    def complete(self, messages: list[dict[str, str]], *, call: str) -> Reply: ...
