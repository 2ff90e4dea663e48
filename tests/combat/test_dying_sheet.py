"""Dying by the sheet (5e-srd's `combat.dying`: three successes stabilise, three failures
kill, damage while down is one failure): a party member whose sheet starts at 0 hit points
starts the fight down and dying, and a blow on a stable character lands and starts the count
against death again (a stable character used to be refused as a target).
"""

from __future__ import annotations

from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import fighter, srd_package


def test_a_sheet_at_0_starts_down_and_dying_and_a_blow_on_the_stable_starts_the_count_again():
    # Dice: the Goblin's health 2d6 (3, 4) = 7; initiative Brom 15 + 1 = 16, Ada 2 + 1 = 3,
    # the Goblin 10 + 2 = 12; Brom's rolls against death 12, 13, 14 (each 10 or more is a
    # success); the Scimitar with advantage (Brom is unconscious): 16 and 15, 16 + 4 = 20
    # against AC 16, and 1d6 (5) + 2 = 7.
    bout = Bout(ruleset(srd_package()), [fighter(hp=0), fighter("Ada")], [foe("goblin")],
                dice=[3, 4, 15, 2, 10, 12, 13, 14, 16, 15, 5])
    assert bout.log[2:8] == [
        "Brom starts the fight at 0 Hit points, down and dying.",
        "Initiative: Brom 15 + 1 = 16; Ada 2 + 1 = 3; Goblin 10 + 2 = 12. Order: Brom, Goblin, Ada.",
        "Round 1.",
        "Brom's turn.",
        "Brom marks a success (12 against death, needing 10): 1 of 3 successes, 0 of 3 failures.",
        "Goblin's turn.",
    ]
    brom = bout.who("brom")
    assert (brom.down, brom.dying) == (True, {"successes": 1, "failures": 0})
    assert brom.sheet["live"]["conditions"] == ["unconscious"]
    for _ in range(2):
        bout.choose("goblin", "end-turn")
        bout.choose("ada", "end-turn")
    assert bout.log[-3:] == [
        "Brom marks a success (14 against death, needing 10): 3 of 3 successes, 0 of 3 failures.",
        "Brom is stable, down but no longer dying.",
        "Goblin's turn.",
    ]
    assert bout.options("goblin")["action:scimitar"].targets == ["brom", "ada"]
    assert bout.choose("goblin", "action:scimitar", "brom") == [
        "Goblin attacks Brom with Scimitar: 16 (advantage; dropped 15) + 4 = 20 against Armor Class 16, a hit.",
        "Scimitar (5 + 2 = 7) deals 7 slashing damage to Brom.",
        "Brom is hit while stable and is dying again.",
        "Brom marks 1 failure (taking damage while down): 0 of 3 successes, 1 of 3 failures.",
        "Ada's turn.",
    ]
    assert bout.who("brom").dying == {"successes": 0, "failures": 1}
    assert bout.who("brom").sheet["live"] == {"pools": {"hp": 0}, "conditions": ["unconscious"],
                                              "tracks": {"death_save_successes": 0, "death_save_failures": 1}}
    assert bout.dice_left() == 0


def test_the_counts_the_sheet_holds_carry_into_the_fight():
    failing = fighter(hp=0)
    failing["sheet"]["live"]["tracks"] = {"death_save_failures": 2}
    stable = fighter("Cora", hp=0)
    stable["sheet"]["live"]["tracks"] = {"death_save_successes": 3}
    # The Goblin's health (3, 4); initiative Brom 15, Cora 14, Ada 2, the Goblin 10.
    bout = Bout(ruleset(srd_package()), [failing, stable, fighter("Ada")], [foe("goblin")], dice=[3, 4, 15, 14, 2, 10, 9])
    assert bout.log[2:4] == [
        "Brom starts the fight at 0 Hit points, down and dying (0 of 3 successes, 2 of 3 failures on the sheet).",
        "Cora starts the fight at 0 Hit points, down and stable.",
    ]
    # Brom's first roll against death, 9, is his third failure.
    assert "Brom marks 1 failure (9 against death, needing 10): 0 of 3 successes, 3 of 3 failures." in bout.log
    assert "Brom dies." in bout.log
    cora = bout.who("cora")
    assert (cora.down, cora.dying, cora.out) == (True, None, False)
    assert bout.waiting() == "goblin"
    assert bout.options("goblin")["action:scimitar"].targets == ["cora", "ada"]
    assert bout.dice_left() == 0
