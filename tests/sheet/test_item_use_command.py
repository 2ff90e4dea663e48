"""The use command outside a fight on items with charges (shared/sheet/uses.py: an item's use
paid through shared/sheet/item_uses.spend_item), on the 5e example with the test item catalog
derived from it (tests/combat/item_kit.py): the Wand of Sparks (7 charges, 2d6 fire, each use
1 charge) and the Staff of Healing (10 charges; Cure Wounds 1d8 for 1 charge, Mass Cure Wounds
3d8 for 5; tests/combat/test_items_used.py). Brom is at 10 of 28 hit points."""

from __future__ import annotations

from shared.dice import ScriptedRoller
from shared.sheet.refusal import Refusal
from shared.sheet.uses import UseAsk, UseRecord, use_entry
from tests.combat.item_kit import brom, item_ruleset
from tests.combat.test_item_use_keys import STAFF_OF_HEALING as CURE_STAFF
from tests.combat.test_items_used import POTION_OF_HEALING, STAFF_OF_HEALING, WAND_OF_SPARKS

RULES = item_ruleset(POTION_OF_HEALING, WAND_OF_SPARKS, STAFF_OF_HEALING)


def _use(items: list[dict], name: str, dice: list[int]) -> UseRecord | Refusal:
    return use_entry(RULES, brom(10, items)["sheet"], UseAsk(name), ScriptedRoller(dice), "Brom")


def test_a_wand_spends_a_charge_and_hands_back_its_damage():
    # 2d6 (5, 6) = 11 fire to the target; 7 charges (the maximum, none written) - 1 = 6.
    done = _use([{"item": "items/wand-of-sparks"}], "Wand of Sparks", [5, 6])
    assert isinstance(done, UseRecord)
    assert done.attrs() == [("paid", "1 charge of Wand of Sparks: 6/7 charges"), ("dice", "2d6"), ("rolls", "5|6"),
                            ("amount", "11"), ("did", "11 fire damage to the target"), ("result", "used")]
    assert done.sheet["live"]["items"] == [{"item": "items/wand-of-sparks", "charges": 6}]


def test_a_wand_with_no_charge_left_is_refused_and_nothing_changes():
    assert _use([{"item": "items/wand-of-sparks", "charges": 0}], "wand of sparks", [5, 6]) == Refusal(
        "insufficient", "Wand of Sparks has 0 charges left, not enough to spend 1")


def test_a_staff_names_one_of_its_more_uses_and_pays_its_charges():
    # Mass Cure Wounds: 3d8 (2, 3, 4) = 9, 10 + 9 = 19 of 28; 10 - 5 = 5 charges.
    done = _use([{"item": "items/staff-of-healing"}], "Staff of Healing: Mass Cure Wounds", [2, 3, 4])
    assert isinstance(done, UseRecord)
    assert (done.attrs()[0], done.did) == (("paid", "5 charges of Staff of Healing: 5/10 charges"),
                                           "Brom heals 9 Hit points (19 of 28)")
    # Its first use by the stack's name alone: Cure Wounds, 1d8 (6): 16; 1 charge.
    done = _use([{"item": "items/staff-of-healing", "charges": 1}], "Staff of Healing", [6])
    assert isinstance(done, UseRecord)
    assert (done.attrs()[0], done.did) == (("paid", "1 charge of Staff of Healing: 0/10 charges"),
                                           "Brom heals 6 Hit points (16 of 28)")
    # 1 charge cannot pay Mass Cure Wounds' 5; a use the staff does not have is refused by name.
    assert _use([{"item": "items/staff-of-healing", "charges": 1}], "Staff of Healing: Mass Cure Wounds",
                [2, 3, 4]) == Refusal("insufficient", "Staff of Healing has 1 charge left, not enough to spend 5")
    assert _use([{"item": "items/staff-of-healing"}], "Staff of Healing: Heal", [6]) == Refusal(
        "unknown-entry", "Staff of Healing has no use called Heal")


# The Staff of Healing of tests/combat/test_item_use_keys.py: Cure Wounds 1d8 for 1 charge, and
# up to 3 extra charges each 1d8 more (chargeStep, 1.269), as the fight's @charges:<n>.
STAFF_RULES = item_ruleset(CURE_STAFF)


def _staff(ask: UseAsk, dice: list[int], charges: int | None = None) -> UseRecord | Refusal:
    line = {"item": "items/staff-of-healing", **({"charges": charges} if charges is not None else {})}
    return use_entry(STAFF_RULES, brom(10, [line])["sheet"], ask, ScriptedRoller(dice), "Brom")


def test_a_staff_spends_2_extra_charges_outside_a_fight_and_heals_3d8():
    # As in the fight: 1d8 + 2 x 1d8 = 3d8 (3, 4, 5) = 12, Brom 10 -> 22 of 28; 10 - 3 = 7 charges.
    done = _staff(UseAsk("Staff of Healing", charges=2), [3, 4, 5])
    assert isinstance(done, UseRecord)
    assert done.attrs() == [("paid", "3 charges of Staff of Healing: 7/10 charges"), ("dice", "3d8"),
                            ("rolls", "3|4|5"), ("amount", "12"), ("did", "Brom heals 12 Hit points (22 of 28)"),
                            ("result", "used")]
    assert done.sheet["live"]["items"] == [{"item": "items/staff-of-healing", "charges": 7}]


def test_extra_charges_beyond_the_step_or_the_stack_or_without_a_step_are_refused():
    assert _staff(UseAsk("Staff of Healing", charges=4), [3]) == Refusal(
        "no-charge-step", "Staff of Healing spends at most 3 more charges")
    # 3 charges left: the use's 1 and 3 more would be 4.
    assert _staff(UseAsk("Staff of Healing", charges=3), [3], charges=3) == Refusal(
        "insufficient", "Staff of Healing has 3 charges left, not enough to spend 4")
    wand = use_entry(RULES, brom(10, [{"item": "items/wand-of-sparks"}])["sheet"], UseAsk("Wand of Sparks", charges=1),
                     ScriptedRoller([5, 6]), "Brom")
    assert wand == Refusal("no-charge-step", "Wand of Sparks spends no extra charges")
