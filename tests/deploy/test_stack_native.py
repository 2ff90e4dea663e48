"""deploy/compose.yaml's parts, run for real without Docker (this machine has no engine).

Each of redis, gateway (both replicas), proxy, worker (both replicas), beat, flower and
prometheus is started natively from its own `command` and `environment` in compose.yaml
(tests/deploy/native_stack.py says what is rewritten and why; the proxy is nginx on
deploy/nginx.conf with its upstream at the native gateways, skipped without nginx), then:
Redis runs with deploy/redis.conf's durability and eviction settings; the gateways are
ready and a whole battle is played through the proxy over HTTP and WebSocket by the two
workers, rolling exactly the seed's dice, with both gateways answering and the gateways'
and both workers' metrics counting it; beat's sweeper is run by the
workers; Flower sees both workers; Prometheus, on a copy of deploy/prometheus.yml aimed
at the native ports, scrapes the gateway and both workers. Grafana is not run (not
installable here); test_deploy_files checks its dashboard's metrics exist.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest
import yaml

from tests.conftest import ROOT
from tests.deploy.native_stack import (
    NativeStack,
    Process,
    free_port,
    load_compose,
    mounted_source,
    rewrite_hosts,
    service_environment,
    wait_for,
)
from tests.gateway.harness import SEED, bearer, create, play_two_players
from tests.integration.test_gateway_celery import _reference
from tests.metrics_text import sample, samples
from shared.service.jobs import SWEEP_EVERY

pytestmark = pytest.mark.integration


#: Seconds a part may take to come up (a Celery worker imports a lot on 2 shared cores).
START = 30.0
#: Beat enqueues the sweeper every SWEEP_EVERY seconds: two periods and some slack.
SWEEP_WAIT = 2 * SWEEP_EVERY + 2.0
#: Prometheus scrapes the copy of prometheus.yml this often (deploy/ says 15 s; a test
#: that waited for 15 s scrapes would take minutes).
SCRAPE_INTERVAL = "1s"


#: Every part is on 127.0.0.1: no proxy from the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _http(url: str, timeout: float = 2.0) -> tuple[int, str]:
    try:
        with _OPENER.open(url, timeout=timeout) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as refused:
        return refused.code, refused.read().decode(errors="replace")


def _conf_settings(path: Path) -> dict[str, str]:
    lines = [line.split(None, 1) for line in path.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    return {words[0]: words[1].strip() for words in lines if len(words) == 2}


def _replace_after(argv: list[str], flag: str, value: str) -> list[str]:
    at = argv.index(flag)
    return [*argv[:at + 1], value, *argv[at + 2:]]


def _container_port(service: dict[str, Any]) -> int:
    """The container side of the service's first `ports` entry ("host:container")."""
    return int(str(service["ports"][0]).rsplit(":", 1)[1])


@dataclass
class Stack:
    native: NativeStack
    cwd: Path
    redis_conf: Path
    redis_port: int
    gateway_url: str = ""
    #: Each gateway replica's own address (gateway_url is the proxy's when nginx runs).
    gateway_urls: list[str] = field(default_factory=list)
    worker_ports: list[int] = field(default_factory=list)
    flower_url: str = ""
    prometheus_url: str = ""
    parts: dict[str, Process] = field(default_factory=dict)

    def worker_metrics(self) -> list[str]:
        return [_http(f"http://127.0.0.1:{port}/metrics")[1] for port in self.worker_ports]


def _start_redis(native: NativeStack, service: dict[str, Any]) -> tuple[Process, Path, int]:
    """compose's redis command on deploy/redis.conf (the file its volume mounts), with
    only what a shared host needs changed: a free port, a temporary dir for `--dir` (the
    volume), loopback only."""
    command = list(service["command"])
    conf = mounted_source(service, command[1])
    port = free_port()
    argv = [command[0], str(conf), *_replace_after(command[2:], "--dir", str(native.tmpdir("redis"))),
            "--port", str(port), "--bind", "127.0.0.1"]
    process = native.start("redis", argv, {})
    from tests.redis_harness import answers

    wait_for(lambda: answers(f"redis://127.0.0.1:{port}/0"), START, "redis-server on deploy/redis.conf", process)
    return process, conf, port


