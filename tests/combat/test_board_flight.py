"""Other ways to move (1.113), flying height (1.114) and the airborne state (1.354) on the
board, with exact paths, costs, heights and falls (spec/combat-3 "Other ways to move",
"Flying height", "Airborne state").

The package is the Ember-Roads-like one of tests/combat/extras_kit.py: 2 paces a cell, Juno
walks 8 paces (4 cells) and swings a Road axe that reaches one cell. One level of height is
2 paces (one cell), and a fall rolls 1d6 per 2 paces, at most 2 dice, then Prone. The Kite
walks 4 paces (2 cells) and flies 12 (6 cells); the Otter walks and swims 6; the Gecko walks
and climbs 6; the Wisp only flies (8) and hovers. Juno acts first (initiative dice 6, 6),
the creatures' dice are 1, 1.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import advance, menu, start_battle
from shared.combat.board.grid import Grid, read_board
from shared.combat.board.modes import cheapest, reachable_modes
from shared.combat.board.paths import Walkers
from shared.combat.state import HeldCondition
from tests.combat.extras_kit import juno, knack_roads
from tests.combat.kit import add_condition, add_creature, foe, ruleset
from tests.ruleset.minimal import problems_of

FALLING = {"per": 2, "dice": {"count": 1, "sides": 6}, "max": 2, "type": "cut", "prone": "prone"}
BITE = [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2, "damage": {"dice": "1d4"}}]
CREATURES = {
    "kite": ("Kite", {"speed": 4, "speeds": {"fly": 12}}),
    "otter": ("Otter", {"speed": 6, "speeds": {"swim": 6}}),
    "gecko": ("Gecko", {"speed": 6, "speeds": {"climb": 6}}),
    "wisp": ("Wisp", {"speeds": {"fly": 8}, "hover": True}),
}
FIRST = [6, 6, 1, 1] + [3] * 30


def flight_pkg(api: tuple[int, int] | None = None, elevation: dict | None = None, **combat) -> dict:
    pkg = knack_roads()
    pkg["combat"]["economy"]["movement"] = {"const": 8}
    pkg["combat"]["elevation"] = elevation if elevation is not None else {"levelHeight": 2, "falling": FALLING}
    pkg["combat"].update(combat)
    add_condition(pkg, "prone", "Prone", effects=["half-move-to-stand"])
    for eid, (label, block) in CREATURES.items():
        add_creature(pkg, eid, label, {"health": 12, "defense": 6, "initiativeModifier": 0, "tier": "pack",
                                       "actions": BITE, **block})
    if api is not None:
        pkg["schemaVersion"], pkg["capabilityApi"] = 2, {"major": api[0], "minor": api[1]}
    return pkg


def fight(rows, juno_at, who, at, *, pkg=None, heights=None, dice=FIRST, party=None, others=()):
    rs = ruleset(pkg or flight_pkg())
    board = {"rows": rows, **({"heights": heights} if heights else {})}
    state, events = start_battle(rs, [party or juno() | {"position": juno_at}], [foe(who, position=at), *others],
                                 board=board, dice=dice)
    return rs, state, [e.text for e in events]


def options(rs, state, actor=None):
    return {o.id: o for o in menu(rs, state, actor or state.pending.actor)}


def do(rs, state, option, *targets):
    result = advance(rs, state, {"actor": state.pending.actor, "option": option, "targets": list(targets)})
    assert not hasattr(result, "code"), result
    return result[0], [e.text for e in result[1]]


def creature_turn(rs, state):
    """Juno ends her turn: the creature's turn comes."""
    state, _ = do(rs, state, "end-turn")
    return state


# -- the package -------------------------------------------------------------------------------


