"""The BattleStore contract, run on the memory store and on a real Redis alike: create and
load, the compare-and-set, the event stream and the hot record, request-id dedupe, the hold
mirror, rulesets by digest, idle expiry and live connections, abandon and delete."""

from __future__ import annotations

import json

import pytest

from shared.ruleset.load import package_digest
from shared.store import (
    ABANDONED,
    DEFAULT_IDLE_TTL,
    UNCHANGED,
    BattleClosed,
    BattleExists,
    BattleNotFound,
    Duplicate,
    EventSeqError,
    RequestRecord,
    RevisionConflict,
    Saved,
    StoredBattle,
    StoreError,
)
from tests.store.conftest import DEDUPE_TTL, Rig

DAY = 24 * 3600.0


def ev(seq: int, **data: object) -> dict:
    return {"seq": seq, "type": "log", **data}


def evs(first: int, count: int) -> list[dict]:
    return [ev(seq, text=f"event {seq}") for seq in range(first, first + count)]


def seqs(events: list[dict]) -> list[int]:
    return [e["seq"] for e in events]


# -- create and load --------------------------------------------------------------------


def test_create_then_load_gives_back_state_revision_and_last_seq(store):
    state = {"round": 1, "sheets": {"juno": {"hp": 12}}, "seed": 2**62, "ratio": 0.5, "name": "Ünï"}
    assert store.create("b1", state, evs(1, 2)) == Saved(revision=1, last_seq=2)
    assert store.load("b1") == StoredBattle(state, revision=1, last_seq=2, status="active")
    assert store.events_after("b1", 0) == evs(1, 2)


def test_create_with_an_explicit_revision_and_no_events(store):
    assert store.create("b1", {"a": 1}, revision=7) == Saved(7, 0)
    assert store.load("b1").revision == 7
    assert store.events_after("b1", 0) == []
    assert store.recent_events("b1") == []


def test_load_of_an_unknown_battle_is_none(store):
    assert store.load("nobody") is None


def test_create_refuses_a_taken_id(store):
    store.create("b1", {"v": 1})
    with pytest.raises(BattleExists, match='battle "b1" already exists'):
        store.create("b1", {"v": 2})
    assert store.load("b1").state == {"v": 1}


def test_stored_state_is_a_copy_not_the_callers_object(store):
    state = {"hp": [1, 2]}
    store.create("b1", state)
    state["hp"].append(3)
    loaded = store.load("b1").state
    loaded["hp"].append(4)
    assert store.load("b1").state == {"hp": [1, 2]}


@pytest.mark.parametrize(
    "state, message",
    [
        ([1, 2], "a battle state must be a JSON object, not list"),
        ({"x": {1, 2}}, "the battle state is not JSON-serialisable"),
        ({"x": float("nan")}, "the battle state is not JSON-serialisable"),
    ],
)
def test_create_refuses_a_state_that_is_not_a_json_object(store, state, message):
    with pytest.raises(StoreError, match=message):
        store.create("b1", state)
    assert store.load("b1") is None


@pytest.mark.parametrize("battle_id", ["", "-x", "a b", "a:b", "{a}", "a*", "x" * 129, 5])
def test_ids_that_could_not_be_key_parts_are_refused(store, battle_id):
    with pytest.raises(StoreError, match="battle id"):
        store.create(battle_id, {})


def test_first_events_must_start_at_seq_1(store):
    with pytest.raises(EventSeqError, match="new events start at seq 2 but the stream is at seq 0"):
        store.create("b1", {}, evs(2, 1))
    assert store.load("b1") is None


# -- the compare-and-set ----------------------------------------------------------------


def test_save_at_the_loaded_revision_wins_and_bumps_it(store):
    store.create("b1", {"turn": 0}, evs(1, 1))
    assert store.save("b1", 1, {"turn": 1}, evs(2, 2)) == Saved(revision=2, last_seq=3)
    assert store.load("b1") == StoredBattle({"turn": 1}, 2, 3)
    assert store.save("b1", 2, {"turn": 2}) == Saved(revision=3, last_seq=3)


