"""The board's rules with exact numbers: a contest's push (stopped by solid cells, anyone
standing, the edge and a corner too narrow to squeeze past; spending nothing and provoking
no strike), falls off a cliff (`falling` per, dice, max, type, prone) from scripted dice and
from a fixed seed, the log lines of cover and high ground, the three adjacency effects,
distances in a catalog's own `units.distance`, who an area catches (the actor too, except
`around`), an Ember Roads fight on a board played to the end twice, and the integer sight
geometry against the exact-fraction reference it replaced.

The contest fights use the Ember-Roads-like package of tests/combat/extras_kit.py (2d6 plus
the best check; Juno's Brawn 3 against the Ash-hound's Brawn 2, ties to the attacker), with
4 paces of push: 2 cells of 2 paces. Juno acts first (initiative 6 + 6, the hound 1 + 1);
the next four faces are the contest's (Juno 3 + 3 + 3 = 9 against 4 + 3 + 2 = 9: Juno wins).
"""

from __future__ import annotations

import json
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.board.grid import Grid, read_board
from shared.combat.state import HeldCondition
from shared.combat.board.sight import THREE_QUARTERS, cover, crossed, sees
from shared.dice.rng import face_at
from tests.combat.extras_kit import juno, knack_roads, pell
from tests.combat.kit import FIXTURES, UPSTREAM, add_charm, add_condition, add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh
from tests.combat.test_contests import SHOVE

WIN = [6, 6, 1, 1, 3, 3, 4, 3]
SHOVE_WON = ("Juno tries Shove back on Ash-hound: 6 (3 + 3) + 3 = 9 with Brawn against 7 (4 + 3) + 2 = 9 "
             "with Brawn, and wins.")
FALLING = {"per": 5, "dice": {"count": 1, "sides": 6}, "max": 2, "type": "cut", "prone": "prone"}


def shove_pkg(**combat) -> dict:
    pkg = knack_roads()
    pkg["combat"]["contests"] = [SHOVE]
    pkg["combat"]["economy"]["movement"] = {"const": 8}
    pkg["combat"].update(combat)
    add_condition(pkg, "prone", "Prone", effects=["half-move-to-stand"])
    add_creature(pkg, "ash-hound", "Ash-hound", {
        "health": 30, "defense": 6, "initiativeModifier": 0, "tier": "pack", "speed": 6,
        "checks": {"brawn": 2, "wits": 1},
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2, "damage": {"dice": "1d4"}}]})
    return pkg


def shove(rows, juno_at, hound_at, *, pkg=None, heights=None, others=(), party=(), dice=WIN, seed=0):
    rs = ruleset(pkg or shove_pkg())
    board = {"rows": rows, **({"heights": heights} if heights else {})}
    state, _ = start_battle(rs, [juno() | {"position": juno_at}, *party],
                            [foe("ash-hound", position=hound_at), *others], board=board, dice=dice, seed=seed)
    assert state.pending.actor == "juno"
    return rs, state


def do(rs, state, option, *targets, cell=None):
    choice = {"actor": state.pending.actor, "option": option, "targets": list(targets)}
    if cell is not None:
        choice["cell"] = cell
    result = advance(rs, state, choice)
    assert not hasattr(result, "code"), result
    return result[0], [e.text for e in result[1]]


# -- contests: push ------------------------------------------------------------------------


def test_push_stops_short_of_a_solid_cell():
    rs, state = shove(["......", "...#..", "......"], [0, 1], [1, 1])
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[:2] == [SHOVE_WON, "Juno pushes Ash-hound 2 paces to 2, 1."]
    assert state.combatant("ash-hound").position == [2, 1]


def test_push_goes_the_whole_way_on_open_ground_and_stops_at_the_edge():
    rs, state = shove(["......"], [0, 0], [1, 0])
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Juno pushes Ash-hound 4 paces to 3, 0."
    rs, state = shove(["...."], [2, 0], [3, 0])
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Ash-hound cannot be pushed away from Juno: the way is blocked."
    assert state.combatant("ash-hound").position == [3, 0]


def test_push_stops_short_of_anyone_standing_but_not_of_the_fallen():
    others = [foe("ash-hound", position=[3, 0])]
    dice = [6, 6, 1, 1, 1, 1, 3, 3, 4, 3]
    rs, state = shove(["......"], [0, 0], [1, 0], others=others, dice=dice)
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Juno pushes Ash-hound 2 paces to 2, 0."
    rs, state = shove(["......"], [0, 0], [1, 0], others=others, dice=dice)
    state.combatant("ash-hound-2").down = True
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Juno pushes Ash-hound 4 paces to 3, 0."


