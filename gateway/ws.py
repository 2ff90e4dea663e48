"""`WS /v1/battles/{id}/ws?token=..&after=SEQ`: a player's (or the GM's) live window on a
battle.

Owns: the socket's life. On connect it subscribes to the store's feed first (so nothing
published meanwhile is lost), sends every event after `after` in seq order, then the open
prompt when the decision is this caller's, or `{type: "waiting"}` naming on whom the
battle waits when it is someone else's (a turn or a window asking them). From then on it
pushes new events as the feed announces them (re-reading the store on a gap or a
resync), a new prompt or waiting notice for each new decision, and `{type: "closed"}`
when the fight ends or is abandoned. Both come from the open decision the worker saved
with the revision: carried by the feed message that brought it, or read with the battle's
head; only a revision saved without one is loaded and drawn here. A save may say its
decision follows (`put_decision`, a moment later): its events go out at once, and a socket
that waits `DECISION_WAIT` for the decision in vain draws it as a reconnect does, and has
the Engine's moves made when a dead worker left them (`Executor.resume`). It accepts
`{type: "choice", ...}` (the `POST /choices` body) and answers `accepted` or `error`. A reconnecting client names its last seq and gets the rest and
its prompt again. What one feed message (or one page of a catch-up) causes goes out as one
burst: its frames in one write to the socket (`frames`), unless the client is slow to read.
A socket whose pump is idle takes a feed message inline, in the fan-out's own pass
(`Connection.take`, the subscription's taker): the events' frames and each caller's prompt
or notice frame are drawn once per message (`FeedMessage.memo`), so a thousand spectators
of one battle cost a thousand writes of the same bytes, not a thousand tasks woken; what
needs the store (a gap, a resync, a save without its decision, the end) is left to the pump.
Messages over the size limit close the socket; messages over the
per-connection rate get an error and are dropped. The gateway's shutdown closes every
socket with 1001 (going away).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
import weakref
from typing import Any, AsyncIterator

from aiohttp import WSCloseCode, WSMsgType, web
from pydantic import ValidationError

from shared.protocol import AcceptedMessage, ClientChoice, ClosedMessage, ErrorMessage, EventMessage, OpenDecision
from shared.store import ACTIVE, DEFAULT_PAGE, BattleHead, BattleNotFound, Decision, FeedMessage, Subscription

from . import access, metrics
from .context import ASTORE, EXECUTOR, FEED, SETTINGS, SOCKETS, TOKENS, battle_id, loads
from .errors import ApiError, validation_lines
from .frames import text_frame
from .routes_choices import submit
from .routing import Route
from .tokens import Principal

log = logging.getLogger(__name__)

#: Seconds a connection lease lasts; the socket renews it at a third of that.
LEASE = 90.0
#: Seconds a socket waits for the open decision a save said would follow (`put_decision`)
#: before drawing the prompt itself; the worker brings it within milliseconds.
DECISION_WAIT = 2.0
#: Bytes a socket's unsent output may hold before a burst goes out through aiohttp's own
#: sends, which wait for the reader to catch up.
WRITE_BUFFER_LIMIT = 64 * 1024


class RateLimit:
    """A token bucket: `rate` messages a second, bursts up to `burst`."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens, self.at = float(burst), time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Connection:
    def __init__(self, request: web.Request, ws: web.WebSocketResponse, who: Principal, after: int,
                 sub: Subscription) -> None:
        self.app = request.app
        self.sub = sub
        self.battle = who.battle
        self.ws = ws
        self.who = who
        self.last_seq = after
        self.prompted: int | None = None
        #: The open decision of that prompt: a choice it accepts is sent on while the head
        #: is read (`routes_choices.submit`).
        self.prompted_decision: Decision | None = None
        #: The latest revision this socket has answered with a prompt, a notice or the end.
        self.revision = 0
        self.send_lock = asyncio.Lock()
        settings = self.app[SETTINGS]
        self.limit = RateLimit(settings["ws_rate"], settings["ws_burst"])
        self.done = False
        #: The revision whose open decision a save said would follow, until a prompt (or
        #: notice) of that revision or a later one went out.
        self.owed: int | None = None
        self.transport = request.transport
        #: The messages of the burst being collected (`burst`), None outside one.
        self._burst: list[str] | None = None
        #: False only while the pump waits on an empty queue: then the fan-out may hand a
        #: message to `take` instead (a busy pump reads it from its queue, in order).
        self.busy = True
        #: Put in the queue when an owed decision did not come: this socket's own wake-up,
        #: told apart by identity.
        self._wake = FeedMessage(battle_id=self.battle, revision=None, status=None)
        sub.taker = self.take

    async def send(self, message: Any) -> None:
        await self.send_text(message.model_dump_json())

    async def send_text(self, text: str) -> None:
        if self._burst is not None:
            self._burst.append(text)
            return
        async with self.send_lock:
            if not self.ws.closed:
                await self.ws.send_str(text)

    @contextlib.asynccontextmanager
    async def burst(self) -> AsyncIterator[None]:
        """Messages sent inside go out together, in order, in one write when they can
        (`frames`). Nested bursts join the outer one."""
        if self._burst is not None:
            yield
            return
        self._burst = []
        try:
            yield
        finally:
            texts, self._burst = self._burst, None
            await self._write(texts)

    async def _write(self, texts: list[str]) -> None:
        if not texts:
            return
        async with self.send_lock:
            if self.ws.closed:
                return
            transport = self.transport
            if len(texts) == 1 or transport is None or transport.is_closing() \
                    or transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
                # aiohttp's own sends, which wait for a slow reader to drain its buffer.
                for text in texts:
                    await self.ws.send_str(text)
                return
            transport.write(b"".join(text_frame(text.encode()) for text in texts))

    # -- outgoing --------------------------------------------------------------------
    async def catch_up(self) -> None:
        """Sends every stored event after `last_seq`, then the prompt or the end."""
        astore = self.app[ASTORE]
        while True:
            events = await astore.events_after(self.battle, self.last_seq)
            async with self.burst():
                for event in events:
                    await self.send(EventMessage(event=event))
                    self.last_seq = event["seq"]
            if len(events) < DEFAULT_PAGE:
                break
        await self.after_change()

    async def after_change(self, message: FeedMessage | None = None) -> None:
        """Sends the prompt of the battle's current decision (or on whom it waits), or the
        end. `message`: the feed message of the save that made the revision, whose events
        this socket was just sent."""
        if message is not None and message.decision is not None and message.revision is not None:
            revision, status = message.revision, message.status or ACTIVE
            raw: Decision | None = message.decision
            decision = open_decision(message)
        else:
            head = await self.app[ASTORE].head(self.battle)
            if head is not None and head.last_seq > self.last_seq:
                # Saved after the events this socket was sent: the log first, so a prompt
                # (or the end) never runs ahead of the events that led to it.
                await self.catch_up()
                return
            revision, status, decision = await self._current(head)
            raw = head.decision if head is not None else None
        if status != ACTIVE or decision.outcome:
            if revision >= self.revision:
                self.revision = revision
                self._settled(revision)
                await self.send(ClosedMessage(status=status, outcome=decision.outcome))
                self.done = True
            return
        frame = self._answer(message, revision, status, decision, raw)
        if frame is not None:
            await self.send_text(frame[0])

    def _answer(self, message: FeedMessage | None, revision: int, status: str, decision: OpenDecision,
                raw: Decision | None) -> tuple[str, bytes] | None:
        """What this socket is sent for the battle's open decision at `revision` (active, no
        outcome): the prompt or notice's text and frame, or None (an older revision, one
        already answered, or the Engine's moves still owed). Updates the socket's state as
        if it were sent: the caller sends it at once, with nothing awaited in between."""
        if revision < self.revision:
            return None  # an older save's message, queued behind what this socket already read
        self.revision = revision
        self._settled(revision)
        if access.engine_owes(status, decision):
            # Its worker died before the Engine's moves, which `_current` asked for: look
            # again after `DECISION_WAIT`, in case that ask is lost too.
            self._owe(revision, message)
            return None
        if self.prompted == revision:
            return None
        # The prompt to whoever answers the decision; every other socket is told on whom
        # the battle waits (once per revision: a reconnect asks again).
        drawn = self._prompt(message, revision, status, decision)
        if drawn is None:
            return None
        prompt, text, frame = drawn
        self.prompted = prompt.revision
        self.prompted_decision = raw if raw is not None else decision.model_dump(mode="json")
        return text, frame

    def _owe(self, revision: int, message: FeedMessage | None = None) -> None:
        """The decision of `revision` is owed: drawn as a reconnect draws it when it has not
        come `DECISION_WAIT` from now. Every socket `message` leaves owing shares one timer
        (a thousand spectators, one timer, none cancelled: a paid socket ignores it)."""
        self.owed = revision
        owing: list[tuple[Connection, int]] | None = message.memo.get("owing") if message is not None else None
        if owing is None:
            owing = []
            if message is not None:
                message.memo["owing"] = owing
            asyncio.get_running_loop().call_later(DECISION_WAIT, wake_owing, owing)
        owing.append((self, revision))

    def _settled(self, revision: int) -> None:
        """A decision of `revision` came: whatever was owed up to it is paid."""
        if self.owed is not None and revision >= self.owed:
            self.owed = None

    def wake_if_owed(self, revision: int) -> None:
        """`DECISION_WAIT` after `_owe(revision)`: the pump draws the decision if it is still owed."""
        if self.owed == revision and not self.sub.closed:
            self.sub.put(self._wake)

    def _prompt(self, message: FeedMessage | None, revision: int, status: str,
                decision: OpenDecision) -> tuple[Any, str, bytes] | None:
        """`access.prompt_for` this caller, with its text and frame; drawn once per feed
        message for every socket of the same caller (a thousand spectators are told alike)."""
        key = ("prompt", self.who)
        if message is not None and key in message.memo:
            drawn: tuple[Any, str, bytes] | None = message.memo[key]
            return drawn
        prompt = access.prompt_for(self.battle, revision, status, decision, self.who)
        if prompt is not None:
            text = prompt.model_dump_json()
            drawn = (prompt, text, text_frame(text.encode()))
        else:
            drawn = None
        if message is not None:
            message.memo[key] = drawn
        return drawn

    async def _current(self, head: BattleHead | None) -> tuple[int, str, OpenDecision]:
        if head is not None and head.decision is not None:
            return head.revision, head.status, OpenDecision.model_validate(head.decision)
        return await self.app[EXECUTOR].decision_now(self.battle)

    async def pump(self, sub: Any) -> None:
        """Feed messages -> events and prompts, in seq order. When the store fails under it
        (Redis restarting, or still loading its data), the socket is closed with 1013 (try
        again later): the client reconnects with its last seq and is sent the rest. A pump
        that died quietly would leave an open socket that never hears of the battle again."""
        try:
            while not self.done and not self.ws.closed:
                self.busy = False
                try:
                    message = await sub.get()
                finally:
                    self.busy = True
                if message is self._wake:
                    # A save whose decision follows is answered by `put_decision`'s message;
                    # when that never came (its worker died between the two), the prompt
                    # is drawn the way a reconnect draws it.
                    if self.owed is not None:
                        self._settled(self.owed)
                        await self.after_change()
                    continue
                if self.take_now(message):
                    continue
                fresh = [e for e in message.events if e["seq"] > self.last_seq]
                if message.resync or (fresh and fresh[0]["seq"] != self.last_seq + 1):
                    await self.catch_up()
                    continue
                async with self.burst():
                    for event, text in zip(message.events, event_texts(message)):
                        if event["seq"] > self.last_seq:
                            await self.send_text(text)
                            self.last_seq = event["seq"]
                    if message.decision_follows and message.status == ACTIVE and message.revision is not None:
                        self._owe(max(self.owed or 0, message.revision), message)
                        continue
                    if fresh or message.hold_changed or message.status != ACTIVE or message.decision is not None:
                        await self.after_change(message)
        except (ApiError, asyncio.CancelledError):
            raise
        except Exception as exc:
            log.warning("battle %s: the socket's feed failed (%s); closing it so the client reconnects",
                        self.battle, type(exc).__name__)
            await self.ws.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"the store is briefly unavailable")
            return
        finally:
            self.busy = True
        await self.ws.close()

    def take(self, message: FeedMessage) -> bool:
        """The subscription's taker: `take_now` while the pump is idle on an empty queue."""
        if self.busy:
            return False
        try:
            return self.take_now(message)
        except Exception:  # the pump meets it again from the queue and closes the socket
            log.exception("battle %s: a socket could not take a feed message inline", self.battle)
            return False

    def take_now(self, message: FeedMessage) -> bool:
        """Deals with `message` without awaiting anything when it can: its events follow
        this socket's last seq, and what comes after them is known from the message (its
        decision follows, or it carries the open decision of an active battle). Writes the
        frames (drawn once per message) in one write and returns True; False leaves the
        message to the pump (a gap, a resync, the store to read, a slow reader), or what
        follows the events of the end, which it writes here first."""
        if message.is_answer:
            return True
        events = message.events
        if message.resync or (events and events[0]["seq"] != self.last_seq + 1) or self.done \
                or self._burst is not None or self.send_lock.locked() or self.ws.closed:
            return False
        transport = self.transport
        if transport is None or transport.is_closing() or transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            return False
        revision, status, raw = message.revision, message.status, message.decision
        follows = message.decision_follows and status == ACTIVE and revision is not None
        #: False: the pump, which gets the message next, sends what follows its events (the
        #: end) and skips the events this socket was sent here.
        finished = True
        if not follows and (events or message.hold_changed or status != ACTIVE or raw is not None):
            # After the events, the battle's decision: only from the message, and only while
            # it goes on (the end closes the socket, which the pump does).
            if status != ACTIVE or (raw is not None and open_decision(message).outcome):
                # The end: its events still go out in this pass, so the last blow reaches a
                # thousand spectators as fast as any other.
                data, finished = event_frames(message), False
            elif raw is None or revision is None:
                return False
            else:
                answer = self._answer(message, revision, status, open_decision(message), raw)
                data = event_frames(message) + answer[1] if answer is not None else event_frames(message)
        else:
            data = event_frames(message)
            if follows:
                assert revision is not None
                self._owe(max(self.owed or 0, revision), message)
        if events:
            self.last_seq = events[-1]["seq"]
        if data:
            transport.write(data)
            message.memo["written"] = message.memo.get("written", 0) + 1
        return finished

    # -- incoming --------------------------------------------------------------------
    async def receive(self, text: str) -> None:
        if not self.limit.allow():
            metrics.refused("rate-limited")
            await self.send(ErrorMessage(code="rate-limited", message="too many messages; slow down"))
            return
        data: Any = None
        try:
            data = loads(text)
            choice = ClientChoice.model_validate(data)
        except ValueError as exc:
            lines = validation_lines(exc) if isinstance(exc, ValidationError) else [f"(message): {exc}"]
            rid = data.get("request_id") if isinstance(data, dict) else None
            await self.send(ErrorMessage(request_id=rid if isinstance(rid, str) else None, code="malformed",
                                         message="; ".join(lines)))
            return
        try:
            accepted, task = await submit(self.app, self.battle, self.who, choice,
                                          prompted=self.prompted_decision if choice.revision == self.prompted else None)
        except ApiError as exc:
            await self.send(ErrorMessage(request_id=choice.request_id, code=exc.code, message=exc.message))
            return
        await self.send(AcceptedMessage(request_id=accepted.request_id))
        if task is not None:
            task.add_done_callback(lambda t: self._answered(choice.request_id, t))

    def _answered(self, request_id: str, task: "asyncio.Task[dict[str, Any]]") -> None:
        if task.cancelled() or task.exception() is not None:
            return
        result = task.result()
        if not result.get("ok"):
            asyncio.get_running_loop().create_task(self.send(ErrorMessage(
                request_id=request_id, code=str(result.get("code")), message=str(result.get("message")))))

    async def lease(self, connection_id: str) -> None:
        astore = self.app[ASTORE]
        while True:
            await asyncio.sleep(LEASE / 3)
            try:
                await astore.touch_connected(self.battle, connection_id, LEASE)
            except BattleNotFound:
                pass
            except Exception as exc:  # a store briefly away skips one renewal; the lease outlasts three
                log.warning("battle %s: the connection lease was not renewed (%s)", self.battle, type(exc).__name__)