def _nginx_config(stack: Stack, source: Path, gateway_ports: list[int], port: int) -> Path:
    """deploy/nginx.conf with what a shared host forces changed: the one upstream line
    (compose's DNS name for every replica) becomes one line per native gateway, it listens
    on a free loopback port, and its pid and temporary files go to its own directory."""
    text = source.read_text()
    line = "    server gateway:8080 max_fails=1 fail_timeout=5s;\n"
    assert text.count(line) == 1 and text.count("    listen 8080;\n") == 1 and text.count("pid /tmp/nginx.pid;") == 1
    work = stack.native.tmpdir("proxy")
    text = text.replace(line, "".join(f"    server 127.0.0.1:{p} max_fails=1 fail_timeout=5s;\n"
                                      for p in gateway_ports))
    text = text.replace("    listen 8080;\n", f"    listen 127.0.0.1:{port};\n" + "".join(
        f"    {kind}_temp_path {work}/{kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")))
    text = text.replace("pid /tmp/nginx.pid;", f"pid {work}/nginx.pid;")
    if os.geteuid() == 0:
        # Started by root, nginx hands its workers to `nobody`, who may not enter this
        # test's private temporary directory (the image's own nginx has its cache dirs).
        text = "user root;\n" + text
    conf = work / "nginx.conf"
    conf.write_text(text)
    return conf


def _prometheus_config(stack: Stack, source: Path, addresses: dict[tuple[str, int], int],
                       worker_port: int, gateway_port: int) -> Path:
    """deploy/prometheus.yml with its targets at the native ports: static targets through
    `addresses`; the DNS name compose resolves to every worker replica becomes the list of
    the replicas' native metrics ports."""
    config = yaml.safe_load(source.read_text())
    config["global"]["scrape_interval"] = SCRAPE_INTERVAL
    config["global"]["evaluation_interval"] = SCRAPE_INTERVAL
    for job in config["scrape_configs"]:
        targets: list[str] = []
        for static in job.pop("static_configs", []):
            targets += [rewrite_hosts(f"://{t}", addresses).removeprefix("://") for t in static["targets"]]
        for dns in job.pop("dns_sd_configs", []):
            # A compose DNS name resolves to every replica: the replicas' native ports.
            replicas = {("worker", worker_port): [f"127.0.0.1:{port}" for port in stack.worker_ports],
                        ("gateway", gateway_port): [url.removeprefix("http://") for url in stack.gateway_urls]}
            assert dns["type"] == "A" and len(dns["names"]) == 1, dns
            targets += replicas[(dns["names"][0], dns["port"])]
        job["static_configs"] = [{"targets": targets}]
    copy = stack.native.workdir / "prometheus.yml"
    copy.write_text(yaml.safe_dump(config))
    return copy


@pytest.fixture(scope="module")
def stack(request: pytest.FixtureRequest) -> Iterator[Stack]:
    services = load_compose()["services"]
    native = NativeStack.create()
    failed_before = request.session.testsfailed
    try:
        _, conf, redis_port = _start_redis(native, services["redis"])
        # An empty working directory for every other part: in the image /app belongs to root
        # and the parts run as `battle`, so nothing may be written where they start.
        native.cwd = native.tmpdir("cwd")
        stack = Stack(native, native.cwd, conf, redis_port)
        _start_the_rest(stack, services)
        yield stack
    finally:
        native.stop()
        if request.session.testsfailed > failed_before:
            # Past pytest's capture: where every part's full log is.
            sys.__stderr__.write(f"\ntest_stack_native: the parts' logs are kept in {native.workdir}\n")
        else:
            shutil.rmtree(native.workdir, ignore_errors=True)


