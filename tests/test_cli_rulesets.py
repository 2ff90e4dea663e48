"""`battle rulesets list|add|remove` (issue 22, section 5): the registry on the Redis store the
gateway shares, with the routes' operations and refusals. What the command line adds, a game
made through the gateway on that store pins, and the command line's removal then counts it."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest

from battle.cli import main
from shared.ruleset.load import package_digest, read_package
from tests.conftest import UPSTREAM
from tests.gateway.harness import run as run_gateway
from tests.redis_harness import purge_namespace, redis_url, unique_namespace

__all__ = ["redis_url"]

EMBER_PATH = UPSTREAM / "ember-roads.json"
EMBER = json.loads(EMBER_PATH.read_text())
SRD = UPSTREAM / "5e-srd"


@pytest.fixture
def where(redis_url: str) -> Iterator[list[str]]:
    """`--store URL --namespace NS` of a namespace of this test's own."""
    import redis

    namespace = unique_namespace("mbcli")
    try:
        yield ["--store", redis_url, "--namespace", namespace]
    finally:
        client = redis.Redis.from_url(redis_url)
        purge_namespace(client, namespace)
        client.close()


def battle(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def game_on(where: list[str], game: str, ruleset: str) -> Any:
    from shared.store.redis_store import RedisBattleStore

    store = RedisBattleStore.from_url(where[1], namespace=where[3])

    async def create(client: Any) -> Any:
        r = await client.post("/v1/games", json={"game": game, "ruleset": ruleset})
        return r.status, await r.json()

    try:
        return run_gateway(create, store=store)
    finally:
        store.close()


def test_add_list_and_remove_refuse_as_the_routes_do(where, capsys, tmp_path):
    ember = package_digest(EMBER)
    srd = package_digest(read_package(SRD).data)
    assert battle(capsys, "rulesets", *where, "add", str(EMBER_PATH), "--source", "acme") == (
        0, f"added community/acme/ember-roads@1 ({ember})\n", "")
    assert battle(capsys, "rulesets", *where, "add", str(EMBER_PATH), "--source", "acme") == (
        0, f"already listed, unchanged: community/acme/ember-roads@1 ({ember})\n", "")
    edited = tmp_path / "ember-edited.json"
    edited.write_text(json.dumps({**EMBER, "name": "Ember Roads (edited)"}))
    assert battle(capsys, "rulesets", *where, "add", str(edited), "--source", "acme") == (
        1, "", f"battle rulesets: version-taken: community/acme/ember-roads version 1 is already stored with other "
        f'content ({ember}): raise "version" above 1 to add this package as a new version\n')
    assert battle(capsys, "rulesets", *where, "add", str(SRD), "--source", "official") == (
        0, f"added official/5e-2014@7 ({srd})\n", "")
    assert battle(capsys, "rulesets", *where, "list") == (0, (
        f"official/5e-2014@7\t5e (SRD 5.1)\tCC-BY-4.0\t{srd}\n"
        f"community/acme/ember-roads@1\tEmber Roads\tCC0-1.0\t{ember}\n"), "")

    # A game made through the gateway on the same store pins Ember Roads 1.
    status, view = game_on(where, "road", "community/acme/ember-roads")
    assert (status, view["ruleset"]) == (201, ember)
    assert battle(capsys, "rulesets", *where, "remove", "community/acme/ember-roads") == (
        1, "", "battle rulesets: ruleset-pinned: 1 game pins community/acme/ember-roads: remove it with force to "
        "take it off the list anyway (those games keep playing it)\n")
    assert battle(capsys, "rulesets", *where, "remove", "community/acme/ember-roads", "--force") == (
        0, "removed community/acme/ember-roads@1\n1 game(s) still pin it and keep playing it (its text stays "
        "under its digest)\n", "")
    code, out, _ = battle(capsys, "rulesets", *where, "list", "--json")
    assert code == 0 and [e["ref"] for e in json.loads(out)["rulesets"]] == ["official/5e-2014@7"]
    assert battle(capsys, "rulesets", *where, "remove", "community/acme/ember-roads") == (
        1, "", "battle rulesets: unknown-ruleset: no ruleset is listed as community/acme/ember-roads\n")
    assert battle(capsys, "rulesets", *where, "remove", "official/5e-2014@7") == (
        0, "removed official/5e-2014@7\n", "")


def test_a_bad_package_a_bad_source_and_a_memory_store_are_refused(where, capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**EMBER, "version": "one"}))
    assert battle(capsys, "rulesets", *where, "add", str(bad)) == (
        1, "", f"{bad}: version: must be a whole number, not text\n")
    code, _, err = battle(capsys, "rulesets", *where, "add", str(EMBER_PATH), "--source", "Big Co")
    assert code == 1 and err.startswith("battle rulesets: bad-source: source 'Big Co' is not")
    code, _, err = battle(capsys, "rulesets", "--store", "memory://", "list")
    assert code == 2 and "is not a Redis store" in err
    assert battle(capsys, "rulesets", *where, "list") == (0, "", "")
