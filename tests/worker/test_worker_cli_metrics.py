"""`battle worker` hands its arguments to Celery; worker metrics add up across processes
in prometheus-client multiprocess mode."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from tests.conftest import ROOT

pytest.importorskip("celery", reason="celery is not installed (pip install 'celery[redis]>=5.4,<6')")


def _run(args: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})


def test_battle_worker_runs_celery_worker_on_every_queue():
    from worker.cli import celery_argv

    assert celery_argv(["--", "--concurrency", "2"])[1:] == [
        "-m", "celery", "-A", "worker.app", "worker", "-Q", "turns,director,llm", "--concurrency", "2"]
    shown = _run(["-m", "battle", "worker", "--", "--help"])
    assert shown.returncode == 0, shown.stderr
    assert "celery worker" in shown.stdout and "--concurrency" in shown.stdout


def test_other_commands_still_refuse_unknown_arguments():
    refused = _run(["-m", "battle", "validate", "--bogus", "x.json"])
    assert refused.returncode == 2 and "unrecognized arguments: --bogus" in refused.stderr


def test_shared_and_the_command_line_do_not_import_celery_aiohttp_or_prometheus_client():
    """The service layer included: its GM model client speaks HTTP through the standard
    library (`shared.service.chat`), its metrics go to an observer the process builds, and
    the Celery apps are built above it from plain configuration (`celery_config`)."""
    shown = _run(["-c", "import sys, battle.cli, shared.store, shared.store.task_messages, shared.service.battles, "
                        "shared.service.games, shared.service.jobs, shared.service.settings, shared.service.chat, "
                        "shared.service.metrics; "
                        "print('celery' in sys.modules, 'aiohttp' in sys.modules, 'kombu' in sys.modules, "
                        "'prometheus_client' in sys.modules)"])
    assert shown.stdout.strip() == "False False False False", shown.stderr


def test_the_gateway_loads_no_worker_module_even_when_it_builds_the_celery_app():
    """Beyond the import contracts (`make lint`): a broker transport is named by a dotted
    path kombu loads at run time, so the gateway's send-only app keeps kombu's own Redis
    transport (the workers' `worker.broker:Transport` is theirs); nothing the gateway loads
    is a `worker` module."""
    shown = _run(["-c", textwrap.dedent("""
        import sys
        import gateway.app, gateway.celery_executor, gateway.serve
        from gateway.broker import make_app
        app = make_app({})
        with app.connection_for_write() as connection:
            print(connection.get_transport_cls().__module__)
        print(sorted(m for m in sys.modules if m.split(".")[0] == "worker"))
    """)])
    assert shown.stdout.split("\n")[:2] == ["kombu.transport.redis", "[]"], shown.stderr


def test_metrics_from_two_processes_add_up(tmp_path):
    script = textwrap.dedent("""
        from worker import metrics
        metrics.observe("battle.advance", 0.02, "ok")
        metrics.observe("battle.advance", 0.5, "stale-revision")
    """)
    for _ in range(2):
        ran = _run(["-c", script], {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path)})
        assert ran.returncode == 0, ran.stderr
    shown = _run(["-c", "from prometheus_client import generate_latest; from worker import metrics; "
                        "print(generate_latest(metrics.registry()).decode())"],
                 {"PROMETHEUS_MULTIPROC_DIR": str(tmp_path)})
    text = shown.stdout
    assert 'marinara_worker_tasks_total{outcome="ok",task="battle.advance"} 2.0' in text, text
    assert 'marinara_worker_tasks_total{outcome="stale-revision",task="battle.advance"} 2.0' in text
    assert 'marinara_worker_task_duration_seconds_count{task="battle.advance"} 4.0' in text
