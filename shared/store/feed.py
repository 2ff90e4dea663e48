"""The async fan-out of battle writes, for the gateway's listener.

Owns: `FeedMessage` (what a write announces), `Subscription` (one consumer's queue for one
battle), `Feed` (the listener a gateway starts in its `cleanup_ctx`) and `MemoryFeed` (the
in-process feed of the memory store). The Redis feed is in `redis_feed.py`.

Every successful `save`, `put_decision`, `abandon` and `set_hold` publishes one message on the battle's
channel: `{"battle_id", "revision", "status", "events": [...], "hold_changed", "hold",
"request_id", "decision"}` (`request_id`: the choice a save applied; `decision`: the open
decision saved with the revision; both null otherwise), plus `"decision_follows": true` on a
save whose decision comes after it: `put_decision` then publishes the same shape with no
events and the decision. `announce` publishes a request's
answer that wrote nothing (a refusal, a duplicate's recorded answer): `{"battle_id",
"request_id", "answer"}`; it is for whoever waits on that request, not a change of the
battle (`FeedMessage.is_answer`).
Delivery is at most once (Redis pub/sub): a consumer that sees a gap in `seq`, or gets a
message with `resync` set (its queue overflowed, or the listener reconnected), re-reads
with `events_after(last_seq)` and `get_hold`. The store, not the feed, is the record.

A subscription may name a `taker`: the fan-out hands it each message first, on the feed's
loop and inline, while nothing waits in the queue; when it takes the message (returns True)
the message is not queued. A gateway's socket whose reader is idle writes a message's frames
there and then, so one message reaches a thousand spectators in one pass instead of waking a
thousand tasks (docs/capacity.md).
"""

from __future__ import annotations

import asyncio
import json
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from .json_objects import Decision, Event, Hold

QUEUE_LIMIT = 1000
"""Messages a slow consumer may fall behind before its queue is replaced by a resync."""


@dataclass(frozen=True, slots=True)
class FeedMessage:
    battle_id: str
    revision: int | None
    status: str | None
    events: list[Event] = field(default_factory=list)
    hold_changed: bool = False
    hold: Hold | None = None
    resync: bool = False
    """Messages may have been lost: re-read the stream and the hold from the store."""
    request_id: str | None = None
    """The request whose choice this write applied (a save's), or whose answer this is."""
    decision: Decision | None = None
    """The open decision saved with `revision` (None: none was saved)."""
    answer: Any = None
    """How `request_id` ended without a write (set only on `announce`'s messages)."""
    decision_follows: bool = False
    """The save carried no decision: `put_decision`'s message (no events, the decision)
    follows, unless the saver died first."""
    read_at: float = field(default=0.0, compare=False, repr=False)
    """`time.perf_counter()` when the feed read the message (0: not read from a feed): how
    long its fan-out took is measured from here."""
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """What this message's consumers work out alike, kept by the first of them: one message
    object reaches every subscription of the battle (`FanOut.dispatch`), so a gateway draws
    its event frames and its notices once, not once per socket."""

    @property
    def is_answer(self) -> bool:
        """A request's answer, not a change of the battle."""
        return self.answer is not None

    @classmethod
    def from_text(cls, text: str | bytes, read_at: float = 0.0) -> "FeedMessage":
        data: dict[str, Any] = json.loads(text)
        if "answer" in data:
            return cls(battle_id=data["battle_id"], revision=None, status=None,
                       request_id=data["request_id"], answer=data["answer"], read_at=read_at)
        return cls(
            battle_id=data["battle_id"],
            revision=data["revision"],
            status=data["status"],
            events=data["events"],
            hold_changed=data["hold_changed"],
            hold=data["hold"],
            request_id=data.get("request_id"),
            decision=data.get("decision"),
            decision_follows=data.get("decision_follows", False),
            read_at=read_at,
        )

    @classmethod
    def lost(cls, battle_id: str) -> "FeedMessage":
        return cls(battle_id=battle_id, revision=None, status=None, resync=True)


