"""Attack rows the sheet changes (spec/mechanics-2 1.242 `attackRows`, 1.244 held weapons in
attack rules), on the 5e example with the spec's Martial Arts and Ki-Empowered Strikes
(tests/combat/attack_rows_kit.py says the set-up).

Mira is a level 3 monk: Str 10 (+0), Dex 16 (+3), proficiency +2. Her Unarmed Strike row
rolls Str (+0) + proficiency 2 = +2 for "1" + Str 0 bludgeoning. Martial Arts (the spec's
rule): the best of Str and Dex, and one die sized by the level table (d4 from 1), when its
average beats the row's (2.5 against 1). The Cinder Hound: Armor Class 12, 20 hit points.
"""

from __future__ import annotations

from tests.combat.attack_rows_kit import KI_STRIKES, MARTIAL_ARTS, bout, mira, package


def test_martial_arts_strikes_with_dex_and_the_level_die():
    """With Martial Arts: Dex 3 + proficiency 2 = +5, one d4 (2.5 beats the row's 1) + Dex 3.
    d20 10 + 5 = 15 hits Armor Class 12; d4 3 + 3 = 6: 20 - 6 = 14."""
    b = bout(package(MARTIAL_ARTS), mira(), [10, 3])
    assert b.options("mira")["attack:attacks:unarmed-strike"].text == "Action; to hit +5, 1d4+3 bludgeoning"
    assert b.choose("mira", "attack:attacks:unarmed-strike", "cinder-hound")[:3] == [
        "Mira attacks Cinder Hound with Unarmed Strike: 10 + 5 = 15 against Armor Class 12, a hit.",
        "Unarmed Strike (3 + 3 = 6) deals 6 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 14 of 20 Hit points.",
    ]


def test_without_the_rule_the_row_is_its_own():
    """Str 0 + proficiency 2 = +2, "1" + Str 0: 10 + 2 = 12 hits Armor Class 12 for 1."""
    b = bout(package(), mira(0), [10])
    assert b.options("mira")["attack:attacks:unarmed-strike"].text == "Action; to hit +2, 1 bludgeoning"
    assert b.choose("mira", "attack:attacks:unarmed-strike", "cinder-hound")[:2] == [
        "Mira attacks Cinder Hound with Unarmed Strike: 10 + 2 = 12 against Armor Class 12, a hit.",
        "Unarmed Strike (1) deals 1 bludgeoning damage to Cinder Hound.",
    ]


def test_the_rule_is_off_while_armor_is_worn():
    """A leather coat worn in the body slot: armor worn 1 is above 0, so the row is its own."""
    b = bout(package(MARTIAL_ARTS), mira(items=[{"item": "items/leather-coat", "worn": True}]), [])
    assert b.options("mira")["attack:attacks:unarmed-strike"].text == "Action; to hit +2, 1 bludgeoning"


def test_a_held_simple_weapon_matches_by_tags_and_keeps_its_better_die():
    """The quarterstaff (simple, not heavy) in hand: Dex 3 + 2 = +5; its 1d6 (3.5) beats the
    d4 (2.5), so it keeps it: 1d6 + Dex 3. d20 9 + 5 = 14 hits; d6 4 + 3 = 7: 20 - 7 = 13."""
    b = bout(package(MARTIAL_ARTS), mira(items=[{"item": "items/quarterstaff", "worn": True}]), [9, 4])
    assert b.options("mira")["attack:item:quarterstaff"].text == "Action; to hit +5, 1d6+3 bludgeoning"
    assert b.choose("mira", "attack:item:quarterstaff", "cinder-hound")[:3] == [
        "Mira attacks Cinder Hound with Quarterstaff: 9 + 5 = 14 against Armor Class 12, a hit.",
        "Quarterstaff (4 + 3 = 7) deals 7 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 13 of 20 Hit points.",
    ]


def test_a_heavy_weapon_is_not_matched_and_wielding_only_turns_the_rule_off():
    """The maul is heavy (a `notTags`): its row is its own, Str 0 + 2 = +2, 1d4. With
    `wielding.only` simple non-heavy weapons, holding the maul turns the rule off for the
    Unarmed Strike too; holding nothing, it is on."""
    held = [{"item": "items/maul", "worn": True}]
    menu = bout(package(MARTIAL_ARTS), mira(items=held), []).options("mira")
    assert menu["attack:item:maul"].text == "Action; to hit +2, 1d4 bludgeoning"
    assert menu["attack:attacks:unarmed-strike"].text == "Action; to hit +5, 1d4+3 bludgeoning"
    only = dict(MARTIAL_ARTS, wielding={"only": {"tags": ["simple"], "notTags": ["heavy"]}})
    assert bout(package(only), mira(items=held), []).options("mira")[
        "attack:attacks:unarmed-strike"].text == "Action; to hit +2, 1 bludgeoning"
    assert bout(package(only), mira(), []).options("mira")[
        "attack:attacks:unarmed-strike"].text == "Action; to hit +5, 1d4+3 bludgeoning"


def test_ki_empowered_strikes_carry_magic_past_a_resistance():
    """The hound resists bludgeoning except from magical strikes. Str +2 to hit, "1" + 0.
    Without Ki-Empowered Strikes a 1 is halved to 0; with it, 1 lands in full."""
    resist = ["fire", {"type": "bludgeoning", "except": ["magical"]}]
    plain = bout(package(resist=resist), mira(0), [10]).choose("mira", "attack:attacks:unarmed-strike", "cinder-hound")
    assert plain[1] == "Unarmed Strike (1) deals 0 bludgeoning damage to Cinder Hound (resisted: halved)."
    ki = bout(package(KI_STRIKES, resist=resist), mira(), [10]).choose(
        "mira", "attack:attacks:unarmed-strike", "cinder-hound")
    assert ki[1] == "Unarmed Strike (1) deals 1 bludgeoning damage to Cinder Hound (magical gets past its resistance)."


def test_an_item_uses_rule_works_while_the_item_is_worn():
    """The rule on a worn item's `use` (ItemUse.attackRows) changes the row as an entry's does."""
    b = bout(package(MARTIAL_ARTS, on_item=True), mira(on_item=True), [])
    assert b.options("mira")["attack:attacks:unarmed-strike"].text == "Action; to hit +5, 1d4+3 bludgeoning"
