"""Shifting tracks and unsealing health (mechanics-2 1.201): an entry's `tracks` moves the
target's tracks by levels within their bounds (a level that halves the maximum takes effect at
once, one that `defeats` kills), and `unseals` gives back a maximum a blow sealed; an entry
that does only this is offered only to someone it helps.

Package: tests/combat/test_cures.py's vendored 5e-srd, its exhaustion track given the SRD 5.1
levels that change a fight (4: hit point maximum halved; 6: death), with Greater Restoration
(an exhaustion level off, and the hit point maximum given back) and Sickening Radiance (4d10
radiant, a Constitution save against Mira's DC 13, one exhaustion level on a failure) written
from the SRD text as 1st-level spells. Brom (srd_kit.fighter: 20 hit points), Mira; the
Goblin's health 2d6 (3, 4) = 7; Mira 20 acts first.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_cures as cures
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import fighter, mira
from tests.combat.test_remaining_health import spell

GREATER_RESTORATION = {"kind": "utility", "range": 0, "targets": "ally",
                       "tracks": [{"track": "exhaustion", "by": -1}], "unseals": True,
                       "cost": [{"pool": "slots_1", "amount": 1}]}
SICKENING_RADIANCE = {"kind": "attack", "range": 120, "targets": "enemy", "amount": {"dice": "4d10"},
                      "damageType": "radiant", "save": {"save": "con_save", "onSuccess": "none"},
                      "tracks": [{"track": "exhaustion", "by": 1}], "cost": [{"pool": "slots_1", "amount": 1}]}
EXHAUSTION = [{"track": "exhaustion", "at": 4, "modifiers": [{"to": "health-max", "times": 0.5}]},
              {"track": "exhaustion", "at": 6, "defeats": True}]


def package(restoration: dict[str, Any] | None = None, radiance: dict[str, Any] | None = None) -> dict[str, Any]:
    pkg = cures.package()
    pkg["combat"]["levels"] = pkg["combat"].get("levels", []) + copy.deepcopy(EXHAUSTION)
    spell(pkg, "greater-restoration", "Greater Restoration", 1,
          restoration if restoration is not None else GREATER_RESTORATION)
    return spell(pkg, "sickening-radiance", "Sickening Radiance", 1,
                 radiance if radiance is not None else SICKENING_RADIANCE)


def caster() -> dict[str, Any]:
    return mira(("greater-restoration", "Greater Restoration", 1), ("sickening-radiance", "Sickening Radiance", 1))


def tired_brom(live: dict[str, Any]) -> dict[str, Any]:
    brom = fighter()
    brom["sheet"]["live"] = copy.deepcopy(live)
    return brom


def bout(pkg: dict[str, Any], brom: dict[str, Any], dice: list[int]) -> Bout:
    return Bout(ruleset(pkg), [brom, caster()], [foe("goblin"), foe("ghoul")], dice=cures.DICE + dice)


#: Brom at exhaustion 4, 5 of his 20 sealed for good by an earlier blow: 15 halved to 7 (rounded
#: down); 7 hit points.
TIRED = {"pools": {"hp": 7}, "tracks": {"exhaustion": 4}, "sealed": {"hp": {"lasting": 5}}}


def test_greater_restoration_takes_a_level_off_and_gives_the_maximum_back():
    b = bout(package(), tired_brom(TIRED), [])
    assert b.options("mira")["ability:spells:greater-restoration"].targets == ["brom"]
    out = b.choose("mira", "ability:spells:greater-restoration", "brom")
    # Level 3 no longer halves: 20 - 5 sealed = 15; then the seal is lifted: 20.
    assert out[1:4] == [
        "Mira uses Greater Restoration on Brom.",
        "Mira's Greater Restoration moves Brom's Exhaustion to 3 (- 1).",
        "Mira's Greater Restoration gives back Brom's sealed Hit points: its maximum is 20 again, not 15.",
    ]
    live = b.who("brom").sheet["live"]
    assert (live["tracks"], live["pools"], "sealed" in live) == ({"exhaustion": 3}, {"hp": 7}, False)
    assert b.dice_left() == 0


def test_it_is_offered_only_to_someone_it_helps():
    # Brom fresh: no level to lose, nothing sealed; nobody else has any either.
    b = bout(package(), fighter(), [])
    assert "ability:spells:greater-restoration" not in b.options("mira")
    b = bout(package(), tired_brom({"sealed": {"hp": {"rest": 3}}, "pools": {"hp": 17}}), [])
    assert b.options("mira")["ability:spells:greater-restoration"].targets == ["brom"]


def test_a_failed_save_adds_a_level_that_halves_the_maximum_at_once():
    # The Goblin at exhaustion 3: 4d10 (1, 1, 1, 1) = 4 radiant, its save 5 + 0 fails: 7 -> 3;
    # exhaustion 4 halves its 7 to 3 (rounded down): nothing above it is lost.
    b = bout(package(), fighter(), [1, 1, 1, 1, 5])
    b.who("goblin").tracks["exhaustion"] = 3
    out = b.choose("mira", "ability:spells:sickening-radiance", "goblin")
    assert out[2:7] == [
        "Goblin rolls a Constitution save against Sickening Radiance: 5 against 13, a failure.",
        "Sickening Radiance (4 (1 + 1 + 1 + 1)) deals 4 radiant damage to Goblin.",
        "Goblin has 3 of 7 Hit points.",
        "Mira's Sickening Radiance moves Goblin's Exhaustion to 4 (+ 1).",
        "Brom's turn.",
    ]
    assert b.who("goblin").tracks == {"exhaustion": 4}


def test_the_health_above_a_maximum_halved_at_once_is_lost():
    # The Ghoul (20) at exhaustion 3, saves 5: 4 radiant, 20 -> 16; exhaustion 4 halves 20 to
    # 10: the 6 above it is lost.
    b = bout(package(), fighter(), [1, 1, 1, 1, 5])
    b.who("ghoul").tracks["exhaustion"] = 3
    out = b.choose("mira", "ability:spells:sickening-radiance", "ghoul")
    assert out[3:7] == [
        "Sickening Radiance (4 (1 + 1 + 1 + 1)) deals 4 radiant damage to Ghoul.",
        "Ghoul has 16 of 20 Hit points.",
        "Mira's Sickening Radiance moves Ghoul's Exhaustion to 4 (+ 1).",
        "Ghoul's Hit points maximum is halved to 10 (Exhaustion 4): the 6 above it is lost.",
    ]
    assert b.who("ghoul").health == 10


def test_reaching_the_level_that_defeats_kills():
    b = bout(package(), fighter(), [1, 1, 1, 1, 5])
    b.who("ghoul").tracks["exhaustion"] = 5
    out = b.choose("mira", "ability:spells:sickening-radiance", "ghoul")
    assert out[5:7] == [
        "Mira's Sickening Radiance moves Ghoul's Exhaustion to 6 (+ 1).",
        "Exhaustion 6 (Mira's Sickening Radiance) kills Ghoul.",
    ]
    assert b.who("ghoul").out


def test_a_successful_save_adds_no_level():
    b = bout(package(), fighter(), [1, 1, 1, 1, 15])
    b.who("ghoul").tracks["exhaustion"] = 3
    b.choose("mira", "ability:spells:sickening-radiance", "ghoul")
    assert b.who("ghoul").tracks == {"exhaustion": 3}


def test_without_the_keys_nothing_moves():
    restoration = {**GREATER_RESTORATION, "ends": {"conditions": ["poisoned"]}}
    del restoration["tracks"], restoration["unseals"]
    b = bout(package(restoration=restoration), tired_brom({**TIRED, "conditions": ["poisoned"]}), [])
    b.choose("mira", "ability:spells:greater-restoration", "brom")
    live = b.who("brom").sheet["live"]
    assert (live["tracks"], live["sealed"]) == ({"exhaustion": 4}, {"hp": {"lasting": 5}})
