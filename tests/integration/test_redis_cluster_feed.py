"""The event feed on a Redis Cluster by sharded pub/sub, on a throwaway cluster of three
masters with one replica each (`tests/redis_cluster_harness.py`).

* A battle's writes are published with SPUBLISH on its shard's channel, which lives in the
  slot of the battle's keys: the shard's master sends each message over the cluster bus to its
  own replica only (`CLUSTER INFO`'s `publishshard` counters), no node carries a classic
  PUBLISH, and a PSUBSCRIBE on every node hears nothing.
* A gateway's feed holds one connection per master, subscribed to the shard channels that
  master serves: a save of a battle on each of the 64 shards reaches that battle's
  subscription and no other, and battles on every master are played to their end over its
  sockets.
* A manual failover (`CLUSTER FAILOVER`): the demoted master pushes SUNSUBSCRIBE, and the feed
  subscribes again on the promoted replica, resyncs, and hears the next save.
* A master SIGKILLed mid-play: its replica takes over, the feed subscribes again on the new
  master and resyncs its sockets, and a socket watching a battle on that master gets every
  event exactly once, in order, those written after the failover included.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Iterator

import aiohttp
import pytest

from gateway.context import FEED
from shared.store.base import JsonText
from tests.gateway.harness import create, play_two_players, run, socket
from tests.redis_cluster_harness import RedisCluster, running_cluster
from tests.redis_harness import unique_namespace

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def cluster() -> Iterator[RedisCluster]:
    yield from running_cluster()


def _store(cluster: RedisCluster, query: str = "") -> Any:
    from shared.store.redis_store import RedisBattleStore

    return RedisBattleStore.from_url(cluster.url + query, namespace=unique_namespace("mbfeed"), dedupe_ttl=3600.0)


@pytest.fixture
def store(cluster: RedisCluster) -> Iterator[Any]:
    opened = _store(cluster)
    try:
        yield opened
    finally:
        opened.close()


def test_a_battles_messages_stay_on_its_shard(cluster, store):
    import redis

    battle = "b-quiet"
    store.create(battle, {"n": 0})
    channel = store.keys.channel(battle)
    assert channel == f"{store.keys.namespace}:events:{{{store.keys.namespace}:{store.keys.shard(battle)}}}"
    owner = cluster.master_of(channel)
    # The shard channel hashes to the slot of the battle's keys, so the save script may publish on it.
    assert owner == cluster.master_of(store.keys.battle(battle)[0])
    replica = cluster.replica_of(owner)
    others = [p for p in cluster.live_ports() if p not in (owner, replica)]
    # A classic subscriber to every channel on every node: a PUBLISH would reach each of them.
    classic = [redis.Redis(port=p, decode_responses=True).pubsub() for p in cluster.live_ports()]
    for pubsub in classic:
        pubsub.psubscribe("*")
        assert pubsub.get_message(timeout=2)["type"] == "psubscribe"
    before = {p: cluster.cluster_stats(p) for p in cluster.live_ports()}

    async def main() -> tuple[list[Any], dict[int, str]]:
        async with store.feed() as feed:
            assert sorted(int(name.rsplit(":", 1)[1]) for name in feed.subscribers) == sorted(
                int(n["port"]) for n in cluster.nodes() if n["role"] == "master")
            assert sum(len(channels) for channels in feed.subscribers.values()) == 64
            with feed.subscribe(battle) as sub:
                for revision in range(1, 6):
                    await asyncio.to_thread(store.save, battle, revision, {"n": revision},
                                            [{"seq": revision, "kind": "note"}])
                got = [await sub.get(5) for _ in range(5)]
                numsub = {p: await asyncio.to_thread(cluster.cli, p, "pubsub", "shardnumsub", channel)
                          for p in (owner, *others)}
        return got, numsub

    got, numsub = asyncio.run(main())
    assert [(m.revision, [e["seq"] for e in m.events]) for m in got] == [(r, [r - 1]) for r in range(2, 7)]
    # The feed's one connection on the owner is the channel's only subscriber; no other
    # master has one (a shard channel can be subscribed only where its slot is served).
    assert numsub[owner].split() == [channel, "1"]
    assert all(numsub[p].split() == [channel, "0"] for p in others)
    # The replica's count moves as the cluster bus delivers, a moment after the owner's: read
    # the counters again until it has the five (or 10 s have passed, and the asserts say what).
    deadline = time.monotonic() + 10
    while True:
        after = {p: cluster.cluster_stats(p) for p in cluster.live_ports()}
        received = after[replica].get("publishshard_received", 0) - before[replica].get("publishshard_received", 0)
        if received >= 5 or time.monotonic() > deadline:
            break
        time.sleep(0.1)

    def delta(port: int, name: str) -> int:
        return after[port].get(name, 0) - before[port].get(name, 0)

    # Five saves, five sharded messages: the owner sent each to its replica once over the
    # cluster bus (5 x 1 replica = 5), the replica received 5, no other node sent or
    # received one, and no node sent or received a classic PUBLISH.
    assert delta(owner, "publishshard_sent") == 5
    assert delta(replica, "publishshard_received") == 5
    for port in others:
        assert delta(port, "publishshard_sent") == delta(port, "publishshard_received") == 0
    for port in cluster.live_ports():
        assert delta(port, "publish_sent") == delta(port, "publish_received") == 0
    for pubsub in classic:
        assert pubsub.get_message(timeout=0.2) is None
        pubsub.close()


def test_a_save_on_every_shard_reaches_its_battles_subscription_and_no_other(cluster, store):
    ids: dict[int, str] = {}
    for n in range(2000):
        ids.setdefault(store.keys.shard(f"b-{n}"), f"b-{n}")
        if len(ids) == 64:
            break
    assert sorted(ids) == list(range(64))
    for battle_id in ids.values():
        store.create(battle_id, {"n": 0})

    async def main() -> dict[str, list[Any]]:
        async with store.feed() as feed:
            subs = {battle_id: feed.subscribe(battle_id) for battle_id in ids.values()}
            for battle_id in ids.values():
                await asyncio.to_thread(store.save, battle_id, 1, {"n": 1}, [{"seq": 1, "kind": "note", "b": battle_id}])
            got = {battle_id: [await sub.get(5)] for battle_id, sub in subs.items()}
            await asyncio.sleep(0.2)
            for battle_id, sub in subs.items():
                while (extra := sub.get_nowait()) is not None:
                    got[battle_id].append(extra)
            return got

    got = asyncio.run(main())
    # 64 battles, one per shard channel, spread over the three masters: each subscription got
    # its own battle's one message (revision 2, its event) and nothing of the other 63.
    assert {battle_id: [(m.battle_id, m.revision, [e["b"] for e in m.events]) for m in messages]
            for battle_id, messages in got.items()} == {b: [(b, 2, [b])] for b in ids.values()}


def test_battles_on_every_master_are_played_over_the_gateways_sockets(cluster, store):
    async def main(client: Any) -> None:
        feed = client.app[FEED]
        assert len(feed.subscribers) == 3
        by_master: dict[int, dict[str, Any]] = {}
        for _ in range(60):
            created = await create(client)
            by_master.setdefault(cluster.master_of(store.keys.channel(created["battle"])), created)
            if len(by_master) == 3:
                break
        assert set(by_master) == set(int(name.rsplit(":", 1)[1]) for name in feed.subscribers)
        played = await asyncio.gather(*(play_two_players(client, created) for created in by_master.values()))
        for created, (events, answered) in zip(by_master.values(), played):
            stored = store.events_after(created["battle"], 0, limit=10_000)
            # Every event of the battle, once, in order, on its GM's socket: after the first
            # prompt only the feed brings them (a socket reads the store only on a gap).
            assert events == stored and [e["seq"] for e in events] == list(range(1, len(stored) + 1))
            assert answered["p1"] + answered["p2"] >= 2

    run(main, store=store)


def test_a_manual_failover_moves_the_feed_to_the_promoted_replica(cluster, store, caplog):
    """`CLUSTER FAILOVER` on a replica: the old master stays up as a replica, and the server
    pushes SUNSUBSCRIBE for the shard channels of the slots it gave up; the feed subscribes
    again on the new master, resyncs the battle's subscription, and hears the next save."""
    battle = "b-moved"
    store.create(battle, {"n": 0})
    channel = store.keys.channel(battle)
    owner = cluster.master_of(channel)
    replica = cluster.replica_of(owner)

    async def main() -> tuple[list[Any], dict[str, list[str]]]:
        async with store.feed() as feed:
            with feed.subscribe(battle) as sub:
                await asyncio.to_thread(store.save, battle, 1, {"n": 1}, [{"seq": 1, "kind": "note"}])
                got = [await sub.get(5)]
                assert await asyncio.to_thread(cluster.cli, replica, "cluster", "failover") == "OK\n"
                await _until(lambda: cluster.master_of(channel) == replica, 30, "the manual failover")
                got.append(await sub.get(30))  # the resync, once subscribed on the new master
                await asyncio.to_thread(store.save, battle, 2, {"n": 2}, [{"seq": 2, "kind": "note"}])
                got.append(await sub.get(10))
                return got, feed.subscribers

    with caplog.at_level("WARNING", logger="shared.store.redis_sharded_feed"):
        got, subscribers = asyncio.run(main())
    assert [(m.resync, m.revision) for m in got] == [(False, 2), (True, None), (False, 3)]
    assert [e["seq"] for e in got[2].events] == [2]
    assert channel in subscribers[f"127.0.0.1:{replica}"] and f"127.0.0.1:{owner}" not in subscribers
    assert any("no longer serves" in r.getMessage() for r in caplog.records), [r.getMessage() for r in caplog.records]


