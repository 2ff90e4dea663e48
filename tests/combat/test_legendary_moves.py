"""Moves and teleports bought between turns (spec/mechanics-3 "Legendary moves", 1.283;
"Moving after an action, and with one speed", 1.285; shared/combat/board/legendary.py), on
Marinara's 5e package as it ships (tests/data/upstream/5e-srd), 5 feet a cell.

The lich of the package's bestiary (speed 30 ft: 6 cells; 3 signature points) gets the
spec's legendary moves: the tarrasque's `move: {"share": 0.5}` (half its speed: 15 ft, 3
cells) for 1 point, the vampire's `noOpportunity`, the mummy lord's Whirlwind of Sand
(`distance: 60, untouchable`) and a teleport. The adult black dragon (speed 40 ft, given
`speeds: {"fly": 80}` as its traits say) gets the spec's Wing Attack move. Brom is
tests/combat/fixtures/5e-srd-party.json's level-5 fighter (Longsword +6, 1d8 + 3).

Set-up dice: the lich's 18d8 (all 4s: 72 + 54 = 126), Brom's initiative 1 (1 + 1 = 2), the
lich's 19 (19 + 3 = 22): the lich acts first. Both are decided by the test. Brom stands on
4, 2, the lich on 5, 2, of an open 10 x 5 board.
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from shared.combat import BattleState, advance, decide_for, menu, start_battle
from shared.combat.fight import Refusal
from shared.combat.state import HeldCondition
from tests.combat.kit import play
from tests.combat.srd_kit import entry, srd, srd_package
from tests.combat.test_5e_srd_fights import PARTY

OPEN = {"rows": [".........."] * 5}
SET_UP = [4] * 18 + [1, 19]
HALF = {"id": "move", "name": "Move", "budget": "action", "signature": {"cost": 1}, "move": {"share": 0.5}}
VAMPIRE = {**HALF, "move": {"noOpportunity": True}}
WHIRLWIND = {"id": "move", "name": "Whirlwind of Sand", "budget": "action", "signature": {"cost": 1},
             "move": {"distance": 60, "untouchable": True}}
BLINK = {"id": "blink", "name": "Teleport", "budget": "action", "signature": {"cost": 1},
         "teleport": {"distance": 30}}


def package(*actions: dict[str, Any], creature: str = "lich", **block: Any) -> dict[str, Any]:
    pkg = srd_package()
    found = entry(pkg, "creatures", creature)["creature"]
    found["actions"].extend(copy.deepcopy(list(actions)))
    found.update(block)
    return pkg


def fight(*actions: dict[str, Any], dice: list[int] = (), brom_at: list[int] = (4, 2), at: list[int] = (5, 2),
          controller: str = "player", board: dict[str, Any] | None = OPEN, creature: str = "lich",
          set_up: list[int] = SET_UP, **block: Any):
    rs = srd(package(*actions, creature=creature, **block))
    brom = copy.deepcopy(PARTY[0])
    foe: dict[str, Any] = {"creature": creature, "controller": controller, "player": "gm"}
    if board is not None:
        brom["position"], foe["position"] = list(brom_at), list(at)
    state, _ = start_battle(rs, [brom], [foe], board=board, dice=[*set_up, *dice])
    return rs, state


def between_turns(rs, state, creature: str = "lich"):
    """The creature ends its turn, then Brom his: the window between turns asks the creature."""
    state, _ = play(rs, state, creature, "end-turn")
    state, lines = play(rs, state, "brom", "end-turn")
    assert lines == [f"The fight waits: between turns, signature actions may be bought. Asked in turn: "
                     f"{state.combatant(creature).name}."]
    return state


def options(rs, state, actor: str = "lich") -> dict[str, Any]:
    return {o.id: o for o in menu(rs, state, actor, forecasts=False)}


def cells(option) -> set[tuple[int, int]]:
    return {(x, y) for x, y in option.board["move"]["cells"]}


def test_half_its_speed_draws_broms_strike_and_the_window_goes_on():
    # Half of 30 ft is 15 ft: 3 cells. Every cell within 3 of 5, 2 on the 10 x 5 board:
    # columns 2..8 of the 5 rows, 35, less its own and Brom's: 33.
    rs, state = fight(HALF, dice=[15, 5])
    state = between_turns(rs, state)
    move = options(rs, state)["action:move"]
    assert move.targets == [] and move.count == 0
    assert move.board["move"]["distance"] == "15 ft" and len(cells(move)) == 33
    assert (9, 2) not in cells(move) and (4, 2) not in cells(move) and (8, 2) in cells(move)
    state, lines = play(rs, state, "lich", "action:move", cell=[8, 2])
    assert lines == [
        "Lich answers with Move.",
        "Lich spends 1 signature point on Move (2 left).",
        "Lich walks out of Brom's reach at 5, 2; the fight waits for that answer.",
    ]
    assert state.pending.actor == "brom" and state.pending.window.moment == "leaves-reach"
    # Brom's Longsword: 15 + 6 = 21 hits Armor Class 17; 5 + 3 = 8, which the lich's immunity
    # to slashing takes to 0. The walk goes on, then the window between turns closes.
    state, lines = play(rs, state, "brom", "attack:attacks:longsword", "lich")
    assert lines == [
        "Brom strikes at Lich with Longsword.",
        "Brom attacks Lich with Longsword: 15 + 6 = 21 against Armor Class 17, a hit.",
        "Longsword (5 + 3 = 8) deals 0 slashing damage to Lich (Lich is immune to slashing).",
        "Lich moves to 8, 2 for 15 ft.",
        "Round 2.",
        "Lich's turn.",
        "Lich has 3 signature points again.",
    ]
    lich = state.combatant("lich")
    # Its own turn then starts with its whole 30 ft (the handing back: the test below).
    assert lich.position == [8, 2] and lich.movement == 6
    assert BattleState.model_validate_json(state.model_dump_json()) == state


def test_a_strike_held_walk_is_saved_and_reloaded():
    rs, state = fight(HALF, dice=[15, 5])
    state = between_turns(rs, state)
    state, _ = play(rs, state, "lich", "action:move", cell=[8, 2])
    reloaded = BattleState.model_validate_json(state.model_dump_json())
    legendary = reloaded.pending.window.resume.legendary
    assert legendary.window.moment == "between-turns" and legendary.movement == 6 and legendary.provokes


def test_the_vampires_move_provokes_no_one():
    # `move: {"noOpportunity": true}`: the whole speed, 30 ft, and Brom is not asked.
    rs, state = fight(VAMPIRE)
    state = between_turns(rs, state)
    move = options(rs, state)["action:move"]
    assert move.board["move"]["distance"] == "30 ft" and (9, 2) in cells(move)
    state, lines = play(rs, state, "lich", "action:move", cell=[9, 2])
    assert lines == [
        "Lich answers with Move.",
        "Lich spends 1 signature point on Move (2 left).",
        "Lich moves to 9, 2 for 20 ft.",
        "Round 2.",
        "Lich's turn.",
        "Lich has 3 signature points again.",
    ]


def test_a_cell_the_move_cannot_reach_is_refused_and_nothing_changes():
    rs, state = fight(HALF)
    state = between_turns(rs, state)
    for cell, why in (
        ([9, 2], "Move cannot go to 9, 2: it moves up to 15 ft to a free cell"),
        ([4, 2], "Move cannot go to 4, 2: it moves up to 15 ft to a free cell"),
        (None, 'Move moves to a cell: give "cell": [x, y]'),
    ):
        choice: dict[str, Any] = {"actor": "lich", "option": "action:move", "targets": []}
        if cell is not None:
            choice["cell"] = cell
        refused = advance(rs, state, choice)
        assert isinstance(refused, Refusal) and (refused.code, refused.message) == ("bad-cell", why)
    assert state.combatant("lich").position == [5, 2] and state.combatant("lich").signature_points == 3


def test_held_in_place_nowhere_to_go_unless_untouchable():
    # Grappled (speed-zero): the half-speed move has nowhere to go, so it is not offered.
    rs, state = fight(HALF)
    state = between_turns(rs, state)
    state.combatant("lich").conditions.append(HeldCondition(id="grappled"))
    assert "action:move" not in options(rs, state)
    # The mummy lord's Whirlwind of Sand (60 ft: 12 cells, untouchable) lets go of the grapple
    # first, and Brom is not asked as it leaves.
    rs, state = fight(WHIRLWIND)
    state = between_turns(rs, state)
    state.combatant("lich").conditions.append(HeldCondition(id="grappled"))
    whirl = options(rs, state)["action:move"]
    assert whirl.board["move"]["distance"] == "60 ft" and len(cells(whirl)) == 48
    state, lines = play(rs, state, "lich", "action:move", cell=[0, 0])
    assert lines[:2] == ["Lich answers with Whirlwind of Sand.", "Lich spends 1 signature point on Whirlwind of Sand (2 left)."]
    assert "Lich moves to 0, 0 for 25 ft." in lines
    assert not any("reach" in line for line in lines)
    assert state.combatant("lich").conditions == [] and state.combatant("lich").position == [0, 0]


def test_off_the_board_nothing_is_offered():
    rs, state = fight(HALF, board=None)
    state = between_turns(rs, state)
    assert "action:move" not in options(rs, state)


def test_the_game_master_moves_away_badly_hurt_beside_an_enemy():
    # The Engine's pick for the lich at 63 of 126 (at most half) beside Brom on 4, 2: of the 33
    # cells, the farthest from Brom, the first on ties row by row: 8, 0 is 4 cells from him
    # (as 8, 1 .. 8, 4). Unhurt, with Brom within its reach, it does not move: it buys the
    # signature action the tactics score best, Disrupt Life on Brom.
    rs, state = fight(HALF)
    state = between_turns(rs, state)
    assert decide_for(rs, state) == {"actor": "lich", "option": "action:disrupt_life", "targets": ["brom"]}
    state.combatant("lich").health = 63
    assert decide_for(rs, state) == {"actor": "lich", "option": "action:move", "targets": [], "cell": [8, 0]}


def test_the_game_master_closes_in_when_nobody_is_in_reach():
    # Nobody within the lich's reach (Paralyzing Touch, 5 ft) with Brom on 1, 2 and the lich on
    # 9, 2: the move's cells of column 6 are the nearest to him, 5 cells; the first row by row
    # is 6, 0 (3 cells of movement: 15 ft).
    rs, state = fight(HALF, brom_at=[1, 2], at=[9, 2])
    state = between_turns(rs, state)
    assert decide_for(rs, state) == {"actor": "lich", "option": "action:move", "targets": [], "cell": [6, 0]}
    state, lines = play(rs, state, "lich", "action:move", cell=[6, 0])
    assert "Lich moves to 6, 0 for 15 ft." in lines


def test_a_teleport_bought_between_turns_lands_on_the_cell_named():
    # Teleport 30 ft: 6 cells, anywhere free within them; Brom is not asked (no steps).
    rs, state = fight(BLINK)
    state = between_turns(rs, state)
    blink = options(rs, state)["action:blink"]
    assert blink.board["teleport"]["distance"] == "30 ft" and blink.count == 0
    state, lines = play(rs, state, "lich", "action:blink", cell=[9, 4])
    assert lines == [
        "Lich answers with Teleport.",
        "Lich spends 1 signature point on Teleport (2 left).",
        "Lich uses Teleport on Lich.",
        "Lich teleports 20 ft from 5, 2 to 9, 4.",
        "Round 2.",
        "Lich's turn.",
        "Lich has 3 signature points again.",
    ]
    assert state.combatant("lich").position == [9, 4]


#: The dragon's Wing Attack as the spec writes its move: "Then the dragon can fly up to half
#: its flying speed." The package's Wing Attack: 2d6 + 6 bludgeoning on up to 2 targets, a DC
#: 19 Dexterity save negates it, prone on a failure.
WING_MOVE = {"share": 0.5, "speed": "fly"}
DRAGON = "adult-black-dragon"
DRAGON_SET_UP = [6] * 17 + [1, 19]


def dragon_fight(dice: list[int] = (), *, speeds: dict[str, int] | None = None):
    pkg = package(creature=DRAGON, **({"speeds": speeds} if speeds is not None else {}))
    wing = next(a for a in entry(pkg, "creatures", DRAGON)["creature"]["actions"] if a["id"] == "wing_attack")
    wing["move"] = dict(WING_MOVE)
    rs = srd(pkg)
    brom = copy.deepcopy(PARTY[0])
    brom["position"] = [4, 2]
    state, _ = start_battle(rs, [brom], [{"creature": DRAGON, "controller": "player", "player": "gm",
                                          "position": [5, 2]}], board=OPEN, dice=[*DRAGON_SET_UP, *dice])
    return rs, state


def test_the_dragons_wing_attack_goes_off_then_it_flies_half_its_flying_speed():
    # Fly 80 ft: 16 cells, half 8; the board's 10 x 5 cells all within 8 of 5, 2: 50, less its
    # own and Brom's: 48. Damage 3 + 4 + 6 = 13; Brom's save 5 + 1 = 6 < 19 fails: 44 - 13 =
    # 31 and prone. Then it flies to 9, 2 (4 cells, 20 ft), leaving Brom's reach: he passes.
    rs, state = dragon_fight([3, 4, 5], speeds={"fly": 80})
    state = between_turns(rs, state, DRAGON)
    wing = options(rs, state, DRAGON)["action:wing_attack"]
    assert wing.board["move"] == {"cells": wing.board["move"]["cells"], "distance": "40 ft", "speed": "fly"}
    assert len(cells(wing)) == 48 and wing.targets == ["brom"]
    state, lines = play(rs, state, DRAGON, "action:wing_attack", "brom", cell=[9, 2])
    assert lines == [
        "Adult Black Dragon answers with Wing Attack.",
        "Adult Black Dragon spends 2 signature points on Wing Attack (1 left).",
        "Adult Black Dragon uses Wing Attack on Brom.",
        "Brom rolls a Dexterity save against Wing Attack: 5 + 1 = 6 against 19, a failure.",
        "Wing Attack (7 (3 + 4) + 6 = 13) deals 13 bludgeoning damage to Brom.",
        "Brom has 31 of 44 Hit points.",
        "Brom is Prone.",
        "Adult Black Dragon walks out of Brom's reach at 5, 2; the fight waits for that answer.",
    ]
    state, lines = play(rs, state, "brom", "pass")
    # It goes by flying only (its fly speed named): it takes to the air on its first step.
    assert lines[:3] == ["Brom lets Adult Black Dragon go.", "Adult Black Dragon takes to the air at 6, 1.",
                         "Adult Black Dragon moves to 9, 2 for 20 ft."]
    assert state.combatant(DRAGON).position == [9, 2]


def test_no_cell_chosen_is_also_a_choice_and_without_the_speed_it_stays():
    # No cell: the wing attack alone (Brom's save 18 + 1 = 19 succeeds: negated).
    rs, state = dragon_fight([3, 4, 18], speeds={"fly": 80})
    state = between_turns(rs, state, DRAGON)
    state, lines = play(rs, state, DRAGON, "action:wing_attack", "brom")
    assert not any("moves to" in line for line in lines) and state.combatant(DRAGON).position == [5, 2]
    # Without a flying speed the wing attack is still offered, with nowhere to fly.
    rs, state = dragon_fight()
    state = between_turns(rs, state, DRAGON)
    wing = options(rs, state, DRAGON)["action:wing_attack"]
    assert "move" not in (wing.board or {})
    refused = advance(rs, state, {"actor": DRAGON, "option": "action:wing_attack", "targets": ["brom"], "cell": [9, 2]})
    assert isinstance(refused, Refusal) and (refused.code, refused.message) == (
        "bad-cell", "Wing Attack has nowhere to move to now, so it takes no cell")


def test_a_move_only_by_a_speed_the_maker_lacks_is_not_offered():
    # The lich has no flying speed: a move by `fly` alone has nowhere to go.
    rs, state = fight({**HALF, "move": dict(WING_MOVE)})
    state = between_turns(rs, state)
    assert "action:move" not in options(rs, state)


@settings(max_examples=12, deadline=None)
@given(lx=st.integers(0, 9), ly=st.integers(0, 4), bx=st.integers(0, 9), by=st.integers(0, 4),
       pick=st.integers(0, 999))
def test_a_move_that_provokes_no_one_lands_on_any_cell_it_lists(lx, ly, bx, by, pick):
    """The vampire's move (the whole 30 ft, noOpportunity) from anywhere: every listed cell is
    free, on the board and at most 6 steps away; going to any of them puts the lich there,
    costs 1 point and opens no window."""
    assume((lx, ly) != (bx, by))
    rs, state = fight(VAMPIRE, brom_at=[bx, by], at=[lx, ly])
    state = between_turns(rs, state)
    move = options(rs, state)["action:move"]
    listed = sorted(cells(move))
    assert listed and all(0 <= x < 10 and 0 <= y < 5 and (x, y) not in ((lx, ly), (bx, by))
                          and max(abs(x - lx), abs(y - ly)) <= 6 for x, y in listed)
    cell = listed[pick % len(listed)]
    state, lines = play(rs, state, "lich", "action:move", cell=list(cell))
    assert lines[:2] == ["Lich answers with Move.", "Lich spends 1 signature point on Move (2 left)."]
    assert not any("reach" in line for line in lines)
    assert state.combatant("lich").position == list(cell)


def test_the_makers_own_movement_is_handed_back_after_the_move():
    # Order Lich, Brom, Ilsa (initiative: Brom 10 + 1 = 11, Ilsa 1 + 2 = 3, the lich 22). The
    # lich walks 1 cell on its turn, 6, 2 to 7, 2 (25 ft of its 30 left: 5 cells), Brom ends
    # his turn, and between his turn and Ilsa's the lich buys its half-speed move (3 cells)
    # and goes 2 of them, to 9, 2. On Ilsa's turn the lich still has its own 5 cells left.
    rs = srd(package(VAMPIRE | {"move": {"share": 0.5, "noOpportunity": True}}))
    brom, ilsa = copy.deepcopy(PARTY[0]), copy.deepcopy(PARTY[1])
    brom["position"], ilsa["position"] = [4, 2], [0, 4]
    state, _ = start_battle(rs, [brom, ilsa], [{"creature": "lich", "controller": "player", "player": "gm",
                                                "position": [6, 2]}], board=OPEN, dice=[*SET_UP[:18], 10, 1, 19])
    state, lines = play(rs, state, "lich", "move:7,2")
    assert lines == ["Lich moves to 7, 2 for 5 ft and has 25 ft left."]
    state, _ = play(rs, state, "lich", "end-turn")
    state, _ = play(rs, state, "brom", "end-turn")
    assert state.pending.window.moment == "between-turns"
    state, lines = play(rs, state, "lich", "action:move", cell=[9, 2])
    assert lines == ["Lich answers with Move.", "Lich spends 1 signature point on Move (2 left).",
                     "Lich moves to 9, 2 for 10 ft.", "Ilsa's turn."]
    assert state.combatant("lich").movement == 5 and state.combatant("lich").position == [9, 2]