def test_other_speeds_are_accepted_and_gated_at_1_113():
    pkg = flight_pkg()
    pkg["combat"]["economy"]["movementModes"] = {"swim": {"const": 6}}
    assert problems_of(pkg) == []
    pkg["schemaVersion"], pkg["capabilityApi"] = 2, {"major": 1, "minor": 112}
    needs = "needs capabilityApi 1.113 or later (this package declares 1.112)"
    assert problems_of(pkg) == [
        *(f'catalogs[0].entries[{n}].creature.speeds: "speeds" {needs}' for n in (1, 2, 3)),
        f'catalogs[0].entries[4].creature.speeds: "speeds" {needs}',
        f'catalogs[0].entries[4].creature.hover: "hover" {needs}',
        f'combat.economy.movementModes: "movementModes" {needs}',
    ]


# -- modes on the board ------------------------------------------------------------------------


def test_the_allowance_is_the_fastest_mode_and_walking_never_goes_past_its_own():
    rs, state, _ = fight(["........"], [7, 0], "kite", [0, 0])
    state = creature_turn(rs, state)
    kite = state.combatant("kite")
    assert kite.movement == 6 and kite.modes == {"walk": 2, "fly": 6}
    moves = options(rs, state)
    # Two cells walked, then the walk is spent and the rest is flown.
    board = moves["move:5,0"].board
    assert board["cells"] == 5 and board["cost"] == "10 paces" and board["left"] == "2 paces"
    assert board["modes"] == ["walk", "walk", "fly", "fly", "fly"]
    assert "move:7,0" not in moves and "move:6,0" in moves
    state, lines = do(rs, state, "move:3,0")
    assert lines == ["Kite takes to the air at 3, 0.", "Kite moves to 3, 0 for 6 paces and has 6 paces left."]
    kite = state.combatant("kite")
    assert kite.modes == {"walk": 0, "fly": 3} and kite.movement == 3 and kite.airborne


def test_a_swimmer_crosses_water_for_one_cell_and_a_walker_wades_for_two():
    rows = ["~~~~.", "....."]
    rs, state, _ = fight(rows, [4, 1], "otter", [0, 0])
    state = creature_turn(rs, state)
    board = options(rs, state)["move:3,0"].board
    assert board["cost"] == "6 paces" and board["modes"] == ["swim", "swim", "swim"]
    # Juno, walking only, wades at 2 a cell: her 4 cells take her two cells into the water.
    rs, state, _ = fight(["~~~~."], [4, 0], "otter", [0, 0])
    walk = options(rs, state)
    assert walk["move:3,0"].board["cost"] == "4 paces" and walk["move:2,0"].board["cost"] == "8 paces"
    assert "move:1,0" not in walk and "modes" not in walk["move:2,0"].board


def test_a_climber_goes_up_a_cliff_for_the_cost_of_the_ground():
    rows, heights = [".,..."], ["03000"]
    rs, state, _ = fight(rows, [4, 0], "gecko", [0, 0], heights=heights)
    state = creature_turn(rs, state)
    gecko = options(rs, state)
    # Onto the rough ledge three levels up: 2 cells (its rough cost), no climb surcharge.
    assert gecko["move:1,0"].board["cost"] == "4 paces" and gecko["move:1,0"].board["modes"] == ["climb"]
    assert gecko["move:2,0"].board["modes"] == ["climb", "climb"]
    assert gecko["move:2,0"].board["cells"] == 3
    # Juno walks into the cliff from the other side and stops short of it.
    rs, state, _ = fight(rows, [4, 0], "gecko", [0, 0], heights=heights)
    assert set(options(rs, state)) >= {"move:2,0", "move:3,0"} and "move:1,0" not in options(rs, state)


def test_a_flier_steps_over_water_and_cliffs_for_one_cell():
    rs, state, _ = fight(["..~~#..."], [7, 0], "kite", [0, 0], heights=["00000300"])
    state = creature_turn(rs, state)
    moves = options(rs, state)
    # Walking 2 to 1, 0, then flying over the water: 4 cells to 3, 0; the wall stops it.
    assert moves["move:3,0"].board["cells"] == 3
    assert moves["move:3,0"].board["modes"] == ["walk", "fly", "fly"]
    assert "move:5,0" not in moves


