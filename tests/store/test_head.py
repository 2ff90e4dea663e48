"""The open decision saved with a revision, `head` (everything but the state in one read),
`load` with a request id, and `announce`, on the memory store and on a real Redis alike,
and the same reads through `AsyncBattleStore` on the loop."""

from __future__ import annotations

import asyncio

import pytest

from shared.store import AsyncBattleStore, BattleHead, FeedMessage, RequestRecord, RevisionConflict, StoreError
from tests.store.test_store import evs

TURN = {"actor": "juno", "controller": "player", "player": "ana", "decision": "turn",
        "options": [{"id": "end-turn", "targets": [], "count": 0}]}
WINDOW = {"actor": "rook", "controller": "player", "player": "ben", "decision": "window",
          "options": [{"id": "pass", "targets": [], "count": 0}]}


def test_create_saves_the_open_decision_and_head_reads_it_without_the_state(store):
    store.create("b1", {"big": "x" * 1000}, evs(1, 3), revision=2, decision=TURN)
    assert store.head("b1") == BattleHead(revision=2, last_seq=3, status="active", decision=TURN, record=None)
    assert store.head("nobody") is None
    assert store.head("nobody", "r-1") is None


def test_every_save_sets_or_clears_the_decision_of_its_revision(store):
    store.create("b1", {}, decision=TURN)
    store.save("b1", 1, {}, evs(1, 1), request_id="r-1", result={"ok": True}, decision=WINDOW)
    assert store.head("b1").decision == WINDOW
    store.save("b1", 2, {}, evs(2, 1))
    assert store.head("b1") == BattleHead(3, 2, "active", None, None), "no decision given: none is kept"
    store.save("b1", 3, {}, decision=TURN)
    store.abandon("b1")
    assert store.head("b1") == BattleHead(5, 2, "abandoned", None, None), "abandon clears it"


def test_a_lost_compare_and_set_leaves_the_decision_alone(store):
    store.create("b1", {}, decision=TURN)
    store.save("b1", 1, {}, decision=WINDOW)
    store.save("b1", 1, {}, decision={"actor": "nobody"})
    assert store.head("b1").decision == WINDOW


def test_head_and_load_answer_what_a_request_did_in_the_same_read(store):
    store.create("b1", {"n": 1})
    store.save("b1", 1, {"n": 2}, evs(1, 2), request_id="r-1", result={"ok": True, "revision": 2})
    record = RequestRecord(2, {"ok": True, "revision": 2})
    assert store.head("b1", "r-1").record == record
    assert store.head("b1", "r-2").record is None
    assert store.head("b1").record is None
    loaded = store.load("b1", request_id="r-1")
    assert (loaded.state, loaded.revision, loaded.last_seq, loaded.record) == ({"n": 2}, 2, 2, record)
    assert store.load("b1", request_id="r-2").record is None
    assert store.load("b1").record is None


def test_a_record_of_an_earlier_life_of_the_battle_id_is_not_this_ones(store):
    store.create("b1", {})
    store.save("b1", 1, {}, request_id="r-1", result={"ok": True})
    store.delete("b1")
    store.create("b1", {})
    assert store.head("b1", "r-1").record is None
    assert store.load("b1", request_id="r-1").record is None


def test_a_decision_must_be_a_json_object_and_ids_are_checked(store):
    with pytest.raises(StoreError, match="an open decision must be a JSON object"):
        store.create("b1", {}, decision=["turn"])
    store.create("b1", {})
    with pytest.raises(StoreError, match="open decision is not JSON-serialisable"):
        store.save("b1", 1, {}, decision={"x": float("nan")})
    assert store.head("b1").revision == 1, "a refused save wrote nothing"
    with pytest.raises(StoreError, match="request id"):
        store.head("b1", "no spaces")
    with pytest.raises(StoreError, match="battle id"):
        store.head("b:1")


def test_the_feed_carries_the_request_id_and_decision_and_announced_answers(store):
    store.create("b1", {})

    async def main() -> list[FeedMessage]:
        async with store.feed() as feed:
            with feed.subscribe("b1") as sub:
                await asyncio.to_thread(store.save, "b1", 1, {}, evs(1, 1), request_id="r-1",
                                        result={"ok": True}, decision=TURN)
                await asyncio.to_thread(store.announce, "b1", "r-2",
                                        {"ok": False, "code": "stale-revision", "message": "late"})
                await asyncio.to_thread(store.save, "b1", 2, {}, evs(2, 1))
                return [await sub.get(timeout=5) for _ in range(3)]

    saved, answer, plain = asyncio.run(main())
    assert saved == FeedMessage("b1", 2, "active", evs(1, 1), request_id="r-1", decision=TURN)
    assert not saved.is_answer
    assert answer == FeedMessage("b1", None, None, request_id="r-2",
                                 answer={"ok": False, "code": "stale-revision", "message": "late"})
    assert answer.is_answer
    assert plain == FeedMessage("b1", 3, "active", evs(2, 1))
    assert store.head("b1").revision == 3, "an answer writes nothing"


