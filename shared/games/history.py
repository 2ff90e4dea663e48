"""The snapshot tree of a game, as plain data in the game record.

Owns: the record's shape (`ruleset`, `members`, `current`, `partyRevision`, `base`, the
state before the first reply, and `tree`, each snapshot's parent in the order they were
made), `new_record`, and the tree questions the service asks: which snapshots a removal
takes with it (the snapshot and everything continued from it), and which snapshot is
shown after a removal (the newest remaining swipe of the same message, else the message
before it).
"""

from __future__ import annotations

import copy
from typing import Any

from .state import empty_state

Record = dict[str, Any]


def new_record(digest: str, members: list[dict[str, Any]]) -> Record:
    return {
        "ruleset": digest,
        "members": members,
        "current": None,
        "partyRevision": 0,
        "base": empty_state(),
        "tree": {},
    }


def subtree(tree: dict[str, Any], root: str) -> list[str]:
    """`root` and every snapshot continued from it, in the tree's order."""
    gone = {root}
    for sid, parent in tree.items():
        # The tree is in creation order, so a parent always comes before its children.
        if parent in gone:
            gone.add(sid)
    return [sid for sid in tree if sid in gone]


def after_removal(tree: dict[str, Any], removed: str, current: str | None) -> str | None:
    """The snapshot shown once `removed` (and what continues it) is gone."""
    gone = set(subtree(tree, removed))
    if current not in gone:
        return current
    parent = tree[removed]
    siblings = [sid for sid, p in tree.items() if p == parent and sid not in gone]
    return siblings[-1] if siblings else parent


def copy_record(record: Record) -> Record:
    return copy.deepcopy(record)
