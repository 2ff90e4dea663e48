"""The `mechanics` block of catalog entries (spec/mechanics-1..3): one model assembled
from the parts, each part owning the keys of its spec page.

Owns: `Mechanics` (the assembly) and the rules that span parts: the value-level gates of
every part and of every mixin a part is built from are gathered here, because a method of
one base would hide another's.

The parts: `MechanicsPart1` (block.py: the base keys and spec/mechanics-1.md);
`MechanicsPart2` (here: spec/mechanics-2.md, Capability API 1.199-1.258), assembled from the
mixins named for what they hold (cures in `sheet_changes`, blows and strikes in `strikes`,
uses and answers in `uses`, turns in `turns`, Lay on Hands/Font of Magic/Metamagic in
`magic`), plus `zone` redeclared with the wall sections of `Zone` (in `zones`), and the
rules that read keys of other parts (an entry's `amount`, `save`, `healthPool`, `applies`),
run once every key is parsed; `MechanicsPart3` (here: spec/mechanics-3.md, 1.259-1.287):
`needsAny` and `targetsWithin` (1.267), `kindChoice` (1.270), `keepsOn` (1.263), `teleport`
(1.276), `drain` (1.281), and `area` and `save` redeclared with the keys mechanics-3 adds
(`Area`, `EntrySave`). Item uses and creature actions reuse the shapes of `actions`,
`area` and `saves`.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Iterable, Literal

from pydantic import Field, model_validator

from ..base import Id, Model, Number, gate, unsupported
from ..gates import Gate
from .actions import Drain, TELEPORT_REASON, Teleport, teleport_rules
from .area import Area
from .block import MechanicsPart1
from .magic import MagicKeys
from .saves import EntrySave
from .shapes import no_repeats
from .sheet_changes import CureKeys
from .strikes import StrikeKeys
from .turns import TurnKeys
from .uses import UseKeys
from .zones import Zone


_ZONE_EXTRA = MechanicsPart1.model_fields["zone"].json_schema_extra


class MechanicsPart2(MagicKeys, TurnKeys, UseKeys, StrikeKeys, CureKeys):
    """Mixin: the mechanics-2 keys of a catalog entry's `mechanics`."""

    zone: Zone | None = Field(default=None, json_schema_extra=_ZONE_EXTRA)

    @model_validator(mode="after")
    def _part2_rules(self) -> "MechanicsPart2":
        self._cure_rules()
        self._strike_rules()
        self._use_rules()
        self._magic_rules()
        self._section_rules()
        return self

    def _section_rules(self) -> None:
        sections = self.zone.sections if self.zone is not None else None
        if sections is None:
            return
        area = getattr(self, "area", None)
        if area is None or area.shape != "wall":
            raise ValueError('"zone.sections" divide a wall: the entry needs "area" with "shape": "wall"')
        if sections.broken is not None and sections.broken.save is not None and getattr(self, "save", None) is None:
            raise ValueError('the "save" of a broken section needs the entry\'s own "save"')


KIND_CHOICE_REASON = "a creature kind named at casting is resolved by no planned issue"
KEEPS_ON_REASON = "conditions kept for the whole fight (auras) are resolved by no planned issue"


class MechanicsPart3(Model):
    """Mixin: the mechanics-3 keys of a catalog entry's `mechanics`."""

    area: Area | None = None
    save: EntrySave | None = None
    #: A target with at least one of the `needs` senses qualifies (Turn Undead).
    needsAny: Literal[True] | None = Field(default=None, json_schema_extra=gate("1.267"))
    #: Every pair of chosen targets stands within this distance (Command at a higher slot).
    targetsWithin: Annotated[Number, Field(gt=0)] | None = Field(
        default=None,
        json_schema_extra=unsupported("1.267", "targets chosen within a distance of each other are resolved by no planned issue"),
    )
    #: The user names one of `combat.creatureTypes` on use; what it applies remembers it.
    kindChoice: Literal[True] | None = Field(default=None, json_schema_extra=unsupported("1.270", KIND_CHOICE_REASON))
    #: Conditions the holder keeps for the whole fight, never written to the sheet.
    keepsOn: Annotated[list[Id], Field(min_length=1, max_length=8)] | None = Field(
        default=None, json_schema_extra=unsupported("1.263", KEEPS_ON_REASON)
    )
    teleport: Teleport | None = Field(default=None, json_schema_extra=unsupported("1.276", TELEPORT_REASON))
    drain: Drain | None = Field(default=None, json_schema_extra=gate("1.281"))

    @model_validator(mode="after")
    def _part3_rules(self) -> "MechanicsPart3":
        if self.needsAny is not None and getattr(self, "needs", None) is None:
            raise ValueError('"needsAny" goes on an entry that "needs" senses')
        if self.targetsWithin is not None:
            count = getattr(self, "targetCount", None) or 1
            if count < 2 and getattr(self, "targetsPerCostStep", None) is None:
                raise ValueError('"targetsWithin" spaces out several targets: it needs "targetCount" above 1 or "targetsPerCostStep"')
        if self.kindChoice is not None and not getattr(self, "applies", None):
            raise ValueError('"kindChoice" goes on an entry with "applies"')
        no_repeats(self.keepsOn, "keepsOn")
        teleport_rules(self.teleport, area=self.area, reaction=getattr(self, "reaction", None), strike_allowed=False)
        if self.drain is not None:
            if getattr(self, "kind", None) == "heal":
                raise ValueError('"drain" gives back damage dealt, so it is rejected on a "heal"')
            if getattr(self, "amount", None) is None:
                raise ValueError('"drain" gives back damage dealt, so it needs "amount"')
        if self.area is not None:
            if self.area.around is not None and getattr(self, "zone", None) is not None:
                raise ValueError('an entry\'s burst around the user goes off at once, so it leaves no "zone"')
            if self.area.sizePerCostStep is not None and not getattr(self, "cost", None):
                raise ValueError('"area.sizePerCostStep" grows the area with the raised cost, so it needs "cost"')
        return self


class Mechanics(MechanicsPart3, MechanicsPart2, MechanicsPart1):
    """A catalog entry's `mechanics`. Validators of every part run."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {}

    def extra_gates(self) -> Iterable[Gate]:
        # Mechanics' own bases, not the instance's: a subclass (an item's use) calls this
        # and adds its own.
        for base in Mechanics.__mro__[1:]:
            own = base.__dict__.get("extra_gates")
            if own is not None:
                yield from own(self)


Mechanics.VALUE_GATES = {
    key: api
    for base in reversed(Mechanics.__mro__[1:])
    for key, api in (base.__dict__.get("VALUE_GATES") or {}).items()
}


__all__ = ["Mechanics", "MechanicsPart2", "MechanicsPart3"]
