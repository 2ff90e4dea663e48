"""The load ramp: more and more battles and open WebSockets on one gateway (100 -> 2,000
sockets), with the choice round trip, the choice rate, the gateway's memory per socket,
Redis's memory per battle, and the first level where the round trip's p99 passes 100 ms.

The stack, on loopback, started and stopped by this script: a throwaway `redis-server` on
a free port (so its memory is ours alone: the store in database 0, the Celery broker and
results in database 1), two Celery workers and the gateway of bench/service.py (client
rate limits lifted, nothing else changed). The process's open-files limit is raised to its
hard limit first (the gateway inherits it).

Each level of `--sockets` (default 100,250,500,1000,2000) holds that many sockets open for
`--seconds` (default 20): half the sockets are battles' players (examples/lantern-marsh.json,
the party under one player, the foes under the Engine), half a spectator on each battle.
A player answers each prompt with its suggestion after `--think` seconds (default 2, a
person reading the screen), so the offered rate grows with the battles; a battle that ends
is replaced by a new one with fresh sockets. Measured per level: round trip (choice sent
-> the first event it caused on the same socket) p50/p99, choices/s, the gateway's RSS above
its idle RSS divided by the open sockets, Redis `used_memory` above its empty size divided
by the battles created, the client's and gateway's CPU.

Prints a table, writes bench/results/load.json. Run: `python bench/load.py` (`make load`);
`--quick`: 100,500 sockets, 8 s each.

`--profile idle` and `--profile spectators` (bench/load_gateway.py): what one gateway holds,
10,000 idle sockets (memory per socket) and one battle watched by 1,000 spectators (fan-out
latency); bench/results/load-<profile>.json. `--sockets N` sets the count, `--seconds` the hold.

`--profile realistic` (bench/load_realistic.py): two gateways, each battle's player on one
and its spectator on the other, each player choosing after a think time drawn around 20 s;
per level (default 200,500,1000,2000 sockets, 60 s each; `--quick`: 100,200, 30 s) choices/s,
the choice round trip and the fan-out latency to the other gateway's spectator (p50/p99),
errors, and CPU and RSS of every process; bench/results/load-realistic.json and the ramp drawn
as docs/images/load-realistic.png (matplotlib).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import resource
import secrets
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import load_gateway  # noqa: E402
import load_realistic  # noqa: E402
import service  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "load.json"
REALISTIC_RESULTS = ROOT / "bench" / "results" / "load-realistic.json"
REALISTIC_PLOT = ROOT / "docs" / "images" / "load-realistic.png"
P99_LIMIT_MS = 100.0


def raise_open_files() -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def used_memory(url: str) -> int:
    import redis

    client = redis.Redis.from_url(url)
    try:
        return int(client.info("memory")["used_memory"])
    finally:
        client.close()


class Level:
    def __init__(self, sockets: int) -> None:
        self.sockets = sockets
        self.open = 0
        self.peak_open = 0
        self.battles = 0
        self.trips: list[float] = []
        self.errors = 0


async def lane(session: Any, base: str, digest: str, level: Level, until: float, seed: int, think: float) -> None:
    """One battle at a time: its player's socket answering and a spectator's socket watching;
    a battle that ends is replaced until `until`."""
    import aiohttp

    party = service.party_of()
    while time.perf_counter() < until:
        body = {"ruleset": digest, "party": party, "foes": service.foes_of(), "seed": seed}
        seed += 1
        try:
            async with session.post(f"{base}/v1/battles", json=body) as r:
                created = await r.json()
            battle = created["battle"]
            level.battles += 1
            url = f"{base}/v1/battles/{battle}/ws"
            async with session.ws_connect(url, params={"token": created["tokens"]["bench"]}) as player, \
                    session.ws_connect(url, params={"token": created["spectator_token"]}) as watcher:
                level.open += 2
                level.peak_open = max(level.peak_open, level.open)
                try:
                    await asyncio.gather(play(player, level, until, think), watch(watcher, until))
                finally:
                    level.open -= 2
        except (aiohttp.ClientError, asyncio.TimeoutError, KeyError, OSError):
            level.errors += 1
            await asyncio.sleep(0.5)


async def play(ws: Any, level: Level, until: float, think: float) -> None:
    import aiohttp

    sent: float | None = None
    while time.perf_counter() < until:
        try:
            msg = await ws.receive(timeout=max(0.1, until - time.perf_counter()))
        except asyncio.TimeoutError:
            return
        if msg.type != aiohttp.WSMsgType.TEXT:
            return
        data = json.loads(msg.data)
        if data["type"] == "event" and sent is not None:
            level.trips.append(time.perf_counter() - sent)
            sent = None
        elif data["type"] == "prompt":
            await asyncio.sleep(think)
            sent = time.perf_counter()
            await ws.send_json({"type": "choice", "actor": data["actor"], "revision": data["revision"],
                                "request_id": f"{data['actor']}-{data['revision']}-{id(ws)}", **service.choice_for(data)})
        elif data["type"] in ("closed", "error"):
            return


async def watch(ws: Any, until: float) -> None:
    import aiohttp

    while time.perf_counter() < until:
        try:
            msg = await ws.receive(timeout=max(0.1, until - time.perf_counter()))
        except asyncio.TimeoutError:
            return
        if msg.type != aiohttp.WSMsgType.TEXT or json.loads(msg.data)["type"] == "closed":
            return


async def run_level(base: str, digest: str, sockets: int, seconds: float, think: float, seed0: int,
                    stack: service.Stack, gateway_pid: int) -> dict[str, Any]:
    import aiohttp

    level = Level(sockets)
    lanes = sockets // 2
    cpu0, client0 = cpu_s(gateway_pid), sum(os.times()[:2])
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=60)) as session:
        ramp_until = time.perf_counter() + seconds + 60
        started = time.perf_counter()
        tasks = [asyncio.create_task(lane(session, base, digest, level, ramp_until, seed0 + n * 1000, think))
                 for n in range(lanes)]
        # Measure once every socket is open (or 60 s have passed).
        while level.open < sockets and time.perf_counter() - started < 60:
            await asyncio.sleep(0.2)
        opened = time.perf_counter() - started
        level.trips.clear()
        cpu1, client1 = cpu_s(gateway_pid), sum(os.times()[:2])
        t0 = time.perf_counter()
        await asyncio.sleep(seconds)
        took = time.perf_counter() - t0
        trips = [t * 1000 for t in level.trips]
        rss = rss_kib(gateway_pid)
        memory = used_memory(stack.store_url)
        open_now = level.open
        cpu2, client2 = cpu_s(gateway_pid), sum(os.times()[:2])
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"sockets": sockets, "open": open_now, "seconds_to_open": opened, "battles_created": level.battles,
            "choices": len(trips), "choices_per_s": len(trips) / took, "p50_ms": service.pct(trips, 0.5),
            "p99_ms": service.pct(trips, 0.99), "gateway_rss_kib": rss, "redis_used_memory": memory,
            "gateway_cpu_share": (cpu2 - cpu1) / took, "client_cpu_share": (client2 - client1) / took,
            "errors": level.errors, "setup_gateway_cpu_s": cpu1 - cpu0, "setup_client_cpu_s": client1 - client0}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", default="100,250,500,1000,2000", help="levels of open sockets")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="measured time per level (default 20; realistic 60, idle 30, spectators 60, the "
                             "spectators' hold ending with the fight)")
    parser.add_argument("--think", type=float, default=2.0, help="a player's seconds before answering (default 2)")
    parser.add_argument("--clients", type=int, default=2,
                        help="spectators: processes reading the spectators' sockets (default 2)")
    parser.add_argument("--quick", action="store_true", help="100,500 sockets, 8 s each (realistic: 100,200, 30 s)")
    parser.add_argument("--profile", choices=("ramp", "realistic", "idle", "spectators"), default="ramp",
                        help="ramp: one gateway, --think s per choice; realistic: two gateways, think ~20 s; "
                             "idle: idle sockets on one gateway (default 10,000); spectators: one battle "
                             "watched by many (default 1,000)")
    args = parser.parse_args(argv)
    if args.profile == "realistic":
        return realistic(args)
    if args.profile in ("idle", "spectators"):
        return one_gateway(args)
    if args.quick:
        args.sockets, args.seconds = "100,500", 8.0
    levels = [int(n) for n in args.sockets.split(",")]
    if shutil.which("redis-server") is None:
        print("bench/load.py: skipped: no redis-server on PATH (the ramp starts a Redis of its own)", flush=True)
        return 0
    nofile = raise_open_files()
    if nofile < 2 * max(levels) + 200:
        print(f"bench/load.py: the open-files limit is {nofile}; {2 * max(levels) + 200} are needed", flush=True)
        return 1
    from tests.redis_harness import start_throwaway

    redis = start_throwaway()
    stack = service.Stack.make(redis.url, 1)
    rows: list[dict[str, Any]] = []
    load_before = [round(x, 2) for x in os.getloadavg()]
    try:
        stack.start()
        gateway_pid = next(p.pid for name, p in stack.processes if name == "gateway")
        digest = asyncio.run(_put_ruleset(stack.gateway))
        time.sleep(1.0)
        idle_rss, empty = rss_kib(gateway_pid), used_memory(stack.store_url)
        print(f"stack: gateway {stack.gateway}, 2 workers, redis {redis.url}; open files {nofile}; gateway idle RSS "
              f"{idle_rss / 1024:.1f} MiB; redis {empty / 1048576:.2f} MiB; load average {load_before}", flush=True)
        for n, sockets in enumerate(levels):
            row = asyncio.run(run_level(stack.gateway, digest, sockets, args.seconds, args.think, (n + 1) * 10_000_000,
                                        stack, gateway_pid))
            row["rss_per_socket_kib"] = (row["gateway_rss_kib"] - idle_rss) / row["open"] if row["open"] else None
            row["redis_bytes_per_battle"] = ((row["redis_used_memory"] - empty) / row["battles_created"]
                                             if row["battles_created"] else None)
            rows.append(row)
            print(f"  {sockets:5d} sockets ({row['open']} open, {row['battles_created']} battles): "
                  f"p50 {service.fmt(row['p50_ms'], ' ms')}, p99 {service.fmt(row['p99_ms'], ' ms')}, "
                  f"{row['choices_per_s']:.1f} choices/s, errors {row['errors']}", flush=True)
    finally:
        stack.close()
        redis.stop()
    over = next((r["sockets"] for r in rows if r["p99_ms"] is not None and r["p99_ms"] > P99_LIMIT_MS), None)
    print("\n| sockets | open | battles | choices/s | p50 | p99 | gateway RSS | RSS per socket | Redis per battle "
          "| gateway CPU | client CPU |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        per = f"{r['rss_per_socket_kib']:.1f} KiB" if r["rss_per_socket_kib"] is not None else "-"
        red = f"{r['redis_bytes_per_battle'] / 1024:.1f} KiB" if r["redis_bytes_per_battle"] else "-"
        print(f"| {r['sockets']:,} | {r['open']:,} | {r['battles_created']:,} | {r['choices_per_s']:.1f} | "
              f"{service.fmt(r['p50_ms'], ' ms')} | {service.fmt(r['p99_ms'], ' ms')} | "
              f"{r['gateway_rss_kib'] / 1024:.1f} MiB | {per} | {red} | {r['gateway_cpu_share']:.0%} | "
              f"{r['client_cpu_share']:.0%} |")
    print(f"\np99 first exceeds {P99_LIMIT_MS:.0f} ms at: " + (f"{over:,} sockets" if over else "no level measured"))
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"python": platform.python_version(), "cpus": os.cpu_count(), "quick": args.quick,
                                   "think_s": args.think, "seconds_per_level": args.seconds,
                                   "load_average_before": load_before, "open_files": nofile,
                                   "p99_limit_ms": P99_LIMIT_MS, "p99_exceeds_limit_at_sockets": over,
                                   "rows": rows}, indent=2) + "\n")
    print(f"wrote {RESULTS.relative_to(ROOT)}")
    return 0


def one_gateway(args: argparse.Namespace) -> int:
    """`--profile idle` or `spectators`: bench/load_gateway.py on one gateway."""
    given = args.sockets != "100,250,500,1000,2000"
    sockets = int(args.sockets) if given else (10_000 if args.profile == "idle" else 1_000)
    # The defaults: 30 s of idling; 60 s for the watched fight's twenty-odd choices 2 s apart.
    seconds = (30.0 if args.profile == "idle" else 60.0) if args.seconds == 20.0 else args.seconds
    if shutil.which("redis-server") is None:
        print("bench/load.py: skipped: no redis-server on PATH (the load starts a Redis of its own)", flush=True)
        return 0
    nofile = raise_open_files()
    if nofile < sockets + 200:
        print(f"bench/load.py: the open-files limit is {nofile}; {sockets + 200} are needed", flush=True)
        return 1
    from tests.redis_harness import start_throwaway

    redis = start_throwaway()
    stack = service.Stack.make(redis.url, 1)
    load_before = [round(x, 2) for x in os.getloadavg()]
    try:
        stack.start()
        gateway_pid = next(p.pid for name, p in stack.processes if name == "gateway")
        digest = asyncio.run(_put_ruleset(stack.gateway))
        if args.profile == "spectators":
            # Warm-up, not recorded: a worker's first turn on a ruleset builds its caches
            # (about 150 ms), which would be the first choices' latency, not the fan-out's.
            asyncio.run(service.service_phase(stack.gateway, 4, 3.0, seed0=900_000))
        time.sleep(1.0)
        print(f"stack: gateway {stack.gateway}; {args.profile}: {sockets:,} sockets, {seconds:.0f} s; "
              f"load average {load_before}", flush=True)
        if args.profile == "idle":
            row = asyncio.run(load_gateway.idle(stack.gateway, digest, sockets, seconds, gateway_pid))
            print(f"\n{row['open']:,} idle sockets open ({row['failed']} failed, {row['seconds_to_open']:.1f} s to "
                  f"open): gateway RSS {row['gateway_idle_rss_kib'] / 1024:.1f} -> {row['gateway_rss_kib'] / 1024:.1f} "
                  f"MiB, {service.fmt(row['rss_per_socket_kib'], ' KiB')} per socket (target <= 60 KiB); "
                  f"gateway CPU while idle {row['gateway_cpu_share_idle']:.1%}", flush=True)
        else:
            row = asyncio.run(load_gateway.spectators(stack.gateway, digest, sockets, seconds, args.think, gateway_pid,
                                                      args.clients))
            trips = ", ".join(f"{t:.0f}" for t in row["player_round_trip_ms"])
            print(f"\n{row['open']:,} spectators on one battle ({row['failed']} failed; {row['client_processes']} client "
                  f"processes), {row['choices']} choices, {row['deliveries']:,} deliveries: fan-out p50 "
                  f"{service.fmt(row['fanout_p50_ms'], ' ms')}, p99 {service.fmt(row['fanout_p99_ms'], ' ms')} (target "
                  f"< 100 ms), max {service.fmt(row['fanout_max_ms'], ' ms')}; the player's own round trips {trips} ms; "
                  f"gateway CPU {row['gateway_cpu_share']:.0%}, "
                  f"{service.fmt(row['gateway_cpu_us_per_delivery'], ' us')} per delivery (the clients' "
                  f"{service.fmt(row['client_cpu_us_per_delivery'], ' us')}); gateway inline pass per "
                  f"message: mean {service.fmt(row['pass_mean_ms'], ' ms')}, p99 under "
                  f"{service.fmt(row['pass_p99_under_ms'], ' ms')} ({row['passes']} passes, "
                  f"{row['inline_deliveries']} inline deliveries)", flush=True)
            for n, c in enumerate(row["per_choice"], start=1):
                print(f"  choice {n}: the player's first event {c['player_ms']:.0f} ms; spectators first "
                      f"{c['first_ms']:.0f}, median {c['p50_ms']:.0f}, last {c['last_ms']:.0f} ms", flush=True)
    finally:
        stack.close()
        redis.stop()
    results = RESULTS.with_name(f"load-{args.profile}.json")
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps({"python": platform.python_version(), "cpus": os.cpu_count(), "profile": args.profile,
                                   "load_average_before": load_before, **row}, indent=2) + "\n")
    print(f"wrote {results.relative_to(ROOT)}")
    return 0


def realistic(args: argparse.Namespace) -> int:
    """`--profile realistic`: bench/load_realistic.py's lanes over two gateways."""
    sockets_given = args.sockets != "100,250,500,1000,2000"
    levels = [int(n) for n in (args.sockets if sockets_given else ("100,200" if args.quick else "200,500,1000,2000"))
              .split(",")]
    seconds = 30.0 if args.quick and args.seconds == 20.0 else (60.0 if args.seconds == 20.0 else args.seconds)
    if shutil.which("redis-server") is None:
        print("bench/load.py: skipped: no redis-server on PATH (the load starts a Redis of its own)", flush=True)
        return 0
    nofile = raise_open_files()
    if nofile < 2 * max(levels) + 200:
        print(f"bench/load.py: the open-files limit is {nofile}; {2 * max(levels) + 200} are needed", flush=True)
        return 1
    from tests.redis_harness import start_throwaway

    redis = start_throwaway()
    stack = service.Stack.make(redis.url, 1)
    # One secret for both gateways, as a deployment shares BATTLE_TOKEN_SECRET: a token one
    # issues opens a socket on the other.
    stack.env["BATTLE_TOKEN_SECRET"] = secrets.token_hex(32)
    rows: list[dict[str, Any]] = []
    load_before = [round(x, 2) for x in os.getloadavg()]
    try:
        stack.start()
        gateways = [stack.gateway, load_realistic.second_gateway(stack)]
        pids = {name: p.pid for name, p in stack.processes}
        assert redis.process is not None
        pids["redis"] = redis.process.pid
        digest = asyncio.run(_put_ruleset(stack.gateway))
        time.sleep(1.0)
        idle_rss = rss_kib(pids["gateway"]) + rss_kib(pids["gateway2"])
        empty = used_memory(stack.store_url)
        print(f"stack: gateways {gateways}, 2 workers, redis {redis.url}; open files {nofile}; "
              f"{seconds:.0f} s a level; load average {load_before}", flush=True)
        for n, sockets in enumerate(levels):
            print(f"  level {sockets:,} sockets: opening", flush=True)
            row = asyncio.run(load_realistic.run_level(gateways, digest, sockets, seconds, (n + 1) * 10_000_000, pids,
                                                       redis.url))
            gateway_rss = sum(row["processes"][g]["rss_kib"] for g in ("gateway", "gateway2"))
            row["gateway_rss_per_socket_kib"] = (gateway_rss - idle_rss) / row["open"] if row["open"] else None
            row["redis_bytes_per_battle"] = ((row["redis_used_memory"] - empty) / row["battles_open"]
                                             if row["battles_open"] else None)
            rows.append(row)
            print(f"  {sockets:5d} sockets ({row['open']} open): {row['choices_per_s']:.1f} choices/s, round trip "
                  f"p50 {service.fmt(row['round_trip_p50_ms'], ' ms')} p99 {service.fmt(row['round_trip_p99_ms'], ' ms')}, "
                  f"fan-out p50 {service.fmt(row['fanout_p50_ms'], ' ms')} p99 {service.fmt(row['fanout_p99_ms'], ' ms')}, "
                  f"errors {row['errors']}", flush=True)
    finally:
        stack.close()
        redis.stop()
    for r in rows:
        per_choice = ", ".join(f"{n} {p['cpu_ms_per_choice']:.2f}" for n, p in r["processes"].items()
                               if p["cpu_ms_per_choice"] is not None)
        rc = r["redis_per_choice"]
        print(f"  {r['sockets']:,} sockets: CPU ms per choice: {per_choice}; Redis per choice {rc['commands']:.1f} "
              f"commands, {rc['bytes_in']:.0f} B in, {rc['bytes_out']:.0f} B out; gateway RSS per socket "
              f"{service.fmt(r['gateway_rss_per_socket_kib'], ' KiB')}; Redis per open battle "
              f"{service.fmt(r['redis_bytes_per_battle'] and r['redis_bytes_per_battle'] / 1024, ' KiB')}")
    names = list(rows[0]["processes"]) if rows else []
    print("\n| sockets | open | choices/s | round trip p50 | p99 | fan-out p50 | p99 | errors | "
          + " | ".join(f"{n} CPU / RSS" for n in names) + " |")
    print("| " + " | ".join(["---:"] * (8 + len(names))) + " |")
    for r in rows:
        usage = " | ".join(f"{r['processes'][n]['cpu_share']:.0%} / {r['processes'][n]['rss_kib'] / 1024:.0f} MiB"
                           for n in names)
        print(f"| {r['sockets']:,} | {r['open']:,} | {r['choices_per_s']:.1f} | "
              f"{service.fmt(r['round_trip_p50_ms'], ' ms')} | {service.fmt(r['round_trip_p99_ms'], ' ms')} | "
              f"{service.fmt(r['fanout_p50_ms'], ' ms')} | {service.fmt(r['fanout_p99_ms'], ' ms')} | "
              f"{r['errors']} | {usage} |")
    REALISTIC_RESULTS.parent.mkdir(parents=True, exist_ok=True)
    REALISTIC_RESULTS.write_text(json.dumps({"python": platform.python_version(), "cpus": os.cpu_count(),
                                             "quick": args.quick, "seconds_per_level": seconds,
                                             "think_s": {"mean": load_realistic.THINK_MEAN, "sd": load_realistic.THINK_SD},
                                             "load_average_before": load_before, "rows": rows}, indent=2) + "\n")
    print(f"wrote {REALISTIC_RESULTS.relative_to(ROOT)}")
    if rows and load_realistic.plot(rows, REALISTIC_PLOT, f"realistic profile, 2 gateways, think ~20 s "
                                                        f"(load average before {load_before[0]})"):
        print(f"wrote {REALISTIC_PLOT.relative_to(ROOT)}")
    return 0


async def _put_ruleset(base: str) -> str:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}/v1/rulesets",
                                json=json.loads((service.EXAMPLES / "lantern-marsh.json").read_text())) as r:
            return (await r.json())["digest"]


if __name__ == "__main__":
    sys.exit(main())