def test_a_decision_that_follows_its_save_is_put_once_for_that_revision(store):
    from shared.store import BattleNotFound

    store.create("b1", {}, decision=TURN)

    async def main() -> list[FeedMessage]:
        async with store.feed() as feed:
            with feed.subscribe("b1") as sub:
                await asyncio.to_thread(store.save, "b1", 1, {}, evs(1, 2), request_id="r-1",
                                        result={"ok": True}, decision_follows=True)
                assert store.head("b1") == BattleHead(2, 2, "active", None, None), "none until it is put"
                assert store.put_decision("b1", 1, TURN) is False, "an older revision's decision is refused"
                assert store.put_decision("b1", 2, WINDOW) is True
                assert store.put_decision("b1", 2, TURN) is False, "the first decision of a revision stays"
                return [await sub.get(timeout=5) for _ in range(2)]

    saved, decided = asyncio.run(main())
    assert saved == FeedMessage("b1", 2, "active", evs(1, 2), request_id="r-1", decision_follows=True)
    assert decided == FeedMessage("b1", 2, "active", [], decision=WINDOW)
    assert store.head("b1").decision == WINDOW
    store.save("b1", 2, {}, decision_follows=True)
    store.abandon("b1")
    assert store.put_decision("b1", 3, TURN) is False, "a closed battle takes no decision"
    assert store.head("b1").decision is None
    with pytest.raises(BattleNotFound):
        store.put_decision("gone", 1, TURN)
    with pytest.raises(StoreError, match="decision_follows"):
        store.save("b1", 4, {}, decision=TURN, decision_follows=True)
    with pytest.raises(StoreError, match="an open decision must be a JSON object"):
        store.put_decision("b1", 4, ["turn"])


def test_a_save_that_continues_a_request_replaces_its_record_instead_of_being_a_duplicate(store):
    from shared.store import Duplicate, Saved

    store.create("b1", {})
    assert isinstance(store.save("b1", 1, {"n": 2}, evs(1, 2), request_id="r-1", result={"at": 2}), Saved)
    again = store.save("b1", 2, {"n": 3}, evs(3, 1), request_id="r-1", result={"at": 3})
    assert again == Duplicate("r-1", RequestRecord(2, {"at": 2})), "without `continues`, a duplicate"
    assert isinstance(store.save("b1", 2, {"n": 3}, evs(3, 1), request_id="r-1", result={"at": 3},
                                 continues=True), Saved)
    assert store.seen("b1", "r-1") == RequestRecord(3, {"at": 3})
    assert store.head("b1", "r-1").record == RequestRecord(3, {"at": 3})
    assert store.save("b1", 2, {}, request_id="r-1", result={}, continues=True) == RevisionConflict(2, 3)
    with pytest.raises(StoreError, match="continues"):
        store.save("b1", 3, {}, continues=True)


def test_the_async_store_reads_heads_on_the_loop(store):
    store.create("b1", {}, decision=TURN)
    store.save("b1", 1, {}, request_id="r-1", result={"ok": True}, decision=WINDOW)

    async def main() -> tuple[BattleHead | None, BattleHead | None]:
        astore = AsyncBattleStore(store)
        try:
            return await astore.head("b1", "r-1"), await astore.head("gone")
        finally:
            await astore.aclose()

    head, gone = asyncio.run(main())
    assert head == BattleHead(2, 0, "active", WINDOW, RequestRecord(2, {"ok": True}))
    assert gone is None


def test_a_state_given_as_json_text_is_stored_as_it_is(store):
    from shared.store import JsonText

    store.create("b1", JsonText('{"round":1,"name":"Ünï"}'))
    store.save("b1", 1, JsonText('{"round":2}'), evs(1, 2), request_id="r-1",
               result={"ok": True, "events": "not these"})
    assert store.load("b1").state == {"round": 2}
    assert store.seen("b1", "r-1") == RequestRecord(2, {"ok": True, "events": "not these"})
    with pytest.raises(StoreError, match="must be a JSON object"):
        store.save("b1", 2, JsonText("[1, 2]"))


def test_a_result_carrying_the_saved_events_is_recorded_with_them(store):
    store.create("b1", {})
    events = evs(1, 3)
    answer = {"ok": True, "revision": 2, "events": events, "pending": None}
    store.save("b1", 1, {}, events, request_id="r-1", result=answer)
    assert store.seen("b1", "r-1") == RequestRecord(2, answer)
    store.save("b1", 2, {}, [], request_id="r-2", result={"events": []})
    assert store.seen("b1", "r-2") == RequestRecord(3, {"events": []})


def test_a_decision_given_as_json_text_is_stored_as_it_is(store):
    from shared.store import JsonText

    store.create("b1", {}, decision=JsonText('{"actor":"juno","options":[]}'))
    assert store.head("b1").decision == {"actor": "juno", "options": []}
    with pytest.raises(StoreError, match="an open decision must be a JSON object"):
        store.save("b1", 1, {}, decision=JsonText('"turn"'))


def test_an_announced_refusal_is_kept_for_this_life_of_the_battle_and_an_answer_that_applied_is_not(rig):
    """Every gateway reads how a choice ended from the store: a refusal is kept as long as a
    request record (DEDUPE_TTL, 3,600 s), and a new battle under the same id does not
    inherit it."""
    store = rig.store
    store.create("b1", {})
    refusal = {"ok": False, "code": "stale-revision", "message": "the choice was made at revision 1; the battle is at 2"}
    store.announce("b1", "r-2", refusal)
    store.announce("b1", "r-3", {"ok": True, "revision": 2})
    store.announce("nobody", "r-4", refusal)
    assert store.answered("b1", "r-2") == refusal
    assert store.answered("b1", "r-3") is None, "an applied request has its record instead"
    assert store.answered("nobody", "r-4") is None, "no battle, nothing kept"
    assert store.answered("b1", "r-9") is None
    rig.advance(3599.0)
    assert store.answered("b1", "r-2") == refusal
    rig.advance(2.0)
    assert store.answered("b1", "r-2") is None, "forgotten after DEDUPE_TTL, as a record is"
    store.announce("b1", "r-5", refusal)
    assert store.delete("b1") is True
    store.create("b1", {})
    assert store.answered("b1", "r-5") is None, "a new life of the id starts with none"
    with pytest.raises(StoreError, match="request id"):
        store.answered("b1", "no spaces")
