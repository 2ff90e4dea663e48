"""The Celery tasks: thin wrappers that run a job on this worker process's service.

Owns: the task names the gateway enqueues (`battle.advance` on `turns`,
`battle.director` on `director`, `battle.invent_opponents` on `llm`,
`battle.sweep_windows` on `turns` every few seconds from beat), their retry policy and
their metrics. Everything a task decides is in `shared.service.battles` and
`shared.service.jobs`; the GM model is reached through `shared.service.chat`.

Retries: only when Redis cannot be reached. First in this process, holding the message
(unacknowledged, so a worker that dies meanwhile gives it back): attempts after 0.5, 1, 2,
4, ... seconds while their sum stays within half the broker's visibility timeout, each one
a log line; then through Celery (a new message, backoff capped at 30 s, far below the
visibility timeout: a countdown past it would let the message be delivered twice). A
store that comes back within the first stretch loses the choice nothing but the wait,
and every job is idempotent by request id, so a retried one is applied at most once.

Results: the gateway sends `battle.advance` with `ignore_result=True` and learns how each
choice ended from the battle's feed (the save's message, or the answer `BattleService`
announces when nothing was saved); a turn that fails outright announces `worker-failed`
the same way (`AnnouncedTask`). Other callers (tests, tools) still get Celery results:
how the choice ended (`ok`, `revision`, `pending`, `outcome`, or `code` and `message`),
without the events, which are in the battle's stream. Celery writes every result into
its log line with its own `saferepr`, whether or not INFO is logged: a turn's events cost
it more than half a millisecond a task.
"""

from __future__ import annotations

import logging
import time
from typing import Any, Callable, TypeVar

import redis
from celery import Task

from shared.service.chat import client_for
from shared.service import jobs

from . import metrics
from .app import app, service

log = logging.getLogger(__name__)

#: This process's GM model client (None: no model is configured, the Engine decides).
GM = client_for(app.conf.marinara.gm)

UNREACHABLE = (redis.ConnectionError, redis.TimeoutError)

RETRY = {
    "autoretry_for": UNREACHABLE,
    "retry_backoff": True,
    "retry_backoff_max": 30,
    "max_retries": 5,
}


#: The first wait between attempts while the store cannot be reached; each next one doubles.
FIRST_WAIT = 0.5


def store_waits(visibility_timeout: float) -> list[float]:
    """The waits between in-process attempts: doubling from FIRST_WAIT while their sum
    stays within half the visibility timeout (300 s: 0.5 ... 64, 127.5 s in all)."""
    waits: list[float] = []
    wait = FIRST_WAIT
    while sum(waits) + wait <= visibility_timeout / 2:
        waits.append(wait)
        wait *= 2
    return waits


#: What a task's work answers.
_Result = TypeVar("_Result")


def _patiently(name: str, run: Callable[[], _Result]) -> _Result:
    """`run()`, tried again after each wait while the store cannot be reached."""
    for wait in [*store_waits(app.conf.marinara.visibility_timeout), None]:
        try:
            return run()
        except UNREACHABLE as exc:
            if wait is None:
                raise
            log.warning("%s: the battle store cannot be reached (%s); trying again in %.1fs",
                        name, type(exc).__name__, wait)
            time.sleep(wait)
    raise AssertionError("unreachable")  # pragma: no cover - the loop returns or raises


def _measured(name: str, run: Callable[[], _Result]) -> _Result:
    start = time.perf_counter()
    try:
        result = _patiently(name, run)
    except Exception:
        metrics.observe(name, time.perf_counter() - start, "error")
        raise
    metrics.observe(name, time.perf_counter() - start, metrics.outcome_of(result))
    return result


class AnnouncedTask(Task):
    """A choice task whose final failure is announced on the battle's channel, so a gateway
    waiting on the request (it asked for no Celery result) hears that it ended."""

    def on_failure(self, exc: BaseException, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        try:
            battle_id, request_id = args[0], args[3]
            service().store.announce(battle_id, request_id, {
                "ok": False, "code": "worker-failed",
                "message": f"the worker could not apply the choice: {type(exc).__name__}: {exc}"})
        except Exception:  # noqa: BLE001 - the store is likely why it failed; the gateway's sweep covers it
            log.exception("task %s: its failure could not be announced", task_id)


def ended(result: dict[str, Any]) -> dict[str, Any]:
    """A task's result: how the choice ended, without the events (they are in the stream)."""
    return {k: v for k, v in result.items() if k != "events"}


def _then_director(battle_id: str, result: dict[str, Any]) -> None:
    pending = result.get("pending") if result.get("ok") else None
    if pending and pending.get("controller") == "gm":
        director.delay(battle_id, jobs.decision_id(battle_id, result["revision"]))


@app.task(name="battle.advance", base=AnnouncedTask, **RETRY)
def advance(battle_id: str, revision: int, choice: Any, request_id: str) -> dict[str, Any]:
    result = _measured("battle.advance",
                       lambda: service().apply(battle_id, revision, choice, request_id))
    _then_director(battle_id, result)
    return ended(result)


@app.task(name="battle.resume", **RETRY)
def resume(battle_id: str, revision: int) -> dict[str, Any]:
    """The Engine's moves a paused choice left at `revision` when its worker died between
    its two saves (the gateway asks when it reads such a battle); idempotent."""
    result = _measured("battle.resume", lambda: service().resume(battle_id, revision))
    _then_director(battle_id, result)
    return ended(result)


@app.task(name="battle.director", **RETRY)
def director(battle_id: str, decision_id: str) -> dict[str, Any]:
    result = _measured("battle.director",
                       lambda: jobs.director(service(), battle_id, decision_id, GM))
    _then_director(battle_id, result)
    return ended(result)


@app.task(name="battle.invent_opponents", **RETRY)
def invent_opponents(request: Any) -> dict[str, Any]:
    return _measured("battle.invent_opponents",
                     lambda: jobs.invent_opponents(service(), request, GM))


@app.task(name="battle.sweep_windows", **RETRY)
def sweep_windows() -> dict[str, Any]:
    swept = _measured("battle.sweep_windows", lambda: jobs.sweep_windows(service(), time.time()))
    for battle_id, result in swept["results"].items():
        _then_director(battle_id, result)
    return {**swept, "results": {b: ended(r) for b, r in swept["results"].items()}}
