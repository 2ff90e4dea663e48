"""The Engine's tactics with walls (spec/mechanics-1 1.177 rings and runs, mechanics-2 1.200 wall
sections; shared/combat/board/tactics.py, board/menu.py `placing_for`), on the 5e board of
tests/combat/walls_kit.py: Ilsa (Wisdom caster, spell save DC 12) with its Wall of Ice (two
10-foot sections of 30 hit points, defense 12, vulnerable to fire) and Wall of Fire (a 60-foot
wall or a 20-foot ring, 5d8 fire, a Dexterity save for half); the 5e example's Cinder Hound
(5d8 = 25 hit points, Searing bite + 4 to hit, 1d6 + 1 piercing and 1d4 fire, speed 40 feet,
resistant to fire) and Thorn Lurker (3d8 + 3 = 23, Dexterity save + 4). 5 feet a cell.
"""

from __future__ import annotations

from typing import Any

from shared.combat import decide_for, menu, start_battle
from tests.combat import walls_kit as WK
from tests.combat import zones_kit as ZK
from tests.combat.kit import foe, play, ruleset
from tests.combat.srd_kit import spell_row

#: The Hound's 5d8 = 25, initiative: Ilsa 20 (+ 3: 23), the Hound 1 (+ 1: 2).
START = [5, 5, 5, 5, 5, 20, 1]
#: A pillar on 4, 0: with the Wall of Ice through 4, 2 (4, 1 to 4, 4) nothing passes column 4.
SHUT = {"rows": ["....#....."] + ["." * 10] * 4}
OPEN = {"rows": ["." * 10] * 5}
#: The Hound's bite: 15 + 4 = 19, 1d6 6 + 1 = 7 piercing, 1d4 4 fire; Ilsa's concentration 10.
BITE = [15, 6, 4, 10]


def iced(board: dict[str, Any]):
    """Ilsa (0, 2) raises the Wall of Ice through 4, 2 (catching nobody) and ends her turn;
    the Engine plays the Hound (5, 2)."""
    rs = ruleset(WK.package())
    hound = foe("cinder-hound", position=[5, 2], controller="engine")
    state, _ = start_battle(rs, [WK.ilsa([0, 2])], [hound], board=board, dice=START + BITE)
    state, lines = play(rs, state, "ilsa", "ability:spells:wall-of-ice", cell=[4, 2])
    assert lines[-1] == "Wall of Ice stays on 4, 2 (4 cells) for 100 rounds."
    return rs, state


def test_shut_off_by_the_wall_the_engine_bites_the_section_in_its_way():
    # No cell it can walk to is closer to Ilsa (every one on its side is 5 or more steps
    # from 0, 2), so rather than dash it bites the section nearest her (4, 1 and 4, 2 are both
    # 4 steps from her: the first in row order): 19 hits defense 12, 7 piercing (30 - 7 = 23)
    # and 4 fire doubled (23 - 8 = 15).
    rs, state = iced(SHUT)
    state, lines = play(rs, state, "ilsa", "end-turn")
    assert lines == [
        "Cinder Hound's turn.",
        "Cinder Hound attacks Wall of Ice's section on 4, 1 with Searing bite: 15 + 4 = 19 against 12, a hit.",
        "Searing bite (6 + 1 = 7) deals 7 piercing damage to Wall of Ice's section on 4, 1; it has 23 of 30 left.",
        "Searing bite (4) deals 8 fire damage to Wall of Ice's section on 4, 1 (vulnerable: doubled); it has 15 of "
        "30 left.",
        "Round 2.",
        "Ilsa's turn.",
    ]
    assert [s.health for s in state.zones[0].sections] == [15, 30]


def test_with_a_way_around_the_wall_the_engine_walks_round_it_instead():
    # On the open board 4, 0 is free: the Hound runs round the wall's end (6 cells, 30 feet)
    # to 0, 1 beside Ilsa and bites her: 7 piercing and 4 fire, 18 - 11 = 7; the wall is
    # untouched.
    rs, state = iced(OPEN)
    state, lines = play(rs, state, "ilsa", "end-turn")
    assert lines[:7] == [
        "Cinder Hound's turn.",
        "Cinder Hound moves to 0, 1 for 30 ft and has 10 ft left.",
        "Cinder Hound attacks Ilsa with Searing bite: 15 + 4 = 19 against Armor Class 12, a hit.",
        "Searing bite (6 + 1 = 7) deals 7 piercing damage to Ilsa.",
        "Ilsa has 11 of 18 Hit points.",
        "Searing bite (4) deals 4 fire damage to Ilsa.",
        "Ilsa has 7 of 18 Hit points.",
    ]
    assert [s.health for s in state.zones[0].sections] == [30, 30]