def test_a_stale_save_is_a_conflict_and_writes_nothing(rig: Rig):
    store = rig.store
    store.create("b1", {"turn": 0}, evs(1, 1), hold={"window": "w1"})
    store.save("b1", 1, {"turn": 1}, evs(2, 1))
    rig.advance(3600)
    ttl_before = store.ttl("b1")

    outcome = store.save(
        "b1", 1, {"turn": 99}, evs(3, 1), request_id="late", result={"x": 1}, hold=None
    )

    assert outcome == RevisionConflict(expected=1, actual=2)
    assert not outcome.ok
    assert str(outcome) == "stale revision 1: the battle is at revision 2"
    assert store.load("b1") == StoredBattle({"turn": 1}, 2, 2)
    assert store.events_after("b1", 0) == evs(1, 2)
    assert store.get_hold("b1") == {"window": "w1"}
    assert store.seen("b1", "late") is None
    assert store.ttl("b1") == pytest.approx(ttl_before, abs=1)


def test_a_save_from_the_future_is_a_conflict_too(store):
    store.create("b1", {})
    assert store.save("b1", 5, {"v": 1}) == RevisionConflict(5, 1)
    assert store.load("b1").revision == 1


def test_save_on_a_missing_battle_raises(store):
    with pytest.raises(BattleNotFound, match='battle "ghost" does not exist'):
        store.save("ghost", 1, {})


# -- the event stream and the hot record -----------------------------------------------


def test_events_must_continue_the_stream_or_nothing_is_written(store):
    store.create("b1", {"v": 0}, evs(1, 3))
    refusal = "new events start at seq 3 but the stream is at seq 3: they must start at 4"
    with pytest.raises(EventSeqError, match=refusal):
        store.save("b1", 1, {"v": 1}, evs(3, 2))
    with pytest.raises(EventSeqError, match="new events start at seq 6"):
        store.save("b1", 1, {"v": 1}, evs(6, 1))
    assert store.load("b1") == StoredBattle({"v": 0}, 1, 3)
    assert seqs(store.events_after("b1", 0)) == [1, 2, 3]


@pytest.mark.parametrize(
    "events, message",
    [
        ([ev(4), ev(6)], "event 1 has seq 6 but must be 5: seqs are consecutive"),
        ([ev(4), ev(4)], "event 1 has seq 4 but must be 5"),
        ([{"type": "log"}], 'event 0 has no positive integer "seq"'),
        ([{"seq": "4"}], 'event 0 has no positive integer "seq"'),
        ([{"seq": True}], 'event 0 has no positive integer "seq"'),
        (["text"], "event 0 is not a JSON object"),
    ],
)
def test_malformed_event_batches_are_refused_before_writing(store, events, message):
    store.create("b1", {}, evs(1, 3))
    with pytest.raises(EventSeqError, match=message):
        store.save("b1", 1, {"v": 1}, events)
    assert store.load("b1").revision == 1


def test_events_after_pages_through_the_full_stream(store):
    store.create("b1", {}, evs(1, 4))
    store.save("b1", 1, {}, evs(5, 6))
    assert store.events_after("b1", 0) == evs(1, 10)
    assert seqs(store.events_after("b1", 3, limit=4)) == [4, 5, 6, 7]
    assert seqs(store.events_after("b1", 8, limit=100)) == [9, 10]
    assert store.events_after("b1", 10) == []
    assert store.events_after("b1", 50) == []


def test_events_after_on_a_missing_battle_raises(store):
    with pytest.raises(BattleNotFound):
        store.events_after("ghost", 0)
    with pytest.raises(BattleNotFound):
        store.recent_events("ghost")


def test_the_hot_record_keeps_the_last_200_events_and_the_stream_keeps_all(store):
    store.create("b1", {}, evs(1, 120))
    revision, seq = 1, 120
    while seq < 450:
        revision = store.save("b1", revision, {"seq": seq}, evs(seq + 1, 33)).revision
        seq += 33
    hot = store.recent_events("b1")
    assert seqs(hot) == list(range(seq - 199, seq + 1))
    assert hot[-1] == ev(seq, text=f"event {seq}")
    everything = store.events_after("b1", 0, limit=10_000)
    assert seqs(everything) == list(range(1, seq + 1))


# -- request-id dedupe ------------------------------------------------------------------


def test_a_request_id_is_applied_once_and_answers_the_same_result(store):
    store.create("b1", {"hp": 10})
    result = {"accepted": True, "rolls": [17, 4]}
    saved = store.save("b1", 1, {"hp": 6}, evs(1, 1), request_id="req-1", result=result)
    assert saved == Saved(2, 1)
    assert store.seen("b1", "req-1") == RequestRecord(revision=2, result=result)

    again = store.save("b1", 2, {"hp": 2}, evs(2, 1), request_id="req-1", result={"other": 1})
    assert again == Duplicate("req-1", RequestRecord(2, result))
    assert not again.ok
    # The stale revision of a late duplicate does not matter: it is still the same request.
    late = store.save("b1", 1, {"hp": 0}, request_id="req-1")
    assert late == Duplicate("req-1", RequestRecord(2, result))
    assert store.load("b1") == StoredBattle({"hp": 6}, 2, 1)


