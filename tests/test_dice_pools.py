"""Dice pools thrown on scripted faces: target, double, explode and its limit, reroll,
cancel, both botch rules, exceptional successes, advantage, log lines and refusals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.dice import DiceError, PoolDie, PoolRules, Reroll, ScriptedRoller, SeededRoller, read_pool, roll_pool

# Gravewatch's standing rules (resolution: d10, target 7, 10s explode, 1s cancel and botch,
# 5 successes exceptional).
GRAVEWATCH = PoolRules(sides=10, target=7, explode=10, cancel=1, botch=1, exceptional=5)


def throw(size, rules, faces, mode="normal"):
    roller = ScriptedRoller(faces)
    result = roll_pool(size, rules, roller, mode)
    assert roller.remaining == 0, "every scripted face is used"
    return result


def test_counts_faces_at_or_above_target():
    result = throw(5, PoolRules(target=7), [7, 6, 10, 1, 9])
    assert (result.successes, result.botch, result.faces) == (3, False, (7, 6, 10, 1, 9))


def test_double_faces_count_twice():
    result = throw(3, PoolRules(target=7, double=10), [10, 8, 2])
    assert result.successes == 3


def test_double_never_makes_a_failure_count():
    result = throw(2, PoolRules(target=9, double=8), [8, 9])
    assert result.successes == 2  # the 8 is below the target; the 9 counts twice


def test_explosions_throw_bonus_dice_that_explode_again():
    result = throw(2, PoolRules(target=7, explode=10), [10, 10, 3, 8])
    assert result.dice == (PoolDie((10,)), PoolDie((10,), True), PoolDie((3,), True), PoolDie((8,)))
    assert result.successes == 3
    assert result.describe() == "10!, +10!, +3, 8 → 3 successes"


def test_explosion_limit_stops_a_chain():
    rules = PoolRules(target=7, explode=10, explode_limit=2)
    result = throw(1, rules, [10, 10, 10])
    assert result.successes == 3 and len(result.dice) == 3
    assert result.describe() == "10!, +10!, +10 → 3 successes"


def test_reroll_once_throws_low_faces_again_and_the_new_face_stands():
    rules = PoolRules(target=7, reroll=Reroll(6, "once"))
    result = throw(3, rules, [3, 9, 8, 2, 1])
    assert [d.throws for d in result.dice] == [(3, 9), (8,), (2, 1)]
    assert result.successes == 2
    assert result.describe() == "3>9, 8, 2>1 → 2 successes"


def test_reroll_once_of_every_face():
    rules = PoolRules(sides=6, target=5, reroll=Reroll(6, "once"))
    assert throw(2, rules, [6, 1, 2, 5]).successes == 1


def test_reroll_until_keeps_throwing_up_to_its_limit():
    rules = PoolRules(target=7, reroll=Reroll(6, "until", until_limit=3))
    assert throw(1, rules, [1, 2, 8]).dice[0].throws == (1, 2, 8)
    stuck = throw(1, rules, [1, 2, 3, 4])
    assert stuck.dice[0].throws == (1, 2, 3, 4) and stuck.successes == 0


def test_bonus_dice_are_rerolled_too():
    rules = PoolRules(target=7, explode=10, reroll=Reroll(6))
    result = throw(1, rules, [10, 2, 7])
    assert [d.throws for d in result.dice] == [(10,), (2, 7)]
    assert result.successes == 2


def test_cancel_takes_successes_away_but_not_below_zero():
    assert throw(3, PoolRules(target=7, cancel=1), [8, 9, 1]).successes == 1
    assert throw(3, PoolRules(target=7, cancel=1), [8, 1, 1]).successes == 0


def test_botch_needs_no_success_faces_and_a_botch_face():
    assert throw(3, GRAVEWATCH, [1, 4, 6]).botch is True
    assert throw(3, GRAVEWATCH, [2, 4, 6]).botch is False
    cancelled = throw(2, GRAVEWATCH, [1, 8])
    assert (cancelled.successes, cancelled.botch) == (0, False)  # a failure, not a botch


def test_botch_half_or_more_counts_botch_faces_whatever_succeeded():
    rules = PoolRules(sides=6, target=5, botch=1, botch_rule="halfOrMore")
    glitch = throw(4, rules, [1, 1, 6, 5])
    assert (glitch.successes, glitch.botch) == (2, True)
    assert throw(4, rules, [1, 2, 6, 5]).botch is False
    assert throw(3, rules, [1, 2, 6]).botch is False


def test_exceptional_from_the_threshold_and_never_with_a_botch():
    result = throw(5, GRAVEWATCH, [7, 8, 9, 7, 8])
    assert (result.successes, result.exceptional) == (5, True)
    assert result.describe() == "7, 8, 9, 7, 8 → 5 successes, exceptional"
    assert throw(5, GRAVEWATCH, [7, 8, 9, 7, 1]).exceptional is False


def test_empty_pool_throws_nothing_and_fails():
    roller = ScriptedRoller([])
    result = roll_pool(0, GRAVEWATCH, roller)
    assert (result.successes, result.botch, result.describe()) == (0, False, "no dice → no successes")


def test_advantage_keeps_more_successes_and_a_botch_is_worst():
    result = throw(2, GRAVEWATCH, [1, 4, 2, 3], "advantage")
    assert (result.botch, result.successes, result.dropped.botch) == (False, 0, True)
    assert result.describe() == "2, 3 → no successes (advantage; dropped 1, 4 → no successes, a botch)"
    worse = throw(2, GRAVEWATCH, [8, 9, 7, 2], "disadvantage")
    assert worse.successes == 1 and worse.dropped.successes == 2


def test_pool_uses_the_battle_dice_in_order():
    roller = SeededRoller(42)
    result = roll_pool(4, PoolRules(sides=20, target=10), roller)
    assert result.faces == (1, 3, 1, 7)
    assert roller.cursor == 4


def test_read_pool_reads_dice_already_thrown():
    dice = (PoolDie((10,)), PoolDie((4,), True), PoolDie((1,)))
    result = read_pool(2, GRAVEWATCH, dice)
    assert (result.successes, result.botch) == (0, False)


def test_damage_dice_count_plainly():
    rules = PoolRules.plain(10, 6)
    assert throw(3, rules, [6, 10, 1]).successes == 2


@pytest.mark.parametrize("kwargs, message", [
    (dict(sides=1), "a pool die has from 2 to 100 sides, not 1"),
    (dict(sides=101), "a pool die has from 2 to 100 sides, not 101"),
    (dict(target=11), '"target" is the lowest face that counts a success, a face from 2 to 10, not 11'),
    (dict(target=True), '"target" is the lowest face that counts a success, a face from 2 to 10, not True'),
    (dict(double=1), '"double" is the lowest face that counts twice, a face from 2 to 10, not 1'),
    (dict(explode=1), '"explode" is the lowest face that throws another die, a face from 2 to 10, not 1'),
    (dict(explode_limit=101), '"explode_limit" is a whole number from 0 to 100, not 101'),
    (dict(reroll=Reroll(11)), '"reroll" is the highest face thrown again, a face from 1 to 10, not 11'),
    (dict(reroll=Reroll(10, "until")), '"reroll" is the highest face thrown again, a face from 1 to 9, not 10'),
    (dict(reroll=Reroll(3, "twice")), 'a reroll is "once" or "until", not \'twice\''),
    (dict(reroll=Reroll(3, "until", 0)), 'a reroll "until" stops after 1 to 100 throws, not 0'),
    (dict(cancel=10), '"cancel" is the highest face that takes a success away, a face from 1 to 9, not 10'),
    (dict(botch=0), '"botch" is the highest botch face, a face from 1 to 9, not 0'),
    (dict(botch=9, explode=9), '"botch" (9) must stay below "explode" (9)'),
    (dict(botch=1, botch_rule="most"), '"botch_rule" is "noSuccesses" or "halfOrMore", not \'most\''),
    (dict(exceptional=0), '"exceptional" is a number of successes from 1 up, not 0'),
])
def test_rules_refused(kwargs, message):
    with pytest.raises(DiceError) as err:
        PoolRules(**kwargs)
    assert str(err.value) == message


@pytest.mark.parametrize("size, mode, message", [
    (-1, "normal", "a pool throws from 0 to 100 dice, not -1"),
    (101, "normal", "a pool throws from 0 to 100 dice, not 101"),
    (2, "twice", 'a roll is "normal", "advantage" or "disadvantage", not \'twice\''),
])
def test_throw_refused(size, mode, message):
    with pytest.raises(DiceError) as err:
        roll_pool(size, GRAVEWATCH, ScriptedRoller([5, 5]), mode)
    assert str(err.value) == message


@settings(max_examples=100, deadline=None)
@given(size=st.integers(0, 15), seed=st.integers(0, 2**40), target=st.integers(5, 9))
def test_seeded_pools_are_consistent(size, seed, target):
    rules = PoolRules(sides=10, target=target, explode=10, cancel=1, botch=1, reroll=Reroll(2))
    roller = SeededRoller(seed)
    result = roll_pool(size, rules, roller)
    assert roller.cursor == sum(len(d.throws) for d in result.dice)
    assert sum(not d.bonus for d in result.dice) == size
    assert all(1 <= f <= 10 for d in result.dice for f in d.throws)
    again = roll_pool(size, rules, SeededRoller(seed))
    assert again == result
    assert 0 <= result.successes <= len(result.dice)
