"""Worker metrics: how long each task takes and how it ended.

Owns: the two worker metrics and their exporter. Celery's prefork pool runs tasks in
child processes, so the metrics use prometheus-client's multiprocess mode whenever
`PROMETHEUS_MULTIPROC_DIR` is set (it must be set, to an empty directory, before the
worker starts; prometheus-client reads it on import). The worker's main process serves
the sum over its children on `MARINARA_METRICS_PORT`.

    marinara_worker_task_duration_seconds{task}     histogram of task run time
    marinara_worker_tasks_total{task, outcome}      tasks by outcome: "ok", the refusal
                                                    code ("stale-revision", ...), "error"

    marinara_gm_calls_total, marinara_gm_model_seconds, marinara_gm_tokens_total
                                                    the GM model's (`GM`), named and
                                                    labelled by `shared.service.metrics`

The GM metrics are reported by the jobs a worker runs and by the model client
(`shared.service.metrics.observer()`); this module builds their objects with
prometheus-client's classes when it is loaded (`GM`), so they are exported with these. The
gateway's embedded executor runs the same jobs and builds the same metrics
(`gateway.metrics`), so in embedded mode they appear on the gateway's own `/metrics`.
"""

from __future__ import annotations

import os
from typing import Any

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Histogram, start_http_server
from prometheus_client import multiprocess

from shared.service import metrics as service_metrics

TASK_SECONDS = Histogram(
    "marinara_worker_task_duration_seconds", "Run time of a worker task.", ["task"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
TASKS = Counter("marinara_worker_tasks_total", "Worker tasks by how they ended.", ["task", "outcome"])
GM = service_metrics.count_into(Counter, Histogram)


def outcome_of(result: Any) -> str:
    if isinstance(result, dict) and result.get("ok") is False:
        return str(result.get("code") or "refused")
    return "ok"


def observe(task: str, seconds: float, outcome: str) -> None:
    TASK_SECONDS.labels(task=task).observe(seconds)
    TASKS.labels(task=task, outcome=outcome).inc()


def registry() -> CollectorRegistry:
    """The registry to export: every process's files in multiprocess mode, else our own."""
    if not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        return REGISTRY
    collected = CollectorRegistry()
    multiprocess.MultiProcessCollector(collected)
    return collected


def serve(port: int) -> None:
    start_http_server(port, registry=registry())


def mark_dead(pid: int) -> None:
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(pid)
