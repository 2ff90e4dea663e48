"""The capability guard's probes for creature sizes (spec/combat-2 "Creatures" `size`,
mechanics-1 1.194; tests/combat/test_board_sizes.py) and for pushes by entries, item uses and
creatures (1.182, 1.184; tests/combat/test_board_pushes.py), size-changing conditions (1.195),
dismissal (1.236, tests/combat/test_dismissal.py) and a teleport's companions and leaving
(1.276, 1.279, tests/combat/test_teleport_companions.py), merged by
tests/ruleset/test_capability_guard.py. The fight is tests/combat/sizes_kit.py's: Ilsa
(0, 0) and Brom (7, 7) against the SRD Ogre asked at 6, 6 on a 10 x 10 field: filling 2 x 2
cells it would hold Brom's cell, so it is set down on 5, 5 ("Ogre 5, 5" in the board's log
line); filling one cell it stands on 6, 6."""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import sizes_kit as SK
from tests.combat import test_board_pushes as PUSH
from tests.combat import test_dismissal as DISMISS
from tests.combat import test_size_conditions as SC
from tests.combat import test_teleport_companions as TC
from tests.combat import zones_kit as ZK
from tests.combat.kit import foe
from tests.ruleset.capability_probes import FightProbe, MenuProbe
from tests.ruleset.guard_item_uses import as_item_use

#: The Ogre's 7d10 and initiative (Ilsa 20, Brom 10, the Ogre 1).
_DICE = [5] * 7 + [20, 10, 1]
_UNCELLED = {"order": [{k: v for k, v in size.items() if k != "cells"} for size in SK.SIZES["order"]]}


def _set_down(pkg: dict[str, Any]):
    return pkg, [ZK.ilsa([0, 0]), SK.brom([7, 7])], [foe("ogre", position=[6, 6])], list(_DICE), []


def _grapple(with_key: bool):
    """Brom (7, 6) beside the Large Ogre and the Huge Adult Black Dragon: with Grapple's
    `maxSizeAbove: 1` his Grapple is aimed at the Ogre alone; without it, at both."""
    pkg = SK.package(max_size_above=1 if with_key else None)
    passes = [{"actor": "adult-black-dragon", "option": "pass", "targets": []}]
    return pkg, [ZK.ilsa([0, 0]), SK.brom([7, 6])], SK.giants(), list(SK.GIANTS_START), passes


def _thunderwave(with_key: bool):
    """Ilsa (2, 1) casts Thunderwave around her; the Hound (3, 1) fails its save (5 + 4
    against 12): "Ilsa pushes Cinder Hound 10 ft to 5, 1." with the key only."""
    pkg = PUSH.package(push=10 if with_key else None)
    cast = [{"actor": "ilsa", "option": "ability:spells:thunderwave", "targets": [], "cell": [2, 1]}]
    return pkg, [ZK.ilsa([2, 1], ("thunderwave", "Thunderwave", 1))], ZK.foes(hound=[3, 1]), PUSH.START + [3, 4, 5], cast


