"""Creature sizes on a 5e board (tests/combat/test_board_sizes.py and the capability guard's
size probes): tests/combat/zones_kit.py's package (Marinara's 5e SRD package with Moonbeam's
zone, the 5e example's Cinder Hound and contest checks) with

- the SRD 5.1 sizes as `combat.sizes` (Tiny to Gargantuan; Large fills 2 cells a side, Huge
  3, Gargantuan 4: spec/mechanics-1 1.194);
- the 5e example's own contests (Grapple, Shove prone, Shove away: a 5-foot push, Escape);
- the SRD 5.1 Ogre (Large giant, Armor Class 11, 7d10 + 21 hit points, speed 40 ft,
  Strength 19: Athletics + 4, Dexterity 8: Acrobatics - 1, initiative - 1; Greatclub + 6
  to hit, 2d8 + 4 bludgeoning), which the package's bestiary lacks;
- the package's own Adult Black Dragon with its `size` read from its entry's
  `filters.size` ("Huge").

Brom is the 5e example party's (tests/combat/fixtures/5e-party.json: Strength 16, Athletics
+ 3 without proficiency, Longsword + 5, 1d8 + 3); Ilsa is zones_kit's (spell save DC 12).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import zones_kit as ZK
from tests.combat.sight_kit import brom
from tests.combat.kit import foe
from tests.combat.srd_kit import entry

__all__ = ["brom", "package", "giants", "SIZES", "OGRE", "BOARD", "GIANTS_START"]

SIZES = {"order": [{"id": "tiny", "label": "Tiny"}, {"id": "small", "label": "Small"},
                   {"id": "medium", "label": "Medium"}, {"id": "large", "label": "Large", "cells": 2},
                   {"id": "huge", "label": "Huge", "cells": 3}, {"id": "gargantuan", "label": "Gargantuan", "cells": 4}]}

OGRE = {"id": "ogre", "label": "Ogre", "summary": "SRD 5.1: Large giant, Armor Class 11, 59 hit points.",
        "creature": {"health": {"dice": "7d10", "flat": 21}, "defense": 11, "initiativeModifier": -1, "speed": 40,
                     "size": "large", "tier": "cr_2",
                     "abilities": {"str": 19, "dex": 8, "con": 16, "int": 5, "wis": 7, "cha": 7},
                     "checks": {"might": 4, "agility": -1},
                     "actions": [{"id": "greatclub", "name": "Greatclub", "budget": "action", "toHit": 6, "reach": 5,
                                  "damage": {"dice": "2d8", "flat": 4, "type": "bludgeoning"}}]}}

#: A 10 x 10 open field.
BOARD = {"rows": [".........."] * 10}


def package(*, sizes: dict[str, Any] | None = SIZES, ogre_size: str | None = "large",
            max_size_above: int | None = None) -> dict[str, Any]:
    """The package; `sizes=None` leaves `combat.sizes` out, `ogre_size=None` the Ogre's size;
    `max_size_above` is the Grapple's `maxSizeAbove` (SRD 5.1: a target no more than one
    size larger)."""
    pkg = ZK.package()
    if sizes is not None:
        pkg["combat"]["sizes"] = copy.deepcopy(sizes)
    pkg["combat"]["contests"] = copy.deepcopy(ZK.EXAMPLE["combat"]["contests"])
    if max_size_above is not None:
        pkg["combat"]["contests"][0]["maxSizeAbove"] = max_size_above
    ogre = copy.deepcopy(OGRE)
    if ogre_size is None or sizes is None:
        ogre["creature"].pop("size")
    else:
        ogre["creature"]["size"] = ogre_size
    next(c for c in pkg["catalogs"] if c["id"] == "creatures")["entries"].append(ogre)
    if sizes is not None:
        dragon = entry(pkg, "creatures", "adult-black-dragon")
        dragon["creature"]["size"] = dragon["filters"]["size"].lower()
    return pkg


#: The Ogre's 7d10 (5 each), the Dragon's 17d12 + 85 (6 each: 102 + 85 = 187), initiative
#: Ilsa 20, Brom 10, the Ogre 1, the Dragon 1.
GIANTS_START = [5] * 7 + [6] * 17 + [20, 10, 1, 1]


def giants() -> list[dict[str, Any]]:
    """The Ogre on 7, 4 (7..8 x 4..5) and the Huge Dragon on 4, 4 (4..6 x 4..6): both beside
    Brom on 7, 6."""
    return [foe("ogre", position=[7, 4]), foe("adult-black-dragon", position=[4, 4])]
