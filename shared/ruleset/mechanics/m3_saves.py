"""What mechanics-3 adds to the save an entry calls for (`mechanics.save`, also a creature
action's and an item use's `save`): allies of the user fail it without rolling (1.278).

Owns: `EntrySave2`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ..base import unsupported
from .saves import EntrySave


class EntrySave2(EntrySave):
    """`EntrySave` with `alliesMayFail` (Calm Emotions)."""

    #: A target on the user's own side skips the save and fails it, and the log says so.
    alliesMayFail: Literal[True] | None = Field(
        default=None, json_schema_extra=unsupported("1.278", "allies failing a save without rolling is resolved by no planned issue")
    )


__all__ = ["EntrySave2"]
