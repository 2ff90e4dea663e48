"""Choices: `POST /v1/battles/{id}/choices` and how a submitted choice ended.

Owns: `submit`, the one path a choice takes from HTTP or the socket: the gateway's checks
(token, revision, menu) answer synchronously (403, 409, 422); a choice that passes is
recorded by the executor (the Celery executor's outbox, so a message the broker loses
is sent again; 503 `store-unavailable` when it cannot be recorded) and handed to it, and
answered 202 `{request_id}`. A socket's choice that the prompt it was sent accepts is
sent on while the head is read (the Celery executor's push and the read overlap), and the
head's checks still decide it. The checks read the battle's head
on the loop (one small read: the revision, the request's record and the open decision
saved with the revision, `access.passes`), through the executor: the Celery executor
records the choice in the same round trip, and takes the entry back when the choice is
refused; only a choice the head does not accept takes
the full check on a thread (`access.check_choice`), which finds the exact refusal. Its events
then arrive on the battle's sockets and in `/events`. A refusal the rules find only while
applying (another choice won the same revision) is answered on the socket that sent it
and in `GET /choices/{request_id}`. A request id already applied answers 200 with the
revision it produced and changes nothing.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

from shared.protocol import ChoiceAccepted, ChoiceRequest, ChoiceStatus
from shared.store import BattleHead, Decision

from . import access, metrics
from .context import EXECUTOR, SERVICE, battle_id, json_response, parse_body, principal
from .errors import ApiError
from .routing import Route
from .tokens import Principal


async def submit(app: web.Application, battle: str, who: Principal, request: ChoiceRequest, *,
                 prompted: Decision | None = None) -> tuple[ChoiceAccepted, "asyncio.Task[dict[str, Any]] | None"]:
    """Checks and hands over a choice. `prompted`: the open decision of the prompt the
    caller (a socket) sent for the choice's revision; a choice it accepts may be sent while
    the head is read (`Executor.head`'s `early`), which the head's checks still decide."""
    executor = app[EXECUTOR]
    early = prompted is not None and access.decision_accepts(prompted, who, request)
    head, added = await executor.head(battle, request, early=early)
    try:
        applied = await _checked(app, battle, who, request, head)
    except BaseException:
        await executor.unrecord(battle, request.request_id, added)
        raise
    if applied is not None:
        await executor.unrecord(battle, request.request_id, added)
        return ChoiceAccepted(request_id=request.request_id, status="applied", revision=applied), None
    choice = request.as_choice()
    await executor.accept(battle, request.revision, choice, request.request_id)
    task = executor.submit(battle, request.revision, choice, request.request_id)
    metrics.accepted()
    return ChoiceAccepted(request_id=request.request_id, status="queued"), task


async def _checked(app: web.Application, battle: str, who: Principal, request: ChoiceRequest,
                   head: BattleHead | None) -> int | None:
    """None when the choice passes the gateway's checks; the revision its request id
    produced when it was applied already. Raises `ApiError` for a refusal."""
    if head is not None and head.record is not None:
        return head.record.revision
    if head is not None and access.passes(head, who, request):
        return None
    try:
        return await app[EXECUTOR].run(access.check_choice, app[SERVICE], battle, who, request)
    except ApiError as exc:
        metrics.refused(exc.code)
        raise


async def post_choice(request: web.Request) -> web.Response:
    who = principal(request)
    body = await parse_body(request, ChoiceRequest)
    accepted, _task = await submit(request.app, battle_id(request), who, body)
    return json_response(accepted, status=200 if accepted.status == "applied" else 202)


def _status(app: web.Application, battle: str, request_id: str) -> ChoiceStatus:
    """Read from the store, so every gateway on it answers alike: the request's record
    (applied), the refusal announced for it, its outbox entry (accepted and not yet
    answered: queued); only then what this gateway's own executor remembers (the embedded
    executor, which records no outbox entry)."""
    store = app[SERVICE].store
    record = store.seen(battle, request_id)
    if record is not None:
        return ChoiceStatus(request_id=request_id, status="applied", revision=record.revision)
    refused = store.answered(battle, request_id)
    if refused is None:
        if app[EXECUTOR].outbox_holds(battle, request_id):
            return ChoiceStatus(request_id=request_id, status="queued")
        known, result = app[EXECUTOR].status(battle, request_id)
        if not known:
            return ChoiceStatus(request_id=request_id, status="unknown")
        if result is None:
            return ChoiceStatus(request_id=request_id, status="queued")
        refused = result
    if refused.get("ok"):
        return ChoiceStatus(request_id=request_id, status="applied", revision=refused.get("revision"))
    return ChoiceStatus(request_id=request_id, status="refused", code=refused.get("code"),
                        message=refused.get("message"))


async def get_choice(request: web.Request) -> web.Response:
    battle = battle_id(request)
    principal(request)
    status = await request.app[EXECUTOR].run(_status, request.app, battle, request.match_info["request_id"])
    return json_response(status)


ROUTES = [
    Route("POST", "/v1/battles/{battle}/choices", post_choice,
          "Submit a choice from the pending actor's menu (202 queued; 200 when the request id was applied)",
          ok=202, response=ChoiceAccepted, body=ChoiceRequest, auth=True, errors=(400, 403, 404, 409, 413, 422, 503)),
    Route("GET", "/v1/battles/{battle}/choices/{request_id}", get_choice, "How a submitted choice ended",
          response=ChoiceStatus, auth=True, errors=(403,)),
]