def walled(lurker: list[int], hound: list[int]):
    """Ilsa (0, 2) with Wall of Fire alone and a 4th-level slot, the Lurker and the Hound on
    `lurker` and `hound`. The Lurker's 3d8 + 3 = 23, the Hound's 25; initiative Ilsa 20, the
    Lurker 1, the Hound 1; Wall of Fire's 5d8 = 3 x 5 = 15, the Lurker's Dexterity save
    10 + 4 = 14 (a success: half, 7), the Hound's 9 (a failure: 15, resisted: 7)."""
    ilsa = ZK.ilsa([0, 2])
    ilsa["sheet"]["fields"]["slots_max_4"] = 1
    ilsa["sheet"]["lists"]["spells"] = [spell_row("wall-of-fire", "Wall of Fire", 4)]
    rs = ruleset(WK.package())
    state, _ = start_battle(rs, [ilsa], ZK.foes(lurker, hound), board=OPEN,
                            dice=[8, 8, 4, 5, 5, 5, 5, 5, 20, 1, 1] + [3] * 5 + [10, 9])
    return rs, state


#: Wall of Fire landing on both: the Lurker saves for 7, the Hound (resistant) takes 7.
BOTH_BURN = [
    "Thorn Lurker rolls a Dexterity save against Wall of Fire: 10 + 4 = 14 against 12, a success.",
    "Wall of Fire (15 (3 + 3 + 3 + 3 + 3), halved by the save) deals 7 fire damage to Thorn Lurker.",
    "Thorn Lurker has 16 of 23 Hit points.",
    "Cinder Hound rolls a Dexterity save against Wall of Fire: 9 against 12, a failure.",
    "Wall of Fire (15 (3 + 3 + 3 + 3 + 3)) deals 7 fire damage to Cinder Hound (resisted: halved).",
    "Cinder Hound has 18 of 25 Hit points.",
]


def test_the_engine_lays_wall_of_fire_as_a_ring_that_catches_both_foes():
    # The Lurker on 4, 1 and the Hound on 8, 3: a straight wall (across Ilsa's line: a
    # column) catches one of them, no run of it from a cell toward a neighbouring one passes
    # both (they lie 4 across and 2 down), while a ring of 20 feet (every cell 2 steps from
    # its centre) around 6, 1 catches both: 11 cells on the board (x 4 and 8 for y 0 to 3,
    # and 5 to 7 on row 3).
    rs, state = walled([4, 1], [8, 3])
    fire = {o.id: o for o in menu(rs, state, "ilsa")}["ability:spells:wall-of-fire"]
    assert fire.board["catches"]["4,1"] == ["thorn-lurker"] and fire.board["catches"]["8,3"] == ["cinder-hound"]
    assert not any(len(who) > 1 for who in fire.board["catches"].values())
    suggested = decide_for(rs, state)
    assert suggested == {"actor": "ilsa", "option": "ability:spells:wall-of-fire", "targets": [], "cell": [6, 1],
                         "ring": True}
    state, lines = play(rs, state, "ilsa", suggested["option"], cell=suggested["cell"], ring=True)
    assert lines == [
        "Ilsa aims Wall of Fire at 6, 1, catching Thorn Lurker, Cinder Hound.",
        "Ilsa spends 1 4th-level slot on Wall of Fire.",
        "Ilsa uses Wall of Fire on Thorn Lurker, Cinder Hound.",
        "Wall of Fire stays on 6, 1 (11 cells) for 10 rounds.",
        *BOTH_BURN,
    ]
    assert sorted(map(tuple, state.zones[0].cells)) == [(4, 0), (4, 1), (4, 2), (4, 3), (5, 3), (6, 3), (7, 3), (8, 0),
                                                        (8, 1), (8, 2), (8, 3)]


def test_the_engine_runs_wall_of_fire_along_the_row_of_both_foes():
    # The Lurker on 3, 2 and the Hound on 9, 2, in Ilsa's row and 6 apart: no ring of 20 feet
    # reaches both and a wall across her line catches one, but run from 3, 2 toward 4, 2 (its
    # 60 feet east, cut by the board's edge at 9, 2: 7 cells) it catches both. Earlier cells
    # of the row would catch Ilsa too (0, 2) or are no aim point of the straight wall (1, 2
    # and 2, 2, weighed after them and worth no more).
    rs, state = walled([3, 2], [9, 2])
    suggested = decide_for(rs, state)
    assert suggested == {"actor": "ilsa", "option": "ability:spells:wall-of-fire", "targets": [], "cell": [3, 2],
                         "toward": [4, 2]}
    state, lines = play(rs, state, "ilsa", suggested["option"], cell=suggested["cell"], toward=[4, 2])
    assert lines == [
        "Ilsa aims Wall of Fire at 3, 2, catching Thorn Lurker, Cinder Hound.",
        "Ilsa spends 1 4th-level slot on Wall of Fire.",
        "Ilsa uses Wall of Fire on Thorn Lurker, Cinder Hound.",
        "Wall of Fire stays on 3, 2 (7 cells) for 10 rounds.",
        *BOTH_BURN,
    ]
    assert state.zones[0].cells == [[x, 2] for x in range(3, 10)]
