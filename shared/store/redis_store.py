"""The Redis battle store: the production `BattleStore`, shared by the gateway and every worker.

Owns: `RedisBattleStore` (the key names are `redis_keys.Keys`'s). Every write to a battle is one Lua
script (`redis_scripts.py`), so the compare-and-set, the stream append, the hold mirror,
the request record, the expiry refresh and the publish happen together or not at all.

Key layout on one Redis (`ns` is the configurable namespace; `{id}` is a hash tag, so one
battle's keys share a slot). On a Redis Cluster (`redis+cluster://`) the tag is the battle's
shard's, `ns:battle:{ns:N}:ID:state` and so on, and the holds-due zset and the outbox are cut
into those shards (`redis_keys.py`), so a battle's keys and its indexes share one slot:

    ns:battle:{id}:state    hash   state (JSON), revision, last_seq, status, idle_ms, born,
                                   decision (JSON; absent when the revision has none)
    ns:battle:{id}:hot      list   the last `hot_limit` events (JSON), oldest first
    ns:battle:{id}:stream   stream every event, entry id "<seq>-0", field "e" (JSON)
    ns:battle:{id}:hold     string the open window (JSON); absent when none is open
    ns:battle:{id}:conns    zset   connection id -> lease deadline (ms)
    ns:battle:{id}:reqs     set    the request-record keys below (so delete can find them)
    ns:battle:{id}:req:RID  string "<born>|" + {"revision", "result"}; expires after dedupe_ttl
    ns:battle:{id}:ans:RID  string "<born>|" + the refusal announced for a request that saved
                                   nothing (`announce`); expires after dedupe_ttl
    ns:holds-due            zset   battle id -> hold deadline (epoch s), for the sweeper
                                   (on a cluster, ns:holds-due:{ns:N} per shard)
    ns:outbox...            the outbox of accepted choices (`outbox.py`)
    ns:ruleset:DIGEST       string the package JSON; never expires
    ns:rulesets             hash   registry ref (`official/5e-2014@7`) -> entry (JSON); never
                                   expires (`shared.ruleset.registry`)
    channel ns:events:ID    pub/sub, one message per write (see `feed.py`); on a cluster
                                   ns:events:{ns:N}, the shard's, by sharded pub/sub (SPUBLISH)

The six per-battle keys always carry the same expiry (`idle_ms` after the last write,
stretched by live connection leases, see `base.py`); request records carry their own, and
name the life of the battle they belong to (`born`, a token drawn at create), so a record
that outlives its battle is not mistaken for one of a new battle with the same id.

`redis` is imported only when a store is built, so `import shared.store` works without it.
"""

from __future__ import annotations

import json
import uuid
from typing import Any, Callable, NoReturn, Sequence, cast

import redis
from redis.cluster import ClusterNode, RedisCluster

from . import codec, redis_scripts
from .base import (
    ABANDONED,
    ACTIVE,
    DEFAULT_DEDUPE_TTL,
    DEFAULT_IDLE_TTL,
    DEFAULT_PAGE,
    HOT_EVENTS,
    UNCHANGED,
    BattleHead,
    Decision,
    Duplicate,
    Event,
    Hold,
    JsonText,
    RequestRecord,
    RevisionConflict,
    Saved,
    SaveResult,
    State,
    StoredBattle,
    Unchanged,
)
from .errors import BattleClosed, BattleExists, BattleNotFound, StoreError
from .feed import Feed
from .outbox import RedisOutbox
from .redis_aio import RedisLoopClient
from .redis_client import SyncRedis, sync_commands
from .redis_feed import RedisFeed
from .redis_keys import CLUSTER_SHARDS, Keys
from .redis_sharded_feed import ShardedRedisFeed
from .redis_urls import DEFAULT_WAIT_MS, cluster_nodes, is_cluster, wait_options

__all__ = ["Keys", "RedisBattleStore"]

DEFAULT_NAMESPACE = "marinara-battle"


#: Seconds one Redis command may take, and connecting to Redis, before it is an error.
SOCKET_TIMEOUT = 10.0
CONNECT_TIMEOUT = 5.0


