"""A turn decided by a table rolled at its start (spec/mechanics-3.md 1.264 `table`, with the
translator's note 8: the first row whose `atMost` the result does not exceed), fought on
Marinara's 5e package as it ships with the vendored Confusion (spells.json).

The vendored entry's mechanics are a bare `utility` (range 90, a 4th-level slot,
concentration), so the test writes Confusion onto it as the SRD 5.1 text reads in the
package format: a Wisdom save against the caster's spell save DC applying `confused` until
a Wisdom save at the end of each of the target's turns ends it (the 10-foot sphere is
written as one target: the fights here are about the table). `confused` carries the SRD's
d10 table: 1 wanders (a d8 picks the way), 2-6 does nothing, 7-8 a melee attack on a
creature within reach the dice pick, 9-10 acts normally.

Mira: a 7th-level wizard (Intelligence 16: +3, proficiency +3), spell save DC 8 + 3 + 3 =
14, one 4th-level slot. Brom: a 3rd-level fighter. The Zombie: health 3d8 + 9 = 33, Armor
Class 8; the Goblin: health 2d6 = 5 + 3 = 8, a Scimitar (+4, 1d6 + 2) and a
Shortbow (ranged, never the strike). Initiative: Mira 15 + 2 = 17, Brom 10 + 1 = 11, the
Goblin 1 + 2 = 3, the Zombie 2 - 2 = 0. The Goblin's block lists no save bonuses, so its
Wisdom save is d20 + 0; the Zombie's lists `wis_save: 0`, so its is too.
"""

from __future__ import annotations

import copy
from typing import Any

from tests.combat.kit import Bout, add_condition, foe, ruleset
from tests.combat.srd_kit import brom, entry, mira, srd_package

CONFUSED = {"behavior": {"table": {"dice": "1d10", "rows": [
    {"atMost": 1, "does": "wander"}, {"atMost": 6, "does": "nothing"}, {"atMost": 8, "does": "strike"}]}}}
CONFUSION = {
    "kind": "debuff", "targets": "enemy", "range": 90, "cost": [{"pool": "slots_4", "amount": 1}],
    "concentration": True, "save": {"save": "wis_save", "onSuccess": "negates"},
    "applies": [{"condition": "confused", "duration": "until-save", "saveEnds": {"save": "wis_save", "at": "turn-end"}}]}
#: The Zombie's health, the Goblin's, then initiative Mira, Brom, Zombie, Goblin.
START = [8, 8, 8, 5, 3, 15, 10, 2, 1]


