"""Gateway metrics in prometheus-client's default registry (served at `/metrics`).

Owns: the metric objects. They are module-level because the default registry refuses a
second metric of the same name: every app made in one process (tests make many) shares
them, which is also what a scrape of one gateway process means.

`GM` holds the GM model's metrics (`marinara_gm_*`, named and labelled by
`shared.service.metrics`), built here with prometheus-client's classes: the embedded
executor runs the director and the invention in this process, and they report there.
"""

from __future__ import annotations

from typing import Any

from prometheus_client import Counter, Gauge, Histogram

from shared.service import metrics as service_metrics

CHOICES = Counter(
    "battle_choices_total",
    "Choices by how they ended: accepted (handed to the executor) or refused, by code.",
    ["outcome", "code"],
)
ROUND_TRIP = Histogram(
    "battle_choice_round_trip_seconds",
    "Seconds from a choice accepted by the gateway to its events saved and published.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
OPEN_WEBSOCKETS = Gauge("battle_open_websockets", "WebSocket connections open on this gateway.")
FANOUT = Histogram(
    "battle_ws_fanout_seconds",
    "Seconds from a feed message read by this gateway to its frames written inline to every idle "
    "socket of its battle here (a socket busy with something else sends it later, from its queue).",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
INLINE_DELIVERIES = Counter(
    "battle_ws_inline_deliveries_total",
    "Feed messages written to a socket inline by the fan-out (not through the socket's queue).",
)
BATTLES_CREATED = Counter("battle_battles_created_total", "Battles created through this gateway.")
GM = service_metrics.count_into(Counter, Histogram)


def accepted() -> None:
    CHOICES.labels(outcome="accepted", code="ok").inc()


def refused(code: str) -> None:
    CHOICES.labels(outcome="refused", code=code).inc()
BATTLES_ACTIVE = Gauge(
    "battle_active",
    "Battles created or written since this gateway started that have not ended, been abandoned "
    "or idled out (every gateway on one Redis sees every write: aggregate with max).",
)
OPEN_WINDOWS = Gauge("battle_open_windows", "Battles held by an open window (their hold mirror is set).")
CAS_CONFLICTS = Counter(
    "battle_cas_conflicts_total",
    "Accepted choices a worker answered as a lost compare-and-set: `stale-revision` (another "
    "choice saved the revision first) or `conflict` (the battle kept changing through every retry).",
    ["code"],
)
DIRECTOR_ENQUEUED = Counter(
    "battle_director_enqueued_total",
    "`battle.director` tasks this gateway enqueued for a GM-controlled decision, by when.",
    ["when"],
)
CHOICES_RESENT = Counter(
    "battle_choices_resent_total",
    "Accepted choices the reconciler sent to the workers again: no answer within the resend "
    "time while the battle still waited on them (a message the broker lost, or a slow queue).",
)
QUEUE_DEPTH = Gauge(
    "battle_queue_depth",
    "Messages waiting in each Celery queue on the broker, read at scrape (Celery executor only).",
    ["queue"],
)

#: Result codes of an accepted choice that mean its compare-and-set lost.
CAS_CODES = ("stale-revision", "conflict")


def finished(result: dict[str, Any], seconds: float) -> None:
    """Counts how an accepted choice ended, whichever executor applied it."""
    if result.get("ok"):
        ROUND_TRIP.observe(seconds)
        return
    code = str(result.get("code"))
    refused(code)
    if code in CAS_CODES:
        CAS_CONFLICTS.labels(code=code).inc()
