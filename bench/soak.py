"""Soak with chaos: many battles played to the end over WebSockets against the real stack
while a chaos loop SIGKILLs workers and Redis is killed and restarted once with AOF on.

The stack, on loopback only, all started and stopped by this script:
  Redis    a throwaway `redis-server` on a free port, `--appendonly yes` (fsync every
           second), in a temporary directory: the battle store in database 0 and the Celery
           broker and results in database 1, under a key namespace of this run's own. The
           machine's shared Redis is never touched;
  workers  two `celery -A worker.app worker --pool=solo` processes (turns, director, llm),
           with a visibility timeout of `--visibility` seconds (default 5) and a look for
           stranded messages every second, so a killed worker's message comes back fast;
  gateway  `gateway.app.create_app(executor="celery")` in a process of its own (bench/service.py's
           gateway child: client rate limits lifted, nothing else changed);
  broker   with `--broker rabbitmq`, the machine's RabbitMQ (127.0.0.1:5672) in a vhost of
           this run's own, made and deleted with `rabbitmqctl` (quorum queues; the store,
           outbox and Celery's results stay on the throwaway Redis); by default the
           throwaway Redis's database 1.

The run: `--battles` battles (default 200) are created through `POST /v1/battles`, cycling
through the kinds in bench/soak_battles.py (Ember Roads and 5e with and without a board,
a window package whose hits ask a player, Lantern Marsh on its board); then every player of
every battle plays on a WebSocket of their own at once (bench/soak_client.py), half the
battles sending their choices on the socket and half by `POST /choices`. Meanwhile the
chaos loop SIGKILLs a random worker every `--kill-every` seconds (default 2.5, +-50%) and
starts a replacement at once, and after a quarter of `--kills` it SIGKILLs Redis and
starts it again on the same port and directory (its AOF brings everything back).

Checked and printed for every battle (bench/soak_check.py): it ended; no choice the gateway
accepted was lost; no choice was applied twice and no write is unexplained; the event
stream is each applied choice's events exactly once; a replay of the seed and the applied
choices through the pure core gives byte-identical events and the same final state; no
battle is left holding a window nobody can answer. And the figures: battles, choices,
kills, redelivered tasks (a task id a worker received more than once, from their logs),
resubmissions, reconnects, choice round trip p50/p99, duration.

Bounded: `--minutes` (default 15) is the most the clients play; every wait has a timeout;
every process and key it made is removed at the end. Prints a table, writes
bench/results/soak.json and exits 1 when a criterion fails. Run: `python bench/soak.py`
(`make soak`); `--quick`: 24 battles, 8 kills, 4 minutes at the most.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import service  # noqa: E402  (bench/service.py: the stack and its gateway child)
from soak_battles import Kind, kinds  # noqa: E402
from soak_client import Ledger, Options, play_battle  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "soak.json"
SERVICE_SCRIPT = ROOT / "bench" / "service.py"
START_TIMEOUT = 20.0


# -- a Redis of our own, with AOF ------------------------------------------------------------
class AofRedis:
    """A throwaway `redis-server` with AOF on; `crash()` SIGKILLs it and starts it again on
    the same port and directory, answering the seconds it was away."""

    def __init__(self) -> None:
        from tests.redis_harness import free_port

        binary = shutil.which("redis-server")
        if binary is None:
            raise RuntimeError("no redis-server on PATH")
        self.binary = binary
        self.dir = Path(tempfile.mkdtemp(prefix="mbsoak-redis-"))
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        from tests.redis_harness import answers

        log = (self.dir / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
             "--appendfsync", "everysec", "--maxmemory-policy", "noeviction", "--dir", str(self.dir),
             "--daemonize", "no", "--loglevel", "warning"], stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(self.url(0), timeout=0.2):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server on {self.port} did not start: "
                                   f"{(self.dir / 'redis.log').read_text(errors='replace')[-2000:]}")
            time.sleep(0.05)

    def crash(self) -> float:
        assert self.process is not None
        began = time.monotonic()
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)
        self.start()
        return time.monotonic() - began

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(self.dir, ignore_errors=True)


# -- the stack with killable workers ---------------------------------------------------------
class ChaosStack(service.Stack):
    """bench/service.py's stack on our Redis, with workers that can be killed one at a time."""

    spawned: int = 0

    @classmethod
    def on(cls, redis: AofRedis, visibility: float) -> "ChaosStack":
        stack = cls.make(redis.url(0), 1)
        # Every choice the Engine moves after is written apart (two saves, then its decision),
        # whatever waits, so kills also land between a choice's saves; and the checker can
        # count on it (soak_check.py).
        stack.env.update({"MARINARA_VISIBILITY_TIMEOUT": str(visibility), "MARINARA_RESTORE_INTERVAL": "1",
                          "MARINARA_ENGINE_APART": "always"})
        return stack

    def spawn_worker(self) -> tuple[str, subprocess.Popen]:
        self.spawned += 1
        name = f"worker{self.spawned}"
        return name, self.spawn(name, [
            sys.executable, "-m", "celery", "-A", "worker.app", "worker", "--pool=solo", "--concurrency=1",
            "-Q", "turns,director,llm", "-n", f"soak{self.spawned}-{os.getpid()}@%h", "-l", "info",
            "--without-gossip", "--without-mingle", "--without-heartbeat"])

    def start_all(self) -> None:
        workers = [self.spawn_worker(), self.spawn_worker()]
        gateway = self.spawn("gateway", [sys.executable, str(SERVICE_SCRIPT), "--gateway-child"])
        for name, process in workers:
            self.await_line(name, process, " ready.")
        line = self.await_line("gateway", gateway, "BENCH-GATEWAY ")
        self.gateway = f"http://127.0.0.1:{json.loads(line.split('BENCH-GATEWAY ', 1)[1])['port']}"

    def live_workers(self) -> list[subprocess.Popen]:
        return [p for name, p in self.processes if name.startswith("worker") and p.poll() is None]

    def redelivered(self) -> int:
        """Task ids some worker received more than once, read from every worker's log."""
        seen: Counter[str] = Counter()
        for n in range(1, self.spawned + 1):
            for line in self._text(f"worker{n}").splitlines():
                if "] received" in line and "Task " in line:
                    seen[line.split("[", 2)[-1].split("]", 1)[0]] += 1
        return sum(1 for count in seen.values() if count > 1)