class RedisBattleStore:
    """A `BattleStore` on one Redis (standalone or Sentinel-managed; AOF, `noeviction`).

    `clock`, when given, replaces the Redis server's clock for connection leases (tests
    drive time with it); key expiry is always Redis's own.
    """

    def __init__(
        self,
        client: "redis.Redis",
        *,
        url: str | None = None,
        namespace: str = DEFAULT_NAMESPACE,
        idle_ttl: float = DEFAULT_IDLE_TTL,
        dedupe_ttl: float = DEFAULT_DEDUPE_TTL,
        hot_limit: int = HOT_EVENTS,
        clock: Callable[[], float] | None = None,
        shards: int | None = None,
        wait_replicas: int = 0,
        wait_ms: int = DEFAULT_WAIT_MS,
    ) -> None:
        if not client.get_connection_kwargs().get("decode_responses"):
            raise StoreError("the Redis client must be created with decode_responses=True")
        self.idle_ttl = codec.check_seconds(idle_ttl, "idle_ttl")
        self.dedupe_ttl = codec.check_seconds(dedupe_ttl, "dedupe_ttl")
        if type(hot_limit) is not int or hot_limit < 1:
            raise StoreError(f"hot_limit must be a positive integer, not {hot_limit!r}")
        self.hot_limit = hot_limit
        if shards is None:
            shards = CLUSTER_SHARDS if isinstance(client, RedisCluster) else 0
        self.keys = Keys(namespace, shards)
        if type(wait_replicas) is not int or wait_replicas < 0 or type(wait_ms) is not int or wait_ms < 1:
            raise StoreError(f"wait_replicas must be an integer >= 0 and wait_ms >= 1, not {wait_replicas!r}, {wait_ms!r}")
        self.wait_replicas = wait_replicas
        self.wait_ms = wait_ms
        self.url = url
        self._redis = client
        self._client: SyncRedis = sync_commands(client)
        self._clock = clock
        # The cluster layout publishes on shard channels (SPUBLISH), one Redis as it always did.
        publishing: Callable[[str], str] = redis_scripts.sharded if self.keys.shards else str
        self._create = client.register_script(redis_scripts.CREATE)
        self._save = client.register_script(publishing(redis_scripts.SAVE))
        self._abandon = client.register_script(publishing(redis_scripts.ABANDON))
        self._set_hold = client.register_script(publishing(redis_scripts.SET_HOLD))
        self._put_decision = client.register_script(publishing(redis_scripts.PUT_DECISION))
        self._touch = client.register_script(redis_scripts.TOUCH)
        self._release = client.register_script(redis_scripts.RELEASE)
        self._count = client.register_script(redis_scripts.COUNT_CONNECTIONS)
        self._announce = client.register_script(publishing(redis_scripts.ANNOUNCE))

    @classmethod
    def from_url(cls, url: str, **options: Any) -> "RedisBattleStore":
        """A store on `redis://host:port/db` (or `rediss://`, `unix://`), or on a Redis Cluster
        (`redis+cluster://host:port,host:port`, see `redis_urls.py`)."""
        # No command waits on the server by design, so a Redis that stops answering (hung,
        # or gone without closing the connection) is an error after SOCKET_TIMEOUT seconds,
        # which the gateway answers with 503, instead of a request that never returns.
        url, waits = wait_options(url)
        options = {**waits, **options}
        client: redis.Redis
        if is_cluster(url):
            client = cast(redis.Redis, RedisCluster(
                startup_nodes=[ClusterNode(host, port) for host, port in cluster_nodes(url)],
                decode_responses=True, socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=CONNECT_TIMEOUT))
        else:
            client = redis.Redis.from_url(url, decode_responses=True, health_check_interval=30,
                                          socket_timeout=SOCKET_TIMEOUT, socket_connect_timeout=CONNECT_TIMEOUT)
        return cls(client, url=url, **options)

    @property
    def client(self) -> "redis.Redis":
        return self._redis

    # -- internals ---------------------------------------------------------------------
    def _write(self, script: Any, *, keys: list[str], args: list[Any]) -> Any:
        """Runs a battle's write script; with `wait_replicas`, answers only once that many
        replicas of the battle's master hold the write (`WAIT`, on the connection that wrote
        it), and raises `StoreError` when they do not within `wait_ms` (the write is on the
        master then, but a failover could lose it, so it is not acknowledged)."""
        if not self.wait_replicas:
            return script(keys=keys, args=args)
        cluster = self._redis if isinstance(self._redis, RedisCluster) else None
        node = cluster.get_redis_connection(cluster.get_node_from_key(keys[0])) if cluster else self._redis
        pipe = node.pipeline(transaction=False)
        script(keys=keys, args=args, client=pipe)
        pipe.execute_command("WAIT", self.wait_replicas, self.wait_ms)
        try:
            answer, replicas = pipe.execute()
        except redis.RedisError:
            # This path goes to the node itself, past the cluster client's MOVED handling: a
            # lost or moved master makes it read the slot map again for the next write.
            if cluster is not None:
                cluster.nodes_manager.initialize()
            raise
        if int(replicas) < self.wait_replicas:
            raise StoreError(f"the write reached {replicas} of {self.wait_replicas} replicas within {self.wait_ms} ms")
        return answer

    def _now_arg(self) -> int:
        return -1 if self._clock is None else int(round(self._clock() * 1000))

    def _writer_keys(self, battle_id: str) -> list[str]:
        return [*self.keys.battle(battle_id), self.keys.holds_due(battle_id)]

    def _message(
        self, battle_id: str, status: str, texts: Sequence[str], mode: str, hold_text: str,
        request_id: str | None = None, decision_text: str = "", decision_follows: bool = False,
    ) -> tuple[str, str]:
        return codec.message_parts(battle_id, status, texts, mode, hold_text, request_id, decision_text,
                                   decision_follows)

    def queue_head(self, pipe: Any, battle_id: str, request_id: str | None) -> None:
        """Queues `head`'s commands on a pipeline (sync or asyncio: the same commands)."""
        codec.check_battle_id(battle_id)
        pipe.hmget(self.keys.battle(battle_id)[0], codec.HEAD_FIELDS)
        if request_id is not None:
            pipe.get(self.keys.request(battle_id, codec.check_token(request_id, "request id")))

    @staticmethod
    def head_from(replies: list[Any]) -> BattleHead | None:
        """`head`'s answer from the replies of `queue_head`'s commands."""
        return codec.head_of(replies[0], replies[1] if len(replies) > 1 else None)

    @staticmethod
    def _deadline(deadline: float | None) -> str:
        return "" if deadline is None else repr(deadline)

    # -- battles -----------------------------------------------------------------------
    def create(
        self,
        battle_id: str,
        state: State | JsonText,
        events: Sequence[Event] = (),
        *,
        ttl: float | None = None,
        revision: int = 1,
        hold: Hold | None = None,
        decision: Decision | JsonText | None = None,
    ) -> Saved:
        a = codec.create_args(battle_id, state, events, ttl, self.idle_ttl, revision, hold, decision)
        answer = self._write(self._create,
            keys=self._writer_keys(battle_id),
            args=[revision, a.state_text, codec.to_ms(a.idle), len(a.texts), a.hold_mode, a.hold_text,
                  self._deadline(a.deadline), battle_id, self.hot_limit, uuid.uuid4().hex, a.decision_text,
                  *a.texts],
        )
        if answer[0] == "exists":
            raise BattleExists(battle_id)
        return Saved(revision, len(a.texts))

    def load(self, battle_id: str, *, request_id: str | None = None) -> StoredBattle | None:
        codec.check_battle_id(battle_id)
        state_key, names = self.keys.battle(battle_id)[0], ["state", "revision", "last_seq", "status", "born"]
        if request_id is None:
            state, revision, last_seq, status, _born = self._client.hmget(state_key, names)
            record = None
        else:
            pipe = self._client.pipeline(transaction=False)
            pipe.hmget(state_key, names)
            pipe.get(self.keys.request(battle_id, codec.check_token(request_id, "request id")))
            (state, revision, last_seq, status, born), text = pipe.execute()
            record = codec.record_of(born, text)
        # The scripts write the state, the revision and the status together (as head_of reads them).
        if state is None or revision is None:
            return None
        return StoredBattle(None, int(revision), int(last_seq or 0), codec.status_of(status), record, text=state)

    def head(self, battle_id: str, request_id: str | None = None) -> BattleHead | None:
        pipe = self._client.pipeline(transaction=False)
        self.queue_head(pipe, battle_id, request_id)
        return self.head_from(pipe.execute())

    def save(
        self,
        battle_id: str,
        expected_revision: int,
        new_state: State | JsonText,
        new_events: Sequence[Event] = (),
        *,
        request_id: str | None = None,
        result: dict[str, Any] | None = None,
        hold: Hold | None | Unchanged = UNCHANGED,
        decision: Decision | JsonText | None = None,
        decision_follows: bool = False,
        continues: bool = False,
    ) -> SaveResult:
        a = codec.save_args(battle_id, expected_revision, new_state, new_events, request_id, result, hold,
                            decision, decision_follows, continues)
        head, tail = self._message(battle_id, ACTIVE, a.texts, a.hold_mode, a.hold_text, request_id,
                                   a.decision_text, a.decision_follows)
        keys = self._writer_keys(battle_id)
        if request_id is not None:
            keys.append(self.keys.request(battle_id, request_id))
        answer = self._write(self._save,
            keys=keys,
            args=[expected_revision, a.revision, a.state_text, a.first or 0, len(a.texts), a.hold_mode,
                  a.hold_text, self._deadline(a.deadline), battle_id, a.record_text,
                  codec.to_ms(self.dedupe_ttl), self.hot_limit, self.keys.channel(battle_id), head, tail,
                  a.decision_text, "1" if continues else "0", *a.texts],
        )
        kind = answer[0]
        if kind == "ok":
            return Saved(a.revision, int(answer[1]))
        if kind == "conflict":
            return RevisionConflict(expected_revision, int(answer[1]))
        if kind == "duplicate":
            data = json.loads(answer[1])
            return Duplicate(request_id or "", RequestRecord(data["revision"], data["result"]))
        return self._refuse(battle_id, answer, a.first)

    def put_decision(self, battle_id: str, revision: int, decision: Decision | JsonText) -> bool:
        codec.check_battle_id(battle_id)
        codec.check_revision(revision)
        text = codec.encode_decision(decision)
        head, tail = self._message(battle_id, ACTIVE, (), codec.HOLD_KEEP, "", None, text)
        answer: str = self._write(self._put_decision, keys=[self.keys.battle(battle_id)[0]],
                                    args=[revision, text, self.keys.channel(battle_id), head + str(revision) + tail])
        if answer == "missing":
            raise BattleNotFound(battle_id)
        return answer == "ok"

    def _refuse(self, battle_id: str, answer: list[str], first: int | None) -> NoReturn:
        kind = answer[0]
        if kind == "missing":
            raise BattleNotFound(battle_id)
        if kind == "closed":
            raise BattleClosed(battle_id, answer[1])
        if kind == "seq" and first is not None:
            raise codec.seq_refusal(first, int(answer[1]))
        raise StoreError(f"unexpected answer from the Redis script: {answer!r}")

    def abandon(self, battle_id: str, events: Sequence[Event] = ()) -> int:
        codec.check_battle_id(battle_id)
        first, texts = codec.encode_events(events)
        head, tail = self._message(battle_id, ABANDONED, texts, codec.HOLD_CLEAR, "")
        answer = self._write(self._abandon,
            keys=self._writer_keys(battle_id),
            args=[first or 0, len(texts), battle_id, self.hot_limit, self.keys.channel(battle_id),
                  head, tail, *texts],
        )
        if answer[0] in ("ok", "closed"):
            return int(answer[1])
        return self._refuse(battle_id, answer, first)

    def delete(self, battle_id: str) -> bool:
        codec.check_battle_id(battle_id)
        keys = self.keys.battle(battle_id)
        # A request recorded between SMEMBERS and DEL keeps its own key until dedupe_ttl;
        # with the battle gone nothing reads it (`seen` checks the battle first).
        records = self._client.smembers(keys[5])
        pipe = self._client.pipeline(transaction=True)
        pipe.exists(keys[0])
        pipe.delete(*keys, *records)
        pipe.zrem(self.keys.holds_due(battle_id), battle_id)
        return bool(pipe.execute()[0])

    def ttl(self, battle_id: str) -> float | None:
        codec.check_battle_id(battle_id)
        left = self._client.pttl(self.keys.battle(battle_id)[0])
        if left == -2:
            return None
        return float("inf") if left == -1 else left / 1000.0

    # -- events ------------------------------------------------------------------------
    def events_after(self, battle_id: str, seq: int, limit: int = DEFAULT_PAGE) -> list[Event]:
        codec.check_battle_id(battle_id)
        start = codec.check_revision(seq, "seq") + 1
        if type(limit) is not int or limit < 1:
            raise StoreError(f"limit must be a positive integer, not {limit!r}")
        keys = self.keys.battle(battle_id)
        pipe = self._client.pipeline(transaction=False)
        pipe.exists(keys[0])
        pipe.xrange(keys[2], min=f"{start}-0", max="+", count=limit)
        exists, entries = pipe.execute()
        if not exists:
            raise BattleNotFound(battle_id)
        return [json.loads(fields["e"]) for _, fields in entries]

    def recent_events(self, battle_id: str) -> list[Event]:
        codec.check_battle_id(battle_id)
        keys = self.keys.battle(battle_id)
        pipe = self._client.pipeline(transaction=False)
        pipe.exists(keys[0])
        pipe.lrange(keys[1], 0, -1)
        exists, texts = pipe.execute()
        if not exists:
            raise BattleNotFound(battle_id)
        return [json.loads(text) for text in texts]

    # -- request-id dedupe -------------------------------------------------------------
    def seen(self, battle_id: str, request_id: str) -> RequestRecord | None:
        codec.check_battle_id(battle_id)
        codec.check_token(request_id, "request id")
        pipe = self._client.pipeline(transaction=False)
        pipe.hget(self.keys.battle(battle_id)[0], "born")
        pipe.get(self.keys.request(battle_id, request_id))
        born, text = pipe.execute()
        return codec.record_of(born, text)

    # -- the single-window hold mirror -------------------------------------------------
    def get_hold(self, battle_id: str) -> Hold | None:
        codec.check_battle_id(battle_id)
        text = self._client.get(self.keys.battle(battle_id)[3])
        return None if text is None else json.loads(text)

    def set_hold(self, battle_id: str, hold: Hold | None) -> None:
        codec.check_battle_id(battle_id)
        mode, hold_text, deadline = codec.hold_args(hold)
        head, tail = self._message(battle_id, ACTIVE, (), mode, hold_text)
        answer = self._write(self._set_hold,
            keys=self._writer_keys(battle_id),
            args=[mode, hold_text, self._deadline(deadline), battle_id,
                  self.keys.channel(battle_id), head, tail],
        )
        if answer[0] != "ok":
            self._refuse(battle_id, answer, None)

    def holds_due(self, now: float, limit: int = 100) -> list[str]:
        shards = self.keys.holds_due_shards()
        if len(shards) == 1:
            return self._alive_in(shards[0], self._client.zrangebyscore(shards[0], "-inf", now, start=0, num=limit))
        # Each shard's earliest `limit`, merged by deadline: the earliest across the cluster first.
        due: list[tuple[float, str, str]] = []
        for shard in shards:
            due += [(score, battle_id, shard) for battle_id, score in
                    cast(list[tuple[str, float]], self._redis.zrangebyscore(shard, "-inf", now, start=0, num=limit,
                                                                           withscores=True))]
        due = sorted(due)[:limit]
        alive: list[str] = []
        for shard in shards:
            alive += self._alive_in(shard, [battle_id for _, battle_id, s in due if s == shard])
        return [battle_id for _, battle_id, _ in due if battle_id in set(alive)]

    def _alive_in(self, shard: str, ids: list[str]) -> list[str]:
        """`ids` of one shard whose battle still exists; the others leave the shard."""
        if not ids:
            return []
        # The battles of one shard share its slot, so one pipeline asks one node.
        pipe = self._client.pipeline(transaction=False)
        for battle_id in ids:
            pipe.exists(self.keys.battle(battle_id)[0])
        alive = pipe.execute()
        gone = [b for b, ok in zip(ids, alive) if not ok]
        if gone:
            self._client.zrem(shard, *gone)
        return [b for b, ok in zip(ids, alive) if ok]

    # -- rulesets by content digest ----------------------------------------------------
    def put_ruleset(self, digest: str, json_text: str) -> str:
        codec.check_ruleset(digest, json_text)
        self._client.set(self.keys.ruleset(digest), json_text)
        return digest

    def get_ruleset(self, digest: str) -> str | None:
        codec.check_digest(digest)
        return self._client.get(self.keys.ruleset(digest))

    # -- the ruleset registry ----------------------------------------------------------
    def register_ruleset(self, ref: str, entry_text: str) -> str | None:
        codec.check_registry_entry(ref, entry_text)
        # HSETNX writes only a free ref; the read after it answers what holds a taken one
        # (entries are never rewritten, only removed, so it is the one that won).
        pipe = self._client.pipeline(transaction=True)
        pipe.hsetnx(self.keys.registry, ref, entry_text)
        pipe.hget(self.keys.registry, ref)
        written, listed = pipe.execute()
        return None if written else listed

    def registered_rulesets(self) -> dict[str, str]:
        return dict(self._client.hgetall(self.keys.registry))

    def unregister_ruleset(self, ref: str) -> bool:
        return bool(self._client.hdel(self.keys.registry, codec.check_registry_ref(ref)))

    # -- live connections --------------------------------------------------------------
    def touch_connected(self, battle_id: str, connection_id: str, ttl: float) -> int:
        codec.check_battle_id(battle_id)
        codec.check_token(connection_id, "connection id")
        lease = codec.check_seconds(ttl, "lease ttl")
        live = self._touch(
            keys=self.keys.battle(battle_id),
            args=[connection_id, codec.to_ms(lease), self._now_arg()],
        )
        if live < 0:
            raise BattleNotFound(battle_id)
        return int(live)

    def release_connected(self, battle_id: str, connection_id: str) -> int:
        codec.check_battle_id(battle_id)
        codec.check_token(connection_id, "connection id")
        live = self._release(
            keys=self.keys.battle(battle_id), args=[connection_id, self._now_arg()]
        )
        return max(0, int(live))

    def connections(self, battle_id: str) -> int:
        codec.check_battle_id(battle_id)
        return int(self._count(keys=self.keys.battle(battle_id), args=[self._now_arg()]))

    # -- fan-out -----------------------------------------------------------------------
    def channel(self, battle_id: str) -> str:
        return self.keys.channel(codec.check_battle_id(battle_id))

    def publish(self, battle_id: str, events: Sequence[Event]) -> None:
        codec.check_battle_id(battle_id)
        _, texts = codec.encode_events(events)
        state_key = self.keys.battle(battle_id)[0]
        revision, status = self._client.hmget(state_key, ["revision", "status"])
        if revision is None:
            raise BattleNotFound(battle_id)
        head, tail = self._message(battle_id, codec.status_of(status), texts, codec.HOLD_KEEP, "")
        if self.keys.shards:
            self._client.spublish(self.keys.channel(battle_id), head + revision + tail)
        else:
            self._client.publish(self.keys.channel(battle_id), head + revision + tail)

    def announce(self, battle_id: str, request_id: str, result: dict[str, Any]) -> None:
        message = codec.answer_message(battle_id, request_id, result)
        keys = self.keys.battle(battle_id)
        # Only a refusal is kept: an applied request has its record already.
        kept = "" if result.get("ok") else codec.encode(result, "the request's answer")
        self._announce(keys=[keys[0], keys[5], self.keys.answer(battle_id, request_id)],
                       args=[kept, int(self.dedupe_ttl * 1000), self.keys.channel(battle_id), message])

    def answered(self, battle_id: str, request_id: str) -> dict[str, Any] | None:
        codec.check_battle_id(battle_id)
        codec.check_token(request_id, "request id")
        pipe = self._client.pipeline(transaction=False)
        pipe.hget(self.keys.battle(battle_id)[0], "born")
        pipe.get(self.keys.answer(battle_id, request_id))
        born, text = pipe.execute()
        return codec.answer_of(born, text)

    def loop_client(self) -> RedisLoopClient:
        if self.url is None:
            raise StoreError("a loop client needs the store's URL: build the store with from_url")
        # The timeouts are read now, so a test that shortens them reaches the loop's client too.
        return RedisLoopClient(self, self.url, socket_timeout=SOCKET_TIMEOUT, connect_timeout=CONNECT_TIMEOUT)

    def feed(self) -> Feed:
        """The gateway's listener: pattern-subscribed on one Redis (`RedisFeed`), on the shard
        channels of every master of a cluster (`ShardedRedisFeed`)."""
        if self.url is None:
            raise StoreError("a Redis feed needs the store's URL: build the store with from_url")
        if self.keys.shards:
            return ShardedRedisFeed(self.url, self.keys.shard_channels())
        return RedisFeed(self.url, self.keys.channel_prefix)

    # -- the outbox of accepted choices ------------------------------------------------
    def outbox(self) -> RedisOutbox:
        """The outbox of accepted choices on this server and namespace (see `outbox.py`)."""
        return RedisOutbox(self._redis, self.keys)

    # -- service -----------------------------------------------------------------------
    def ping(self) -> bool:
        try:
            return bool(self._client.ping())
        except (redis.RedisError, OSError):
            return False

    def close(self) -> None:
        self._client.close()
