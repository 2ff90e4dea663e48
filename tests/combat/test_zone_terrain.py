"""Zone terrain that costs more (spec/mechanics-1 "Ramming zones and costlier terrain",
1.175: `costTimes`, `halvesSpeed`; "Pushes, wind and goggles", 1.182: `towardCaster`), on
the 5e board of tests/combat/zones_kit.py: Ilsa lays the spec's Spike Growth (a 20-foot
burst on 5, 2: x 2 to 8, every row; 2d4 piercing for every 5 feet moved inside) and the
5e example's Cinder Hound (5d8 = 25, speed 40 feet: 8 cells) walks in it from 8, 2.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import menu, start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.test_zone_occupants import go, reloads


def spikes(**terrain: Any) -> dict[str, Any]:
    """Spike Growth's zone with its `terrain` keys replaced by `terrain` (its harm kept)."""
    zone = copy.deepcopy(ZK.SPIKE_GROWTH["mechanics"]["zone"])
    zone["terrain"] = {"perDistance": zone["terrain"]["perDistance"], **terrain}
    return zone


def _laid(zone: dict[str, Any], dice: list[int]):
    rs = ruleset(ZK.package(spike=zone))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), board=ZK.BOARD,
                            dice=[5, 5, 5, 5, 5, 20, 1] + dice)
    state, _ = go(rs, state, "ilsa", "ability:spells:spike-growth", cell=[5, 2])
    state, _ = go(rs, state, "ilsa", "end-turn")
    return rs, state


def _walks(rs, state) -> dict[str, Any]:
    return {o.id: o.board for o in menu(rs, state, "cinder-hound") if o.id.startswith("move:")}


def test_terrain_costing_three_times_takes_three_cells_of_movement_a_step():
    # `costTimes: 3` (Plant Growth's is 4): each step in costs 3 cells, so of its 8 the
    # Hound goes two cells west (6 cells, 30 feet) and no further; 2d4 twice: 1 + 2, 4 + 1.
    rs, state = _laid(spikes(costTimes=3), [1, 2, 4, 1])
    walks = _walks(rs, state)
    assert (walks["move:6,2"]["cells"], walks["move:6,2"]["cost"]) == (6, "30 ft")
    assert "move:5,2" not in walks and "move:7,2" in walks and walks["move:7,2"]["cells"] == 3
    state, lines = go(rs, state, "cinder-hound", "move:6,2")
    assert lines == [
        "Spike Growth (3 (1 + 2)) deals 3 piercing damage to Cinder Hound.",
        "Cinder Hound has 22 of 25 Hit points.",
        "Spike Growth (5 (4 + 1)) deals 5 piercing damage to Cinder Hound.",
        "Cinder Hound has 17 of 25 Hit points.",
        "Cinder Hound moves to 6, 2 for 30 ft and has 10 ft left.",
    ]


def test_terrain_halving_speed_doubles_difficult_terrain_once_more():
    # `halvesSpeed` on top of `difficult` (Spirit Guardians' own rule on Spike Growth's
    # ground): each step in costs 2 x 2 = 4 cells, so the Hound's 8 take it two cells west
    # and leave nothing; only `halvesSpeed` (no difficult terrain): 2 a step.
    rs, state = _laid(spikes(difficult=True, halvesSpeed=True), [1, 1, 1, 1])
    walks = _walks(rs, state)
    assert (walks["move:6,2"]["cells"], walks["move:7,2"]["cells"]) == (8, 4) and "move:5,2" not in walks
    state, lines = go(rs, state, "cinder-hound", "move:6,2")
    assert lines[-1] == "Cinder Hound moves to 6, 2 for 40 ft and has 0 ft left."
    rs, state = _laid(spikes(halvesSpeed=True), [])
    walks = _walks(rs, state)
    assert (walks["move:6,2"]["cells"], walks["move:4,2"]["cells"]) == (4, 8)


def test_costlier_terrain_is_saved_and_reloaded_exactly():
    rs, state = _laid(spikes(costTimes=3, halvesSpeed=True), [])
    assert reloads(state) == {"spells/spike-growth": {"least": 3, "times": 2}}