class Chaos(threading.Thread):
    """SIGKILLs a random live worker every `every` seconds (+-50%), starts a replacement at
    once, and kills and restarts Redis after `redis_after` kills."""

    def __init__(self, stack: ChaosStack, redis: AofRedis, every: float, redis_after: int, seed: int) -> None:
        super().__init__(daemon=True)
        self.stack, self.redis, self.every, self.redis_after = stack, redis, every, redis_after
        self.rng = random.Random(seed)
        self.halt = threading.Event()
        self.kills = 0
        self.redis_restarts = 0
        self.redis_down_s: float | None = None
        self.error: str | None = None

    def run(self) -> None:
        try:
            while not self.halt.wait(self.rng.uniform(0.5 * self.every, 1.5 * self.every)):
                live = self.stack.live_workers()
                if live:
                    victim = self.rng.choice(live)
                    victim.send_signal(signal.SIGKILL)
                    victim.wait(timeout=10)
                    self.kills += 1
                self.stack.spawn_worker()
                if self.kills == self.redis_after and not self.redis_restarts:
                    self.redis_down_s = self.redis.crash()
                    self.redis_restarts += 1
        except Exception as exc:  # reported with the figures; the run then fails
            self.error = f"{type(exc).__name__}: {exc}"


# -- the run ---------------------------------------------------------------------------------
async def create_battles(base: str, plan: list[tuple[Kind, int, bool]]) -> list[Ledger]:
    import aiohttp

    ledgers: list[Ledger] = []
    async with aiohttp.ClientSession() as session:
        # Each kind's package goes inline with its first battle (stored by digest, not listed:
        # the kinds include variants of one package id and version, which the ruleset registry
        # would refuse as `version-taken`); the rest of its battles pin that digest.
        digests: dict[str, str] = {}
        for kind, seed, via_http in plan:
            body: dict[str, Any] = {"party": kind.party, "foes": kind.foes, "seed": seed}
            if kind.name in digests:
                body["ruleset"] = digests[kind.name]
            else:
                body["package"] = kind.package
            if kind.board is not None:
                body["board"] = kind.board
            async with session.post(f"{base}/v1/battles", json=body) as r:
                created = await r.json()
                if r.status != 201:
                    raise RuntimeError(f"{kind.name} seed {seed}: the battle was refused: {created}")
            digests.setdefault(kind.name, created["ruleset"])
            ledgers.append(Ledger(created["battle"], kind.name, seed, created["revision"], created["last_seq"],
                                  via_http, {p: created["tokens"][p] for p in kind.players}))
    return ledgers


