"""The Redis game store, next to the battles under the same namespace.

Owns: `RedisGameStore`, its key layout and its two Lua scripts. Each commit is one script,
so the compare-and-set on the game's revision, the check that no new snapshot id is
taken, the new snapshots, the removed ones and the new record happen together or not at
all (every check runs before the first write).

Key layout (`ns` is the namespace; `{id}` is a hash tag, so a game's keys share a slot):

    ns:game:{id}:record   hash   record (JSON), revision
    ns:game:{id}:snaps    hash   snapshot id -> snapshot (JSON)

Games do not expire.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Collection, Mapping, Sequence

from .errors import StoreError
from .redis_client import sync_commands
from .games_base import (
    CommitResult,
    GameConflict,
    GameExists,
    GameNotFound,
    GameSaved,
    Record,
    Snapshot,
    SnapshotTaken,
    StoredGame,
    check_game_id,
    check_snapshot_id,
    commit_args,
    encode_object,
    pins,
)

if TYPE_CHECKING:
    import redis

CREATE = r"""
-- KEYS: 1 record, 2 snaps. ARGV: 1 record text
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
-- Snapshots left by an earlier game under this id must not leak into the new one.
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'record', ARGV[1], 'revision', 1)
return 1
"""

COMMIT = r"""
-- KEYS: 1 record, 2 snaps. ARGV: 1 expected revision, 2 record text, 3 n new snapshots,
-- 4 n removed, 5 n rewritten, 6.. new then rewritten snapshots as id, text pairs, then the
-- removed ids.
local rev = redis.call('HGET', KEYS[1], 'revision')
if not rev then return {'missing'} end
rev = tonumber(rev)
if rev ~= tonumber(ARGV[1]) then return {'conflict', rev} end
local np = tonumber(ARGV[3])
local nd = tonumber(ARGV[4])
local nu = tonumber(ARGV[5])
for i = 0, np - 1 do
  local sid = ARGV[6 + 2 * i]
  if redis.call('HEXISTS', KEYS[2], sid) == 1 then return {'taken', sid} end
end
for i = 0, np + nu - 1 do
  redis.call('HSET', KEYS[2], ARGV[6 + 2 * i], ARGV[7 + 2 * i])
end
local at = 6 + 2 * (np + nu)
for i = 0, nd - 1 do
  redis.call('HDEL', KEYS[2], ARGV[at + i])
end
redis.call('HSET', KEYS[1], 'record', ARGV[2], 'revision', rev + 1)
return {'ok', rev + 1}
"""


class RedisGameStore:
    def __init__(self, client: "redis.Redis", *, namespace: str) -> None:
        if not client.get_connection_kwargs().get("decode_responses"):
            raise StoreError("the Redis client must be created with decode_responses=True")
        self.namespace = namespace
        self._redis = client
        self._client = sync_commands(client)
        self._create = client.register_script(CREATE)
        self._commit = client.register_script(COMMIT)

    @property
    def client(self) -> "redis.Redis":
        return self._redis

    def keys(self, game_id: str) -> list[str]:
        base = f"{self.namespace}:game:{{{check_game_id(game_id)}}}"
        return [f"{base}:record", f"{base}:snaps"]

    def create_game(self, game_id: str, record: Record) -> GameSaved:
        text = encode_object(record, "the game record")
        if not self._create(keys=self.keys(game_id), args=[text]):
            raise GameExists(game_id)
        return GameSaved(1)

    def load_game(self, game_id: str) -> StoredGame | None:
        text, revision = self._client.hmget(self.keys(game_id)[0], ["record", "revision"])
        if text is None or revision is None:
            return None
        return StoredGame(json.loads(text), int(revision))

    def get_snapshot(self, game_id: str, snapshot_id: str) -> Snapshot | None:
        text = self._client.hget(self.keys(game_id)[1], check_snapshot_id(snapshot_id))
        return json.loads(text) if text is not None else None

    def commit(
        self,
        game_id: str,
        expected_revision: int,
        record: Record,
        put: Mapping[str, Snapshot] = {},
        delete: Sequence[str] = (),
        update: Mapping[str, Snapshot] = {},
    ) -> CommitResult:
        text, puts, gone, updates = commit_args(record, put, delete, update)
        args: list[str | int] = [expected_revision, text, len(puts), len(gone), len(updates)]
        for sid, snap in [*puts, *updates]:
            args += [sid, snap]
        args += gone
        answer = self._commit(keys=self.keys(game_id), args=args)
        if answer[0] == "ok":
            return GameSaved(int(answer[1]))
        if answer[0] == "conflict":
            return GameConflict(expected_revision, int(answer[1]))
        if answer[0] == "taken":
            return SnapshotTaken(answer[1])
        raise GameNotFound(game_id)

    def delete_game(self, game_id: str) -> bool:
        return bool(self._client.delete(*self.keys(game_id)))

    def count_pinning(self, digests: Collection[str]) -> int:
        # SCAN walks the namespace's game records a batch at a time without blocking the
        # server; a game made or removed meanwhile may or may not be counted.
        count = 0
        batch: list[str] = []
        pattern = f"{self.namespace}:game:*:record"
        for key in self._client.scan_iter(match=pattern, count=500):
            batch.append(key)
            if len(batch) == 500:
                count += self._pinning(batch, digests)
                batch = []
        return count + (self._pinning(batch, digests) if batch else 0)

    def _pinning(self, keys: list[str], digests: Collection[str]) -> int:
        pipe = self._client.pipeline(transaction=False)
        for key in keys:
            pipe.hget(key, "record")
        return sum(pins(text, digests) for text in pipe.execute())

    def close(self) -> None:
        return None
