"""Dice text: what parses to what, what is refused (with its exact sentence), rolling,
log lines, advantage and disadvantage."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.dice import DiceError, DiceExpr, DiceTerm, ScriptedRoller, SeededRoller, parse_dice, pick_mode, roll


@pytest.mark.parametrize("text, canonical, count, sides, modifier", [
    ("1d20", "1d20", 1, 20, 0),
    ("2d6+3", "2d6+3", 2, 6, 3),
    ("1d4-1", "1d4-1", 1, 4, -1),
    ("D20 + 5", "1d20+5", 1, 20, 5),
    ("d8", "1d8", 1, 8, 0),
    (" 3 d 6 ", "3d6", 3, 6, 0),
    ("7", "7", 0, None, 7),
    ("-3", "-3", 0, None, -3),
    ("+5", "5", 0, None, 5),
    ("1d20+1d4+5", "1d20+1d4+5", 2, None, 5),
    ("1d20-1d4", "1d20-1d4", 2, None, 0),
    ("2d6+1d6", "2d6+1d6", 3, 6, 0),
    ("1d6+2-1", "1d6+1", 1, 6, 1),
    ("100d6", "100d6", 100, 6, 0),
    ("1d1000", "1d1000", 1, 1000, 0),
])
def test_parses(text, canonical, count, sides, modifier):
    expr = parse_dice(text)
    assert (str(expr), expr.count, expr.sides, expr.modifier) == (canonical, count, sides, modifier)
    assert parse_dice(canonical) == expr


def test_parse_accepts_a_whole_number_and_passes_an_expr_through():
    assert parse_dice(4) == DiceExpr.constant(4)
    expr = DiceExpr.of(2, 6, 3)
    assert parse_dice(expr) is expr
    assert expr.terms == (DiceTerm(2, 6),)


@pytest.mark.parametrize("text, message", [
    ("", 'empty dice: write dice like "2d6+3" or a whole number'),
    ("   ", 'empty dice: write dice like "2d6+3" or a whole number'),
    ("2x6", 'cannot read dice "2x6": write dice like "2d6+3" or a whole number'),
    ("1d6+", 'cannot read dice "1d6+": write dice like "2d6+3" or a whole number'),
    ("2d6 3", 'cannot read dice "2d6 3": write dice like "2d6+3" or a whole number'),
    ("1d20++5", 'cannot read dice "1d20++5": write dice like "2d6+3" or a whole number'),
    ("1d20 + @level", 'cannot read dice "1d20 + @level": write dice like "2d6+3" or a whole number'),
    ("0d6", '"0d6" rolls 0 dice in one term; a dice term rolls at least 1 die'),
    ("1d1", '"1d1" has a 1-sided die; a die has at least 2 sides'),
    ("1d0", '"1d0" has a 0-sided die; a die has at least 2 sides'),
    ("1d5000", '"1d5000" has a 5000-sided die; a die has at most 1000 sides'),
    ("101d6", '"101d6" rolls 101 dice; one roll throws at most 100'),
    ("60d6+50d6", '"60d6+50d6" rolls 110 dice; one roll throws at most 100'),
    ("1d6+100000", '"1d6+100000" adds 100000; the flat part of a roll is at most 99999 either way'),
    ("1d6+1234567890123", 'dice "1d6+1234567890123" hold a number too large to roll'),
    ("1d4" + "+1d4" * 20, '"' + "1d4" + "+1d4" * 20 + '" has 21 dice terms; at most 20 are read'),
    ("1" * 201, "dice text is 201 characters long; at most 200 are read"),
])
def test_malformed_text_refused_with_a_sentence(text, message):
    with pytest.raises(DiceError) as err:
        parse_dice(text)
    assert str(err.value) == message


@pytest.mark.parametrize("value, message", [
    (True, 'dice are text like "2d6+3" or a whole number, not bool'),
    (2.5, 'dice are text like "2d6+3" or a whole number, not float'),
    (None, 'dice are text like "2d6+3" or a whole number, not NoneType'),
])
def test_non_text_refused(value, message):
    with pytest.raises(DiceError) as err:
        parse_dice(value)
    assert str(err.value) == message


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_any_text_parses_or_is_refused_never_crashes(text):
    try:
        expr = parse_dice(text)
    except DiceError as err:
        assert str(err)
    else:
        assert parse_dice(str(expr)) == expr


@pytest.mark.parametrize("text, faces, line, total", [
    ("2d6+3", [5, 3], "8 (5 + 3) + 3 = 11", 11),
    ("1d20+5", [14], "14 + 5 = 19", 19),
    ("1d20", [14], "14", 14),
    ("2d6", [5, 3], "8 (5 + 3)", 8),
    ("1d4-1", [1], "1 - 1 = 0", 0),
    ("-1d4+2", [3], "-3 + 2 = -1", -1),
    ("1d20-1d4+5", [12, 3], "12 - 3 + 5 = 14", 14),
    ("1d20+2d4", [12, 1, 4], "12 + 5 (1 + 4) = 17", 17),
    ("5", [], "5", 5),
])
def test_roll_keeps_every_face_for_the_log(text, faces, line, total):
    roller = ScriptedRoller(faces)
    result = roll(text, roller)
    assert (result.describe(), result.total) == (line, total)
    assert [f for term in result.faces for f in term] == faces
    assert roller.remaining == 0


def test_natural_is_the_face_of_a_single_die_only():
    assert roll("1d20+5", ScriptedRoller([20])).natural == 20
    assert roll("2d6", ScriptedRoller([6, 6])).natural is None
    assert roll("1d20+1d4", ScriptedRoller([20, 1])).natural is None


def test_advantage_keeps_the_better_whole_roll():
    result = roll("1d20+5", ScriptedRoller([3, 17]), "advantage")
    assert (result.total, result.natural, result.dropped.total) == (22, 17, 8)
    assert result.describe() == "17 + 5 = 22 (advantage; dropped 3 + 5 = 8)"


def test_disadvantage_keeps_the_worse_whole_roll_of_several_dice():
    result = roll("2d6+1", ScriptedRoller([6, 5, 1, 2]), "disadvantage")
    assert result.total == 4
    assert result.faces == ((1, 2),)
    assert result.describe() == "3 (1 + 2) + 1 = 4 (disadvantage; dropped 11 (6 + 5) + 1 = 12)"


def test_tie_keeps_the_first_roll():
    result = roll("1d6", ScriptedRoller([4, 4]), "advantage")
    assert result.faces == ((4,),) and result.dropped.faces == ((4,),)


def test_unknown_mode_refused_before_rolling():
    roller = ScriptedRoller([5])
    with pytest.raises(DiceError) as err:
        roll("1d6", roller, "double")
    assert str(err.value) == 'a roll is "normal", "advantage" or "disadvantage", not \'double\''
    assert roller.cursor == 0


def test_roll_uses_one_die_per_face_in_order():
    roller = SeededRoller(42)
    result = roll("3d20", roller)
    assert result.faces == ((1, 3, 1),)
    assert roller.cursor == 3
    assert roll("1d20", roller, "advantage").total == 12  # faces 7 and 12
    assert roller.cursor == 5


@pytest.mark.parametrize("advantages, disadvantages, mode", [
    (0, 0, "normal"), (2, 0, "advantage"), (0, 1, "disadvantage"), (3, 1, "normal"),
])
def test_advantage_and_disadvantage_cancel(advantages, disadvantages, mode):
    assert pick_mode(advantages, disadvantages) == mode


def test_expression_arithmetic():
    attack = parse_dice("1d20+5")
    assert str(attack.plus("1d4")) == "1d20+1d4+5"
    assert str(attack.plus("1d4", minus=True)) == "1d20-1d4+5"
    assert str(parse_dice("1d8+2").times_dice(2)) == "2d8+2"
    assert str(parse_dice("2d6+3").dice_only()) == "2d6"
    assert str(parse_dice("2d6").with_modifier(-1)) == "2d6-1"
    expr = parse_dice("2d6+1d4-1")
    assert (expr.minimum, expr.maximum, expr.dice_max, expr.mean) == (2, 15, 16, Fraction(17, 2))
    with pytest.raises(DiceError) as err:
        parse_dice("60d6").times_dice(2)
    assert str(err.value) == '"120d6" rolls 120 dice; one roll throws at most 100'


@settings(max_examples=150, deadline=None)
@given(count=st.integers(1, 12), sides=st.integers(2, 30), modifier=st.integers(-20, 20),
       seed=st.integers(0, 2**40))
def test_totals_within_bounds(count, sides, modifier, seed):
    expr = DiceExpr.of(count, sides, modifier)
    result = roll(expr, SeededRoller(seed))
    assert expr.minimum <= result.total <= expr.maximum
    assert result.total == sum(result.faces[0]) + modifier
    assert all(1 <= f <= sides for f in result.faces[0])
