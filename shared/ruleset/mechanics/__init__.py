"""The `mechanics` block of catalog entries (spec/combat-2 "What combat reads from
mechanics", spec/mechanics-1..3).

`Mechanics` (block.py) holds every key of the block; the objects of its keys are in the
sibling modules named for what they hold. Item uses (`ItemUse`) and creature actions
reuse those objects (`Area`, `EntrySave`, `Reaction`, `Ends`, ...).
"""

from __future__ import annotations

from .block import Mechanics

__all__ = ["Mechanics"]
