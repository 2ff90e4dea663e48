"""The worker's broker transport (`worker.broker`): kombu's Redis transport with one client per
channel. Messages go and come as with kombu's own (a real Redis, a prefixed namespace),
the client is built once per connection pool, and a new pool gets a new client."""

from __future__ import annotations

import pytest
from kombu import Connection

from tests.redis_harness import purge_namespace, redis_url, unique_namespace
from worker.app import make_app
from worker.broker import Transport

__all__ = ["redis_url"]


@pytest.fixture
def connection(redis_url):
    import redis

    namespace = unique_namespace("mbbroker")
    conn = Connection(redis_url, transport=Transport,
                      transport_options={"global_keyprefix": f"{namespace}:"})
    client = redis.Redis.from_url(redis_url)
    try:
        yield conn
    finally:
        conn.release()
        purge_namespace(client, namespace)
        client.close()


def test_the_workers_celery_app_uses_it():
    app = make_app({})
    try:
        assert app.conf.broker_transport == "worker.broker:Transport"
        with app.connection_for_write() as conn:
            assert isinstance(conn.transport, Transport)
    finally:
        app.close()


def test_one_client_per_pool_and_a_new_one_for_a_new_pool(connection):
    channel = connection.channel()
    with channel.conn_or_acquire() as first, channel.conn_or_acquire() as second:
        assert first is second
        assert first.connection_pool is channel.pool
    given = object()
    with channel.conn_or_acquire(given) as passed:
        assert passed is given, "a client the caller holds is used as it is"
    channel._disconnect_pools()
    with channel.conn_or_acquire() as third:
        assert third is not first and third.connection_pool is channel.pool
    channel.close()


def test_messages_published_and_acknowledged_late_as_with_kombus_own(connection, redis_url):
    import redis

    prefix = connection.transport_options["global_keyprefix"]
    client = redis.Redis.from_url(redis_url)
    got = []
    try:
        with connection.SimpleQueue("broker-test", serializer="json") as simple:
            for n in range(3):
                simple.put({"n": n})
            for _ in range(3):
                message = simple.get(timeout=5)
                assert client.hlen(prefix + "unacked") == 1, "held until acknowledged"
                got.append(message.payload["n"])
                message.ack()
                assert client.hlen(prefix + "unacked") == 0
            with pytest.raises(simple.Empty):
                simple.get(timeout=0.2)
    finally:
        client.close()
    assert sorted(got) == [0, 1, 2]
