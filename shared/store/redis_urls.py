"""Which Redis a store URL names: one server, or a Redis Cluster.

Owns: `CLUSTER_SCHEME` and the parsing of `redis+cluster://host:port[,host:port...]`, the
setting that puts the stores on a Redis Cluster (docs/operations.md). The nodes listed are
only where the client starts: it learns the rest of the cluster from them (`CLUSTER SLOTS`)
and follows MOVED/ASK redirections from then on. Any reachable master or replica will do.
"""

from __future__ import annotations

from .errors import StoreError

CLUSTER_SCHEME = "redis+cluster://"


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


def node_urls(url: str) -> list[str]:
    """One `redis://` URL per start-up node (pub/sub reaches every node of a cluster)."""
    return [f"redis://{host}:{port}" for host, port in cluster_nodes(url)]
