"""The service end to end: the choice round trip over WebSockets against the real stack,
next to a bare Celery no-op round trip on the same Redis, measured in the same run.

The stack, all on loopback and all started (and stopped) by this script:
  Redis      the one `--redis` names (default redis://127.0.0.1:6379/0): the battle store in
             that database under a key namespace of this run's own, the Celery broker and
             results in database `--broker-db` (default 13) under the same namespace;
  workers    two `celery -A worker.app worker --pool=solo` processes on the queues
             turns, director and llm (the integration tests start them the same way),
             writing a choice apart as MARINARA_ENGINE_APART says (default idle);
  gateway    `gateway.app.create_app` in a process of its own, with the Celery executor
             when the gateway has one, otherwise the embedded executor (choices applied in
             the gateway process) on the same Redis store; the table says which.

Measured, one phase after the other:
  resolver step   the median `menu()` + `advance()` of `bench/resolve.py` on lantern-marsh
                  (in this process, before the stack starts);
  work per choice the median time of one choice in the gateway's code and in the
                  worker's, in this process on the in-memory store (see `work_per_choice`),
                  and of the rules' part of the worker's (the step, the Engine's turns it
                  sets off, the next open decision);
  celery no-op    `send_task("bench.service.noop")` + `.get()` from C client threads in a
                  closed loop (C = 1, then each N): the least any choice through Celery costs;
  celery advance  `battle.advance` sent straight to the workers + `.get()` (C = 1, then
                  each N), one battle per client thread, the choice from the Engine's
                  tactics (worked out before the clock starts);
  (for each phase, the CPU milliseconds per completed round trip spent by the gateway, the
  two workers, this client process and the Redis server)
  service         N battles at once, one WebSocket each (examples/lantern-marsh.json, the
                  party under one player, the foes under the Engine; `--mix` picks the
                  fight, see MIXES): the client answers
                  every prompt with its suggestion; the round trip is the time from sending
                  the choice to the first event it caused arriving on the socket. A battle
                  that ends is replaced by a new one until the phase's time is up.

Every phase is bounded in time (`--seconds`, default 8) and every wait has a timeout; the
script cleans every key and process it made, even when it fails. Prints a table and writes
bench/results/service.json (service-boss.json for `--mix boss`). Run: `python bench/service.py`
(`--quick`: about 30 s).

Targets (issue 4): p50 at most 1.5 x the bare no-op p50 at C=1 + the median resolver step,
and 300 choices/s. Also printed: the same p50 formula with the rules' whole work on a choice
in place of one step, since a choice the Engine's turns follow is several steps.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

RESULTS = ROOT / "bench" / "results" / "service.json"  # service-boss.json for --mix boss
EXAMPLES = ROOT / "examples"
CHOICES_TARGET = 300.0
P50_FACTOR = 1.5
#: Seconds any single answer may take before the phase gives up on it.
WAIT = 30.0
READY_TIMEOUT = 30.0
#: `python -c` this with (stats file, "celery", args...): a Celery worker in cProfile,
#: timed by the thread's CPU clock so waits on sockets do not count.
PROFILED_CELERY = (
    "import cProfile, runpy, sys, time\n"
    "out = sys.argv[1]; sys.argv = ['celery', *sys.argv[3:]]\n"
    "profiler = cProfile.Profile(time.thread_time)\n"
    "profiler.enable()\n"
    "try:\n    runpy.run_module('celery', run_name='__main__', alter_sys=True)\n"
    "finally:\n    profiler.disable(); profiler.dump_stats(out)\n"
)


# -- small helpers ---------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def _summary(times: list[float], took: float, errors: int = 0) -> dict[str, Any]:
    ms = [t * 1000 for t in times]
    return {"count": len(ms), "errors": errors, "seconds": took, "per_s": len(ms) / took if took else 0.0,
            "p50_ms": pct(ms, 0.5), "p90_ms": pct(ms, 0.9), "p99_ms": pct(ms, 0.99)}


def _redis_db(url: str, db: int) -> str:
    base = url.split("?", 1)[0].rstrip("/")
    head, _, tail = base.rpartition("/")
    if tail.isdigit() and head.count("/") >= 2:
        base = head
    return f"{base}/{db}"


#: The fights the service phase plays (`--mix`), all on examples/lantern-marsh.json with the
#: party under one player and the foes under the Engine:
#:   skirmish  examples/party.json (Juno, Wren) against examples/foes.json (two bog hounds and
#:             a reed witch): about four resolver steps a choice, the foes' turns included;
#:   boss      a party of four (Juno, Wren and two more of the same build, Ada and Bram)
#:             against one drowned knight: a little over one step a choice.
MIXES = ("skirmish", "boss")
#: When the workers write a choice apart (shared/service/settings.py), from this process's
#: environment, which the workers inherit: run with MARINARA_ENGINE_APART=never (or always)
#: to measure the other ways side by side.
ENGINE_APART = os.environ.get("MARINARA_ENGINE_APART") or "idle"
MIX = "skirmish"


def party_of(mix: str | None = None) -> list[dict[str, Any]]:
    members = [dict(m, controller="player", player="bench")
               for m in json.loads((EXAMPLES / "party.json").read_text())]
    if (mix or MIX) == "boss":
        members += [dict(m, name=name) for m, name in zip(members, ("Ada", "Bram"))]
    return members


def foes_of(mix: str | None = None) -> list[dict[str, Any]]:
    if (mix or MIX) == "boss":
        return [{"creature": "drowned-knight"}]
    return json.loads((EXAMPLES / "foes.json").read_text())


# -- the stack -------------------------------------------------------------------------------
@dataclass
class Stack:
    store_url: str
    broker_url: str
    namespace: str
    workdir: Path
    env: dict[str, str]
    processes: list[tuple[str, subprocess.Popen]] = field(default_factory=list)
    gateway: str = ""
    executor: str = ""
    profile: Path | None = None

    @classmethod
    def make(cls, redis_url: str, broker_db: int) -> "Stack":
        namespace = f"mbbench:{os.getpid()}:{uuid.uuid4().hex[:10]}"
        store_url = redis_url
        broker_url = _redis_db(redis_url, broker_db)
        env = {**os.environ, "PYTHONPATH": str(ROOT), "REDIS_URL": store_url, "MARINARA_STORE_URL": store_url,
               "MARINARA_NAMESPACE": namespace, "MARINARA_BROKER_URL": broker_url,
               "MARINARA_BROKER_PREFIX": f"{namespace}:celery:"}
        for name in ("PROMETHEUS_MULTIPROC_DIR", "MARINARA_TEST_CRASH_DIR", "MARINARA_METRICS_PORT"):
            env.pop(name, None)
        return cls(store_url, broker_url, namespace, Path(tempfile.mkdtemp(prefix="mbbench-")), env)

    def _log(self, name: str) -> Path:
        return self.workdir / f"{name}.log"

    def _text(self, name: str) -> str:
        path = self._log(name)
        return path.read_text(errors="replace") if path.exists() else ""

    def spawn(self, name: str, argv: list[str]) -> subprocess.Popen:
        with self._log(name).open("wb") as out:
            process = subprocess.Popen(argv, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        self.processes.append((name, process))
        return process

    def await_line(self, name: str, process: subprocess.Popen, marker: str) -> str:
        deadline = time.monotonic() + READY_TIMEOUT
        while marker not in self._text(name):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{name} did not start:\n{self._text(name)[-3000:]}")
            time.sleep(0.05)
        return next(line for line in self._text(name).splitlines() if marker in line)

    def start(self, workers: int = 2) -> None:
        started = []
        for n in range(1, workers + 1):
            name = f"worker{n}"
            # Under --profile each worker runs in cProfile (CPU time), which writes its stats at exit.
            profiled = ["-c", PROFILED_CELERY, str(self.profile / f"{name}.prof")] if self.profile else ["-m"]
            started.append((name, self.spawn(name, [
                sys.executable, *profiled, "celery", "-A", "worker.app", "worker", "--pool=solo", "--concurrency=1",
                "-Q", "turns,director,llm", "-n", f"bench{n}-{os.getpid()}@%h", "-l", "info",
                "-I", "bench.celery_noop", "--without-gossip", "--without-mingle", "--without-heartbeat"])))
        gateway = self.spawn("gateway", [sys.executable, str(Path(__file__).resolve()), "--gateway-child",
                                          *(["--profile", str(self.profile)] if self.profile else [])])
        for name, process in started:
            self.await_line(name, process, " ready.")
        line = self.await_line("gateway", gateway, "BENCH-GATEWAY ")
        info = json.loads(line.split("BENCH-GATEWAY ", 1)[1])
        self.gateway, self.executor = f"http://127.0.0.1:{info['port']}", info["executor"]

    def stop(self) -> None:
        for name, process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for name, process in reversed(self.processes):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)
        self.processes.clear()

    def cpu(self) -> dict[str, float]:
        """CPU seconds used so far by the gateway, the workers together, this client process
        and the Redis server (Redis's own count, which includes anybody else's use of it)."""
        out = {"gateway": 0.0, "workers": 0.0, "client": sum(os.times()[:2]), "redis": 0.0}
        tick = os.sysconf("SC_CLK_TCK")
        for name, process in self.processes:
            try:
                fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used = (int(fields[11]) + int(fields[12])) / tick
            out["gateway" if name == "gateway" else "workers"] += used
        import redis

        client = redis.Redis.from_url(self.store_url)
        try:
            info = client.info("cpu")
            out["redis"] = float(info["used_cpu_user"]) + float(info["used_cpu_sys"])
        finally:
            client.close()
        return out

    def purge(self) -> int:
        import redis

        removed = 0
        for url in {self.store_url, self.broker_url}:
            client = redis.Redis.from_url(url)
            try:
                keys = list(client.scan_iter(match=f"{self.namespace}:*", count=1000))
                for start in range(0, len(keys), 500):
                    removed += client.delete(*keys[start:start + 500])
            finally:
                client.close()
        return removed

    def close(self) -> None:
        try:
            self.stop()
        finally:
            self.purge()
            shutil.rmtree(self.workdir, ignore_errors=True)


# -- the gateway process ---------------------------------------------------------------------
def gateway_child(profile: Path | None = None) -> int:
    """Runs in the process `Stack.start` spawns: the gateway on a free loopback port until
    SIGTERM, on this run's store namespace. Client rate limits are lifted (a benchmark client
    answers every prompt at once); everything else is the gateway as deployed."""
    from aiohttp import web

    from gateway import app as gateway_app
    from shared.store.redis_store import RedisBattleStore

    executor = "celery" if "celery" in gateway_app.EXECUTORS else "embedded"
    store = RedisBattleStore.from_url(os.environ["MARINARA_STORE_URL"], namespace=os.environ["MARINARA_NAMESPACE"])

    async def run() -> None:
        app = gateway_app.create_app(store=store, executor=executor, ws_rate=1e6, ws_burst=10**6)
        runner = web.AppRunner(app, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        print("BENCH-GATEWAY " + json.dumps({"port": runner.addresses[0][1], "executor": executor}), flush=True)
        await stop.wait()
        await runner.cleanup()

    profilers: list[Any] = []
    if profile is not None:
        import cProfile

        def per_thread(*_: Any) -> None:
            # cProfile sees one thread; the gateway's store reads run on its pool's threads.
            profiler = cProfile.Profile(time.thread_time)
            profilers.append(profiler)
            profiler.enable()

        threading.setprofile(per_thread)
        per_thread()
    try:
        asyncio.run(run())
    finally:
        store.close()
        if profilers:
            import pstats

            threading.setprofile(None)
            profilers[0].disable()
            pstats.Stats(*profilers).dump_stats(profile / "gateway.prof")
    return 0


# -- Celery straight from a client -----------------------------------------------------------
def celery_loop(stack: Stack, clients: int, seconds: float, task: str) -> dict[str, Any]:
    """`clients` threads in a closed loop, each sending one task and waiting for its result.
    `task` is "noop" (the bare baseline) or "advance" (a real turn, one battle a thread)."""
    from shared.combat import decide_for
    from shared.store.redis_store import RedisBattleStore
    from gateway.broker import make_app
    from shared.service.battles import BattleService

    app = make_app(stack.env)
    store = RedisBattleStore.from_url(stack.store_url, namespace=stack.namespace)
    service = BattleService(store)
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    times: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.perf_counter() + seconds

    def one_noop() -> float:
        t0 = time.perf_counter()
        app.send_task("bench.service.noop").get(timeout=WAIT)
        return time.perf_counter() - t0

    def client(n: int) -> None:
        battle, seq = None, 0
        while time.perf_counter() < stop_at:
            try:
                if task == "noop":
                    took = one_noop()
                else:
                    if battle is None:
                        battle = f"adv-{clients}-{n}-{seq}"
                        seq += 1
                        created = service.create(digest, party_of(), foes_of(), seed=seq * 100 + n, battle_id=battle)
                        if not created["ok"]:
                            raise RuntimeError(f"battle refused: {created}")
                    state, revision = service.load(battle)
                    choice = decide_for(service.ruleset(state.ruleset.digest), state) if not state.outcome else None
                    if choice is None:
                        battle = None
                        continue
                    t0 = time.perf_counter()
                    answer = app.send_task("battle.advance",
                                           args=[battle, revision, choice, f"{battle}-{revision}"]).get(timeout=WAIT)
                    took = time.perf_counter() - t0
                    if not answer.get("ok"):
                        raise RuntimeError(f"{battle}: {answer}")
            except Exception:
                with lock:
                    errors[0] += 1
                battle = None
                continue
            with lock:
                times.append(took)

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + WAIT + 5)
    took = time.perf_counter() - started
    app.close()
    store.close()
    return _summary(times, took, errors[0])


# -- the service over WebSockets -------------------------------------------------------------
async def _create(session: Any, base: str, digest: str, seed: int) -> tuple[str, str]:
    body = {"ruleset": digest, "party": party_of(), "foes": foes_of(), "seed": seed}
    async with session.post(f"{base}/v1/battles", json=body) as r:
        created = await r.json()
        if r.status != 201:
            raise RuntimeError(f"battle refused: {created}")
    return created["battle"], created["tokens"]["bench"]


def choice_for(prompt: dict[str, Any]) -> dict[str, Any]:
    suggestion = prompt.get("suggestion")
    if suggestion:
        return {"option_id": suggestion["option"], "targets": suggestion.get("targets", [])}
    for option in prompt["options"]:
        if option.get("targets"):
            return {"option_id": option["id"], "targets": option["targets"][:1]}
    return {"option_id": prompt["options"][0]["id"], "targets": []}


async def service_phase(base: str, battles: int, seconds: float, seed0: int) -> dict[str, Any]:
    import aiohttp

    times: list[float] = []
    counters = {"errors": 0, "battles": 0, "finished": 0, "stalled": 0}
    measuring_until = time.perf_counter() + seconds
    seeds = iter(range(seed0, seed0 + 1_000_000))

    async with aiohttp.ClientSession() as session:
        async with session.post(f"{base}/v1/rulesets",
                                json=json.loads((EXAMPLES / "lantern-marsh.json").read_text())) as r:
            digest = (await r.json())["digest"]

        async def play_one() -> bool:
            """Plays one battle; True when it ended (so another may start)."""
            battle, token = await _create(session, base, digest, next(seeds))
            counters["battles"] += 1
            sent: float | None = None
            async with session.ws_connect(f"{base}/v1/battles/{battle}/ws",
                                          params={"token": token, "after": "0"}) as ws:
                while True:
                    try:
                        msg = await ws.receive(timeout=WAIT)
                    except asyncio.TimeoutError:
                        counters["stalled"] += 1
                        return False
                    if msg.type != aiohttp.WSMsgType.TEXT:
                        return False
                    data = json.loads(msg.data)
                    kind = data["type"]
                    if kind == "event" and sent is not None:
                        times.append(time.perf_counter() - sent)
                        sent = None
                    elif kind == "prompt":
                        if time.perf_counter() >= measuring_until:
                            return False
                        sent = time.perf_counter()
                        await ws.send_json({"type": "choice", "actor": data["actor"], "revision": data["revision"],
                                            "request_id": f"{battle}-{data['revision']}", **choice_for(data)})
                    elif kind == "error":
                        counters["errors"] += 1
                        return False
                    elif kind == "closed":
                        counters["finished"] += 1
                        return True

        async def lane() -> None:
            while time.perf_counter() < measuring_until:
                if not await play_one():
                    return

        started = time.perf_counter()
        await asyncio.wait_for(asyncio.gather(*(lane() for _ in range(battles))), seconds + 2 * WAIT)
        took = min(time.perf_counter(), measuring_until) - started
    out = _summary(times, took, counters["errors"])
    out.update({k: v for k, v in counters.items() if k != "errors"})
    return out


# -- the whole run ---------------------------------------------------------------------------
def resolver_step(seconds: float) -> float:
    import resolve

    from shared.ruleset import load_package

    case = resolve.cases()[0][0]
    rs = load_package(json.loads(case.ruleset.read_text()))
    return resolve.step_times(rs, case, seconds)["step_median_ms"]


def work_per_choice(seconds: float) -> dict[str, Any]:
    """In this process, on the in-memory store (no Redis, no network): the median CPU time
    (this thread's clock, so other jobs on the machine do not count) of one choice on each side, for the same lantern-marsh
    decisions the service phase makes. Gateway: the battle's head and `access.passes`
    (before queueing), then the next prompt from the open decision the save carried
    (`OpenDecision` read, `access.prompt_for`). Worker:
    `BattleService.apply` (the body of `battle.advance`: Engine-controlled turns and the
    next open decision included). Also the median `BattleService.create` (on the gateway,
    once a battle) and the choices a battle lasts."""
    from gateway import access
    from gateway.tokens import Principal
    from shared.combat import Refusal, advance
    from shared.protocol import ChoiceRequest, OpenDecision
    from shared.store import MemoryBattleStore
    from shared.service.decision import open_decision
    from shared.service.battles import BattleService

    service = BattleService(MemoryBattleStore())
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    ruleset = service.ruleset(digest)
    gateway_ms: list[float] = []
    resolver_ms: list[float] = []
    worker_ms: list[float] = []
    create_ms: list[float] = []
    started, seed = time.perf_counter(), 0

    def next_prompt(battle: str, who: Principal) -> Any:
        head = service.store.head(battle)
        return access.prompt_for(battle, head.revision, head.status, OpenDecision.model_validate(head.decision), who)

    while seed < 2 or time.perf_counter() - started < seconds:
        battle = f"w-{seed}"
        t0 = time.thread_time()
        created = service.create(digest, party_of(), foes_of(), seed=seed, battle_id=battle)
        create_ms.append((time.thread_time() - t0) * 1000)
        if not created["ok"]:
            raise RuntimeError(f"battle refused: {created}")
        seed += 1
        who = Principal(battle=battle, role="player", player="bench")
        prompt = next_prompt(battle, who)
        while prompt is not None:
            answer = choice_for(prompt.model_dump(mode="json"))
            request = ChoiceRequest(actor=prompt.actor, option_id=answer["option_id"], targets=answer["targets"],
                                    request_id=f"{battle}-{prompt.revision}", revision=prompt.revision)
            # The rules' own work on this choice, on its own parsed copy of the same state:
            # the step, the Engine's turns after it and the next open decision.
            state, _ = service.load(battle)
            r0 = time.thread_time()
            stepped = advance(ruleset, state, request.as_choice(), owned=True)
            if isinstance(stepped, Refusal):
                raise RuntimeError(f"{battle}: {stepped.message}")
            open_decision(ruleset, stepped[0])
            resolver_ms.append((time.thread_time() - r0) * 1000)
            t0 = time.thread_time()
            if not access.passes(service.store.head(battle, request.request_id), who, request):
                raise RuntimeError(f"{battle}: the head did not accept the prompt's suggestion")
            t1 = time.thread_time()
            result = service.apply(battle, request.revision, request.as_choice(), request.request_id)
            t2 = time.thread_time()
            if not result["ok"]:
                raise RuntimeError(f"{battle}: {result}")
            prompt = next_prompt(battle, who)
            t3 = time.thread_time()
            gateway_ms.append((t1 - t0 + t3 - t2) * 1000)
            worker_ms.append((t2 - t1) * 1000)
    return {"choices": len(worker_ms), "gateway_median_ms": statistics.median(gateway_ms),
            "worker_median_ms": statistics.median(worker_ms), "create_median_ms": statistics.median(create_ms),
            "resolver_median_ms": statistics.median(resolver_ms), "resolver_mean_ms": statistics.mean(resolver_ms),
            "choices_per_battle": len(worker_ms) / seed}


def fmt(value: float | None, unit: str = "") -> str:
    return "-" if value is None else f"{value:,.2f}{unit}" if unit else f"{value:,.1f}"


def table(rows: list[dict[str, Any]]) -> str:
    head = "| measured | concurrency | count | p50 | p99 | per s |\n| --- | ---: | ---: | ---: | ---: | ---: |"
    lines = [head]
    for r in rows:
        lines.append(f"| {r['what']} | {r['concurrency']} | {r['count']:,} | {fmt(r['p50_ms'], ' ms')} | "
                     f"{fmt(r['p99_ms'], ' ms')} | {fmt(r['per_s'])} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short phases, N = 10 only (a smoke run)")
    parser.add_argument("--seconds", type=float, default=8.0, help="time per phase (default 8)")
    parser.add_argument("--battles", default="1,10,50", help="concurrent battles, comma-separated (default 1,10,50)")
    parser.add_argument("--redis", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
                        help="Redis for the store (loopback; default $REDIS_URL or redis://127.0.0.1:6379/0)")
    parser.add_argument("--mix", choices=MIXES, default="skirmish",
                        help="the fights the service and battle.advance phases play: skirmish (2 against 3 "
                             "Engine foes, about four resolver steps a choice) or boss (4 against one, a "
                             "little over one); default skirmish")
    parser.add_argument("--broker-db", type=int, default=13, help="Redis database for the broker (default 13)")
    parser.add_argument("--profile", type=Path, default=None, metavar="DIR",
                        help="run the gateway and the workers under cProfile and write DIR/gateway.prof, "
                             "DIR/worker1.prof, ... (slows every phase; read them with pstats)")
    parser.add_argument("--gateway-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.gateway_child:
        return gateway_child(args.profile)
    global MIX
    MIX = args.mix
    seconds = 3.0 if args.quick else args.seconds
    levels = [10] if args.quick else [int(n) for n in args.battles.split(",")]
    host = args.redis.split("://", 1)[-1].split("/", 1)[0].rsplit("@", 1)[-1].rsplit(":", 1)[0]
    if host not in ("127.0.0.1", "localhost", "::1", "[::1]"):
        parser.error(f"--redis must be on loopback, not {host}")

    import redis

    client = redis.Redis.from_url(args.redis, socket_connect_timeout=1, socket_timeout=1)
    try:
        client.ping()
    except (redis.RedisError, OSError) as exc:
        print(f"bench/service.py: skipped: no Redis answers at {args.redis} ({exc}); start one or pass --redis",
              flush=True)
        return 0
    finally:
        client.close()
    step_ms = resolver_step(1.0 if args.quick else 3.0)
    print(f"resolver step (lantern-marsh, median): {step_ms:.2f} ms", flush=True)
    work = work_per_choice(1.0 if args.quick else 3.0)
    print(f"work per choice in process ({MIX}: {work['choices']} choices, medians): gateway "
          f"{work['gateway_median_ms']:.2f} ms, worker {work['worker_median_ms']:.2f} ms, of which the rules "
          f"{work['resolver_median_ms']:.2f} ms (mean {work['resolver_mean_ms']:.2f}); a battle's creation "
          f"{work['create_median_ms']:.2f} ms, {work['choices_per_battle']:.1f} choices a battle", flush=True)
    stack = Stack.make(args.redis, args.broker_db)
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
        stack.profile = args.profile.resolve()
    rows: list[dict[str, Any]] = []
    try:
        stack.start()
        print(f"stack: gateway {stack.gateway} (executor: {stack.executor}), 2 workers "
              f"(MARINARA_ENGINE_APART={ENGINE_APART}), store {stack.store_url}, broker {stack.broker_url}, "
              f"namespace {stack.namespace}", flush=True)
        # Warm-up, not recorded: imports, connections and the workers' ruleset caches.
        celery_loop(stack, 2, 1.0, "noop")
        celery_loop(stack, 2, 1.0, "advance")
        asyncio.run(service_phase(stack.gateway, 2, 1.0, seed0=900_000))
        for n in [1] + [c for c in levels if c != 1]:
            for what, run in (("celery no-op", lambda: celery_loop(stack, n, seconds, "noop")),
                              ("celery battle.advance", lambda: celery_loop(stack, n, seconds, "advance")),
                              (f"service over WebSocket ({stack.executor} executor)",
                               lambda: asyncio.run(service_phase(stack.gateway, n, seconds, seed0=n * 10_000)))):
                if what.startswith("service") and n not in levels:
                    continue
                before = stack.cpu()
                row = {"what": what, "concurrency": n, **run()}
                after = stack.cpu()
                # CPU milliseconds each part spent per completed round trip in this phase.
                row["cpu_ms_per_op"] = {k: (after[k] - before[k]) * 1000 / row["count"] if row["count"] else None
                                        for k in after}
                rows.append(row)
                print(f"  {what:45s} C={n:<3d} {row['count']:6d} done  p50 {fmt(row['p50_ms'], ' ms'):>10s}  "
                      f"p99 {fmt(row['p99_ms'], ' ms'):>10s}  {row['per_s']:8.1f}/s  errors {row['errors']}",
                      flush=True)
    finally:
        stack.close()

    noop1 = next(r for r in rows if r["what"] == "celery no-op" and r["concurrency"] == 1)
    target_ms = P50_FACTOR * noop1["p50_ms"] + step_ms
    # The same formula with the rules' whole work on a choice (its step, the Engine's turns it
    # sets off, the next decision) in place of one step: what the target means when a choice
    # is more than one step.
    work_target_ms = P50_FACTOR * noop1["p50_ms"] + work["resolver_median_ms"]
    verdicts = []
    for r in rows:
        if not r["what"].startswith("service"):
            continue
        same = next(x for x in rows if x["what"] == "celery no-op" and x["concurrency"] == r["concurrency"])
        verdicts.append({"concurrency": r["concurrency"], "p50_ms": r["p50_ms"], "p50_target_ms": target_ms,
                         "p50_met": r["p50_ms"] is not None and r["p50_ms"] <= target_ms,
                         "p50_work_target_ms": work_target_ms,
                         "p50_work_met": r["p50_ms"] is not None and r["p50_ms"] <= work_target_ms,
                         "p50_over_noop_same_concurrency": (r["p50_ms"] / same["p50_ms"])
                         if r["p50_ms"] and same["p50_ms"] else None,
                         "choices_per_s": r["per_s"], "choices_target": CHOICES_TARGET,
                         "choices_met": r["per_s"] >= CHOICES_TARGET,
                         "choices_over_noop_per_s": r["per_s"] / same["per_s"] if same["per_s"] else None})
    print()
    print(table(rows))
    print()
    print("| measured | concurrency | gateway | workers | client | redis | all |\n"
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        cpu = r["cpu_ms_per_op"]
        if r["count"]:
            print(f"| {r['what']} | {r['concurrency']} | " + " | ".join(f"{cpu[k]:.1f}" for k in
                  ("gateway", "workers", "client", "redis")) + f" | {sum(cpu.values()):.1f} |")
    print()
    print(f"target p50 = {P50_FACTOR} x bare no-op p50 at C=1 ({noop1['p50_ms']:.2f} ms) + resolver step "
          f"({step_ms:.2f} ms) = {target_ms:.2f} ms; target rate = {CHOICES_TARGET:.0f} choices/s")
    print(f"  with the rules' work a choice ({work['resolver_median_ms']:.2f} ms, {MIX}) for the step: "
          f"{work_target_ms:.2f} ms")
    for v in verdicts:
        print(f"  N={v['concurrency']:<3d} p50 {v['p50_ms']:.2f} ms -> {'met' if v['p50_met'] else 'NOT met'} "
              f"({v['p50_ms'] / target_ms:.1f}x the target; {v['p50_ms'] / work_target_ms:.1f}x with the "
              f"choice's work); {v['choices_per_s']:.1f} choices/s -> "
              f"{'met' if v['choices_met'] else 'NOT met'} ({v['choices_per_s'] / CHOICES_TARGET:.2f}x)")
    results = RESULTS if MIX == "skirmish" else RESULTS.with_name(f"service-{MIX}.json")
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps({
        "python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
        "quick": args.quick, "seconds_per_phase": seconds, "executor": stack.executor, "mix": MIX,
        "engine_apart": ENGINE_APART,
        "resolver_step_median_ms": step_ms, "work_per_choice": work, "rows": rows, "targets": verdicts,
    }, indent=2) + "\n")
    print(f"\nwrote {results.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
