"""Teleportation on a 5e board (spec/mechanics-3 "Teleportation", 1.276;
shared/combat/board/teleport.py), with exact log lines from scripted dice.

The package, Ilsa and the Cinder Hound are tests/combat/zones_kit.py's (Marinara's 5e package,
5 feet a cell; the 5e example's Cinder Hound, 5d8 hit points, speed 40 feet). Misty Step is the
SRD entry as the package ships it (a bonus action, a 2nd-level slot) with the spec's example
added: `targets: "self"` and `teleport: {"distance": 30, "seen": true}`, so 6 cells. Ilsa
starts with the two 2nd-level slots of her sheet. The set-up dice: the Hound's 5d8 = 25, then
initiative Ilsa 20 + 3 = 23 and the Hound 1 + 1 = 2.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.state import BattleState
from tests.combat import zones_kit as ZK
from tests.combat.kit import play, ruleset
from shared.combat.board.units import steps
from tests.combat.srd_kit import entry

MISTY = "ability:spells:misty-step"
START = [5, 5, 5, 5, 5, 20, 1]
OPEN = {"rows": [".........."] * 3}
#: A wall down the fifth column: nothing beyond it is seen from the west.
WALLED = {"rows": ["....#....."] * 3}
#: A blink like the blink dog's (SRD: "magically teleports, along with any equipment it is
#: wearing or carrying, up to 40 feet to an unoccupied space it can see").
BLINK = {"id": "blink", "name": "Blink", "budget": "action", "self": True, "teleport": {"distance": 40, "seen": True}}


def package(teleport: dict[str, Any] | None = None, *, blink: dict[str, Any] | None = None) -> dict[str, Any]:
    pkg = ZK.package()
    mech = entry(pkg, "spells", "misty-step")["mechanics"]
    mech["targets"] = "self"
    if teleport is not None:
        mech["teleport"] = copy.deepcopy(teleport)
    if blink is not None:
        hound = entry(pkg, "creatures", "cinder-hound")
        hound["creature"]["actions"].append(copy.deepcopy(blink))
    return pkg


def ilsa(at: list[int], **sheet: Any) -> dict[str, Any]:
    member = ZK.ilsa(at, ("misty-step", "Misty Step", 2))
    member["sheet"].update(sheet)
    return member


def fight(at: list[int], hound: list[int], *, board: dict[str, Any] = OPEN, teleport: dict[str, Any] | None = None,
          dice: list[int] | None = None, blink: dict[str, Any] | None = None, **sheet: Any):
    rs = ruleset(package({"distance": 30, "seen": True} if teleport is None else teleport, blink=blink))
    state, _ = start_battle(rs, [ilsa(at, **sheet)], ZK.foes(hound=hound), board=board, dice=START + (dice or []))
    return rs, state


def go(rs, state, actor, option, cell=None):
    return play(rs, state, actor, option, cell=cell)


def options(rs, state, actor="ilsa"):
    return {o.id: o for o in menu(rs, state, actor)}


def cells_of(option) -> set[tuple[int, int]]:
    return {(x, y) for x, y in option.board["teleport"]["cells"]}


def test_misty_step_beside_a_hound_lands_six_cells_away_and_opens_no_window():
    # Ilsa on 3, 1 beside the Hound on 4, 1. Within 6 cells of 3, 1 on a 10 x 3 board: every
    # column 0..9 of the 3 rows, 30 cells, less her own and the Hound's: 28.
    rs, state = fight([3, 1], [4, 1])
    misty = options(rs, state)[MISTY]
    assert misty.budget == "bonus" and misty.board["teleport"]["distance"] == "30 ft"
    assert len(cells_of(misty)) == 28 and (3, 1) not in cells_of(misty) and (4, 1) not in cells_of(misty)
    state, lines = go(rs, state, "ilsa", MISTY, [9, 1])
    assert lines == [
        "Ilsa spends 1 2nd-level slot on Misty Step.",
        "Ilsa uses Misty Step on Ilsa.",
        "Ilsa teleports 30 ft from 3, 1 to 9, 1.",
    ]
    ilsa_now = state.combatant("ilsa")
    assert ilsa_now.position == [9, 1] and ilsa_now.budgets["bonus"] == 0 and ilsa_now.budgets["action"] == 1
    assert ilsa_now.movement == 6  # 30 feet of walking, untouched
    # Still Ilsa's turn: no leaves-reach window was opened for the Hound.
    assert state.pending.actor == "ilsa" and state.pending.decision == "turn"
    # The teleport is logged as a move the viewer draws: from, to, and that it was a teleport.
    assert state.events[-1].kind == "move" and state.events[-1].data == {
        "actor": "ilsa", "cell": [9, 1], "start": [3, 1], "teleport": True}
    # Saved and reloaded exactly.
    assert BattleState.model_validate_json(state.model_dump_json()) == state


def test_walking_away_from_the_same_hound_opens_its_window():
    # The contrast: one step west out of the Hound's reach asks the Hound (leaves-reach).
    rs, state = fight([3, 1], [4, 1])
    state, _lines = go(rs, state, "ilsa", "move:2,1")
    assert state.pending.actor == "cinder-hound" and state.pending.decision == "window"


def test_a_cell_misty_step_cannot_land_on_is_refused_and_nothing_changes():
    rs, state = fight([2, 1], [4, 1])
    for cell, why in (
        ([9, 1], "Misty Step cannot land on 9, 1: Ilsa teleports to an unoccupied cell that they see up to 30 ft away"),
        ([4, 1], "Misty Step cannot land on 4, 1: Ilsa teleports to an unoccupied cell that they see up to 30 ft away"),
        (None, 'Misty Step teleports to a cell: give "cell": [x, y]'),
    ):
        choice: dict[str, Any] = {"actor": "ilsa", "option": MISTY, "targets": []}
        if cell is not None:
            choice["cell"] = cell
        refused = advance(rs, state, choice)
        assert (refused.code, refused.message) == ("bad-cell", why)
    assert state.combatant("ilsa").position == [2, 1]


def test_seen_keeps_the_cells_beyond_a_wall_out_and_without_it_they_are_offered():
    # Ilsa on 1, 1, the Hound on 0, 0, a wall down column 4. Seen: columns 0..3, 12 cells less
    # the two taken, 10. Unseen: columns 0..7 (1 + 6) less the wall's, 7 x 3 = 21, less 2: 19.
    rs, state = fight([1, 1], [0, 0], board=WALLED)
    assert cells_of(options(rs, state)[MISTY]) == {(x, y) for x in range(4) for y in range(3)} - {(1, 1), (0, 0)}
    rs, state = fight([1, 1], [0, 0], board=WALLED, teleport={"distance": 30})
    unseen = cells_of(options(rs, state)[MISTY])
    assert len(unseen) == 19 and (7, 2) in unseen and (8, 1) not in unseen
    state, lines = go(rs, state, "ilsa", MISTY, [7, 2])
    assert lines[-1] == "Ilsa teleports 30 ft from 1, 1 to 7, 2."


def test_landing_in_moonbeam_affects_her_as_entering_it():
    # Moonbeam widened to a 10-foot burst is cast on the Hound (9, 1): columns 8 and 9 of the
    # board, 6 cells. Its 2d10 = 5 + 4 = 9, the Hound's Constitution save 7 + 4 = 11 against 12
    # fails, 25 - 9 = 16. Misty Step to 8, 1 (5 cells, 25 ft), inside it: 2d10 = 3 + 3 = 6, her save 15 + 1 = 16 succeeds, half: 3,
    # 18 - 3 = 15; then her concentration save 12 + 1 = 13 against 10 keeps Moonbeam.
    pkg = package({"distance": 30, "seen": True})
    entry(pkg, "spells", "moonbeam")["mechanics"]["area"]["size"] = 10
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ilsa([3, 1])], ZK.foes(hound=[9, 1]), board=OPEN,
                            dice=START + [5, 4, 7, 3, 3, 15, 12])
    state, _ = go(rs, state, "ilsa", "ability:spells:moonbeam", [9, 1])
    state, lines = go(rs, state, "ilsa", MISTY, [8, 1])
    assert lines == [
        "Ilsa spends 1 2nd-level slot on Misty Step.",
        "Ilsa uses Misty Step on Ilsa.",
        "Ilsa teleports 25 ft from 3, 1 to 8, 1.",
        "Moonbeam affects Ilsa: it enters it.",
        "Ilsa rolls a Constitution save against Moonbeam: 15 + 1 = 16 against 12, a success.",
        "Moonbeam (6 (3 + 3), halved by the save) deals 3 radiant damage to Ilsa.",
        "Ilsa has 15 of 18 Hit points.",
        "Ilsa rolls a Constitution save to keep concentrating on Moonbeam: 12 + 1 = 13 against 10, a success.",
    ]


def test_off_the_board_misty_step_is_not_offered():
    rs = ruleset(package({"distance": 30, "seen": True}))
    state, _ = start_battle(rs, [ZK.ilsa([0, 0], ("misty-step", "Misty Step", 2))], ZK.foes(hound=[1, 0]),
                            dice=START)
    assert MISTY not in options(rs, state)


def test_the_engine_badly_hurt_beside_the_hound_teleports_as_far_from_it_as_it_can():
    # Ilsa at 9 of 18 hit points (half) beside the Hound on 4, 1: the cells farthest from it are
    # column 9, 5 cells away; the first of them row by row is 9, 0.
    rs, state = fight([3, 1], [4, 1], live={"pools": {"hp": 9}})
    assert decide_for(rs, state) == {"actor": "ilsa", "option": MISTY, "targets": [], "cell": [9, 0]}
    # Unhurt, it weighs Misty Step for nothing.
    rs, state = fight([3, 1], [4, 1])
    assert decide_for(rs, state)["option"] != MISTY


def test_a_creature_action_teleports_the_creature_itself():
    # The Hound's Blink (40 ft: 8 cells) from 9, 1 to 1, 1 beside Ilsa on 0, 1; it leaves
    # nobody's reach by walking, so no window; its action is spent.
    rs, state = fight([0, 1], [9, 1], blink=BLINK)
    state, _ = go(rs, state, "ilsa", "end-turn")
    blink = options(rs, state, "cinder-hound")["action:blink"]
    assert blink.board["teleport"]["distance"] == "40 ft" and (1, 1) in cells_of(blink) and (0, 2) not in cells_of(blink)
    state, lines = go(rs, state, "cinder-hound", "action:blink", [1, 1])
    assert lines[-1] == "Cinder Hound teleports 40 ft from 9, 1 to 1, 1."
    hound = state.combatant("cinder-hound")
    assert hound.position == [1, 1] and hound.budgets["action"] == 0


OFF_WALL = [0, 1, 2, 3, 5, 6, 7, 8, 9]


@settings(max_examples=15, deadline=None)
@given(ix=st.sampled_from(OFF_WALL), iy=st.integers(0, 2), hx=st.sampled_from(OFF_WALL), hy=st.integers(0, 2),
       pick=st.integers(0, 99))
def test_every_listed_cell_is_open_free_and_within_six_and_landing_there_walks_nothing(ix, iy, hx, hy, pick):
    # Ilsa and the Hound anywhere off the wall; Misty Step without `seen` lists only open, free
    # cells within 6 (never the wall's column 4), and landing on any of them walks nothing.
    if (ix, iy) == (hx, hy):
        return
    rs, state = fight([ix, iy], [hx, hy], board=WALLED, teleport={"distance": 30})
    cells = sorted(cells_of(options(rs, state)[MISTY]))
    assert cells and all(steps((ix, iy), c) <= 6 and c not in ((ix, iy), (hx, hy)) and c[0] != 4 for c in cells)
    cell = cells[pick % len(cells)]
    state, lines = go(rs, state, "ilsa", MISTY, list(cell))
    assert lines[-1] == f"Ilsa teleports {5 * steps((ix, iy), cell)} ft from {ix}, {iy} to {cell[0]}, {cell[1]}."
    assert state.combatant("ilsa").position == list(cell) and state.combatant("ilsa").movement == 6
    assert state.pending.actor == "ilsa"
