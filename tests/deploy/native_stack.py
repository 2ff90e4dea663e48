"""deploy/compose.yaml's services run as plain processes on this machine (no Docker).

Owns: reading the compose file (PyYAML resolves the `x-app` anchor and its merge keys;
`${VAR:?...}` / `${VAR:-...}` are interpolated here as compose does), turning one
service's `command` and `environment` into a native argv and environment, and the
processes started from them (each in a session of its own, with its log in a file, all
stopped by `NativeStack.stop`). The tests rewrite only what a shared host forces: service
host names become 127.0.0.1 and container ports free ports (servers listen on loopback
only), container paths the files their volumes mount or temporary directories; the rest
of each service's command and environment is used as written, so the tests break when
compose.yaml drifts.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, TypeVar

import yaml

from tests.conftest import ROOT
from tests.redis_harness import free_port

DEPLOY = ROOT / "deploy"
COMPOSE = DEPLOY / "compose.yaml"
#: Where `battle` and `celery` (Flower's too) are: this interpreter's virtualenv.
VENV_BIN = Path(sys.executable).parent

T = TypeVar("T")

_VARIABLE = re.compile(r"\$\{(?P<name>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:[?-])(?P<arg>[^}]*))?\}")


def load_compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())


def interpolate(value: str, variables: Mapping[str, str]) -> str:
    """Compose's `${NAME}`, `${NAME:-default}` and `${NAME:?error}` against `variables`."""

    def one(match: re.Match[str]) -> str:
        name, op, arg = match.group("name", "op", "arg")
        found = variables.get(name) or ""
        if op == ":?" and not found:
            raise ValueError(f"compose.yaml needs {name}: {arg}")
        if op == ":-" and not found:
            return arg
        return found

    return _VARIABLE.sub(one, value.replace("$$", "\0")).replace("\0", "$")


def service_environment(service: Mapping[str, Any], variables: Mapping[str, str]) -> dict[str, str]:
    """The service's environment as compose hands it to the container (anchors merged)."""
    env = service.get("environment") or {}
    assert isinstance(env, dict), "environment is written as a mapping"
    return {name: interpolate(str(value), variables) for name, value in env.items()}


def rewrite_hosts(value: str, addresses: Mapping[tuple[str, int], int]) -> str:
    """`scheme://service:port` (a compose service name on the compose network) becomes
    `scheme://127.0.0.1:<its native port>`."""

    def one(match: re.Match[str]) -> str:
        host, port = match.group(1), int(match.group(2))
        native = addresses.get((host, port))
        return f"://127.0.0.1:{native}" if native is not None else match.group(0)

    return re.sub(r"://([a-z][a-z0-9_-]*):(\d+)", one, value)


def mounted_source(service: Mapping[str, Any], target: str) -> Path:
    """The host file a service's volume mounts at `target` (relative to deploy/)."""
    for volume in service.get("volumes") or []:
        source, _, rest = volume.partition(":")
        if rest.split(":")[0] == target and source.startswith("."):
            return (DEPLOY / source).resolve()
    raise AssertionError(f"no volume mounts a file of deploy/ at {target}")


@dataclass
class Process:
    name: str
    popen: subprocess.Popen[bytes]
    log: Path

    def text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def tail(self, chars: int = 3000) -> str:
        return f"--- {self.name} (pid {self.popen.pid}, exit {self.popen.poll()}) log tail:\n{self.text()[-chars:]}"

    def stop(self, grace: float = 15.0) -> None:
        """SIGTERM to the process's own session (a prefork worker's children too), then
        SIGKILL to what is left after `grace` seconds."""
        group = self.popen.pid  # start_new_session: the group id is the leader's pid
        if self.popen.poll() is None:
            _signal_group(group, signal.SIGTERM)
            try:
                self.popen.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
        _signal_group(group, signal.SIGKILL)
        if self.popen.poll() is None:
            self.popen.wait(timeout=5)


def _signal_group(group: int, sig: signal.Signals) -> None:
    try:
        os.killpg(group, sig)
    except (ProcessLookupError, PermissionError):
        pass


@dataclass
class NativeStack:
    """Processes started from compose services, their logs under `workdir`."""

    workdir: Path
    #: Where the processes start (the repository root unless set).
    cwd: Path = ROOT
    processes: list[Process] = field(default_factory=list)

    @classmethod
    def create(cls) -> "NativeStack":
        return cls(Path(tempfile.mkdtemp(prefix="marinara-stack-")))

    def tmpdir(self, name: str) -> Path:
        path = self.workdir / name
        path.mkdir(parents=True, exist_ok=False)
        return path

    def start(self, name: str, argv: list[str], env: Mapping[str, str]) -> Process:
        """Starts `argv` in `cwd` with exactly `env` plus PATH (the virtualenv's scripts first)
        and HOME: a container has its own, and inherits nothing from the host."""
        full_env = {"PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
                    "HOME": os.environ.get("HOME", str(self.workdir)), "PYTHONUNBUFFERED": "1", **env}
        log = self.workdir / f"{name}.log"
        with log.open("wb") as out:
            popen = subprocess.Popen(argv, cwd=self.cwd, env=full_env, stdout=out, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        process = Process(name, popen, log)
        self.processes.append(process)
        return process

    def logs(self) -> str:
        return "\n".join(p.tail() for p in self.processes)

    def stop(self) -> None:
        # In reverse: the clients of Redis first, Redis last.
        for process in reversed(self.processes):
            process.stop()


def wait_for(check: Callable[[], T | None], timeout: float, what: str, *watched: Process,
             every: float = 0.2) -> T:
    """Calls `check` until it answers something truthy; fails after `timeout` seconds, or as
    soon as a watched process exits, with `what` and the watched processes' log tails."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while True:
        try:
            found = check()
        except Exception as exc:  # a server not up yet refuses connections
            found, last = None, exc
        if found:
            return found
        dead = [p for p in watched if p.popen.poll() is not None]
        if dead or time.monotonic() > deadline:
            why = f"exited ({', '.join(p.name for p in dead)})" if dead else f"not within {timeout:.0f}s"
            logs = "\n".join(p.tail() for p in watched)
            raise AssertionError(f"{what}: {why}; last error: {last!r}\n{logs}")
        time.sleep(every)


__all__ = ["NativeStack", "Process", "free_port", "interpolate", "load_compose", "mounted_source",
           "rewrite_hosts", "service_environment", "wait_for"]
