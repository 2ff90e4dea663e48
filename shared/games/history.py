"""The snapshot tree of a game, as plain data in the game record.

Owns: the record's shape (`ruleset`, `layers`, the layers it turned on: absent is none, `members`, `current`, `partyRevision`, `base`, the
state before the first reply, `tree`, each snapshot's parent in the order they were made,
and `dice`, the game's own `{seed, cursor}`: every check of every reply and of the checks
endpoint takes the next dice, so a check is rolled once and a reload rolls nothing again),
`new_record`, `dice_of`, `use_dice` (the dice a reply's uses throw: the game's seed and the
snapshot the reply continues give them, so a regeneration that uses the same ability again
throws the same dice, spec/abilities.md), and the tree questions the service asks: which snapshots a removal
takes with it (the snapshot and everything continued from it), and which snapshot is
shown after a removal (the newest remaining swipe of the same message, else the message
before it).
"""

from __future__ import annotations

import copy
import hashlib
from typing import Any, Sequence

from shared.dice import SeededRoller
from shared.dice.rng import SEED_MAX

from .state import empty_state

Record = dict[str, Any]


def new_record(digest: str, members: list[dict[str, Any]], seed: int = 0, layers: Sequence[str] = ()) -> Record:
    """A game's record; `layers` (the layers it turned on, frozen with the ruleset's digest
    as its pin) is written only when there are some, and a record without it has none."""
    record: Record = {
        "ruleset": digest,
        "members": members,
        "current": None,
        "partyRevision": 0,
        "base": empty_state(),
        "tree": {},
        "dice": {"seed": seed, "cursor": 0},
    }
    if layers:
        record["layers"] = list(layers)
    return record


def dice_of(game_id: str, record: Record) -> SeededRoller:
    """The game's dice at its cursor. A record written before games had dice rolls from a
    seed its id gives, from the first die."""
    dice = record.get("dice")
    if isinstance(dice, dict) and isinstance(dice.get("seed"), int) and isinstance(dice.get("cursor"), int):
        return SeededRoller(dice["seed"], dice["cursor"])
    seed = int.from_bytes(hashlib.sha256(game_id.encode("utf-8")).digest()[:8], "little") & SEED_MAX
    return SeededRoller(seed, 0)


def use_dice(game_id: str, record: Record, parent: str | None) -> SeededRoller:
    """The dice a reply continuing `parent` (None: the game's beginning) throws for its uses:
    a seed of their own from the game's seed and `parent`, from the first die. The game's
    cursor does not move for them."""
    seed = dice_of(game_id, record).seed
    key = f"{seed}:use:{parent if parent is not None else ''}".encode("utf-8")
    return SeededRoller(int.from_bytes(hashlib.sha256(key).digest()[:8], "little") & SEED_MAX, 0)


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
