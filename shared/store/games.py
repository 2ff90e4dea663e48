"""Game stores: the `GameStore` names and the store that sits beside a battle store.

Owns: `game_store_for(battle_store)`: the in-memory game store beside the in-memory
battle store, the Redis game store on the same client and namespace beside the Redis
battle store (so `battle serve --embedded` and `battle serve` with `REDIS_URL` keep games
where they keep battles). `redis` is imported only through the Redis battle store.
"""

from __future__ import annotations

from .base import BattleStore
from .errors import StoreError
from .games_base import (
    CommitResult,
    GameConflict,
    GameExists,
    GameNotFound,
    GameSaved,
    GameStore,
    SnapshotTaken,
    StoredGame,
)
from .games_memory import MemoryGameStore
from .games_redis import RedisGameStore
from .memory import MemoryBattleStore

__all__ = [
    "CommitResult",
    "GameConflict",
    "GameExists",
    "GameNotFound",
    "GameSaved",
    "GameStore",
    "MemoryGameStore",
    "SnapshotTaken",
    "StoredGame",
    "game_store_for",
]


def game_store_for(battle_store: BattleStore) -> GameStore:
    if isinstance(battle_store, MemoryBattleStore):
        return MemoryGameStore()
    keys = getattr(battle_store, "keys", None)
    client = getattr(battle_store, "client", None)
    if client is not None and keys is not None:
        return RedisGameStore(client, namespace=keys.namespace)
    raise StoreError(f"no game store goes with {type(battle_store).__name__}")
