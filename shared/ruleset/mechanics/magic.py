"""Lay on Hands, Font of Magic and Metamagic (spec/mechanics-2.md 1.251-1.255): the shapes of
`restore` and `alters`; the keys are on `Mechanics` (block.py) and combat plays them
(shared/combat/chosen_uses.py, refills.py, metamagic.py).

Owns: `Restore`, `Alters` and its parts, and the reasons an item's use refuses `alters` and
Extended's `lasts` is refused with.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from ..base import EntryId, Id, Model, Number, ValueRef, gate, unsupported
from .amounts import Amount
from .shapes import IdList, no_repeats

#: An item's use: the spec pays `alters` with the entry's own `usesOf` uses (1.253) and never
#: says what an item's use that alters would spend or when it is chosen.
ITEM_ALTERS_REASON = ("the spec gives metamagic to an entry on its owner's sheet, paid with its own uses (1.253), "
                      "and never says what an item's use that alters another entry does")

#: A current pool by id, or a list row's pool by the row's name ("Sorcery Points").
PoolOrRow = Annotated[str, StringConstraints(min_length=1, max_length=80)]


#: Extended (1.253): the spec counts it in minutes and hours.
EXTENDED_REASON = ('the spec counts Extended in minutes and hours ("a minute or longer", "24 hours") and never says '
                   "how many rounds a minute is")


class Restore(Model):
    """Refills a pool of whoever the entry lands on; `overMax` may go past its maximum."""

    pool: PoolOrRow
    amount: Amount
    overMax: Literal[True] | None = None


class AltersRange(Model):
    """Distant: `times` the range, and `touch` for a spell whose range is touch."""

    times: Annotated[Number, Field(gt=1, le=10)]
    touch: Annotated[Number, Field(gt=0)] | None = None


class AltersBudget(Model):
    """Quickened: paid from `to` instead of `from`."""

    from_: Id = Field(alias="from")
    to: Id

    @model_validator(mode="after")
    def _moves(self) -> "AltersBudget":
        if self.from_ == self.to:
            raise ValueError('"from" and "to" name the same budget')
        return self


class Alters(Model):
    """How an entry from `catalogs` is used when this is chosen with it."""

    catalogs: Annotated[list[EntryId], Field(min_length=1, max_length=12)]
    spares: ValueRef | None = None
    #: Distant: gated on its own so the capability table keeps its row (and the guard its probe).
    range: AltersRange | None = Field(default=None, json_schema_extra=gate("1.253"))
    rerolls: Annotated[int, Field(ge=1, le=20)] | None = None
    lasts: Annotated[int, Field(ge=2, le=100)] | None = Field(
        default=None, json_schema_extra=unsupported("1.253", EXTENDED_REASON))
    heightens: Literal[True] | None = None
    budget: AltersBudget | None = None
    drops: IdList | None = None
    twins: Literal[True] | None = None
    #: May be applied together with another change on the same use (Empowered).
    joins: Literal[True] | None = None

    @model_validator(mode="after")
    def _changes(self) -> "Alters":
        changes = ("spares", "range", "rerolls", "lasts", "heightens", "budget", "drops", "twins")
        if all(getattr(self, k) is None for k in changes):
            raise ValueError('"alters" changes nothing: give ' + ", ".join(f'"{k}"' for k in changes))
        no_repeats(self.catalogs, "catalogs")
        no_repeats(self.drops, "drops")
        return self


__all__ = ["Alters", "AltersBudget", "AltersRange", "Restore"]
