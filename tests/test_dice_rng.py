"""The counter-based generator and the rollers: pinned faces, cursor semantics, state,
scripted dice, unbiased rejection, and a chi-square sanity check."""

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.dice import DiceError, DiceExhausted, Roller, ScriptedRoller, SeededRoller, face_at, roller_from_state
from shared.dice.rng import SEED_MAX, TWO64, draw

# Computed once with this generator and pinned: any change to how faces are drawn must
# show up here (and change the domain tags in rng.py).
SEED_42_D20 = [1, 3, 1, 7, 12, 16, 9, 12, 1, 14]
SEED_0_D6 = [2, 5, 6, 1, 5, 2, 1, 2, 6, 3]


def test_seed_42_first_ten_d20_are_pinned():
    roller = SeededRoller(42)
    assert [roller.die(20) for _ in range(10)] == SEED_42_D20
    assert roller.cursor == 10


def test_seed_0_first_ten_d6_are_pinned():
    roller = SeededRoller(0)
    assert [roller.die(6) for _ in range(10)] == SEED_0_D6


def test_face_at_is_the_roller_without_a_roller():
    assert [face_at(42, n, 20) for n in range(10)] == SEED_42_D20
    assert face_at(42, 1000, 6) == 3
    assert (face_at(42, 63, 100), face_at(42, 64, 100)) == (69, 87)  # across a block edge


def test_die_n_depends_on_n_not_on_the_dice_before_it():
    # Different die sizes before die 5 do not change die 5.
    a, b = SeededRoller(7), SeededRoller(7)
    for sides in (4, 6, 8, 10, 12):
        a.die(sides)
    for _ in range(5):
        b.die(1000)
    assert a.die(20) == b.die(20) == face_at(7, 5, 20)


def test_restored_roller_continues_exactly():
    original = SeededRoller(1234)
    for _ in range(70):
        original.die(20)
    saved = json.loads(json.dumps(original.state()))
    assert saved == {"seed": 1234, "cursor": 70}
    restored = roller_from_state(saved)
    assert isinstance(restored, SeededRoller)
    assert [restored.die(8) for _ in range(100)] == [original.die(8) for _ in range(100)]


def test_cursor_can_start_anywhere():
    assert SeededRoller(42, cursor=3).die(20) == SEED_42_D20[3]


def test_rollers_satisfy_the_protocol():
    assert isinstance(SeededRoller(1), Roller)
    assert isinstance(ScriptedRoller([1]), Roller)


@pytest.mark.parametrize("seed, message", [
    (-1, "a seed is a whole number from 0 to 9007199254740991, not -1"),
    (SEED_MAX + 1, "a seed is a whole number from 0 to 9007199254740991, not 9007199254740992"),
    ("42", "a seed is a whole number from 0 to 9007199254740991, not '42'"),
    (True, "a seed is a whole number from 0 to 9007199254740991, not True"),
])
def test_bad_seed_refused(seed, message):
    with pytest.raises(DiceError) as err:
        SeededRoller(seed)
    assert str(err.value) == message


@pytest.mark.parametrize("data, message", [
    ({"seed": 1}, 'a seeded dice state needs "cursor"'),
    ({"seed": 1, "cursor": 0, "extra": 1}, 'a seeded dice state has unknown key "extra"'),
    ({"seed": 1, "cursor": -2}, "a dice cursor is a whole number from 0 to 9007199254740991, not -2"),
    ([1, 2], "a seeded dice state is an object with \"seed\" and \"cursor\", not list"),
])
def test_bad_state_refused(data, message):
    with pytest.raises(DiceError) as err:
        roller_from_state(data)
    assert str(err.value) == message


@pytest.mark.parametrize("sides", [0, -6, 2.0, TWO64 + 1])
def test_bad_sides_refused_without_moving_the_cursor(sides):
    roller = SeededRoller(1)
    with pytest.raises(DiceError) as err:
        roller.die(sides)
    assert str(err.value) == f"a die has from 1 to {TWO64} sides, not {sides!r}"
    assert roller.cursor == 0


