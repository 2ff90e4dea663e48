"""Actions that recharge together (spec/mechanics-1 "Shared recharge and charges", 1.186;
shared/combat/recharge.py), on Marinara's 5e package as it ships (tests/data/upstream/5e-srd).

The adult black dragon of the package's bestiary keeps its Acid Breath (12d8 acid, a DC 18
Dexterity save for half, recharge 5-6) and gets a second breath of the same `recharge`, as
the spec's metallic dragons have: Slowing Breath (a DC 18 Constitution save or poisoned for a
round). Both name the group "breath". Brom is tests/combat/fixtures/5e-srd-party.json's level-5
fighter: Dexterity 12 (+1, no proficiency: Dexterity save +1), 44 hit points.

Set-up dice: the dragon's health 17d12 (all 6s: 102 + 85 = 187), Brom's initiative 1 (+1 = 2),
the dragon's 19 (+2 = 21): the dragon acts first.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import menu, start_battle
from shared.ruleset import validate_package
from tests.combat.kit import play
from tests.combat.srd_kit import entry, srd, srd_package
from tests.combat.test_5e_srd_fights import PARTY

DRAGON = "adult-black-dragon"
SET_UP = [6] * 17 + [1, 19]
SLOWING = {"id": "slowing_breath", "name": "Slowing Breath", "budget": "action",
           "save": {"save": "con_save", "difficulty": 18, "onSuccess": "negates"},
           "applies": [{"condition": "poisoned", "duration": {"rounds": 1}}], "targetCount": 2,
           "recharge": {"dice": {"count": 1, "sides": 6}, "from": 5}}


def package(group: str | None = "breath") -> dict[str, Any]:
    pkg = srd_package()
    actions = entry(pkg, "creatures", DRAGON)["creature"]["actions"]
    slowing = copy.deepcopy(SLOWING)
    actions.append(slowing)
    if group is not None:
        next(a for a in actions if a["id"] == "acid_breath")["recharge"]["group"] = group
        slowing["recharge"]["group"] = group
    return pkg


def fight(dice: list[int], group: str | None = "breath"):
    rs = srd(package(group))
    state, _ = start_battle(rs, [PARTY[0]], [{"creature": DRAGON, "controller": "player", "player": "gm"}],
                            dice=SET_UP + dice)
    return rs, state


def offered(rs, state, actor: str) -> set[str]:
    return {o.id for o in menu(rs, state, actor, forecasts=False)}


def breathe(rs, state):
    """The dragon's Acid Breath on Brom: 12 d8 of 3 = 36; his save 10 + 1 = 11 < 18 fails, so all
    36: 44 - 36 = 8."""
    return play(rs, state, DRAGON, "action:acid_breath", "brom")


def round_over(rs, state):
    """Brom ends his turn; the dragon passes on its signature actions between turns."""
    state, _ = play(rs, state, "brom", "end-turn")
    assert state.pending.decision == "window" and state.pending.actor == DRAGON
    return play(rs, state, DRAGON, "pass")


def test_two_breaths_sharing_a_group_leave_and_come_back_together():
    # Dice after the set-up: 12 d8 of 3 and Brom's 10; then the recharge rolls 4 (not yet) and 5.
    rs, state = fight([3] * 12 + [10, 4, 5])
    assert {"action:acid_breath", "action:slowing_breath"} <= offered(rs, state, DRAGON)
    state, lines = breathe(rs, state)
    assert lines == [
        "Adult Black Dragon uses Acid Breath on Brom.",
        "Brom rolls a Dexterity save against Acid Breath: 10 + 1 = 11 against 18, a failure.",
        "Acid Breath (36 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3 + 3)) deals 36 acid damage to Brom.",
        "Brom has 8 of 44 Hit points.",
        "Brom's turn.",
    ]
    # Using Acid Breath spent Slowing Breath too.
    assert state.combatant(DRAGON).recharge == {"acid_breath": False, "slowing_breath": False}
    state, lines = round_over(rs, state)
    # One roll for the group: 4 < 5, neither is back.
    assert "Adult Black Dragon rolls 4 to recharge Acid Breath and Slowing Breath (needs 5): not yet." in lines
    assert not {"action:acid_breath", "action:slowing_breath"} & offered(rs, state, DRAGON)
    state, _ = play(rs, state, DRAGON, "end-turn")
    state, lines = round_over(rs, state)
    assert "Adult Black Dragon rolls 5 to recharge Acid Breath and Slowing Breath (needs 5): they are back." in lines
    assert {"action:acid_breath", "action:slowing_breath"} <= offered(rs, state, DRAGON)
    assert state.dice.cursor == len(state.dice.script)


def test_without_a_group_the_other_breath_stays():
    # The contrast: the same two breaths with no group. Acid Breath is spent alone, Slowing
    # Breath is still offered, and the turn's start rolls for Acid Breath alone (4: not yet).
    rs, state = fight([3] * 12 + [10, 4], group=None)
    state, _ = breathe(rs, state)
    assert state.combatant(DRAGON).recharge == {"acid_breath": False}
    state, lines = round_over(rs, state)
    assert "Adult Black Dragon rolls 4 to recharge Acid Breath (needs 5): not yet." in lines
    menu_now = offered(rs, state, DRAGON)
    assert "action:slowing_breath" in menu_now and "action:acid_breath" not in menu_now


def test_a_group_whose_dice_differ_is_rejected():
    pkg = package()
    actions = entry(pkg, "creatures", DRAGON)["creature"]["actions"]
    actions[-1]["recharge"]["from"] = 6
    _rs, problems = validate_package(pkg)
    at = next(i for i, a in enumerate(actions) if a["id"] == "slowing_breath")
    assert any(line.endswith(f'actions[{at}].recharge: recharge group "breath" is rolled once for all its actions, '
                             'so it needs the same dice and "from" as "acid_breath"') for line in problems.lines())