def test_seen_is_none_for_unknown_requests_and_battles(store):
    store.create("b1", {})
    assert store.seen("b1", "never") is None
    assert store.seen("ghost", "never") is None


def test_a_request_without_result_records_its_revision(store):
    store.create("b1", {})
    store.save("b1", 1, {}, request_id="director:b1:d7")
    assert store.seen("b1", "director:b1:d7") == RequestRecord(2, None)


def test_request_ids_are_per_battle(store):
    store.create("b1", {})
    store.create("b2", {})
    store.save("b1", 1, {}, request_id="same", result=1)
    assert store.save("b2", 1, {}, request_id="same", result=2) == Saved(2, 0)
    assert store.seen("b2", "same") == RequestRecord(2, 2)


def test_request_ids_are_forgotten_after_the_dedupe_ttl(rig: Rig):
    store = rig.store
    store.create("b1", {})
    store.save("b1", 1, {"n": 1}, request_id="r", result="first")
    rig.advance(DEDUPE_TTL - 5)
    assert store.seen("b1", "r") == RequestRecord(2, "first")
    rig.advance(10)
    assert store.seen("b1", "r") is None
    # Forgotten: a retry is judged by its revision alone, and a stale one conflicts.
    assert store.save("b1", 1, {"n": 9}, request_id="r") == RevisionConflict(1, 2)


def test_a_request_record_dies_with_its_battle_even_when_it_would_outlive_it(rig: Rig):
    store = rig.store
    store.create("b1", {}, ttl=60)
    store.save("b1", 1, {}, request_id="r", result="old life")
    rig.advance(61)
    assert store.load("b1") is None
    store.create("b1", {})
    assert store.seen("b1", "r") is None
    assert store.save("b1", 1, {}, request_id="r", result="new life") == Saved(2, 0)
    assert store.seen("b1", "r") == RequestRecord(2, "new life")


def test_a_result_that_is_not_json_is_refused(store):
    store.create("b1", {})
    with pytest.raises(StoreError, match="the request's result is not JSON-serialisable"):
        store.save("b1", 1, {}, request_id="r", result=object())
    assert store.load("b1").revision == 1


def test_bad_request_ids_are_refused(store):
    store.create("b1", {})
    with pytest.raises(StoreError, match="request id"):
        store.save("b1", 1, {}, request_id="has space")


# -- the single-window hold mirror -----------------------------------------------------


def test_the_hold_mirror_follows_the_saves(store):
    window = {"window": "opportunity", "asks": "juno", "options": ["pass", "strike"]}
    store.create("b1", {}, hold=window)
    assert store.get_hold("b1") == window
    store.save("b1", 1, {"v": 1})
    assert store.get_hold("b1") == window, "hold=UNCHANGED keeps the mirror"
    store.save("b1", 2, {"v": 2}, hold=UNCHANGED)
    assert store.get_hold("b1") == window
    store.save("b1", 3, {"v": 3}, hold=None)
    assert store.get_hold("b1") is None
    store.save("b1", 4, {"v": 4}, hold={"window": "reaction", "asks": "rust-jackal-2"})
    assert store.get_hold("b1") == {"window": "reaction", "asks": "rust-jackal-2"}


def test_get_hold_of_a_missing_battle_is_none(store):
    assert store.get_hold("ghost") is None


def test_set_hold_rewrites_only_the_mirror(store):
    store.create("b1", {"v": 0})
    store.set_hold("b1", {"window": "w"})
    assert store.get_hold("b1") == {"window": "w"}
    assert store.load("b1") == StoredBattle({"v": 0}, 1, 0)
    store.set_hold("b1", None)
    assert store.get_hold("b1") is None
    with pytest.raises(BattleNotFound):
        store.set_hold("ghost", {"window": "w"})


