"""The `mechanics` keys of spec/mechanics-2.md (Capability API 1.199-1.258).

Owns: `MechanicsPart2`, assembled from the mixins named for what they hold (cures in
`sheet_changes`, blows and strikes in `strikes`, uses and answers in `uses`, turns in
`turns`, Lay on Hands/Font of Magic/Metamagic in `magic`), plus `zone` redeclared
with the wall sections of `Zone2` (in `zones`). The rules that read keys of other parts (an
entry's `amount`, `save`, `healthPool`, `applies`) run here, once every key is parsed.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from .sheet_changes import CureKeys
from .magic import MagicKeys
from .strikes import StrikeKeys
from .turns import TurnKeys
from .uses import UseKeys
from .zones import Zone2
from .block import MechanicsPart1

_ZONE_EXTRA = MechanicsPart1.model_fields["zone"].json_schema_extra


class MechanicsPart2(MagicKeys, TurnKeys, UseKeys, StrikeKeys, CureKeys):
    """Mixin: the mechanics-2 keys of a catalog entry's `mechanics`."""

    zone: Zone2 | None = Field(default=None, json_schema_extra=_ZONE_EXTRA)

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


__all__ = ["MechanicsPart2"]