# -- flying height -------------------------------------------------------------------------------


def test_fly_up_and_down_spend_one_level_of_flying_and_height_counts_in_reach():
    rs, state, _ = fight(["....."], [1, 0], "kite", [2, 0])
    state = creature_turn(rs, state)
    first = options(rs, state)
    assert first["fly-up"].board == {"cost": "2 paces", "left": "10 paces", "cells": 1, "aloft": 1}
    assert "action:bite" in first
    state, lines = do(rs, state, "fly-up")
    assert lines == ["Kite flies up to 2 paces above the ground for 2 paces and has 10 paces left."]
    state, lines = do(rs, state, "fly-up")
    assert lines == ["Kite flies up to 4 paces above the ground for 2 paces and has 8 paces left."]
    kite = state.combatant("kite")
    assert kite.aloft == 2 and kite.airborne and kite.modes == {"walk": 0, "fly": 4}
    # Two levels up is two cells away: the bite no longer reaches Juno below.
    aloft = options(rs, state)
    assert "action:bite" not in aloft and "fly-down" in aloft
    assert aloft["move:3,0"].board["modes"] == ["fly"] and aloft["move:3,0"].board["aloft"] == 2
    state, lines = do(rs, state, "fly-down")
    assert lines == ["Kite flies down to 2 paces above the ground for 2 paces and has 6 paces left."]
    state, lines = do(rs, state, "fly-down")
    assert lines == ["Kite flies down to the ground, still in the air for 2 paces and has 4 paces left."]
    kite = state.combatant("kite")
    assert kite.aloft == 0 and kite.airborne
    assert "action:bite" in options(rs, state)


def test_a_flier_rises_at_most_20_levels():
    rs, state, _ = fight(["....."], [0, 0], "kite", [4, 0])
    state = creature_turn(rs, state)
    state.combatant("kite").aloft = 19
    state.combatant("kite").airborne = True
    assert "fly-up" in options(rs, state)
    state, _ = do(rs, state, "fly-up")
    assert state.combatant("kite").aloft == 20 and "fly-up" not in options(rs, state)


def test_juno_cannot_swing_at_a_kite_aloft_and_it_holds_the_high_ground():
    pkg = flight_pkg(elevation={"levelHeight": 2, "highGround": {"bonus": 2}})
    rs, state, _ = fight(["....."], [1, 0], "kite", [2, 0], pkg=pkg)
    state.combatant("kite").aloft = 1
    state.combatant("kite").airborne = True
    # One level up is one cell: still within the axe's reach.
    assert options(rs, state)["attack:gear:road-axe"].targets == ["kite"]
    state.combatant("kite").aloft = 2
    assert "attack:gear:road-axe" not in options(rs, state)
    state.combatant("kite").aloft = 1
    state = creature_turn(rs, state)
    state, lines = do(rs, state, "action:bite", "juno")
    assert "high ground" in lines[0]


def test_flying_onto_ground_as_high_as_itself_lands_it():
    rs, state, _ = fight(["....."], [0, 0], "kite", [2, 0], heights=["00002"])
    state = creature_turn(rs, state)
    state, _ = do(rs, state, "fly-up")
    state, _ = do(rs, state, "fly-up")
    board = options(rs, state)["move:4,0"].board
    assert board["modes"] == ["fly", "fly"] and board["aloft"] == 0
    state, lines = do(rs, state, "move:4,0")
    assert lines == ["Kite flies onto ground as high as it flies, at 4, 0.",
                     "Kite moves to 4, 0 for 4 paces and has 4 paces left."]
    assert state.combatant("kite").aloft == 0


