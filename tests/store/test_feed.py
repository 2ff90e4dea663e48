"""The async side: the feed that fans writes out to the gateway (Redis pub/sub or in-process
queues) and `AsyncBattleStore`, on both stores."""

from __future__ import annotations

import asyncio

import pytest

from shared.store import AsyncBattleStore, FeedMessage, RevisionConflict, Saved, StoredBattle
from shared.store.feed import FanOut, Subscription
from tests.store.conftest import Rig
from tests.store.test_store import ev, evs


def test_the_feed_announces_each_write_in_order_and_nothing_for_a_conflict(store):
    store.create("b1", {}, evs(1, 1))
    store.create("b2", {})

    async def main() -> list[FeedMessage]:
        async with store.feed() as feed:
            with feed.subscribe("b1") as sub, feed.subscribe("b2") as other:
                await asyncio.to_thread(store.save, "b1", 1, {}, evs(2, 2), hold={"window": "w"})
                await asyncio.to_thread(store.save, "b1", 2, {}, evs(4, 1))
                stale = await asyncio.to_thread(store.save, "b1", 2, {}, evs(5, 1))
                assert stale == RevisionConflict(2, 3)
                await asyncio.to_thread(store.set_hold, "b1", None)
                await asyncio.to_thread(store.publish, "b1", [{"seq": 4, "type": "prompt"}])
                await asyncio.to_thread(store.abandon, "b1", [ev(5, type="abandoned")])
                got = [await sub.get(timeout=5) for _ in range(5)]
                with pytest.raises(TimeoutError):
                    await sub.get(timeout=0.2)
                assert other.get_nowait() is None
                return got

    saved, plain, unheld, again, abandoned = asyncio.run(main())
    assert saved == FeedMessage(
        "b1", 2, "active", evs(2, 2), hold_changed=True, hold={"window": "w"}
    )
    assert plain == FeedMessage("b1", 3, "active", evs(4, 1), hold_changed=False, hold=None)
    assert unheld == FeedMessage("b1", 3, "active", [], hold_changed=True, hold=None)
    assert again == FeedMessage("b1", 3, "active", [{"seq": 4, "type": "prompt"}])
    assert abandoned == FeedMessage(
        "b1", 4, "abandoned", [ev(5, type="abandoned")], hold_changed=True
    )


def test_two_subscribers_of_one_battle_both_get_every_message(store):
    store.create("b1", {})

    async def main() -> tuple[FeedMessage, FeedMessage]:
        async with store.feed() as feed:
            first, second = feed.subscribe("b1"), feed.subscribe("b1")
            await asyncio.to_thread(store.save, "b1", 1, {}, evs(1, 1))
            got = await first.get(timeout=5), await second.get(timeout=5)
            first.close()
            await asyncio.to_thread(store.save, "b1", 2, {}, evs(2, 1))
            assert (await second.get(timeout=5)).revision == 3
            assert first.get_nowait() is None, "a closed subscription gets nothing more"
            return got

    first, second = asyncio.run(main())
    assert first == second and first.events == evs(1, 1)


def test_a_feed_started_after_a_write_does_not_see_it(store):
    store.create("b1", {})
    store.save("b1", 1, {}, evs(1, 1))

    async def main() -> FeedMessage | None:
        async with store.feed() as feed:
            sub = feed.subscribe("b1")
            await asyncio.sleep(0.05)
            return sub.get_nowait()

    assert asyncio.run(main()) is None


def test_the_redis_feed_reconnects_and_asks_for_a_resync(redis_rig: Rig):
    store = redis_rig.store
    store.create("b1", {})

    async def main() -> tuple[FeedMessage, FeedMessage]:
        async with store.feed() as feed:
            sub = feed.subscribe("b1")
            killed = await asyncio.to_thread(_kill_client, store.client, feed.client_name)
            assert killed == 1
            resync = await sub.get(timeout=10)
            await asyncio.to_thread(store.save, "b1", 1, {}, evs(1, 1))
            return resync, await sub.get(timeout=5)

    resync, after = asyncio.run(main())
    assert resync == FeedMessage.lost("b1") and resync.resync
    assert after.revision == 2 and after.events == evs(1, 1)


def _kill_client(client, name: str) -> int:
    ids = [c["id"] for c in client.client_list() if c.get("name") == name]
    return sum(client.client_kill_filter(_id=i) for i in ids)


def test_a_slow_subscriber_is_told_to_resync_instead_of_losing_messages_silently():
    async def main() -> list[FeedMessage | None]:
        fanout = FanOut()
        sub = Subscription(fanout, "b1", limit=2)
        fanout.add(sub)
        for revision in (2, 3, 4):
            text = (
                f'{{"battle_id":"b1","revision":{revision},"status":"active","events":[],'
                '"hold_changed":false,"hold":null}'
            )
            fanout.dispatch("b1", text)
        return [sub.get_nowait(), sub.get_nowait()]

    assert asyncio.run(main()) == [FeedMessage.lost("b1"), None]


def test_the_async_store_runs_every_call_off_the_loop(store):
    async def main() -> None:
        aio = AsyncBattleStore(store)
        assert await aio.create("b1", {"v": 0}, evs(1, 1), hold={"window": "w"}) == Saved(1, 1)
        saved = await aio.save("b1", 1, {"v": 1}, evs(2, 1), request_id="r", result="ok")
        assert saved == Saved(2, 2)
        assert await aio.load("b1") == StoredBattle({"v": 1}, 2, 2)
        assert await aio.events_after("b1", 1) == evs(2, 1)
        assert await aio.recent_events("b1") == evs(1, 2)
        assert (await aio.seen("b1", "r")).result == "ok"
        assert await aio.get_hold("b1") == {"window": "w"}
        assert await aio.touch_connected("b1", "ws", 30) == 1
        assert await aio.connections("b1") == 1
        assert await aio.release_connected("b1", "ws") == 0
        assert await aio.ping() is True
        assert aio.channel("b1") == store.channel("b1")
        assert await aio.abandon("b1") == 3
        assert await aio.delete("b1") is True

    asyncio.run(main())
