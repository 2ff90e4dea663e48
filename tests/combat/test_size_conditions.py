"""Size-changing conditions on a 5e board (spec/mechanics-1 "Size-changing conditions", 1.195;
shared/combat/size_conditions.py), with exact log lines. The package, Brom, Ilsa and the SRD
Ogre (Large: 2 cells a side) are tests/combat/sizes_kit.py's, with the SRD's Enlarge/Reduce
written as the spec says (`"size": { "steps": 1 }` for Enlarge, -1 for Reduce): 2nd level,
30 feet, concentration, 1 minute (10 rounds).

Dice at the start: the Ogre's 7d10 (seven 5s: 35 + 21 = 56), then initiative: Ilsa 20 + 3,
Brom 10 + 1, the Ogre 1 - 1. Casting on a willing ally rolls nothing.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import BattleState, menu, start_battle
from shared.combat.board.units import square
from tests.combat import sizes_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import add_condition, foe, play, ruleset

START = [5] * 7 + [20, 10, 1]

ENLARGE = {"id": "enlarge", "label": "Enlarge", "mechanics": {
    "kind": "buff", "targets": "ally", "range": 30, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "applies": [{"condition": "enlarged", "duration": {"rounds": 10}}]}}
REDUCE = {"id": "reduce", "label": "Reduce", "mechanics": {
    "kind": "debuff", "targets": "enemy", "range": 30, "concentration": True,
    "cost": [{"pool": "slots_2", "amount": 1}],
    "applies": [{"condition": "reduced", "duration": {"rounds": 10}}]}}


def package(steps: int | None = 1) -> dict[str, Any]:
    """sizes_kit's package with Enlarge and Reduce; `steps=None` leaves `size` off Enlarged."""
    pkg = SK.package()
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    pkg["schemaVersion"] = 2
    add_condition(pkg, "enlarged", "Enlarged", **({"size": {"steps": steps}} if steps is not None else {}))
    add_condition(pkg, "reduced", "Reduced", size={"steps": -1})
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"] += [copy.deepcopy(ENLARGE), copy.deepcopy(REDUCE)]
    return pkg


def _fight(*, pkg: dict[str, Any] | None = None, board=SK.BOARD, brom=(3, 3), ogre=(5, 5), dice=(), ilsa_at=(0, 0)):
    rs = ruleset(pkg or package())
    ilsa = ZK.ilsa(list(ilsa_at), ("enlarge", "Enlarge", 2), ("reduce", "Reduce", 2))
    state, events = start_battle(rs, [ilsa, SK.brom(list(brom))], [foe("ogre", position=list(ogre))],
                                 board=board, dice=START + list(dice))
    return rs, state, [e.text for e in events]


