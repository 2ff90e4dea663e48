"""Condition mechanics on Marinara's 5e package (tests/combat/test_condition_mechanics.py and
the capability guard's probes, tests/ruleset/guard_condition_mechanics.py): the vendored
5e-srd with creature types (tests/combat/test_cures.py's: the Ghoul undead, the Goblin
humanoid, and a fiend declared) at Capability API 1.278, and entries written from the SRD
5.1 text in the shape of its `spells/cure-wounds` (tests/combat/test_remaining_health.py
`spell`):

- Protection from Evil and Good as the spec writes it (mechanics-1 1.185, 1.191): its
  `protected` condition rolls attacks against the holder by fiends and undead with
  disadvantage (`attacks-taken`) and makes the holder immune to being charmed or frightened
  by them (`conditionImmunitiesFrom`); touch, concentration, 100 rounds;
- Calm Emotions (tests/combat/test_save_succeeds.py's, with the SRD's concentration) putting
  on `calmed`, which `suppresses` charmed and frightened (mechanics-3 1.275);
- Hypnotic Pattern's `applies` as the spec gives it (mechanics-2 1.202: incapacitated
  `endsWith` charmed, charmed ended by a Wisdom save on damage) on a 3rd-level slot, a
  Wisdom save against Mira's DC 13 that negates;
- a Horrid Howl given to the Ghoul and the Goblin (a creature action in the shape of the
  Ghoul's Claws: a DC 10 Wisdom save or frightened for 10 rounds).

Mira: tests/combat/srd_kit.py's (spell save DC 13, initiative + 2) with these spells and
Magic Missile; Brom: its level-2 fighter (Armor Class 16, 20 hit points, Wisdom save + 0,
initiative + 1, Longsword + 5 for 1d8 + 3). The Goblin: Armor Class 15, 2d6 health,
initiative + 2, Scimitar + 4; the Ghoul: Armor Class 12, 5d8, + 2, Bite + 2.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_cures as cures
from tests.combat.kit import add_condition
from tests.combat.srd_kit import entry, mira
from tests.combat.test_remaining_health import spell
from tests.combat.test_save_succeeds import CALM_EMOTIONS

FIENDS_AND_UNDEAD = {"types": ["fiend", "undead"]}
PROTECTED = {"modifiers": [{"to": "attacks-taken", "mode": "disadvantage", "from": FIENDS_AND_UNDEAD}],
             "conditionImmunitiesFrom": [{"conditions": ["charmed", "frightened"], "from": FIENDS_AND_UNDEAD}]}
PROTECTION = {"kind": "buff", "range": 0, "targets": "ally", "concentration": True,
              "applies": [{"condition": "protected", "duration": {"rounds": 100}}],
              "cost": [{"pool": "slots_1", "amount": 1}]}
CALM = {**copy.deepcopy(CALM_EMOTIONS), "concentration": True,
        "applies": [{"condition": "calmed", "duration": {"rounds": 10}}]}
CALMED = {"suppresses": ["charmed", "frightened"]}
HYPNOTIC_PATTERN = {"kind": "debuff", "range": 120, "targets": "enemy", "targetCount": 2, "concentration": True,
                    "save": {"save": "wis_save", "onSuccess": "negates"},
                    "applies": [{"condition": "charmed", "duration": {"rounds": 10},
                                 "saveEnds": {"save": "wis_save", "at": "damaged"}},
                                {"condition": "incapacitated", "duration": "instant", "endsWith": "charmed"}],
                    "cost": [{"pool": "slots_3", "amount": 1}]}
HOWL = {"id": "howl", "name": "Horrid Howl", "budget": "action", "range": 30,
        "save": {"save": "wis_save", "difficulty": 10, "onSuccess": "negates"},
        "applies": [{"condition": "frightened", "duration": {"rounds": 10}}]}


def package(*, protected: dict[str, Any] | None = None, calmed: dict[str, Any] | None = None,
            pattern: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The package; each argument replaces one piece: what `protected` and `calmed` do, and
    Hypnotic Pattern's `applies`."""
    pkg = cures.package()
    pkg["capabilityApi"] = {"major": 1, "minor": 278}
    pkg["combat"]["creatureTypes"]["types"].append({"id": "fiend", "label": "Fiend"})
    add_condition(pkg, "protected", "Protected", **copy.deepcopy(PROTECTED if protected is None else protected))
    add_condition(pkg, "calmed", "Calmed", **copy.deepcopy(CALMED if calmed is None else calmed))
    pattern_spell = copy.deepcopy(HYPNOTIC_PATTERN)
    if pattern is not None:
        pattern_spell["applies"] = copy.deepcopy(pattern)
    spell(pkg, "protection-from-evil-and-good", "Protection from Evil and Good", 1, PROTECTION)
    spell(pkg, "calm-emotions", "Calm Emotions", 2, CALM)
    spell(pkg, "hypnotic-pattern", "Hypnotic Pattern", 3, pattern_spell)
    for foe_id in ("ghoul", "goblin"):
        entry(pkg, "creatures", foe_id)["creature"]["actions"].append(copy.deepcopy(HOWL))
    return pkg


def caster() -> dict[str, Any]:
    return mira(("protection-from-evil-and-good", "Protection from Evil and Good", 1),
                ("calm-emotions", "Calm Emotions", 2), ("hypnotic-pattern", "Hypnotic Pattern", 3),
                ("magic-missile", "Magic Missile", 1), ("bless", "Bless", 1), slots_max_3=1)