def confusion_package(confused: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package with Confusion written on; `confused` replaces the condition's rules."""
    pkg = srd_package()
    add_condition(pkg, "confused", "Confused", **copy.deepcopy(CONFUSED if confused is None else confused))
    entry(pkg, "spells", "confusion")["mechanics"] = copy.deepcopy(CONFUSION)
    return pkg


def _bout(dice: list[int], *, board: dict[str, Any] | None = None, zombie: str = "player") -> Bout:
    caster = mira(("confusion", "Confusion", 4), level=7, slots_max_4=1)
    foes = [foe("zombie", controller=zombie), foe("goblin")]
    if board is not None:
        caster["position"], foes[0]["position"], foes[1]["position"] = [0, 0], [9, 0], [2, 2]
    fighter = brom()
    if board is not None:
        fighter["position"] = [0, 4]
    party = [caster, fighter]
    return Bout(ruleset(confusion_package()), party, foes, dice=START + dice, board=board)


def _confuse(b: Bout) -> list[str]:
    # The Goblin's Wisdom save 6 + 0 = 6 against 14: a failure.
    cast = b.choose("mira", "ability:spells:confusion", "goblin")
    if b.waiting() == "mira":
        # On a board she could still walk.
        cast += b.choose("mira", "end-turn")
    return cast


def test_each_turn_the_d10_picks_the_row_that_decides_it():
    # Goblin turn 1: d10 7 (the row at most 8: strike), d3 3 of Mira, Brom, Zombie: the
    # Zombie, its own ally; Scimitar 12 + 4 = 16 against 8, 4 + 2 = 6 (33 - 6 = 27); its
    # turn-end save 3 + 0 = 3 against 14 fails. Goblin turn 2: d10 4 (the row at most 6:
    # nothing), its save 2 + 0 = 2 fails. Goblin turn 3: d10 10, above every row: normal.
    b = _bout([6, 7, 3, 12, 4, 3] + [4, 2] + [10])
    assert _confuse(b)[2:4] == ["Goblin rolls a Wisdom save against Confusion: 6 against 14, a failure.",
                                "Goblin is Confused until saved."]
    assert b.choose("brom", "end-turn") == [
        "Goblin's turn.",
        "Goblin is Confused: 1d10 = 7, the row at most 8: Goblin strikes in melee.",
        "Goblin may only strike Zombie in melee (d3: 3 of Mira, Brom, Zombie).",
    ]
    # Only the Scimitar, and only at the Zombie; the Shortbow is not a melee attack.
    menu = b.options("goblin")
    assert {k: o.targets for k, o in menu.items()} == {"action:scimitar": ["zombie"], "end-turn": []}
    assert b.refusal("goblin", "action:scimitar", "mira").code == "bad-target"
    assert b.refusal("goblin", "action:shortbow", "mira").code == "compelled"
    assert b.choose("goblin", "action:scimitar", "zombie") == [
        "Goblin attacks Zombie with Scimitar: 12 + 4 = 16 against Armor Class 8, a hit.",
        "Scimitar (4 + 2 = 6) deals 6 slashing damage to Zombie.",
        "Zombie has 27 of 33 Hit points.",
        "Goblin rolls a Wisdom save to end Confused: 3 against 14, a failure.",
        "Zombie's turn.",
    ]
    b.choose("zombie", "end-turn")
    b.choose("mira", "end-turn")
    # Nothing: only ending the turn is left, so the turn passes at once.
    assert b.choose("brom", "end-turn") == [
        "Goblin's turn.",
        "Goblin is Confused: 1d10 = 4, the row at most 6: Goblin does nothing.",
        "Goblin rolls a Wisdom save to end Confused: 2 against 14, a failure.",
        "Zombie's turn.",
    ]
    b.choose("zombie", "end-turn")
    b.choose("mira", "end-turn")
    assert b.choose("brom", "end-turn")[-1] == "Goblin is Confused: 1d10 = 10, above every row: Goblin acts normally."
    assert {"action:scimitar", "action:shortbow"} <= set(b.options("goblin"))
    assert b.dice_left() == 0


def test_a_wander_walks_the_full_speed_the_way_a_d8_picks_and_ends_the_turn():
    # On a 10 x 5 board the Goblin stands on 2, 2. d10 1 (the row at most 1: wander), d8 3:
    # east, its speed 30 feet = 6 cells, to 8, 2; its save 2 + 0 = 2 fails.
    b = _bout([6, 1, 3, 2], board={"rows": ["." * 10] * 5})
    _confuse(b)
    assert b.choose("brom", "end-turn") == [
        "Goblin's turn.",
        "Goblin is Confused: 1d10 = 1, the row at most 1: Goblin wanders.",
        "Goblin wanders east (d8: 3) 30 ft to 8, 2.",
        "Goblin rolls a Wisdom save to end Confused: 2 against 14, a failure.",
        "Zombie's turn.",
    ]
    assert b.who("goblin").position == [8, 2]


def test_the_gms_creature_follows_the_table_too():
    # The Zombie is the GM's. Mira confuses it: its Wisdom save 3 + 0 = 3 against 14 fails.
    # Its turn: d10 5 (the row at most 6: nothing); its turn-end save 2 fails.
    b = _bout([3, 5, 2], zombie="engine")
    b.choose("mira", "ability:spells:confusion", "zombie")
    b.choose("brom", "end-turn")
    assert b.choose("goblin", "end-turn") == [
        "Zombie's turn.",
        "Zombie is Confused: 1d10 = 5, the row at most 6: Zombie does nothing.",
        "Zombie rolls a Wisdom save to end Confused: 2 against 14, a failure.",
        "Round 2.",
        "Mira's turn.",
    ]
