"""The realistic load profile of bench/load.py (`--profile realistic`): players and
spectators on sockets spread over two gateways, each player choosing after a think time
drawn around 20 s, as people at a table do.

Owns: the two-gateway stack (bench/service.py's, with a second gateway child on the same
store and broker), the lanes (one battle each: its player's socket on one gateway, its
spectator's on the other, so every choice crosses gateways through the store's feed), the
measures and the plot.

Measured per level, once every socket is open, for `--seconds`: choices/s; the choice round
trip (sent on the player's socket -> the first event it caused, on that socket) and the
event fan-out latency (the same choice sent -> that event on the spectator's socket, on the
other gateway) p50/p99; errors (a lane that failed to create its battle or lost a socket);
and the CPU share and RSS of every process of the stack (each gateway, each worker, Redis),
read from /proc. Progress is printed every 10 s. Every level is bounded (`--seconds`, plus
at most 60 s to open its sockets), loopback only, and the stack is stopped at the end.
The ramp is drawn as a PNG (matplotlib: latency percentiles and choices/s against sockets).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

import service  # bench/service.py (bench/load.py puts bench/ on the path)

#: A person's think time: normal around 20 s, clipped to a plausible range.
THINK_MEAN, THINK_SD, THINK_MIN, THINK_MAX = 20.0, 6.0, 4.0, 45.0


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Level:
    def __init__(self, sockets: int) -> None:
        self.sockets = sockets
        self.open = 0
        self.battles = 0
        self.trips: list[float] = []
        self.fanout: list[float] = []
        self.choices = 0
        self.errors = 0
        #: The first error of each kind, for the report.
        self.error_kinds: dict[str, str] = {}


class Lane:
    """One battle: when its player last sent a choice, and whether each socket has seen its
    first event yet."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.sent: float | None = None
        self.player_seen = True
        self.spectator_seen = True

    def think(self) -> float:
        return min(THINK_MAX, max(THINK_MIN, self.rng.gauss(THINK_MEAN, THINK_SD)))


async def lane(session: Any, gateways: list[str], n: int, digest: str, level: Level, until: float,
               seed: int, measuring: asyncio.Event) -> None:
    import aiohttp

    state = Lane(random.Random(seed))
    home, other = gateways[n % 2], gateways[(n + 1) % 2]
    # Start the lanes' clocks apart, as people arrive over time, not all in one second.
    await asyncio.sleep(state.rng.uniform(0, THINK_MEAN))
    while time.perf_counter() < until:
        body = {"ruleset": digest, "party": service.party_of(), "foes": service.foes_of(), "seed": seed}
        seed += 1
        try:
            async with session.post(f"{home}/v1/battles", json=body) as r:
                created = await r.json()
            battle = created["battle"]
            level.battles += 1
            async with session.ws_connect(f"{home}/v1/battles/{battle}/ws",
                                          params={"token": created["tokens"]["bench"]}) as player, \
                    session.ws_connect(f"{other}/v1/battles/{battle}/ws",
                                       params={"token": created["spectator_token"]}) as watcher:
                level.open += 2
                try:
                    await asyncio.gather(_play(player, state, level, until, measuring),
                                         _watch(watcher, state, level, until, measuring))
                finally:
                    level.open -= 2
        except (aiohttp.ClientError, asyncio.TimeoutError, KeyError, OSError) as exc:
            level.errors += 1
            level.error_kinds.setdefault(type(exc).__name__, str(exc)[:200])
            await asyncio.sleep(0.5)


async def _play(ws: Any, state: Lane, level: Level, until: float, measuring: asyncio.Event) -> None:
    import aiohttp

    while time.perf_counter() < until:
        try:
            msg = await ws.receive(timeout=max(0.1, until - time.perf_counter()))
        except asyncio.TimeoutError:
            return
        if msg.type != aiohttp.WSMsgType.TEXT:
            return
        data = json.loads(msg.data)
        if data["type"] == "event" and not state.player_seen and state.sent is not None:
            state.player_seen = True
            if measuring.is_set():
                level.trips.append(time.perf_counter() - state.sent)
        elif data["type"] == "prompt":
            await asyncio.sleep(state.think())
            state.sent, state.player_seen, state.spectator_seen = time.perf_counter(), False, False
            if measuring.is_set():
                level.choices += 1
            await ws.send_json({"type": "choice", "actor": data["actor"], "revision": data["revision"],
                                "request_id": f"{data['actor']}-{data['revision']}-{id(ws)}", **service.choice_for(data)})
        elif data["type"] in ("closed", "error"):
            return


async def _watch(ws: Any, state: Lane, level: Level, until: float, measuring: asyncio.Event) -> None:
    import aiohttp

    while time.perf_counter() < until:
        try:
            msg = await ws.receive(timeout=max(0.1, until - time.perf_counter()))
        except asyncio.TimeoutError:
            return
        if msg.type != aiohttp.WSMsgType.TEXT:
            return
        data = json.loads(msg.data)
        if data["type"] == "event" and not state.spectator_seen and state.sent is not None:
            state.spectator_seen = True
            if measuring.is_set():
                level.fanout.append(time.perf_counter() - state.sent)
        elif data["type"] == "closed":
            return


