"""Redis going away and coming back, on throwaway `redis-server`s this module starts and
stops on free ports (the machine's shared Redis is never stopped), with AOF on as
deploy/redis.conf has it.

* The gateway (Celery executor, two real worker processes, one Redis for the store and the
  broker): with Redis down, `/readyz` and every route that needs the store answer 503 with
  a sentence saying so (`/healthz` still 200: the process is alive); when Redis returns the
  gateway answers again by itself, and every choice it answered 202 is in the battle
  exactly once.
* A worker whose store goes away under a choice it took (the broker on another Redis, up):
  it tries again after 0.5, 1, 2, ... seconds, a log line each, and applies the choice
  once when the store is back.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from gateway.errors import STORE_DOWN
from shared.combat import decide_for
from tests.conftest import EXAMPLES, revision_after
from tests.gateway.live import LiveGateway
from tests.integration.celery_stack import Stack, stack_fixture
from tests.redis_harness import answers, free_port, redis_url

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

RULESET = json.loads((EXAMPLES / "lantern-marsh.json").read_text())
PARTY = json.loads((EXAMPLES / "party.json").read_text())
FOES = json.loads((EXAMPLES / "foes.json").read_text())
WAIT = 60.0


class OwnRedis:
    """A redis-server of this test's own, with AOF (every write synced), that can be stopped
    and started again on the same port and data directory."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.skip("no redis-server on PATH to start and stop")
        self.binary, self.port = binary, free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="marinara-redis-down-"))
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
             "--appendfsync", "always", "--dir", str(self.dir), "--daemonize", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while not answers(self.url, timeout=0.2):
            assert self.process.poll() is None and time.monotonic() < deadline, "redis-server did not start"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=15)
        self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="module")
def own_redis() -> Iterator[OwnRedis]:
    server = OwnRedis()
    server.start()
    try:
        yield server
    finally:
        server.remove()


# -- the gateway --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stack(own_redis: OwnRedis, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(own_redis.url, tmp_path_factory)


def _until(what: str, check: Any, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout:.0f}s"
        time.sleep(0.1)


class Table:
    """Two players at one battle through the gateway's HTTP routes."""

    def __init__(self, url: str) -> None:
        self.url = url
        created = requests.post(f"{url}/v1/battles", json={"package": RULESET, "party": PARTY, "foes": FOES,
                                                           "seed": 2}, timeout=30)
        assert created.status_code == 201, created.text
        self.created = created.json()
        self.battle = self.created["battle"]
        self.accepted: list[str] = []

    def get(self, path: str, token: str | None = None) -> requests.Response:
        return requests.get(f"{self.url}{path}", headers={"Authorization": f"Bearer {token or self.created['gm_token']}"},
                            timeout=30)

    def settled(self) -> dict[str, Any] | None:
        """The battle's view once it waits on a person or has ended, else None."""
        view = self.get(f"/v1/battles/{self.battle}").json()
        return view if view["state"]["outcome"] or view["state"]["pending"] is not None else None

    def play(self, n: int) -> int:
        """Makes the next `n` choices (the pending player's suggestion); answers how many."""
        for _ in range(n):
            # A choice is "applied" before the Engine's own moves after it (a task of their
            # own): the next choice waits until somebody is asked again or the fight is over.
            view = _until("a settled battle", self.settled)
            pending = view["state"]["pending"]
            if view["state"]["outcome"] or pending is None:
                return len(self.accepted)
            token = self.created["tokens"][pending["player"]]
            menu = self.get(f"/v1/battles/{self.battle}/menu", token).json()
            rid = f"c{len(self.accepted)}"
            r = requests.post(f"{self.url}/v1/battles/{self.battle}/choices", timeout=30,
                              headers={"Authorization": f"Bearer {token}"},
                              json={"actor": menu["actor"], "option_id": menu["suggestion"]["option"],
                                    "targets": menu["suggestion"]["targets"], "request_id": rid,
                                    "revision": menu["revision"]})
            assert r.status_code == 202, r.text
            self.accepted.append(rid)
            _until(f"{rid} applied", lambda: self.get(f"/v1/battles/{self.battle}/choices/{rid}").json()["status"]
                   == "applied")
        return len(self.accepted)


