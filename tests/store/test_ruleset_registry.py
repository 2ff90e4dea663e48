"""The registry's part of the stores, on memory and Redis alike: an entry is listed under its
ref once (a second write to a taken ref answers what holds it and writes nothing), entries do
not expire, a removal takes only the entry (the package text stays under its digest), a ref
that could reach another key is refused, and the game store counts the games that pin a
digest, old records included."""

from __future__ import annotations

import json

import pytest

from shared.ruleset.load import package_digest
from shared.store import InvalidId, StoreError
from shared.store.games import game_store_for
from tests.store.conftest import Rig

DAY = 24 * 3600.0
TINY = {"id": "tiny", "version": 1}
DIGEST = package_digest(TINY)


def entry(ref: str, digest: str = DIGEST) -> str:
    return json.dumps({"ref": ref, "digest": digest})


def test_a_ref_is_listed_once_and_stays(rig: Rig):
    store = rig.store
    store.put_ruleset(DIGEST, json.dumps(TINY))
    assert store.registered_rulesets() == {}
    assert store.register_ruleset("official/tiny@1", entry("official/tiny@1")) is None
    other = entry("official/tiny@1", "sha256:" + "1" * 64)
    assert store.register_ruleset("official/tiny@1", other) == entry("official/tiny@1")
    assert store.register_ruleset("community/acme/tiny@1", entry("community/acme/tiny@1")) is None
    rig.advance(30 * DAY)
    assert store.registered_rulesets() == {"official/tiny@1": entry("official/tiny@1"),
                                           "community/acme/tiny@1": entry("community/acme/tiny@1")}
    assert store.unregister_ruleset("official/tiny@1") is True
    assert store.unregister_ruleset("official/tiny@1") is False
    assert list(store.registered_rulesets()) == ["community/acme/tiny@1"]
    assert store.get_ruleset(DIGEST) == json.dumps(TINY), "the package text stays under its digest"


def test_a_ref_that_is_not_one_is_refused(store):
    for ref in ("official/tiny", "x:y@1", "official/*@1", "Official/tiny@1", "official/tiny@0"):
        with pytest.raises(InvalidId):
            store.register_ruleset(ref, entry(ref))
    with pytest.raises(StoreError, match="is not the one of official/tiny@2"):
        store.register_ruleset("official/tiny@2", entry("official/tiny@1"))
    assert store.registered_rulesets() == {}


def test_the_games_pinning_a_digest_are_counted(store):
    games = game_store_for(store)
    other = "sha256:" + "2" * 64
    for game, digest in (("a", DIGEST), ("b", DIGEST), ("c", other)):
        games.create_game(game, {"ruleset": digest, "members": []})
    assert games.count_pinning({DIGEST}) == 2
    assert games.count_pinning({DIGEST, other}) == 3
    assert games.count_pinning({"sha256:" + "3" * 64}) == 0
    games.delete_game("a")
    assert games.count_pinning({DIGEST}) == 1
