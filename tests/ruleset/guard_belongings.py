"""The capability guard's probes for a creature's belongings (`Creature.inventory`, `loot`;
tests/ruleset/test_capability_guard.py merges them), on tests/combat/belongings_kit.py: Brom
strikes the SRD Goblin down (2d6 = 3 + 4 hit points; Longsword 12 + 5, 1d8 = 4 + 3).
"""

from __future__ import annotations

from typing import Any

from tests.combat import belongings_kit as BK
from tests.combat.item_kit import brom
from tests.combat.kit import foe
from tests.ruleset.capability_probes import FightProbe

STRIKES = {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["goblin"]}


def _goblin(**with_key: Any) -> FightProbe:
    def build(on: bool) -> tuple[Any, ...]:
        kit: dict[str, Any] = {"inventory": None, "loot": None}
        if on:
            kit.update(with_key)
        return BK.belongings_package(**kit), [brom()], [foe("goblin")], [3, 4, 15, 1, 12, 4] + [4] * 30, [STRIKES]

    return FightProbe(build)


PLAYED_PROBES: dict[str, FightProbe] = {
    # "Goblin carries Scimitar." when the fight is made; it lets it fall when struck down.
    "Creature.inventory": _goblin(inventory=[{"item": "items/scimitar"}]),
    # The victors are told of its loot table.
    "Creature.loot": _goblin(loot="goblin_purse"),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
