"""Keys spec/mechanics-3.md adds to the `combat` block: hiding (1.287).

Owns: `CombatExt2` (`hiding`) and `Hiding`. The standard action `search` (which needs
`combat.hiding`) is in the `standard` list of combat_actions.py; whether the two go
together is checked in checks/mechanics2.py.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from .base import Id, Model, unsupported
from .mechanics.shapes import IdList

HIDING_REASON = "hiding and searching are resolved by no planned issue"


class Hiding(Model):
    """Makes the standard action `hide` real: `stealth` against passive `perception`."""

    stealth: Id
    perception: Id
    passive: Annotated[int, Field(ge=0, le=100)] | None = None
    lightly: Annotated[int, Field(ge=0, le=100)] | None = None
    #: The `combat.components` that make noise and so reveal the user.
    noisy: IdList | None = None


class CombatExt2(Model):
    """Mixin for `Combat`: the keys mechanics-2/3 add to the combat block."""

    hiding: Hiding | None = Field(default=None, json_schema_extra=unsupported("1.287", HIDING_REASON))


__all__ = ["CombatExt2", "Hiding"]