def test_push_cannot_squeeze_through_a_corner_between_two_solid_cells():
    # Pushed diagonally from 1, 1 toward 2, 2 between the walls at 2, 1 and 1, 2.
    rs, state = shove(["....", "..#.", ".#..", "...."], [0, 0], [1, 1])
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Ash-hound cannot be pushed away from Juno: the way is blocked."
    # One wall only: the corner can be passed.
    rs, state = shove(["....", "..#.", "....", "...."], [0, 0], [1, 1])
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Juno pushes Ash-hound 4 paces to 3, 3."


def test_push_spends_no_movement_and_provokes_no_strike():
    # Pell stands beside the hound with the opportunity budget in hand: the push carries the
    # hound out of Pell's reach, and nobody is asked anything.
    rs, state = shove(["......", "......"], [0, 0], [1, 0], pkg=shove_pkg(opportunity={"budget": "quick"}),
                      party=[pell() | {"position": [1, 1]}], dice=[6, 6, 2, 2, 1, 1, 3, 3, 4, 3])
    hound = state.combatant("ash-hound")
    hound.movement = 3
    before = state.combatant("juno").movement
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1] == "Juno pushes Ash-hound 4 paces to 3, 0."
    assert state.combatant("ash-hound").movement == 3 and state.combatant("juno").movement == before
    assert state.pending.decision == "turn" and state.pending.actor == "juno"
    assert not any(e.kind == "window" for e in state.events)


# -- falls ---------------------------------------------------------------------------------


def _cliff(falling=FALLING, dice=WIN + [4, 5], seed=0):
    elevation = {"levelHeight": 5, "falling": falling} if falling else {"levelHeight": 5}
    return shove(["......", "......", "......"], [1, 1], [2, 1], pkg=shove_pkg(elevation=elevation),
                 heights=["000000", "033000", "000000"], dice=dice, seed=seed)


def test_a_push_off_a_cliff_is_a_fall_with_its_dice_up_to_max_then_prone():
    rs, state = _cliff()
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    # Three levels of 5 paces: 15 paces, one die per 5 is 3 dice, held to `max` 2.
    assert lines[1:] == [
        "Juno pushes Ash-hound 2 paces to 3, 1.",
        "Ash-hound falls 15 paces: 2d6 = 9 (4 + 5).",
        "The fall deals 9 cut damage to Ash-hound.",
        "Ash-hound has 21 of 30 Grit.",
        "Ash-hound is Prone.",
    ]
    hound = state.combatant("ash-hound")
    assert hound.position == [3, 1] and [c.id for c in hound.conditions] == ["prone"]


def test_a_fall_without_falling_is_only_recorded():
    rs, state = _cliff(falling=None, dice=WIN)
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert lines[1:] == ["Juno pushes Ash-hound 2 paces to 3, 1.", "Ash-hound falls 15 paces."]
    assert state.combatant("ash-hound").conditions == []


def test_fall_damage_from_a_fixed_seed():
    # Seed 1: the initiative rolls are dice 0-3, the contest's dice 4-7 (Juno 6 + 4, the
    # hound 2 + 5), and the fall's two d6 are the battle's dice number 8 and 9.
    rs, state = _cliff(dice=None, seed=1)
    state, lines = do(rs, state, "contest:shove", "ash-hound")
    assert [face_at(1, n, 6) for n in range(4, 10)] == [6, 4, 2, 5, 5, 2]
    assert lines == [
        "Juno tries Shove back on Ash-hound: 10 (6 + 4) + 3 = 13 with Brawn against 7 (2 + 5) + 2 = 9 with Brawn, "
        "and wins.",
        "Juno pushes Ash-hound 2 paces to 3, 1.",
        "Ash-hound falls 15 paces: 2d6 = 7 (5 + 2).",
        "The fall deals 7 cut damage to Ash-hound.",
        "Ash-hound has 23 of 30 Grit.",
        "Ash-hound is Prone.",
    ]
    assert state.dice.cursor == 10


# -- cover and high ground in the log ------------------------------------------------------


def _marsh_pkg(**combat):
    pkg = marsh()
    pkg["combat"].update(combat)
    return pkg