def test_the_gateway_answers_503_while_redis_is_down_and_recovers_by_itself(own_redis, stack):
    with LiveGateway(executor="celery", store=stack.service.store, celery=stack.app) as gateway:
        table = Table(gateway.url)
        assert table.play(3) == 3
        revision = _until("a settled battle", table.settled)["revision"]
        token = table.created["tokens"]["p1"]
        b = f"/v1/battles/{table.battle}"
        own_redis.stop()
        down = {
            "readyz": requests.get(f"{gateway.url}/readyz", timeout=30),
            "battle": table.get(b),
            "menu": table.get(b + "/menu", token),
            "events": table.get(b + "/events"),
            "sheet": table.get(b + "/sheets/juno", token),
            "choice status": table.get(b + "/choices/c0"),
            "choice": requests.post(f"{gateway.url}{b}/choices", headers={"Authorization": f"Bearer {token}"},
                                    json={"actor": "juno", "option_id": "end-turn", "request_id": "while-down",
                                          "revision": revision}, timeout=30),
            "abandon": requests.post(f"{gateway.url}{b}/abandon", timeout=30,
                                     headers={"Authorization": f"Bearer {table.created['gm_token']}"}),
            "new battle": requests.post(f"{gateway.url}/v1/battles", timeout=30,
                                        json={"package": RULESET, "party": PARTY, "foes": FOES}),
            "ruleset": requests.post(f"{gateway.url}/v1/rulesets", json=RULESET, timeout=30),
            "game": requests.get(f"{gateway.url}/v1/games/g1", timeout=30),
        }
        healthz = requests.get(f"{gateway.url}/healthz", timeout=30)
        own_redis.start()
        _until("the gateway ready again", lambda: requests.get(f"{gateway.url}/readyz", timeout=30).status_code == 200)
        after = table.get(b).json()
        played = table.play(3)
        final = _until("a settled battle", table.settled)
        events = table.get(b + "/events?limit=500").json()["events"]
    assert healthz.status_code == 200
    readyz = down.pop("readyz")
    assert readyz.status_code == 503 and readyz.json()["ok"] is False
    assert readyz.json()["detail"].startswith("the battle store does not answer")
    for route, answer in down.items():
        assert (route, answer.status_code, answer.json()) == (
            route, 503, {"code": "store-unavailable", "message": STORE_DOWN})
    # Nothing was lost or done twice: the battle is where it was, and each 202 moved it on
    # (one revision, or two when the Engine's moves followed the choice).
    assert after["revision"] == revision and after["status"] == "active"
    assert played == 6
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    seen = [stack.service.store.seen(table.battle, rid) for rid in table.accepted]
    assert all(seen) and len({s.revision for s in seen}) == len(table.accepted)
    reached = sorted(s.revision for s in seen if s.revision > revision)
    assert len(reached) == 3 and reached[-1] == final["revision"]
    assert all(b - a in (1, 2) for a, b in zip([revision, *reached], reached))
    assert stack.service.store.seen(table.battle, "while-down") is None


# -- a worker ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def split(redis_url, own_redis, tmp_path_factory) -> Iterator[Stack]:
    """Workers with the broker on the test Redis and the battle store on `own_redis`."""
    yield from stack_fixture(redis_url, tmp_path_factory, extra_env={"MARINARA_VISIBILITY_TIMEOUT": "30"},
                             store_url=own_redis.url)


def test_a_worker_retries_with_backoff_while_the_store_is_down_and_applies_the_choice_once(own_redis, split):
    service = split.service
    digest = split.digest
    party = [dict(m, controller="player") for m in PARTY]
    created = service.create(digest, party, FOES, seed=2, battle_id="down-1")
    assert created["ok"], created
    state, revision = service.load("down-1")
    choice = decide_for(service.ruleset(digest), state)
    after = revision_after(service, "down-1", choice)
    own_redis.stop()
    started = time.monotonic()
    result = split.advance("down-1", revision, choice, "retry-1")
    _until("a worker meeting the store down", lambda: any(
        "battle.advance: the battle store cannot be reached" in w.text() for w in split.workers), timeout=20)
    time.sleep(2.0)
    own_redis.start()
    answer = result.get(timeout=WAIT)
    waited = time.monotonic() - started
    assert answer["ok"] and answer["revision"] == after, answer
    assert service.load("down-1")[1] == after
    assert service.store.seen("down-1", "retry-1").revision == after
    log = "".join(w.text() for w in split.workers)
    waits = [line.rsplit("trying again in ", 1)[1].strip() for line in log.splitlines()
             if "battle.advance: the battle store cannot be reached" in line]
    assert waits[:3] == ["0.5s", "1.0s", "2.0s"][: len(waits[:3])] and len(waits) >= 2, waits
    assert waited >= 2.0