def wake_owing(owing: list[tuple[Connection, int]]) -> None:
    """The timer of the sockets one message left owing a decision (`Connection._owe`)."""
    for conn, revision in owing:
        conn.wake_if_owed(revision)


def fanned_out(message: FeedMessage) -> None:
    """A feed tap, run after the fan-out's pass: how long the message took to reach the
    sockets that took it inline, and how many did."""
    written: int = message.memo.get("written", 0)
    if written and message.read_at:
        metrics.FANOUT.observe(time.perf_counter() - message.read_at)
        metrics.INLINE_DELIVERIES.inc(written)


def open_decision(message: FeedMessage) -> OpenDecision:
    """The message's open decision (it carries one), validated once for every socket."""
    decision: OpenDecision | None = message.memo.get("decision")
    if decision is None:
        decision = message.memo["decision"] = OpenDecision.model_validate(message.decision)
    return decision


def event_frames(message: FeedMessage) -> bytes:
    """The frames of the message's events, one after the other, drawn once."""
    frames: bytes | None = message.memo.get("frames")
    if frames is None:
        frames = message.memo["frames"] = b"".join(text_frame(text.encode()) for text in event_texts(message))
    return frames


def event_texts(message: FeedMessage) -> list[str]:
    """The text of each of the message's events as sent, drawn once for every socket the
    message reaches."""
    texts: list[str] | None = message.memo.get("events")
    if texts is None:
        texts = message.memo["events"] = [EventMessage(event=event).model_dump_json() for event in message.events]
    return texts