def test_a_walker_leaving_the_reach_of_a_kite_too_high_provokes_no_strike():
    pkg = flight_pkg(opportunity={"budget": "quick"})
    rs, state, _ = fight(["....."], [1, 0], "kite", [2, 0], pkg=pkg)
    state.combatant("kite").budgets["quick"] = 1
    assert options(rs, state)["move:0,0"].board.get("strikes") == [{"cell": [1, 0], "by": "kite"}]
    state.combatant("kite").aloft = 2
    state.combatant("kite").airborne = True
    assert "strikes" not in options(rs, state)["move:0,0"].board
    state, lines = do(rs, state, "move:0,0")
    assert lines == ["Juno moves to 0, 0 for 2 paces and has 6 paces left."]


def test_a_kite_aloft_is_pushed_off_a_ledge_and_keeps_flying():
    from tests.combat.test_board_rules import WIN, shove_pkg

    pkg = shove_pkg(elevation={"levelHeight": 2, "falling": FALLING})
    add_creature(pkg, "kite", "Kite", {"health": 12, "defense": 6, "initiativeModifier": 0, "tier": "pack",
                                       "speed": 4, "speeds": {"fly": 12}, "checks": {"brawn": 2}, "actions": BITE})
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [juno() | {"position": [1, 0]}], [foe("kite", position=[2, 0])],
                            board={"rows": ["......"], "heights": ["033000"]}, dice=WIN)
    state.combatant("kite").aloft = 1
    state, lines = do(rs, state, "contest:shove", "kite")
    # From 4 levels up (ground 3 and one more), over the drop: 2 cells, no fall.
    assert lines[1:] == ["Juno pushes Kite 4 paces to 4, 0."]
    assert state.combatant("kite").aloft == 4 and state.falls == []


# -- coming down -------------------------------------------------------------------------------


def test_a_kite_knocked_prone_aloft_falls_to_the_ground():
    rs, state, _ = fight(["....."], [0, 0], "kite", [3, 0], dice=FIRST[:4] + [4, 5] + [3] * 20)
    state.combatant("kite").aloft = 3
    state.combatant("kite").airborne = True
    state.combatant("kite").conditions.append(HeldCondition(id="prone"))
    state, lines = do(rs, state, "end-turn")
    # Three levels of 2 paces: 6 paces, one die per 2 paces is 3 dice, held to `max` 2.
    assert lines == [
        "Kite's turn.",
        "Kite is Prone and comes down.",
        "Kite falls 6 paces: 2d6 = 9 (4 + 5).",
        "The fall deals 9 cut damage to Kite.",
        "Kite has 3 of 12 Grit.",
    ]
    kite = state.combatant("kite")
    assert kite.aloft == 0 and not kite.airborne and kite.health == 3


def test_held_to_speed_0_a_kite_falls_but_a_hovering_wisp_stays_up():
    others = [foe("wisp", position=[4, 1])]
    rs, state, _ = fight([".....", "....."], [0, 0], "kite", [1, 0], others=others,
                         dice=[6, 6, 1, 1, 1, 1, 2, 6] + [3] * 20)
    kite, wisp = state.combatant("kite"), state.combatant("wisp")
    assert wisp.airborne and not kite.airborne
    kite.aloft, kite.airborne, wisp.aloft = 2, True, 2
    for who in (kite, wisp):
        who.conditions.append(HeldCondition(id="held", source="juno"))
    state, lines = do(rs, state, "end-turn")
    assert lines[1:5] == [
        "Kite cannot fly and comes down.",
        "Kite falls 4 paces: 2d6 = 8 (2 + 6).",
        "The fall deals 8 cut damage to Kite.",
        "Kite has 4 of 12 Grit.",
    ]
    assert (kite := state.combatant("kite")).aloft == 0 and not kite.airborne
    assert (wisp := state.combatant("wisp")).aloft == 2 and wisp.airborne


def test_a_flier_with_no_walking_speed_starts_in_the_air_and_cannot_land():
    rs, state, lines = fight(["....."], [0, 0], "wisp", [4, 0])
    assert "Wisp starts in the air." in lines
    state = creature_turn(rs, state)
    wisp = options(rs, state)
    assert "land" not in wisp and "take-off" not in wisp and "fly-up" in wisp


