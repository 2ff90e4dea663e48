"""What one gateway holds (bench/load.py `--profile idle` and `--profile spectators`).

Owns: the two single-gateway capacity runs, on bench/service.py's stack (one gateway, two
workers, a throwaway Redis):

* idle: `--sockets` (default 10,000) sockets held open on one gateway with its heartbeats
  on (aiohttp's ping every 30 s, the lease renewal every 30 s), spread as spectators over
  one battle per 100 sockets; measured: the gateway's RSS above its idle RSS per socket
  (target <= 60 KiB), its CPU share while they idle, and how long they took to open.
* spectators: one battle watched by `--sockets` (default 1,000) spectators while its player
  chooses every `--think` seconds (default 2); measured: the fan-out latency (the choice
  sent -> its first event read on each spectator's socket) p50/p99 over every spectator and
  choice (target p99 < 100 ms), the spectators read by `--clients` processes (default 2);
  the gateway's own figures: its CPU per delivery (one choice to one spectator, up to the
  fight's end) and, from its `/metrics` read before and after the hold, how long its inline
  pass over the sockets took per feed message (`battle_ws_fanout_seconds`). The battle is
  the example party four times over against three packs of the example foes (about twenty
  choices), played after an untimed warm-up of four battles (a worker's first turn on a
  ruleset builds its caches). The spectators' clients read with picows on uvloop: a
  callback per frame that only stamps and keeps it, parsed after the hold, because the
  aiohttp client (a task woken and a message object built per socket) cost 300 us of the
  same 2 cores per delivery, more than the gateway's own pass, and was most of the latency.

Bounded: sockets opened 200 at a time, `--seconds` of holding (default 30 idle, 60 spectators;
the spectators' hold ends with the fight), everything closed and the stack stopped at the end;
progress printed every 10 s.
"""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

import service
import uvloop
from load_realistic import cpu_s, rss_kib
from picows import WSCloseCode, WSListener, WSMsgType, ws_connect

OPENING = 200
EVENT_PREFIX = b'{"type":"event"'
#: The watched battle's foes: three packs of the example foes (bog hounds and a reed witch).
WATCHED_FOES = [{"creature": "bog-hound", "count": 2, "position": [7, 2]},
                {"creature": "reed-witch", "position": [8, 4]},
                {"creature": "bog-hound", "count": 2, "position": [7, 6]},
                {"creature": "reed-witch", "position": [8, 7]},
                {"creature": "bog-hound", "count": 2, "position": [6, 8]}]


def watched_party() -> list[dict[str, Any]]:
    """The example party four times over under the one player: the fight lasts about twenty
    of its choices, not the example fight's three."""
    members = service.party_of()
    copies = [{k: v for k, v in m.items() if k != "position"} for m in members * 3]
    return members + [dict(m, name=name) for m, name in zip(copies, ("Ada", "Bram", "Cole", "Dara", "Esk", "Fen"))]


async def _create(session: Any, base: str, digest: str, seed: int, watched: bool = False) -> dict[str, Any]:
    party, foes = (watched_party(), WATCHED_FOES) if watched else (service.party_of(), service.foes_of())
    body = {"ruleset": digest, "party": party, "foes": foes, "seed": seed}
    async with session.post(f"{base}/v1/battles", json=body) as r:
        created: dict[str, Any] = await r.json()
        if r.status != 201:
            raise RuntimeError(f"the battle was refused: {created}")
    return created


async def _open_all(session: Any, urls: list[tuple[str, str]]) -> tuple[list[Any], int]:
    """Opens every socket, OPENING at a time: (the sockets, how many failed)."""
    sockets: list[Any] = []
    failed = 0
    for start in range(0, len(urls), OPENING):
        batch = urls[start:start + OPENING]
        got = await asyncio.gather(*[session.ws_connect(u, params={"token": t}, heartbeat=30.0) for u, t in batch],
                                   return_exceptions=True)
        sockets += [s for s in got if not isinstance(s, BaseException)]
        failed += sum(1 for s in got if isinstance(s, BaseException))
        if start // OPENING % 10 == 9:
            print(f"    {len(sockets):,} sockets open", flush=True)
    return sockets, failed


