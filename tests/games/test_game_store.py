"""The game store contract, on memory and on Redis alike: one compare-and-set per commit,
new snapshot ids never overwritten, and nothing written by a commit that loses."""

from __future__ import annotations

import pytest

from shared.store.errors import StoreError
from shared.store.games import GameConflict, GameExists, GameNotFound, GameSaved, SnapshotTaken


def test_create_load_commit(games):
    assert games.create_game("g1", {"current": None}) == GameSaved(1)
    with pytest.raises(GameExists):
        games.create_game("g1", {})
    loaded = games.load_game("g1")
    assert (loaded.record, loaded.revision) == ({"current": None}, 1)
    assert games.commit("g1", 1, {"current": "s1"}, put={"s1": {"state": {"clocks": []}}}) == GameSaved(2)
    assert games.get_snapshot("g1", "s1") == {"state": {"clocks": []}}
    assert games.load_game("g1").record == {"current": "s1"}
    assert games.load_game("nobody") is None
    assert games.get_snapshot("g1", "s9") is None


def test_a_stale_revision_or_a_taken_snapshot_writes_nothing(games):
    games.create_game("g1", {"n": 0})
    games.commit("g1", 1, {"n": 1}, put={"s1": {"v": 1}})
    assert games.commit("g1", 1, {"n": 99}, put={"s2": {"v": 2}}) == GameConflict(1, 2)
    assert games.commit("g1", 2, {"n": 99}, put={"s2": {"v": 2}, "s1": {"v": 9}}) == SnapshotTaken("s1")
    assert games.get_snapshot("g1", "s2") is None
    assert games.get_snapshot("g1", "s1") == {"v": 1}
    assert games.load_game("g1").record == {"n": 1}
    assert games.load_game("g1").revision == 2


def test_update_and_delete(games):
    games.create_game("g1", {})
    games.commit("g1", 1, {}, put={"s1": {"v": 1}, "s2": {"v": 2}})
    assert games.commit("g1", 2, {"k": 1}, update={"s1": {"v": 10}}, delete=["s2"]) == GameSaved(3)
    assert games.get_snapshot("g1", "s1") == {"v": 10}
    assert games.get_snapshot("g1", "s2") is None
    with pytest.raises(StoreError, match="two fates"):
        games.commit("g1", 3, {}, put={"s3": {}}, delete=["s3"])


def test_ids_and_json_are_checked_before_anything_is_written(games):
    with pytest.raises(StoreError, match="game id"):
        games.create_game("bad id", {})
    games.create_game("g1", {})
    with pytest.raises(StoreError, match="snapshot id"):
        games.commit("g1", 1, {}, put={"a b": {}})
    with pytest.raises(StoreError, match="must be a JSON object"):
        games.commit("g1", 1, [], put={})
    with pytest.raises(StoreError, match="not JSON-serialisable"):
        games.commit("g1", 1, {"x": float("nan")})
    assert games.load_game("g1").revision == 1
    with pytest.raises(GameNotFound):
        games.commit("nobody", 1, {})


def test_delete_game(games):
    games.create_game("g1", {})
    games.commit("g1", 1, {}, put={"s1": {}})
    assert games.delete_game("g1") is True
    assert games.load_game("g1") is None
    games.create_game("g1", {})
    assert games.get_snapshot("g1", "s1") is None
    assert games.delete_game("nope") is False