def test_take_off_and_land_are_free():
    rs, state, _ = fight(["....."], [0, 0], "kite", [4, 0])
    state = creature_turn(rs, state)
    kite = state.combatant("kite")
    before = (kite.movement, dict(kite.budgets))
    assert "land" not in options(rs, state)
    state, lines = do(rs, state, "take-off")
    assert lines == ["Kite takes off."] and state.combatant("kite").airborne
    assert "take-off" not in options(rs, state)
    state, lines = do(rs, state, "land")
    assert lines == ["Kite lands."] and not state.combatant("kite").airborne
    kite = state.combatant("kite")
    assert (kite.movement, kite.budgets) == before


def test_before_1_114_fliers_stay_on_the_ground_and_before_1_354_the_air_is_not_tracked():
    rs, state, lines = fight(["....."], [0, 0], "wisp", [4, 0], pkg=flight_pkg(api=(1, 113)))
    state = creature_turn(rs, state)
    wisp = options(rs, state)
    assert not any(oid in wisp for oid in ("fly-up", "fly-down", "take-off", "land"))
    assert "Wisp starts in the air." not in lines and not state.combatant("wisp").airborne
    rs, state, lines = fight(["....."], [0, 0], "kite", [4, 0], pkg=flight_pkg(api=(1, 114)))
    state = creature_turn(rs, state)
    assert "fly-up" in options(rs, state) and "take-off" not in options(rs, state)
    state, lines = do(rs, state, "move:1,0")
    assert lines == ["Kite moves to 1, 0 for 6 paces and has 6 paces left."]


def test_dash_gives_every_mode_its_allowance_again():
    pkg = flight_pkg()
    pkg["combat"]["standard"] = ["dash"]
    rs, state, _ = fight(["........"], [7, 0], "kite", [0, 0], pkg=pkg)
    state = creature_turn(rs, state)
    state, _ = do(rs, state, "move:1,0")
    state, lines = do(rs, state, "standard:dash")
    assert lines == ["Kite dashes: 12 paces more movement, 22 paces in all."]
    kite = state.combatant("kite")
    assert kite.modes == {"walk": 3, "fly": 11} and kite.movement == 11


def test_a_party_member_reads_other_speeds_from_the_sheet():
    pkg = flight_pkg()
    pkg["combat"]["economy"]["movementModes"] = {"swim": {"abilityScore": "brawn"}, "fly": {"const": 0}}
    rs, state, _ = fight(["~~~~~."], [5, 0], "kite", [0, 0], pkg=pkg)
    juno_ = state.combatant("juno")
    # Walking 8 paces, swimming Brawn 3 paces: 4 cells walking, 1 swimming; flying 0 is none.
    assert juno_.modes == {"walk": 4, "swim": 1} and juno_.movement == 4
    board = options(rs, state)["move:4,0"].board
    assert board["modes"] == ["swim"] and board["cost"] == "2 paces"
    # The swim is spent after one cell: the next cell of water is waded, at 2.
    assert options(rs, state)["move:3,0"].board["modes"] == ["swim", "walk"]
    assert options(rs, state)["move:3,0"].board["cost"] == "6 paces"


# -- the Engine -------------------------------------------------------------------------------


def test_the_engine_flies_over_the_river_to_reach_juno():
    # A river two cells wide: walking, the Kite would wade at 2 a cell; flying it costs 1.
    rs = ruleset(flight_pkg())
    state, _ = start_battle(rs, [juno() | {"position": [4, 0]}],
                            [{"creature": "kite", "position": [0, 0]}],
                            board={"rows": [".~~..", ".~~.."]}, dice=FIRST)
    state, _ = do(rs, state, "end-turn")
    moves = [e for e in state.events if e.kind == "move"]
    assert [e.text for e in moves][-2:] == ["Kite takes to the air at 1, 0.",
                                            "Kite moves to 3, 0 for 6 paces and has 6 paces left."]


