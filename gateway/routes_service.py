"""Service routes: `/healthz` (the process answers), `/readyz` (the store answers and,
with the Celery executor, at least one worker answers a ping), `/metrics` (prometheus
text; the gauges read at scrape are set first) and `/v1/openapi.json`."""

from __future__ import annotations

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, generate_latest

from shared.protocol import Health

from . import metrics
from .context import ASTORE, EXECUTOR, TRACKER, json_response
from .context import ROUTES as ROUTE_TABLE
from .openapi import document
from .routing import Route


async def healthz(request: web.Request) -> web.Response:
    return json_response(Health(ok=True))


async def readyz(request: web.Request) -> web.Response:
    try:
        ok = await request.app[ASTORE].ping()
    except Exception as exc:  # any failure to reach the store means not ready
        return json_response(Health(ok=False, detail=f"the battle store does not answer: {exc}"), status=503)
    if not ok:
        return json_response(Health(ok=False, detail="the battle store does not answer"), status=503)
    executor = request.app[EXECUTOR]
    try:
        why = await executor.run(executor.workers_answer)
    except Exception as exc:  # the broker itself does not answer
        why = f"the Celery broker does not answer: {exc}"
    if why is not None:
        return json_response(Health(ok=False, detail=why), status=503)
    return json_response(Health(ok=True))


async def metrics_text(request: web.Request) -> web.Response:
    tracker = request.app[TRACKER]
    metrics.BATTLES_ACTIVE.set(tracker.active())
    metrics.OPEN_WINDOWS.set(tracker.open_windows())
    executor = request.app[EXECUTOR]
    try:
        depths = await executor.run(executor.queue_depths)
    except Exception:  # an unreachable broker leaves the depths unknown, not the scrape failed
        depths = {}
    for queue, depth in depths.items():
        metrics.QUEUE_DEPTH.labels(queue=queue).set(depth)
    body = generate_latest(REGISTRY)
    return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})


async def openapi_json(request: web.Request) -> web.Response:
    return web.json_response(document(request.app[ROUTE_TABLE]))


ROUTES = [
    Route("GET", "/healthz", healthz, "The gateway process answers", response=Health),
    Route("GET", "/readyz", readyz, "The battle store answers (and a Celery worker, with that executor)",
          response=Health, errors=(503,)),
    Route("GET", "/metrics", metrics_text, "Prometheus metrics (text format)",
          content_type="text/plain; version=0.0.4"),
    Route("GET", "/v1/openapi.json", openapi_json, "This document"),
]