async def battle_socket(request: web.Request) -> web.StreamResponse:
    battle = battle_id(request)
    who = request.app[TOKENS].from_request(request.headers, request.query, battle)
    try:
        after = int(request.query.get("after", "0"))
    except ValueError:
        raise ApiError("malformed", '"after" is a whole number') from None
    settings = request.app[SETTINGS]
    # No permessage-deflate, though browsers ask for it: the messages are small JSON, and a
    # deflate context took a socket from 24 to 122 KiB of the gateway's memory (300 sockets,
    # measured), besides compressing every frame.
    ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=settings["ws_max_message"], compress=False)
    if not ws.can_prepare(request).ok:
        raise ApiError("bad-request", "this route is a WebSocket: open it with an Upgrade request")
    astore = request.app[ASTORE]
    connection_id = "ws-" + secrets.token_hex(8)
    try:
        await astore.touch_connected(battle, connection_id, LEASE)
    except BattleNotFound:
        raise ApiError("not-found", f"there is no battle {battle}") from None
    await ws.prepare(request)
    request.app[SOCKETS].add(ws)
    metrics.OPEN_WEBSOCKETS.inc()
    sub = request.app[FEED].subscribe(battle)
    conn = Connection(request, ws, who, after, sub)
    helpers: list[asyncio.Task[Any]] = []
    try:
        await conn.catch_up()
        helpers = [asyncio.create_task(conn.pump(sub)), asyncio.create_task(conn.lease(connection_id))]
        async for msg in ws:
            if msg.type == WSMsgType.TEXT:
                await conn.receive(msg.data)
            elif msg.type == WSMsgType.BINARY:
                await conn.send(ErrorMessage(code="malformed", message="messages are JSON text"))
    finally:
        for task in helpers:
            task.cancel()
        for task in helpers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        sub.close()
        metrics.OPEN_WEBSOCKETS.dec()
        with contextlib.suppress(Exception):
            await astore.release_connected(battle, connection_id)
        if not ws.closed:
            await ws.close()
    return ws


async def close_sockets(app: web.Application) -> None:
    """`on_shutdown`: every open socket gets 1001 (going away) before the app stops."""
    sockets: weakref.WeakSet[web.WebSocketResponse] = app[SOCKETS]
    for ws in list(sockets):
        await ws.close(code=WSCloseCode.GOING_AWAY, message=b"the gateway is shutting down")


ROUTES = [
    Route("GET", "/v1/battles/{battle}/ws", battle_socket,
          "WebSocket: events after a seq, the caller's prompts, choices in (upgrade)", ok=101, auth=True,
          errors=(400, 403, 404), query={"token": "string", "after": "integer"}, content_type=""),
]
