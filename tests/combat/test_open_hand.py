"""Answers to one's own flurry hits, one of a group per hit (spec/mechanics-2.md 1.241,
1.248 `budget` and `oneOf`), fought on Marinara's 5e package as it ships with the class kit
of tests/combat/monk_kit.py: Flurry of Blows as 1.242 writes it, and Open Hand Technique's
three answers as 1.248 writes them (the vendored `way-of-the-open-hand-open-hand-technique`
has no mechanics; its prone save is written onto it, the push and the stillness are two
entries of the kit).

Kai: a level-5 monk, Dexterity 16 (+3), proficiency +3: +6 to hit; Shortsword and Unarmed
Strike 1d6 + 3; two attacks an Attack action; Ki 5; ki save DC 8 + 3 + Wisdom 14 (+2) = 13.
The Zombie: Armor Class 8, health 3d8 + 9 = 8 + 8 + 8 + 9 = 33; its stat block lists only
a Wisdom save, so its Dexterity and Strength saves are d20 + 0. Initiative Kai 15 + 3 = 18,
the Zombie 2 - 2 = 0.
"""

from __future__ import annotations

from tests.combat.kit import Bout, foe, ruleset
from tests.combat.monk_kit import OPEN_HAND, kai, open_hand_package

START = [8, 8, 8, 15, 2]
SWORD = "attack:attacks:shortsword"
FLURRY = "ability:features:flurry-of-blows"
GRANTED = "attack:attacks:unarmed-strike@flurry"
PRONE = "ability:features:open-hand-technique"
PUSH = "ability:features:open-hand-push"
STILL = "ability:features:open-hand-stillness"
PALM = "ability:features:quivering-palm"


def _flurry(b: Bout) -> None:
    """Two Shortsword hits (12 + 6 = 18 against 8, 4 + 3 = 7 each: 33 - 14 = 19 left), then
    Flurry of Blows for one Ki (5 -> 4)."""
    b.choose("kai", SWORD, "zombie")
    b.choose("kai", SWORD, "zombie")
    b.choose("kai", FLURRY)


def test_each_flurry_hit_offers_the_three_and_one_taken_uses_up_the_others():
    # Dice after the Shortswords: Flurry strike 12 (a hit), the Zombie's Dexterity save 5
    # (5 + 0 = 5 against 13: prone), damage 5; the second strike 12, damage 4.
    b = Bout(ruleset(open_hand_package()), [kai(features=OPEN_HAND)], [foe("zombie")],
             dice=START + [12, 4, 12, 4] + [12, 5, 5, 12, 4])
    _flurry(b)
    assert b.choose("kai", GRANTED, "zombie") == [
        "Kai attacks Zombie with Unarmed Strike: 12 + 6 = 18 against Armor Class 8, a hit.",
        "The fight waits: Kai's Unarmed Strike (18 against Armor Class 8) hits Zombie. Asked in turn: Kai.",
    ]
    assert list(b.options("kai")) == [PRONE, PUSH, STILL, "pass"]
    # Choosing prone uses up the push and the stillness for this hit: nothing of Kai's own is
    # left to answer it with, so the window closes and the blow lands (5 + 3 = 8; 19 - 8 = 11).
    assert b.choose("kai", PRONE, "zombie") == [
        "Kai answers with Open Hand Technique.",
        "Kai uses Open Hand Technique on Zombie.",
        "Zombie rolls a Dexterity save against Open Hand Technique: 5 against 13, a failure.",
        "Zombie is Prone.",
        "Unarmed Strike (5 + 3 = 8) deals 8 bludgeoning damage to Zombie.",
        "Zombie has 11 of 33 Hit points.",
    ]
    # The second Flurry hit offers all three again.
    assert b.choose("kai", GRANTED, "zombie")[1] == \
        "The fight waits: Kai's Unarmed Strike (18 against Armor Class 8) hits Zombie. Asked in turn: Kai."
    assert list(b.options("kai")) == [PRONE, PUSH, STILL, "pass"]
    assert b.choose("kai", STILL, "zombie") == [
        "Kai answers with Open Hand Stillness.",
        "Kai uses Open Hand Stillness on Zombie.",
        "Zombie is Shaken by the Open Hand for 1 round.",
        "Unarmed Strike (4 + 3 = 7) deals 7 bludgeoning damage to Zombie.",
        "Zombie has 4 of 33 Hit points.",
        # Kai has nothing left to do, so his turn ends; `{"rounds": 1, "at": "turn-start"}`
        # as 1.248 writes it counts on the holder's turns, so the stillness ends as the
        # Zombie's turn starts.
        "Zombie's turn.",
        "Zombie is no longer Shaken by the Open Hand: its time is up.",
    ]
    assert b.who("kai").sheet["live"]["pools"] == {"counters:ki": 4}
    assert b.dice_left() == 0


def test_open_hand_answers_only_a_hit_paid_from_the_flurry_budget():
    # `budget: "flurry"`: the Shortsword hits of the Attack action are not held for it.
    b = Bout(ruleset(open_hand_package()), [kai(features=OPEN_HAND)], [foe("zombie")], dice=START + [12, 4])
    assert b.choose("kai", SWORD, "zombie") == [
        "Kai attacks Zombie with Shortsword: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Shortsword (4 + 3 = 7) deals 7 piercing damage to Zombie.",
        "Zombie has 26 of 33 Hit points.",
    ]


def test_an_answer_outside_the_group_is_still_offered_on_the_same_hit():
    # A level-17 Kai (proficiency +6: +9 to hit, ki save DC 8 + 6 + 2 = 16) with Quivering
    # Palm too, Ki 17 - 1 = 16 after Flurry. Pushed, the Zombie's Strength save 9 + 0 = 9
    # against 16 fails (off the board a push moves nobody); Quivering Palm, in no group,
    # is still his to take on that hit, and nothing of the group is.
    b = Bout(ruleset(open_hand_package()), [kai(level=17, features=(*OPEN_HAND, "quivering"))], [foe("zombie")],
             dice=START + [12, 4, 12, 4] + [12, 9, 6])
    _flurry(b)
    b.choose("kai", GRANTED, "zombie")
    assert list(b.options("kai")) == [PRONE, PUSH, STILL, PALM, "pass"]
    assert b.choose("kai", PUSH, "zombie") == [
        "Kai answers with Open Hand Push.",
        "Kai uses Open Hand Push on Zombie.",
        "Zombie rolls a Strength save against Open Hand Push: 9 against 16, a failure.",
    ]
    assert list(b.options("kai")) == [PALM, "pass"]
    assert b.choose("kai", "pass") == [
        "Kai passes.",
        "Unarmed Strike (6 + 3 = 9) deals 9 bludgeoning damage to Zombie.",
        "Zombie has 10 of 33 Hit points.",
    ]
