"""Key and channel names of the Redis stores, on one Redis or on a Redis Cluster.

Owns: `Keys` (the battle store's layout, see `redis_store.py`), `outbox_keys` (the outbox's,
see `outbox.py`) and `CLUSTER_SHARDS`.

Why shards. A Redis Cluster runs a script or a transaction only when every key it touches
lives in one hash slot. A battle's writes also touch two indexes every battle shares: the
holds-due zset the sweeper reads and the outbox the reconciler reads. On a cluster those
indexes are cut into `CLUSTER_SHARDS` fixed shards, and each battle belongs to one shard
(the CRC-32 of its id): the battle's keys and its shard's indexes all carry the shard's hash
tag `{ns:N}`, so they share the shard's slot and every script and transaction stays atomic.
The sweeper and the reconciler walk the shards. On one Redis there is one shard and the
layout is the one it always was (`{battle id}` tags, one `ns:holds-due`, one outbox).

The event feed follows the same cut. On one Redis each battle has its channel, `ns:events:ID`,
and a gateway pattern-subscribes to them all. On a cluster a classic PUBLISH is broadcast over
the cluster bus to every node, so the scripts publish with SPUBLISH (sharded pub/sub) to their
shard's channel, `ns:events:{ns:N}`, which carries the shard's hash tag and so lives in the slot
of the keys the script writes: the message stays on the shard's master and its replicas, and a
gateway subscribes to the 64 shard channels on the masters that own them (`redis_sharded_feed.py`).
A shard channel carries the messages of every battle in the shard; each names its battle.

The shard count is fixed for a deployment's life: a battle's keys are found by it.
"""

from __future__ import annotations

import re
import zlib

from .errors import StoreError

#: Shards of a cluster deployment: enough to spread the battles over the masters of a large
#: cluster (64 slots), few enough that a sweep (one command per shard) stays cheap.
CLUSTER_SHARDS = 64

_NAMESPACE = re.compile(r"[A-Za-z0-9._:-]{1,100}")


def outbox_keys(prefix: str) -> list[str]:
    """The outbox's zset, entries and sends keys under `prefix` (`ns:outbox` or a shard's)."""
    return [prefix, f"{prefix}:entries", f"{prefix}:sends"]


class Keys:
    """Key and channel names under one namespace, with `shards` shards (0: one Redis)."""

    def __init__(self, namespace: str, shards: int = 0) -> None:
        if not isinstance(namespace, str) or not _NAMESPACE.fullmatch(namespace):
            raise StoreError(
                f"namespace {namespace!r} is not 1-100 letters, digits, '.', '_', ':' or '-'"
            )
        if type(shards) is not int or shards < 0:
            raise StoreError(f"shards must be a non-negative integer, not {shards!r}")
        self.namespace = namespace
        self.shards = shards
        self.registry = f"{namespace}:rulesets"
        self.channel_prefix = f"{namespace}:events:"
        if shards:
            tags = [f"{{{namespace}:{n}}}" for n in range(shards)]
            self._holds_due = [f"{namespace}:holds-due:{tag}" for tag in tags]
            self._outbox = [outbox_keys(f"{namespace}:outbox:{tag}") for tag in tags]
            self._channels = [self.channel_prefix + tag for tag in tags]
        else:
            self._holds_due = [f"{namespace}:holds-due"]
            self._outbox = [outbox_keys(f"{namespace}:outbox")]
            self._channels = []

    def shard(self, battle_id: str) -> int:
        return zlib.crc32(battle_id.encode()) % self.shards if self.shards else 0

    def _base(self, battle_id: str) -> str:
        if self.shards:
            return f"{self.namespace}:battle:{{{self.namespace}:{self.shard(battle_id)}}}:{battle_id}"
        return f"{self.namespace}:battle:{{{battle_id}}}"

    def battle(self, battle_id: str) -> list[str]:
        """state, hot, stream, hold, conns, reqs: the order every script expects."""
        base = self._base(battle_id)
        return [f"{base}:{part}" for part in ("state", "hot", "stream", "hold", "conns", "reqs")]

    def request(self, battle_id: str, request_id: str) -> str:
        return f"{self._base(battle_id)}:req:{request_id}"

    def answer(self, battle_id: str, request_id: str) -> str:
        return f"{self._base(battle_id)}:ans:{request_id}"

    def holds_due(self, battle_id: str) -> str:
        """The holds-due shard `battle_id`'s hold deadline is indexed in."""
        return self._holds_due[self.shard(battle_id)]

    def holds_due_shards(self) -> list[str]:
        return list(self._holds_due)

    def outbox(self, battle_id: str) -> list[str]:
        """The outbox shard (zset, entries, sends) `battle_id`'s accepted choices wait in."""
        return self._outbox[self.shard(battle_id)]

    def outbox_shards(self) -> list[list[str]]:
        return [list(keys) for keys in self._outbox]

    def ruleset(self, digest: str) -> str:
        return f"{self.namespace}:ruleset:{digest}"

    def channel(self, battle_id: str) -> str:
        """The channel `battle_id`'s writes are published on: its own on one Redis, its
        shard's on a cluster."""
        if self.shards:
            return self._channels[self.shard(battle_id)]
        return self.channel_prefix + battle_id

    def shard_channels(self) -> list[str]:
        """Every shard's channel (a cluster's feed subscribes to them all); none on one Redis."""
        return list(self._channels)
