"""Surprise (spec/mechanics-2 "Surprise", 1.237; shared/combat/surprise.py): foes or party
marked `"surprised": true` as the fight is created (the party and foes of `POST /v1/battles`
and of `battle fight` files alike), and `cannotBeSurprised`. The package, Ilsa and the
Cinder Hound are tests/combat/sight_kit.py's, on zones_kit's 10 x 4 board (5 feet a cell).
"""

from __future__ import annotations

from typing import Any

import pytest

from shared.combat import advance, menu, start_battle
from shared.combat.setup import SetupError
from tests.combat import sight_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import foe, ruleset

#: The Hound's 5d8 (five 5s); initiative Ilsa 15 + 3 = 18, the Hound 2 + 1 = 3; then 4, 17, ...
DICE = [5] * 5 + [15, 2] + [4, 17] * 10


def _start(hound: dict[str, Any], ilsa: dict[str, Any] | None = None, pkg: dict[str, Any] | None = None):
    rs = ruleset(pkg or SK.package())
    state, events = start_battle(rs, [ilsa or SK.ilsa([0, 0])], [hound], board=ZK.BOARD, dice=list(DICE))
    return rs, state, [e.text for e in events]


def _go(rs, state, choice):
    result = advance(rs, state, choice)
    assert not hasattr(result, "code"), result
    return result[0], [e.text for e in result[1]]


def test_a_surprised_hound_answers_no_window_and_can_only_end_its_first_turn():
    rs, state, started = _start(foe("cinder-hound", position=[1, 0], surprised=True))
    assert "Cinder Hound is surprised." in started
    # Ilsa walks out of its reach: a hound that is not surprised is asked (below); this one
    # is asked nothing.
    state, lines = _go(rs, state, {"actor": "ilsa", "option": "move:0,3"})
    assert lines == ["Ilsa moves to 0, 3 for 15 ft and has 15 ft left."]
    # Surprised, its menu is ending the turn, and with nothing to choose the turn ends.
    assert [o.id for o in menu(rs, state, "cinder-hound")] == []
    state, lines = _go(rs, state, {"actor": "ilsa", "option": "end-turn"})
    assert lines == ["Cinder Hound's turn.", "Cinder Hound is no longer surprised: their first turn is over.",
                     "Round 2.", "Ilsa's turn."]
    state, lines = _go(rs, state, {"actor": "ilsa", "option": "end-turn"})
    assert lines == ["Cinder Hound's turn."]
    assert "standard:dash" in [o.id for o in menu(rs, state, "cinder-hound")]


def test_the_same_hound_not_surprised_is_asked_as_she_walks_away():
    rs, state, started = _start(foe("cinder-hound", position=[1, 0]))
    assert not any("surprised" in line for line in started)
    state, lines = _go(rs, state, {"actor": "ilsa", "option": "move:0,3"})
    assert lines == ["Ilsa walks out of Cinder Hound's reach at 0, 1; the fight waits for that answer."]
    assert state.pending.window.asking == ["cinder-hound"]


def test_surprised_ilsa_first_turn_passes_with_nothing_to_choose():
    # Surprised Ilsa goes first (18): ending the turn is all she has, so it ends by itself,
    # and her surprise with it.
    rs, state, started = _start(foe("cinder-hound", position=[5, 0]), SK.ilsa([0, 0]) | {"surprised": True})
    assert started[-6:] == ["Ilsa is surprised.", "Initiative: Ilsa 15 + 3 = 18; Cinder Hound 2 + 1 = 3. Order: Ilsa, Cinder Hound.",
                            "Round 1.", "Ilsa's turn.", "Ilsa is no longer surprised: their first turn is over.",
                            "Cinder Hound's turn."]
    assert state.combatant("ilsa").surprised is None


def test_foresight_cannot_be_surprised():
    pkg = SK.package()
    SK.add_condition(pkg, "foresight", "Foresight", cannotBeSurprised=True)
    rs, state, started = _start(foe("cinder-hound", position=[5, 0]),
                                SK.ilsa([0, 0], holds=["foresight"]) | {"surprised": True}, pkg)
    assert "Ilsa cannot be surprised (Foresight)." in started
    assert "standard:dash" in [o.id for o in menu(rs, state, "ilsa")]


def test_surprised_is_true_or_false():
    with pytest.raises(SetupError) as raised:
        _start(foe("cinder-hound", position=[5, 0], surprised="yes"))
    assert 'foes[0]: "surprised" is true or false, not \'yes\'' in str(raised.value)
