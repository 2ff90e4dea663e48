"""Using an item in a fight (`ItemDef.use`; spec/abilities.md "Objects that hold abilities":
consumables are used up, gear with uses spends a use; mechanics-3 1.259 `charges`), on the
5e example with an item catalog (tests/combat/item_kit.py): the use is an entry offered on
the turn menu as `item:<name>`, and what it takes from the stack is written back to the
sheet's `live.items` in the same step (shared/sheet/item_uses.py).

Brom at 10 of 28 carries 2 Potions of Healing (2d4 + 2, the SRD's) and wears a Ring of
Protection. Dice: the Cinder Hound's health 5d8 (4 each) = 20; initiative Brom 15 + 1 = 16,
the hound 1 + 1 = 2, so Brom acts first.
"""

from __future__ import annotations

import copy

from shared.combat.state import BattleState
from tests.combat.item_kit import RING_OF_PROTECTION, brom, item_ruleset
from tests.combat.kit import Bout, foe

START = [4] * 5 + [15, 1]

POTION_OF_HEALING = {
    "id": "potion-of-healing", "label": "Potion of Healing",
    "summary": "You regain 2d4 + 2 hit points when you drink this potion.",
    "item": {"category": "potion", "rarity": "common", "stack": 10,
             "use": {"kind": "heal", "targets": "self", "amount": {"dice": "2d4", "flat": 2}, "budget": "action"}},
}
WAND_OF_SPARKS = {
    "id": "wand-of-sparks", "label": "Wand of Sparks", "summary": "7 charges; a spark of 2d6 fire.",
    "item": {"category": "weapon", "rarity": "uncommon", "charges": {"max": 7},
             "use": {"kind": "attack", "targets": "enemy", "amount": {"dice": "2d6"}, "damageType": "fire",
                     "autoHit": True, "budget": "action", "charges": 1}},
}
CARRIED = [{"item": "items/potion-of-healing", "quantity": 2}, {"item": "items/ring-of-protection", "worn": True}]


def _bout(items: list[dict], dice: list[int]) -> Bout:
    rs = item_ruleset(RING_OF_PROTECTION, POTION_OF_HEALING, WAND_OF_SPARKS)
    return Bout(rs, [brom(hp=10, items=copy.deepcopy(items))], [foe("cinder-hound")], dice=START + dice)


def test_the_potion_is_on_the_menu_on_the_action_budget():
    option = _bout(CARRIED, []).options("brom")["item:potion-of-healing"]
    # 2d4 + 2: 5 + 2 = 7 on average.
    assert (option.label, option.budget, option.costs) == ("Potion of Healing", "action", [])
    assert option.forecasts[0].heal == 7.0


def test_drinking_heals_9_and_the_stack_drops_to_1_in_the_same_step():
    # 2d4 (3, 4) + 2 = 9: 10 + 9 = 19 of 28.
    bout = _bout(CARRIED, [3, 4])
    assert bout.choose("brom", "item:potion-of-healing", "brom") == [
        "Brom spends 1 Potion of Healing: 1 left.",
        "Brom uses Potion of Healing on Brom.",
        "Potion of Healing (7 (3 + 4) + 2 = 9) heals Brom for 9.",
        "Brom has 19 of 28 Hit points.",
        "Cinder Hound's turn.",
    ]
    live = bout.who("brom").sheet["live"]
    assert live["pools"]["hp"] == 19
    assert live["items"] == [{"item": "items/potion-of-healing", "quantity": 1},
                             {"item": "items/ring-of-protection", "worn": True}]
    # The state saved and read back holds the same stacks.
    again = BattleState.model_validate_json(bout.state.model_dump_json())
    assert again.combatant("brom").sheet["live"]["items"] == live["items"]


