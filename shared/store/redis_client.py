"""The blocking Redis client as the Redis stores call it, with the types of its answers.

Owns: `SyncRedis`, the commands the Redis stores send outside a pipeline and script with
what each answers on a client made with `decode_responses=True`, and `sync_commands`,
which says that a `redis.Redis` is one.

Why: redis-py types every command as `Awaitable[Any] | Any` (or `Awaitable[list] | list`),
because its blocking and asyncio clients share one set of command mixins. A blocking
`redis.Redis` answers the value itself, never an awaitable, and with `decode_responses`
every string is `str`; `sync_commands` is the one place that says so (a cast), so the
stores read typed answers instead of narrowing at every call.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Iterator, Protocol, Sequence, cast

if TYPE_CHECKING:  # the types only: the memory store's modules use this one without redis installed
    import redis
    from redis.client import Pipeline


class SyncRedis(Protocol):
    """The commands of a blocking, `decode_responses=True` client the stores send alone."""

    def get(self, name: str) -> str | None: ...

    def set(self, name: str, value: str) -> bool | None: ...

    def hget(self, name: str, key: str) -> str | None: ...

    def hmget(self, name: str, keys: Sequence[str]) -> list[str | None]: ...

    def hgetall(self, name: str) -> dict[str, str]: ...

    def hdel(self, name: str, *keys: str) -> int: ...

    def hexists(self, name: str, key: str) -> bool: ...

    def scan_iter(self, match: str | None = None, count: int | None = None) -> Iterator[str]: ...

    def delete(self, *names: str) -> int: ...

    def smembers(self, name: str) -> builtins.set[str]: ...

    def pttl(self, name: str) -> int: ...

    def zrangebyscore(self, name: str, min: float | str, max: float | str, start: int | None = None,
                      num: int | None = None) -> list[str]: ...

    def zrem(self, name: str, *values: str) -> int: ...

    def zcard(self, name: str) -> int: ...

    def publish(self, channel: str, message: str) -> int: ...

    def spublish(self, shard_channel: str, message: str) -> int: ...

    def ping(self) -> bool: ...

    def close(self) -> None: ...

    def pipeline(self, transaction: bool = True) -> Pipeline: ...


def sync_commands(client: "redis.Redis") -> SyncRedis:
    """`client`'s commands typed as a blocking client answers them (see the module's note).
    The caller has checked `decode_responses` (each store refuses a client without it)."""
    return cast(SyncRedis, client)
