"""Walls on a 5e board (tests/combat/test_board_walls.py and the capability guard's wall
probes): tests/combat/zones_kit.py's package (Marinara's 5e package with the 5e example's
Thorn Lurker and Cinder Hound) with the walls the spec writes (mechanics-1 1.177, 1.178;
mechanics-2 1.200) added to its spells catalog:

- Wall of Fire as the spec writes it (1.177: a 60-foot wall or a ring of 20 feet, 10 rounds,
  `enter` and `turn-end`, blocking sight, its far side burning within 10 feet at `turn-end`)
  with the SRD's numbers around it (120 feet, 5d8 fire, a Dexterity save for half,
  concentration, a 4th-level slot);
- a Wall of Stone-like wall: the spec's `blocks: ["move", "sight"]` on the SRD's Wall of
  Stone (120 feet away, concentration, 10 minutes: 100 rounds, a 5th-level slot, no damage of
  its own) made of two of its 10-foot panels (20 feet) rather than ten, so a 5-row board has
  a way around it;
- a Wall of Ice-like wall: the spec's own zone (mechanics-2 1.200: 100 rounds, no triggers,
  blocking both, each 10-foot section 30 hit points, defense 12, vulnerable to fire, a broken
  one dealing 5d6 cold to whoever enters it, a Constitution save for half) with the SRD's
  frigid air growing 1d6 for each slot above 6th (`perCostStep`, 1.201), 120 feet,
  concentration, a 6th-level slot, and two of its 10-foot panels (20 feet); its own damage as
  it appears (10d6 cold, a Dexterity save for half) as the SRD's;
- Fire Storm's shape as the spec writes it (1.178: a 10-foot box placed several times), with
  `copies` 3 and the SRD's numbers (7d10 fire, a Dexterity save for half, 150 feet, a 7th-
  level slot; the test gives Ilsa the slots).

Ilsa is zones_kit's (a Wisdom caster, spell save DC 12) with one slot of each of these
levels, and Fire Bolt (the package's: 120 feet, a ranged spell attack) to aim at someone.
5 feet a cell.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import zones_kit as ZK
from tests.combat.srd_kit import spell_row

WALL_OF_FIRE_ZONE = {"rounds": 10, "triggers": ["enter", "turn-end"], "blocks": ["sight"],
                     "side": {"distance": 10, "triggers": ["turn-end"]}}
WALL_OF_FIRE = {"id": "wall-of-fire", "label": "Wall of Fire", "mechanics": {
    "kind": "attack", "range": 120, "area": {"shape": "wall", "size": 60, "ring": 20},
    "amount": {"dice": "5d8"}, "damageType": "fire", "save": {"save": "dex_save", "onSuccess": "half"},
    "concentration": True, "cost": [{"pool": "slots_4", "amount": 1}], "zone": WALL_OF_FIRE_ZONE}}
WALL_OF_STONE_ZONE: dict[str, Any] = {"rounds": 100, "triggers": [], "blocks": ["move", "sight"]}
WALL_OF_STONE = {"id": "wall-of-stone", "label": "Wall of Stone", "mechanics": {
    "kind": "utility", "range": 120, "area": {"shape": "wall", "size": 20}, "concentration": True,
    "cost": [{"pool": "slots_5", "amount": 1}], "zone": WALL_OF_STONE_ZONE}}
WALL_OF_ICE_ZONE = {"rounds": 100, "triggers": [], "blocks": ["move", "sight"], "sections": {
    "every": 10, "health": 30, "defense": 12, "vulnerable": ["fire"], "broken": {
        "triggers": ["enter"], "amount": {"dice": "5d6"}, "damageType": "cold", "save": "con_save", "onSave": "half",
        "perCostStep": {"dice": "1d6"}}}}
WALL_OF_ICE = {"id": "wall-of-ice", "label": "Wall of Ice", "mechanics": {
    "kind": "attack", "range": 120, "area": {"shape": "wall", "size": 20}, "amount": {"dice": "10d6"},
    "damageType": "cold", "save": {"save": "dex_save", "onSuccess": "half"}, "concentration": True,
    "cost": [{"pool": "slots_6", "amount": 1}], "zone": WALL_OF_ICE_ZONE}}
FIRE_STORM = {"id": "fire-storm", "label": "Fire Storm", "mechanics": {
    "kind": "attack", "range": 150, "area": {"shape": "box", "size": 10, "copies": 3},
    "amount": {"dice": "7d10"}, "damageType": "fire", "save": {"save": "dex_save", "onSuccess": "half"},
    "cost": [{"pool": "slots_7", "amount": 1}]}}


def package(*, fire: dict[str, Any] | None = None, stone: dict[str, Any] | None = None,
            storm: dict[str, Any] | None = None, ice: dict[str, Any] | None = None) -> dict[str, Any]:
    """zones_kit's package with the walls; `fire`, `stone` and `ice` replace Wall of Fire's,
    Wall of Stone's and Wall of Ice's `zone`, `storm` Fire Storm's `area`."""
    pkg = ZK.package()
    spells = [copy.deepcopy(WALL_OF_FIRE), copy.deepcopy(WALL_OF_STONE), copy.deepcopy(FIRE_STORM),
              copy.deepcopy(WALL_OF_ICE)]
    if fire is not None:
        spells[0]["mechanics"]["zone"] = copy.deepcopy(fire)
    if stone is not None:
        spells[1]["mechanics"]["zone"] = copy.deepcopy(stone)
    if storm is not None:
        spells[2]["mechanics"]["area"] = copy.deepcopy(storm)
    if ice is not None:
        spells[3]["mechanics"]["zone"] = copy.deepcopy(ice)
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"] += spells
    return pkg


def ilsa(at: list[int]) -> dict[str, Any]:
    member = ZK.ilsa(at)
    member["sheet"]["fields"].update({"slots_max_4": 1, "slots_max_5": 1, "slots_max_6": 1, "slots_max_7": 1})
    member["sheet"]["lists"]["spells"] += [spell_row("wall-of-fire", "Wall of Fire", 4),
                                           spell_row("wall-of-stone", "Wall of Stone", 5),
                                           spell_row("fire-storm", "Fire Storm", 7),
                                           spell_row("wall-of-ice", "Wall of Ice", 6),
                                           spell_row("fire-bolt", "Fire Bolt", 0)]
    return member
