"""The GM model's metrics: how each director decision and invention ended, and what the
model cost.

Owns: the three GM metrics. The jobs (`shared.service.jobs`) and the model client
(`remote.gm`) count them in whichever process runs them: a Celery worker (exported with
the worker's metrics, `worker.metrics`, in prometheus-client's multiprocess mode when
`PROMETHEUS_MULTIPROC_DIR` is set) or the embedded gateway (its own `/metrics`).

    marinara_gm_calls_total{call, outcome}          director decisions and inventions by
                                                    outcome (see `GM_OUTCOMES`)
    marinara_gm_model_seconds{call}                 histogram of GM model latency
    marinara_gm_tokens_total{call, kind}            tokens the GM model used (prompt, completion)

`call` is `director` or `invent`.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

#: How a GM call ended. The director: `accepted` (the GM's option was applied), a
#: `fallback-*` (the Engine's tactics decided instead: `no-model`, `timeout`, `invalid`
#: reply, model `unavailable`, or the rules `refused` the GM's option), `duplicate` (the
#: decision was already applied: nothing spent twice), `stale` (the battle had moved on).
#: An invention: `accepted`, `no-model`, `timeout`, `invalid`, `unavailable`.
GM_OUTCOMES = ("accepted", "fallback-no-model", "fallback-timeout", "fallback-invalid", "fallback-unavailable",
               "fallback-refused", "duplicate", "stale", "no-model", "timeout", "invalid", "unavailable")
GM_CALLS = Counter("marinara_gm_calls_total", "GM director decisions and inventions by outcome.", ["call", "outcome"])
GM_SECONDS = Histogram(
    "marinara_gm_model_seconds", "Latency of one GM model call, retries included.", ["call"],
    buckets=(0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 20.0, 30.0, 60.0, 120.0),
)
GM_TOKENS = Counter("marinara_gm_tokens_total", "Tokens the GM model used.", ["call", "kind"])
