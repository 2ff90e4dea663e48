"""The exceptions of the battle store.

Owns: `StoreError` and its kinds. A compare-and-set that loses the race is *not* an
exception: `save` answers a `RevisionConflict` value (see `base.py`), because losing a
race is the normal life of a worker, not a fault.
"""

from __future__ import annotations


class StoreError(Exception):
    """Anything the store refuses or cannot do, said as a sentence."""


class InvalidId(StoreError):
    """An id (battle, game, snapshot, request) that cannot name anything in the store: the
    caller's mistake, refused before any key is built from it."""


class BattleNotFound(StoreError):
    """The battle does not exist: never created, deleted, or expired after idling."""

    def __init__(self, battle_id: str) -> None:
        super().__init__(f'battle "{battle_id}" does not exist (never created, deleted or expired)')
        self.battle_id = battle_id


class BattleExists(StoreError):
    """`create` was asked for a battle id that is already in use."""

    def __init__(self, battle_id: str) -> None:
        super().__init__(f'battle "{battle_id}" already exists')
        self.battle_id = battle_id


class BattleClosed(StoreError):
    """The battle was abandoned; it can be read until it expires but never written again."""

    def __init__(self, battle_id: str, status: str) -> None:
        super().__init__(f'battle "{battle_id}" is {status} and accepts no more writes')
        self.battle_id = battle_id
        self.status = status


class EventSeqError(StoreError):
    """New events do not continue the battle's stream (seq must be last_seq + 1, + 2, ...)."""
