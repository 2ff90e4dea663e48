"""Gateway metrics in prometheus-client's default registry (served at `/metrics`).

Owns: the metric objects. They are module-level because the default registry refuses a
second metric of the same name: every app made in one process (tests make many) shares
them, which is also what a scrape of one gateway process means.
"""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

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
BATTLES_CREATED = Counter("battle_battles_created_total", "Battles created through this gateway.")


def accepted() -> None:
    CHOICES.labels(outcome="accepted", code="ok").inc()


def refused(code: str) -> None:
    CHOICES.labels(outcome="refused", code=code).inc()
