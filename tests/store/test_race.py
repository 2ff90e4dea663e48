"""Concurrency and properties of the compare-and-set, on both stores: twenty threads racing
on one battle, twenty deliveries of one request, and random sequences of saves (stale,
duplicated, with and without events and holds, with time passing) checked against a model."""

from __future__ import annotations

import itertools
import sys
import threading
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.store import UNCHANGED, Duplicate, RequestRecord, RevisionConflict, Saved, StoredBattle
from tests.store.conftest import DEDUPE_TTL, Rig

THREADS = 20
WINS = 200


@pytest.fixture
def eager_switching(rig: Rig) -> Iterator[None]:
    """Makes the interpreter switch threads between nearly every bytecode, so the memory
    store's threads really interleave between load and save (Redis calls release the GIL
    on every round trip already)."""
    if rig.kind != "memory":
        yield
        return
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def run_threads(count: int, target: Any) -> None:
    errors: list[BaseException] = []

    def guarded(index: int) -> None:
        try:
            target(index)
        except BaseException as exc:  # reported to the test below, not lost in a thread
            errors.append(exc)

    threads = [threading.Thread(target=guarded, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(t.is_alive() for t in threads), "a racing thread never finished"
    if errors:
        raise errors[0]


def test_twenty_threads_racing_one_battle_get_one_winner_per_revision(store, eager_switching):
    store.create("race", {"count": 0})
    barrier = threading.Barrier(THREADS)
    # Every thread loads revision 1 before any saves, so the first round always collides
    # (19 losses) however the scheduler interleaves the rest on a loaded machine.
    loaded_first = threading.Barrier(THREADS)
    lock = threading.Lock()
    wins: list[tuple[int, int, int]] = []
    losses: list[str] = []

    def racer(tid: int) -> None:
        barrier.wait()
        for attempt in itertools.count(1):
            battle = store.load("race")
            if attempt == 1:
                loaded_first.wait()
            if battle.state["count"] >= WINS:
                return
            event = {"seq": battle.last_seq + 1, "by": tid, "attempt": attempt}
            request_id = f"t{tid}-{attempt}"
            outcome = store.save(
                "race", battle.revision, {"count": battle.state["count"] + 1, "by": tid}, [event],
                request_id=request_id, result={"by": tid},
            )
            with lock:
                if isinstance(outcome, Saved):
                    wins.append((outcome.revision, tid, attempt))
                else:
                    assert isinstance(outcome, RevisionConflict), outcome
                    assert outcome.actual > outcome.expected
                    losses.append(request_id)

    run_threads(THREADS, racer)

    assert sorted(rev for rev, _, _ in wins) == list(range(2, WINS + 2)), "one winner per revision"
    assert losses, "the threads never collided: the race was not exercised"
    assert store.load("race") == StoredBattle(
        {"count": WINS, "by": max(wins)[1]}, WINS + 1, WINS
    )
    events = store.events_after("race", 0, limit=10 * WINS)
    assert [e["seq"] for e in events] == list(range(1, WINS + 1)), "no event lost or doubled"
    winner_of = {rev: (tid, attempt) for rev, tid, attempt in wins}
    authors = [(e["by"], e["attempt"]) for e in events]
    assert authors == [winner_of[s + 1] for s in range(1, WINS + 1)]
    for rev, tid, attempt in wins[:20]:
        assert store.seen("race", f"t{tid}-{attempt}") == RequestRecord(rev, {"by": tid})
    assert all(store.seen("race", rid) is None for rid in losses[:50]), "a lost CAS records nothing"


def test_twenty_deliveries_of_one_request_apply_it_once(store, eager_switching):
    store.create("dup", {"hp": 10})
    barrier = threading.Barrier(THREADS)
    outcomes: list[Saved | Duplicate] = []
    lock = threading.Lock()

    def delivery(tid: int) -> None:
        barrier.wait()
        while True:
            battle = store.load("dup")
            outcome = store.save(
                "dup", battle.revision, {"hp": battle.state["hp"] - 3},
                [{"seq": battle.last_seq + 1, "hit": 3, "by": tid}],
                request_id="choice-7", result={"damage": 3, "by": tid},
            )
            if not isinstance(outcome, RevisionConflict):
                with lock:
                    outcomes.append(outcome)
                return

    run_threads(THREADS, delivery)

    saved = [o for o in outcomes if isinstance(o, Saved)]
    assert len(saved) == 1 and saved[0] == Saved(2, 1)
    record = store.seen("dup", "choice-7")
    assert record.revision == 2
    assert [o.record for o in outcomes if isinstance(o, Duplicate)] == [record] * (THREADS - 1)
    assert store.load("dup") == StoredBattle({"hp": 7}, 2, 1)
    assert len(store.events_after("dup", 0)) == 1


# -- a model of one battle, and random operations against it ---------------------------


@dataclass
class Model:
    revision: int = 1
    events: list[dict] = field(default_factory=list)
    hold: dict | None = None
    requests: dict[str, tuple[RequestRecord, float]] = field(default_factory=dict)
    now: float = 0.0

    def alive(self, request_id: str) -> RequestRecord | None:
        entry = self.requests.get(request_id)
        return entry[0] if entry and entry[1] > self.now else None


saves = st.tuples(
    st.just("save"),
    st.sampled_from([0, 0, 0, -1, 1]),  # how far the submitted revision is off
    st.integers(0, 3),  # events
    st.sampled_from([None, "a", "b", "c"]),  # request id
    st.sampled_from(["keep", "clear", "set"]),  # hold
)
waits = st.tuples(st.just("wait"), st.sampled_from([1, 1800, DEDUPE_TTL - 1, DEDUPE_TTL]))
_battles = itertools.count()


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(ops=st.lists(st.one_of(saves, waits), min_size=1, max_size=12), probe=st.integers(0, 12))
def test_random_saves_agree_with_the_model(rig: Rig, ops: list[tuple], probe: int):
    store = rig.store
    battle_id = f"prop-{next(_battles)}"
    store.create(battle_id, {"step": 0})
    model = Model()
    for step, op in enumerate(ops, 1):
        if op[0] == "wait":
            rig.advance(op[1])
            model.now += op[1]
        else:
            _, offset, count, request_id, hold_mode = op
            expected = max(0, model.revision + offset)
            first = len(model.events) + 1
            events = [{"seq": s, "step": step} for s in range(first, first + count)]
            hold = {"keep": UNCHANGED, "clear": None, "set": {"window": f"w{step}"}}[hold_mode]
            outcome = store.save(
                battle_id, expected, {"step": step}, events, request_id=request_id,
                result={"step": step}, hold=hold,
            )
            prior = model.alive(request_id) if request_id else None
            if prior is not None:
                assert outcome == Duplicate(request_id, prior)
            elif expected != model.revision:
                assert outcome == RevisionConflict(expected, model.revision)
            else:
                model.revision += 1
                model.events.extend(events)
                if hold_mode != "keep":
                    model.hold = hold
                if request_id:
                    model.requests[request_id] = (
                        RequestRecord(model.revision, {"step": step}), model.now + DEDUPE_TTL
                    )
                assert outcome == Saved(model.revision, len(model.events))
        battle = store.load(battle_id)
        assert (battle.revision, battle.last_seq) == (model.revision, len(model.events))
        assert store.get_hold(battle_id) == model.hold
        for request_id in "abc":
            assert store.seen(battle_id, request_id) == model.alive(request_id)
    assert store.events_after(battle_id, 0, limit=1000) == model.events
    assert store.events_after(battle_id, probe, limit=3) == model.events[probe : probe + 3]
    store.delete(battle_id)  # keeps the namespace small, so letting time pass stays cheap
