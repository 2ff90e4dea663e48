"""The outbox of accepted choices: every choice a gateway accepted, until its answer is seen.

Owns: `Accepted` (one entry), the `Outbox` contract and its two implementations,
`MemoryOutbox` and `RedisOutbox` (the stores hand theirs out with `outbox()`).

Why it exists. A gateway that answers 202 has promised the choice will be applied, but
the message it hands the broker can be lost on the way to a worker (kombu's Redis
transport loses a message when a worker is killed between taking it off the queue and
recording it as unacknowledged). So the gateway records each choice here before it
answers 202, with a deadline; a reconciler claims the entries past their deadline and,
while the choice can still be applied, sends it again under the same request id (the
store's request-id dedupe applies it at most once, with the same dice). An entry is
settled when its answer is seen: the save that applied it, or a refusal.

Claiming moves an entry's deadline forward in the same atomic step, so two reconcilers
(two gateways) never send one entry twice for the same deadline, and an entry whose
reconciler died comes due again by itself.

Redis layout (`ns` the store's namespace; a member is `"<battle id> <request id>"`, the
space being in neither id's alphabet):

    ns:outbox          zset  member -> deadline (epoch s)
    ns:outbox:entries  hash  member -> {"revision", "choice"} (JSON)
    ns:outbox:sends    hash  member -> times it was claimed for sending again

On a Redis Cluster each of the battle's shards has these three keys, `ns:outbox:{ns:N}...`,
in the slot of the shard's battles (`redis_keys.py`); the reconciler claims shard by shard.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Sequence

from .redis_client import sync_commands

if TYPE_CHECKING:
    import redis

    from .redis_keys import Keys


@dataclass(frozen=True, slots=True)
class Accepted:
    """A choice a gateway accepted: where it goes, and how many times it was claimed to be
    sent again (`sends`, counting the claim that answered it)."""

    battle_id: str
    request_id: str
    revision: int
    choice: dict[str, Any]
    sends: int


class Outbox(Protocol):
    def put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any], due: float) -> bool:
        """Records an accepted choice due at `due` (epoch s). A request id already in the
        outbox keeps its first entry and deadline; answers whether this call recorded it."""
        ...

    def claim_due(self, now: float, until: float, limit: int = 100) -> list[Accepted]:
        """Up to `limit` entries due at or before `now`, each moved to be due at `until` and
        its `sends` counted, in one atomic step."""
        ...

    def settle(self, keys: Sequence[tuple[str, str]]) -> int:
        """Removes the (battle id, request id) entries; answers how many there were."""
        ...

    def size(self) -> int:
        """Entries not yet settled."""
        ...

    def holds(self, battle_id: str, request_id: str) -> bool:
        """Whether the choice is accepted and not yet settled: `queued` for every gateway
        on the store, whichever accepted it."""
        ...


def _member(battle_id: str, request_id: str) -> str:
    return f"{battle_id} {request_id}"


def _entry(member: str, text: str, sends: int) -> Accepted:
    battle_id, request_id = member.split(" ", 1)
    data = json.loads(text)
    return Accepted(battle_id, request_id, data["revision"], data["choice"], sends)


class MemoryOutbox:
    """The outbox of the in-memory store (one process; the tests' and embedded default's)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._due: dict[str, float] = {}
        self._entries: dict[str, tuple[str, int]] = {}

    def put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any], due: float) -> bool:
        member = _member(battle_id, request_id)
        with self._lock:
            if member in self._due:
                return False
            self._due[member] = due
            self._entries[member] = (json.dumps({"revision": revision, "choice": choice}), 0)
            return True

    def claim_due(self, now: float, until: float, limit: int = 100) -> list[Accepted]:
        with self._lock:
            members = sorted((d, m) for m, d in self._due.items() if d <= now)[:limit]
            claimed = []
            for _, member in members:
                text, sends = self._entries[member]
                self._due[member] = until
                self._entries[member] = (text, sends + 1)
                claimed.append(_entry(member, text, sends + 1))
            return claimed

    def settle(self, keys: Sequence[tuple[str, str]]) -> int:
        with self._lock:
            gone = 0
            for battle_id, request_id in keys:
                member = _member(battle_id, request_id)
                if self._due.pop(member, None) is not None:
                    del self._entries[member]
                    gone += 1
            return gone

    def size(self) -> int:
        with self._lock:
            return len(self._due)

    def holds(self, battle_id: str, request_id: str) -> bool:
        with self._lock:
            return _member(battle_id, request_id) in self._due


