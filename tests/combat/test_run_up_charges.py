"""Run-up charges (spec/mechanics-1 "Shared recharge and charges", 1.186;
shared/combat/board/run_up.py), on Marinara's 5e package as it ships
(tests/data/upstream/5e-srd), 5 feet a cell.

The goblin of the package's bestiary (Scimitar +4, 1d6 + 2 slashing; speed 30 ft) gets the
spec's example `charge` on its Scimitar (the minotaur's Gore): after a run-up of at least 10 ft
straight at its target it adds 2d8 piercing, then a DC 14 Strength save or pushed 10 ft and
prone. Brom is tests/combat/fixtures/5e-srd-party.json's level-5 fighter: Armor Class 18, 44
hit points, Strength 16 with a proficient save: + 3 + 3 = + 6.

Set-up dice: the goblin's 2d6 = 3 + 4, Brom's initiative 1 (2), the goblin's 19 (21): the
goblin acts first. The goblin starts on 1, 2, Brom on 5, 2 of an open 10 x 5 board.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import start_battle
from shared.ruleset import validate_package
from tests.combat.kit import play
from tests.combat.srd_kit import entry, srd, srd_package
from tests.combat.test_5e_srd_fights import PARTY

OPEN = {"rows": [".........."] * 5}
SET_UP = [3, 4, 1, 19]
GORE = {"atLeast": 10, "plus": [{"dice": "2d8", "type": "piercing"}], "save": {"save": "str_save", "difficulty": 14},
        "push": 10, "applies": [{"condition": "prone", "duration": "instant"}]}


def package(charge: dict[str, Any] | None = GORE) -> dict[str, Any]:
    pkg = srd_package()
    scimitar = next(a for a in entry(pkg, "creatures", "goblin")["creature"]["actions"] if a["id"] == "scimitar")
    if charge is not None:
        scimitar["charge"] = copy.deepcopy(charge)
    return pkg


def fight(dice: list[int], *, board: dict[str, Any] | None = OPEN, charge: dict[str, Any] | None = GORE):
    rs = srd(package(charge))
    brom = copy.deepcopy(PARTY[0])
    goblin: dict[str, Any] = {"creature": "goblin", "controller": "player", "player": "gm"}
    if board is not None:
        brom["position"], goblin["position"] = [5, 2], [1, 2]
    state, _ = start_battle(rs, [brom], [goblin], board=board, dice=[*SET_UP, *dice])
    return rs, state


def test_a_straight_run_up_adds_the_charge_then_pushes_and_knocks_prone():
    # 1, 2 to 4, 2: three steps, each one cell closer to Brom (4, 3, 2, 1 cells away): 15 ft
    # >= 10. Scimitar 15 + 4 = 19 hits; 5 + 2 = 7 slashing (44 - 7 = 37); the charge's 2d8 =
    # 3 + 4 = 7 piercing (37 - 7 = 30); his Strength save 5 + 6 = 11 < 14: pushed 10 ft (2
    # cells) straight away, from 5, 2 to 7, 2, and prone.
    rs, state = fight([15, 5, 3, 4, 5])
    state, lines = play(rs, state, "goblin", "move:4,2")
    assert lines == ["Goblin moves to 4, 2 for 15 ft and has 15 ft left."]
    state, lines = play(rs, state, "goblin", "action:scimitar", "brom")
    assert lines == [
        "Goblin charges 15 ft straight at Brom.",
        "Goblin attacks Brom with Scimitar: 15 + 4 = 19 against Armor Class 18, a hit.",
        "Scimitar (5 + 2 = 7) deals 7 slashing damage to Brom.",
        "Brom has 37 of 44 Hit points.",
        "Scimitar (7 (3 + 4)) deals 7 piercing damage to Brom.",
        "Brom has 30 of 44 Hit points.",
        "Brom rolls a Strength save against Scimitar's charge: 5 + 6 = 11 against 14, a failure.",
        "Goblin pushes Brom 10 ft to 7, 2.",
        "Brom is Prone.",
    ]
    assert state.combatant("brom").position == [7, 2]
    assert state.dice.cursor == len(state.dice.script)


def test_a_made_save_keeps_the_charge_damage_but_not_the_push():
    # The same, Brom's save 10 + 6 = 16 >= 14: 7 + 7 taken, he stays on 5, 2 and standing.
    rs, state = fight([15, 5, 3, 4, 10])
    state, _ = play(rs, state, "goblin", "move:4,2")
    state, lines = play(rs, state, "goblin", "action:scimitar", "brom")
    assert lines[-2:] == ["Brom has 30 of 44 Hit points.",
                          "Brom rolls a Strength save against Scimitar's charge: 10 + 6 = 16 against 14, a success."]
    assert state.combatant("brom").position == [5, 2] and state.combatant("brom").conditions == []


def test_a_run_up_ending_sideways_or_too_short_is_no_charge_and_two_walks_make_one():
    plain = ["Goblin attacks Brom with Scimitar: 15 + 4 = 19 against Armor Class 18, a hit.",
             "Scimitar (5 + 2 = 7) deals 7 slashing damage to Brom.", "Brom has 37 of 44 Hit points."]
    # 1, 2 to 4, 1 (each step closer) then 4, 1 to 4, 2: Brom is 1 cell away from both, so
    # the walk ends with a step that brings it no closer.
    rs, state = fight([15, 5])
    state, _ = play(rs, state, "goblin", "move:4,1")
    state, _ = play(rs, state, "goblin", "move:4,2")
    state, lines = play(rs, state, "goblin", "action:scimitar", "brom")
    assert lines == plain
    # Two walks of one turn, 1, 2 to 3, 2 and on to 4, 2, make one run-up of 3 cells: 15 ft,
    # enough for a charge of atLeast 15.
    rs, state = fight([15, 5, 3, 4, 5], charge={**GORE, "atLeast": 15})
    state, _ = play(rs, state, "goblin", "move:3,2")
    state, _ = play(rs, state, "goblin", "move:4,2")
    state, lines = play(rs, state, "goblin", "action:scimitar", "brom")
    assert lines[0] == "Goblin charges 15 ft straight at Brom."
    # 15 ft is short of atLeast 20.
    rs, state = fight([15, 5], charge={**GORE, "atLeast": 20})
    state, _ = play(rs, state, "goblin", "move:4,2")
    state, lines = play(rs, state, "goblin", "action:scimitar", "brom")
    assert lines == plain


def test_off_the_board_there_is_no_run_up():
    rs, state = fight([15, 5], board=None)
    state, lines = play(rs, state, "goblin", "action:scimitar", "brom")
    assert lines == ["Goblin attacks Brom with Scimitar: 15 + 4 = 19 against Armor Class 18, a hit.",
                     "Scimitar (5 + 2 = 7) deals 7 slashing damage to Brom.", "Brom has 37 of 44 Hit points.",
                     "Brom's turn."]


def test_a_charge_goes_with_a_strike_at_one_target():
    pkg = package()
    scimitar = next(a for a in entry(pkg, "creatures", "goblin")["creature"]["actions"] if a["id"] == "scimitar")
    scimitar["targetCount"] = 2
    _rs, problems = validate_package(pkg)
    assert any(line.endswith('"charge" goes with a strike against a single target, so "area" and a "targetCount" '
                             'above 1 are rejected with it') for line in problems.lines())
