"""`endsCondition` (mechanics-2 1.236): after the use, the user's own condition comes off, and
with it the user's concentration that holds it (Dispel Evil and Good's Break Enchantment ends
the spell).

Package: tests/combat/test_cures.py's vendored 5e-srd (its Break Enchantment: charmed or
frightened that an undead applied), with Dispel Evil and Good written from the SRD 5.1 text as a
1st-level concentration spell putting "Warded" on its caster for 10 rounds, and its Break
Enchantment given `endsCondition: "warded"`. The Goblin's health 7, the Ghoul's 20;
initiative Mira 20, Brom 11, the Goblin 7, the Ghoul 4.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat import test_cures as cures
from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import fighter, mira
from tests.combat.test_remaining_health import spell

DISPEL_EVIL = {"kind": "buff", "range": 0, "targets": "self", "concentration": True,
               "applies": [{"condition": "warded", "duration": {"rounds": 10}}],
               "cost": [{"pool": "slots_1", "amount": 1}]}
BREAK = {**cures.BREAK_ENCHANTMENT, "endsCondition": "warded"}


def package(breaks: dict[str, Any] | None = None) -> dict[str, Any]:
    pkg = add_condition(cures.package(), "warded", "Warded")
    spell(pkg, "dispel-evil-and-good", "Dispel Evil and Good", 1, DISPEL_EVIL)
    return spell(pkg, "break-enchantment-dispel", "Break Enchantment (Dispel)", 1,
                 copy.deepcopy(breaks if breaks is not None else BREAK))


def caster() -> dict[str, Any]:
    return mira(("dispel-evil-and-good", "Dispel Evil and Good", 1),
                ("break-enchantment-dispel", "Break Enchantment (Dispel)", 1))


def warded_then_charmed(pkg: dict[str, Any]) -> Bout:
    """Mira casts Dispel Evil and Good on herself; the round goes by; Brom is charmed by the
    Ghoul when her next turn comes."""
    b = Bout(ruleset(pkg), [fighter(), caster()], [foe("goblin"), foe("ghoul")], dice=list(cures.DICE))
    b.choose("mira", "ability:spells:dispel-evil-and-good", "mira")
    for actor in ("brom", "goblin", "ghoul"):
        b.choose(actor, "end-turn")
    b.put("brom", "charmed", source="ghoul")
    return b


def test_break_enchantment_ends_dispel_evil_and_good():
    b = warded_then_charmed(package())
    assert [h.id for h in b.who("mira").conditions] == ["warded"]
    out = b.choose("mira", "ability:spells:break-enchantment-dispel", "brom")
    assert out == [
        "Mira spends 1 1st-level slot on Break Enchantment (Dispel).",
        "Mira uses Break Enchantment (Dispel) on Brom.",
        "Brom is no longer Charmed: Mira's Break Enchantment (Dispel) ends it.",
        "Mira stops concentrating on Dispel Evil and Good: Break Enchantment (Dispel) ends it.",
        "Mira is no longer Warded: Mira's concentration ended.",
        "Brom's turn.",
    ]
    assert b.who("mira").conditions == [] and b.who("mira").concentration is None
    assert b.dice_left() == 0


def test_a_warding_not_held_by_concentration_comes_off_alone():
    b = warded_then_charmed(package())
    b.who("mira").conditions[0].concentration = None
    out = b.choose("mira", "ability:spells:break-enchantment-dispel", "brom")
    assert out[3] == "Mira is no longer Warded: Mira's Break Enchantment (Dispel) ends it."
    assert b.who("mira").concentration is not None


def test_without_the_key_the_warding_stays():
    b = warded_then_charmed(package(cures.BREAK_ENCHANTMENT))
    b.choose("mira", "ability:spells:break-enchantment-dispel", "brom")
    assert [h.id for h in b.who("mira").conditions] == ["warded"]
    assert b.who("mira").concentration is not None