def test_holds_with_a_deadline_are_found_by_the_sweeper(store):
    store.create("b1", {}, hold={"window": "a", "deadline": 1000.0})
    store.create("b2", {}, hold={"window": "b", "deadline": 2000})
    store.create("b3", {}, hold={"window": "c"})
    store.create("b4", {})
    assert store.holds_due(999) == []
    assert store.holds_due(1000) == ["b1"]
    assert store.holds_due(5000) == ["b1", "b2"]
    assert store.holds_due(5000, limit=1) == ["b1"]
    store.save("b1", 1, {}, hold=None)
    assert store.holds_due(5000) == ["b2"]
    store.save("b2", 1, {}, hold={"window": "b", "deadline": 3000})
    assert store.holds_due(2500) == []
    store.delete("b2")
    assert store.holds_due(5000) == []


def test_a_hold_deadline_must_be_a_number(store):
    store.create("b1", {})
    with pytest.raises(StoreError, match='a hold\'s "deadline" must be epoch seconds'):
        store.save("b1", 1, {}, hold={"deadline": "soon"})
    assert store.load("b1").revision == 1


# -- rulesets by content digest ---------------------------------------------------------


def test_rulesets_are_stored_under_their_own_digest(store):
    package = {"id": "tiny", "name": "Tiny", "schemaVersion": 1}
    text = json.dumps(package, indent=2)
    digest = package_digest(package)
    assert store.get_ruleset(digest) is None
    assert store.put_ruleset(digest, text) == digest
    assert store.get_ruleset(digest) == text
    assert store.put_ruleset(digest, json.dumps(package)) == digest, "same content, same digest"


def test_a_ruleset_under_another_digest_is_refused(store):
    other = package_digest({"id": "other"})
    with pytest.raises(StoreError, match="the ruleset's digest is sha256:"):
        store.put_ruleset(other, json.dumps({"id": "tiny"}))
    assert store.get_ruleset(other) is None
    with pytest.raises(StoreError, match="is not \"sha256:\" and 64 hex digits"):
        store.put_ruleset("md5:abc", "{}")
    with pytest.raises(StoreError, match="the ruleset is not JSON"):
        store.put_ruleset(other, "{nope")


def test_rulesets_do_not_expire(rig: Rig):
    package = {"id": "tiny"}
    digest = rig.store.put_ruleset(package_digest(package), json.dumps(package))
    rig.advance(30 * DAY)
    assert rig.store.get_ruleset(digest) == json.dumps(package)


# -- idle expiry ------------------------------------------------------------------------


def test_a_battle_expires_after_seven_idle_days_by_default(rig: Rig):
    store = rig.store
    assert store.idle_ttl == DEFAULT_IDLE_TTL == 7 * DAY
    store.create("b1", {}, evs(1, 1), hold={"window": "w", "deadline": 1.0})
    store.save("b1", 1, {}, request_id="r")
    assert store.ttl("b1") == pytest.approx(7 * DAY, abs=1)
    rig.advance(7 * DAY - 10)
    assert store.load("b1") is not None
    rig.advance(20)
    assert store.load("b1") is None
    assert store.ttl("b1") is None
    assert store.get_hold("b1") is None
    assert store.seen("b1", "r") is None
    assert store.holds_due(10.0) == []
    with pytest.raises(BattleNotFound):
        store.events_after("b1", 0)
    # The id is free again, and nothing of the old battle leaks into the new one.
    store.create("b1", {"fresh": True})
    assert store.events_after("b1", 0) == [] and store.get_hold("b1") is None


def test_every_write_restarts_the_idle_time(rig: Rig):
    store = rig.store
    store.create("b1", {}, ttl=100)
    rig.advance(80)
    store.save("b1", 1, {"v": 1})
    assert store.ttl("b1") == pytest.approx(100, abs=1)
    rig.advance(80)
    store.set_hold("b1", {"window": "w"})
    rig.advance(80)
    assert store.load("b1") is not None
    rig.advance(30)
    assert store.load("b1") is None


def test_a_battle_never_expires_while_a_player_is_connected(rig: Rig):
    store = rig.store
    store.create("b1", {}, ttl=100)
    assert store.touch_connected("b1", "ws-1", ttl=30) == 1
    assert store.touch_connected("b1", "ws-2", ttl=30) == 2
    for _ in range(20):  # 500 s: five times the idle time, the gateway renewing its leases
        rig.advance(25)
        store.touch_connected("b1", "ws-1", ttl=30)
        store.touch_connected("b1", "ws-2", ttl=30)
        assert store.load("b1") is not None
    store.save("b1", 1, {"v": 1})
    assert store.ttl("b1") >= 130 - 1, "a save never shortens what a live lease needs"
    assert store.connections("b1") == 2
    assert store.release_connected("b1", "ws-1") == 1
    rig.advance(25)
    store.touch_connected("b1", "ws-2", ttl=30)
    assert store.release_connected("b1", "ws-2") == 0
    # The last player left: the idle time starts now.
    assert store.ttl("b1") == pytest.approx(100, abs=1)
    rig.advance(95)
    assert store.load("b1") is not None
    rig.advance(10)
    assert store.load("b1") is None