class Subscription:
    """One consumer's messages for one battle, in publish order. Use as a context manager or
    call `close()`; iterate with `async for` or `await get(timeout)`."""

    def __init__(self, fanout: "FanOut", battle_id: str, limit: int = QUEUE_LIMIT) -> None:
        self.battle_id = battle_id
        self._fanout = fanout
        self._queue: asyncio.Queue[FeedMessage] = asyncio.Queue(maxsize=limit)
        self.closed = False
        self.taker: Callable[[FeedMessage], bool] | None = None
        """Offered each message before it is queued, while the queue is empty (so order is
        kept): True when it dealt with the message itself. It runs inline in the fan-out,
        so it must be quick and must not raise."""

    async def get(self, timeout: float | None = None) -> FeedMessage:
        """The next message; `TimeoutError` after `timeout` seconds without one."""
        if timeout is None:
            return await self._queue.get()
        return await asyncio.wait_for(self._queue.get(), timeout)

    def get_nowait(self) -> FeedMessage | None:
        try:
            return self._queue.get_nowait()
        except asyncio.QueueEmpty:
            return None

    def put(self, message: FeedMessage) -> None:
        """Queues `message` behind what is waiting, as the fan-out does: for a consumer's own
        wake-ups (a timer that must reach whoever reads the queue)."""
        self._offer(message)

    def deliver(self, message: FeedMessage) -> None:
        """The fan-out's hand-over: to the taker when the queue is empty and it takes the
        message, else into the queue."""
        taker = self.taker
        if taker is not None and self._queue.empty() and taker(message):
            return
        self._offer(message)

    def _offer(self, message: FeedMessage) -> None:
        try:
            self._queue.put_nowait(message)
        except asyncio.QueueFull:
            # Dropping silently would leave a hole the consumer cannot see; a resync tells it
            # to catch up from the store instead.
            while not self._queue.empty():
                self._queue.get_nowait()
            self._queue.put_nowait(FeedMessage.lost(self.battle_id))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._fanout.remove(self)

    def __enter__(self) -> "Subscription":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __aiter__(self) -> "Subscription":
        return self

    async def __anext__(self) -> FeedMessage:
        return await self.get()


Tap = Callable[[FeedMessage], None]
"""Called with every message the feed reads, whichever battle it is for (on the feed's loop)."""


class FanOut:
    """Subscriptions by battle on one event loop. `dispatch` must run on that loop."""

    def __init__(self) -> None:
        self._by_battle: dict[str, set[Subscription]] = {}
        self.taps: list[Tap] = []

    def add(self, sub: Subscription) -> None:
        self._by_battle.setdefault(sub.battle_id, set()).add(sub)

    def remove(self, sub: Subscription) -> None:
        subs = self._by_battle.get(sub.battle_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self._by_battle[sub.battle_id]

    def wants(self, battle_id: str) -> bool:
        return battle_id in self._by_battle

    def dispatch(self, battle_id: str, text: str | bytes) -> None:
        subs = self._by_battle.get(battle_id)
        if not subs and not self.taps:
            return
        message = FeedMessage.from_text(text, read_at=time.perf_counter())
        for sub in list(subs or ()):
            sub.deliver(message)
        for tap in list(self.taps):
            tap(message)

    def resync_all(self) -> None:
        for battle_id, subs in list(self._by_battle.items()):
            for sub in list(subs):
                sub._offer(FeedMessage.lost(battle_id))


class Feed(ABC):
    """The gateway's listener: `async with store.feed() as feed: sub = feed.subscribe(id)`."""

    def __init__(self) -> None:
        self._fanout = FanOut()

    @abstractmethod
    async def start(self) -> None:
        """Starts listening; must be awaited on the loop that will consume the messages."""

    @abstractmethod
    async def close(self) -> None:
        """Stops listening; open subscriptions get no more messages."""

    def subscribe(self, battle_id: str) -> Subscription:
        sub = Subscription(self._fanout, battle_id)
        self._fanout.add(sub)
        return sub

    def tap(self, callback: Tap) -> None:
        """Calls `callback` with every message of every battle (the gateway's gauges of
        battles and windows). A tap must be quick and must not raise: it runs inline."""
        self._fanout.taps.append(callback)

    async def __aenter__(self) -> "Feed":
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


Listener = Callable[[str, str], None]
"""A memory-store listener: called with (battle_id, message text) under the store's lock."""


class Listened(Protocol):
    """A store that calls listeners back with each message it publishes (the memory store)."""

    def add_listener(self, listener: Listener) -> None: ...

    def remove_listener(self, listener: Listener) -> None: ...


class MemoryFeed(Feed):
    """The memory store's feed: the store calls back on the writing thread; the message
    crosses to the feed's loop with `call_soon_threadsafe`, keeping publish order."""

    def __init__(self, store: Listened) -> None:
        super().__init__()
        self._store = store
        self._loop: asyncio.AbstractEventLoop | None = None

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._store.add_listener(self._on_message)

    async def close(self) -> None:
        self._store.remove_listener(self._on_message)
        self._loop = None

    def _on_message(self, battle_id: str, text: str) -> None:
        loop = self._loop
        if loop is None:
            return
        try:
            loop.call_soon_threadsafe(self._fanout.dispatch, battle_id, text)
        except RuntimeError:
            # The loop closed under us: the gateway is shutting down and wants no more.
            return
