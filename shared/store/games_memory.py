"""The in-memory game store: the embedded default. One lock makes each commit atomic
where the Redis store runs one Lua script, and both keep JSON text, so a caller can never
change a stored game through a reference and both refuse alike (one test suite runs on
both)."""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Collection, Mapping, Sequence

from .games_base import (
    CommitResult,
    GameConflict,
    GameExists,
    GameNotFound,
    GameSaved,
    Record,
    Snapshot,
    SnapshotTaken,
    StoredGame,
    check_game_id,
    check_snapshot_id,
    commit_args,
    encode_object,
    pins,
)


@dataclass
class _Game:
    record: str
    revision: int
    snapshots: dict[str, str] = field(default_factory=dict)


class MemoryGameStore:
    def __init__(self) -> None:
        self._games: dict[str, _Game] = {}
        self._lock = threading.Lock()

    def create_game(self, game_id: str, record: Record) -> GameSaved:
        check_game_id(game_id)
        text = encode_object(record, "the game record")
        with self._lock:
            if game_id in self._games:
                raise GameExists(game_id)
            self._games[game_id] = _Game(text, 1)
        return GameSaved(1)

    def load_game(self, game_id: str) -> StoredGame | None:
        check_game_id(game_id)
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                return None
            return StoredGame(json.loads(game.record), game.revision)

    def get_snapshot(self, game_id: str, snapshot_id: str) -> Snapshot | None:
        check_game_id(game_id)
        check_snapshot_id(snapshot_id)
        with self._lock:
            game = self._games.get(game_id)
            text = game.snapshots.get(snapshot_id) if game is not None else None
        return json.loads(text) if text is not None else None

    def commit(
        self,
        game_id: str,
        expected_revision: int,
        record: Record,
        put: Mapping[str, Snapshot] = {},
        delete: Sequence[str] = (),
        update: Mapping[str, Snapshot] = {},
    ) -> CommitResult:
        check_game_id(game_id)
        text, puts, gone, updates = commit_args(record, put, delete, update)
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                raise GameNotFound(game_id)
            if game.revision != expected_revision:
                return GameConflict(expected_revision, game.revision)
            for sid, _ in puts:
                if sid in game.snapshots:
                    return SnapshotTaken(sid)
            for sid, snap in [*puts, *updates]:
                game.snapshots[sid] = snap
            for sid in gone:
                game.snapshots.pop(sid, None)
            game.record = text
            game.revision += 1
            return GameSaved(game.revision)

    def delete_game(self, game_id: str) -> bool:
        check_game_id(game_id)
        with self._lock:
            return self._games.pop(game_id, None) is not None

    def count_pinning(self, digests: Collection[str]) -> int:
        with self._lock:
            texts = [game.record for game in self._games.values()]
        return sum(pins(text, digests) for text in texts)

    def close(self) -> None:
        return None