def test_a_lease_nobody_renews_or_releases_lets_the_battle_expire(rig: Rig):
    store = rig.store
    store.create("b1", {}, ttl=100)
    store.touch_connected("b1", "ws-crashed", ttl=30)
    rig.advance(31)
    assert store.connections("b1") == 0
    rig.advance(95)
    assert store.load("b1") is not None, "alive until idle time after the lease ran out"
    rig.advance(10)
    assert store.load("b1") is None


def test_connection_leases_on_missing_battles(store):
    with pytest.raises(BattleNotFound):
        store.touch_connected("ghost", "ws-1", ttl=30)
    assert store.release_connected("ghost", "ws-1") == 0
    assert store.connections("ghost") == 0


def test_releasing_an_unknown_connection_changes_nothing_for_the_others(rig: Rig):
    store = rig.store
    store.create("b1", {}, ttl=100)
    store.touch_connected("b1", "ws-1", ttl=30)
    assert store.release_connected("b1", "ws-other") == 1
    assert store.ttl("b1") == pytest.approx(130, abs=1)


# -- abandon and delete -----------------------------------------------------------------


def test_abandon_closes_the_battle_and_beats_in_flight_saves(store):
    store.create("b1", {"v": 0}, evs(1, 1), hold={"window": "w", "deadline": 5.0})
    loaded = store.load("b1")
    assert store.abandon("b1", [ev(2, type="abandoned")]) == 2
    # A worker that loaded before the abandon cannot write: the battle is closed.
    with pytest.raises(BattleClosed, match='battle "b1" is abandoned and accepts no more writes'):
        store.save("b1", loaded.revision, {"v": 1})
    battle = store.load("b1")
    assert battle == StoredBattle({"v": 0}, 2, 2, ABANDONED) and not battle.active
    assert store.get_hold("b1") is None
    assert store.holds_due(10.0) == []
    assert seqs(store.events_after("b1", 0)) == [1, 2]
    with pytest.raises(BattleClosed):
        store.save("b1", 2, {"v": 1})
    with pytest.raises(BattleClosed):
        store.set_hold("b1", {"window": "w"})
    assert store.abandon("b1") == 2, "abandoning twice changes nothing"
    with pytest.raises(BattleNotFound):
        store.abandon("ghost")


def test_a_request_applied_before_the_abandon_still_answers_its_result(store):
    store.create("b1", {})
    store.save("b1", 1, {}, request_id="r", result="done")
    store.abandon("b1")
    assert store.save("b1", 1, {}, request_id="r") == Duplicate("r", RequestRecord(2, "done"))


def test_abandon_checks_the_seq_of_its_events(store):
    store.create("b1", {}, evs(1, 2))
    with pytest.raises(EventSeqError):
        store.abandon("b1", [ev(5)])
    assert store.load("b1").active


def test_delete_removes_every_part_of_a_battle(store):
    store.create("b1", {"v": 0}, evs(1, 3), hold={"window": "w", "deadline": 1.0})
    store.save("b1", 1, {"v": 1}, request_id="r", result=1)
    store.touch_connected("b1", "ws-1", ttl=30)
    assert store.delete("b1") is True
    assert store.delete("b1") is False
    assert store.load("b1") is None
    assert store.get_hold("b1") is None
    assert store.holds_due(10.0) == []
    store.create("b1", {"v": "new"})
    assert store.seen("b1", "r") is None
    assert store.events_after("b1", 0) == []
    assert store.connections("b1") == 0
    assert store.save("b1", 1, {}, request_id="r") == Saved(2, 0)


def test_one_battle_does_not_touch_another(store):
    store.create("b1", {"who": 1}, evs(1, 2))
    store.create("b2", {"who": 2}, evs(1, 1))
    store.save("b1", 1, {"who": 1.5}, evs(3, 1), hold={"window": "w"})
    store.delete("b1")
    assert store.load("b2") == StoredBattle({"who": 2}, 1, 1)
    assert store.events_after("b2", 0) == evs(1, 1)
    assert store.get_hold("b2") is None


def test_ping(store):
    assert store.ping() is True
