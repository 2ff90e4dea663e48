"""The capability guard's probes for what a creature does between and around its turns:
shared recharge (mechanics-1 1.186), legendary moves and spells (mechanics-3 1.283-1.285)
and run-up charges (1.186). tests/ruleset/test_capability_guard.py merges them; the fights
are tests/combat/test_recharge_groups.py's and tests/combat/test_legendary_moves.py's."""

from __future__ import annotations

from typing import Any

import copy

from tests.combat import test_legendary_moves as LM
from tests.combat import test_legendary_spells as LS
from tests.combat import test_recharge_groups as RG
from tests.combat import test_run_up_charges as RC
from tests.combat.srd_kit import entry
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


def _sides(creature: str = "lich") -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Brom on 4, 2 and the creature on 5, 2 (test_legendary_moves.py's board)."""
    brom = copy.deepcopy(PARTY[0])
    brom["position"] = [4, 2]
    return [brom], [{"creature": creature, "controller": "player", "player": "gm", "position": [5, 2]}]


_TO_THE_WINDOW = [_turn("lich", "end-turn"), _turn("brom", "end-turn")]


def _lich_window(with_action: dict[str, Any], without_action: dict[str, Any] | None):
    """The lich's menu in the window between turns, with one signature action or another."""
    def build(with_key: bool):
        action = with_action if with_key else without_action
        party, foes = _sides()
        return LM.package(*([action] if action else [])), party, foes, list(LM.SET_UP), copy.deepcopy(_TO_THE_WINDOW)
    return build


def _wing(with_key: bool):
    """The dragon's Wing Attack on Brom, chosen with 9, 2: with its move it flies off after
    the blow (and leaves Brom's reach); without it, the cell is not gone to."""
    pkg = LM.package(creature=LM.DRAGON, speeds={"fly": 80})
    if with_key:
        wing = entry(pkg, "creatures", LM.DRAGON)["creature"]["actions"]
        next(a for a in wing if a["id"] == "wing_attack")["move"] = dict(LM.WING_MOVE)
    party, foes = _sides(LM.DRAGON)
    return pkg, party, foes, [*LM.DRAGON_SET_UP, 3, 4, 5], [
        _turn(LM.DRAGON, "end-turn"), _turn("brom", "end-turn"),
        _turn(LM.DRAGON, "action:wing_attack", "brom", cell=[9, 2])]


def _lich_spells(with_key: bool):
    """The lich with its spellcasting: its Cantrip (`casting`) on the window's menu only with
    the key."""
    return LS.package(*([LS.CANTRIP] if with_key else [])), [PARTY[0]], [
        {"creature": "lich", "controller": "player", "player": "gm"}], list(LS.SET_UP), copy.deepcopy(_TO_THE_WINDOW)


def _gore(charge: dict[str, Any], without: dict[str, Any] | None = None):
    """The goblin runs 15 ft straight at Brom and slashes: a hit, then the charge's 2d8 (3 + 4)
    and Brom's Strength save (5 + 6 = 11 < 14) with the key; `without` in its place."""
    def build(with_key: bool):
        brom = copy.deepcopy(PARTY[0])
        brom["position"] = [5, 2]
        return RC.package(charge if with_key else without), [brom], [
            {"creature": "goblin", "controller": "player", "player": "gm", "position": [1, 2]}], \
            [*RC.SET_UP, 15, 5, 3, 4, 5], [_turn("goblin", "move:4,2"), _turn("goblin", "action:scimitar", "brom")]
    return build


_FIVE = [{"condition": c, "duration": {"rounds": 1}} for c in ("prone", "poisoned", "blinded", "deafened", "frightened")]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # The goblin's charge adds 2d8, pushes and knocks Brom prone only with the key.
    "CreatureAction.charge": FightProbe(_gore(RC.GORE), board=RC.OPEN),
    # Five conditions on a failed charge save: Brom is frightened only with the fifth.
    "Charge.applies = 'more than 4 items'": FightProbe(_gore({**RC.GORE, "applies": _FIVE},
                                                             {**RC.GORE, "applies": _FIVE[:4]}), board=RC.OPEN),
    "CreatureAction.casting": MenuProbe(_lich_spells, "lich"),
    "Recharge.group": FightProbe(_breaths),
    # Half its speed, bought between turns: on the window's menu only with the key.
    "CreatureAction.move": MenuProbe(_lich_window(LM.HALF, None), "lich", board=LM.OPEN),
    # The teleport as a signature action is on the window's menu; as a turn's action it is not.
    "CreatureAction.teleport = 'on a signature action'": MenuProbe(
        _lich_window(LM.BLINK, {k: v for k, v in LM.BLINK.items() if k != "signature"}), "lich", board=LM.OPEN),
    "CreatureAction.move = 'with an effect'": FightProbe(_wing, board=LM.OPEN),
    # By `fly`, which the lich lacks, the move has nowhere to go and is not offered.
    "LegendaryMove.speed": MenuProbe(_lich_window({**LM.HALF, "move": {"share": 0.5, "speed": "fly"}}, LM.HALF),
                                     "lich", board=LM.OPEN),
}

FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