def _start_the_rest(stack: Stack, services: dict[str, Any]) -> None:
    """Gateway, workers, beat, Flower and Prometheus, all at once (each test waits for
    the parts it reads)."""
    native = stack.native
    variables = {"BATTLE_TOKEN_SECRET": secrets.token_hex(32)}  # the GM model's stay unset: no model
    gateway = services["gateway"]
    gateway_ports = [free_port() for _ in range(gateway["deploy"]["replicas"])]
    flower_port = free_port()
    addresses = {("redis", 6379): stack.redis_port, ("gateway", int(gateway["expose"][0])): gateway_ports[0]}

    def env_of(name: str) -> dict[str, str]:
        return {k: rewrite_hosts(v, addresses) for k, v in service_environment(services[name], variables).items()}

    for n, port in enumerate(gateway_ports, 1):
        argv = _replace_after(_replace_after(gateway["command"], "--host", "127.0.0.1"), "--port", str(port))
        stack.parts[f"gateway-{n}"] = native.start(f"gateway-{n}", argv, env_of("gateway"))
        stack.gateway_urls.append(f"http://127.0.0.1:{port}")
    stack.gateway_url = stack.gateway_urls[0]
    if shutil.which("nginx") is not None:
        proxy_port = free_port()
        conf = _nginx_config(stack, mounted_source(services["proxy"], "/etc/nginx/nginx.conf"),
                             gateway_ports, proxy_port)
        stack.parts["proxy"] = native.start("proxy", ["nginx", "-c", str(conf), "-p", str(conf.parent),
                                                      "-g", "daemon off;"], {})
        stack.gateway_url = f"http://127.0.0.1:{proxy_port}"

    worker = services["worker"]
    worker_port = int(worker["environment"]["MARINARA_METRICS_PORT"])
    stack.worker_ports = [free_port() for _ in range(worker["deploy"]["replicas"])]
    for n, port in enumerate(stack.worker_ports, 1):
        env = env_of("worker")
        # Natively the replicas share one host, which containers never do: each needs its own
        # metrics port and its own empty multiprocess directory (compose gives every container
        # 9808 and a tmpfs at /run/prometheus), and its own node name (`%h` is each
        # container's own host name there).
        env["MARINARA_METRICS_PORT"] = str(port)
        env["PROMETHEUS_MULTIPROC_DIR"] = str(native.tmpdir(f"worker-{n}-multiproc"))
        argv = list(worker["command"])
        argv[argv.index("-n") + 1] = argv[argv.index("-n") + 1].replace("%h", f"%h-{n}")
        stack.parts[f"worker-{n}"] = native.start(f"worker-{n}", argv, env)

    argv = _replace_after(services["beat"]["command"], "-s", str(native.tmpdir("beat") / "celerybeat-schedule"))
    stack.parts["beat"] = native.start("beat", argv, env_of("beat"))

    env = env_of("flower")
    assert int(env["FLOWER_PORT"]) == _container_port(services["flower"])
    env["FLOWER_PORT"] = str(flower_port)
    env["FLOWER_ADDRESS"] = "127.0.0.1"  # a shared host: loopback only
    stack.parts["flower"] = native.start("flower", services["flower"]["command"], env)
    stack.flower_url = f"http://127.0.0.1:{flower_port}"

    if shutil.which("prometheus") is None:
        return  # test_prometheus_* says so
    prometheus, prometheus_port = services["prometheus"], free_port()
    argv = ["prometheus"]
    for arg in prometheus["command"]:
        name, _, value = arg.partition("=")
        if name == "--config.file":
            copy = _prometheus_config(stack, mounted_source(prometheus, value), addresses, worker_port,
                                      int(gateway["expose"][0]))
            arg = f"{name}={copy}"
        elif name == "--storage.tsdb.path":
            arg = f"{name}={native.tmpdir('prometheus-data')}"
        argv.append(arg)
    argv.append(f"--web.listen-address=127.0.0.1:{prometheus_port}")
    stack.parts["prometheus"] = native.start("prometheus", argv, {})
    stack.prometheus_url = f"http://127.0.0.1:{prometheus_port}"


def _ready_workers(stack: Stack) -> list[str]:
    """Both workers' node names, once each has logged that it is ready."""
    workers = [p for name, p in stack.parts.items() if name.startswith("worker-")]

    def names() -> list[str] | None:
        found = [re.search(r"(\S+@\S+) ready\.", w.text()) for w in workers]
        return [m.group(1) for m in found] if all(found) else None

    return wait_for(names, START, "both workers ready", *workers)


def test_redis_runs_with_the_durability_and_eviction_of_redis_conf(stack):
    import redis

    conf = _conf_settings(stack.redis_conf)
    client = redis.Redis(port=stack.redis_port, decode_responses=True)
    try:
        for name in ("appendonly", "appendfsync", "maxmemory-policy"):
            assert client.config_get(name) == {name: conf[name]}
        assert (conf["appendonly"], conf["appendfsync"], conf["maxmemory-policy"]) == ("yes", "everysec", "noeviction")
        assert client.config_get("maxmemory") == {"maxmemory": str(1024 ** 3)} and conf["maxmemory"] == "1gb"
        data = Path(client.config_get("dir")["dir"])
        assert data == stack.native.workdir / "redis" and (data / "appendonlydir").is_dir()
    finally:
        client.close()


