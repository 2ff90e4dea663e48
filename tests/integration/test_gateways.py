"""Several gateways on one store: two `battle serve` processes, two real Celery workers and
a real Redis, the way a deployment scales the gateway behind a reverse proxy
(deploy/compose.yaml).

One battle is played with choices posted to both gateways and sockets open on both; then:

* **Queued and refused read the same on every gateway**: a choice one gateway accepted
  reads `queued` on the other while its worker holds it, and a choice the rules refuse
  after both gateways' checks passed it (another choice won its revision on the other
  gateway) reads `refused` with the same code on both.
* **The reconciler runs once across gateways**: a choice whose message the broker lost
  (its worker SIGKILLed, the message gone from the broker) is sent again by exactly one
  gateway (the sum of `battle_choices_resent_total` over both is 1) and applied once.
* **A gateway SIGKILLed mid-play loses nothing it accepted**: it answered 202 and died;
  the message is lost too, the survivor's reconciler sends it and it is applied once; the
  socket the dead gateway held reconnects to the survivor after its last seq and gets the
  rest with no gap.

The workers' visibility timeout is longer than the test, so only the gateways' outbox and
reconciler can bring a lost message back. Window deadlines are the beat's timer
(`battle.sweep_windows`, one beat per deployment), never a gateway's: a Celery gateway runs
no sweeper (checked below), so adding gateways adds no second clock.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import aiohttp
import pytest

from tests.conftest import ROOT
from tests.gateway.harness import FOES, PARTY, RULESET, SEED, bearer, token_for
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import free_port, redis_url

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

#: Longer than the test: a message the broker holds for a killed worker never comes back by
#: itself here, only through a gateway's reconciler.
VISIBILITY = 300
#: The gateway's own RESEND_AFTER (8 s) plus a reconciler turn (1 s) and slack for a loaded machine.
RESENT_WITHIN = 40.0
SECRET = "two-gateways-share-this-secret-" + "x" * 16


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory, {"MARINARA_VISIBILITY_TIMEOUT": str(VISIBILITY)})


class Gateway:
    """`battle serve` in a process of its own, on the stack's store and broker."""

    def __init__(self, stack: Stack, name: str) -> None:
        self.name, self.port = name, free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = Path(stack.logs) / f"gateway-{name}.log"
        env = {**stack.env, "BATTLE_TOKEN_SECRET": SECRET}
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "battle", "serve", "--host", "127.0.0.1", "--port", str(self.port)],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)

    def wait_ready(self, timeout: float = 30.0) -> None:
        import requests

        deadline = time.monotonic() + timeout
        while True:
            try:
                if requests.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return
            except requests.ConnectionError:
                pass
            assert self.process.poll() is None and time.monotonic() < deadline, (
                f"gateway {self.name} did not start:\n{self.log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to its sockets, nothing flushed."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


@pytest.fixture
def gateways(stack: Stack) -> Iterator[tuple[Gateway, Gateway]]:
    pair = (Gateway(stack, "a"), Gateway(stack, "b"))
    try:
        for gateway in pair:
            gateway.wait_ready()
        yield pair
    finally:
        for gateway in pair:
            gateway.stop()


def _drop_unacked(stack: Stack) -> int:
    """Removes every message the broker holds as unacknowledged (what a worker killed
    between taking a message and recording it leaves); answers how many."""
    import redis

    prefix = stack.env["MARINARA_BROKER_PREFIX"]
    client = redis.Redis.from_url(stack.env["REDIS_URL"])
    try:
        held = client.hlen(prefix + "unacked")
        client.delete(prefix + "unacked", prefix + "unacked_index")
    finally:
        client.close()
    return int(held)


async def _resent(session: aiohttp.ClientSession, url: str) -> float:
    text = await (await session.get(f"{url}/metrics")).text()
    found = re.search(r"^battle_choices_resent_total (\S+)$", text, re.MULTILINE)
    assert found, "the gateway exports battle_choices_resent_total"
    return float(found.group(1))


class Table:
    """The battle, seen through both gateways."""

    def __init__(self, session: aiohttp.ClientSession, created: dict[str, Any]) -> None:
        self.session, self.created, self.battle = session, created, created["battle"]

    async def get(self, url: str, path: str, token: str | None = None) -> Any:
        r = await self.session.get(f"{url}/v1/battles/{self.battle}{path}",
                                   headers=bearer(token or self.created["gm_token"]))
        assert r.status == 200, await r.text()
        return await r.json()

    async def settled(self, url: str, timeout: float = 30.0) -> dict[str, Any]:
        """The battle once it waits on a player (the Engine's moves after a choice done)."""
        deadline = time.monotonic() + timeout
        while True:
            view = await self.get(url, "")
            pending = view["state"]["pending"]
            if view["state"]["outcome"] or (pending is not None and pending["controller"] != "engine"):
                return view
            assert time.monotonic() < deadline, f"the battle never settled: {view['state']['pending']}"
            await asyncio.sleep(0.05)

    async def post(self, url: str, request_id: str) -> tuple[dict[str, Any], int]:
        """Posts the pending player's suggestion under `request_id`: (its menu, the status)."""
        view = await self.settled(url)
        assert not view["state"]["outcome"], "the fight ended before the test was done"
        _, token = token_for(self.created, view)
        menu = await self.get(url, "/menu", token)
        choice = {"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
                  "targets": menu["suggestion"]["targets"], "request_id": request_id, "revision": menu["revision"]}
        r = await self.session.post(f"{url}/v1/battles/{self.battle}/choices", json=choice, headers=bearer(token))
        assert r.status == 202, await r.text()
        return menu, r.status

    async def status(self, url: str, request_id: str) -> dict[str, Any]:
        status: dict[str, Any] = await self.get(url, f"/choices/{request_id}")
        return status

    async def status_becomes(self, url: str, request_id: str, wanted: str,
                             timeout: float = RESENT_WITHIN) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            status = await self.status(url, request_id)
            if status["status"] == wanted:
                return status
            assert time.monotonic() < deadline, f"{request_id} reads {status} on {url}, never {wanted}"
            await asyncio.sleep(0.1)


class Watcher:
    """The GM's socket on one gateway, collecting events; reconnects where told to."""

    def __init__(self, session: aiohttp.ClientSession, table: Table, url: str) -> None:
        self.session, self.table, self.url = session, table, url
        self.events: list[dict[str, Any]] = []
        self.reconnects = 0
        self.task: asyncio.Task[None] = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while True:
            after = self.events[-1]["seq"] if self.events else 0
            try:
                async with self.session.ws_connect(f"{self.url}/v1/battles/{self.table.battle}/ws",
                                                   params={"token": self.table.created["gm_token"],
                                                           "after": str(after)}) as ws:
                    async for msg in ws:
                        if msg.type != aiohttp.WSMsgType.TEXT:
                            break
                        data = msg.json()
                        if data["type"] == "event":
                            self.events.append(data["event"])
            except (aiohttp.ClientError, ConnectionError):
                pass
            await asyncio.sleep(0.2)

    def move_to(self, url: str) -> None:
        """Its gateway died: the next connect goes to `url`, after the last seq seen."""
        self.url = url
        self.reconnects += 1

    async def caught_up(self, last_seq: int, timeout: float = 30.0) -> list[int]:
        deadline = time.monotonic() + timeout
        while not self.events or self.events[-1]["seq"] < last_seq:
            assert time.monotonic() < deadline, f"the socket on {self.url} stopped at {self.events[-1:]}"
            await asyncio.sleep(0.05)
        return [e["seq"] for e in self.events]


def test_two_gateways_answer_alike_reconcile_once_and_lose_nothing_when_one_dies(stack, gateways):
    from gateway.celery_executor import CeleryExecutor

    a, b = gateways
    assert not hasattr(CeleryExecutor, "sweep_every"), "window deadlines are beat's timer, not a gateway's"

    async def main() -> None:
        async with aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=30)) as session:
            r = await session.post(f"{a.url}/v1/battles",
                                   json={"package": RULESET, "party": PARTY, "foes": FOES, "seed": SEED})
            assert r.status == 201, await r.text()
            table = Table(session, await r.json())
            # Tokens issued by one gateway are accepted by the other (one shared secret).
            assert (await table.get(b.url, ""))["battle"] == table.battle
            on_a, on_b = Watcher(session, table, a.url), Watcher(session, table, b.url)

            # Choices on both gateways, each read back as applied on the other.
            for i, (url, other) in enumerate([(a.url, b.url), (b.url, a.url)]):
                await table.post(url, f"play-{i}")
                await table.status_becomes(other, f"play-{i}", "applied")

            # Queued on the other gateway while a worker holds it; its message then lost
            # (the worker SIGKILLed, the broker's copy gone): one reconciler sends it again.
            (stack.crash_dir / "held-1.stop").touch()
            await table.post(a.url, "held-1")
            assert (await table.status_becomes(b.url, "held-1", "queued", 10))["status"] == "queued"
            assert (await table.status(a.url, "held-1"))["status"] == "queued"
            await asyncio.to_thread(stack.kill_armed, "held-1")
            assert await asyncio.to_thread(_drop_unacked, stack) == 1
            await asyncio.to_thread(stack.start_worker, "w3")
            applied = await table.status_becomes(b.url, "held-1", "applied")
            assert await table.status(a.url, "held-1") == applied
            resent = await _resent(session, a.url) + await _resent(session, b.url)
            assert resent == 1.0, f"the lost choice was sent again {resent} times across the gateways"

            # Refused after both gateways' checks passed it: held on A, beaten on B.
            (stack.crash_dir / "held-2.stop").touch()
            menu, _ = await table.post(a.url, "held-2")
            _, _ = await table.post(b.url, "rival-2")
            assert (await table.status_becomes(a.url, "rival-2", "applied"))["revision"] > menu["revision"]
            await asyncio.to_thread(stack.kill_armed, "held-2")
            assert await asyncio.to_thread(_drop_unacked, stack) == 1
            await asyncio.to_thread(stack.start_worker, "w4")
            refused = await table.status_becomes(b.url, "held-2", "refused")
            assert refused["code"] == "stale-revision", refused
            assert await table.status(a.url, "held-2") == refused
            assert stack.service.store.seen(table.battle, "held-2") is None, "refused: nothing applied"

            # A SIGKILLed mid-play: it accepted held-3 (202) and died; the message is lost
            # too. B's reconciler sends it; the socket A held moves to B after its last seq.
            (stack.crash_dir / "held-3.stop").touch()
            await table.post(a.url, "held-3")
            a.kill()
            on_a.move_to(b.url)
            await asyncio.to_thread(stack.kill_armed, "held-3")
            assert await asyncio.to_thread(_drop_unacked, stack) == 1
            await asyncio.to_thread(stack.start_worker, "w5")
            record = await table.status_becomes(b.url, "held-3", "applied")
            assert await _resent(session, b.url) >= 1.0
            # Play goes on through the survivor.
            await table.post(b.url, "after-kill")
            await table.status_becomes(b.url, "after-kill", "applied")
            stored = stack.service.store.events_after(table.battle, 0, limit=10_000)
            seqs_a = await on_a.caught_up(stored[-1]["seq"])
            seqs_b = await on_b.caught_up(stored[-1]["seq"])
            for task in (on_a.task, on_b.task):
                task.cancel()
            await asyncio.gather(on_a.task, on_b.task, return_exceptions=True)

        expected = list(range(1, stored[-1]["seq"] + 1))
        assert seqs_a == expected and seqs_b == expected, "every event once, in order, on both sockets"
        assert on_a.reconnects == 1
        # Every accepted choice applied exactly once, each at its own revision.
        accepted = [f"play-{i}" for i in range(2)] + ["held-1", "rival-2", "held-3", "after-kill"]
        seen = {rid: stack.service.store.seen(table.battle, rid) for rid in accepted}
        assert all(seen.values()), seen
        assert len({s.revision for s in seen.values()}) == len(accepted)
        assert seen["held-3"].revision == record["revision"]

    asyncio.run(main())
