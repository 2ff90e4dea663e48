"""deploy/ stays in step with the code: the files parse, compose runs every part, each
environment variable the code reads is set, and every metric on the dashboard exists."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import ROOT

yaml = pytest.importorskip("yaml", reason="PyYAML is not installed; the deploy YAML cannot be parsed")

DEPLOY = ROOT / "deploy"
DASHBOARD = DEPLOY / "grafana" / "dashboards" / "marinara-battle.json"
SERVICES = {"redis", "gateway", "proxy", "worker", "beat", "prometheus", "grafana", "flower"}
ENV_READ = re.compile(r"""environ(?:\.get\(|\[)\s*["']([A-Z][A-Z0-9_]+)["']""")
ENV_CONST = re.compile(r"""^[A-Z_]*ENV[A-Z_]*\s*=\s*["']([A-Z][A-Z0-9_]+)["']""", re.M)
TEST_ONLY = {"MARINARA_TEST_CRASH_DIR"}


def _compose() -> dict:
    return yaml.safe_load((DEPLOY / "compose.yaml").read_text())


def _env_read_by(folder: str) -> set[str]:
    names: set[str] = set()
    for path in (ROOT / folder).rglob("*.py"):
        text = path.read_text()
        names |= set(ENV_READ.findall(text)) | set(ENV_CONST.findall(text))
    return names - TEST_ONLY


def _environment(service: dict) -> dict:
    env = service.get("environment") or {}
    assert isinstance(env, dict), "environment is written as a mapping"
    return env


def test_compose_runs_every_part():
    services = _compose()["services"]
    assert SERVICES <= set(services)
    assert services["worker"]["deploy"]["replicas"] == 2
    assert services["worker"]["command"][:2] == ["battle", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "worker.app", "beat"]


def test_every_environment_variable_the_code_reads_is_set():
    from shared.service.settings import ENV_NAMES

    services = _compose()["services"]
    read = _env_read_by("worker") | _env_read_by("shared/service")
    worker_needs = (read | set(ENV_NAMES)) - {"PROMETHEUS_MULTIPROC_DIR", "MARINARA_METRICS_PORT"}
    for name in ("worker", "beat", "gateway"):
        missing = worker_needs - set(_environment(services[name]))
        assert not missing, f"{name} does not set {sorted(missing)}"
    worker_env = _environment(services["worker"])
    assert worker_env["PROMETHEUS_MULTIPROC_DIR"] in services["worker"]["tmpfs"]
    assert "MARINARA_METRICS_PORT" in worker_env
    gateway_missing = _env_read_by("gateway") - set(_environment(services["gateway"]))
    assert not gateway_missing, f"gateway does not set {sorted(gateway_missing)}"


def test_the_gateways_scale_behind_an_off_the_shelf_proxy_that_passes_websockets():
    """Two gateway replicas, no host port of their own, behind the stock nginx image with
    deploy/nginx.conf: HTTP/1.1 upstream with the Upgrade and Connection headers passed (a
    WebSocket handshake goes through), sockets held an hour, no buffering, no query string
    (a socket's ?token=) in its log, a POST never sent to a second gateway, and every gateway
    with the one BATTLE_TOKEN_SECRET (the shared x-app environment)."""
    services = _compose()["services"]
    gateway, proxy = services["gateway"], services["proxy"]
    assert gateway["deploy"]["replicas"] == 2 and "ports" not in gateway
    assert gateway["command"][-2:] == ["--port", gateway["expose"][0]]
    assert proxy["image"].startswith("nginx:") and proxy["ports"] == ["8080:8080"]
    assert proxy["volumes"] == ["./nginx.conf:/etc/nginx/nginx.conf:ro"]
    assert proxy["depends_on"] == ["gateway"]
    assert _environment(gateway)["BATTLE_TOKEN_SECRET"].startswith("${BATTLE_TOKEN_SECRET:?")
    text = (DEPLOY / "nginx.conf").read_text()
    lines = {" ".join(line.split()).rstrip(";") for line in text.splitlines() if line.strip() and
             not line.strip().startswith("#")}
    for wanted in ("server gateway:8080 max_fails=1 fail_timeout=5s", "proxy_pass http://gateways",
                   "proxy_http_version 1.1", "proxy_set_header Upgrade $http_upgrade",
                   "proxy_set_header Connection $connection_upgrade", "default upgrade",
                   "proxy_read_timeout 1h", "proxy_buffering off", "listen 8080",
                   "access_log /dev/stdout noquery", "proxy_next_upstream error timeout http_502 http_503"):
        assert wanted in lines, f"deploy/nginx.conf lacks {wanted!r}"
    noquery = text.split("log_format noquery", 1)[1].split(";", 1)[0]
    assert "$uri" in noquery and "$request " not in noquery and "$args" not in noquery
    assert "$request_uri" not in noquery and "non_idempotent" not in text


def test_prometheus_scrapes_the_gateway_and_every_worker():
    config = yaml.safe_load((DEPLOY / "prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in config["scrape_configs"]}
    port = int(_compose()["services"]["gateway"]["expose"][0])
    assert jobs["gateway"]["dns_sd_configs"][0] == {"names": ["gateway"], "type": "A", "port": port,
                                                    "refresh_interval": "30s"}
    port = _environment(_compose()["services"]["worker"])["MARINARA_METRICS_PORT"]
    assert jobs["worker"]["dns_sd_configs"][0] == {"names": ["worker"], "type": "A", "port": int(port),
                                                   "refresh_interval": "30s"}


def test_redis_never_evicts_and_keeps_an_append_only_file():
    lines = [line.split() for line in (DEPLOY / "redis.conf").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    settings = {words[0]: words[1:] for words in lines}
    assert settings["maxmemory-policy"] == ["noeviction"]
    assert settings["appendonly"] == ["yes"] and settings["appendfsync"] == ["everysec"]


def test_grafana_provisioning_points_at_the_dashboard():
    compose = _compose()["services"]["grafana"]["volumes"]
    source = yaml.safe_load((DEPLOY / "grafana/provisioning/datasources/prometheus.yaml").read_text())
    provider = yaml.safe_load((DEPLOY / "grafana/provisioning/dashboards/marinara-battle.yaml").read_text())
    path = provider["providers"][0]["options"]["path"]
    assert f"./grafana/dashboards:{path}:ro" in compose
    dashboard = json.loads(DASHBOARD.read_text())
    uids = {p["datasource"]["uid"] for p in dashboard["panels"]}
    assert uids == {source["datasources"][0]["uid"]}


def test_every_metric_on_the_dashboard_exists_in_the_code():
    dashboard = json.loads(DASHBOARD.read_text())
    exprs = " ".join(t["expr"] for p in dashboard["panels"] for t in p["targets"])
    used = {re.sub(r"_(bucket|count|sum)$", "", m) for m in re.findall(r"\b((?:battle|marinara)_[a-z_]+)\b", exprs)}
    code = " ".join(p.read_text() for d in ("worker", "gateway", "shared/service")
                    for p in (ROOT / d).rglob("metrics.py"))
    declared = set(re.findall(r"""["']((?:battle|marinara)_[a-z_]+)["']""", code))
    declared |= {name.removesuffix("_total") for name in declared}
    assert used and used <= declared, f"not in the code: {sorted(used - declared)}"


def _compose_cli() -> list[str] | None:
    """`docker compose` (the plugin) or `docker-compose`, whichever answers; None: neither."""
    import shutil
    import subprocess

    for argv in (["docker", "compose"], ["docker-compose"]):
        if shutil.which(argv[0]) is None:
            continue
        try:
            done = subprocess.run([*argv, "version"], capture_output=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.returncode == 0:
            return argv
    return None


def test_compose_config_validates_with_the_compose_cli_when_one_is_installed():
    """Client-side only: the compose CLI checks the file against its schema and resolves
    every anchor and variable; no daemon is needed, and nothing is started."""
    import os
    import subprocess

    cli = _compose_cli()
    if cli is None:
        pytest.skip("no `docker compose` plugin or `docker-compose` is installed to check the file with")
    env = {**os.environ, "BATTLE_TOKEN_SECRET": "a-long-random-string-for-the-check"}
    done = subprocess.run([*cli, "-f", str(DEPLOY / "compose.yaml"), "config"], capture_output=True,
                          text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    resolved = yaml.safe_load(done.stdout)
    assert SERVICES <= set(resolved["services"])
    worker = resolved["services"]["worker"]
    assert worker["environment"]["MARINARA_METRICS_PORT"] == "9808"
    assert worker["environment"]["MARINARA_BROKER_URL"] == "redis://redis:6379/1"
    env.pop("BATTLE_TOKEN_SECRET")
    refused = subprocess.run([*cli, "-f", str(DEPLOY / "compose.yaml"), "config"], capture_output=True,
                             text=True, env=env, timeout=60)
    assert refused.returncode != 0 and "BATTLE_TOKEN_SECRET" in refused.stdout + refused.stderr


def _declared_labels() -> dict[str, set[str]]:
    """Metric name -> its label names, from the metrics the worker and the gateway declare
    (the GM model's among them, `GM`, named by the service layer)."""
    import gateway.metrics
    import worker.metrics
    from prometheus_client.metrics import MetricWrapperBase

    out: dict[str, set[str]] = {}
    for holder in (worker.metrics, gateway.metrics, worker.metrics.GM, gateway.metrics.GM):
        for value in vars(holder).values():
            if isinstance(value, MetricWrapperBase):
                name = value._name.removesuffix("_total")
                out[name] = set(value._labelnames)
    return out


def test_the_gm_panels_read_the_gm_metrics_by_labels_they_have():
    dashboard = json.loads(DASHBOARD.read_text())
    by_title = {p["title"]: [t["expr"] for t in p["targets"]] for p in dashboard["panels"]}
    assert by_title["GM calls per minute by outcome"] == [
        "sum by (call, outcome) (rate(marinara_gm_calls_total[5m])) * 60"]
    assert [e.split("(", 1)[1][:4] for e in by_title["GM model latency"]] == ["0.5,", "0.99"]
    assert all("marinara_gm_model_seconds_bucket" in e for e in by_title["GM model latency"])
    assert by_title["GM tokens per minute"] == ["sum by (call, kind) (rate(marinara_gm_tokens_total[5m])) * 60"]
    labels = _declared_labels()
    for exprs in by_title.values():
        for expr in exprs:
            names = {re.sub(r"_(bucket|count|sum|total)$", "", m)
                     for m in re.findall(r"\b((?:battle|marinara)_[a-z_]+)\b", expr)}
            grouped = {g.strip() for by in re.findall(r"by \(([^)]*)\)", expr) for g in by.split(",")} - {"le"}
            for name in names:
                assert grouped <= labels[name], f"{expr}: {name} has no label {sorted(grouped - labels[name])}"
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))


def test_every_metric_the_code_exports_is_explained_in_operations_md():
    """docs/operations.md says what each metric means; a metric added to the code without a
    line there fails here."""
    from prometheus_client import Counter, Gauge, Histogram

    import gateway.metrics
    import worker.metrics

    # A counter's own name drops the `_total` it is scraped with.
    exported = {m._name + ("_total" if isinstance(m, Counter) else "")
                for holder in (gateway.metrics, worker.metrics, worker.metrics.GM, gateway.metrics.GM)
                for m in vars(holder).values()
                if isinstance(m, (Counter, Gauge, Histogram))}
    assert len(exported) >= 15
    text = (ROOT / "docs" / "operations.md").read_text()
    missing = sorted(name for name in exported if name not in text)
    assert not missing, f"docs/operations.md does not explain {missing}"


def test_the_image_copies_every_package_the_distribution_installs():
    """`pip install .` in the image installs what pyproject's package list finds; a package
    left out of the COPY lines (the console script's `battle/`, say) is missing there."""
    import tomllib

    include = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = {pattern.rstrip("*") for pattern in include}
    assert packages == {"shared", "worker", "gateway", "battle"}
    copied = set(re.findall(r"^COPY (\S+) \./\1$", (DEPLOY / "Dockerfile").read_text(), re.M))
    assert packages <= copied, f"the image does not copy {sorted(packages - copied)}"
