"""The keys spec/mechanics-2.md and mechanics-3.md add to blocks other than a catalog
entry's `mechanics`, as mixins the owners of those blocks put first among their bases.

Owns the names (each class lives in a module named for what it holds):

* `ApplyExt2` (an `applies` item; applies.py),
* `ConditionExt2` (a `combat.conditions` entry; ext_m2_conditions.py),
* `CreatureExt2`, `CreatureActionExt2` (a stat block and its actions; ext_m2_creatures.py),
* `ItemDefExt2`, `ItemUseExt2`, `ItemAttackExt2` (an item, its use, its attack;
  ext_m2_items.py),
* `CombatExt2` (the `combat` block; ext_m2_combat.py).

The names resolve on first use (PEP 562) so that importing one mixin never imports the
others: `applies.py` needs `ApplyExt2` long before the condition and creature mixins,
which themselves read `Apply` and the `mechanics` shapes, can be built.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "ApplyExt2": "applies",
    "SaveEnds2": "applies",
    "ConditionExt2": "ext_m2_conditions",
    "CreatureExt2": "ext_m2_creatures",
    "CreatureActionExt2": "ext_m2_creatures",
    "ItemDefExt2": "ext_m2_items",
    "ItemUseExt2": "ext_m2_items",
    "ItemAttackExt2": "ext_m2_items",
    "CombatExt2": "ext_m2_combat",
}


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __package__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(_WHERE)


__all__ = sorted(_WHERE)
