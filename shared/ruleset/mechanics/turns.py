"""Turns and initiative an entry on a sheet changes (spec/mechanics-2.md 1.237, 1.238,
1.240): uses allowed while surprised, a second turn in the first round, and initiative
rolled twice.

Owns: `ExtraFirstTurn` (the object of `mechanics.extraFirstTurn`) and the reasons
`ignoresSurpriseWith` and `extraFirstTurn` are refused with; the keys, with
`initiativeMode`, are on `Mechanics` (block.py).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..base import Model

SURPRISE_REASON = "surprise is resolved by no planned issue"
EXTRA_TURN_REASON = "a second turn in the first round is resolved by no planned issue"


class ExtraFirstTurn(Model):
    """A second first-round turn at the owner's initiative plus `initiative`."""

    initiative: Annotated[int, Field(ge=-100, le=100)]
    unlessSurprised: Literal[True] | None = None


__all__ = ["ExtraFirstTurn"]