async def play(base: str, ledgers: list[Ledger], opts: Options, chaos: "Chaos") -> None:
    import aiohttp

    async def progress() -> None:
        began = time.monotonic()
        while True:
            await asyncio.sleep(30)
            print(f"  {time.monotonic() - began:5.0f} s: {sum(x.closed for x in ledgers)} of {len(ledgers)} battles "
                  f"ended, {sum(len(x.accepted) for x in ledgers)} choices accepted, {chaos.kills} kills, "
                  f"Redis restarts {chaos.redis_restarts}", flush=True)

    connector = aiohttp.TCPConnector(limit=0)
    timeout = aiohttp.ClientTimeout(total=30)
    ticker = asyncio.create_task(progress())
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        await asyncio.gather(*(play_battle(session, base, ledger, opts, n) for n, ledger in enumerate(ledgers)))
    ticker.cancel()


def _loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--battles", type=int, default=200, help="battles played at once (default 200)")
    parser.add_argument("--kills", type=int, default=50, help="worker SIGKILLs at least (default 50)")
    parser.add_argument("--minutes", type=float, default=15.0, help="the most the clients play (default 15)")
    parser.add_argument("--kill-every", type=float, default=2.5, help="seconds between kills, +-50%% (default 2.5)")
    parser.add_argument("--visibility", type=float, default=5.0, help="the workers' visibility timeout (default 5)")
    parser.add_argument("--think", type=float, default=10.0,
                        help="a client waits up to this long before answering a prompt (default 10 s, so the battles outlast 50 kills)")
    parser.add_argument("--seed", type=int, default=1, help="battle seeds start here; the chaos and clients too")
    parser.add_argument("--quick", action="store_true", help="24 battles, 8 kills, 4 minutes at the most")
    parser.add_argument("--broker", choices=("redis", "rabbitmq"), default="redis",
                        help="the Celery broker: the throwaway Redis (default) or the machine's RabbitMQ, "
                             "in a vhost of this run's own")
    args = parser.parse_args(argv)
    if args.quick:
        args.battles, args.kills, args.minutes = 24, 8, 4.0
    if shutil.which("redis-server") is None:
        print("bench/soak.py: skipped: no redis-server on PATH (the soak starts a Redis of its own)", flush=True)
        return 0
    found, skipped = kinds()
    for line in skipped:
        print(f"skipped kind {line}", flush=True)
    plan = [(found[i % len(found)], args.seed * 100_000 + i, i % 2 == 1) for i in range(args.battles)]
    load_before = _loadavg()
    redis = AofRedis()
    stack: ChaosStack | None = None
    chaos: Chaos | None = None
    started = time.monotonic()
    vhost: str | None = None
    try:
        redis.start()
        stack = ChaosStack.on(redis, args.visibility)
        if args.broker == "rabbitmq":
            vhost = _rabbitmq_vhost()
            stack.env["MARINARA_BROKER_URL"] = f"amqp://guest:guest@127.0.0.1:5672/{vhost}"
        stack.start_all()
        print(f"stack: gateway {stack.gateway}, 2 workers, redis {redis.url(0)} (AOF), namespace {stack.namespace}, "
              f"broker {'RabbitMQ vhost ' + vhost if vhost else 'the Redis'}; load average {load_before}", flush=True)
        ledgers = asyncio.run(create_battles(stack.gateway, plan))
        print(f"created {len(ledgers)} battles: " + ", ".join(f"{k} {n}" for k, n in
                                                              sorted(Counter(x.kind for x in ledgers).items())),
              flush=True)
        chaos = Chaos(stack, redis, args.kill_every, max(1, args.kills // 4), args.seed)
        chaos.start()
        play_started = time.monotonic()
        opts = Options(deadline=play_started + args.minutes * 60, think=args.think)
        asyncio.run(play(stack.gateway, ledgers, opts, chaos))
        played = time.monotonic() - play_started
        chaos.halt.set()
        chaos.join(timeout=60)
        load_after = _loadavg()
        resent = _gateway_counter(stack.gateway, "battle_choices_resent_total")
        verdict = verify(stack, ledgers, found)
        figures = summary(args, ledgers, chaos, stack, verdict, played, load_before, load_after)
        figures["resent_by_gateway"] = resent
        figures["outbox_left"] = _outbox_left(stack)
    finally:
        if chaos is not None:
            chaos.halt.set()
            chaos.join(timeout=60)
        if stack is not None:
            stack.close()
        redis.stop()
        if vhost is not None:
            _rabbitmqctl("delete_vhost", vhost)
    figures["broker"] = args.broker
    figures["total_seconds"] = time.monotonic() - started
    return report(figures, verdict)


def _rabbitmqctl(*args: str) -> None:
    subprocess.run(["rabbitmqctl", "-q", *args], check=True, capture_output=True, timeout=60)


def _rabbitmq_vhost() -> str:
    """A vhost of this run's own on the machine's RabbitMQ, open to its guest account."""
    if shutil.which("rabbitmqctl") is None:
        raise SystemExit("bench/soak.py --broker rabbitmq: no rabbitmqctl on PATH (apt-get install rabbitmq-server)")
    vhost = f"mbsoak-{os.getpid()}-{random.randrange(16 ** 8):08x}"
    _rabbitmqctl("add_vhost", vhost)
    _rabbitmqctl("set_permissions", "-p", vhost, "guest", ".*", ".*", ".*")
    return vhost


def _gateway_counter(base: str, name: str) -> float | None:
    """One unlabelled counter of the gateway's `/metrics` (None when it cannot be read)."""
    import re
    import urllib.request

    try:
        with urllib.request.urlopen(f"{base}/metrics", timeout=10) as r:
            text = r.read().decode()
    except OSError:
        return None
    found = re.search(rf"^{re.escape(name)} (\S+)$", text, re.MULTILINE)
    return float(found.group(1)) if found else 0.0


def _outbox_left(stack: ChaosStack) -> int:
    """Accepted choices still in the outbox after the play: answered ones the reconciler has
    not settled yet (it settles on its next turn), or ones never answered."""
    from shared.store.redis_store import RedisBattleStore

    time.sleep(2.0)  # the reconciler's next turns
    store = RedisBattleStore.from_url(stack.store_url, namespace=stack.namespace)
    try:
        return store.outbox().size()
    finally:
        store.close()


def verify(stack: ChaosStack, ledgers: list[Ledger], found: list[Kind]) -> list[dict[str, Any]]:
    from shared.ruleset import load_package
    from shared.store.redis_store import RedisBattleStore
    from soak_check import check_battle

    store = RedisBattleStore.from_url(stack.store_url, namespace=stack.namespace)
    by_name = {k.name: k for k in found}
    rulesets = {k.name: load_package(k.package) for k in found}
    try:
        return [check_battle(store, ledger, by_name[ledger.kind], rulesets[ledger.kind]) for ledger in ledgers]
    finally:
        store.close()


def summary(args: Any, ledgers: list[Ledger], chaos: Chaos, stack: ChaosStack, verdict: list[dict[str, Any]],
            played: float, load_before: list[float], load_after: list[float]) -> dict[str, Any]:
    trips = [t * 1000 for x in ledgers for t in x.round_trips]
    return {
        "python": platform.python_version(), "cpus": os.cpu_count(), "quick": args.quick,
        "battles": len(ledgers), "kinds": dict(Counter(x.kind for x in ledgers)),
        "ended": sum(v["ended"] for v in verdict),
        "choices_sent": sum(len(x.bodies) for x in ledgers),
        "choices_accepted": sum(len(x.accepted) for x in ledgers),
        "choices_applied": sum(v["applied"] for v in verdict),
        "refused_after_send": sum(len(x.refused) for x in ledgers),
        "lost": sum(v.get("lost", 0) for v in verdict),
        "applied_twice_or_unexplained": sum(bool(v.get("twice")) for v in verdict),
        "replay_mismatches": sum(not v.get("replay", False) for v in verdict),
        "stuck_windows": sum(bool(v.get("stuck_window")) for v in verdict),
        "window_prompts": sum(x.windows for x in ledgers),
        "kills": chaos.kills, "kills_wanted": args.kills, "chaos_error": chaos.error,
        "redis_restarts": chaos.redis_restarts, "redis_down_s": chaos.redis_down_s,
        "redelivered_tasks": stack.redelivered(),
        "rescued": sum(v.get("rescued", 0) for v in verdict), "reasked": sum(x.reasked for x in ledgers),
        "double_sends": sum(x.doubles for x in ledgers),
        "reconnects": sum(x.reconnects for x in ledgers), "seq_gaps": sum(x.gaps for x in ledgers),
        "http_errors": sum(x.http_errors for x in ledgers),
        "http_failures": [f"{x.battle}: {line}" for x in ledgers for line in x.http_failures],
        "client_retried_unaccepted": sum(len(x.stalled - x.stalled_accepted) for x in ledgers),
        "late_news": sum(1 for x in ledgers for status in x.stall_status.values() if status == "applied"),
        "stalled_accepted": sum(len(x.stalled_accepted) for x in ledgers),
        "round_trips": len(trips), "round_trip_p50_ms": service.pct(trips, 0.5), "round_trip_p99_ms": service.pct(trips, 0.99),
        "play_seconds": played, "load_average_before": load_before, "load_average_after": load_after,
    }


def report(figures: dict[str, Any], verdict: list[dict[str, Any]]) -> int:
    criteria = [
        ("every battle ends", figures["ended"] == figures["battles"], f"{figures['ended']} of {figures['battles']}"),
        ("zero accepted choices lost", figures["lost"] == 0 and figures["rescued"] == 0,
         f"{figures['lost']} lost, {figures['rescued']} applied only after the client sent them again"),
        ("zero applied twice (a revision per applied choice, one more for the Engine's moves after it)",
         figures["applied_twice_or_unexplained"] == 0, f"{figures['applied_twice_or_unexplained']} battles"),
        ("events = replay of seed + applied choices", figures["replay_mismatches"] == 0,
         f"{figures['replay_mismatches']} battles differ"),
        ("no battle holds a window nobody can answer", figures["stuck_windows"] == 0, str(figures["stuck_windows"])),
        (f"at least {figures['kills_wanted']} worker kills", figures["kills"] >= figures["kills_wanted"]
         and figures["chaos_error"] is None, f"{figures['kills']}" + (f" ({figures['chaos_error']})"
                                                                      if figures["chaos_error"] else "")),
        ("Redis restarted once (AOF)", figures["redis_restarts"] == 1,
         f"{figures['redis_restarts']}, down {figures['redis_down_s'] or 0:.2f} s"),
    ]
    print("\n| criterion | result | measured |\n| --- | --- | --- |")
    for name, ok, measured in criteria:
        print(f"| {name} | {'pass' if ok else 'FAIL'} | {measured} |")
    rows = [("battles", figures["battles"]), ("choices sent / accepted / applied",
            f"{figures['choices_sent']:,} / {figures['choices_accepted']:,} / {figures['choices_applied']:,}"),
            ("refused after sending (races, off-menu picks)", figures["refused_after_send"]),
            ("window prompts answered", figures["window_prompts"]),
            ("worker SIGKILLs", figures["kills"]), ("redelivered tasks", figures["redelivered_tasks"]),
            ("choices the gateway's reconciler sent again / left in its outbox",
             f"{'-' if figures.get('resent_by_gateway') is None else int(figures['resent_by_gateway'])} / "
             f"{figures.get('outbox_left')}"),
            ("prompts asked again (reconnects) / double sends", f"{figures['reasked']} / {figures['double_sends']}"),
            ("choices the client sent again after a send that was not accepted (5xx or store-unavailable, no answer)",
             figures["client_retried_unaccepted"]),
            ("accepted choices with no news for 20 s (not sent again) / already applied by then",
             f"{figures['stalled_accepted']} / {figures['late_news']}"),
            ("socket reconnects / seq gaps / HTTP errors",
             f"{figures['reconnects']} / {figures['seq_gaps']} / {figures['http_errors']}"),
            ("choice round trip p50 / p99", f"{service.fmt(figures['round_trip_p50_ms'], ' ms')} / "
                                            f"{service.fmt(figures['round_trip_p99_ms'], ' ms')}"),
            ("play time / whole run", f"{figures['play_seconds']:.1f} s / {figures['total_seconds']:.1f} s"),
            ("load average before / after", f"{figures['load_average_before']} / {figures['load_average_after']}")]
    print("\n| figure | value |\n| --- | --- |")
    for name, value in rows:
        print(f"| {name} | {value} |")
    problems = [p for v in verdict for p in v["problems"]]
    for line in figures["http_failures"][:10]:
        print("  failed send (not accepted): " + line)
    for line in problems[:40]:
        print("  " + line)
    if len(problems) > 40:
        print(f"  ... and {len(problems) - 40} more (in the JSON)")
    passed = all(ok for _, ok, _ in criteria)
    # A run on RabbitMQ keeps its figures beside the Redis run's.
    results = RESULTS.with_name("soak-rabbitmq.json") if figures.get("broker") == "rabbitmq" else RESULTS
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps({**figures, "passed": passed, "criteria": [
        {"criterion": n, "passed": ok, "measured": m} for n, ok, m in criteria], "problems": problems}, indent=2) + "\n")
    print(f"\n{'PASS' if passed else 'FAIL'}; wrote {results.relative_to(ROOT)}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
