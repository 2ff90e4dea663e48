"""The distributed executor: accepted choices go to the Celery workers.

Owns: `CeleryExecutor`. A choice becomes a `battle.advance` task on the `turns` queue of
the worker's own Celery app (`worker.app.make_app`), so the routes, serializer and broker
key prefix are the workers'. A GM-controlled decision becomes a `battle.director` task on
`director`, named by `worker.jobs.decision_id`, so every enqueue of the same decision
collapses into one applied choice (the director's request id is derived from it).

How a choice ended comes from the battle's feed, not from Celery's result backend: the
tasks are sent with `ignore_result=True`, and `observe` (a tap on the gateway's feed)
answers a waiting choice when the save that applied its request id is announced, or when
the worker announces an answer that saved nothing (a refusal, a duplicate, a failure).
Pub/sub may lose a message (a reconnect); a choice still waiting after `LATE` seconds is
looked up in the store every `LATE` seconds: applied (its record), or impossible (the
battle moved past its revision, or is gone). One still possible keeps waiting: its
message may be queued, or coming back after a worker crash.

An opponent invention (`battle.invent_opponents`, before a battle exists) is the one task
the gateway reads a Celery result of: one watcher per gateway reads every outstanding
result with one MGET every `POLL` seconds while any is out, answers the waiting calls and
deletes what it read.

For `/metrics` and `/readyz` it reads the broker's queue lengths and pings the workers.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
import uuid
from typing import Any

from celery import Celery, states

from shared.store import FeedMessage
from worker.jobs import NO_MODEL, decision_id
from worker.llm import GmModel
from worker.service import BattleService

from . import metrics
from .executor import Executor

log = logging.getLogger(__name__)

#: Seconds a choice waits for its answer on the feed before the store is asked.
LATE = 5.0
#: Seconds between reads of the outstanding Celery results while any is out.
POLL = 0.005
#: Seconds a `/readyz` waits for a worker to answer its ping.
PING_TIMEOUT = 0.5
#: kombu's Redis transport keeps a queue's prioritised messages in lists named
#: `<queue>\x06\x16<priority>`; these are its default priority steps (0 is the bare name).
PRIORITY_SEP = "\x06\x16"
PRIORITY_STEPS = (0, 3, 6, 9)


class _Waiting:
    __slots__ = ("answer", "revision", "since")

    def __init__(self, answer: "asyncio.Future[dict[str, Any]]", revision: int) -> None:
        self.answer, self.revision, self.since = answer, revision, time.monotonic()


class CeleryExecutor(Executor):
    name = "celery"

    def __init__(self, service: BattleService, celery: Celery, workers: int = 4, *,
                 gm: GmModel = NO_MODEL) -> None:
        super().__init__(service, workers, gm=gm)
        self.celery = celery
        self._waiting: dict[tuple[str, str], _Waiting] = {}
        self._checker: asyncio.Task[None] | None = None
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._watcher: asyncio.Task[None] | None = None
        self._broker: Any = None

    # -- choices -------------------------------------------------------------------------
    async def _apply(self, battle_id: str, revision: int, choice: dict[str, Any],
                     request_id: str) -> dict[str, Any]:
        key = (battle_id, request_id)
        waiting = self._waiting.get(key)
        if waiting is None:
            waiting = self._waiting[key] = _Waiting(asyncio.get_running_loop().create_future(), revision)
        try:
            await self._send("battle.advance", [battle_id, revision, choice, request_id])
        except Exception as exc:  # the broker refused the message: nothing was queued
            self._waiting.pop(key, None)
            return {"ok": False, "code": "unavailable", "message": f"the choice could not be queued: {exc}"}
        if self._checker is None or self._checker.done():
            self._checker = asyncio.get_running_loop().create_task(self._check_late(), name="celery-late-choices")
        # Shielded: two submissions of one request id share the answer.
        return await asyncio.shield(waiting.answer)

    async def _send(self, name: str, args: list[Any], task_id: str | None = None) -> None:
        # No Celery result unless `task_id` names one to read back: a choice's answer comes
        # on the feed (and a result would cost the worker a write and this gateway a
        # subscription per task). `argsrepr` given: Celery's own (`saferepr`) costs more
        # than the rest of the send.
        await self.run(functools.partial(self.celery.send_task, name, args=args, task_id=task_id,
                                         ignore_result=task_id is None, argsrepr=repr(args), kwargsrepr="{}"))

    def observe(self, message: FeedMessage) -> None:
        """The feed's tap: answers the choice a save applied or an announced answer ends."""
        if message.request_id is None or not self._waiting:
            return
        waiting = self._waiting.pop((message.battle_id, message.request_id), None)
        if waiting is None:
            return
        if message.is_answer:
            result = message.answer if isinstance(message.answer, dict) else {
                "ok": False, "code": "worker-failed", "message": f"an unreadable answer: {message.answer!r}"}
        else:
            result = {"ok": True, "revision": message.revision}
        if not waiting.answer.done():
            waiting.answer.set_result(result)

    async def _check_late(self) -> None:
        while self._waiting:
            await asyncio.sleep(LATE)
            cutoff = time.monotonic() - LATE
            for key, waiting in [(k, w) for k, w in self._waiting.items() if w.since <= cutoff]:
                try:
                    result = await self._look_up(key[0], key[1], waiting.revision)
                except Exception:  # the store is briefly unreachable: ask again later
                    log.warning("battle %s: could not look up late request %s", *key, exc_info=True)
                    continue
                if result is not None and self._waiting.get(key) is waiting:
                    del self._waiting[key]
                    if not waiting.answer.done():
                        waiting.answer.set_result(result)

    async def _look_up(self, battle_id: str, request_id: str, revision: int) -> dict[str, Any] | None:
        """A late choice's answer from the store, or None while it may still be applied."""
        head = await self.astore.head(battle_id, request_id)
        if head is None:
            return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}
        if head.record is not None:
            return head.record.result
        if not head.active:
            return {"ok": False, "code": "closed", "message": "the battle was abandoned"}
        if head.revision != revision:
            return {"ok": False, "code": "stale-revision",
                    "message": f"the choice was made at revision {revision}; the battle is at {head.revision}"}
        return None

    # -- opponent inventions: a Celery result ----------------------------------------------
    async def _invent(self, request: dict[str, Any]) -> dict[str, Any]:
        return await self._call("battle.invent_opponents", [request], "the invention")

    async def _call(self, name: str, args: list[Any], what: str) -> dict[str, Any]:
        """Sends a task and waits for its result through the watcher."""
        task_id = uuid.uuid4().hex
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[task_id] = answer
        try:
            await self._send(name, args, task_id)
        except Exception as exc:  # the broker refused the message: nothing was queued
            self._calls.pop(task_id, None)
            return {"ok": False, "code": "unavailable", "message": f"{what} could not be queued: {exc}"}
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.get_running_loop().create_task(self._watch(), name="celery-results")
        try:
            return await answer
        finally:
            # A caller that stopped waiting (a timeout) leaves nothing behind to watch.
            self._calls.pop(task_id, None)

    async def _watch(self) -> None:
        while self._calls:
            ids = list(self._calls)
            try:
                ready = await self.run(self._read, ids)
            except Exception:  # the backend is briefly unreachable: the results wait in Redis
                ready = {}
            for task_id, result in ready.items():
                answer = self._calls.pop(task_id, None)
                if answer is not None and not answer.done():
                    answer.set_result(result)
            await asyncio.sleep(POLL)

    def _read(self, task_ids: list[str]) -> dict[str, dict[str, Any]]:
        backend = self.celery.backend
        keys = [backend.get_key_for_task(t) for t in task_ids]
        found: dict[str, dict[str, Any]] = {}
        done_keys = []
        for task_id, key, value in zip(task_ids, keys, backend.mget(keys)):
            if value is None:
                continue
            meta = backend.decode_result(value)
            if meta.get("status") not in states.READY_STATES:
                continue
            found[task_id] = _result_of(meta)
            done_keys.append(key)
        if done_keys:
            backend.client.delete(*done_keys)
        return found

    # -- the director --------------------------------------------------------------------
    async def ask_director(self, battle_id: str, revision: int, when: str) -> bool:
        try:
            await self._send("battle.director", [battle_id, decision_id(battle_id, revision)])
        except Exception:  # the battle stands; the GM's token can still decide
            log.exception("battle %s: the director could not be asked at revision %s", battle_id, revision)
            return False
        metrics.DIRECTOR_ENQUEUED.labels(when=when).inc()
        return True

    # -- service -------------------------------------------------------------------------
    def queue_depths(self) -> dict[str, int]:
        from worker.app import QUEUES

        client = self._broker_client()
        prefix = self.celery.conf.broker_transport_options.get("global_keyprefix", "")
        pipe = client.pipeline(transaction=False)
        for queue in QUEUES:
            for step in PRIORITY_STEPS:
                pipe.llen(prefix + queue + (f"{PRIORITY_SEP}{step}" if step else ""))
        lengths = pipe.execute()
        n = len(PRIORITY_STEPS)
        return {queue: sum(lengths[i * n:(i + 1) * n]) for i, queue in enumerate(QUEUES)}

    def workers_answer(self) -> str | None:
        replies = self.celery.control.ping(timeout=PING_TIMEOUT, limit=1)
        if not replies:
            return f"no Celery worker answered a ping within {PING_TIMEOUT} s"
        return None

    def _broker_client(self) -> Any:
        if self._broker is None:
            import redis

            self._broker = redis.Redis.from_url(self.celery.conf.broker_url)
        return self._broker

    async def close(self) -> None:
        # Choices still out are the workers' now (the store records how they end); the
        # gateway stops waiting for them so its shutdown does not.
        for task in (self._checker, self._watcher):
            if task is not None:
                task.cancel()
        closing = {"ok": False, "code": "gateway-closing",
                   "message": "the gateway shut down before the choice's result came back"}
        for answer in [w.answer for w in self._waiting.values()] + list(self._calls.values()):
            if not answer.done():
                answer.set_result(closing)
        self._waiting.clear()
        self._calls.clear()
        await super().close()
        if self._broker is not None:
            self._broker.close()


def _result_of(meta: dict[str, Any]) -> dict[str, Any]:
    if meta["status"] == states.SUCCESS and isinstance(meta.get("result"), dict):
        return meta["result"]
    error = meta.get("result")
    if isinstance(error, dict):
        error = f"{error.get('exc_type', 'error')}: {error.get('exc_message', '')}"
    return {"ok": False, "code": "worker-failed",
            "message": f"the worker could not apply the choice ({meta['status']}): {error}"}