def test_the_log_shows_half_cover_beside_the_defense():
    rs = ruleset(_marsh_pkg(cover={"bonus": 2}))
    # Forest between Juno and the hound: half cover (+ 2 on Guard 8). Juno's Reed axe
    # reaches 2 cells (a row with reach 2).
    party = [juno_marsh(lists={"kit": [{"name": "Reed axe", "rolls": "might", "damage": "1d8", "harm": "cut",
                                        "reach": 2}]}) | {"position": [0, 0]}]
    state, _ = start_battle(rs, party, [foe("bog-hound", position=[2, 0])], board={"rows": [".T.", "..."]},
                            dice=[3, 3, 12, 1, 6, 2, 5])
    axe = {o.id: o for o in menu(rs, state, "juno")}["attack:kit:reed-axe"]
    assert axe.board["targets"]["bog-hound"] == {"how": "swing", "cells": 2, "distance": "2 strides", "cover": "half"}
    state, lines = do(rs, state, "attack:kit:reed-axe", "bog-hound")
    # The spec's own wording (docs/board.md): the defense with the bonus, then the part.
    assert lines[0] == "Juno attacks Bog Hound with Reed axe: 6 + 3 = 9 against Guard 10 (+ 2 half cover), a miss."


def test_the_log_shows_the_high_ground_bonus_off_the_defense():
    rs = ruleset(_marsh_pkg(elevation={"levelHeight": 1, "highGround": {"bonus": 2}}))
    state, _ = start_battle(rs, [juno_marsh() | {"position": [0, 0]}], [foe("bog-hound", position=[1, 0])],
                            board={"rows": ["..."], "heights": ["100"]}, dice=[3, 3, 12, 1, 4, 2, 5])
    state, lines = do(rs, state, "attack:kit:reed-axe", "bog-hound")
    assert lines[0] == "Juno attacks Bog Hound with Reed axe: 4 + 3 = 7 against Guard 6 (- 2 high ground), a hit."


# -- the three adjacency effects -----------------------------------------------------------


def test_a_shot_with_an_enemy_in_the_adjacent_cell_has_disadvantage():
    pkg = _marsh_pkg(ranged={"adjacentFoe": "disadvantage"})
    rs = ruleset(pkg)
    party = [wren_marsh("lantern-flare") | {"position": [1, 0]}]
    foes = [foe("bog-hound", position=[2, 0]), foe("bog-hound", position=[5, 0])]
    state, _ = start_battle(rs, party, foes, board={"rows": ["......"]}, dice=[3, 3, 3, 3, 12, 1, 1, 9, 3, 4] + [4] * 10)
    flare = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:lantern-flare"]
    assert flare.board["targets"]["bog-hound-2"]["notes"] == ["an enemy in the adjacent cell: disadvantage"]
    state, lines = do(rs, state, "ability:charms:lantern-flare", "bog-hound-2")
    assert lines[2] == "Wren attacks Bog Hound 2 with Lantern Flare: 3 (disadvantage; dropped 9) + 5 = 8 against Guard 8, a hit."


def test_attacks_against_an_adjacent_holder_have_advantage():
    pkg = _marsh_pkg()
    add_condition(pkg, "exposed", "Exposed", effects=["attacks-against-adjacent-advantage"])
    rs = ruleset(pkg)
    party = [juno_marsh() | {"position": [0, 0]}]
    state, _ = start_battle(rs, party, [foe("bog-hound", position=[1, 0])], board={"rows": ["...."]},
                            dice=[3, 3, 12, 1, 2, 7, 3])
    state.combatant("bog-hound").conditions.append(HeldCondition(id="exposed"))
    state, lines = do(rs, state, "attack:kit:reed-axe", "bog-hound")
    assert lines[:2] == ["Juno attacks Bog Hound with Reed axe: 7 (advantage; dropped 2) + 3 = 10 against Guard 8, a hit.",
                         "Reed axe (3 + 3 = 6) deals 6 cut damage to Bog Hound."]


