"""Turns and initiative an entry on a sheet changes (spec/mechanics-2.md 1.237, 1.238,
1.240): uses allowed while surprised, a second turn in the first round, and initiative
rolled twice.

Owns: `ExtraFirstTurn` and `TurnKeys`, the mixin of `MechanicsPart2` holding
`ignoresSurpriseWith`, `extraFirstTurn` and `initiativeMode`.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from ..base import Model, gate, unsupported
from .reaction import EntryRef

SURPRISE_REASON = "surprise is resolved by no planned issue"
EXTRA_TURN_REASON = "a second turn in the first round is resolved by no planned issue"


class ExtraFirstTurn(Model):
    """A second first-round turn at the owner's initiative plus `initiative`."""

    initiative: Annotated[int, Field(ge=-100, le=100)]
    unlessSurprised: Literal[True] | None = None


class TurnKeys(Model):
    """Mixin of `MechanicsPart2`: surprise, extra turns and initiative."""

    #: A use the owner may make even while surprised; it lifts the surprise at once.
    ignoresSurpriseWith: EntryRef | None = Field(default=None, json_schema_extra=unsupported("1.237", SURPRISE_REASON))
    extraFirstTurn: ExtraFirstTurn | None = Field(default=None, json_schema_extra=unsupported("1.238", EXTRA_TURN_REASON))
    #: Rolls the owner's initiative twice, whatever else it has (Feral Instinct).
    initiativeMode: Literal["advantage", "disadvantage"] | None = Field(default=None, json_schema_extra=gate("1.240"))


__all__ = ["ExtraFirstTurn", "TurnKeys"]
