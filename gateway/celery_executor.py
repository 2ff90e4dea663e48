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

For `/metrics` and `/readyz` it reads the broker's queue lengths and pings the workers.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from typing import Any

from celery import Celery

from shared.store import FeedMessage
from worker.jobs import decision_id
from worker.service import BattleService

from . import metrics
from .executor import Executor

log = logging.getLogger(__name__)

#: Seconds a choice waits for its answer on the feed before the store is asked.
LATE = 5.0
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

    def __init__(self, service: BattleService, celery: Celery, workers: int = 4) -> None:
        super().__init__(service, workers)
        self.celery = celery
        self._waiting: dict[tuple[str, str], _Waiting] = {}
        self._checker: asyncio.Task[None] | None = None
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

    async def _send(self, name: str, args: list[Any]) -> None:
        # No Celery result: the answer comes on the feed (and a result would cost the
        # worker a write and this gateway a subscription per task).
        # `argsrepr` given: Celery's own (`saferepr`) costs more than the rest of the send.
        await self.run(functools.partial(self.celery.send_task, name, args=args, ignore_result=True,
                                         argsrepr=repr(args), kwargsrepr="{}"))

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
        if self._checker is not None:
            self._checker.cancel()
        for waiting in self._waiting.values():
            if not waiting.answer.done():
                waiting.answer.set_result({"ok": False, "code": "gateway-closing",
                                           "message": "the gateway shut down before the choice's result came back"})
        self._waiting.clear()
        await super().close()
        if self._broker is not None:
            self._broker.close()

