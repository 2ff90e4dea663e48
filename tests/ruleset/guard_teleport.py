"""The capability guard's probes for teleportation (spec/mechanics-3 1.276;
tests/ruleset/test_capability_guard.py merges them; the fights are
tests/combat/test_board_teleport.py's: Ilsa on 3, 1 beside the Cinder Hound on 4, 1 of a 10 x 3
board)."""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_board_teleport as TT
from tests.combat import zones_kit as ZK
from tests.ruleset.capability_probes import FightProbe, MenuProbe
from tests.ruleset.guard_item_uses import scroll_of

MISTY_STEP = {"distance": 30, "seen": True}


def _turn(actor: str, option: str, **more: Any) -> dict[str, Any]:
    return {"actor": actor, "option": option, "targets": [], **more}


def _misty(choices: list[dict[str, Any]]):
    def build(with_key: bool):
        return TT.package(MISTY_STEP if with_key else None), [TT.ilsa([3, 1])], ZK.foes(hound=[4, 1]), \
            list(TT.START), copy.deepcopy(choices)
    return build


def _blink(with_key: bool):
    """The Hound's Blink with and without its `teleport`, chosen with the cell 1, 1."""
    blink = copy.deepcopy(TT.BLINK)
    if not with_key:
        blink.pop("teleport")
    return TT.package(MISTY_STEP, blink=blink), [TT.ilsa([0, 1])], ZK.foes(hound=[9, 1]), list(TT.START), [
        _turn("ilsa", "end-turn"), _turn("cinder-hound", "action:blink", cell=[1, 1])]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Misty Step, which does nothing else, is on Ilsa's menu only with its teleport.
    "Mechanics.teleport": MenuProbe(_misty([]), "ilsa", board=TT.OPEN),
    # A scroll of Misty Step read aimed at 9, 1: Ilsa teleports there with the key, stays on
    # 3, 1 without it.
    "ItemUse.teleport": FightProbe(scroll_of(_misty([_turn("ilsa", TT.MISTY, cell=[9, 1])]), "misty-step", "ilsa"),
                                   board=TT.OPEN),
    # The Hound's Blink aimed at 1, 1 takes it there from 9, 1 only with the key.
    "CreatureAction.teleport": FightProbe(_blink, board=TT.OPEN),
}

#: No key of a teleport needs a sample of its own: the refused ones are refused by name with
#: values of their own types.
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