def redis_counters(url: str) -> dict[str, int]:
    """Redis's running totals: commands, bytes in and out, and memory in use."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        stats, memory = client.info("stats"), client.info("memory")
    finally:
        client.close()
    return {"commands": int(stats["total_commands_processed"]), "net_in": int(stats["total_net_input_bytes"]),
            "net_out": int(stats["total_net_output_bytes"]), "used_memory": int(memory["used_memory"])}


def _usage(pids: dict[str, int]) -> dict[str, tuple[float, int]]:
    out = {}
    for name, pid in pids.items():
        try:
            out[name] = (cpu_s(pid), rss_kib(pid))
        except OSError:
            out[name] = (0.0, 0)
    return out


async def run_level(gateways: list[str], digest: str, sockets: int, seconds: float, seed0: int,
                    pids: dict[str, int], redis_url: str) -> dict[str, Any]:
    import aiohttp

    level = Level(sockets)
    measuring = asyncio.Event()
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=60)) as session:
        until = time.perf_counter() + seconds + 60 + THINK_MEAN
        started = time.perf_counter()
        tasks = [asyncio.create_task(lane(session, gateways, n, digest, level, until, seed0 + n * 1000, measuring))
                 for n in range(sockets // 2)]
        while level.open < sockets and time.perf_counter() - started < 60 + THINK_MEAN:
            await asyncio.sleep(0.5)
        opened = time.perf_counter() - started
        before, client0 = _usage(pids), sum(os.times()[:2])
        counters0 = redis_counters(redis_url)
        measuring.set()
        t0 = time.perf_counter()
        while (left := seconds - (time.perf_counter() - t0)) > 0:
            await asyncio.sleep(min(10.0, left))
            print(f"    {time.perf_counter() - t0:5.0f} s of {seconds:.0f}: {level.open} sockets open, "
                  f"{level.choices} choices, {len(level.trips)} answered, errors {level.errors}", flush=True)
        took = time.perf_counter() - t0
        after, client1 = _usage(pids), sum(os.times()[:2])
        counters1 = redis_counters(redis_url)
        open_now = level.open
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    trips = [t * 1000 for t in level.trips]
    fanout = [t * 1000 for t in level.fanout]
    processes = {name: {"cpu_share": (after[name][0] - before[name][0]) / took, "rss_kib": after[name][1],
                        "cpu_ms_per_choice": ((after[name][0] - before[name][0]) * 1000 / level.choices
                                              if level.choices else None)}
                 for name in pids}
    per = level.choices or 1
    redis_per_choice = {"commands": (counters1["commands"] - counters0["commands"]) / per,
                        "bytes_in": (counters1["net_in"] - counters0["net_in"]) / per,
                        "bytes_out": (counters1["net_out"] - counters0["net_out"]) / per}
    return {"sockets": sockets, "open": open_now, "seconds_to_open": opened, "battles_created": level.battles,
            "choices": level.choices, "choices_per_s": level.choices / took,
            "round_trip_p50_ms": service.pct(trips, 0.5), "round_trip_p99_ms": service.pct(trips, 0.99),
            "fanout_p50_ms": service.pct(fanout, 0.5), "fanout_p99_ms": service.pct(fanout, 0.99),
            "errors": level.errors, "error_kinds": level.error_kinds, "processes": processes, "client_cpu_share": (client1 - client0) / took,
            "redis_per_choice": redis_per_choice, "redis_used_memory": counters1["used_memory"],
            "battles_open": open_now // 2}


def plot(rows: list[dict[str, Any]], path: Path, title: str) -> bool:
    """The ramp as a PNG: latency percentiles (left axis, ms) and choices/s (right axis)
    against open sockets. False (saying why) when matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("no plot: matplotlib is not installed (pip install -e '.[dev]')", flush=True)
        return False
    x = [r["sockets"] for r in rows]
    fig, left = plt.subplots(figsize=(8, 4.5), dpi=100)
    for key, label, style in (("round_trip_p50_ms", "round trip p50", "o-"), ("round_trip_p99_ms", "round trip p99", "o--"),
                              ("fanout_p50_ms", "fan-out p50", "s-"), ("fanout_p99_ms", "fan-out p99", "s--")):
        left.plot(x, [r[key] if r[key] is not None else float("nan") for r in rows], style, label=label)
    left.set_xlabel("open sockets (half players, half spectators; two gateways)")
    left.set_ylabel("latency (ms)")
    left.set_yscale("log")
    right = left.twinx()
    right.plot(x, [r["choices_per_s"] for r in rows], "k^:", label="choices/s")
    right.set_ylabel("choices/s")
    lines = left.get_legend_handles_labels()
    more = right.get_legend_handles_labels()
    left.legend(lines[0] + more[0], lines[1] + more[1], loc="upper left", fontsize=8)
    left.set_title(title, fontsize=10)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    return True


def second_gateway(stack: service.Stack) -> str:
    """Another gateway child on the stack's store and broker; answers its URL."""
    process = stack.spawn("gateway2", [sys.executable, str(Path(service.__file__).resolve()), "--gateway-child"])
    line = stack.await_line("gateway2", process, "BENCH-GATEWAY ")
    return f"http://127.0.0.1:{json.loads(line.split('BENCH-GATEWAY ', 1)[1])['port']}"
