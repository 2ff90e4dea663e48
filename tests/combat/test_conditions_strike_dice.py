"""A strike's own dice a condition changes: `diceTimes` (1.197: an enlarged duergar's war
pick, 1d8 + 2 dealing 2d8 + 2; the flat part once, a critical maximising every die the
ruleset's way) and `criticalDice` (1.247: Brutal Critical, that many more of the blow's own
dice on a critical hit only, not maximised or doubled). The menu's expected damage counts
both. See conditions_kit.py (Lantern Marsh: 1d12 to hit, a natural 12 a critical that adds
the dice's highest; Juno's Reed axe 1d8 + 3 at +3 against Guard 8)."""

from __future__ import annotations

import copy

import pytest

from shared.ruleset import validate_package
from tests.combat.conditions_kit import AXE, base, condition, juno_marsh, juno_wren_vs
from tests.combat.kit import add_condition
from tests.combat.pool_kit import pool_package


def _pkg() -> dict:
    pkg = base()
    condition(pkg, "enlarged", modifiers=[{"to": "damage", "attacks": "weapon", "ability": "might", "diceTimes": 2}])
    condition(pkg, "brutal", modifiers=[{"to": "damage", "criticalDice": 1, "attacks": "weapon", "blow": "melee"}])
    return pkg


def test_dice_times_rolls_the_strikes_dice_twice_and_the_flat_part_once():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5, 4])
    b.put("juno", "enlarged", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    assert lines[:3] == ["Juno attacks Stoat with Reed axe: 9 + 3 = 12 against Guard 8, a hit.",
                         "Reed axe (2d8+3 with Enlarged: 9 (5 + 4) + 3 = 12) deals 12 cut damage to Stoat.",
                         "Stoat has 8 of 20 Breath."]


def test_a_critical_maximises_the_multiplied_dice_too():
    b = juno_wren_vs(_pkg(), ["stoat"], [12, 2, 1])
    b.put("juno", "enlarged", rounds=5)
    lines = b.choose("juno", AXE, "stoat")
    # 2d8 + 3 = 6, and the critical adds both dice's highest, 16.
    assert lines[1] == ("Reed axe (2d8+3 with Enlarged: 3 (2 + 1) + 3 = 6, plus the dice's highest 16) "
                        "deals 22 cut damage to Stoat.")


def test_dice_times_leaves_a_weapon_swung_with_another_ability_alone():
    juno = juno_marsh(lists={"kit": [{"name": "Reed spear", "rolls": "nerve", "damage": "1d6", "harm": "cut"}]})
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 5], juno=juno)
    b.put("juno", "enlarged", rounds=5)
    lines = b.choose("juno", "attack:kit:reed-spear", "stoat")
    assert lines[1] == "Reed spear (5 + 1 = 6) deals 6 cut damage to Stoat."


def test_critical_dice_add_one_more_die_on_a_critical_only_not_maximised():
    b = juno_wren_vs(_pkg(), ["ghoul", "stoat"], [12, 3, 6, 9, 4])
    b.put("juno", "brutal", rounds=5)
    lines = b.choose("juno", AXE, "ghoul")
    assert lines[1] == "Reed axe (3 + 3 = 6, plus the dice's highest 8, 6 more with Brutal) deals 20 cut damage to Ghoul."
    b.choose("wren", "end-turn")
    b.choose("stoat", "end-turn")
    # An ordinary hit adds nothing.
    assert b.choose("juno", AXE, "stoat")[1] == "Reed axe (4 + 3 = 7) deals 7 cut damage to Stoat."


@pytest.mark.parametrize(("held", "damage"), [(None, 5.667), ("enlarged", 9.334), ("brutal", 6.042)])
def test_the_menu_counts_multiplied_and_critical_dice(held, damage):
    # Hit on 5-12 (8 in 12), a critical on 12: 7/12 * mean + 1/12 * critical mean. 1d8 + 3 is
    # 7.5 (15.5 critical): 68/12; 2d8 + 3 is 12 (28 critical): 112/12, shown as the menu's
    # 5.667 plus the 44/12 the second die adds (additions are added to the rounded number);
    # Brutal adds 4.5 to the critical: 72.5/12.
    b = juno_wren_vs(_pkg(), ["stoat"], [])
    if held:
        b.put("juno", held, rounds=5)
    assert b.options("juno")[AXE].forecasts[0].damage == damage


def test_a_pool_fight_refuses_them_by_name():
    pkg = pool_package()
    add_condition(pkg, "enlarged", "Enlarged", modifiers=[{"to": "damage", "diceTimes": 2}])
    _rs, problems = validate_package(copy.deepcopy(pkg))
    text = "\n".join(problems.lines())
    assert '"diceTimes" multiplies or adds to a strike\'s own damage dice' in text, text
