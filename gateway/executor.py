"""Where an accepted choice is applied: the executor behind `POST /choices` and the socket.

Owns: `Executor`, what every executor shares (the thread pool for blocking store reads
and the async store over it, the remembered endings of request ids, the hooks a Celery
executor fills in), and
`EmbeddedExecutor`, the in-process executor of the embedded default. It runs
`BattleService.apply`, the same function the Celery `battle.advance` task calls, on a
thread pool, and remembers how each request id it ran ended (`status`) for
`GET /v1/battles/{id}/choices/{request_id}`. With no workers and no beat behind it, it
also runs the window sweeper (`shared.service.jobs.sweep_windows`, the beat task's body) every
`sweep_every` seconds, so a window past its deadline is passed here too. A refusal that
only the rules can find after the gateway's checks (a race lost to another choice at the
same revision) is answered to the socket that sent the choice and in that status;
nothing changes in the battle.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, TypeVar, TypeVarTuple, Unpack

from shared.service.chat import client_for
from shared.protocol import ChoiceRequest, OpenDecision
from shared.service import jobs
from shared.service.battles import BattleService
from shared.service.gm import NO_MODEL, GmModel
from shared.store import AsyncBattleStore, BattleHead, FeedMessage

from . import access, metrics

log = logging.getLogger(__name__)

#: Request ids whose ending the executor remembers (the oldest are forgotten first).
REMEMBERED = 10_000

#: What `Executor.run` hands to blocking service work, and what the work answers.
_Args = TypeVarTuple("_Args")
_Result = TypeVar("_Result")


class Executor(ABC):
    """Applies accepted choices; `submit` answers a task ending in the service's result dict."""

    name = "embedded"

    def __init__(self, service: BattleService, workers: int = 4, *, gm: GmModel = NO_MODEL) -> None:
        self.service = service
        #: The GM model the jobs this executor runs in-process use (the embedded director
        #: and invention); a Celery executor's workers read their own.
        self.gm = gm
        #: Its client (None without a model: the Engine decides, nothing is invented).
        self.gm_client = client_for(gm)
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="battle-exec")
        #: The service's store for the loop: blocking calls on `pool`, heads on the loop.
        self.astore = AsyncBattleStore(service.store, self.pool)
        self._results: OrderedDict[tuple[str, str], dict[str, Any] | None] = OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()

    def start(self) -> None:
        """Starts what the executor runs in the background (called on the app's loop)."""

    async def run(self, fn: Callable[[Unpack[_Args]], _Result], *args: Unpack[_Args]) -> _Result:
        """Runs blocking service work (loads, menus) on the executor's threads."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    async def head(self, battle_id: str, request: ChoiceRequest, *,
                   early: bool = False) -> tuple[BattleHead | None, bool | None]:
        """The battle's head to check `request` against (`routes_choices.submit`), and what
        this read recorded, in case the choice passes, so that nothing accepted is lost
        before `accept` hands it over: None, nothing (an executor that loses nothing on the
        way); True, its outbox entry, added by this read (`unrecord` takes it back when the
        checks refuse the choice); False, the entry an earlier submission of the same
        request id added, left as it is. Raises `ApiError` (503 `store-unavailable`) when it
        cannot read or record.

        `early`: the caller checked the choice against the prompt it sent for this revision
        already, so an executor that sends messages may send this one alongside the read
        instead of after it (`accept` then sends nothing more). A choice the head's checks
        then refuse is refused by the rules as well: its message changes nothing."""
        return await self.astore.head(battle_id, request.request_id), None

    async def unrecord(self, battle_id: str, request_id: str, added: bool | None) -> None:
        """Takes back what `head` did for a choice the checks then refused, or found applied
        already: its outbox entry when `head` `added` it."""

    async def accept(self, battle_id: str, revision: int, choice: dict[str, Any], request_id: str) -> None:
        """Hands over a choice that passed the checks, before the gateway answers 202 (what
        must be recorded, `head` recorded). An in-process executor has nothing to send:
        `submit` applies the choice."""

    def submit(self, battle_id: str, revision: int, choice: dict[str, Any],
               request_id: str) -> "asyncio.Task[dict[str, Any]]":
        """Starts applying the choice; the task answers the service's result dict."""
        self._remember((battle_id, request_id), None)
        task = asyncio.get_running_loop().create_task(self._timed(battle_id, revision, choice, request_id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _timed(self, battle_id: str, revision: int, choice: dict[str, Any],
                     request_id: str) -> dict[str, Any]:
        started = time.perf_counter()
        result = await self._apply(battle_id, revision, choice, request_id)
        metrics.finished(result, time.perf_counter() - started)
        self._remember((battle_id, request_id), result)
        return result

    @abstractmethod
    async def _apply(self, battle_id: str, revision: int, choice: dict[str, Any],
                     request_id: str) -> dict[str, Any]:
        """Applies the choice somewhere; answers the service's result dict."""

    def observe(self, message: FeedMessage) -> None:
        """A tap on the gateway's feed (every battle's writes and announced answers), for an
        executor that learns how choices ended from it."""

    async def ask_director(self, battle_id: str, revision: int, when: str) -> bool:
        """Asks the director to decide the GM-controlled decision at `revision`; False when
        this executor has no director (the GM's token decides instead)."""
        return False

    async def decision_now(self, battle_id: str) -> tuple[int, str, OpenDecision]:
        """The battle's revision, status and open decision, drawn from its state (on a
        thread) when the revision was saved without one. A battle found waiting on the
        Engine's moves, which a dead worker left, has them made (`resume`)."""
        revision, status, decision = await self.run(access.current_decision, self.service, battle_id)
        if access.engine_owes(status, decision):
            await self.resume(battle_id, revision)
        return revision, status, decision

    async def resume(self, battle_id: str, revision: int) -> None:
        """Has the Engine's moves made that a paused choice left at `revision` (its worker
        died between the two saves): `BattleService.resume`, which leaves a battle that
        moved on alone. Returns once it is handed over, not when it is done."""
        task = asyncio.get_running_loop().create_task(self._resume(battle_id, revision))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resume(self, battle_id: str, revision: int) -> None:
        result = await self.run(self.service.resume, battle_id, revision)
        await self._director_next(battle_id, result, "choice")

    async def _director_next(self, battle_id: str, result: dict[str, Any], when: str) -> None:
        pending = result.get("pending") if result.get("ok") else None
        if pending and pending.get("controller") == "gm":
            await self.ask_director(battle_id, result["revision"], when)

    async def invent(self, request: dict[str, Any], wait: float) -> dict[str, Any]:
        """Runs `battle.invent_opponents` for a battle about to be created and waits at most
        `wait` seconds for its answer (`shared.service.jobs.invent_opponents`' result dict)."""
        try:
            return await asyncio.wait_for(self._invent(request), wait)
        except asyncio.TimeoutError:
            return {"ok": False, "code": "invent-timeout",
                    "message": f"the GM's opponents did not come back within {wait:g} seconds; "
                               "no battle was created"}

    async def _invent(self, request: dict[str, Any]) -> dict[str, Any]:
        return await self.run(jobs.invent_opponents, self.service, request, self.gm_client)

    def queue_depths(self) -> dict[str, int]:
        """Messages waiting per queue (read at scrape; blocking)."""
        return {}

    def workers_answer(self) -> str | None:
        """None when the executor can apply choices now; otherwise why not (blocking)."""
        return None

    def _remember(self, key: tuple[str, str], result: dict[str, Any] | None) -> None:
        self._results[key] = result
        self._results.move_to_end(key)
        while len(self._results) > REMEMBERED:
            self._results.popitem(last=False)

    def outbox_holds(self, battle_id: str, request_id: str) -> bool:
        """Whether the store's outbox holds the choice as accepted and unanswered (blocking);
        an executor that records no outbox entry holds none."""
        return False

    def status(self, battle_id: str, request_id: str) -> tuple[bool, dict[str, Any] | None]:
        """(known, result): result None while the choice is still being applied."""
        key = (battle_id, request_id)
        if key not in self._results:
            return False, None
        return True, self._results[key]

    async def close(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        await self.astore.aclose()
        self.pool.shutdown(wait=True)


class EmbeddedExecutor(Executor):
    """Runs `BattleService.apply` on this process's threads, and the window sweeper. With a
    GM model configured it also runs the director here, as a worker's `battle.director`
    would: every GM-controlled decision a choice (or a sweeper's Pass) leads to is put to
    the model (without one, the GM's token decides)."""

    def __init__(self, service: BattleService, workers: int = 4, *, gm: GmModel = NO_MODEL,
                 sweep_every: float | None = jobs.SWEEP_EVERY) -> None:
        super().__init__(service, workers, gm=gm)
        self.sweep_every = sweep_every
        self._sweeper: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.sweep_every:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="window-sweeper")

    async def _sweep(self) -> None:
        assert self.sweep_every
        while True:
            await asyncio.sleep(self.sweep_every)
            try:
                swept = await self.run(jobs.sweep_windows, self.service, time.time())
            except Exception:  # the store is briefly unreachable: the next sweep tries again
                log.exception("the window sweeper could not sweep")
                continue
            for battle_id, result in swept["results"].items():
                await self._director_next(battle_id, result, "sweep")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        await super().close()

    async def _apply(self, battle_id: str, revision: int, choice: dict[str, Any],
                     request_id: str) -> dict[str, Any]:
        result = await self.run(self.service.apply, battle_id, revision, choice, request_id)
        await self._director_next(battle_id, result, "choice")
        return result

    async def ask_director(self, battle_id: str, revision: int, when: str) -> bool:
        if not self.gm.configured:
            return False
        metrics.DIRECTOR_ENQUEUED.labels(when=when).inc()
        task = asyncio.get_running_loop().create_task(self._direct(battle_id, revision))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return True

    async def _direct(self, battle_id: str, revision: int) -> dict[str, Any]:
        result = await self.run(jobs.director, self.service, battle_id, jobs.decision_id(battle_id, revision),
                                self.gm_client)
        await self._director_next(battle_id, result, "director")
        return result