def test_the_engine_aloft_with_nothing_in_reach_flies_down_until_it_bites():
    rs = ruleset(flight_pkg())
    state, _ = start_battle(rs, [juno() | {"position": [0, 0]}], [{"creature": "kite", "position": [1, 0]}],
                            board={"rows": ["...."]}, dice=FIRST)
    state.combatant("kite").aloft = 2
    state.combatant("kite").airborne = True
    state, _ = do(rs, state, "end-turn")
    lines = [e.text for e in state.events]
    start = lines.index("Kite's turn.")
    # One level up is one cell: beside Juno, the bite reaches her again.
    assert lines[start + 1:start + 3] == [
        "Kite flies down to 2 paces above the ground for 2 paces and has 10 paces left.",
        "Kite attacks Juno with Bite: 6 (3 + 3) + 2 = 8 against Guard 6, a hit.",
    ]


# -- properties -------------------------------------------------------------------------------

TERRAIN = st.sampled_from(".,~#T")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_way_is_legal_for_its_modes(data):
    width = data.draw(st.integers(3, 7))
    height = data.draw(st.integers(3, 7))
    rows = ["".join(data.draw(st.lists(TERRAIN, min_size=width, max_size=width))) for _ in range(height)]
    heights = ["".join(data.draw(st.lists(st.sampled_from("0123"), min_size=width, max_size=width)))
               for _ in range(height)]
    start = (data.draw(st.integers(0, width - 1)), data.draw(st.integers(0, height - 1)))
    rows[start[1]] = rows[start[1]][:start[0]] + "." + rows[start[1]][start[0] + 1:]
    board, problems = read_board({"rows": rows, "heights": heights})
    assert not problems
    g = Grid(board)
    left = {"walk": data.draw(st.integers(0, 6))}
    for mode in data.draw(st.lists(st.sampled_from(["fly", "swim", "climb", "burrow"]), unique=True)):
        left[mode] = data.draw(st.integers(1, 8))
    others = data.draw(st.lists(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)), max_size=4))
    walkers = Walkers(walls={c for c in others[:2] if c != start}, occupied={c for c in others if c != start})
    altitude = data.draw(st.one_of(st.none(), st.integers(1, 5)))
    if altitude is not None:
        altitude += g.level(*start)
        left.setdefault("fly", 3)
    allowance = max(left.values())
    for cell, way in reachable_modes(g, start, left, walkers, altitude).items():
        assert cell not in walkers.occupied and not g.solid(*cell)
        assert way.cost <= allowance and way.path[-1] == cell
        have, here, spent, alt = dict(left), start, 0, altitude
        for step, mode, level in zip(way.path, way.modes, way.altitudes):
            assert step not in walkers.walls
            if alt is not None:
                assert mode == "fly" and have["fly"] >= 1
                cost = 1
                alt = None if g.level(*step) >= alt else alt
                assert level == (alt if alt is not None else -1)
            else:
                # Each step is taken with the cheapest mode that has enough left.
                found = cheapest(g, here, step, {m: n for m, n in have.items() if n > 0})
                assert found is not None and found[0] == mode
                cost = found[1]
            assert cost <= have[mode]
            have = {m: n - cost for m, n in have.items()}
            spent += cost
            here = step
        assert spent == way.cost


def test_the_screen_shows_each_mode_left_and_the_flier_in_the_air():
    from shared.combat.screen import screen_view

    rs, state, _ = fight(["....."], [0, 0], "kite", [4, 0])
    state = creature_turn(rs, state)
    state, _ = do(rs, state, "fly-up")
    shown = {c.id: c for c in screen_view(rs, state, battle="b", revision=1, last_seq=0, status="active").combatants}
    assert shown["kite"].movement.model_dump() == {
        "left": "10 paces", "cells": 5, "modes": {"walk": "2 paces", "fly": "10 paces"},
        "airborne": True, "aloft": "2 paces"}
    assert shown["juno"].movement.modes is None and not shown["juno"].movement.airborne
