"""Battle storage for the service: the `BattleStore` contract and its two implementations.

Owns: the public names of the store and `open_store`, which picks an implementation from a
URL: none or `memory://` gives the in-memory store (the embedded default), `redis://`,
`rediss://` or `unix://` the Redis store. This is the only part of `shared/` that talks to
Redis, and it imports `redis` only when a Redis store is opened.
"""

from __future__ import annotations

from typing import Any

from .aio import AsyncBattleStore
from .base import (
    ABANDONED,
    ACTIVE,
    DEFAULT_DEDUPE_TTL,
    DEFAULT_IDLE_TTL,
    DEFAULT_PAGE,
    HOT_EVENTS,
    UNCHANGED,
    BattleHead,
    BattleStore,
    Decision,
    Duplicate,
    JsonText,
    RequestRecord,
    RevisionConflict,
    Saved,
    SaveResult,
    StoredBattle,
)
from .errors import (
    BattleClosed,
    BattleExists,
    BattleNotFound,
    EventSeqError,
    InvalidId,
    StoreError,
)
from .feed import Feed, FeedMessage, Subscription
from .memory import MemoryBattleStore
from .outbox import Accepted, Outbox

__all__ = [
    "ABANDONED",
    "Accepted",
    "ACTIVE",
    "DEFAULT_DEDUPE_TTL",
    "DEFAULT_IDLE_TTL",
    "DEFAULT_PAGE",
    "HOT_EVENTS",
    "UNCHANGED",
    "AsyncBattleStore",
    "BattleClosed",
    "BattleExists",
    "BattleHead",
    "BattleNotFound",
    "BattleStore",
    "Decision",
    "Duplicate",
    "EventSeqError",
    "Feed",
    "FeedMessage",
    "InvalidId",
    "JsonText",
    "MemoryBattleStore",
    "Outbox",
    "RequestRecord",
    "RevisionConflict",
    "SaveResult",
    "Saved",
    "StoreError",
    "StoredBattle",
    "Subscription",
    "open_store",
]

_REDIS_SCHEMES = ("redis://", "rediss://", "unix://", "redis+cluster://")


def open_store(url: str | None = None, **options: Any) -> BattleStore:
    """The store a URL names; `options` go to the implementation (idle_ttl, dedupe_ttl,
    hot_limit, clock, and for Redis namespace)."""
    if url is None or url in ("memory", "memory://"):
        return MemoryBattleStore(**options)
    if url.startswith(_REDIS_SCHEMES):
        try:
            # Deliberately here: the memory store works without the redis package, and a
            # process that opens no Redis store does not load it.
            from .redis_store import RedisBattleStore  # noqa: PLC0415
        except ModuleNotFoundError as missing:
            if missing.name != "redis":
                raise
            raise StoreError("the Redis store needs the `redis` package (pip install 'redis>=5,<7')") from None
        return RedisBattleStore.from_url(url, **options)
    raise StoreError(f"no battle store for {url!r}: use memory://, redis://host:port/db or "
                     "redis+cluster://host:port,host:port")
