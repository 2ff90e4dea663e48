"""Charges spent on a hit (spec/mechanics-3.md 1.273 `attack.spends`): each way a weapon
spends its charges is offered to its owner in the window of their own hit with that weapon,
and only then; its amount joins the blow (rolled with it, its own damage type), each extra
charge of its `chargeStep` adds the amount again, and its `onHit` conditions land on the
creature hit unless it makes their save. The charges are written back to `live.items` in
the same step.

The Staff of Striking is the SRD 5.1 entry (10 charges; on a hit, up to 3 charges for 1d6
force each), written in the package format on the 5e example with an item catalog (tests/
combat/item_kit.py); the Frightened on a failed Wisdom save is ours, to carry `onHit`. Brom
(Str 16: + 3, proficiency + 2) swings it at the Cinder Hound (20 hit points from 5d8 at 4
each, Armor Class 12, Wisdom save + 0). Initiative: Brom 15 + 1, the hound 1 + 1.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from tests.combat.item_kit import brom, typed_item_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout, foe, ruleset
from tests.combat.test_windows import reloaded

START = [4] * 5 + [15, 1]
FORCE = {"label": "Force", "charges": 1, "amount": {"dice": "1d6"}, "type": "force", "chargeStep": {"max": 2},
         "onHit": [{"condition": "frightened", "rounds": 1, "save": {"save": "wis_save", "difficulty": 15}}]}
SWING = ("attack:item:staff-of-striking", "cinder-hound")


def staff(**way: Any) -> dict[str, Any]:
    return {"id": "staff-of-striking", "label": "Staff of Striking", "summary": "10 charges: 1d6 force each on a hit.",
            "item": {"category": "staff", "rarity": "rare", "slots": {"hand": 2}, "charges": {"max": 10},
                     "stats": {"ability": "str"},
                     "attack": {"damage": {"dice": "1d6", "type": "bludgeoning"},
                                "spends": [{**copy.deepcopy(FORCE), **way}]}}}


def bout(faces: list[int], line: dict[str, Any] | None = None, **way: Any) -> Bout:
    member = brom(items=[{"item": "items/staff-of-striking", "worn": True, **(line or {})}])
    return Bout(ruleset(typed_item_package(staff(**way))), [member], [foe("cinder-hound")], dice=START + faces)


def test_two_charges_of_force_join_the_staffs_hit_and_frighten_the_hound():
    # 12 + 5 = 17 hits Armor Class 12; 1d6 (5) + 3 = 8 bludgeoning, 20 - 8 = 12; Force with
    # one charge more, 2d6 (3 + 4) = 7 force, 12 - 7 = 5; the hound's Wisdom save 2 fails 15.
    b = bout([12, 5, 3, 4, 2])
    assert b.choose("brom", *SWING) == [
        "Brom attacks Cinder Hound with Staff of Striking: 12 + 5 = 17 against Armor Class 12, a hit.",
        "The fight waits: Brom's Staff of Striking (17 against Armor Class 12) hits Cinder Hound. Asked in turn: Brom.",
    ]
    assert list(b.options("brom")) == ["item:staff-of-striking-force", "item:staff-of-striking-force@charges:1",
                                       "item:staff-of-striking-force@charges:2", "pass"]
    assert b.choose("brom", "item:staff-of-striking-force@charges:1") == [
        "Brom answers with Staff of Striking: Force (1 more charge).",
        "Brom pays 1 step above the base for Staff of Striking: Force.",
        "Brom spends 2 charges of Staff of Striking: 8/10 charges.",
        "Brom's Staff of Striking: Force joins the blow on Cinder Hound.",
        "Staff of Striking (5 + 3 = 8) deals 8 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 12 of 20 Hit points.",
        "Staff of Striking: Force (7 (3 + 4)) deals 7 force damage to Cinder Hound.",
        "Cinder Hound has 5 of 20 Hit points.",
        "Cinder Hound rolls a Wisdom save against Staff of Striking: Force: 2 against 15, a failure.",
        "Cinder Hound is Frightened for 1 round.",
        "Cinder Hound's turn.",
    ]
    assert b.who("brom").sheet["live"]["items"] == [{"item": "items/staff-of-striking", "worn": True, "charges": 8}]


def test_a_critical_doubles_the_force_and_a_made_save_keeps_the_hound_unfrightened():
    # A natural 20 rolls the damage dice twice (the 5e example's "double-dice"): 1d6 (5) + 3
    # and the doubled die 2 = 10, 20 - 10 = 10; Force's 1d6 (6) and its doubled die 1 = 7,
    # 10 - 7 = 3; the save 15 makes 15. One charge: 9/10.
    b = bout([20, 5, 2, 6, 1, 15])
    b.choose("brom", *SWING)
    events = b.choose("brom", "item:staff-of-striking-force")
    assert events[1:] == [
        "Brom spends 1 charge of Staff of Striking: 9/10 charges.",
        "Brom's Staff of Striking: Force joins the blow on Cinder Hound.",
        "Staff of Striking (5 + 3 = 8, doubled dice 2) deals 10 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 10 of 20 Hit points.",
        "Staff of Striking: Force (6, doubled dice 1) deals 7 force damage to Cinder Hound.",
        "Cinder Hound has 3 of 20 Hit points.",
        "Cinder Hound rolls a Wisdom save against Staff of Striking: Force: 15 against 15, a success.",
        "Cinder Hound's turn.",
    ]


def test_no_window_for_another_weapons_hit_a_way_for_ranged_blows_or_an_empty_staff():
    # The Longsword row's hit (12 + 5 = 17, 1d8 (5) + 3 = 8) opens no window, nor does the
    # staff's melee hit when Force is for ranged blows only, nor with no charge left.
    for way, line, option in (({}, {}, "attack:attacks:longsword"), ({"blow": "ranged"}, {}, SWING[0]),
                              ({}, {"charges": 0}, SWING[0])):
        b = bout([12, 5, 4], line, **way)
        events = b.choose("brom", option, "cinder-hound")
        assert not any(e.startswith("The fight waits") for e in events), (way, line, option)
        assert "Cinder Hound has 12 of 20 Hit points." in events, (way, line, option)


def test_spending_reloaded_mid_window_gives_the_same_events():
    def run(reload: bool) -> list[str]:
        b = bout([12, 5, 3, 4, 2])
        b.choose("brom", *SWING)
        if reload:
            reloaded(b)
        b.choose("brom", "item:staff-of-striking-force@charges:1")
        return b.log + [repr(b.who("brom").sheet["live"]["items"])]

    assert run(True) == run(False)


def test_a_pool_weapon_spends_a_charge_and_its_toll_is_thrown_as_its_own_dice():
    """Gravewatch (d10 pools, a 6 or more is a success; vendored): Ada (Sinew 3, Wrestle 2)
    holds a Warden's maul (1d10 blunt, 3 charges) whose Toll spends 1 for 2d10 more, counted as
    2 dice of the pool. Initiative: Ada 9 + 2, the rats 9 + 3; the rats pass. To hit 9, 2, 2,
    2, 2: 1 success against Defense 1. The maul's die 7 is a success, the rats' soak die 8
    takes it; Toll's 8, 9 are 2 successes, the soak die 2 takes none: 2 blunt damage."""
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    pkg["schemaVersion"], pkg["capabilityApi"] = 2, {"major": 1, "minor": 290}
    arms = next(c for c in pkg["catalogs"] if c.get("holds") == "items")
    arms["entries"].append({"id": "wardens-maul", "label": "Warden's maul", "summary": "An iron maul.",
                            "item": {"category": "arm", "slots": {"hands": 2}, "charges": {"max": 3},
                                     "attack": {"damage": {"dice": "1d10", "type": "blunt"},
                                                "spends": [{"label": "Toll", "charges": 1,
                                                            "amount": {"dice": "2d10"}}]}}})
    ada = copy.deepcopy(json.loads((FIXTURES / "gravewatch-party.json").read_text())[0])
    ada.update({"controller": "player", "player": "ada"})
    ada["sheet"]["live"] = {"items": [{"item": f"{arms['id']}/wardens-maul", "worn": True}]}
    b = Bout(ruleset(pkg), [ada], [foe("grave-rats")], dice=[9, 9, 9, 2, 2, 2, 2, 7, 8, 8, 9, 2] + [2] * 20)
    b.choose("grave-rat-swarm", "end-turn")
    b.choose("ada", "attack:item:warden-s-maul", "grave-rat-swarm")
    assert b.choose("ada", "item:warden-s-maul-toll")[:5] == [
        "Ada answers with Warden's maul: Toll.",
        "Ada spends 1 charge of Warden's maul: 2/3 charges.",
        "Ada's Warden's maul: Toll joins the blow on Grave-rat swarm.",
        "Warden's maul (1 die against 6: 7 → 1 success, Grave-rat swarm soaks 1 die (Grave-rat swarm's own soak): "
        "8 → 1 success, 0 left) deals 0 blunt damage to Grave-rat swarm.",
        "Warden's maul: Toll (2 dice against 6: 8, 9 → 2 successes, Grave-rat swarm soaks 1 die (Grave-rat swarm's "
        "own soak): 2 → no successes, 2 left) deals 2 blunt damage to Grave-rat swarm.",
    ]
    assert b.who("ada").sheet["live"]["items"] == [{"item": "kit/wardens-maul", "worn": True, "charges": 2}]
