"""Healing only magic gets through (mechanics-3 1.261 `cannot-heal-nonmagical`): a condition
with the effect lets through no healing but magical healing, the log saying why; in a fight the
healing is magical when its entry's or action's `qualities`, or its item's tags, say "magical".

The 5e example with an item catalog (tests/combat/item_kit.py, whose tags declare "magical"):
Brom at 10 of 28, Chilled (Chill Touch written with the effect) from his sheet, carries a
Healer's draught (herbs: 2d4 + 2, no tags) and a Potion of Healing tagged "magical" (the
same 2d4 + 2). The Cinder Hound's health 5d8 (4 x 5) = 20; initiative Brom 15 + 1, the hound
1 + 1.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.item_kit import brom, item_package
from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.test_items_used import POTION_OF_HEALING

HEALERS_DRAUGHT = {"id": "healers-draught", "label": "Healer's draught", "summary": "Herbs: 2d4 + 2.",
                   "item": {"category": "potion", "stack": 10,
                            "use": {"kind": "heal", "targets": "self", "amount": {"dice": "2d4", "flat": 2},
                                    "budget": "action"}}}


def magical_potion() -> dict[str, Any]:
    potion = copy.deepcopy(POTION_OF_HEALING)
    potion["item"]["tags"] = ["magical"]
    return potion


def chilled_brom(effect: str = "cannot-heal-nonmagical") -> Bout:
    pkg = add_condition(item_package(HEALERS_DRAUGHT, magical_potion()), "chilled", "Chilled", effects=[effect])
    member = brom(hp=10, items=[{"item": "items/healers-draught", "quantity": 2},
                                {"item": "items/potion-of-healing", "quantity": 1}])
    member["sheet"]["live"]["conditions"] = ["chilled"]
    return Bout(ruleset(pkg), [member], [foe("cinder-hound")], dice=[4] * 5 + [15, 1] + [3, 4, 2, 2])


def test_a_plain_draught_is_refused_and_a_magical_potion_heals():
    b = chilled_brom()
    assert b.choose("brom", "item:healer-s-draught", "brom") == [
        "Brom spends 1 Healer's draught: 1 left.",
        "Brom uses Healer's draught on Brom.",
        "Healer's draught (7 (3 + 4) + 2 = 9) does not heal Brom: no healing but magical healing while Chilled.",
        "Cinder Hound's turn.",
    ]
    b.choose("cinder-hound", "end-turn")
    assert b.choose("brom", "item:potion-of-healing", "brom")[2:4] == [
        "Potion of Healing (4 (2 + 2) + 2 = 6) heals Brom for 6.",
        "Brom has 16 of 28 Hit points.",
    ]
    assert b.dice_left() == 0


def test_cannot_heal_refuses_the_magical_potion_too():
    b = chilled_brom("cannot-heal")
    b.choose("brom", "item:healer-s-draught", "brom")
    b.choose("cinder-hound", "end-turn")
    assert b.choose("brom", "item:potion-of-healing", "brom")[2] == (
        "Potion of Healing (4 (2 + 2) + 2 = 6) does not heal Brom: no healing while Chilled.")
