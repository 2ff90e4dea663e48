"""The distributed executor: accepted choices go to the Celery workers.

Owns: `CeleryExecutor`. A choice becomes a `battle.advance` task on the `turns` queue of
the Celery app it is given (`gateway.broker.make_app`: built from the configuration the
workers' app is built from, `shared.service.settings.celery_config`), so the routes,
serializer and broker key prefix are the workers'. Every task goes through one adapter,
`gateway.broker.TaskSender`: on kombu's Redis transport a choice's message is
built by hand and pushed on the loop, and every other task (and every task on any other
broker) goes through Celery's `send_task` on a thread. A GM-controlled decision becomes a
`battle.director` task on `director`, named by `shared.service.jobs.decision_id`, so every
enqueue of the same decision collapses into one applied choice (the director's request id
is derived from it).

How a choice ended comes from the battle's feed, not from Celery's result backend: the
tasks are sent with `ignore_result=True`, and `observe` (a tap on the gateway's feed)
answers a waiting choice when the save that applied its request id is announced, or when
the worker announces an answer that saved nothing (a refusal, a duplicate, a failure).
Pub/sub may lose a message (a reconnect); a choice still waiting after `LATE` seconds is
looked up in the store every `LATE` seconds: applied (its record), or impossible (the
battle moved past its revision, or is gone). One still possible keeps waiting, and is put
back in the outbox if the outbox lost it (a Redis killed between fsyncs).

No accepted choice is lost. The broker can lose a message (a worker killed between taking
it off the queue and recording it as unacknowledged), so `head` records every choice in
the store's outbox (`shared.store.outbox`) with the read its checks need, due
`RESEND_AFTER` seconds later, before the gateway answers 202, and `accept` then sends its
message; both on the loop, with no thread (the outbox entry through the store's loop
client, the message as one LPUSH of what Celery's `send_task` would push,
`gateway.broker`). A socket's choice that its own prompt accepts is pushed while the head
is read (`head(..., early=True)`), so the two round trips overlap; `accept` then sends
nothing more, and `unrecord` drops the wait of one the head's checks refuse. A gateway that cannot record it answers 503 and accepts nothing. The reconciler (every `RECONCILE_EVERY` seconds) claims the entries past due:
one applied, refused for good or impossible is settled; one whose message the broker still
holds (queued behind a backlog, or taken by a worker within `RESEND_AFTER`: each message's
task id names its choice) waits, so a slow queue is not fed duplicates; any other is sent
again as `battle.advance` under the same request id (the store's dedupe applies it at most
once, with the same dice), for as long as the battle waits on it. That covers a message the broker lost
and one held by a dead worker until the visibility timeout. An answer seen on the feed settles its entry
(in a batch, on the reconciler's next turn). The outbox is in Redis, so a choice whose
gateway died is reconciled by any gateway on the same store.

An opponent invention (`battle.invent_opponents`, before a battle exists) is the one task
the gateway reads a Celery result of: one watcher per gateway reads every outstanding
result with one MGET every `POLL` seconds while any is out, answers the waiting calls and
deletes what it read.

For `/metrics` and `/readyz` it reads the broker's queue lengths and pings the workers.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from typing import Any

from celery import Celery, states

from shared.protocol import ChoiceRequest
from shared.service.battles import BattleService
from shared.service.gm import NO_MODEL, GmModel
from shared.service.jobs import decision_id
from shared.service.settings import QUEUES
from shared.store import BattleHead, FeedMessage

from . import metrics
from .broker import TaskSender
from .errors import STORE_DOWN, ApiError
from .executor import Executor

log = logging.getLogger(__name__)

#: Seconds a choice waits for its answer on the feed before the store is asked.
LATE = 5.0
#: Seconds an accepted choice may go unanswered before the reconciler sends it again:
#: far longer than a normal round trip (milliseconds), shorter than a client's patience.
RESEND_AFTER = 8.0
#: Seconds between the reconciler's turns.
RECONCILE_EVERY = 1.0
#: Entries the reconciler claims in one turn.
RECONCILE_BATCH = 200
#: Looks at one unanswered choice after which its re-sends are logged as errors.
LOUD_AFTER = 5
#: Seconds between reads of the outstanding Celery results while any is out.
POLL = 0.005
#: Seconds a `/readyz` waits for a worker to answer its ping.
PING_TIMEOUT = 0.5


class _Waiting:
    __slots__ = ("answer", "revision", "choice", "since", "holders")

    def __init__(self, answer: "asyncio.Future[dict[str, Any]]", revision: int, choice: dict[str, Any]) -> None:
        self.answer, self.revision, self.choice, self.since = answer, revision, choice, time.monotonic()
        #: Submissions of the request id handed this wait (`_wait_for`); one whose early push
        #: ends up refused lets go of it (`_let_go`).
        self.holders = 0


class CeleryExecutor(Executor):
    name = "celery"

    def __init__(self, service: BattleService, celery: Celery, workers: int = 4, *,
                 gm: GmModel = NO_MODEL) -> None:
        super().__init__(service, workers, gm=gm)
        self.celery = celery
        self._waiting: dict[tuple[str, str], _Waiting] = {}
        #: Choices `accept` recorded and sent, handed to `_apply` to wait on (one entry per
        #: acceptance, in order).
        self._accepted: dict[tuple[str, str], list[_Waiting]] = {}
        #: Choices whose message `head` sent early, handed to `accept` (or `unrecord`).
        self._early: dict[tuple[str, str], list[_Waiting]] = {}
        self._checker: asyncio.Task[None] | None = None
        self._calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._watcher: asyncio.Task[None] | None = None
        #: The one way to the broker: every task sent, every look at what it holds.
        self.sender = TaskSender(celery, self.run)
        self.outbox = service.store.outbox()
        #: Entries whose answer was seen, settled in a batch on the reconciler's next turn.
        self._settled: list[tuple[str, str]] = []
        self._reconciler: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._reconciler = asyncio.get_running_loop().create_task(self._reconcile(), name="choice-reconciler")

    # -- choices -------------------------------------------------------------------------
    async def head(self, battle_id: str, request: ChoiceRequest, *,
                   early: bool = False) -> tuple[BattleHead | None, bool | None]:
        """The head and the choice's outbox entry in one transaction (one round trip instead
        of two before the message leaves): most choices pass the checks, and the few that do
        not have their entry taken back (`unrecord`). `early`: the message is pushed at the
        same time, on another connection, so the two round trips overlap; the choice waits
        for its answer from before either leaves."""
        choice = request.as_choice()
        recorded = self.astore.head_and_outbox_put(battle_id, request.request_id, request.revision, choice,
                                                   time.time() + RESEND_AFTER)
        key = (battle_id, request.request_id)
        waiting: _Waiting | None = None
        try:
            if not early:
                return await recorded
            waiting = self._wait_for(key, request.revision, choice)
            push = asyncio.get_running_loop().create_task(
                self._send_or_leave(battle_id, request.revision, choice, request.request_id))
            try:
                found = await recorded
            finally:
                # The push has ended by the time this returns or raises (it logs its own
                # failure and leaves the choice to the reconciler).
                await push
            self._early.setdefault(key, []).append(waiting)
            return found
        except Exception as exc:  # the store is unreachable: nothing is checked or accepted
            # A message pushed early is applied (at most once) when the store is back; the
            # client, told to try again, sends it under the same request id and learns that.
            if waiting is not None:
                self._let_go(key, waiting)
            log.warning("battle %s: request %s could not be recorded in the outbox (%s); not accepted",
                        battle_id, request.request_id, type(exc).__name__)
            raise ApiError("store-unavailable", STORE_DOWN) from exc

    async def unrecord(self, battle_id: str, request_id: str, added: bool | None) -> None:
        key = (battle_id, request_id)
        waiting = self._take(self._early, key)
        if waiting is not None:
            # The rules refuse the message `head` pushed early (or answer it as the applied
            # request it is): unless another submission of the request id holds the wait,
            # that answer goes unheard.
            self._let_go(key, waiting)
        if not added:
            return
        try:
            await self.run(self.outbox.settle, [(battle_id, request_id)])
        except Exception:  # left behind, it is settled once the reconciler finds it impossible
            log.warning("battle %s: the outbox entry of refused request %s stays for the reconciler",
                        battle_id, request_id, exc_info=True)

    @staticmethod
    def _take(handed: dict[tuple[str, str], list[_Waiting]], key: tuple[str, str]) -> _Waiting | None:
        """The first wait handed over under `key` (one per submission, in order), if any."""
        waits = handed.get(key)
        waiting = waits.pop(0) if waits else None
        if waits is not None and not waits:
            del handed[key]
        return waiting

    async def accept(self, battle_id: str, revision: int, choice: dict[str, Any], request_id: str) -> None:
        """Sends the message of a choice `head` recorded, on the loop, unless `head` sent it
        early. The choice waits for its answer from before the send, so an answer that comes
        back at once is not missed; `_apply` (through `submit`) then waits on it."""
        key = (battle_id, request_id)
        waiting = self._take(self._early, key)
        if waiting is None:
            waiting = self._wait_for(key, revision, choice)
            await self._send_or_leave(battle_id, revision, choice, request_id)
        # One per acceptance: two submissions of one request id at once are two hand-overs.
        self._accepted.setdefault(key, []).append(waiting)

    def _wait_for(self, key: tuple[str, str], revision: int, choice: dict[str, Any]) -> _Waiting:
        """The wait for the answer to `key`'s choice, shared by every submission of it."""
        waiting = self._waiting.get(key)
        if waiting is None:
            waiting = self._waiting[key] = _Waiting(asyncio.get_running_loop().create_future(), revision, choice)
        waiting.holders += 1
        return waiting

    def _let_go(self, key: tuple[str, str], waiting: _Waiting) -> None:
        """A submission that will not wait after all gives its hold back: a wait nobody else
        holds, still unanswered, is dropped (another submission of the request id may hold
        it, and must still be answered)."""
        waiting.holders -= 1
        if waiting.holders <= 0 and not waiting.answer.done() and self._waiting.get(key) is waiting:
            del self._waiting[key]

    async def _send_or_leave(self, battle_id: str, revision: int, choice: dict[str, Any], request_id: str) -> None:
        """Sends the choice's message; one the broker refuses is left to the reconciler,
        which sends what the outbox holds."""
        try:
            await self._send_choice(battle_id, revision, choice, request_id)
        except Exception:
            log.warning("battle %s: request %s could not be queued; the reconciler sends it again",
                        battle_id, request_id, exc_info=True)

    async def _apply(self, battle_id: str, revision: int, choice: dict[str, Any],
                     request_id: str) -> dict[str, Any]:
        key = (battle_id, request_id)
        # Accepted just now: recorded and sent, perhaps even answered already.
        waiting = self._take(self._accepted, key)
        if waiting is None:
            waiting = self._wait_for(key, revision, choice)
            await self._send_or_leave(battle_id, revision, choice, request_id)
        if self._checker is None or self._checker.done():
            self._checker = asyncio.get_running_loop().create_task(self._check_late(), name="celery-late-choices")
        # Shielded: two submissions of one request id share the answer.
        return await asyncio.shield(waiting.answer)

    async def _send_choice(self, battle_id: str, revision: int, choice: dict[str, Any], request_id: str) -> None:
        """`battle.advance` for the choice (`TaskSender.send_choice`: on kombu's Redis
        transport one LPUSH on the loop, what Celery's `send_task` would push, at a fraction
        of its cost). The task id names the choice, so the reconciler can tell a message
        still in the broker from one the broker lost (`_in_broker`)."""
        await self.sender.send_choice([battle_id, revision, choice, request_id],
                                      f"{battle_id}/{request_id}/{uuid.uuid4().hex[:12]}")

    def observe(self, message: FeedMessage) -> None:
        """The feed's tap: answers the choice a save applied or an announced answer ends."""
        if message.request_id is None or not self._waiting:
            return
        waiting = self._waiting.pop((message.battle_id, message.request_id), None)
        if waiting is None:
            return
        self._settled.append((message.battle_id, message.request_id))
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
                if result is not None:
                    await self._keep_refusal(key, result)
                    self._settled.append(key)
                    self._answer(key, result, waiting)
                    continue
                # Still possible: make sure the outbox has it. Redis killed with AOF fsynced
                # every second loses its last writes, the entry (and the message) among them;
                # put again, it comes due at once and the reconciler sends it.
                try:
                    if await self.run(self.outbox.put, key[0], key[1], waiting.revision, waiting.choice, time.time()):
                        log.warning("battle %s: request %s was missing from the outbox; put back", *key)
                except Exception:
                    log.warning("battle %s: could not check the outbox for request %s", *key, exc_info=True)

    def _answer(self, key: tuple[str, str], result: dict[str, Any], waiting: _Waiting | None = None) -> None:
        """Answers the choice this gateway waits on under `key` (if `waiting`, only that one)."""
        found = self._waiting.get(key)
        if found is None or (waiting is not None and found is not waiting):
            return
        del self._waiting[key]
        if not found.answer.done():
            found.answer.set_result(result)

    # -- the reconciler: accepted choices the broker may have lost -------------------------
    async def _reconcile(self) -> None:
        while True:
            await asyncio.sleep(RECONCILE_EVERY)
            try:
                await self.reconcile()
            except Exception:  # the store or broker is briefly unreachable: the entries wait
                log.warning("the choice reconciler could not finish a turn", exc_info=True)

    async def reconcile(self, now: float | None = None) -> int:
        """One turn: settles the answered entries, then sends again each accepted choice past
        due that can still be applied. Answers how many were sent again."""
        settled, self._settled = self._settled, []
        try:
            if settled:
                await self.run(self.outbox.settle, settled)
        except Exception:
            self._settled.extend(settled)
            raise
        now = time.time() if now is None else now
        due = await self.run(self.outbox.claim_due, now, now + RESEND_AFTER, RECONCILE_BATCH)
        held = await self.run(self._in_broker, now - RESEND_AFTER) if due else set()
        done: list[tuple[str, str]] = []
        resent = 0
        for entry in due:
            key = (entry.battle_id, entry.request_id)
            result = await self._look_up(entry.battle_id, entry.request_id, entry.revision)
            if result is not None:
                await self._keep_refusal(key, result)
                done.append(key)
                self._answer(key, result)
            elif key in held:
                continue  # still queued, or just taken by a live worker: sending it again only adds work
            elif not self.sender.direct and entry.sends & (entry.sends - 1):
                # A broker that cannot be asked what it holds (RabbitMQ): sent again at looks
                # 1, 2, 4, 8, ... only, so a backlog behind slow or restarting workers is not
                # fed a duplicate every RESEND_AFTER; RabbitMQ itself gives a dead worker's
                # message back, so these sends cover only what it never confirmed.
                continue
            else:
                # Never given up while the battle waits on it: a choice queued behind a long
                # backlog has used its looks without a send. Loud once it looks like a poison
                # message (every worker taking it dies).
                await self._send_choice(entry.battle_id, entry.revision, entry.choice, entry.request_id)
                metrics.CHOICES_RESENT.inc()
                log.log(logging.ERROR if entry.sends > LOUD_AFTER else logging.WARNING,
                        "battle %s: request %s had no answer and the broker does not hold it; sent again (look %d)",
                        entry.battle_id, entry.request_id, entry.sends)
                resent += 1
        if done:
            await self.run(self.outbox.settle, done)
        return resent

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

    async def _keep_refusal(self, key: tuple[str, str], result: dict[str, Any]) -> None:
        """A choice found impossible (its battle moved past its revision, closed or gone) is
        announced as refused before its outbox entry goes, as a worker's refusal is: every
        gateway then answers `GET /choices/{request_id}` `refused`, not `unknown`."""
        if result.get("ok"):
            return
        try:
            await self.astore.announce(key[0], key[1], result)
        except Exception:  # the entry stays settled; the status reads unknown instead
            log.warning("battle %s: the refusal of request %s could not be kept", *key, exc_info=True)

    def _in_broker(self, taken_since: float) -> set[tuple[str, str]]:
        """The (battle, request id) of every choice whose message the broker still holds
        (`TaskSender.held`: waiting on the `turns` queue, or taken by a worker at or after
        `taken_since`); none known on a broker that cannot be asked."""
        held = set()
        for task_id in self.sender.held(taken_since) or ():
            parts = task_id.split("/")
            if len(parts) == 3:
                held.add((parts[0], parts[1]))
        return held

    # -- opponent inventions: a Celery result ----------------------------------------------
    async def _invent(self, request: dict[str, Any]) -> dict[str, Any]:
        return await self._call("battle.invent_opponents", [request], "the invention")

    async def _call(self, name: str, args: list[Any], what: str) -> dict[str, Any]:
        """Sends a task and waits for its result through the watcher."""
        task_id = uuid.uuid4().hex
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._calls[task_id] = answer
        try:
            await self.sender.send(name, args, task_id, result=True)
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
            await self.sender.send("battle.director", [battle_id, decision_id(battle_id, revision)])
        except Exception:  # the battle stands; the GM's token can still decide
            log.exception("battle %s: the director could not be asked at revision %s", battle_id, revision)
            return False
        metrics.DIRECTOR_ENQUEUED.labels(when=when).inc()
        return True

    async def resume(self, battle_id: str, revision: int) -> None:
        try:
            await self.sender.send("battle.resume", [battle_id, revision])
        except Exception:  # the next reader of the battle asks again
            log.exception("battle %s: the Engine's moves after revision %s could not be asked for", battle_id, revision)

    def outbox_holds(self, battle_id: str, request_id: str) -> bool:
        return self.outbox.holds(battle_id, request_id)

    # -- service -------------------------------------------------------------------------
    def queue_depths(self) -> dict[str, int]:
        return self.sender.depths(QUEUES)

    def workers_answer(self) -> str | None:
        replies = self.celery.control.ping(timeout=PING_TIMEOUT, limit=1)
        if not replies:
            return f"no Celery worker answered a ping within {PING_TIMEOUT} s"
        return None

    async def close(self) -> None:
        # Choices still out are the workers' now (the store records how they end); the
        # gateway stops waiting for them so its shutdown does not.
        for task in (self._checker, self._watcher, self._reconciler):
            if task is not None:
                task.cancel()
        closing = {"ok": False, "code": "gateway-closing",
                   "message": "the gateway shut down before the choice's result came back"}
        for answer in [w.answer for w in self._waiting.values()] + list(self._calls.values()):
            if not answer.done():
                answer.set_result(closing)
        self._waiting.clear()
        self._accepted.clear()
        self._calls.clear()
        await super().close()
        await self.sender.close()


def _result_of(meta: dict[str, Any]) -> dict[str, Any]:
    result = meta.get("result")
    if meta["status"] == states.SUCCESS and isinstance(result, dict):
        return result
    error = result
    if isinstance(error, dict):
        error = f"{error.get('exc_type', 'error')}: {error.get('exc_message', '')}"
    return {"ok": False, "code": "worker-failed",
            "message": f"the worker could not apply the choice ({meta['status']}): {error}"}
