"""A damage part marked `onCritical` (combat-2 "Combat rolled with symbol dice": a symbol
spend's `critical` makes the hit a critical, "so clauses marked `onCritical` apply") is
dealt only with a critical hit: a natural 20 in a d20 fight, a bought critical in a symbol
fight; a dice-pool blow is never one.
"""

from __future__ import annotations

from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import entry, mira, srd_package
from tests.combat.symbol_kit import bout, symbol_package
from tests.combat.test_symbol_fights import INIT

START = [8, 8, 8, 15, 2]


def test_a_part_marked_on_critical_is_dealt_only_with_a_natural_20():
    # Mira's Fire Bolt (+5: Intelligence 3, proficiency 2) with a 1d6 fire part `onCritical`,
    # against a Zombie (Armor Class 8, 3d8 + 9 = 33). A 12 hits (17): 1d10 (6) alone, 33 - 6
    # = 27. A natural 20 is a critical: 2d10 (6, 4) and the part's 2d6 (3, 2): 10 + 5 = 15,
    # 33 - 15 = 18.
    pkg = srd_package()
    entry(pkg, "spells", "fire-bolt")["mechanics"]["plus"] = [{"dice": "1d6", "type": "fire", "onCritical": True}]
    rs = ruleset(pkg)
    hit = Bout(rs, [mira(("fire-bolt", "Fire Bolt", 0))], [foe("zombie")], dice=START + [12, 6])
    assert hit.choose("mira", "ability:spells:fire-bolt", "zombie")[2:4] == [
        "Fire Bolt (6) deals 6 fire damage to Zombie.", "Zombie has 27 of 33 Hit points."]
    critical = Bout(rs, [mira(("fire-bolt", "Fire Bolt", 0))], [foe("zombie")], dice=START + [20, 6, 4, 3, 2])
    assert "Zombie has 18 of 33 Hit points." in critical.choose("mira", "ability:spells:fire-bolt", "zombie")
    assert critical.dice_left() == 0


def test_a_bought_critical_deals_the_part_marked_on_critical():
    # The Dock bruiser's Haymaker (4 flat) with a 3-point part `onCritical`: its triumph buys
    # Triumphant blow (a critical, + 2), so after the blow's 7 the part deals 3 more: Juno's
    # 8 Grit go to 1, then 0.
    pkg = symbol_package()
    pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0]["damage"]["plus"] = [{"flat": 3, "onCritical": True}]
    b = bout(pkg, INIT + [12, 2, 1, 1])
    b.choose("juno", "end-turn")
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[1:6] == [
        "Dock bruiser spends 1 triumph on Triumphant blow: the hit becomes a critical, + 2 damage.",
        "Haymaker (4, + 2 for 2 successes, + 2 (Triumphant blow), 1 soaked by Soak = 7) deals 7 damage to Juno.",
        "Juno has 1 of 8 Grit.",
        "Haymaker (3) deals 3 damage to Juno.",
        "Juno has 0 of 8 Grit.",
    ]