def test_rejected_draw_tries_the_next_attempt_of_the_same_die():
    sides = 2**63 + 1  # about half of all 64-bit draws are refused for this die
    limit = TWO64 - TWO64 % sides
    attempts = [draw(42, 0, k) for k in range(4)]
    assert [x < limit for x in attempts] == [False, False, False, True]  # pinned: three refusals
    expected = attempts[3] % sides + 1
    roller = SeededRoller(42)
    assert roller.die(sides) == expected == face_at(42, 0, sides)
    assert roller.cursor == 1
    assert roller.die(20) == SEED_42_D20[1]  # the refusal did not shift die 1


def test_d1_always_shows_1_and_uses_a_die():
    roller = SeededRoller(5)
    assert [roller.die(1) for _ in range(3)] == [1, 1, 1]
    assert roller.cursor == 3


def test_chi_square_of_60000_d6_faces():
    roller = SeededRoller(2024)
    counts = Counter(roller.die(6) for _ in range(60_000))
    chi2 = sum((counts[f] - 10_000) ** 2 / 10_000 for f in range(1, 7))
    # 5 degrees of freedom: 20.52 is the 0.1% critical value.
    assert chi2 < 20.52, counts


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, SEED_MAX), n=st.integers(0, 10_000), sides=st.integers(1, 2**70))
def test_faces_in_range_and_pure(seed, n, sides):
    if sides > TWO64:
        with pytest.raises(DiceError):
            face_at(seed, n, sides)
        return
    face = face_at(seed, n, sides)
    assert 1 <= face <= sides
    assert face_at(seed, n, sides) == face
    assert SeededRoller(seed, cursor=n).die(sides) == face


# --- scripted dice ------------------------------------------------------------------


def test_scripted_roller_hands_out_faces_in_order():
    roller = ScriptedRoller.parse("5, 3,6")
    assert [roller.die(6), roller.die(8), roller.die(6)] == [5, 3, 6]
    assert roller.cursor == 3 and roller.remaining == 0


def test_scripted_roller_running_out_is_an_error():
    roller = ScriptedRoller([4])
    roller.die(6)
    with pytest.raises(DiceExhausted) as err:
        roller.die(20)
    assert str(err.value) == "the scripted dice ran out: die 2 (a d20) was asked for, but the script has 1 face"
    assert roller.cursor == 1


def test_scripted_face_too_high_for_the_die_is_an_error():
    roller = ScriptedRoller([3, 7])
    roller.die(6)
    with pytest.raises(DiceError) as err:
        roller.die(6)
    assert str(err.value) == "scripted face 2 is 7, which a d6 cannot show"
    assert not isinstance(err.value, DiceExhausted)
    assert roller.cursor == 1


@pytest.mark.parametrize("text, message", [
    ("", 'the scripted dice are empty: write faces like "5,3,6"'),
    ("5,x", 'cannot read the scripted dice "5,x": write whole numbers separated by commas, like "5,3,6"'),
    ("5,,3", 'cannot read the scripted dice "5,,3": write whole numbers separated by commas, like "5,3,6"'),
    ("-1", 'cannot read the scripted dice "-1": write whole numbers separated by commas, like "5,3,6"'),
    ("4,0", "scripted face 2 is 0; a face is a whole number from 1 up"),
])
def test_scripted_text_refused(text, message):
    with pytest.raises(DiceError) as err:
        ScriptedRoller.parse(text)
    assert str(err.value) == message


def test_scripted_state_round_trip():
    roller = ScriptedRoller([2, 4, 6])
    roller.die(6)
    restored = roller_from_state(json.loads(json.dumps(roller.state())))
    assert isinstance(restored, ScriptedRoller)
    assert restored.state() == {"faces": [2, 4, 6], "cursor": 1}
    assert restored.die(6) == 4
