"""Distant's `range` (spec/mechanics-2.md 1.253: `{ "times": 2, "touch": 30 }`), fought on
Marinara's 5e package as it ships with the Metamagic options of tests/combat/metamagic_kit.py
(Distant Spell: 1 Sorcery Point, the SRD's price), on a board of 5-foot cells (the package's
spells catalog: `units.distance.perCell` 5 ft).

Sera (0, 3): a level-5 sorcerer, spell attack +6, spell save DC 14, Sorcery Points 5; Fire
Bolt 2d10 at level 5, range 120 ft (24 cells), and, given here, Cure Wounds (touch, 1d8 as the
vendored entry writes it). Brom (6, 3): 30 ft away, 10 of 28 hit points. The Zombie (20, 3):
100 ft away. The Goblin (36, 3): 180 ft away, Armor Class 15, 7 hit points. Initiative as in
tests/combat/test_metamagic.py: Sera first.
"""

from __future__ import annotations

from typing import Any

from shared.combat.engine import advance, decide_for, menu
from shared.service.director_prompt import director_messages, read_choice
from shared.sheet import Refusal
from tests.combat.kit import Bout, foe, play
from tests.combat.metamagic_kit import sera
from tests.combat.srd_kit import brom, spell_row
from tests.combat.test_metamagic import FIRE_BOLT, FIREBALL, HOLD_PERSON, START, rs

DISTANT = "ability:features:distant-spell"
CURE_WOUNDS = "ability:spells:cure-wounds"
WIDE = {"rows": ["." * 40] * 8}


def _sera() -> dict[str, Any]:
    member = sera("distant")
    member["sheet"]["lists"]["spells"].append(spell_row("cure-wounds", "Cure Wounds", 1))
    return member


def far_bout(dice: list[int], goblin: list[int] | None = None) -> Bout:
    hurt = brom() | {"position": [6, 3]}
    hurt["sheet"]["live"] = {"pools": {"hp": 10}}
    return Bout(rs(), [_sera() | {"position": [0, 3]}, hurt],
                [foe("zombie", position=[20, 3]), foe("goblin", position=goblin or [36, 3])], board=WIDE,
                dice=START + dice)


def test_fire_bolt_reaches_the_goblin_180_feet_away_only_with_distant():
    # 120 ft is 24 cells; the Goblin stands 36 cells (180 ft) away, within Distant's 240 ft
    # (48 cells): offered, with Distant needed for it; the Zombie (20 cells) is not.
    b = far_bout([12, 4, 3])
    bolt = b.options("sera")[FIRE_BOLT]
    assert bolt.targets == ["zombie", "goblin"]
    assert [a.id for a in bolt.alters] == [DISTANT]
    assert bolt.alterNeeded is None
    assert bolt.board["targets"]["goblin"] == {"how": "shot", "cells": 36, "distance": "180 ft",
                                               "alterNeeded": [DISTANT]}
    assert "alterNeeded" not in bolt.board["targets"]["zombie"]
    refused = b.refusal("sera", FIRE_BOLT, "goblin")
    assert (refused.code, refused.message) == (
        "bad-alter", f"Goblin is beyond the range of Fire Bolt: the choice's alters must include {DISTANT}")
    # With Distant: 1 point (5 -> 4); 12 + 6 = 18 against 15, a hit; 2d10 = 4 + 3 = 7, the
    # Goblin's 7 hit points.
    state, log = play(rs(), b.state, "sera", FIRE_BOLT, "goblin", alters=[DISTANT])
    assert log == [
        "Sera spends 1 use of Sorcery Points on Distant Spell: 4 of 5 left.",
        "Sera's Distant Spell alters Fire Bolt: a range of 240 ft instead of 120 ft.",
        "Sera uses Fire Bolt on Goblin.",
        "Sera attacks Goblin with Fire Bolt: 12 + 6 = 18 against Armor Class 15, a hit.",
        "Fire Bolt (7 (4 + 3)) deals 7 fire damage to Goblin.",
        "Goblin has 0 of 7 Hit points.",
        "Goblin drops out of the fight.",
    ]
    assert state.combatant("sera").sheet["live"]["pools"] == {"counters:sorcery-points": 4}


def test_fire_bolt_at_the_zombie_in_range_needs_no_distant():
    # 20 cells (100 ft) is within 120 ft: cast plainly, no point spent. 12 + 6 = 18 against
    # 8; 2d10 = 4 + 3 = 7: 33 - 7 = 26.
    b = far_bout([12, 4, 3])
    state, log = play(rs(), b.state, "sera", FIRE_BOLT, "zombie")
    assert log[:3] == [
        "Sera uses Fire Bolt on Zombie.",
        "Sera attacks Zombie with Fire Bolt: 12 + 6 = 18 against Armor Class 8, a hit.",
        "Fire Bolt (7 (4 + 3)) deals 7 fire damage to Zombie.",
    ]
    # Nothing spent from the pool: the sheet still has no live pools.
    assert "live" not in state.combatant("sera").sheet