def test_promtool_accepts_prometheus_yml():
    if shutil.which("promtool") is None:
        pytest.skip("promtool is not installed (apt-get install prometheus; .ci/run does)")
    done = subprocess.run(["promtool", "check", "config", "deploy/prometheus.yml"], cwd=ROOT,
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "SUCCESS" in done.stdout


def test_a_whole_battle_is_played_through_the_gateway_by_both_workers(stack):
    names = _ready_workers(stack)
    assert len(names) == 2 and len(set(names)) == 2
    gateways = [stack.parts[f"gateway-{n}"] for n in range(1, len(stack.gateway_urls) + 1)]
    for url, gateway in zip(stack.gateway_urls, gateways):
        wait_for(lambda: _http(f"{url}/readyz")[0] == 200, START,
                 "the gateway's /readyz (Redis reachable and a worker answering)", gateway, stack.parts["worker-1"])
    answered, events = asyncio.run(asyncio.wait_for(_play(stack.gateway_url), 60))
    assert events == _reference(SEED), "the native stack rolls exactly the seed's dice"

    # Whichever gateway the proxy chose for each request, together they count the battle once.
    texts = [_http(f"{url}/metrics") for url in stack.gateway_urls]
    assert all(status == 200 for status, _ in texts)
    assert sum(sample(text, "battle_battles_created_total") for _, text in texts) == 1.0
    assert sum(sample(text, "battle_choices_total", code="ok", outcome="accepted") for _, text in texts) == answered
    assert sum(sample(text, "battle_choice_round_trip_seconds_count") for _, text in texts) == answered
    if "proxy" in stack.parts:
        # The proxy's log names the gateway that answered each request (and never a query string).
        log = stack.parts["proxy"].text()
        assert {url.removeprefix("http://") for url in stack.gateway_urls} <= set(log.split()), log[-2000:]
        assert "token=" not in log and "/ws" in log

    advanced = []
    for text in stack.worker_metrics():
        seen = sample(text, "marinara_worker_task_duration_seconds_count", task="battle.advance")
        assert seen == sample(text, "marinara_worker_tasks_total", task="battle.advance", outcome="ok")
        advanced.append(seen)
    assert sum(advanced) == answered, f"every choice advanced once by a worker: {advanced}"
    assert all(n >= 1 for n in advanced), f"both workers took choices: {advanced}"


async def _play(url: str) -> tuple[int, list[dict]]:
    """Two players (one over HTTP, one over the socket) and the GM watching, through the
    tests' own gateway clients: (choices sent, the events the GM's socket saw)."""
    import aiohttp

    async with aiohttp.ClientSession(base_url=url) as client:
        created = await create(client)
        events, answered = await play_two_players(client, created)
        r = await client.get(f"/v1/battles/{created['battle']}/events", headers=bearer(created["tokens"]["p1"]))
        assert (await r.json())["events"] == events
    return answered["p1"] + answered["p2"], events


def test_beat_sends_the_window_sweeper_and_the_workers_run_it(stack):
    _ready_workers(stack)
    beat = stack.parts["beat"]

    def swept() -> float:
        return sum(sample(text, "marinara_worker_tasks_total", task="battle.sweep_windows", outcome="ok")
                   for text in stack.worker_metrics())

    first = wait_for(swept, SWEEP_WAIT, "a worker ran battle.sweep_windows", beat,
                     stack.parts["worker-1"], stack.parts["worker-2"])
    wait_for(lambda: swept() > first, SWEEP_WAIT, "battle.sweep_windows ran again", beat)
    assert "Sending due task sweep-windows (battle.sweep_windows)" in beat.text()


def test_flower_sees_both_workers_and_the_queues(stack):
    """Flower's own /metrics (its /api answers 401 unless auth or FLOWER_UNAUTHENTICATED_API
    is set, which compose leaves alone); its broker page lists the workers' queues once it
    has asked the workers (Flower asks at its start, before the workers are up, and again on
    a refresh, as the dashboard's Refresh button does)."""
    names = _ready_workers(stack)
    flower = stack.parts["flower"]

    def online() -> dict[str, float] | None:
        status, text = _http(f"{stack.flower_url}/metrics")
        seen = {dict(labels)["worker"]: value for (name, labels), value in samples(text).items()
                if status == 200 and name == "flower_worker_online"}
        return seen if set(names) <= set(seen) else None

    seen = wait_for(online, START, "Flower's flower_worker_online for both workers", flower)
    assert {name: seen[name] for name in names} == {name: 1.0 for name in names}

    def queues() -> list[str] | None:
        assert _http(f"{stack.flower_url}/workers?refresh=1&json=1")[0] == 200
        status, page = _http(f"{stack.flower_url}/broker")
        listed = sorted(re.findall(r'<tr id="([^"]+)">', page))  # one row per queue
        return listed if status == 200 and "turns" in listed else None

    assert wait_for(queues, START, "Flower's broker page lists the workers' queues", flower, every=1.0) == [
        "director", "llm", "turns"]


def test_prometheus_scrapes_the_gateway_and_both_workers(stack):
    if "prometheus" not in stack.parts:
        pytest.skip("prometheus is not installed (apt-get install prometheus; .ci/run does)")
    _ready_workers(stack)
    expected = {("gateway", url.removeprefix("http://")) for url in stack.gateway_urls} | {
        ("worker", f"127.0.0.1:{port}") for port in stack.worker_ports}

    seen: dict[tuple[str, str], str] = {}

    def up() -> bool:
        status, text = _http(f"{stack.prometheus_url}/api/v1/query?query=up")
        assert status == 200, text
        seen.clear()
        seen.update({(r["metric"]["job"], r["metric"]["instance"]): r["value"][1]
                     for r in json.loads(text)["data"]["result"]})
        return seen == {target: "1" for target in expected}

    try:
        wait_for(up, START, f"Prometheus's up == 1 for {sorted(expected)}", stack.parts["prometheus"])
    except AssertionError as failed:
        status, targets = _http(f"{stack.prometheus_url}/api/v1/targets")
        raise AssertionError(f"{failed}\nlast `up`: {seen}\n/api/v1/targets: {targets[:3000]}") from None

    def series(query: str) -> list[dict] | None:
        status, text = _http(f"{stack.prometheus_url}/api/v1/query?{urllib.parse.urlencode({'query': query})}")
        return json.loads(text)["data"]["result"] if status == 200 else None

    # What the dashboard reads arrives under the jobs' labels: a gauge of the gateway, a
    # counter from the workers' multiprocess files (beat's sweeper runs every few seconds).
    gauge = wait_for(lambda: series('battle_queue_depth{job="gateway",queue="turns"}'), START,
                     "the gateway's battle_queue_depth in Prometheus", stack.parts["prometheus"])
    assert sorted((s["metric"]["instance"], s["value"][1]) for s in gauge) == sorted(
        (url[7:], "0") for url in stack.gateway_urls)
    swept = wait_for(lambda: series('marinara_worker_tasks_total{job="worker",task="battle.sweep_windows"}'),
                     SWEEP_WAIT + 2, "the workers' battle.sweep_windows count in Prometheus", stack.parts["prometheus"])
    assert {s["metric"]["outcome"] for s in swept} == {"ok"}


def test_no_part_writes_where_it_starts(stack):
    """The image's /app is root's and the parts run as `battle`: a file written in the
    working directory would fail there."""
    assert sorted(p.name for p in stack.cwd.iterdir()) == []


def test_compose_variables_are_interpolated_as_compose_does():
    from tests.deploy.native_stack import interpolate

    assert interpolate("${A:-fallback}/${B:-}/${C}", {"C": "c"}) == "fallback//c"
    assert interpolate("${A:?set A}", {"A": "secret"}) == "secret"
    assert interpolate("$${A} costs $$5", {"A": "x"}) == "${A} costs $5"
    with pytest.raises(ValueError, match="compose.yaml needs A: set A"):
        interpolate("${A:?set A}", {"A": ""})
    with pytest.raises(ValueError, match="BATTLE_TOKEN_SECRET"):
        service_environment(load_compose()["services"]["gateway"], {})
