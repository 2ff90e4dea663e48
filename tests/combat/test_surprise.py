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
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import fighter, srd_package

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


# ---------------------------------------------------------------------------
# a use allowed while surprised (1.237 `ignoresSurpriseWith`) and a second first-round
# turn (1.238 `extraFirstTurn`): entries written from the SRD 5.1 text into the package's
# features catalog, in the shape of its own fighter features
# ---------------------------------------------------------------------------


def _feral_brom(feral: bool) -> Bout:
    # 5e-srd. The Goblin's health 2d6 (3, 4) = 7; initiative Brom 15 + 1 = 16, the Goblin
    # 10 + 2 = 12; then Second Wind's 1d10 (7), and Brom's Longsword 15 + 5 = 20.
    pkg = SK.feature(srd_package(), "barbarian-feral-instinct", "Feral Instinct", SK.FERAL_INSTINCT)
    brom = fighter(hp=10, features=("second-wind",))
    if feral:
        brom["sheet"]["lists"]["features"].append({"name": "Feral Instinct", "_catalog": "features/barbarian-feral-instinct"})
    return Bout(ruleset(pkg), [brom | {"surprised": True}], [foe("goblin")], dice=[3, 4, 15, 10, 7, 15, 6])


def test_feral_instinct_lets_surprised_brom_use_second_wind_which_lifts_the_surprise():
    bout = _feral_brom(True)
    assert "Brom is surprised." in bout.started
    # Surprised, his menu is Second Wind (and ending the turn) only: no Longsword, no Dodge.
    assert list(bout.options("brom")) == ["ability:features:second-wind", "end-turn"]
    assert bout.choose("brom", "ability:features:second-wind") == [
        "Brom is no longer surprised: they use Second Wind.",
        "Brom spends 1 use of Second Wind on Second Wind: 0 of 1 left.",
        "Brom uses Second Wind on Brom.",
        "Second Wind (7) heals Brom for 7.",
        "Brom has 17 of 20 Hit points.",
    ]
    # The rest of the turn is his: the Longsword, 15 + 5 = 20 against the Goblin's 15.
    assert "attack:attacks:longsword" in bout.options("brom")
    assert bout.choose("brom", "attack:attacks:longsword", "goblin")[0] == (
        "Brom attacks Goblin with Longsword: 15 + 5 = 20 against Armor Class 15, a hit.")


def test_without_feral_instinct_surprised_brom_has_nothing_to_choose():
    bout = _feral_brom(False)
    # Nothing on his menu but the end: his turn passes by itself, and the Goblin's begins.
    assert bout.started[-4:] == ["Round 1.", "Brom's turn.", "Brom is no longer surprised: their first turn is over.",
                                 "Goblin's turn."]


def _thief(surprised: bool = False) -> Bout:
    # Initiative Ilsa 9 + 3 = 12, the Hound 1 + 1 = 2: her second turn at 12 - 10 = 2 comes
    # after the Hound, whose initiative is that number.
    pkg = SK.feature(SK.package(), "rogue-thiefs-reflexes", "Thief's Reflexes", SK.THIEFS_REFLEXES)
    ilsa = SK.ilsa()
    ilsa["sheet"]["lists"]["features"] = [{"name": "Thief's Reflexes", "_catalog": "features/rogue-thiefs-reflexes"}]
    return Bout(ruleset(pkg), [ilsa | ({"surprised": True} if surprised else {})], [foe("cinder-hound")],
                dice=[5] * 5 + [9, 1] + [17, 4] * 3)


def test_thiefs_reflexes_gives_ilsa_a_second_turn_at_2_in_round_1_only():
    bout = _thief()
    assert bout.started[-5:] == [
        "Initiative: Ilsa 9 + 3 = 12; Cinder Hound 1 + 1 = 2. Order: Ilsa, Cinder Hound.",
        "Thief's Reflexes gives Ilsa a second turn in round 1, at 2.",
        "Round 1 order: Ilsa, Cinder Hound, Ilsa.",
        "Round 1.",
        "Ilsa's turn.",
    ]
    # Each turn is a full turn: a Shortbow shot in each, 17 + 5 = 22 against 12, 1d6 (4) + 3
    # = 7 (25 -> 18 -> 11); with the action spent the turn ends by itself.
    assert bout.choose("ilsa", "attack:attacks:shortbow", "cinder-hound")[2:] == [
        "Cinder Hound has 18 of 25 Hit points.", "Cinder Hound's turn."]
    assert bout.choose("cinder-hound", "end-turn") == ["Ilsa's turn."]
    assert bout.choose("ilsa", "attack:attacks:shortbow", "cinder-hound")[2:] == [
        "Cinder Hound has 11 of 25 Hit points.", "Round 2.", "Ilsa's turn."]
    # From round 2 on, one turn each.
    assert bout.choose("ilsa", "end-turn") == ["Cinder Hound's turn."]
    assert bout.choose("cinder-hound", "end-turn") == ["Round 3.", "Ilsa's turn."]
    assert bout.state.order == ["ilsa", "cinder-hound"]


def test_thiefs_reflexes_gives_no_second_turn_to_surprised_ilsa():
    bout = _thief(surprised=True)
    assert "Ilsa starts surprised: Thief's Reflexes gives no second turn." in bout.started
    assert bout.state.order == ["ilsa", "cinder-hound"]