class Writer(threading.Thread):
    """Appends one event at a time to each battle, as a worker's saves would, keeping the
    battle's state (so its open decision stays valid); a failed write is retried."""

    def __init__(self, store: Any, battle_ids: list[str]) -> None:
        super().__init__(daemon=True)
        self.store, self.battle_ids = store, battle_ids
        self.count = self.errors = 0
        self.stop = threading.Event()

    def run(self) -> None:
        n = 0
        while not self.stop.is_set():
            battle_id = self.battle_ids[n % len(self.battle_ids)]
            try:
                loaded = self.store.load(battle_id)
                self.store.save(battle_id, loaded.revision, JsonText(loaded.text),
                                [{"seq": loaded.last_seq + 1, "kind": "note", "n": self.count}])
            except Exception:  # noqa: BLE001 - a failover answers with several kinds of error
                self.errors += 1
                time.sleep(0.05)
                continue
            self.count += 1
            n += 1
            time.sleep(0.01)


class Watcher:
    """A GM socket on one battle that reconnects after its last seq when the gateway closes
    it (1013 while the store is away), as a client does: every event frame is recorded with
    the time it came."""

    def __init__(self, client: Any, created: dict[str, Any]) -> None:
        self.client, self.created = client, created
        self.seen: list[tuple[int, float]] = []
        self.reconnects = 0

    async def watch(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            after = self.seen[-1][0] if self.seen else 0
            try:
                async with socket(self.client, self.created, self.created["gm_token"], after=after) as ws:
                    while not stop.is_set():
                        try:
                            msg = await ws.receive_json(timeout=0.5)
                        except asyncio.TimeoutError:
                            continue
                        except TypeError:  # the socket closed (a text frame was expected)
                            break
                        if msg["type"] == "event":
                            self.seen.append((msg["event"]["seq"], time.monotonic()))
            except aiohttp.WSServerHandshakeError:
                pass  # 503 while the battle's master is away: try again, as a client does
            if not stop.is_set():
                self.reconnects += 1
                await asyncio.sleep(0.2)


@pytest.fixture
def own_cluster() -> Iterator[RedisCluster]:
    yield from running_cluster()


def test_a_master_killed_mid_play_the_feed_goes_on_on_its_replica(own_cluster):
    cluster = own_cluster
    # WAIT before acknowledging: no acknowledged event is lost in the failover, so the store's
    # stream after it is exactly what the sockets must have seen.
    store = _store(cluster, "?wait_replicas=1&wait_ms=2000")

    async def main(client: Any) -> tuple[list[Watcher], Writer, float, dict[str, list[int]], int]:
        feed = client.app[FEED]
        first = await create(client)
        victim = cluster.master_of(store.keys.channel(first["battle"]))
        on_victim, elsewhere = [first], None
        for _ in range(60):
            created = await create(client)
            if cluster.master_of(store.keys.channel(created["battle"])) == victim:
                on_victim.append(created)
            elif elsewhere is None:
                elsewhere = created
            if len(on_victim) >= 2 and elsewhere is not None:
                break
        assert len(on_victim) >= 2 and elsewhere is not None
        watched = [*on_victim[:2], elsewhere]
        watchers = [Watcher(client, created) for created in watched]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(w.watch(stop)) for w in watchers]
        writer = Writer(store, [created["battle"] for created in watched])
        writer.start()
        try:
            await _until(lambda: writer.count >= 30, 30, "30 writes before the kill")
            before_kill = f"127.0.0.1:{victim}" in feed.subscribers
            cluster.kill(victim)
            await _until(lambda: cluster.taken_over(victim), 30, "the replica's takeover")
            failed_over = time.monotonic()
            # Back as the new master's replica, so a write can be WAITed on again.
            cluster.restart(victim)
            await asyncio.to_thread(cluster.wait_ok)
            mark = writer.count
            await _until(lambda: writer.count >= mark + 30, 60, "30 writes after the failover")
            writer.stop.set()
            await asyncio.to_thread(writer.join, 10)
            streams = {c["battle"]: [e["seq"] for e in store.events_after(c["battle"], 0, limit=10_000)]
                       for c in watched}
            last = {battle: seqs[-1] for battle, seqs in streams.items()}
            await _until(lambda: all(w.seen and w.seen[-1][0] == last[w.created["battle"]] for w in watchers), 20,
                         "the sockets catching up")
        finally:
            writer.stop.set()
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        assert before_kill and f"127.0.0.1:{victim}" not in feed.subscribers and len(feed.subscribers) == 3
        return watchers, writer, failed_over, streams, victim

    try:
        watchers, writer, failed_over, streams, victim = run(main, store=store, timeout=180)
    finally:
        store.close()
    for watcher in watchers:
        battle = watcher.created["battle"]
        seqs = [seq for seq, _ in watcher.seen]
        # Every event once, in order: none lost in the failover, none sent twice.
        assert seqs == streams[battle] == list(range(1, len(seqs) + 1)), (battle, seqs)
        # And the feed went on: events written after the failover reached the socket.
        assert any(at > failed_over for _, at in watcher.seen)
    print(f"\nfailover of master {victim}: {writer.count} events written, {writer.errors} writes refused or "
          f"failed, socket reconnects {[w.reconnects for w in watchers]}, last seqs {[seqs[-1] for seqs in streams.values()]}")


async def _until(predicate: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not await asyncio.to_thread(predicate):
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout:.0f}s")
        await asyncio.sleep(0.05)
