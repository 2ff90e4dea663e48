"""The Celery tasks: thin wrappers that run a job on this worker process's service.

Owns: the task names the gateway enqueues (`battle.advance` on `turns`,
`battle.director` on `director`, `battle.invent_opponents` on `llm`,
`battle.sweep_windows` on `turns` every few seconds from beat), their retry policy and
their metrics. Everything a task decides is in `worker.service` and `worker.jobs`.

Retries: only when Redis cannot be reached, with backoff capped far below the broker's
visibility timeout (a countdown past it would let the message be delivered twice).
"""

from __future__ import annotations

import time
from typing import Any, Callable

import redis

from . import jobs, metrics
from .app import app, service

RETRY = {
    "autoretry_for": (redis.ConnectionError, redis.TimeoutError),
    "retry_backoff": True,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


def _measured(name: str, run: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    try:
        result = run()
    except Exception:
        metrics.observe(name, time.perf_counter() - start, "error")
        raise
    metrics.observe(name, time.perf_counter() - start, metrics.outcome_of(result))
    return result


@app.task(name="battle.advance", **RETRY)
def advance(battle_id: str, revision: int, choice: Any, request_id: str) -> dict[str, Any]:
    result = _measured("battle.advance",
                       lambda: service().apply(battle_id, revision, choice, request_id))
    pending = result.get("pending") if result.get("ok") else None
    if pending and pending.get("controller") == "gm":
        director.delay(battle_id, jobs.decision_id(battle_id, result["revision"]))
    return result


@app.task(name="battle.director", **RETRY)
def director(battle_id: str, decision_id: str) -> dict[str, Any]:
    result = _measured("battle.director",
                       lambda: jobs.director(service(), battle_id, decision_id, app.conf.marinara.gm))
    pending = result.get("pending") if result.get("ok") else None
    if pending and pending.get("controller") == "gm":
        director.delay(battle_id, jobs.decision_id(battle_id, result["revision"]))
    return result


@app.task(name="battle.invent_opponents", **RETRY)
def invent_opponents(request: Any) -> dict[str, Any]:
    return _measured("battle.invent_opponents",
                     lambda: jobs.invent_opponents(service(), request, app.conf.marinara.gm))


@app.task(name="battle.sweep_windows", **RETRY)
def sweep_windows() -> dict[str, Any]:
    swept = _measured("battle.sweep_windows", lambda: jobs.sweep_windows(service(), time.time()))
    for battle_id, result in swept["results"].items():
        pending = result.get("pending") if result.get("ok") else None
        if pending and pending.get("controller") == "gm":
            director.delay(battle_id, jobs.decision_id(battle_id, result["revision"]))
    return swept
