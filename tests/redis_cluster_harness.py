"""A throwaway Redis Cluster for tests: three masters with one replica each, on loopback.

Owns: `RedisCluster` (six `redis-server --cluster-enabled yes` processes on free ports in a
temporary directory, joined by `redis-cli --cluster create --cluster-replicas 1`), waiting
until every node says `cluster_state:ok`, finding the master that serves a key, SIGKILLing a
master and waiting for its replica to take over, and stopping every process at the end.

`cluster-node-timeout` is short (1000 ms) so a failover takes a couple of seconds. Nothing is
persisted: a killed master's data lives on only in its replica.
"""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import random
import socket

import pytest

from tests.redis_harness import redis_package_missing

NODE_TIMEOUT_MS = 1000
START_TIMEOUT = 30.0


def _free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def cluster_port(taken: set[int]) -> int:
    """A free port whose cluster bus port (port + 10000) is free and exists too."""
    while True:
        port = random.randint(20000, 45000)
        if port not in taken and port + 10000 not in taken and _free(port) and _free(port + 10000):
            taken.update((port, port + 10000))
            return port


@dataclass
class RedisCluster:
    workdir: Path
    ports: list[int]
    processes: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    commands: dict[int, list[str]] = field(default_factory=dict)

    @property
    def url(self) -> str:
        """The store URL: every node as a start-up node."""
        return "redis+cluster://" + ",".join(f"127.0.0.1:{port}" for port in self.ports)

    def cli(self, port: int, *args: str, timeout: float = 5.0) -> str:
        done = subprocess.run(["redis-cli", "-p", str(port), *args], capture_output=True, text=True,
                              timeout=timeout, check=False)
        return done.stdout

    def live_ports(self) -> list[int]:
        return [p for p, proc in self.processes.items() if proc.poll() is None]

    def nodes(self) -> list[dict[str, str]]:
        """`CLUSTER NODES` as a live node sees it: id, port, role (master/slave), flags."""
        rows = []
        for line in self.cli(self.live_ports()[0], "cluster", "nodes").splitlines():
            parts = line.split()
            if len(parts) < 8:
                continue
            flags = parts[2].split(",")
            rows.append({"id": parts[0], "port": parts[1].split("@")[0].rsplit(":", 1)[1],
                         "role": "master" if "master" in flags else "slave", "flags": parts[2],
                         "master": parts[3]})
        return rows

    def master_of(self, key: str) -> int:
        """The port of the master that serves `key`'s slot now."""
        port = self.live_ports()[0]
        slot = int(self.cli(port, "cluster", "keyslot", key).strip())
        for line in self.cli(port, "cluster", "nodes").splitlines():
            parts = line.split()
            if "master" not in parts[2] or "fail" in parts[2]:
                continue
            for span in parts[8:]:
                low, _, high = span.partition("-")
                if low.isdigit() and int(low) <= slot <= int(high or low):
                    return int(parts[1].split("@")[0].rsplit(":", 1)[1])
        raise RuntimeError(f"no live master serves slot {slot}")

    def wait_ok(self, timeout: float = START_TIMEOUT) -> None:
        """Until every live node says the cluster is ok and no master is marked failing."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ports = self.live_ports()
            if all("cluster_state:ok" in self.cli(p, "cluster", "info") for p in ports):
                masters = [n for n in self.nodes() if n["role"] == "master" and "fail" not in n["flags"]]
                if len(masters) == 3:
                    return
            time.sleep(0.1)
        raise RuntimeError(f"the cluster did not become ok within {timeout:.0f}s")

    def wait_replicas_synced(self, timeout: float = START_TIMEOUT) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            infos = [self.cli(p, "info", "replication") for p in self.live_ports()]
            replicas = [i for i in infos if "role:slave" in i]
            if len(replicas) == 3 and all("master_link_status:up" in i for i in replicas):
                return
            time.sleep(0.1)
        raise RuntimeError("the replicas did not catch up with their masters")

    def taken_over(self, victim: int) -> bool:
        """Whether a replica now serves the killed master `victim`'s slots: three healthy
        masters, none of them the victim, and every live node's cluster state ok."""
        healthy = {int(n["port"]) for n in self.nodes() if n["role"] == "master" and "fail" not in n["flags"]}
        return (len(healthy) == 3 and victim not in healthy
                and all("cluster_state:ok" in self.cli(p, "cluster", "info") for p in self.live_ports()))

    def replica_of(self, master: int) -> int:
        """The port of the replica that follows the master on port `master`."""
        ids = {n["port"]: n["id"] for n in self.nodes()}
        for node in self.nodes():
            if node["role"] == "slave" and node["master"] == ids[str(master)]:
                return int(node["port"])
        raise RuntimeError(f"the master on {master} has no replica")

    def cluster_stats(self, port: int) -> dict[str, int]:
        """The node's `CLUSTER INFO` message counters (`cluster_stats_messages_*`), by name."""
        stats = {}
        for line in self.cli(port, "cluster", "info").splitlines():
            name, _, value = line.strip().partition(":")
            if name.startswith("cluster_stats_messages_"):
                stats[name[len("cluster_stats_messages_"):]] = int(value)
        return stats

    def kill(self, port: int) -> None:
        """SIGKILLs one node (no chance to flush or hand over)."""
        self.processes[port].send_signal(signal.SIGKILL)
        self.processes[port].wait(timeout=5)

    def restart(self, port: int) -> None:
        """Starts a killed node again on its port and directory: it rejoins as a replica."""
        self.processes[port] = subprocess.Popen(self.commands[port], stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL)

    def stop(self) -> None:
        for proc in self.processes.values():
            if proc.poll() is None:
                proc.terminate()
        for proc in self.processes.values():
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=5)
        shutil.rmtree(self.workdir, ignore_errors=True)