def test_a_hit_from_the_adjacent_cell_is_a_critical():
    pkg = _marsh_pkg()
    add_condition(pkg, "helpless", "Helpless", effects=["attacks-from-adjacent-critical"])
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [juno_marsh() | {"position": [0, 0]}], [foe("bog-hound", position=[1, 0])],
                            board={"rows": ["...."]}, dice=[3, 3, 12, 1, 6, 2])
    state.combatant("bog-hound").conditions.append(HeldCondition(id="helpless"))
    state, lines = do(rs, state, "attack:kit:reed-axe", "bog-hound")
    # A 6 on the d12 hits Guard 8 and becomes a critical: the 1d8's 2, + 3, plus its highest 8.
    assert lines[:2] == [
        "Juno attacks Bog Hound with Reed axe: 6 + 3 = 9 against Guard 8, a critical from the adjacent cell "
        "(Helpless), a critical hit.",
        "Reed axe (2 + 3 = 5, plus the dice's highest 8) deals 13 cut damage to Bog Hound.",
    ]


# -- distances in a catalog's own unit -----------------------------------------------------


def test_a_catalogs_own_units_distance_converts_its_ranges_with_rounding():
    pkg = _marsh_pkg()
    charms = next(c for c in pkg["catalogs"] if c["id"] == "charms")
    charms["units"] = {"distance": {"label": "yards", "perCell": 5}}
    for eid, rng in (("spark-12", 12), ("spark-13", 13), ("spark-2", 2)):
        add_charm(pkg, eid, eid, {"kind": "attack", "range": rng, "targets": "enemy", "attackRoll": True,
                                  "amount": {"dice": "1d4"}, "damageType": "fire"})
    rs = ruleset(pkg)
    party = [wren_marsh("spark-12", "spark-13", "spark-2") | {"position": [0, 0]}]
    foes = [foe("bog-hound", position=[1, 0]), foe("bog-hound", position=[3, 0])]
    state, _ = start_battle(rs, party, foes, board={"rows": ["......"]}, dice=[3, 3, 3, 3, 12, 1, 1] + [4] * 10)
    options = {o.id: o for o in menu(rs, state, "wren")}
    # 12 yards / 5 = 2.4: 2 cells; 13 / 5 = 2.6: 3 cells; 2 / 5 = 0.4: never 0, so 1 cell.
    assert options["ability:charms:spark-12"].targets == ["bog-hound"]
    assert options["ability:charms:spark-13"].targets == ["bog-hound", "bog-hound-2"]
    assert options["ability:charms:spark-13"].board["targets"]["bog-hound-2"] == {
        "how": "shot", "cells": 3, "distance": "3 strides"}
    assert options["ability:charms:spark-2"].targets == ["bog-hound"]


# -- whom an area catches ------------------------------------------------------------------


def _flare_pkg(friendly_fire=None, **area):
    pkg = marsh()
    for cat in pkg["catalogs"]:
        for entry in cat["entries"]:
            if entry["id"] == "lantern-flare":
                entry["mechanics"]["area"] = {"shape": "burst", "size": 2, **area}
                entry["mechanics"].pop("range")
                if friendly_fire is not None:
                    entry["mechanics"]["friendlyFire"] = friendly_fire
    return ruleset(pkg)


def test_a_burst_on_the_actors_own_cell_catches_the_actor_too():
    rs = _flare_pkg()
    state, _ = start_battle(rs, [wren_marsh("lantern-flare") | {"position": [1, 1]}],
                            [foe("bog-hound", position=[2, 1])], board={"rows": ["....", "....", "...."]},
                            dice=[3, 3, 12, 1] + [4] * 40)
    flare = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:lantern-flare"]
    assert flare.board == {"area": {"shape": "burst", "size": "2 strides", "range": "on the actor's own cell"},
                           "aim": [[1, 1]], "catches": {"1,1": ["wren", "bog-hound"]}}
    state, lines = do(rs, state, "ability:charms:lantern-flare", cell=[1, 1])
    assert lines[0] == "Wren aims Lantern Flare at 1, 1, catching Wren, Bog Hound."
    assert "Lantern Flare (4) deals 4 fire damage to Wren." in lines


def test_friendly_fire_false_and_around_leave_the_actor_out():
    for rs in (_flare_pkg(friendly_fire=False), _flare_pkg(around=True)):
        state, _ = start_battle(rs, [wren_marsh("lantern-flare") | {"position": [1, 1]}],
                                [foe("bog-hound", position=[2, 1])], board={"rows": ["....", "....", "...."]},
                                dice=[3, 3, 12, 1] + [4] * 40)
        flare = {o.id: o for o in menu(rs, state, "wren")}["ability:charms:lantern-flare"]
        assert flare.board["catches"] == {"1,1": ["bog-hound"]}


# -- an Ember Roads fight on a board ------------------------------------------------------


