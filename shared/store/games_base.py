"""The `GameStore` contract: where a game's state outside battles lives between replies.

Owns: the `GameStore` protocol (in memory in `games_memory.py`, on Redis in
`games_redis.py`), the values it answers (`StoredGame`, `GameSaved`, `GameConflict`,
`SnapshotTaken`), its errors (`GameNotFound`, `GameExists`) and the id and JSON checks both
implementations make before anything is written.

A game is a *record* (a JSON object: the ruleset digest, the members, the current
snapshot, the party revision, the snapshot tree; the store never looks inside it) under an
integer revision, and its *snapshots* (JSON objects by snapshot id: the game state after
one Game Master reply). Every write is one atomic `commit`: a compare-and-set on the
record's revision that also adds new snapshots (an id already taken refuses the whole
commit) and removes others. A lost race is a value, not an exception: the caller reloads
and tries again, so concurrent replies never lose a tick. Games do not expire: they are
the chat's own metadata.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Collection, Mapping, Protocol, Sequence, runtime_checkable

from .codec import encode
from .errors import InvalidId, StoreError

Record = dict[str, Any]
Snapshot = dict[str, Any]

_GAME_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
_SNAPSHOT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:-]{0,199}")
#: What a game id and a snapshot id look like (the gateway documents its path parameters with these).
GAME_ID_PATTERN = _GAME_ID.pattern
SNAPSHOT_ID_PATTERN = _SNAPSHOT_ID.pattern


class GameNotFound(StoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f'game "{game_id}" does not exist')
        self.game_id = game_id


class GameExists(StoreError):
    def __init__(self, game_id: str) -> None:
        super().__init__(f'game "{game_id}" already exists')
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class StoredGame:
    record: Record
    revision: int


@dataclass(frozen=True, slots=True)
class GameSaved:
    revision: int
    ok: bool = True


@dataclass(frozen=True, slots=True)
class GameConflict:
    """The game is at `actual`, not `expected`; nothing was written."""

    expected: int
    actual: int
    ok: bool = False


@dataclass(frozen=True, slots=True)
class SnapshotTaken:
    """A snapshot the commit would add already exists; nothing was written."""

    snapshot: str
    ok: bool = False


CommitResult = GameSaved | GameConflict | SnapshotTaken


def check_game_id(game_id: str) -> str:
    # Ids become Redis key parts: no `:`, braces, globs or whitespace can reach a key.
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise InvalidId(
            f"game id {game_id!r} is not 1-128 letters, digits, '.', '_' or '-' starting with a letter or digit"
        )
    return game_id


def check_snapshot_id(snapshot_id: str) -> str:
    if not isinstance(snapshot_id, str) or not _SNAPSHOT_ID.fullmatch(snapshot_id):
        raise InvalidId(
            f"snapshot id {snapshot_id!r} is not 1-200 letters, digits, '.', '_', ':' or '-' "
            "starting with a letter or digit"
        )
    return snapshot_id


def encode_object(value: Any, what: str) -> str:
    if not isinstance(value, dict):
        raise StoreError(f"{what} must be a JSON object, not {type(value).__name__}")
    return encode(value, what)


def pins(record_text: str | None, digests: Collection[str]) -> bool:
    """Whether a stored record (its JSON text) pins one of `digests`."""
    if record_text is None:
        return False
    record = json.loads(record_text)
    return isinstance(record, dict) and record.get("ruleset") in digests


def commit_args(
    record: Record, put: Mapping[str, Snapshot], delete: Sequence[str], update: Mapping[str, Snapshot]
) -> tuple[str, list[tuple[str, str]], list[str], list[tuple[str, str]]]:
    """The record's text, each new snapshot's id and text, the ids to remove and each
    rewritten snapshot's id and text, checked: one id has one fate per commit."""
    text = encode_object(record, "the game record")
    puts = [(check_snapshot_id(sid), encode_object(snap, "a snapshot")) for sid, snap in put.items()]
    gone = [check_snapshot_id(sid) for sid in delete]
    updates = [(check_snapshot_id(sid), encode_object(snap, "a snapshot")) for sid, snap in update.items()]
    for a, b in ((put, gone), (put, update), (gone, update)):
        both = set(a) & set(b)
        if both:
            raise StoreError(f"snapshot {sorted(both)[0]!r} is given two fates in one commit")
    return text, puts, gone, updates


@runtime_checkable
class GameStore(Protocol):
    def create_game(self, game_id: str, record: Record) -> GameSaved:
        """Stores a new game at revision 1; `GameExists` when the id is taken."""
        ...

    def load_game(self, game_id: str) -> StoredGame | None:
        ...

    def get_snapshot(self, game_id: str, snapshot_id: str) -> Snapshot | None:
        ...

    def commit(
        self,
        game_id: str,
        expected_revision: int,
        record: Record,
        put: Mapping[str, Snapshot] = {},
        delete: Sequence[str] = (),
        update: Mapping[str, Snapshot] = {},
    ) -> CommitResult:
        """One atomic compare-and-set: when the game is at `expected_revision` and none of
        `put`'s ids exists, writes `record` at the next revision, adds `put`, rewrites
        `update` (a snapshot changed in place: a player's save) and removes `delete`.
        Otherwise `GameConflict` or `SnapshotTaken` and nothing written.
        `GameNotFound` when there is no such game."""
        ...

    def delete_game(self, game_id: str) -> bool:
        ...

    def count_pinning(self, digests: Collection[str]) -> int:
        """How many games pin one of `digests` (their record's `ruleset`): what a ruleset's
        removal is refused with. It reads every game (removal is rare, and so a game
        written before this count existed is counted too)."""
        ...

    def close(self) -> None:
        """Lets go of the store's connections (nothing to do in memory)."""
        ...