def start_cluster() -> RedisCluster:
    """Starts and joins the six nodes; raises RuntimeError saying why when it cannot."""
    binary = shutil.which("redis-server")
    if binary is None or shutil.which("redis-cli") is None:
        raise RuntimeError("no redis-server and redis-cli on PATH")
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, timeout=10, check=False).stdout
    found = re.search(r"v=(\d+)\.", version)
    if found is None or int(found.group(1)) < 7:
        # The store's feed on a cluster is sharded pub/sub (SPUBLISH, SSUBSCRIBE): Redis 7.0.
        raise RuntimeError(f"the cluster store needs Redis 7.0 or later, not {version.strip()!r}")
    taken: set[int] = set()
    cluster = RedisCluster(Path(tempfile.mkdtemp(prefix="marinara-cluster-")), [cluster_port(taken) for _ in range(6)])
    try:
        for port in cluster.ports:
            node_dir = cluster.workdir / str(port)
            node_dir.mkdir()
            cluster.commands[port] = [
                binary, "--port", str(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes",
                "--cluster-config-file", "nodes.conf", "--cluster-node-timeout", str(NODE_TIMEOUT_MS),
                "--save", "", "--appendonly", "no", "--dir", str(node_dir), "--daemonize", "no",
                "--loglevel", "warning"]
            cluster.restart(port)
        deadline = time.monotonic() + START_TIMEOUT
        while not all(cluster.cli(p, "ping").strip() == "PONG" for p in cluster.ports):
            if time.monotonic() > deadline:
                raise RuntimeError("the cluster's redis-server processes did not answer")
            time.sleep(0.05)
        created = subprocess.run(
            ["redis-cli", "--cluster", "create", *(f"127.0.0.1:{p}" for p in cluster.ports),
             "--cluster-replicas", "1", "--cluster-yes"],
            capture_output=True, text=True, timeout=START_TIMEOUT, check=False)
        if created.returncode != 0:
            raise RuntimeError(f"redis-cli --cluster create failed: {created.stdout[-500:]}{created.stderr[-500:]}")
        cluster.wait_ok()
        cluster.wait_replicas_synced()
        return cluster
    except BaseException:
        cluster.stop()
        raise


def running_cluster() -> Iterator[RedisCluster]:
    """A started cluster for a pytest fixture to yield, stopped after; the test is skipped,
    saying why, when the redis package or the servers are missing."""
    missing = redis_package_missing()
    if missing:
        pytest.skip(missing)
    try:
        started = start_cluster()
    except RuntimeError as exc:
        pytest.skip(f"no Redis Cluster to test against: {exc}")
    try:
        yield started
    finally:
        started.stop()
