"""The worker's broker transport (`worker.broker`): kombu's Redis transport with one client per
channel. Messages go and come as with kombu's own (a real Redis, a prefixed namespace),
the client is built once per connection pool, and a new pool gets a new client."""

from __future__ import annotations

import pytest
from kombu import Connection

from gateway.broker import make_app as make_gateway_app
from shared.service.settings import Settings, celery_config
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


def test_the_gateways_app_is_configured_as_the_workers_but_for_the_transport():
    """Both apps are built from `celery_config` (one configuration, no copy): same broker,
    prefix, routes, queues (as kombu declares them), acknowledgements and beat schedule;
    the worker's alone names its transport and includes its tasks."""
    env = {"REDIS_URL": "redis://127.0.0.1:6379/3", "MARINARA_BROKER_PREFIX": "same:",
           "MARINARA_VISIBILITY_TIMEOUT": "120"}
    worker_app, gateway_app = make_app(env), make_gateway_app(env)
    try:
        config = celery_config(Settings.from_env(env))
        for key, value in config.items():
            assert worker_app.conf[key] == value == gateway_app.conf[key], key
        assert config["broker_transport_options"]["global_keyprefix"] == "same:"
        assert config["broker_transport_options"]["visibility_timeout"] == 120.0
        assert config["task_routes"]["battle.advance"] == {"queue": "turns"}
        assert [q.name for q in worker_app.conf.task_queues] == [q.name for q in gateway_app.conf.task_queues] == [
            "turns", "director", "llm"]
        assert worker_app.conf.broker_transport == "worker.broker:Transport"
        assert gateway_app.conf.broker_transport is None
        assert worker_app.conf.include == ["worker.tasks"] and not gateway_app.conf.include
    finally:
        worker_app.close()
        gateway_app.close()


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
