"""The gateway's own tests (tests/gateway: a whole battle, duplicates, reconnects, every
refusal, the service routes, the games' character sheet commands, checks and saves in a
game, abilities and items used in a game, a ruleset's catalogs, the layers a game or battle turns on,
picks and refreshes on a member's sheet) run once more with the embedded executor on a real Redis store instead of the memory store, so both stores serve the same HTTP and WebSocket
behaviour."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from tests.gateway import (
    harness,
    test_catalog_routes,
    test_game_checks,
    test_game_item_uses,
    test_game_uses,
    test_games_sheet,
    test_layers_routes,
    test_member_picks,
    test_play,
    test_refusals,
    test_service_routes,
)
from tests.redis_harness import purge_namespace, redis_url, unique_namespace

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

#: Every gateway test that plays through `harness.run` (the demo and shutdown tests start
#: their own servers on the memory store by design).
TESTS: list[Callable[[], None]] = [
    *(f for name, f in sorted(vars(test_play).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_refusals).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_games_sheet).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_game_checks).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_game_uses).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_game_item_uses).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_catalog_routes).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_layers_routes).items()) if name.startswith("test_")),
    *(f for name, f in sorted(vars(test_member_picks).items()) if name.startswith("test_")),
    test_service_routes.test_openapi_lists_every_route_and_nothing_else,
    test_service_routes.test_health_readiness_and_metrics,
]


@pytest.fixture(scope="module")
def redis_store(redis_url) -> Iterator[object]:
    import redis

    from shared.store.redis_store import RedisBattleStore

    namespace = unique_namespace("mbgateway")
    store = RedisBattleStore.from_url(redis_url, namespace=namespace)
    client = redis.Redis.from_url(redis_url)
    try:
        yield store
    finally:
        store.close()
        purge_namespace(client, namespace)
        client.close()


@pytest.mark.parametrize("test", TESTS, ids=[f.__name__ for f in TESTS])
def test_the_gateway_behaves_the_same_on_redis(redis_store, test):
    with harness.defaults(store=redis_store):
        test()