def test_enlarge_grows_brom_over_his_cell_so_he_reaches_the_ogre_and_he_returns_when_it_ends():
    # Brom on 3, 3 is two cells from the Ogre's nearest cell 5, 5: his Longsword (5 feet)
    # does not reach. Enlarged he is Large, filling 3..4 x 3..4 (his top-left cell kept):
    # 4, 4 is beside 5, 5, so he reaches it. Moonbeam, aimed at the Ogre, ends Ilsa's
    # concentration on Enlarge (2d10 7 + 5, the Ogre's save 4: 56 - 12 = 44), and Brom is Medium again on 3, 3.
    rs, state, lines = _fight(dice=[7, 5, 4])
    assert lines[0] == "The fight is on a 10 x 10 board: Ilsa 0, 0, Brom 3, 3, Ogre 5, 5."
    state, lines = play(rs, state, "ilsa", "ability:spells:enlarge", "brom")
    assert lines == ["Ilsa spends 1 2nd-level slot on Enlarge.", "Ilsa uses Enlarge on Brom.",
                     "Brom is Enlarged for 10 rounds.", "Brom grows to Large."]
    brom = state.combatant("brom")
    assert brom.size == "large" and brom.position == [3, 3]
    state, _ = play(rs, state, "ilsa", "end-turn")
    options = {o.id: o for o in menu(rs, state, "brom")}
    assert options["attack:attacks:longsword"].targets == ["ogre"]
    # The battle saves and reloads with his size.
    again = BattleState.model_validate(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert again.combatant("brom").size == "large"
    state, _ = play(rs, state, "brom", "end-turn")
    state, _ = play(rs, state, "ogre", "end-turn")
    state, lines = play(rs, state, "ilsa", "ability:spells:moonbeam", cell=[6, 6])
    assert lines[3:6] == ["Ilsa stops concentrating on Enlarge: starting Moonbeam.",
                          "Brom is no longer Enlarged: Ilsa's concentration ended.", "Brom returns to Medium."]
    assert lines[-2:] == ["Moonbeam (12 (7 + 5)) deals 12 radiant damage to Ogre.", "Ogre has 44 of 56 Hit points."]
    assert state.combatant("brom").size is None and state.combatant("brom").position == [3, 3]
    state, _ = play(rs, state, "ilsa", "end-turn")
    assert "attack:attacks:longsword" not in {o.id for o in menu(rs, state, "brom")}


#: A corridor one cell wide (column 2, rows 2..6) between walls, open ground above and below.
CORRIDOR = {"rows": [".........."] * 2 + ["##.#######"] * 5 + [".........."] * 3}


def test_enlarge_in_a_one_cell_corridor_leaves_brom_medium_and_says_why():
    # Every Large square over Brom's 2, 4 (top-left 1..2 x 3..4) holds a wall: he stays Medium.
    rs, state, lines = _fight(board=CORRIDOR, brom=(2, 4), ogre=(5, 8), ilsa_at=(2, 0))
    assert lines[0] == "The fight is on a 10 x 10 board: Ilsa 2, 0, Brom 2, 4, Ogre 5, 8."
    state, lines = play(rs, state, "ilsa", "ability:spells:enlarge", "brom")
    assert lines[-2:] == ["Brom is Enlarged for 10 rounds.",
                          "Brom stays Medium: a Large square does not fit on open ground clear of others "
                          "where Brom stands."]
    assert state.combatant("brom").size is None and state.combatant("brom").position == [2, 4]


def test_enlarge_at_the_corridor_mouth_takes_the_square_that_covers_his_cell():
    # Brom on 2, 1, just above the corridor: the square at his own top-left (2..3 x 1..2)
    # holds the wall 3, 2; the others over 2, 1 are tried row by row from one up and left:
    # 1..2 x 1..2 holds the wall 1, 2; 2..3 x 0..1 is open ground: he grows there, his
    # top-left now 2, 0.
    rs, state, lines = _fight(board=CORRIDOR, brom=(2, 1), ogre=(5, 8), ilsa_at=(6, 1))
    state, lines = play(rs, state, "ilsa", "ability:spells:enlarge", "brom")
    assert lines[-1] == "Brom grows to Large."
    assert state.combatant("brom").position == [2, 0]


def test_reduce_shrinks_the_ogre_to_medium_and_it_keeps_its_top_left_cell():
    # The Ogre's Constitution save: Reduce here has no save (the test's entry), so it is
    # Reduced at once: Medium, one cell, 5, 5; 6, 6 is free and Brom may walk there.
    rs, state, _ = _fight()
    state, lines = play(rs, state, "ilsa", "ability:spells:reduce", "ogre")
    assert lines[-2:] == ["Ogre is Reduced for 10 rounds.", "Ogre shrinks to Medium."]
    ogre = state.combatant("ogre")
    assert ogre.size == "medium" and ogre.position == [5, 5]
    state, _ = play(rs, state, "ilsa", "end-turn")
    assert "move:6,6" in {o.id for o in menu(rs, state, "brom")}


def test_without_size_on_the_condition_nobody_changes():
    rs, state, _ = _fight(pkg=package(steps=None))
    state, lines = play(rs, state, "ilsa", "ability:spells:enlarge", "brom")
    assert lines[-1] == "Brom is Enlarged for 10 rounds."
    assert state.combatant("brom").size is None


def test_size_needs_combat_sizes():
    from shared.ruleset import validate_package
    pkg = package()
    del pkg["combat"]["sizes"]
    for c in pkg["catalogs"]:
        for e in c["entries"]:
            (e.get("creature") or {}).pop("size", None)
    _rs, problems = validate_package(pkg)
    cond = next(i for i, c in enumerate(pkg["combat"]["conditions"]) if c["condition"] == "enlarged")
    assert f'combat.conditions[{cond}].size: "size" needs "combat.sizes"' in problems.lines()


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 9), st.integers(0, 9))
def test_a_grown_square_always_covers_where_brom_stood_and_holds_no_wall_or_other(x, y):
    board = {"rows": ["..#.......", "..........", "....#.....", ".........."] + [".........."] * 6}
    if board["rows"][y][x] == "#" or (x, y) in {(0, 0)} or (x in (5, 6) and y in (5, 6)):
        return
    rs, state, _ = _fight(board=board, brom=(x, y))
    enlarge = next((o for o in menu(rs, state, "ilsa") if o.id == "ability:spells:enlarge"), None)
    if state.combatant("brom").position != [x, y] or enlarge is None or "brom" not in enlarge.targets:
        return
    state, lines = play(rs, state, "ilsa", "ability:spells:enlarge", "brom")
    brom = state.combatant("brom")
    if brom.size != "large":
        assert lines[-1].startswith("Brom stays Medium")
        return
    cells = set(square(tuple(brom.position), 2))
    assert (x, y) in cells
    assert all(0 <= cx < 10 and 0 <= cy < 10 and board["rows"][cy][cx] == "." for cx, cy in cells)
    others = {(0, 0)} | set(square((5, 5), 2))
    assert not cells & others
