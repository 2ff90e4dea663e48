"""Something an attack leaves behind to strike on later turns: `mechanics.summons`
(Capability API 1.122), played by shared/combat/summons.py.

Owns: `Summons`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from ..base import Id, Model, Number


class Summons(Model):
    """Later strikes spend `budget`; it lasts `rounds` of its owner's turns, moves up to
    `move` and reaches `reach` (catalog units; `move` 0 and `reach` one cell when
    omitted)."""

    budget: Id
    rounds: Annotated[int, Field(ge=1, le=1000)]
    move: Annotated[Number, Field(ge=0)] | None = None
    reach: Annotated[Number, Field(gt=0)] | None = None
