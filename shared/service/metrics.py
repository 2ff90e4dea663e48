"""The GM model's metrics: how each director decision and invention ended, and what the
model cost, as the service layer reports them.

Owns: the three GM metrics' names, labels and buckets (`GmMetrics`), `GM_OUTCOMES`, the
`GmObserver` interface the jobs (`shared.service.jobs`) and the model client
(`shared.service.chat`) report through, and the process's one observer (`observer`,
`count_into`). The metric objects themselves belong to the process that exports them:
a Celery worker (`worker.metrics`, prometheus-client's multiprocess mode when
`PROMETHEUS_MULTIPROC_DIR` is set) or the embedded gateway (`gateway.metrics`, the default
registry served on its own `/metrics`). Each hands `count_into` its metric classes at
import; nothing here imports prometheus-client.

    marinara_gm_calls_total{call, outcome}          director decisions and inventions by
                                                    outcome (see `GM_OUTCOMES`)
    marinara_gm_model_seconds{call}                 histogram of GM model latency
    marinara_gm_tokens_total{call, kind}            tokens the GM model used (prompt, completion)

`call` is `director` or `invent`.

One observer a process: the first metrics module to ask builds the metric objects and
later askers count into the same ones. A deployed process loads one of the two, but a test
run loads both into one interpreter, where a second set under the same names would be
refused by the registry (and would count every call twice).
"""

from __future__ import annotations

import threading
from typing import Protocol, Sequence

#: How a GM call ended. The director: `accepted` (the GM's option was applied), a
#: `fallback-*` (the Engine's tactics decided instead: `no-model`, `timeout`, `invalid`
#: reply, model `unavailable`, or the rules `refused` the GM's option), `duplicate` (the
#: decision was already applied: nothing spent twice), `stale` (the battle had moved on).
#: An invention: `accepted`, `no-model`, `timeout`, `invalid`, `unavailable`.
GM_OUTCOMES = ("accepted", "fallback-no-model", "fallback-timeout", "fallback-invalid", "fallback-unavailable",
               "fallback-refused", "duplicate", "stale", "no-model", "timeout", "invalid", "unavailable")

#: The latency histogram's buckets, in seconds.
GM_SECONDS_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0)


class GmObserver(Protocol):
    """What the service layer reports about the GM model."""

    def decided(self, call: str, outcome: str) -> None:
        """A director decision or an invention ended with `outcome` (`GM_OUTCOMES`)."""

    def answered(self, call: str, seconds: float, prompt_tokens: int, completion_tokens: int) -> None:
        """The model answered a call after `seconds` (retries included), using these tokens."""

    def failed(self, call: str, seconds: float) -> None:
        """A call gave no usable reply after `seconds`."""


class Unobserved:
    """No metrics: a process (or a script) that exports none."""

    def decided(self, call: str, outcome: str) -> None:
        pass

    def answered(self, call: str, seconds: float, prompt_tokens: int, completion_tokens: int) -> None:
        pass

    def failed(self, call: str, seconds: float) -> None:
        pass


# The shapes of prometheus-client's `Counter` and `Histogram` this module uses, so a
# process hands in its own classes and nothing here imports the library.
class Increments(Protocol):
    def inc(self, amount: float = 1) -> None: ...


class Observes(Protocol):
    def observe(self, amount: float) -> None: ...


class CounterFamily(Protocol):
    def labels(self, *values: str, **labels: str) -> Increments: ...


class HistogramFamily(Protocol):
    def labels(self, *values: str, **labels: str) -> Observes: ...


class CounterClass(Protocol):
    def __call__(self, name: str, documentation: str, labelnames: Sequence[str]) -> CounterFamily: ...


class HistogramClass(Protocol):
    def __call__(self, name: str, documentation: str, labelnames: Sequence[str], *,
                 buckets: Sequence[float]) -> HistogramFamily: ...


class GmMetrics:
    """The GM metrics, built with the metric classes a process exports (prometheus-client's
    `Counter` and `Histogram`), counting what the service layer reports."""

    def __init__(self, counter: CounterClass, histogram: HistogramClass) -> None:
        self.calls = counter("marinara_gm_calls_total", "GM director decisions and inventions by outcome.",
                             ["call", "outcome"])
        self.seconds = histogram("marinara_gm_model_seconds", "Latency of one GM model call, retries included.",
                                 ["call"], buckets=GM_SECONDS_BUCKETS)
        self.tokens = counter("marinara_gm_tokens_total", "Tokens the GM model used.", ["call", "kind"])

    def decided(self, call: str, outcome: str) -> None:
        self.calls.labels(call=call, outcome=outcome).inc()

    def answered(self, call: str, seconds: float, prompt_tokens: int, completion_tokens: int) -> None:
        self.seconds.labels(call=call).observe(seconds)
        self.tokens.labels(call=call, kind="prompt").inc(prompt_tokens)
        self.tokens.labels(call=call, kind="completion").inc(completion_tokens)

    def failed(self, call: str, seconds: float) -> None:
        self.seconds.labels(call=call).observe(seconds)


UNOBSERVED = Unobserved()

_lock = threading.Lock()
_metrics: GmMetrics | None = None


def count_into(counter: CounterClass, histogram: HistogramClass) -> GmMetrics:
    """The process's GM metrics, built with these classes by the first caller (and then
    the observer every report goes to); a later caller is handed the same objects."""
    global _metrics
    with _lock:
        if _metrics is None:
            _metrics = GmMetrics(counter, histogram)
        return _metrics


def observer() -> GmObserver:
    """Where the service layer reports now: the process's metrics, or nowhere."""
    return _metrics if _metrics is not None else UNOBSERVED
