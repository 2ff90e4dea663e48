"""Teleporting with companions and out of the fight (spec/mechanics-3 "Teleportation" 1.276
`carries`, `carriesWithin`; 1.279 `leaves`, `carriesSeen`; shared/combat/board/teleport.py,
dismissal.send_away, outcome.py), with exact log lines, on tests/combat/test_board_teleport.py's
package (Marinara's 5e package with the 5e example's Cinder Hound, 5 feet a cell).

- Dimension Door as the spec writes it (SRD 5.1: 4th level, 500 feet, one willing creature
  within 5 feet: `"carries": 1, "carriesWithin": 5`);
- a Hound's Shimmer written as the SRD unicorn's Teleport (itself and up to three willing
  creatures it can see within 5 feet, a mile away): `"leaves": true, "carries": 3,
  "carriesSeen": true`;
- Plane Shift for Ilsa (SRD 5.1: 7th level; here with `leaves`), taking Brom along.

Set-up dice: the Hound's 5d8 = 25, then initiative Ilsa 20 + 3, Brom 10 + 1 (where he
fights), the Hound 1 + 1.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import advance, decide_for, menu, start_battle
from shared.combat.fight import Refusal
from tests.combat import sizes_kit as SK
from tests.combat import test_board_teleport as TP
from tests.combat import zones_kit as ZK
from tests.combat.kit import foe, play, ruleset
from tests.combat.srd_kit import spell_row

DIMENSION_DOOR = {"id": "dimension-door", "label": "Dimension Door", "mechanics": {
    "kind": "utility", "targets": "self", "range": 0, "cost": [{"pool": "slots_4", "amount": 1}],
    "teleport": {"distance": 500, "carries": 1, "carriesWithin": 5}}}
PLANE_SHIFT = {"id": "plane-shift", "label": "Plane Shift", "mechanics": {
    "kind": "utility", "targets": "self", "range": 0, "cost": [{"pool": "slots_7", "amount": 1}],
    "teleport": {"distance": 5, "leaves": True, "carries": 8, "carriesWithin": 5}}}
SHIMMER = {"id": "shimmer", "name": "Shimmer away", "budget": "action", "self": True,
           "teleport": {"distance": 5280, "leaves": True, "carries": 3, "carriesSeen": True}}
BOARD = {"rows": [".........."] * 3}


def package(*, door: dict[str, Any] | None = None, shimmer: dict[str, Any] | None = SHIMMER) -> dict[str, Any]:
    pkg = TP.package(blink=shimmer)
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
    spells["entries"] += [copy.deepcopy(door or DIMENSION_DOOR), copy.deepcopy(PLANE_SHIFT)]
    return pkg


def ilsa(at: list[int]) -> dict[str, Any]:
    member = TP.ilsa(at)
    member["sheet"]["fields"]["slots_max_4"] = 1
    member["sheet"]["lists"]["spells"] += [spell_row("dimension-door", "Dimension Door", 4),
                                           spell_row("plane-shift", "Plane Shift", 7)]
    return member


def fight(*, ilsa_at=(0, 1), brom_at=(1, 1), hound_at=(9, 1), board=BOARD, pkg=None, dice=()):
    rs = ruleset(pkg or package())
    state, _ = start_battle(rs, [ilsa(list(ilsa_at)), SK.brom(list(brom_at))], ZK.foes(hound=list(hound_at)),
                            board=board, dice=[5] * 5 + [20, 10, 1] + list(dice))
    return rs, state


def test_dimension_door_takes_brom_along_and_he_lands_as_close_to_ilsa_as_there_is_room():
    # 500 feet covers the board. Brom on 1, 1 is within 5 feet (beside Ilsa on 0, 1); he
    # lands on the first free cell of the ring around 8, 1, row by row: 7, 0.
    rs, state = fight()
    door = {o.id: o for o in menu(rs, state, "ilsa")}["ability:spells:dimension-door"]
    assert door.board["teleport"]["carries"] == ["brom"] and door.board["teleport"]["carriesMost"] == 1
    state, lines = play(rs, state, "ilsa", "ability:spells:dimension-door", cell=[8, 1], carries=["brom"])
    assert lines[-2:] == ["Ilsa teleports 40 ft from 0, 1 to 8, 1.",
                          "Brom goes along with Ilsa, from 1, 1 to 7, 0."]
    assert state.combatant("brom").position == [7, 0]


def test_brom_three_cells_off_cannot_go_along_and_alone_ilsa_leaves_him():
    rs, state = fight(brom_at=(3, 1))
    door = {o.id: o for o in menu(rs, state, "ilsa")}["ability:spells:dimension-door"]
    assert door.board["teleport"]["carries"] == []
    refused = advance(rs, state, {"actor": "ilsa", "option": "ability:spells:dimension-door", "targets": [],
                                  "cell": [8, 1], "carries": ["brom"]})
    assert isinstance(refused, Refusal) and refused.message == "'brom' cannot go along with Dimension Door now"
    state, lines = play(rs, state, "ilsa", "ability:spells:dimension-door", cell=[8, 1])
    assert lines[-1] == "Ilsa teleports 40 ft from 0, 1 to 8, 1." and state.combatant("brom").position == [3, 1]


def test_carries_within_reaches_farther_than_touch():
    # `carriesWithin: 15` (3 cells): Brom on 3, 1 may go.
    door = copy.deepcopy(DIMENSION_DOOR)
    door["mechanics"]["teleport"]["carriesWithin"] = 15
    rs, state = fight(brom_at=(3, 1), pkg=package(door=door))
    assert {o.id: o for o in menu(rs, state, "ilsa")}["ability:spells:dimension-door"].board["teleport"]["carries"] == ["brom"]


def test_plane_shift_takes_the_party_out_of_the_fight_and_it_has_fled():
    # No cell: Ilsa and Brom (beside her) leave alive; nobody of the party is left: fled.
    rs, state = fight()
    shift = {o.id: o for o in menu(rs, state, "ilsa")}["ability:spells:plane-shift"]
    assert shift.board["teleport"]["leaves"] is True
    state, lines = play(rs, state, "ilsa", "ability:spells:plane-shift", carries=["brom"])
    assert lines[-3:] == ["Ilsa teleports out of the fight: Left the fight.",
                          "Brom teleports out of the fight with Ilsa: Left the fight.",
                          "The fight is over after 1 round: the party has fled."]
    assert state.outcome == "fled"
    brom = state.combatant("brom")
    assert brom.out and brom.away is not None and brom.away.left and brom.position is None


def test_the_hound_shimmers_away_at_a_quarter_of_its_health_and_escapes():
    # The Hound at 6 of 25 (at most a quarter: 6.25) leaves under the Engine's tactics, and
    # with it the last foe: the party wins, and the summary says it escaped.
    rs, state = fight()
    state.combatant("cinder-hound").health = 6
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "brom", "end-turn")
    assert decide_for(rs, state) == {"actor": "cinder-hound", "option": "action:shimmer", "targets": []}
    state, lines = play(rs, state, "cinder-hound", "action:shimmer")
    assert lines[-2:] == ["Cinder Hound teleports out of the fight: Left the fight.",
                          "The fight is over after 1 round: the party wins; Cinder Hound escaped."]
    assert state.outcome == "victory"


def test_an_unhurt_hound_does_not_leave():
    rs, state = fight()
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "brom", "end-turn")
    assert decide_for(rs, state)["option"] != "action:shimmer"


def test_off_the_board_leaving_is_the_only_place_it_leads():
    # Without a board, Plane Shift is offered (it leaves) and Dimension Door is not.
    rs = ruleset(package())
    state, _ = start_battle(rs, [ilsa([0, 1]), SK.brom([1, 1])], [foe("cinder-hound")], dice=[5] * 5 + [20, 10, 1])
    ids = {o.id for o in menu(rs, state, "ilsa")}
    assert "ability:spells:plane-shift" in ids and "ability:spells:dimension-door" not in ids
    state, lines = play(rs, state, "ilsa", "ability:spells:plane-shift")
    assert lines[-1] == "Ilsa teleports out of the fight: Left the fight."
    assert state.outcome is None and state.order == ["brom", "cinder-hound"]
