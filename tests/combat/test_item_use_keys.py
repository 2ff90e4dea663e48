"""An item's use plays an entry's keys through the entry's own code (spec/abilities.md
"Objects that hold abilities"; mechanics-1 1.176, 1.180, 1.196, 1.240, 1.281): a scroll of
Revivify revives, a scroll of Sleep spends its health pool, a charm that drains heals its
user, a Weapon of Warning rolls initiative twice, and a use that `casts` from a catalog
meets a ward against that catalog.

Packages: the vendored 5e-srd with test_remaining_health.py's spells (Mira, Brom the SRD
fighter, the Goblin and the Ghoul as shipped), and the 5e example with an item catalog
(tests/combat/item_kit.py: Brom at 10 of 28, the Cinder Hound, 5d8 of 4s = 20 health).
Each item is written from the SRD 5.1 entry of the same name.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.item_kit import brom, carry, item_package
from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import fighter
from tests.combat.test_remaining_health import FOES, REVIVIFY, SLEEP, THREE, caster, package


def _scroll(eid: str, label: str, mechanics: dict[str, Any]) -> dict[str, Any]:
    """A spell scroll of the SRD: reading it casts the spell without spending a slot."""
    # A scroll casts at the spell's own level: no slot, so no raised steps either.
    use = {k: v for k, v in copy.deepcopy(mechanics).items() if k not in ("cost", "perCostStep")}
    return {"id": f"{eid}-scroll", "label": f"Spell Scroll ({label})", "summary": f"A scroll of {label}.",
            "item": {"category": "scroll", "stack": 10, "use": use}}


def test_a_scroll_of_revivify_brings_brom_back_with_1_and_leaves_the_sheet():
    # As test_remaining_health.py: the Goblin's 2d6 (3, 4) = 7; initiative Brom 16 + 1,
    # Mira 14 + 2, the Goblin 10 + 2; Brom at 0 with two failures rolls 9, the third, and
    # dies in round 1. Revivify on an item is a heal that revives (an item use of kind
    # utility only leaves a standing area, 1.181).
    dead = fighter(hp=0)
    dead["sheet"]["live"]["tracks"] = {"death_save_failures": 2}
    mira = caster()
    pkg = carry(package(), mira, _scroll("revivify", "Revivify", {**REVIVIFY, "kind": "heal"}), quantity=1)
    bout = Bout(ruleset(pkg), [dead, mira], [foe("goblin")], dice=[3, 4, 16, 14, 10, 9])
    assert "Brom dies." in bout.log
    assert bout.options("mira")["item:spell-scroll-revivify"].targets == ["brom"]
    assert bout.choose("mira", "item:spell-scroll-revivify", "brom") == [
        "Mira spends 1 Spell Scroll (Revivify): none left.",
        "Mira uses Spell Scroll (Revivify) on Brom.",
        "Mira's Spell Scroll (Revivify) brings Brom back: Brom has 1 of 20 Hit points.",
        "Brom is no longer Unconscious: Brom is back up.",
        "Goblin's turn.",
    ]
    # The last scroll leaves the sheet, and no slot was spent (no pool was written).
    assert bout.who("mira").sheet["live"] == {}


def test_a_scroll_of_sleep_rolls_26_and_puts_the_zombie_to_sleep():
    # The pool 5d8: 6 + 6 + 6 + 4 + 4 = 26; the Zombie's 16 is covered (10 left), the
    # Giant Spider's 23 and the Ghoul's 30 are not. The stack of 2 drops to 1.
    mira = caster()
    pkg = carry(package(), mira, _scroll("sleep", "Sleep", SLEEP), quantity=2)
    bout = Bout(ruleset(pkg), [mira], copy.deepcopy(FOES), dice=THREE + [6, 6, 6, 4, 4])
    assert bout.choose("mira", "item:spell-scroll-sleep", "ghoul", "zombie", "giant-spider") == [
        "Mira spends 1 Spell Scroll (Sleep): 1 left.",
        "Mira uses Spell Scroll (Sleep) on Ghoul, Zombie, Giant Spider.",
        "Spell Scroll (Sleep) rolls its pool of Hit points: 5d8 = 26 (6 + 6 + 6 + 4 + 4); it covers Zombie "
        "(16 Hit points), leaving 10.",
        "Zombie is Unconscious for 10 rounds.",
        "Giant Spider's turn.",
    ]
    assert [h.id for h in bout.who("zombie").conditions] == ["unconscious"]


#: A charm that drinks what it burns: 2d6 necrotic, never missing, the user regains it all.
DRAINING_CHARM = {"id": "draining-charm", "label": "Draining charm", "summary": "2d6 necrotic; you regain it.",
                  "item": {"category": "ring", "rarity": "rare", "stack": 5,
                           "use": {"kind": "attack", "targets": "enemy", "amount": {"dice": "2d6"},
                                   "damageType": "necrotic", "autoHit": True, "budget": "action",
                                   "drain": {}}}}
#: The SRD's Weapon of Warning: advantage on initiative rolls while it is on you.
WARNING = {"id": "weapon-of-warning", "label": "Weapon of Warning", "summary": "Advantage on initiative rolls.",
           "item": {"category": "weapon", "rarity": "uncommon",
                    "use": {"kind": "buff", "targets": "self", "free": True,
                            "initiativeMode": "advantage", "charges": 1},
                    "charges": {"max": 1}}}


def _example(entry: dict[str, Any], dice: list[int], **line: Any) -> Bout:
    pkg = item_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    member = brom(hp=10)
    carry(pkg, member, entry, **line)
    return Bout(ruleset(pkg), [member], [foe("cinder-hound")], dice=[4] * 5 + dice)


def test_a_draining_charm_deals_7_and_brom_regains_7():
    # Initiative Brom 15 + 1, the hound 1 + 1; 2d6 (3 + 4) = 7 necrotic: the hound 20 -> 13,
    # Brom 10 + 7 = 17 of 28.
    bout = _example(DRAINING_CHARM, [15, 1, 3, 4], quantity=2)
    lines = bout.choose("brom", "item:draining-charm", "cinder-hound")
    assert lines[1:] == [
        "Brom uses Draining charm on Cinder Hound.",
        "Draining charm (7 (3 + 4)) deals 7 necrotic damage to Cinder Hound.",
        "Cinder Hound has 13 of 20 Hit points.",
        "Draining charm (drains 7 of the 7 damage dealt) heals Brom for 7.",
        "Brom has 17 of 28 Hit points.",
        "Cinder Hound's turn.",
    ]


def test_a_weapon_of_warning_rolls_brom_s_initiative_twice_keeping_15():
    # Brom's d20 twice, 1 then 15 (advantage keeps 15) + 1 = 16; the hound 4 + 1 = 5.
    bout = _example(WARNING, [1, 15, 4])
    assert "Initiative: Brom 15 (advantage; dropped 1) + 1 = 16; Cinder Hound 4 + 1 = 5. Order: Brom, Cinder Hound." \
        in bout.started


#: A Wand of Fire-like flask of 2d6 fire, a Dexterity save against 15 for half, thrown at
#: anyone; it counts as casting from the feats catalog (the 5e example holds no spells).
FLASK = {"id": "flask", "label": "Flask of embers", "summary": "Thrown, it bursts.",
         "item": {"category": "potion", "stack": 5,
                  "use": {"kind": "attack", "targets": "any", "amount": {"dice": "2d6"}, "damageType": "fire",
                          "sheetDifficulty": {"const": 15}, "save": {"save": "dex_save", "onSuccess": "half"},
                          "budget": "action", "casts": "feats"}}}


def test_a_use_that_casts_from_a_catalog_meets_a_ward_against_it():
    # Brom holds Warded (+ 5 to saves against what is cast from the feats catalog) and
    # throws the flask at his own feet: 2d6 first, then his Dexterity save 9 + 1 (Dex 12) + 5 = 15 against
    # 15 succeeds; 2d6 (3 + 4) = 7 halved to 3: 10 - 3 = 7 of 28.
    pkg = add_condition(item_package(), "warded", "Warded",
                        modifiers=[{"to": "saves", "flat": 5, "against": {"casts": ["feats"]}}])
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    member = brom(hp=10)
    member["sheet"]["live"]["conditions"] = ["warded"]
    carry(pkg, member, FLASK, quantity=1)
    bout = Bout(ruleset(pkg), [member], [foe("cinder-hound")], dice=[4] * 5 + [15, 1, 3, 4, 9])
    lines = bout.choose("brom", "item:flask-of-embers", "brom")
    assert lines[2:5] == [
        "Brom rolls a Dexterity save against Flask of embers: 9 + 1 + 5 (Warded) = 15 against 15, a success.",
        "Flask of embers (7 (3 + 4), halved by the save) deals 3 fire damage to Brom.",
        "Brom has 7 of 28 Hit points.",
    ]


#: The SRD's Staff of Healing: Cure Wounds for 1 charge per spell level (1d8 a level, up
#: to the 4th: 3 extra charges), 10 charges.
STAFF_OF_HEALING = {
    "id": "staff-of-healing", "label": "Staff of Healing", "summary": "10 charges: Cure Wounds (1 charge per level).",
    "item": {"category": "staff", "rarity": "rare", "charges": {"max": 10},
             "use": {"kind": "heal", "targets": "self", "amount": {"dice": "1d8"}, "charges": 1, "budget": "action",
                     "label": "Cure Wounds", "chargeStep": {"max": 3, "amount": {"dice": "1d8"}}}},
}


def test_a_staff_spends_2_extra_charges_as_raised_steps_and_heals_3d8():
    # Cure Wounds with 2 extra charges: 1d8 + 2 x 1d8 = 3d8 (3, 4, 5) = 12; Brom 10 -> 22
    # of 28; the staff 10 - (1 + 2) = 7 charges.
    bout = _example(STAFF_OF_HEALING, [15, 1, 3, 4, 5])
    option = bout.options("brom")["item:staff-of-healing-cure-wounds@charges:2"]
    assert option.label == "Staff of Healing: Cure Wounds (2 more charges)"
    assert bout.choose("brom", "item:staff-of-healing-cure-wounds@charges:2", "brom") == [
        "Brom pays 2 steps above the base for Staff of Healing: Cure Wounds.",
        "Brom spends 3 charges of Staff of Healing: 7/10 charges.",
        "Brom uses Staff of Healing: Cure Wounds on Brom.",
        "Staff of Healing: Cure Wounds (12 (3 + 4 + 5)) heals Brom for 12.",
        "Brom has 22 of 28 Hit points.",
        "Cinder Hound's turn.",
    ]
    assert bout.who("brom").sheet["live"]["items"] == [{"item": "carried/staff-of-healing", "charges": 7}]


def test_a_staff_offers_only_the_extra_charges_it_still_has():
    # 3 charges: the use's 1 and at most 2 more; the 3rd step would need 4.
    bout = _example(STAFF_OF_HEALING, [15, 1], charges=3)
    offered = sorted(o for o in bout.options("brom") if o.startswith("item:"))
    assert offered == ["item:staff-of-healing-cure-wounds", "item:staff-of-healing-cure-wounds@charges:1",
                       "item:staff-of-healing-cure-wounds@charges:2"]