def test_the_last_potion_leaves_the_sheet_and_the_menu():
    bout = _bout([{"item": "items/potion-of-healing"}], [3, 4])
    bout.choose("brom", "item:potion-of-healing", "brom")
    assert "items" not in bout.who("brom").sheet["live"]
    bout.choose("cinder-hound", "end-turn")
    assert "item:potion-of-healing" not in bout.options("brom")


def test_a_wand_spends_a_charge_and_is_gone_from_the_menu_at_0():
    # 2d6 (5, 6) = 11 fire, resisted by the hound: 5; 20 - 5 = 15.
    bout = _bout([{"item": "items/wand-of-sparks", "charges": 1}], [5, 6])
    lines = bout.choose("brom", "item:wand-of-sparks", "cinder-hound")
    assert lines[0] == "Brom spends 1 charge of Wand of Sparks: 0/7 charges."
    assert bout.who("brom").sheet["live"]["items"] == [{"item": "items/wand-of-sparks", "charges": 0}]
    bout.choose("cinder-hound", "end-turn")
    assert "item:wand-of-sparks" not in bout.options("brom")


def test_a_wand_never_spent_holds_its_maximum():
    bout = _bout([{"item": "items/wand-of-sparks"}], [5, 6])
    assert bout.choose("brom", "item:wand-of-sparks", "cinder-hound")[0] == (
        "Brom spends 1 charge of Wand of Sparks: 6/7 charges.")


STAFF_OF_HEALING = {
    "id": "staff-of-healing", "label": "Staff of Healing", "summary": "10 charges: Cure Wounds (1), Mass Cure Wounds (5).",
    "item": {"category": "staff", "rarity": "rare", "charges": {"max": 10},
             "use": {"kind": "heal", "targets": "self", "amount": {"dice": "1d8"}, "charges": 1, "budget": "action",
                     "label": "Cure Wounds"},
             "moreUses": [{"label": "Mass Cure Wounds",
                           "use": {"kind": "heal", "targets": "self", "amount": {"dice": "3d8"}, "charges": 5,
                                   "budget": "action"}}]},
}


def _staff_bout(charges: int | None, dice: list[int]) -> Bout:
    line: dict = {"item": "items/staff-of-healing"}
    if charges is not None:
        line["charges"] = charges
    rs = item_ruleset(STAFF_OF_HEALING)
    return Bout(rs, [brom(hp=10, items=[line])], [foe("cinder-hound")], dice=START + dice)


def test_a_staff_offers_each_use_under_its_label_and_spends_its_charges():
    # A staff never spent holds 10: both uses are offered, named after the staff and label.
    bout = _staff_bout(None, [3, 4, 5])
    menu = bout.options("brom")
    assert menu["item:staff-of-healing-cure-wounds"].label == "Staff of Healing: Cure Wounds"
    assert menu["item:staff-of-healing-mass-cure-wounds"].label == "Staff of Healing: Mass Cure Wounds"
    # Mass Cure Wounds: 5 charges, 3d8 (3, 4, 5) = 12: 10 + 12 = 22 of 28; 10 - 5 = 5 left.
    assert bout.choose("brom", "item:staff-of-healing-mass-cure-wounds", "brom") == [
        "Brom spends 5 charges of Staff of Healing: 5/10 charges.",
        "Brom uses Staff of Healing: Mass Cure Wounds on Brom.",
        "Staff of Healing: Mass Cure Wounds (12 (3 + 4 + 5)) heals Brom for 12.",
        "Brom has 22 of 28 Hit points.",
        "Cinder Hound's turn.",
    ]
    assert bout.who("brom").sheet["live"]["items"] == [{"item": "items/staff-of-healing", "charges": 5}]


def test_a_use_the_staff_has_too_few_charges_for_is_not_offered():
    # 4 charges: Cure Wounds (1) is offered, Mass Cure Wounds (5) is not.
    menu = _staff_bout(4, []).options("brom")
    assert "item:staff-of-healing-cure-wounds" in menu
    assert "item:staff-of-healing-mass-cure-wounds" not in menu
