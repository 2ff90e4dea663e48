"""Which Redis a store URL names: one server, or a Redis Cluster, and how sure a write must be.

Owns: `CLUSTER_SCHEME` and the parsing of `redis+cluster://host:port[,host:port...]`, the
setting that puts the stores on a Redis Cluster (docs/operations.md), and the URL's
`wait_replicas` / `wait_ms` query parameters (`WAIT` before a write is acknowledged). The nodes listed are
only where the client starts: it learns the rest of the cluster from them (`CLUSTER SLOTS`)
and follows MOVED/ASK redirections from then on. Any reachable master or replica will do.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

from .errors import StoreError

CLUSTER_SCHEME = "redis+cluster://"
#: How long a write waits for its replicas when `wait_replicas` is set and `wait_ms` is not.
DEFAULT_WAIT_MS = 1000
_WAITS = ("wait_replicas", "wait_ms")


def is_cluster(url: str | None) -> bool:
    return url is not None and url.startswith(CLUSTER_SCHEME)


def cluster_nodes(url: str) -> list[tuple[str, int]]:
    """The start-up nodes of a `redis+cluster://` URL, in the order given."""
    rest = url[len(CLUSTER_SCHEME):].split("/", 1)[0].split("?", 1)[0]
    nodes = []
    for part in rest.split(","):
        host, sep, port = part.strip().rpartition(":")
        if not sep or not host or not port.isdigit():
            raise StoreError(f"{url!r}: a cluster URL lists host:port nodes, redis+cluster://h1:p1,h2:p2")
        nodes.append((host, int(port)))
    return nodes


def wait_options(url: str) -> tuple[str, dict[str, int]]:
    """`url` without its `wait_replicas` and `wait_ms` query parameters, and their values
    (store options); the other parameters stay for redis-py."""
    base, sep, query = url.partition("?")
    if not sep:
        return url, {}
    pairs = parse_qsl(query, keep_blank_values=True)
    waits = {}
    for name, value in pairs:
        if name in _WAITS:
            if not value.isdigit():
                raise StoreError(f"{url!r}: {name} is a whole number, not {value!r}")
            waits[name] = int(value)
    rest = urlencode([(n, v) for n, v in pairs if n not in _WAITS])
    return (f"{base}?{rest}" if rest else base), waits
