"""The capability guard's probes for teleportation (spec/mechanics-3 1.276;
tests/ruleset/test_capability_guard.py merges them; the fights are
tests/combat/test_board_teleport.py's: Ilsa on 3, 1 beside the Cinder Hound on 4, 1 of a 10 x 3
board)."""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_board_teleport as TT
from tests.combat import test_teleport_smoke as TS
from tests.combat import test_teleport_strike as TK
from tests.combat import zones_kit as ZK
from tests.ruleset.capability_probes import FightProbe, MenuProbe
from tests.ruleset.guard_item_uses import scroll_of
from tests.combat.srd_kit import mira

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


def _smoky(on: dict[str, Any] | None, off: dict[str, Any] | None):
    """Misty Step (smoke `on` with the key, `off` without) from 3, 1 to 8, 1, then Ilsa's
    Shortbow at the Hound (tests/combat/test_teleport_smoke.py): hidden in heavy smoke she
    shoots with advantage."""
    def build(with_key: bool):
        return TS.package(on if with_key else off), [TS.ilsa([3, 1])], ZK.foes(hound=[4, 1]), TS.START + [4] * 20, [
            _turn("ilsa", TT.MISTY, cell=[8, 1]), _turn("ilsa", "attack:attacks:shortbow", targets=["cinder-hound"])]
    return build


def _gust(with_key: bool):
    """Misty Step's smoke (dispersed with the key) and Mira's Gust of Wind through it."""
    caster = mira(("gust-of-wind", "Gust of Wind", 2)) | {"position": [9, 2]}
    return TS.package({"dispersed": True} if with_key else {}), [TS.ilsa([3, 1]), caster], ZK.foes(hound=[4, 1]), \
        [5] * 5 + [20, 14, 1] + [4] * 20, [
            _turn("ilsa", TT.MISTY, cell=[8, 1]), _turn("ilsa", "end-turn"),
            _turn("mira", "ability:spells:gust-of-wind", cell=[0, 1])]


def _dog(with_key: bool):
    """The Blink Dog's Teleport (tests/combat/test_teleport_strike.py) from 9, 1 to 1, 1 beside
    Ilsa, with and without its `strike`."""
    teleport = copy.deepcopy(TK.TELEPORT)
    if not with_key:
        del teleport["teleport"]["strike"]
    return TK.package(teleport), [TT.ilsa([0, 1])], [TK.dog([9, 1])], TK.START + [4] * 10, [
        _turn("ilsa", "end-turn"), _turn("blink-dog", "action:teleport", cell=[1, 1])]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Misty Step, which does nothing else, is on Ilsa's menu only with its teleport.
    "Mechanics.teleport": MenuProbe(_misty([]), "ilsa", board=TT.OPEN),
    # A scroll of Misty Step read aimed at 9, 1: Ilsa teleports there with the key, stays on
    # 3, 1 without it.
    "ItemUse.teleport": FightProbe(scroll_of(_misty([_turn("ilsa", TT.MISTY, cell=[9, 1])]), "misty-step", "ilsa"),
                                   board=TT.OPEN),
    # The Hound's Blink aimed at 1, 1 takes it there from 9, 1 only with the key.
    "CreatureAction.teleport": FightProbe(_blink, board=TT.OPEN),
    # 1.279: smoke on the cells left and arrived at hides Ilsa from the Hound (her shot has
    # advantage); 1.286: light smoke hides nobody (no advantage); dispersed smoke ends in
    # Mira's Gust of Wind.
    "Teleport.smoke": FightProbe(_smoky({}, None), board=TS.OPEN),
    "Smoke.light": FightProbe(_smoky({"light": True}, {}), board=TS.OPEN),
    "Smoke.dispersed": FightProbe(_gust, board=TS.OPEN),
    # 1.280: after its Teleport the Dog's Bite follows free ("action:bite:free") only with
    # the strike.
    "Teleport.strike": MenuProbe(_dog, "blink-dog", board=TK.OPEN),
}

#: No key of a teleport needs a sample of its own: the refused ones are refused by name with
#: values of their own types.
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
