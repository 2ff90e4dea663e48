"""The outbox of accepted choices (shared/store/outbox.py), on the memory store and on Redis:
an entry is kept until settled, comes due at its deadline, is claimed once per deadline
(the claim moves it forward and counts the sends), and a second accept of one request id
keeps the first entry."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.store import Accepted, MemoryBattleStore

CHOICE = {"actor": "wren", "option": "attack:weapons:short-bow", "targets": ["rust-jackal-2"]}


def test_an_entry_comes_due_at_its_deadline_and_a_claim_moves_it(store):
    outbox = store.outbox()
    assert outbox.put("b-1", "r-1", 4, CHOICE, due=100.0) is True
    assert outbox.put("b-1", "r-2", 4, {"actor": "wren", "option": "end-turn", "targets": []}, due=105.0) is True
    assert outbox.size() == 2
    assert outbox.claim_due(99.5, until=200.0) == []
    assert outbox.claim_due(100.0, until=108.0) == [Accepted("b-1", "r-1", 4, CHOICE, 1)]
    # Claimed: not due again until its new deadline, and then counted once more.
    assert outbox.claim_due(104.0, until=112.0) == []
    assert outbox.claim_due(108.0, until=116.0) == [
        Accepted("b-1", "r-2", 4, {"actor": "wren", "option": "end-turn", "targets": []}, 1),
        Accepted("b-1", "r-1", 4, CHOICE, 2),
    ]
    assert outbox.size() == 2


def test_a_second_accept_of_one_request_keeps_the_first_entry(store):
    outbox = store.outbox()
    assert outbox.put("b-1", "r-1", 4, CHOICE, due=100.0) is True
    assert outbox.put("b-1", "r-1", 9, {"actor": "x", "option": "pass", "targets": []}, due=500.0) is False
    assert outbox.claim_due(100.0, until=108.0) == [Accepted("b-1", "r-1", 4, CHOICE, 1)]


def test_settled_entries_are_gone_and_the_rest_stay(store):
    outbox = store.outbox()
    for n in range(3):
        outbox.put("b-1", f"r:{n}", n, CHOICE, due=100.0 + n)
    outbox.put("b-2", "r:0", 7, CHOICE, due=100.0)
    assert outbox.settle([("b-1", "r:0"), ("b-1", "r:2"), ("b-9", "r:0")]) == 2
    assert outbox.settle([]) == 0
    assert [(a.battle_id, a.request_id, a.revision) for a in outbox.claim_due(1000.0, until=5000.0)] == [
        ("b-2", "r:0", 7), ("b-1", "r:1", 1)]
    # A settled request id may be accepted again (a new entry, counted from nothing).
    assert outbox.put("b-1", "r:0", 0, CHOICE, due=3000.0) is True
    assert outbox.claim_due(3000.0, until=4000.0) == [Accepted("b-1", "r:0", 0, CHOICE, 1)]


def test_the_claim_limit_takes_the_earliest_first(store):
    outbox = store.outbox()
    for n in range(5):
        outbox.put("b-1", f"r-{n}", 1, CHOICE, due=110.0 - n)
    assert [a.request_id for a in outbox.claim_due(200.0, until=300.0, limit=2)] == ["r-4", "r-3"]
    assert [a.request_id for a in outbox.claim_due(200.0, until=300.0, limit=10)] == ["r-2", "r-1", "r-0"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.floats(0, 50), st.sampled_from(["put", "claim", "settle"])),
                max_size=40))
def test_every_entry_is_either_settled_or_claimable_once_per_deadline(steps):
    """Whatever the order of accepts, claims and settles: at any time an entry is claimed at
    most once per claim at a time past its deadline, and settled entries never come back."""
    outbox = MemoryBattleStore().outbox()
    live: dict[str, float] = {}
    settled: set[str] = set()
    for n, when, what in steps:
        rid = f"r-{n}"
        if what == "put":
            if outbox.put("b", rid, n, CHOICE, due=when):
                live[rid] = when
                settled.discard(rid)
        elif what == "settle":
            if outbox.settle([("b", rid)]):
                del live[rid]
                settled.add(rid)
        else:
            claimed = outbox.claim_due(when, until=when + 10)
            expected = sorted(r for r, d in live.items() if d <= when)
            assert sorted(a.request_id for a in claimed) == expected
            assert not {a.request_id for a in claimed} & settled
            for a in claimed:
                live[a.request_id] = when + 10
        assert outbox.size() == len(live)


def test_the_outbox_says_which_choices_it_holds_until_they_are_settled(store):
    outbox = store.outbox()
    assert outbox.holds("b-1", "r-1") is False
    outbox.put("b-1", "r-1", 4, CHOICE, due=100.0)
    assert (outbox.holds("b-1", "r-1"), outbox.holds("b-1", "r-2"), outbox.holds("b-2", "r-1")) == (True, False, False)
    outbox.claim_due(100.0, until=108.0)
    assert outbox.holds("b-1", "r-1") is True, "a claim keeps it"
    outbox.settle([("b-1", "r-1")])
    assert outbox.holds("b-1", "r-1") is False
