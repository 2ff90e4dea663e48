"""The capability guard's probes for walls and areas placed several times (spec/mechanics-1
1.177, 1.178; tests/combat/test_board_walls.py), merged by tests/ruleset/test_capability_guard.py.
The fights are tests/combat/walls_kit.py's: Ilsa (0, 2) against the Cinder Hound on the
zones kit's 10 x 4 board, or the Thorn Lurker and the Hound for Fire Storm."""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import walls_kit as WK
from tests.combat import zones_kit as ZK
from tests.ruleset.capability_probes import FightProbe, MenuProbe

#: The Hound's 5d8 = 25, initiative Ilsa 20 (+ 3), the Hound 1; then Wall of Fire's 5d8
#: (3 each: 15, halved by resistance to 7) and the Hound's Dexterity save 10 (a failure), twice.
_DICE = [5, 5, 5, 5, 5, 20, 1] + [3, 3, 3, 3, 3, 10] * 2
_FIRE = "ability:spells:wall-of-fire"
_ENDS = [{"actor": "ilsa", "option": "end-turn", "targets": []}]


def _cast(option: str, cell: list[int], **placing: Any) -> dict[str, Any]:
    return {"actor": "ilsa", "option": option, "targets": [], "cell": cell, **placing}


def _fire(zone: dict[str, Any], area: dict[str, Any] | None = None) -> dict[str, Any]:
    pkg = WK.package(fire=zone)
    if area is not None:
        next(e for e in next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"]
             if e["id"] == "wall-of-fire")["mechanics"]["area"] = area
    return pkg


def _wall_shape(with_key: bool):
    """Wall of Fire (no side) on the Hound's cell 8, 2 as a 60-foot wall (4 cells across the
    board) or, without the value, as a 5-foot burst (1 cell): "stays on 8, 2 (4 cells)"
    against "(1 cell)"."""
    zone = {k: v for k, v in WK.WALL_OF_FIRE_ZONE.items() if k != "side"}
    area = {"shape": "wall", "size": 60} if with_key else {"shape": "burst", "size": 5}
    return _fire(zone, area), [WK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), _DICE, [_cast(_FIRE, [8, 2])]


def _ring(with_key: bool):
    """Wall of Fire aimed at the Hound (6, 2): laid out as a ring of 20 feet around it (with
    `ring`), it stands 2 cells from the Hound and catches nobody; straight, it runs through
    its cell and burns it."""
    area = {"shape": "wall", "size": 60, **({"ring": 20} if with_key else {})}
    zone = {k: v for k, v in WK.WALL_OF_FIRE_ZONE.items() if k != "side"}
    return _fire(zone, area), [WK.ilsa([0, 2])], ZK.foes(hound=[6, 2]), _DICE, [
        _cast(_FIRE, [6, 2], **({"ring": True} if with_key else {}))]


def _side(with_key: bool):
    """Wall of Fire on 4, 2 with and without its `side`: the Hound steps onto 6, 2 (10 feet
    beyond it) and ends its turn there, burned only by the side."""
    zone = copy.deepcopy(WK.WALL_OF_FIRE_ZONE)
    if not with_key:
        del zone["side"]
    return _fire(zone), [WK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), _DICE, [
        _cast(_FIRE, [4, 2]), *_ENDS, {"actor": "cinder-hound", "option": "move:6,2", "targets": []},
        {"actor": "cinder-hound", "option": "end-turn", "targets": []}]


def _blocks(with_key: bool):
    """The stone wall on 4, 2 (4, 0 to 4, 3) with and without `blocks`: the Hound's next walks
    into its cells are offered only without."""
    zone = dict(WK.WALL_OF_STONE_ZONE)
    if not with_key:
        del zone["blocks"]
    return WK.package(stone=zone), [WK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), _DICE, [
        _cast("ability:spells:wall-of-stone", [4, 2]), *_ENDS]


def _copies(with_key: bool):
    """Fire Storm with `copies: 3` placed on 4, 1, 6, 1 and 8, 1 catches the Lurker (4, 0)
    and the Hound (8, 1); a single box on 4, 1 catches only the Lurker."""
    storm = {"shape": "box", "size": 10, **({"copies": 3} if with_key else {})}
    dice = [8, 8, 4, 5, 5, 5, 5, 5, 20, 1, 1] + [5] * 7 + [10, 5]
    return WK.package(storm=storm), [WK.ilsa([0, 2])], ZK.foes([4, 0], [8, 1]), dice, [
        _cast("ability:spells:fire-storm", [4, 1], **({"copies": [[6, 1], [8, 1]]} if with_key else {}))]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Area.shape = 'wall'": FightProbe(_wall_shape, board=ZK.BOARD),
    "Area.ring": FightProbe(_ring, board={"rows": [".........."] * 5}),
    "Zone.side": FightProbe(_side, board=ZK.BOARD),
    "Zone.blocks": MenuProbe(_blocks, "cinder-hound", board=ZK.BOARD),
    "Area.copies": FightProbe(_copies, board=ZK.BOARD),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}


def _ice(with_key: bool, *, key: str = "sections", paid: str = ""):
    """Wall of Ice on 4, 1 to 4, 4 beside the Hound (5, 2), on the 7 x 5 board: with its
    `sections` the Hound's bite (reaching no creature) strikes the section on 4, 2 (19 hits:
    7 piercing, 4 fire doubled) and Ilsa's Fire Bolt breaks it (16); the Hound walks in and is
    chilled (5d6, and with `perCostStep` on a 7th-level casting 1d6 more); without sections,
    the bite has nothing to strike and the Hound ends its turn."""
    zone = copy.deepcopy(WK.WALL_OF_ICE_ZONE)
    if not with_key and key == "sections":
        del zone["sections"]
    elif not with_key:
        del zone["sections"]["broken"][key]
    dice = [5, 5, 5, 5, 5, 20, 1, 15, 6, 4, 12, 8, 3, 3, 3, 3, 3, 3, 5]
    hound = "cinder-hound"
    struck = with_key or key != "sections"
    choices = [_cast(f"ability:spells:wall-of-ice{paid}", [4, 2]), *_ENDS,
               {"actor": hound, "option": "action:sear_bite", "targets": [], "wall": [4, 2]} if struck
               else {"actor": hound, "option": "end-turn", "targets": []}]
    if struck:
        choices += [{"actor": hound, "option": "end-turn", "targets": []},
                    {"actor": "ilsa", "option": "ability:spells:fire-bolt", "targets": [], "wall": [4, 2]}, *_ENDS,
                    {"actor": hound, "option": "move:1,2", "targets": []}]
    return WK.package(ice=zone), [WK.ilsa([0, 2])], ZK.foes(hound=[5, 2]), dice, choices


PLAYED_PROBES.update({
    "Zone.sections": FightProbe(_ice, board={"rows": ["......."] * 5}),
    "BrokenSection.perCostStep": FightProbe(lambda k: _ice(k, key="perCostStep", paid="@slots_7"),
                                            board={"rows": ["......."] * 5}),
})
