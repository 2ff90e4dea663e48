"""What one gateway holds (bench/load.py `--profile idle` and `--profile spectators`).

Owns: the two single-gateway capacity runs, on bench/service.py's stack (one gateway, two
workers, a throwaway Redis):

* idle: `--sockets` (default 10,000) sockets held open on one gateway with its heartbeats
  on (aiohttp's ping every 30 s, the lease renewal every 30 s), spread as spectators over
  one battle per 100 sockets; measured: the gateway's RSS above its idle RSS per socket
  (target <= 60 KiB), its CPU share while they idle, and how long they took to open.
* spectators: one battle watched by `--sockets` (default 1,000) spectators while its player
  chooses every `--think` seconds (default 2); measured: the fan-out latency (the choice
  sent -> its first event on each spectator's socket) p50/p99 over every spectator and
  choice (target p99 < 100 ms).

Bounded: sockets opened 200 at a time, `--seconds` of holding (default 30), everything closed
and the stack stopped at the end; progress printed every 10 s.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import service
from load_realistic import cpu_s, rss_kib

OPENING = 200


async def _create(session: Any, base: str, digest: str, seed: int) -> dict[str, Any]:
    body = {"ruleset": digest, "party": service.party_of(), "foes": service.foes_of(), "seed": seed}
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


async def spectators(base: str, digest: str, sockets: int, seconds: float, think: float,
                     gateway_pid: int) -> dict[str, Any]:
    import aiohttp

    sent: dict[str, float] = {}
    latencies: list[float] = []
    choices = 0
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=120)) as session:
        created = await _create(session, base, digest, 9_001)
        url = f"{base}/v1/battles/{created['battle']}/ws"
        opened, failed = await _open_all(session, [(url, created["spectator_token"])] * sockets)
        seen: list[int] = [0] * len(opened)
        until = time.perf_counter() + seconds

        def watcher(n: int) -> Any:
            def on(data: dict[str, Any]) -> None:
                if data["type"] == "event" and "at" in sent and seen[n] < choices:
                    seen[n] = choices
                    latencies.append(time.perf_counter() - sent["at"])
            return on

        async def player() -> None:
            nonlocal choices
            async with session.ws_connect(url, params={"token": created["tokens"]["bench"]}) as ws:
                while time.perf_counter() < until:
                    try:
                        msg = await ws.receive(timeout=max(0.1, until - time.perf_counter()))
                    except asyncio.TimeoutError:
                        return
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        return
                    data = json.loads(msg.data)
                    if data["type"] == "prompt":
                        await asyncio.sleep(think)
                        choices += 1
                        sent["at"] = time.perf_counter()
                        await ws.send_json({"type": "choice", "actor": data["actor"], "revision": data["revision"],
                                            "request_id": f"{data['actor']}-{data['revision']}",
                                            **service.choice_for(data)})
                    elif data["type"] == "closed":
                        return

        cpu0, t0 = cpu_s(gateway_pid), time.perf_counter()
        tasks = [asyncio.create_task(_drain(ws, until, watcher(n))) for n, ws in enumerate(opened)]
        play = asyncio.create_task(player())
        while time.perf_counter() < until and not play.done():
            await asyncio.sleep(min(10.0, max(0.0, until - time.perf_counter())))
            print(f"    {len(opened):,} spectators: {choices} choices, {len(latencies):,} deliveries measured", flush=True)
        cpu1, took = cpu_s(gateway_pid), time.perf_counter() - t0
        await play
        for ws in opened:
            await ws.close()
        await asyncio.gather(*tasks, return_exceptions=True)
    ms = [x * 1000 for x in latencies]
    return {"sockets": sockets, "open": len(opened), "failed": failed, "choices": choices, "deliveries": len(ms),
            "fanout_p50_ms": service.pct(ms, 0.5), "fanout_p99_ms": service.pct(ms, 0.99),
            "fanout_max_ms": max(ms) if ms else None, "gateway_cpu_share": (cpu1 - cpu0) / took}
