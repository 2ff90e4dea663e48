"""The capability guard's probes for what a creature does between and around its turns:
shared recharge (mechanics-1 1.186), legendary moves and spells (mechanics-3 1.283-1.285)
and run-up charges (1.186). tests/ruleset/test_capability_guard.py merges them; the fights
are tests/combat/test_recharge_groups.py's and tests/combat/test_legendary_moves.py's."""

from __future__ import annotations

from typing import Any

from tests.combat import test_recharge_groups as RG
from tests.combat.test_5e_srd_fights import PARTY
from tests.ruleset.capability_probes import FightProbe, MenuProbe


def _turn(actor: str, option: str, *targets: str, **more: Any) -> dict[str, Any]:
    return {"actor": actor, "option": option, "targets": list(targets), **more}


def _breaths(with_key: bool):
    """The dragon breathes Acid Breath on Brom; at its next turn's start one roll (4) brings
    back Acid Breath and Slowing Breath with the group, Acid Breath alone without it."""
    return RG.package("breath" if with_key else None), [PARTY[0]], [
        {"creature": RG.DRAGON, "controller": "player", "player": "gm"}], RG.SET_UP + [3] * 12 + [10, 4], [
        _turn(RG.DRAGON, "action:acid_breath", "brom"), _turn("brom", "end-turn"), _turn(RG.DRAGON, "pass")]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Recharge.group": FightProbe(_breaths),
}

FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
