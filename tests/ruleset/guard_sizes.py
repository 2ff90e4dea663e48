"""The capability guard's probes for creature sizes (spec/combat-2 "Creatures" `size`,
mechanics-1 1.194; tests/combat/test_board_sizes.py), merged by
tests/ruleset/test_capability_guard.py. The fight is tests/combat/sizes_kit.py's: Ilsa
(0, 0) and Brom (7, 7) against the SRD Ogre asked at 6, 6 on a 10 x 10 field: filling 2 x 2
cells it would hold Brom's cell, so it is set down on 5, 5 ("Ogre 5, 5" in the board's log
line); filling one cell it stands on 6, 6."""

from __future__ import annotations

from typing import Any

from tests.combat import sizes_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import foe
from tests.ruleset.capability_probes import FightProbe

#: The Ogre's 7d10 and initiative (Ilsa 20, Brom 10, the Ogre 1).
_DICE = [5] * 7 + [20, 10, 1]
_UNCELLED = {"order": [{k: v for k, v in size.items() if k != "cells"} for size in SK.SIZES["order"]]}


def _set_down(pkg: dict[str, Any]):
    return pkg, [ZK.ilsa([0, 0]), SK.brom([7, 7])], [foe("ogre", position=[6, 6])], list(_DICE), []


PLAYED_PROBES: dict[str, FightProbe] = {
    "Combat.sizes": FightProbe(lambda k: _set_down(SK.package(sizes=SK.SIZES if k else None)), board=SK.BOARD),
    "Creature.size": FightProbe(lambda k: _set_down(SK.package(ogre_size="large" if k else None)), board=SK.BOARD),
    "Size.cells": FightProbe(lambda k: _set_down(SK.package(sizes=SK.SIZES if k else _UNCELLED)), board=SK.BOARD),
}

FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, Any] = {}
REFUSED_VALUE_SAMPLES: dict[str, Any] = {}
