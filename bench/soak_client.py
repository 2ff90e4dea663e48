"""The soak's scripted players: one WebSocket client per player of a battle, and the
ledger of everything each battle's clients sent and were told.

Owns: `Ledger` (per battle: every choice body sent under its request id, which were
accepted, which refused and why, round trips, reconnects, resubmissions, seq gaps) and
`play_player`, the client: it reads events and prompts from its socket, answers each
prompt (the Engine's suggestion most of the time, else another option with a target, and
in a window an answer or Pass), either on the socket or by `POST /choices`, sometimes
twice on purpose (a double click), and reconnects with its last seq whenever the socket
drops. A choice with no news for `stall` seconds (longer than any redelivery) is sent again
under the same request id when its send was never accepted (a 5xx while Redis restarts),
as a real client retries. One the gateway accepted is not sent again (`resend_accepted`
off): the service must apply it by itself, so a loss shows as a choice never applied (and a
battle that never ends). With `resend_accepted` on, each accepted choice then applied
after such a resend counts as one the service would have lost (`rescued`).

Request ids are `<battle>.<actor>.r<revision>` (`-s` when a refused pick falls back to the
suggestion): one per decision, so the same decision can never be saved twice under two ids.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

#: Refusals after which the client falls back to the Engine's suggestion for the decision.
PICK_REFUSED = {"unknown-option", "bad-target", "out-of-reach", "no-line-of-sight", "refused", "malformed"}
#: The socket's answer while the store is away (the POST's 503): try the same request again.
UNAVAILABLE = "store-unavailable"


@dataclass
class Ledger:
    battle: str
    kind: str
    seed: int
    revision: int
    last_seq: int
    via_http: bool
    tokens: dict[str, str]
    bodies: dict[str, dict[str, Any]] = field(default_factory=dict)
    accepted: set[str] = field(default_factory=set)
    refused: dict[str, str] = field(default_factory=dict)
    round_trips: list[float] = field(default_factory=list)
    closed: bool = False
    reconnects: int = 0
    reasked: int = 0
    stalled: set[str] = field(default_factory=set)
    #: Of `stalled`, those the gateway had accepted before the client gave up waiting.
    stalled_accepted: set[str] = field(default_factory=set)
    #: Of `stalled_accepted`, how the gateway said each had ended when the client gave up
    #: waiting (`GET /choices/{id}`): "applied" means only the news was late, not the choice.
    stall_status: dict[str, str] = field(default_factory=dict)
    #: Each `POST /choices` that failed (5xx, or no answer): "<request id>: <what>".
    http_failures: list[str] = field(default_factory=list)
    doubles: int = 0
    gaps: int = 0
    http_errors: int = 0
    windows: int = 0
    #: Per player, where their client stands (for the report on a battle that did not end).
    sockets: dict[str, dict[str, Any]] = field(default_factory=dict)


@dataclass
class Options:
    deadline: float
    #: Longer than a redelivery (visibility timeout + restore interval) and a worker's start.
    stall: float = 20.0
    #: Send an accepted choice again after `stall` seconds without news, as a real client
    #: would. The soak does not: an accepted choice must be applied without it.
    resend_accepted: bool = False
    think: float = 0.3
    double: float = 0.05
    suggest: float = 0.8


def choose(prompt: dict[str, Any], rng: random.Random, suggest: float) -> dict[str, Any]:
    """An answer to `prompt`: usually the suggestion, else another option with a target,
    and in a window an answer or Pass at even odds."""
    options = prompt.get("options") or []
    suggestion = prompt.get("suggestion")
    if prompt.get("decision") == "window":
        answers = [o for o in options if o["id"] != "pass"]
        if answers and rng.random() < 0.5:
            pick = rng.choice(answers)
            return {"option_id": pick["id"], "targets": list(pick.get("targets") or [])[:1]}
        return {"option_id": "pass", "targets": []}
    aimed = [o for o in options if o.get("targets") and o["id"] != "move"]
    if suggestion is None or (aimed and rng.random() > suggest):
        if aimed:
            pick = rng.choice(aimed)
            return {"option_id": pick["id"], "targets": [rng.choice(pick["targets"])]}
        ids = [o["id"] for o in options]
        return {"option_id": "end-turn" if "end-turn" in ids else ids[0], "targets": []}
    return suggested(suggestion)


def suggested(suggestion: dict[str, Any]) -> dict[str, Any]:
    out = {"option_id": suggestion["option"], "targets": list(suggestion.get("targets") or [])}
    if suggestion.get("cell") is not None:
        out["cell"] = list(suggestion["cell"])
    return out


class Player:
    def __init__(self, session: Any, base: str, ledger: Ledger, player: str, opts: Options, seed: int) -> None:
        self.session, self.base, self.ledger, self.player, self.opts = session, base, ledger, player, opts
        self.token = ledger.tokens[player]
        self.rng = random.Random(seed)
        self.last_seq = 0
        self.outstanding: str | None = None
        self.sent_at: float | None = None
        self.suggestions: dict[str, dict[str, Any]] = {}
        self.where = ledger.sockets.setdefault(player, {})

    async def run(self) -> None:
        import aiohttp

        url = f"{self.base}/v1/battles/{self.ledger.battle}/ws"
        while not self.ledger.closed and time.monotonic() < self.opts.deadline:
            try:
                async with self.session.ws_connect(url, params={"token": self.token, "after": str(self.last_seq)},
                                                   max_msg_size=0) as ws:
                    if await self._read(ws):
                        return
            except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ConnectionError):
                pass
            if self.ledger.closed:
                return
            self.ledger.reconnects += 1
            await asyncio.sleep(0.5 + self.rng.random())

    async def _read(self, ws: Any) -> bool:
        """Reads the socket until the battle closes (True) or the socket drops (False)."""
        import aiohttp

        while time.monotonic() < self.opts.deadline:
            try:
                msg = await ws.receive(timeout=self.opts.stall)
            except asyncio.TimeoutError:
                if self.outstanding is not None:
                    self.ledger.stalled.add(self.outstanding)
                    if self.outstanding in self.ledger.accepted:
                        self.ledger.stalled_accepted.add(self.outstanding)
                        self.ledger.stall_status[self.outstanding] = await self._status(self.outstanding)
                        if not self.opts.resend_accepted:
                            continue  # the service must deliver it: a resend would hide a loss
                    await self._send(ws, self.outstanding)
                continue
            if msg.type != aiohttp.WSMsgType.TEXT:
                return False
            data = json.loads(msg.data)
            kind = data["type"]
            self.where.update(last_message=kind, last_seq=self.last_seq, outstanding=self.outstanding,
                              revision=data.get("revision", self.where.get("revision")))
            if kind == "event":
                seq = data["event"]["seq"]
                if seq != self.last_seq + 1:
                    self.ledger.gaps += 1
                self.last_seq = max(self.last_seq, seq)
                if self.sent_at is not None:
                    self.ledger.round_trips.append(time.perf_counter() - self.sent_at)
                    self.sent_at = None
                self.outstanding = None
            elif kind == "prompt":
                await self._prompted(ws, data)
            elif kind == "accepted":
                self.ledger.accepted.add(data["request_id"])
            elif kind == "error":
                await self._refused(ws, data.get("request_id"), data.get("code", ""))
            elif kind == "closed":
                self.ledger.closed = True
                return True
        return True

    async def _prompted(self, ws: Any, prompt: dict[str, Any]) -> None:
        rid = f"{self.ledger.battle}.{prompt['actor']}.r{prompt['revision']}"
        if prompt.get("decision") == "window":
            self.ledger.windows += 1
        if rid in self.ledger.bodies:
            # Asked again (a reconnect, a resync): the same decision, the same request id.
            self.ledger.reasked += 1
            await self._send(ws, self._current(rid))
            return
        if self.opts.think:
            await asyncio.sleep(self.rng.uniform(0, self.opts.think))
        if prompt.get("suggestion"):
            self.suggestions[rid] = suggested(prompt["suggestion"])
        body = {"actor": prompt["actor"], "revision": prompt["revision"], "request_id": rid,
                **choose(prompt, self.rng, self.opts.suggest)}
        self.ledger.bodies[rid] = body
        await self._send(ws, rid)
        if self.rng.random() < self.opts.double:
            self.ledger.doubles += 1
            await self._send(ws, rid)

    def _current(self, rid: str) -> str:
        """The request id now answering `rid`'s decision (its fallback once refused)."""
        return rid + "-s" if rid + "-s" in self.ledger.bodies else rid

    async def _refused(self, ws: Any, rid: str | None, code: str) -> None:
        if rid is None:
            return
        if code == UNAVAILABLE:
            # Not a refusal: nothing was accepted while the store was away (Redis restarting),
            # and the answer says to try again; as after a 503 on POST, the stall timer sends
            # the same request again.
            self.ledger.http_failures.append(f"{rid}: socket error {code}")
            return
        self.ledger.refused[rid] = code
        if rid == self.outstanding:
            self.outstanding = self.sent_at = None
        if code in PICK_REFUSED and not rid.endswith("-s") and rid in self.suggestions:
            body = {**self.ledger.bodies[rid], **self.suggestions[rid], "request_id": rid + "-s"}
            self.ledger.bodies[rid + "-s"] = body
            await self._send(ws, rid + "-s")

    async def _status(self, rid: str) -> str:
        try:
            async with self.session.get(f"{self.base}/v1/battles/{self.ledger.battle}/choices/{rid}",
                                        headers={"Authorization": f"Bearer {self.token}"}) as r:
                return str((await r.json(content_type=None) or {}).get("status", r.status))
        except Exception as exc:  # noqa: BLE001 - only a figure
            return type(exc).__name__

    async def _send(self, ws: Any, rid: str) -> None:
        body = self.ledger.bodies[rid]
        self.outstanding = rid
        self.sent_at = time.perf_counter()
        if not self.ledger.via_http:
            await ws.send_json({"type": "choice", **body})
            return
        try:
            async with self.session.post(f"{self.base}/v1/battles/{self.ledger.battle}/choices", json=body,
                                         headers={"Authorization": f"Bearer {self.token}"}) as r:
                answer = await r.json(content_type=None)
                if r.status in (200, 202):
                    self.ledger.accepted.add(rid)
                elif r.status >= 500:
                    self.ledger.http_errors += 1
                    self.ledger.http_failures.append(f"{rid}: {r.status} {json.dumps(answer)[:200]}")
                else:
                    await self._refused(ws, rid, (answer or {}).get("code", str(r.status)))
        except Exception as exc:  # the gateway or Redis is briefly away: the stall timer sends it again
            self.ledger.http_errors += 1
            self.ledger.http_failures.append(f"{rid}: {type(exc).__name__}: {exc}"[:300])


async def play_battle(session: Any, base: str, ledger: Ledger, opts: Options, seed: int) -> None:
    """Every player of the battle on a socket of their own until the battle closes."""
    await asyncio.gather(*(Player(session, base, ledger, player, opts, seed * 31 + n).run()
                           for n, player in enumerate(sorted(ledger.tokens))))