def _bite(with_key: bool):
    """The Hound's Searing bite (15 + 4 hits Ilsa) pushes her from 2, 1 to 1, 1 with the key."""
    pkg = PUSH.package(bite_push=5 if with_key else None)
    bite = [{"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["ilsa"]}]
    return pkg, [ZK.ilsa([2, 1])], ZK.foes(hound=[3, 1]), [5] * 5 + [1, 20] + [15, 4, 2, 10], bite


def _enlarge(with_key: bool):
    """Ilsa casts Enlarge on Brom (3, 3): "Brom grows to Large." with the condition's `size`
    only (tests/combat/test_size_conditions.py)."""
    pkg = SC.package(steps=1 if with_key else None)
    cast = [{"actor": "ilsa", "option": "ability:spells:enlarge", "targets": ["brom"]}]
    party = [ZK.ilsa([0, 0], ("enlarge", "Enlarge", 2)), SK.brom([3, 3])]
    return pkg, party, [foe("ogre", position=[5, 5])], list(_DICE), cast


def _ram(with_key: bool):
    """Ilsa's Ring of the Ram with 2 extra charges (15 + 4 hits the Hound on 4, 1): pushed
    15 feet to 7, 1 with `chargeStep.push`, 5 feet to 5, 1 without."""
    pkg, ilsa = PUSH.ring_fight(step_push=5 if with_key else None)
    ram = [{"actor": "ilsa", "option": "item:ring-of-the-ram@charges:2", "targets": ["cinder-hound"]}]
    return pkg, [ilsa], ZK.foes(hound=[4, 1]), PUSH.START + [15] + [1] * 6, ram


def _banish(with_key: bool):
    """Ilsa's Banishment on the Hound (its save 5 against 12 fails): with `dismisses` it
    leaves the board and the order ("... leaves the board and the turn order while
    Banished, ..."), without it, it is only Banished."""
    pkg = DISMISS.package(dismisses=None if with_key else False)
    cast = [{"actor": "ilsa", "option": "ability:spells:banishment", "targets": ["cinder-hound"]}]
    return pkg, [DISMISS.ilsa()], ZK.foes(lurker=[3, 1], hound=[6, 1]), DISMISS.START + [5], cast


def _door(teleport: dict[str, Any], carries: list[str], *, brom: list[int], at: list[int] | None = None,
          ilsa: list[int] | None = None, spell: str = "dimension-door"):
    """Ilsa's Dimension Door (its `teleport` replaced) aimed at `at` (none: leaving),
    taking `carries` along; Brom on `brom`, the Hound on 9, 1."""
    door = copy.deepcopy(TC.DIMENSION_DOOR if spell == "dimension-door" else TC.PLANE_SHIFT)
    door["mechanics"]["teleport"] = teleport
    door["id"], door["label"] = TC.DIMENSION_DOOR["id"], TC.DIMENSION_DOOR["label"]
    choice: dict[str, Any] = {"actor": "ilsa", "option": "ability:spells:dimension-door", "targets": []}
    if at is not None:
        choice["cell"] = at
    if carries:
        choice["carries"] = carries
    party = [TC.ilsa(ilsa or [0, 1]), SK.brom(brom)]
    return TC.package(door=door), party, ZK.foes(hound=[9, 1]), [5] * 5 + [20, 10, 1], [choice]


def _carries(with_key: bool):
    """Brom beside Ilsa goes along to 7, 0 with `carries`; without it he stays."""
    if with_key:
        return _door({"distance": 500, "carries": 1}, ["brom"], brom=[1, 1], at=[8, 1])
    return _door({"distance": 500}, [], brom=[1, 1], at=[8, 1])


def _within(with_key: bool):
    """Brom 3 cells off goes along only with `carriesWithin: 15`."""
    if with_key:
        return _door({"distance": 500, "carries": 1, "carriesWithin": 15}, ["brom"], brom=[3, 1], at=[8, 1])
    return _door({"distance": 500, "carries": 1}, [], brom=[3, 1], at=[8, 1])


def _seen(with_key: bool):
    """Brom behind the wall (5, 1; Ilsa on 3, 1) goes along only without `carriesSeen`."""
    teleport = {"distance": 500, "carries": 1, "carriesWithin": 15, **({"carriesSeen": True} if with_key else {})}
    return _door(teleport, [] if with_key else ["brom"], brom=[5, 1], at=[0, 0], ilsa=[3, 1])


def _leaves(with_key: bool):
    """Plane Shift with no cell: out of the fight with `leaves`; without it, to 0, 0."""
    if with_key:
        return _door({"distance": 5, "leaves": True}, [], brom=[5, 1], spell="plane-shift")
    return _door({"distance": 5}, [], brom=[5, 1], at=[0, 0], spell="plane-shift")


_BANISH = FightProbe(_banish, board={"rows": ZK.ROWS})
_THUNDERWAVE = FightProbe(_thunderwave, board={"rows": ZK.ROWS})

PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Mechanics.push": _THUNDERWAVE,
    "ItemUse.push": as_item_use(_THUNDERWAVE, "thunderwave", "ilsa"),
    "CreatureAction.push": FightProbe(_bite, board={"rows": ZK.ROWS}),
    "Contest.maxSizeAbove": MenuProbe(_grapple, actor="brom", board=SK.BOARD),
    "Combat.sizes": FightProbe(lambda k: _set_down(SK.package(sizes=SK.SIZES if k else None)), board=SK.BOARD),
    "Creature.size": FightProbe(lambda k: _set_down(SK.package(ogre_size="large" if k else None)), board=SK.BOARD),
    "Mechanics.dismisses": _BANISH,
    "ItemUse.dismisses": as_item_use(_BANISH, "banishment", "ilsa"),
    "Teleport.carries": FightProbe(_carries, board=TC.BOARD),
    "Teleport.carriesWithin": FightProbe(_within, board=TC.BOARD),
    "Teleport.carriesSeen": FightProbe(_seen, board={"rows": ["....#....."] * 3}),
    "Teleport.leaves": FightProbe(_leaves, board=TC.BOARD),
    "ChargeStep.push": FightProbe(_ram, board={"rows": ZK.ROWS}),
    "CombatCondition.size": FightProbe(_enlarge, board=SK.BOARD),
    "Size.cells": FightProbe(lambda k: _set_down(SK.package(sizes=SK.SIZES if k else _UNCELLED)), board=SK.BOARD),
}

FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, Any] = {}
REFUSED_VALUE_SAMPLES: dict[str, Any] = {}