@pytest.mark.skipif(not (UPSTREAM / "ember-roads.json").exists(), reason="upstream ember-roads.json is absent")
def test_an_ember_roads_fight_on_a_board_is_played_to_the_end_the_same_twice():
    from shared.ruleset.load import load_package

    rs = load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))
    party = json.loads((FIXTURES / "ember-party.json").read_text())
    foes = [{"creature": "rust-jackal", "name": "Rust jackal", "count": 2, "position": [9, 2]},
            {"creature": "toll-warden", "position": [9, 5]}]
    party = [dict(m, controller="engine", position=[0, 2 + 2 * i]) for i, m in enumerate(party)]
    foes = [dict(f, controller="engine") for f in foes]
    board = {"rows": ["..........", "...#......", "..~~..T...", "...#..T...", "....,,....", "..r.......",
                      "..........", ".........."], "heights": ["0000000000"] * 4 + ["0011000000"] * 2 + ["0000000000"] * 2}

    def fight():
        state, _ = start_battle(rs, party, foes, seed=11, board=board)
        return state

    a, b = fight(), fight()
    assert a.outcome in ("victory", "defeat") and a.board is not None
    assert [e.model_dump() for e in a.events] == [e.model_dump() for e in b.events]
    assert any(e.kind == "move" and " paces and has " in e.text for e in a.events)
    cells = [tuple(c.position) for c in a.combatants if not c.out]
    assert len(cells) == len(set(cells))


# -- the integer geometry against the exact fractions it replaced --------------------------


def _rows_in(lo: Fraction, hi: Fraction) -> range:
    if lo == hi:
        return range(math.floor(lo), math.floor(lo) + 1) if lo.denominator != 1 else range(0)
    return range(math.floor(lo), math.ceil(hi))


def crossed_fractions(p, q):
    """The first version of `crossed`, on points in whole cells as exact fractions."""
    (px, py), (qx, qy) = p, q
    out = []
    if px == qx:
        if px.denominator == 1:
            return out
        rows = list(_rows_in(min(py, qy), max(py, qy)))
        return [(math.floor(px), r) for r in (rows if qy >= py else reversed(rows))]
    x0, x1 = min(px, qx), max(px, qx)
    columns = range(math.floor(x0), math.ceil(x1))
    for col in (columns if qx > px else reversed(columns)):
        a, b = max(Fraction(col), x0), min(Fraction(col + 1), x1)
        if a >= b:
            continue
        ya = py + (qy - py) * (a - px) / (qx - px)
        yb = py + (qy - py) * (b - px) / (qx - px)
        rows = list(_rows_in(min(ya, yb), max(ya, yb)))
        out.extend((col, r) for r in (reversed(rows) if qy < py else rows))
    return out


half_cells = st.integers(min_value=-3, max_value=41)


@settings(max_examples=400, deadline=None)
@given(half_cells, half_cells, half_cells, half_cells)
def test_crossed_in_half_cells_matches_the_exact_fractions(px, py, qx, qy):
    expected = crossed_fractions((Fraction(px, 2), Fraction(py, 2)), (Fraction(qx, 2), Fraction(qy, 2)))
    assert crossed((px, py), (qx, qy)) == expected


def test_sight_and_cover_are_remembered_per_board_and_read_back_the_same():
    data, _ = read_board({"rows": ["......", "...#..", "..#...", "......"]})
    g = Grid(data)
    first = (sees(g, (0, 0), (5, 3)), cover(g, (0, 0), (5, 3)))
    assert first == (True, THREE_QUARTERS)
    assert ("cover", (0, 0), (5, 3)) in g.memo
    assert (sees(g, (0, 0), (5, 3)), cover(g, (0, 0), (5, 3))) == first
    # A body in the way is not remembered: it changes from one decision to the next.
    assert cover(g, (0, 0), (2, 0), bodies={(1, 0)}) == "half" and cover(g, (0, 0), (2, 0)) == "none"


def test_the_engine_decides_the_same_on_a_reloaded_state():
    rs = ruleset(marsh())
    state, _ = start_battle(rs, [juno_marsh() | {"position": [0, 0]}], [foe("bog-hound", position=[5, 2])],
                            board={"rows": ["......", "..T#..", "......"]}, seed=4)
    again = type(state).model_validate(json.loads(json.dumps(state.model_dump(mode="json"))))
    assert decide_for(rs, state) == decide_for(rs, again)
