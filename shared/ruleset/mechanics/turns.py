"""Turns and initiative an entry on a sheet changes (spec/mechanics-2.md 1.237, 1.238,
1.240): uses allowed while surprised, a second turn in the first round, and initiative
rolled twice.

Owns: `ExtraFirstTurn` (the object of `mechanics.extraFirstTurn`) and the reason
`ignoresSurpriseWith` and `extraFirstTurn` are refused with on an item's use (the spec
gives both to an entry on its owner's sheet); the keys, with `initiativeMode`, are on
`Mechanics` (block.py) and played by combat/surprise.py and combat/extra_turn.py.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..base import Model

#: Why an item's use refuses them: the spec (mechanics-2 1.237, 1.238) puts both on an entry
#: its owner has on their sheet, and never says what an item's use carrying one does.
ON_THE_SHEET_REASON = ("the spec gives it to an entry on its owner's sheet and never says what an item's use "
                       "carrying it does")


class ExtraFirstTurn(Model):
    """A second first-round turn at the owner's initiative plus `initiative`."""

    initiative: Annotated[int, Field(ge=-100, le=100)]
    unlessSurprised: Literal[True] | None = None


__all__ = ["ExtraFirstTurn"]
