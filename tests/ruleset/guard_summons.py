"""The capability guard's probes for summons (spec/mechanics-1 1.122;
tests/ruleset/test_capability_guard.py merges them; the fights are tests/combat/test_summons.py's:
Ilsa on 1, 1 casts Spiritual Weapon at the Cinder Hound on 3, 1 of a 10 x 3 board with a wall)."""

from __future__ import annotations

from typing import Any

from tests.combat import test_summons as TS
from tests.combat import zones_kit as ZK
from tests.ruleset.capability_probes import FightProbe, MenuProbe
from tests.ruleset.guard_item_uses import scroll_of


def _turn(actor: str, option: str, *targets: str) -> dict[str, Any]:
    return {"actor": actor, "option": option, "targets": list(targets)}


def _cast(with_key: bool):
    """Round 1: Ilsa casts Spiritual Weapon (15 + 4 hits, 1d8 = 6) and ends her turn; the
    Hound ends its own. With the key her round-2 menu holds the weapon's strike."""
    return TS.package(TS.SUMMONS if with_key else None), [TS.ilsa([1, 1])], ZK.foes(hound=[3, 1]), \
        TS.START + [15, 6], [_turn("ilsa", TS.CAST, "cinder-hound"), _turn("ilsa", "end-turn"),
                             _turn("cinder-hound", "end-turn")]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Only with `summons` is "Strike with Spiritual Weapon" on Ilsa's menu in round 2.
    "Mechanics.summons": MenuProbe(_cast, "ilsa", board=TS.WALLED),
    # The same from a scroll of Spiritual Weapon read at the Hound.
    "ItemUse.summons": MenuProbe(scroll_of(_cast, "spiritual-weapon", "ilsa"), "ilsa", board=TS.WALLED),
}

#: No key of a summon is refused.
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
