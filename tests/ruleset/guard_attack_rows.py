"""The capability guard's probes for attack rows the sheet changes (spec/mechanics-2 1.242
`attackRows` on an entry and on an item's use, 1.244 its `items` and `wielding`), played by
shared/combat/attack_row_rules.py; tests/ruleset/test_capability_guard.py merges them.

Each is Mira (tests/combat/attack_rows_kit.py: Str 10, Dex 16, a level 3 monk) striking a
Cinder Hound (Armor Class 12) once: d20 10, then every die a 3. With a rule the roll reads
Dex (+5), without it Str (+2), so the logs differ.
"""

from __future__ import annotations

from typing import Any

from tests.combat.attack_rows_kit import MARTIAL_ARTS, START, mira, package
from tests.ruleset.capability_probes import FightProbe

HOUND = {"creature": "cinder-hound", "controller": "player"}
DEX = {"names": ["Unarmed Strike"], "abilities": ["str", "dex"]}


def _strike(option: str, build_on: Any) -> FightProbe:
    def build(on: bool) -> tuple[Any, ...]:
        pkg, member = build_on(on)
        return pkg, [member], [HOUND], START + [10] + [3] * 10, [
            {"actor": "mira", "option": option, "targets": ["cinder-hound"]}]
    return FightProbe(build)


UNARMED = "attack:attacks:unarmed-strike"
STAFF_HELD = [{"item": "items/quarterstaff", "worn": True}]
MAUL_HELD = [{"item": "items/maul", "worn": True}]
ONLY_LIGHT = {"only": {"tags": ["simple"], "notTags": ["heavy"]}}

PLAYED_PROBES: dict[str, Any] = {
    # The entry on the sheet's features list, or none.
    "Mechanics.attackRows": _strike(UNARMED, lambda on: (package(DEX), mira(1 if on else 0))),
    # Worn wraps whose use carries the rule, or the same wraps without it.
    "ItemUse.attackRows": _strike(UNARMED, lambda on: (package(DEX, on_item=True) if on else package(wraps=1),
                                                       mira(1, on_item=True))),
    # The held quarterstaff (simple) matched by its tags, or the rule naming only the row.
    "AttackRowsRule.items": _strike("attack:item:quarterstaff", lambda on: (
        package(dict(DEX, items={"tags": ["simple"]}) if on else DEX), mira(items=STAFF_HELD))),
    # Holding the heavy maul turns Martial Arts off while wielding only light simple weapons.
    "AttackRowsRule.wielding": _strike(UNARMED, lambda on: (
        package(dict(MARTIAL_ARTS, wielding=ONLY_LIGHT) if on else MARTIAL_ARTS), mira(items=MAUL_HELD))),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
