"""Harm over time on Marinara's 5e package (tests/combat/test_condition_harms.py and the
capability guard's harm probes, tests/ruleset/guard_condition_mechanics.py): the vendored
5e-srd with

- Acid Arrow written from the SRD 5.1 text in the shape of its `spells/fire-bolt` (a ranged
  spell attack, 90 feet) with a 2nd-level slot, 4d4 acid and 1d4 more per slot level above
  2nd, and its later acid as the spec writes it (mechanics-2 1.255): an `acid_burn` condition
  for 1 round whose `harms` is 2d4 acid at the end of the target's turn, with
  `harmsPerCostStep` 1d4;
- the Sword of Wounding's wound (mechanics-1 1.189) as the Ghoul's `wounding_claw`, a copy
  of its Claws without the paralysis: `wounded` deals 1d4 necrotic at the start of each of
  the holder's turns on behalf of the Ghoul, once per application, `stacks` 3;
- Staunch, a cure in the shape of `spells/cure-wounds` with the spec's `ends` (1.176)
  naming `wounded` (the Sword's "a creature can use an action to staunch the wound").

Ilsa is the 5e example party's Ilsa (tests/combat/fixtures/5e-party.json: Dexterity 16,
Wisdom 14) casting as a level-3 Wisdom caster with Mira's slots and one 3rd-level slot:
spell attack 2 (proficiency) + 2 (Wisdom) = + 4, initiative + 3. The Ghoul (Armor Class 12,
5d8 health, initiative + 2) and Brom (tests/combat/srd_kit.py `fighter`: Armor Class 16,
20 hit points, initiative + 1) are the test's to move.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat.kit import FIXTURES, add_condition
from tests.combat.srd_kit import entry, mira, srd_package
from tests.combat.test_remaining_health import spell

ACID_ARROW = {"kind": "attack", "range": 90, "targets": "enemy", "attackRoll": True, "amount": {"dice": "4d4"},
              "damageType": "acid", "perCostStep": {"dice": "1d4"}, "cost": [{"pool": "slots_2", "amount": 1}],
              "applies": [{"condition": "acid_burn", "duration": {"rounds": 1}, "harmsPerCostStep": {"dice": "1d4"}}]}
ACID_BURN = {"harms": {"at": "turn-end", "dice": "2d4", "type": "acid"}}
WOUNDED = {"harms": {"at": "turn-start", "dice": "1d4", "type": "necrotic"}, "stacks": 3}
WOUNDING_CLAW = {"id": "wounding_claw", "name": "Wounding Claw", "budget": "action", "toHit": 4,
                 "damage": {"dice": "2d4", "flat": 2, "type": "slashing"}, "reach": 5,
                 "applies": [{"condition": "wounded", "duration": {"rounds": 10}}]}
STAUNCH = {"kind": "utility", "range": 0, "targets": "ally", "ends": {"conditions": ["wounded"]},
           "cost": [{"pool": "slots_1", "amount": 1}]}


def package(*, acid_step: bool = True, stacks: bool = True, harms: bool = True) -> dict[str, Any]:
    """The package; `acid_step: False` leaves `harmsPerCostStep` off Acid Arrow, `stacks:
    False` leaves `stacks` off the wound, `harms: False` its `harms`."""
    pkg = srd_package()
    arrow = copy.deepcopy(ACID_ARROW)
    if not acid_step:
        del arrow["applies"][0]["harmsPerCostStep"]
    spell(pkg, "acid-arrow", "Acid Arrow", 2, arrow)
    spell(pkg, "staunch", "Staunch", 1, STAUNCH)
    add_condition(pkg, "acid_burn", "Acid burn", **copy.deepcopy(ACID_BURN))
    wound = copy.deepcopy(WOUNDED)
    if not stacks:
        del wound["stacks"]
    if not harms:
        del wound["harms"]
    add_condition(pkg, "wounded", "Wounded", **wound)
    entry(pkg, "creatures", "ghoul")["creature"]["actions"].append(copy.deepcopy(WOUNDING_CLAW))
    return pkg


def ilsa() -> dict[str, Any]:
    sheet_of = next(m for m in json.loads((FIXTURES / "5e-party.json").read_text()) if m["name"] == "Ilsa")
    member = mira(("acid-arrow", "Acid Arrow", 2), ("staunch", "Staunch", 1), spellcasting_ability="wis",
                  slots_max_3=1)
    member["name"] = "Ilsa"
    member["sheet"]["abilities"] = dict(sheet_of["sheet"]["abilities"])
    return member