# KEYS: 1 outbox zset, 2 entries hash, 3 sends hash. ARGV: now, until, limit.
_CLAIM = r"""
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[3]))
local out = {}
for _, member in ipairs(due) do
  local text = redis.call('HGET', KEYS[2], member)
  if text then
    redis.call('ZADD', KEYS[1], ARGV[2], member)
    local sends = redis.call('HINCRBY', KEYS[3], member, 1)
    out[#out + 1] = member
    out[#out + 1] = text
    out[#out + 1] = sends
  else
    redis.call('ZREM', KEYS[1], member)
    redis.call('HDEL', KEYS[3], member)
  end
end
return out
"""


# KEYS: 1 outbox zset, 2 entries hash. ARGV: member, deadline, entry text. `put` as one script,
# for the loop client on a cluster (redis-py's asyncio cluster transactions are not usable).
PUT = r"""
if redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[1]) == 0 then return 0 end
redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3])
return 1
"""


class RedisOutbox:
    """The outbox on the Redis store's server and namespace."""

    def __init__(self, client: "redis.Redis", keys: "Keys") -> None:
        self._client = client
        self._keys = keys
        self._claim = client.register_script(_CLAIM)

    def put(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any], due: float) -> bool:
        pipe = self._client.pipeline(transaction=True)
        self.queue_put(pipe, battle_id, request_id, revision, choice, due)
        return self.put_from(pipe.execute())

    def queue_put(self, pipe: Any, battle_id: str, request_id: str, revision: int, choice: dict[str, Any], due: float) -> None:
        """Queues `put`'s commands on a transaction `pipe` of this server, sync or async
        (the gateway's loop client sends them with `redis.asyncio`); `put_from` reads the
        replies."""
        member = _member(battle_id, request_id)
        text = json.dumps({"revision": revision, "choice": choice}, separators=(",", ":"))
        keys = self._keys.outbox(battle_id)
        pipe.zadd(keys[0], {member: due}, nx=True)
        pipe.hsetnx(keys[1], member, text)

    def put_script_call(self, battle_id: str, request_id: str, revision: int, choice: dict[str, Any],
                        due: float) -> tuple[list[str], list[str]]:
        """The keys and arguments of `PUT` for this entry (what `queue_put` queues, as one script)."""
        text = json.dumps({"revision": revision, "choice": choice}, separators=(",", ":"))
        return self._keys.outbox(battle_id)[:2], [_member(battle_id, request_id), repr(due), text]

    @staticmethod
    def put_from(replies: list[Any]) -> bool:
        return bool(replies[0])

    def claim_due(self, now: float, until: float, limit: int = 100) -> list[Accepted]:
        claimed: list[Accepted] = []
        for shard in self._keys.outbox_shards():
            if len(claimed) >= limit:
                break
            flat = self._claim(keys=shard, args=[repr(now), repr(until), limit - len(claimed)])
            claimed += [_entry(flat[i], flat[i + 1], int(flat[i + 2])) for i in range(0, len(flat), 3)]
        return claimed

    def settle(self, keys: Sequence[tuple[str, str]]) -> int:
        by_shard: dict[int, list[str]] = {}
        for battle_id, request_id in keys:
            by_shard.setdefault(self._keys.shard(battle_id), []).append(_member(battle_id, request_id))
        shards = self._keys.outbox_shards()
        gone = 0
        for shard, members in by_shard.items():
            # One transaction per shard: a cluster runs one only inside a slot.
            pipe = self._client.pipeline(transaction=True)
            pipe.zrem(shards[shard][0], *members)
            pipe.hdel(shards[shard][1], *members)
            pipe.hdel(shards[shard][2], *members)
            gone += int(pipe.execute()[0])
        return gone

    def size(self) -> int:
        client = sync_commands(self._client)
        return sum(client.zcard(shard[0]) for shard in self._keys.outbox_shards())

    def holds(self, battle_id: str, request_id: str) -> bool:
        entries = self._keys.outbox(battle_id)[1]
        return bool(sync_commands(self._client).hexists(entries, _member(battle_id, request_id)))
