"""Box areas on a board (spec/mechanics-1 "Box areas and walls", Capability API 1.177): a
square of side `size` whose near corner sits on the chosen cell and which extends away from
the creator, centred on the chosen cell along an axis on which the creator is in line with
it; without a range it adjoins the creator (board/areas.py `box`).

The package is Marinara's 5e (tests/data/upstream/5e-srd) with the SRD's Thunderwave added to
its spells catalog in the shape the spec gives it (a 15-foot cube from the caster: `"area":
{"shape": "box", "size": 15}` and no range; 2d8 thunder, a Constitution save for half; the
catalog's own entries have no box). Mira (tests/combat/srd_kit.py: Intelligence 16, spell save
DC 13) stands on 1, 2; 5 feet a cell, so the cube is 3 x 3 cells.
"""

from __future__ import annotations

from shared.combat import advance, menu, start_battle
from shared.combat.board.areas import box
from shared.combat.board.grid import grid_of, read_board
from tests.combat.kit import foe
from tests.combat.srd_kit import mira, srd, srd_package

ROWS = ["......."] * 5
THUNDERWAVE = {"id": "thunderwave", "label": "Thunderwave", "mechanics": {
    "kind": "attack", "area": {"shape": "box", "size": 15}, "amount": {"dice": "2d8"}, "damageType": "thunder",
    "save": {"save": "con_save", "onSuccess": "half"}, "cost": [{"pool": "slots_1", "amount": 1}]}}
#: Three goblins' 2d6 health (3 + 4 = 7 each), then initiative: Mira 20, each goblin 1.
START = [3, 4, 3, 4, 3, 4, 20, 1, 1, 1]


def _grid(rows: list[str]):
    return grid_of(read_board({"rows": rows})[0])


def _fight(dice: list[int]):
    pkg = srd_package()
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(THUNDERWAVE)
    rs = srd(pkg)
    party = [mira(("thunderwave", "Thunderwave", 1)) | {"position": [1, 2]}]
    foes = [foe("goblin", position=[4, 1]), foe("goblin", position=[5, 2]), foe("goblin", position=[2, 4])]
    state, _ = start_battle(rs, party, foes, board={"rows": ROWS}, dice=START + dice)
    return rs, state


def test_a_box_runs_away_from_its_maker_and_is_centred_where_they_are_in_line():
    g = _grid(ROWS)
    # Aimed east of the maker on 1, 2, in line with it on y: x 2 to 4, y centred 1 to 3.
    assert box(g, (1, 2), (2, 2), 3) == [(x, y) for y in (1, 2, 3) for x in (2, 3, 4)]
    # Aimed on the diagonal (north-east): the near corner on 2, 1, running east and north,
    # cut off by the board's top edge (y 0 and 1 only).
    assert box(g, (1, 2), (2, 1), 3) == [(x, y) for y in (0, 1) for x in (2, 3, 4)]
    # Even sides lean toward the lower coordinate on the centred axis: 4 wide on 3 is 2 to 5.
    assert box(g, (3, 0), (3, 1), 4) == [(x, y) for y in (1, 2, 3, 4) for x in (2, 3, 4, 5)]
    # Something solid between the near corner and a cell protects it: from 1, 1 the wall on
    # 2, 1 stands on the centre lines to 3, 1 and to 3, 0 and 3, 2 (each passes 2, 0.5 or
    # 2, 1.5, which the bursts' sight line rounds onto the wall), so the far column is out.
    walled = _grid([".....", "..#..", "....."])
    assert box(walled, (0, 1), (1, 1), 3) == [(1, 0), (2, 0), (1, 1), (1, 2), (2, 2)]


def test_thunderwave_is_aimed_beside_the_caster_and_catches_the_cube():
    rs, state = _fight([])
    wave = {o.id: o for o in menu(rs, state, "mira")}["ability:spells:thunderwave"]
    # The eight cells beside 1, 2; those whose cube holds a goblin: north-east and east (x 2
    # to 4 reaching the goblin on 4, 1), south and south-east (y 3 to 5 reaching 2, 4). The
    # goblin on 5, 2 is one column past every cube.
    assert wave.board == {
        "area": {"shape": "box", "size": "15 ft", "range": "on a cell beside the actor"},
        "aim": [[2, 1], [2, 2], [1, 3], [2, 3]],
        "catches": {"2,1": ["goblin"], "2,2": ["goblin"], "1,3": ["goblin-3"], "2,3": ["goblin-3"]},
    }
    refused = advance(rs, state, {"actor": "mira", "option": "ability:spells:thunderwave", "targets": [], "cell": [3, 2]})
    assert (refused.code, refused.message) == ("bad-cell", "Thunderwave cannot be aimed at 3, 2")


def test_thunderwave_by_hand():
    # The goblin's Constitution save: 6 + 0 (Con 10) = 6 against 13, a failure; 2d8 = 5 + 3 = 8
    # thunder, 7 - 8: it drops.
    rs, state = _fight([5, 3, 6])
    state, events = advance(rs, state, {"actor": "mira", "option": "ability:spells:thunderwave", "targets": [],
                                        "cell": [2, 2]})
    assert [e.text for e in events] == [
        "Mira aims Thunderwave at 2, 2, catching Goblin.",
        "Mira spends 1 1st-level slot on Thunderwave.",
        "Mira uses Thunderwave on Goblin.",
        "Goblin rolls a Constitution save against Thunderwave: 6 against 13, a failure.",
        "Thunderwave (8 (5 + 3)) deals 8 thunder damage to Goblin.",
        "Goblin has 0 of 7 Hit points.",
        "Goblin drops out of the fight.",
    ]
