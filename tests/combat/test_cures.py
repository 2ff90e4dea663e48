"""Cures (mechanics-1 1.176, mechanics-2 1.236, 1.245, mechanics-3 1.261): `ends` removes
the conditions it names in its order, at most `count` of them, and an entry that only cures
is offered only against a holder; `ends.from` cures only what a creature passing the test
applied; a creature action's `ends` cures like an entry's; `dropsOnFailedSave` drops a target
that fails the save to 0 instead of dealing the amount.

Packages: the vendored 5e-srd, with entries written from the SRD 5.1 text in the shape of its
`spells/cure-wounds` entry (tests/combat/test_remaining_health.py `spell`): Lesser Restoration
(a 2nd-level slot; the spec's own `ends`), Break Enchantment (Dispel Evil and Good's: charmed
or frightened from an undead), and a Quivering Palm written as a spell (10d10 necrotic, a
Constitution save against Mira's DC 13, half on a success); the Ghoul given its SRD type
"undead" and the Goblin "humanoid" (`combat.creatureTypes`), and the Ghoul a Healing Touch
(the unicorn's: it ends poisoned on an ally).
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import entry, fighter, mira, srd_package
from tests.combat.test_remaining_health import spell

LESSER_RESTORATION = {"kind": "utility", "range": 0, "targets": "ally",
                      "ends": {"conditions": ["blinded", "deafened", "paralyzed", "poisoned"], "count": 1},
                      "cost": [{"pool": "slots_2", "amount": 1}]}
BREAK_ENCHANTMENT = {"kind": "utility", "range": 0, "targets": "ally",
                     "ends": {"conditions": ["charmed", "frightened"], "from": {"types": ["undead"]}},
                     "cost": [{"pool": "slots_1", "amount": 1}]}
QUIVERING_PALM = {"kind": "attack", "range": 5, "targets": "enemy", "amount": {"dice": "10d10"},
                  "damageType": "necrotic", "save": {"save": "con_save", "onSuccess": "half"},
                  "dropsOnFailedSave": True, "cost": [{"pool": "slots_1", "amount": 1}]}
HEALING_TOUCH = {"id": "healing_touch", "name": "Healing Touch", "budget": "action", "targets": "ally",
                 "ends": {"conditions": ["poisoned"]}}


def package() -> dict[str, Any]:
    pkg = srd_package()
    # Creature types need schemaVersion 2 (1.168); `ends` on a creature action is 1.261.
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 261}
    pkg["combat"]["creatureTypes"] = {"types": [{"id": "humanoid", "label": "Humanoid"},
                                                {"id": "undead", "label": "Undead"}]}
    entry(pkg, "creatures", "ghoul")["creature"]["type"] = "undead"
    entry(pkg, "creatures", "ghoul")["creature"]["actions"].append(copy.deepcopy(HEALING_TOUCH))
    entry(pkg, "creatures", "goblin")["creature"]["type"] = "humanoid"
    spell(pkg, "lesser-restoration", "Lesser Restoration", 2, LESSER_RESTORATION)
    spell(pkg, "break-enchantment", "Break Enchantment", 1, BREAK_ENCHANTMENT)
    return spell(pkg, "quivering-palm", "Quivering Palm", 1, QUIVERING_PALM)


def caster() -> dict[str, Any]:
    return mira(("lesser-restoration", "Lesser Restoration", 2), ("break-enchantment", "Break Enchantment", 1),
                ("quivering-palm", "Quivering Palm", 1))


#: The Goblin's 2d6 (3, 4) = 7, the Ghoul's 5d8 (4 x 5) = 20; initiative Mira 18 + 2 = 20,
#: Brom 10 + 1 = 11, the Goblin 5 + 2 = 7, the Ghoul 2 + 2 = 4.
DICE = [3, 4, 4, 4, 4, 4, 4, 10, 18, 5, 2]


def bout(dice: list[int]) -> Bout:
    return Bout(ruleset(package()), [fighter(), caster()], [foe("goblin"), foe("ghoul")], dice=DICE + dice)


def test_lesser_restoration_ends_the_first_it_names_and_is_offered_only_against_a_holder():
    b = bout([])
    assert "ability:spells:lesser-restoration" not in b.options("mira")
    b.put("brom", "poisoned")
    b.put("brom", "paralyzed")
    assert b.options("mira")["ability:spells:lesser-restoration"].targets == ["brom"]
    # Its order is blinded, deafened, paralyzed, poisoned, and count 1: paralyzed goes.
    assert b.choose("mira", "ability:spells:lesser-restoration", "brom")[1:3] == [
        "Mira uses Lesser Restoration on Brom.",
        "Brom is no longer Paralyzed: Mira's Lesser Restoration ends it.",
    ]
    assert [h.id for h in b.who("brom").conditions] == ["poisoned"]
    assert b.dice_left() == 0


def test_break_enchantment_cures_only_what_the_undead_applied():
    b = bout([])
    b.put("brom", "charmed", source="goblin")
    b.put("brom", "frightened", source="ghoul")
    assert b.choose("mira", "ability:spells:break-enchantment", "brom")[1:] == [
        "Mira uses Break Enchantment on Brom.",
        "Brom is no longer Frightened: Mira's Break Enchantment ends it.",
        "Brom's turn.",
    ]
    assert [(h.id, h.source) for h in b.who("brom").conditions] == [("charmed", "goblin")]
    # Only the goblin's charm is left, and the undead applied none of it: offered against nobody.
    b.choose("brom", "end-turn")
    b.choose("goblin", "end-turn")
    b.choose("ghoul", "end-turn")
    assert "ability:spells:break-enchantment" not in b.options("mira")


def test_a_creature_action_ends_poisoned_on_an_ally():
    b = bout([])
    b.choose("mira", "end-turn")
    b.choose("brom", "end-turn")
    b.choose("goblin", "end-turn")
    assert "action:healing_touch" not in b.options("ghoul")
    b.put("goblin", "poisoned")
    assert b.options("ghoul")["action:healing_touch"].targets == ["goblin"]
    assert b.choose("ghoul", "action:healing_touch", "goblin")[:1] == [
        "Goblin is no longer Poisoned: Ghoul's Healing Touch ends it."]
    assert b.who("goblin").conditions == []


def test_a_failed_save_drops_the_goblin_to_0_and_a_made_one_takes_half():
    # The 10d10 is rolled once for every target first (5 x 10 = 50); the Goblin's
    # Constitution save 5 + 0 = 5 against 13 fails: 7 Hit points to 0, out.
    b = bout([5] * 10 + [5])
    assert b.choose("mira", "ability:spells:quivering-palm", "goblin")[1:4] == [
        "Mira uses Quivering Palm on Goblin.",
        "Goblin rolls a Constitution save against Quivering Palm: 5 against 13, a failure.",
        "Quivering Palm drops Goblin to 0 Hit points.",
    ]
    assert (b.who("goblin").out, b.who("goblin").health) == (True, 0)
    assert b.dice_left() == 0
    # The Ghoul's save 15 + 0 = 15 succeeds: the 50 halved to 25 is dealt, not the drop.
    b = bout([5] * 10 + [15])
    lines = b.choose("mira", "ability:spells:quivering-palm", "ghoul")
    assert lines[2:4] == [
        "Ghoul rolls a Constitution save against Quivering Palm: 15 against 13, a success.",
        "Quivering Palm (50 (5 + 5 + 5 + 5 + 5 + 5 + 5 + 5 + 5 + 5), halved by the save) deals 25 necrotic damage to Ghoul.",
    ]
