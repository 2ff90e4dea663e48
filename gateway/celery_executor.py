"""The distributed executor: accepted choices go to the Celery workers.

Owns: `CeleryExecutor`. A choice becomes a `battle.advance` task on the `turns` queue of
the worker's own Celery app (`worker.app.make_app`), so the routes, serializer and broker
key prefix are the workers'. A GM-controlled decision becomes a `battle.director` task on
`director`, named by `worker.jobs.decision_id`, so every enqueue of the same decision
collapses into one applied choice (the director's request id is derived from it).

How a choice ended is read back from Celery's result backend by one watcher per gateway:
while any choice is out it reads every outstanding result with one MGET every
`POLL` seconds, answers the waiting choices and deletes the results it read (a busy
gateway would otherwise leave an hour of results in Redis). The socket's events do not
wait for this: they come from the store's feed as soon as the worker saves.

For `/metrics` and `/readyz` it reads the broker's queue lengths and pings the workers.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import uuid
from typing import Any

from celery import Celery, states

from worker.jobs import NO_MODEL, decision_id
from worker.llm import GmModel
from worker.service import BattleService

from . import metrics
from .executor import Executor

log = logging.getLogger(__name__)

#: Seconds between reads of the outstanding results while any choice is out.
POLL = 0.005
#: Seconds a `/readyz` waits for a worker to answer its ping.
PING_TIMEOUT = 0.5
#: kombu's Redis transport keeps a queue's prioritised messages in lists named
#: `<queue>\x06\x16<priority>`; these are its default priority steps (0 is the bare name).
PRIORITY_SEP = "\x06\x16"
PRIORITY_STEPS = (0, 3, 6, 9)


class CeleryExecutor(Executor):
    name = "celery"

    def __init__(self, service: BattleService, celery: Celery, workers: int = 4, *,
                 gm: GmModel = NO_MODEL) -> None:
        super().__init__(service, workers, gm=gm)
        self.celery = celery
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._watcher: asyncio.Task[None] | None = None
        self._broker: Any = None

    # -- choices -------------------------------------------------------------------------
    async def _apply(self, battle_id: str, revision: int, choice: dict[str, Any],
                     request_id: str) -> dict[str, Any]:
        return await self._call("battle.advance", [battle_id, revision, choice, request_id], "the choice")

    async def _invent(self, request: dict[str, Any]) -> dict[str, Any]:
        return await self._call("battle.invent_opponents", [request], "the invention")

    async def _call(self, name: str, args: list[Any], what: str) -> dict[str, Any]:
        """Sends a task and waits for its result through the watcher."""
        task_id = uuid.uuid4().hex
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[task_id] = answer
        try:
            await self._send(name, args, task_id)
        except Exception as exc:  # the broker refused the message: nothing was queued
            self._waiting.pop(task_id, None)
            return {"ok": False, "code": "unavailable", "message": f"{what} could not be queued: {exc}"}
        if self._watcher is None or self._watcher.done():
            self._watcher = asyncio.get_running_loop().create_task(self._watch(), name="celery-results")
        try:
            return await answer
        finally:
            # A caller that stopped waiting (a timeout) leaves nothing behind to watch.
            self._waiting.pop(task_id, None)

    async def _send(self, name: str, args: list[Any], task_id: str | None = None) -> None:
        # The AsyncResult is dropped at once: its finaliser ends the result subscription
        # Celery opens for it, and the watcher reads results by key instead.
        await self.run(functools.partial(self.celery.send_task, name, args=args, task_id=task_id))

    async def _watch(self) -> None:
        while self._waiting:
            ids = list(self._waiting)
            try:
                ready = await self.run(self._read, ids)
            except Exception:  # the backend is briefly unreachable: the results wait in Redis
                ready = {}
            for task_id, result in ready.items():
                answer = self._waiting.pop(task_id, None)
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
        if self._watcher is not None:
            self._watcher.cancel()
        for answer in self._waiting.values():
            if not answer.done():
                answer.set_result({"ok": False, "code": "gateway-closing",
                                   "message": "the gateway shut down before the choice's result came back"})
        self._waiting.clear()
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