def test_hold_person_reaches_its_only_target_only_with_distant_so_the_option_needs_it():
    # Hold Person, 60 ft (12 cells): the Zombie at 20 cells only within 120 ft; the Goblin at
    # 36 cells not even then. Everyone it reaches needs Distant: the option carries it.
    hold = far_bout([]).options("sera")[HOLD_PERSON]
    assert (hold.targets, hold.alterNeeded) == (["zombie"], [DISTANT])


def test_cure_wounds_reaches_brom_30_feet_away_only_with_distant():
    # Touch reaches the next cell; Distant makes it 30 ft (6 cells): Brom, 6 cells away.
    # 1 slot and 1 point (5 -> 4); 1d8 = 5: 10 + 5 = 15.
    b = far_bout([5])
    cure = b.options("sera")[CURE_WOUNDS]
    assert cure.targets == ["sera", "brom"]
    assert cure.board["targets"]["brom"]["alterNeeded"] == [DISTANT]
    assert b.refusal("sera", CURE_WOUNDS, "brom").code == "bad-alter"
    state, log = play(rs(), b.state, "sera", CURE_WOUNDS, "brom", alters=[DISTANT])
    assert log == [
        "Sera spends 1 1st-level slot on Cure Wounds.",
        "Sera spends 1 use of Sorcery Points on Distant Spell: 4 of 5 left.",
        "Sera's Distant Spell alters Cure Wounds: a range of 30 ft instead of touch.",
        "Sera uses Cure Wounds on Brom.",
        "Cure Wounds (5) heals Brom for 5.",
        "Brom has 15 of 28 Hit points.",
    ]


def test_fireball_is_aimed_at_cells_only_distant_reaches_with_it():
    # Fireball, 150 ft (30 cells), a 20-foot burst (4 cells). The Goblin at 34, 3: the aim
    # point 34, 3 is 34 cells away, within 300 ft (60 cells) only. Without Distant the cell is
    # refused; with it, 1 slot and 1 point; the Goblin rolls 10 against 14 and takes 8d6 =
    # 1 + 2 + 3 + 4 + 5 + 6 + 1 + 2 = 24.
    b = far_bout([1, 2, 3, 4, 5, 6, 1, 2, 10], goblin=[34, 3])
    ball = b.options("sera")[FIREBALL]
    assert ball.board["catches"]["34,3"] == ["goblin"]
    assert ball.board["alterNeeded"]["34,3"] == [DISTANT]
    assert "20,3" not in ball.board["alterNeeded"]
    refused = advance(rs(), b.state, {"actor": "sera", "option": FIREBALL, "cell": [34, 3]})
    assert isinstance(refused, Refusal)
    assert (refused.code, refused.message) == ("bad-cell", "Fireball cannot be aimed at 34, 3")
    state, log = play(rs(), b.state, "sera", FIREBALL, cell=[34, 3], alters=[DISTANT])
    assert log[:9] == [
        "Sera aims Fireball at 34, 3, catching Goblin.",
        "Sera spends 1 3rd-level slot on Fireball.",
        "Sera spends 1 use of Sorcery Points on Distant Spell: 4 of 5 left.",
        "Sera's Distant Spell alters Fireball: a range of 300 ft instead of 150 ft.",
        "Sera uses Fireball on Goblin.",
        "Goblin rolls a Dexterity save against Fireball: 10 against 14, a failure.",
        "Fireball (24 (1 + 2 + 3 + 4 + 5 + 6 + 1 + 2)) deals 24 fire damage to Goblin.",
        "Goblin has 0 of 7 Hit points.",
        "Goblin drops out of the fight.",
    ]


def test_off_the_board_distant_is_never_offered():
    # Range limits no target off the board: Distant has nothing to change.
    b = Bout(rs(), [_sera(), brom()], [foe("zombie"), foe("goblin")], dice=START)
    menu = b.options("sera")
    assert all(not o.alters for oid, o in menu.items() if oid.startswith("ability:spells"))


def test_the_gm_is_told_whom_only_distant_reaches_and_its_reply_takes_it():
    b = far_bout([])
    options = menu(rs(), b.state, "sera")
    user = director_messages(rs(), b.state, options)[-1]["content"]
    assert f"    goblin only reachable with {DISTANT}" in user
    # A reply aiming Fire Bolt at the Goblin without Distant takes the change it needs; at
    # the Zombie, in range, none.
    assert read_choice(f"{FIRE_BOLT} -> goblin", "sera", options, b.state) == {
        "actor": "sera", "option": FIRE_BOLT, "targets": ["goblin"], "alters": [DISTANT]}
    assert read_choice(f"{FIRE_BOLT} -> zombie", "sera", options, b.state) == {
        "actor": "sera", "option": FIRE_BOLT, "targets": ["zombie"]}
    # The Engine's pick for her (the GM fallback) carries the change when it needs one.
    picked = decide_for(rs(), b.state)
    assert picked is not None
    needs = menu_option(options, picked["option"]).needed_for(picked["targets"])
    assert picked.get("alters", []) == needs[:1]


def menu_option(options: list[Any], oid: str) -> Any:
    return next(o for o in options if o.id == oid)
