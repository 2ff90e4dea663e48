"""A creature's sequence on a board (spec/combat-2 creatures `sequence`: each part with its
own target; spec/combat-3 "Reach and range": a creature action uses its own reach): the menu
offers whoever one part reaches, each part lands only on someone it reaches, a part that
reaches nobody does not happen, a part that does not reach the chosen target falls back on
an opponent within its own reach, and once the chosen target drops the parts aimed at them
do not happen."""

from __future__ import annotations

from shared.combat import advance, menu, start_battle
from tests.combat.kit import add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh

#: The spec's own example (spec/combat-2): Bite reaches 2, Worry (no reach) one cell.
SNAPPER = {
    "health": 20, "defense": 8, "initiativeModifier": 9, "speed": 6, "tier": "pack",
    "actions": [
        {"id": "bite", "name": "Bite", "budget": "act", "toHit": 2,
         "damage": {"dice": "1d6", "flat": 1, "type": "cut"}, "reach": 2},
        {"id": "worry", "name": "Worry", "budget": "act", "toHit": 2, "damage": {"dice": "1d4", "type": "cut"}},
        {"id": "snap_and_worry", "name": "Snap and worry", "budget": "act",
         "sequence": [{"action": "bite", "times": 1}, {"action": "worry", "times": 1}]},
    ],
}
BOARD = {"rows": ["........", "........", "........", "........"]}


def fight(party, snapper_at, dice, bite_flat=1):
    pkg = marsh()
    block = {**SNAPPER, "actions": [dict(a) for a in SNAPPER["actions"]]}
    block["actions"][0]["damage"] = {"dice": "1d6", "flat": bite_flat, "type": "cut"}
    add_creature(pkg, "snapper", "Snapper", block)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, party, [foe("snapper", position=snapper_at)], board=BOARD, dice=dice)
    assert state.pending.actor == "snapper"
    return rs, state


def snap(rs, state, target):
    result = advance(rs, state, {"actor": "snapper", "option": "action:snap_and_worry", "targets": [target]})
    assert not hasattr(result, "code"), result
    return result[0], [e.text for e in result[1]]


#: Initiative (1d12 for Juno, then the Snapper), then the fight's own dice.
INIT = [1, 1]


def test_the_menu_offers_whom_one_part_reaches_and_forecasts_only_the_parts_that_reach():
    rs, state = fight([juno_marsh() | {"position": [0, 0]}], [2, 0], INIT)
    option = next(o for o in menu(rs, state, "snapper") if o.id == "action:snap_and_worry")
    assert option.targets == ["juno"]
    assert option.board["targets"]["juno"]["how"] == "swing"
    assert option.board["targets"]["juno"]["cells"] == 2
    bite = next(o for o in menu(rs, state, "snapper") if o.id == "action:bite")
    # Two cells away only Bite lands: the sequence's forecast is Bite's alone.
    assert option.forecasts[0].damage == bite.forecasts[0].damage
    worry = next((o for o in menu(rs, state, "snapper") if o.id == "action:worry"), None)
    assert worry is None


def test_a_part_that_reaches_nobody_does_not_happen():
    # Bite: 9 + 2 = 11 against Guard 8, 4 + 1 = 5 damage; Worry reaches no one.
    rs, state = fight([juno_marsh() | {"position": [0, 0]}], [2, 0], INIT + [9, 4])
    state, log = snap(rs, state, "juno")
    assert log[:5] == [
        "Snapper uses Snap and worry.",
        "Snapper attacks Juno with Bite: 9 + 2 = 11 against Guard 8, a hit.",
        "Bite (4 + 1 = 5) deals 5 cut damage to Juno.",
        "Juno has 6 of 11 Breath.",
        "Worry reaches no one from where Snapper stands, so it does not happen.",
    ]
    assert state.dice.cursor == len(state.dice.script)


def test_when_the_first_target_drops_the_part_aimed_at_them_does_not_happen():
    # Bite drops Juno (6 + 20 = 26); Worry was aimed at her, so it is not turned on anyone.
    party = [juno_marsh() | {"position": [1, 0]}, wren_marsh() | {"position": [3, 1]}]
    rs, state = fight(party, [2, 0], [1, 1, 1, 9, 6], bite_flat=20)
    state, log = snap(rs, state, "juno")
    assert "Juno is down, so Worry (Snap and worry) does not happen." in log
    assert not any("attacks Wren" in line for line in log)
    assert state.dice.cursor == len(state.dice.script)


def test_a_part_that_does_not_reach_the_chosen_target_falls_back_on_someone_it_reaches():
    # Juno two cells away: Bite (reach 2) at her, 9 + 2 = 11 against Guard 8, 4 + 1 = 5;
    # Worry (one cell) does not reach her and turns to Wren beside the Snapper: 8 + 2 = 10
    # against Guard 8, 3 damage.
    party = [juno_marsh() | {"position": [0, 0]}, wren_marsh() | {"position": [3, 1]}]
    rs, state = fight(party, [2, 0], [1, 1, 1, 9, 4, 8, 3])
    state, log = snap(rs, state, "juno")
    assert "Bite (4 + 1 = 5) deals 5 cut damage to Juno." in log
    assert "Snapper attacks Wren with Worry: 8 + 2 = 10 against Guard 8, a hit." in log
    assert "Worry (3) deals 3 cut damage to Wren." in log