async def _drain(ws: Any, until: float, on_event: Any = None) -> None:
    import aiohttp

    while time.perf_counter() < until:
        try:
            msg = await ws.receive(timeout=max(0.1, until - time.perf_counter()))
        except asyncio.TimeoutError:
            return
        if msg.type != aiohttp.WSMsgType.TEXT:
            return
        if on_event is not None:
            on_event(json.loads(msg.data))


async def idle(base: str, digest: str, sockets: int, seconds: float, gateway_pid: int) -> dict[str, Any]:
    import aiohttp

    idle_rss = rss_kib(gateway_pid)
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=120)) as session:
        battles = [await _create(session, base, digest, 7_000 + n) for n in range((sockets + 99) // 100)]
        urls = [(f"{base}/v1/battles/{b['battle']}/ws", b["spectator_token"])
                for n, b in enumerate(battles) for _ in range(min(100, sockets - n * 100))]
        started = time.perf_counter()
        opened, failed = await _open_all(session, urls)
        took_to_open = time.perf_counter() - started
        until = time.perf_counter() + seconds
        drains = [asyncio.create_task(_drain(ws, until)) for ws in opened]
        cpu0, t0 = cpu_s(gateway_pid), time.perf_counter()
        while time.perf_counter() < until:
            await asyncio.sleep(min(10.0, max(0.0, until - time.perf_counter())))
            print(f"    holding {len(opened):,} sockets: {time.perf_counter() - t0:.0f} s of {seconds:.0f}", flush=True)
        cpu1, took = cpu_s(gateway_pid), time.perf_counter() - t0
        rss = rss_kib(gateway_pid)
        for ws in opened:
            await ws.close()
        await asyncio.gather(*drains, return_exceptions=True)
    return {"sockets": sockets, "open": len(opened), "failed": failed, "seconds_to_open": took_to_open,
            "battles": len(battles), "gateway_idle_rss_kib": idle_rss, "gateway_rss_kib": rss,
            "rss_per_socket_kib": (rss - idle_rss) / len(opened) if opened else None,
            "gateway_cpu_share_idle": (cpu1 - cpu0) / took}


class _Spectator(WSListener):  # type: ignore[misc]
    """One spectator's socket, read by callbacks (picows): no task per socket, and each
    text frame is only stamped and kept; what it says is parsed after the hold, so reading
    a thousand sockets costs the clients a few microseconds a frame, not the aiohttp
    client's few hundred (a task woken and a message object built per socket)."""

    def __init__(self, kept: list[tuple[float, bytes]]) -> None:
        super().__init__()
        self.kept = kept

    def on_ws_frame(self, transport: Any, frame: Any) -> None:
        # Stamped before anything else: the latency ends when the client has the frame.
        at = time.perf_counter()
        if frame.msg_type == WSMsgType.TEXT:
            payload = frame.get_payload_as_bytes()
            if payload.startswith(EVENT_PREFIX):
                self.kept.append((at, payload))
        elif frame.msg_type == WSMsgType.CLOSE:
            transport.disconnect()


def spectate(url: str, token: str, sockets: int, until: Any, out: Any) -> None:
    """One client process of the spectators run (on uvloop): opens `sockets` sockets, says so
    on `out`, reads them until `until` (a shared double, set by the parent once every client
    is open) has passed, and puts on `out` when each socket read each event: {seq: [times]}
    (`time.perf_counter()`, the system's monotonic clock, which every process shares), and
    the CPU seconds this process used while it read them."""
    kept: list[tuple[float, bytes]] = []
    used: list[float] = []

    async def main() -> tuple[int, int]:
        opened: list[Any] = []
        failed = 0
        target = f"ws{url.removeprefix('http')}?token={token}"
        for start in range(0, sockets, OPENING):
            got = await asyncio.gather(*[ws_connect(lambda: _Spectator(kept), target)
                                         for _ in range(min(OPENING, sockets - start))], return_exceptions=True)
            opened += [g[0] for g in got if not isinstance(g, BaseException)]
            failed += sum(1 for g in got if isinstance(g, BaseException))
        out.put(("open", len(opened), failed))
        cpu0 = sum(os.times()[:2])
        while not until.value or time.perf_counter() < until.value:
            await asyncio.sleep(0.2)
        used.append(sum(os.times()[:2]) - cpu0)
        for transport in opened:
            transport.send_close(WSCloseCode.OK)
            transport.disconnect()
        await asyncio.gather(*[t.wait_disconnected() for t in opened], return_exceptions=True)
        return len(opened), failed

    uvloop.run(main())
    got: dict[int, list[float]] = {}
    for at, payload in kept:
        got.setdefault(json.loads(payload)["event"]["seq"], []).append(at)
    out.put(("events", got, used[0] if used else 0.0))


def _fanout_samples(text: str) -> dict[str, float]:
    """The gateway's inline fan-out series from its `/metrics` text, by sample name (with
    each bucket's `le`)."""
    samples: dict[str, float] = {}
    for line in text.splitlines():
        if line.startswith(("battle_ws_fanout_seconds", "battle_ws_inline_deliveries_total")):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    return samples


def _fanout_metrics(before: str, after: str) -> dict[str, Any]:
    """The gateway's own figures over the hold, from its `/metrics` read before and after it
    (None on a gateway without them): the inline fan-out's passes, their mean, the bucket
    their p99 falls in, and deliveries."""
    was, now = _fanout_samples(before), _fanout_samples(after)
    delta = {name: value - was.get(name, 0.0) for name, value in now.items()}
    count = delta.get("battle_ws_fanout_seconds_count")
    if not count:
        return {"passes": None, "pass_mean_ms": None, "pass_p99_under_ms": None, "inline_deliveries": None}
    buckets = sorted((float(name.split('le="', 1)[1].split('"', 1)[0]), n) for name, n in delta.items()
                     if name.startswith("battle_ws_fanout_seconds_bucket{"))
    p99 = next((le for le, n in buckets if n >= 0.99 * count), None)
    return {"passes": int(count), "pass_mean_ms": delta["battle_ws_fanout_seconds_sum"] / count * 1000,
            "pass_p99_under_ms": p99 * 1000 if p99 is not None else None,
            "inline_deliveries": int(delta.get("battle_ws_inline_deliveries_total", 0))}


async def spectators(base: str, digest: str, sockets: int, seconds: float, think: float,
                     gateway_pid: int, clients: int = 2) -> dict[str, Any]:
    """The spectators are read by `clients` processes (spawned), so reading a thousand
    sockets is not one Python process's queue on the 2 cores the gateway shares; the player
    is this process. A choice's fan-out latency on a spectator: from the choice sent to that
    socket's read of the first event the choice caused (the first event the player's own
    socket reads after sending it)."""
    import multiprocessing

    import aiohttp

    ctx = multiprocessing.get_context("spawn")
    sent: list[float] = []
    first_seq: list[int] = []
    trips: list[float] = []
    async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=120)) as session:
        created = await _create(session, base, digest, 9_001, watched=True)
        url = f"{base}/v1/battles/{created['battle']}/ws"
        out, until = ctx.Queue(), ctx.Value("d", 0.0)
        shares = [sockets // clients + (1 if n < sockets % clients else 0) for n in range(clients)]
        procs = [ctx.Process(target=spectate, args=(url, created["spectator_token"], share, until, out), daemon=True)
                 for share in shares if share]
        for proc in procs:
            proc.start()
        loop = asyncio.get_running_loop()
        opened = failed = 0
        for _ in procs:
            _, n, bad = await loop.run_in_executor(None, out.get, True, 180)
            opened, failed = opened + n, failed + bad
        print(f"    {opened:,} spectators open ({failed} failed) in {len(procs)} client processes; "
              f"holding {seconds:.0f} s", flush=True)
        async with session.get(f"{base}/metrics") as r:
            metrics_before = await r.text()
        t0 = time.perf_counter()
        until.value = deadline = t0 + seconds
        cpu0 = cpu_s(gateway_pid)
        cpu_at_end: list[float] = []

        async with session.ws_connect(url, params={"token": created["tokens"]["bench"]}) as ws:
            waiting_for_first = False
            shown = t0
            while time.perf_counter() < deadline:
                if time.perf_counter() - shown >= 10.0:
                    shown = time.perf_counter()
                    print(f"    {len(first_seq)} choices fanned out: {shown - t0:.0f} s of {seconds:.0f}", flush=True)
                try:
                    msg = await ws.receive(timeout=max(0.1, deadline - time.perf_counter()))
                except asyncio.TimeoutError:
                    break
                if msg.type != aiohttp.WSMsgType.TEXT:
                    break
                data = json.loads(msg.data)
                if data["type"] == "event" and waiting_for_first:
                    trips.append(time.perf_counter() - sent[-1])
                    first_seq.append(data["event"]["seq"])
                    waiting_for_first = False
                elif data["type"] == "prompt":
                    await asyncio.sleep(think)
                    sent.append(time.perf_counter())
                    waiting_for_first = True
                    await ws.send_json({"type": "choice", "actor": data["actor"], "revision": data["revision"],
                                        "request_id": f"{data['actor']}-{data['revision']}",
                                        **service.choice_for(data)})
                elif data["type"] == "closed":
                    break
            # The gateway's CPU while the choices fanned out: up to the end of the fight, not
            # the thousand sockets it closes then.
            cpu_at_end.append(cpu_s(gateway_pid))
            took = time.perf_counter() - t0
        async with session.get(f"{base}/metrics") as r:
            gateway_side = _fanout_metrics(metrics_before, await r.text())
        until.value = min(until.value, time.perf_counter())
        got: dict[int, list[float]] = {}
        client_cpu = 0.0
        for _ in procs:
            while True:
                kind, payload, *rest = await loop.run_in_executor(None, out.get, True, 120)
                if kind == "events":
                    for seq, times in payload.items():
                        got.setdefault(seq, []).extend(times)
                    client_cpu += rest[0]
                    break
        for proc in procs:
            await loop.run_in_executor(None, proc.join, 30)
    ms = [(at - at_sent) * 1000 for at_sent, seq in zip(sent, first_seq) for at in got.get(seq, [])]
    # Per choice: the player's own round trip, then the first, median and last spectator's
    # latency; the spread from first to last is the fan-out's own share (gateway and clients).
    per_choice = []
    for trip, at_sent, seq in zip(trips, sent, first_seq):
        times = sorted((at - at_sent) * 1000 for at in got.get(seq, []))
        if times:
            per_choice.append({"player_ms": trip * 1000, "first_ms": times[0], "p50_ms": service.pct(times, 0.5),
                               "last_ms": times[-1]})
    choices = len(first_seq)
    cpu = cpu_at_end[0] - cpu0
    return {"sockets": sockets, "open": opened, "failed": failed, "client_processes": len(procs),
            "choices": choices, "deliveries": len(ms),
            "fanout_p50_ms": service.pct(ms, 0.5), "fanout_p99_ms": service.pct(ms, 0.99),
            "fanout_max_ms": max(ms) if ms else None,
            "player_round_trip_ms": [t * 1000 for t in trips], "per_choice": per_choice,
            "gateway_cpu_share": cpu / took if took else None,
            "gateway_cpu_us_per_delivery": cpu / (choices * opened) * 1e6 if choices and opened else None,
            # The readers' CPU over the whole hold (the fight and the idle rest of it).
            "client_cpu_us_per_delivery": client_cpu / (choices * opened) * 1e6 if choices and opened else None,
            **gateway_side}
