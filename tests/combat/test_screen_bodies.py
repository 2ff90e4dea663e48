"""What the viewer is sent about bodies on the board (docs/viewer.md; shared/combat/screen.py,
`CombatantShown.cells` and `away`): a Large ogre's square (mechanics-1 1.194), a banished
hound (mechanics-2 1.236), a party member who teleported out of the fight (mechanics-3
1.279), and the log's pushes and teleports as moves (their events carry where to).

The fights are tests/combat/test_board_sizes.py's, test_dismissal.py's and
test_teleport_companions.py's, with the same dice."""

from __future__ import annotations

from shared.combat.screen import screen_view
from tests.combat import test_board_pushes as PUSH
from tests.combat import test_board_sizes as BS
from tests.combat import test_dismissal as DI
from tests.combat import test_teleport_companions as TC
from tests.combat.kit import play


def _shown(rs, state):
    view = screen_view(rs, state, battle="b-1", revision=state.revision, last_seq=state.seq, status="active")
    return {c.id: c for c in view.combatants}, view.model_dump(mode="json")


def test_a_large_ogre_is_sent_with_its_square_and_one_cell_creatures_without():
    rs, state, _ = BS._fight([])
    shown, data = _shown(rs, state)
    assert shown["ogre"].cells == 2 and shown["ogre"].position == (5, 5)
    assert shown["brom"].cells is None
    ogre = next(c for c in data["combatants"] if c["id"] == "ogre")
    brom = next(c for c in data["combatants"] if c["id"] == "brom")
    assert ogre["cells"] == 2 and "cells" not in brom and "away" not in brom


def test_a_banished_hound_is_shown_away_while_banished_and_back_without():
    rs, state = DI.fight(dice=[5, 15, 4, 2])
    state, _ = play(rs, state, "ilsa", "ability:spells:banishment", "cinder-hound")
    shown, _ = _shown(rs, state)
    assert shown["cinder-hound"].away == "Away while Banished" and shown["cinder-hound"].position is None
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "thorn-lurker", "action:barbed_claw", "ilsa")
    shown, _ = _shown(rs, state)
    assert shown["cinder-hound"].away is None and shown["cinder-hound"].position == (6, 1)


def test_left_the_fight_is_shown():
    rs, state = TC.fight()
    state, _ = play(rs, state, "ilsa", "ability:spells:plane-shift", carries=["brom"])
    shown, _ = _shown(rs, state)
    assert shown["ilsa"].away == "Left the fight" and shown["brom"].away == "Left the fight"


def test_pushes_and_teleports_are_moves_with_where_they_went():
    # The viewer marks a `push` with a `cell`, a `move` with `teleport` and a `left` as the
    # log's moves (viewer.js movedBy): their events carry who moved and where to.
    state, _ = PUSH._wave(PUSH.ZK.ROWS, [3, 4, 5])
    push = [e for e in state.events if e.kind == "push"][-1]
    assert push.text == "Ilsa pushes Cinder Hound 10 ft to 5, 1."
    assert push.data["target"] == "cinder-hound" and push.data["cell"] == [5, 1]
    rs, state = TC.fight()
    state, _ = play(rs, state, "ilsa", "ability:spells:dimension-door", cell=[8, 1], carries=["brom"])
    moves = [e for e in state.events if e.kind == "move" and e.data.get("teleport")]
    assert [(e.data["actor"], e.data["start"], e.data["cell"]) for e in moves] == [
        ("ilsa", [0, 1], [8, 1]), ("brom", [1, 1], [7, 0])]
