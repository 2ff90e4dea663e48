"""Forecasts: exact numbers for sums, advantage, natural faces and damage; pool and
symbol forecasts checked against an exhaustive enumeration of the real throw code."""

from fractions import Fraction
from math import prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.dice import (
    AttackForecast, DiceError, DiceExpr, DiceTerm, PoolRules, Reroll, SeededRoller, SymbolDie, attack_forecast,
    chance_at_least, expected_damage, mean, mean_damage, natural_faces, pool_forecast, roll, roll_pool,
    roll_symbols, sum_distribution, symbol_forecast,
)


class _Branch(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _PrefixRoller:
    """Hands out a fixed prefix of faces, then asks to branch on the next die."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces, self.cursor, self.sides = faces, 0, []

    def die(self, sides: int) -> int:
        if self.cursor == len(self.faces):
            raise _Branch(sides)
        self.sides.append(sides)
        self.cursor += 1
        return self.faces[self.cursor - 1]

    def state(self) -> dict:
        return {}


def enumerate_throws(throw):
    """Every way `throw(roller)` can come out, with its exact chance, found by running the
    real roll code on every sequence of faces it can ask for."""
    out, stack = [], [()]
    while stack:
        prefix = stack.pop()
        roller = _PrefixRoller(prefix)
        try:
            value = throw(roller)
        except _Branch as branch:
            stack.extend(prefix + (f,) for f in range(1, branch.sides + 1))
            continue
        out.append((value, Fraction(1, prod(roller.sides))))
    return out


# --- sums ---------------------------------------------------------------------------


def test_two_d6_reaching_8():
    assert chance_at_least("2d6", 8) == Fraction(15, 36)


def test_d20_plus_5_against_15_with_advantage_and_disadvantage():
    assert chance_at_least("1d20+5", 15) == Fraction(11, 20)
    assert chance_at_least("1d20+5", 15, "advantage") == 1 - Fraction(9, 20) ** 2
    assert chance_at_least("1d20+5", 15, "disadvantage") == Fraction(11, 20) ** 2


def test_advantage_of_several_dice_keeps_the_better_whole_roll():
    # P(best of two 2d6 >= 8) = 1 - (21/36)**2
    assert chance_at_least("2d6", 8, "advantage") == 1 - Fraction(21, 36) ** 2


def test_distribution_of_3d6():
    dist = sum_distribution("3d6")
    assert (dist.low, dist.high, dist.denominator) == (3, 18, 216)
    assert dist.probability(10) == Fraction(27, 216)
    assert dist.probability(2) == 0
    assert sum(p for _, p in dist.items()) == 1
    assert dist.mean == Fraction(21, 2)
    assert dist.at_most(4) == Fraction(4, 216)


def test_distribution_with_a_die_taken_away():
    dist = sum_distribution("1d6-1d6")
    assert (dist.low, dist.high) == (-5, 5)
    assert dist.probability(0) == Fraction(6, 36)


def test_chance_beyond_the_ends():
    assert chance_at_least("1d20+5", 6) == 1
    assert chance_at_least("1d20+5", 26) == 0
    assert chance_at_least("7", 7) == 1


def test_natural_faces_with_advantage():
    faces = natural_faces(20, "advantage")
    assert faces[19] == Fraction(39, 400)  # a natural 20: 1 - (19/20)**2
    assert faces[0] == Fraction(1, 400)
    assert sum(faces) == 1
    assert natural_faces(20, "disadvantage")[0] == Fraction(39, 400)


def test_5e_attack_natural_20_hits_natural_1_misses():
    odds = attack_forecast("1d20+5", 26, naturals_max="critical", naturals_min="miss")
    assert odds == AttackForecast(Fraction(1, 20), Fraction(1, 20))
    odds = attack_forecast("1d20+15", 5, naturals_max="critical", naturals_min="miss")
    assert (odds.hit, odds.miss) == (Fraction(19, 20), Fraction(1, 20))


def test_critical_range_from_19_with_advantage():
    odds = attack_forecast("1d20+5", 15, "advantage", naturals_max="critical", naturals_min="miss",
                           critical_from=19)
    assert odds.critical == 1 - Fraction(18, 20) ** 2
    assert odds.hit == 1 - Fraction(9, 20) ** 2


@pytest.mark.parametrize("critical_from, faces", [(1, 1), (0, 1), (25, 1), (18, 3)])
def test_critical_range_is_held_to_the_die(critical_from, faces):
    odds = attack_forecast("1d20", 99, naturals_max="critical", critical_from=critical_from)
    assert odds.critical == odds.hit == Fraction(faces, 20)


def test_natural_max_hit_is_not_a_critical():
    assert attack_forecast("1d20", 99, naturals_max="hit") == AttackForecast(Fraction(1, 20), Fraction(0))


def test_numbers_to_reach_must_be_whole():
    with pytest.raises(DiceError) as err:
        chance_at_least("2d6", 7.5)
    assert str(err.value) == "a target is a whole number, not 7.5"
    with pytest.raises(DiceError) as err:
        attack_forecast("1d20", "15")
    assert str(err.value) == "a defense is a whole number, not '15'"


@pytest.mark.parametrize("kwargs, message", [
    (dict(expr="2d6", naturals_max="critical"), 'special faces need a single die; "2d6" is not one die'),
    (dict(expr="1d20", critical_from=19), '"criticalFrom" needs "naturals.max" set to "critical"'),
    (dict(expr="1d20", naturals_max="always"), '"naturals.max" is "critical", "hit" or "none", not \'always\''),
    (dict(expr="1d20", naturals_min="fumble"), '"naturals.min" is "miss" or "none", not \'fumble\''),
    (dict(expr="1d20", mode="best"), 'a roll is "normal", "advantage" or "disadvantage", not \'best\''),
])
def test_attack_forecast_refusals(kwargs, message):
    expr = kwargs.pop("expr")
    with pytest.raises(DiceError) as err:
        attack_forecast(expr, 10, **kwargs)
    assert str(err.value) == message


def test_means_and_expected_damage():
    assert mean("2d6+3") == 10
    assert mean_damage("1d4-2") == Fraction(3, 4)  # totals below 0 deal 0: (0 + 0 + 1 + 2) / 4
    assert mean_damage("1d8+3", "double-dice") == 12
    assert mean_damage("1d8+3", "max-dice") == Fraction(31, 2)
    odds = attack_forecast("1d20+5", 15, naturals_max="critical", naturals_min="miss")
    assert expected_damage("1d8+3", odds, "double-dice") == Fraction(10, 20) * Fraction(15, 2) + Fraction(1, 20) * 12


def test_doubled_critical_may_pass_the_per_roll_cap():
    assert mean_damage("60d6", "double-dice") == 420


@settings(max_examples=40, deadline=None)
@given(terms=st.lists(st.tuples(st.integers(1, 2), st.integers(2, 4), st.booleans()), min_size=1, max_size=2),
       modifier=st.integers(-3, 3), mode=st.sampled_from(["normal", "advantage", "disadvantage"]))
def test_sum_forecast_agrees_with_enumerating_the_roll(terms, modifier, mode):
    expr = DiceExpr(tuple(DiceTerm(c, s, n) for c, s, n in terms), modifier)
    counted: dict[int, Fraction] = {}
    for total, p in enumerate_throws(lambda r: roll(expr, r, mode).total):
        counted[total] = counted.get(total, 0) + p
    dist = sum_distribution(expr, mode)
    assert {t: p for t, p in dist.items()} == {t: p for t, p in counted.items() if p}
    assert sum(p for _, p in dist.items()) == 1


def test_forecasts_are_cached():
    assert sum_distribution("4d6+1") is sum_distribution("4d6+1")
    rules = PoolRules(target=7)
    assert pool_forecast(6, rules) is pool_forecast(6, PoolRules(target=7))


# --- pools --------------------------------------------------------------------------


def _enumerated_pool(size, rules, mode="normal"):
    ranks: dict[int, Fraction] = {}
    for rank, p in enumerate_throws(lambda r: roll_pool(size, rules, r, mode).rank):
        ranks[rank] = ranks.get(rank, 0) + p
    return ranks


POOL_CASES = [
    PoolRules(sides=6, target=4),
    PoolRules(sides=6, target=5, double=6),
    PoolRules(sides=6, target=4, cancel=1, botch=1),
    PoolRules(sides=6, target=4, explode=6, explode_limit=2, cancel=1, botch=1),
    PoolRules(sides=6, target=5, explode=5, explode_limit=1, botch=1, botch_rule="halfOrMore"),
    PoolRules(sides=4, target=3, reroll=Reroll(1), double=4, cancel=1, botch=2, botch_rule="halfOrMore"),
    PoolRules(sides=4, target=4, reroll=Reroll(4), cancel=1),
]
# Rerolls "until" and explosions together branch fast: enumerated up to two dice.
UNTIL = PoolRules(sides=4, target=3, reroll=Reroll(1, "until", 2), explode=4, explode_limit=1, botch=1)


@pytest.mark.parametrize("rules, size", [(r, n) for r in POOL_CASES for n in (0, 1, 2, 3)] + [(UNTIL, 1), (UNTIL, 2)])
def test_pool_forecast_agrees_with_enumerating_the_throw(rules, size):
    _check_pool_against_enumeration(size, rules, "normal")


@pytest.mark.parametrize("rules", POOL_CASES[:3] + [PoolRules(sides=4, target=3, explode=4, explode_limit=1, botch=1)])
@pytest.mark.parametrize("size", [1, 2])
@pytest.mark.parametrize("mode", ["advantage", "disadvantage"])
def test_pool_forecast_with_a_mode_agrees_with_enumerating_the_throws(rules, size, mode):
    _check_pool_against_enumeration(size, rules, mode)


def _check_pool_against_enumeration(size, rules, mode):
    expected = _enumerated_pool(size, rules, mode)
    forecast = pool_forecast(size, rules, mode)
    got = {rank - 1: p for rank, p in enumerate(forecast.ranks) if p > 1e-15}
    assert got.keys() == {k for k, v in expected.items() if v}
    for rank, p in expected.items():
        assert got.get(rank, 0.0) == pytest.approx(float(p), abs=1e-12)
    assert sum(forecast.ranks) + forecast.dropped == pytest.approx(1.0, abs=1e-12)


def test_gravewatch_pool_numbers():
    rules = PoolRules(sides=10, target=7, explode=10, cancel=1, botch=1, exceptional=5)
    one = pool_forecast(1, rules)
    # One die botches on a 1; succeeds on 7-9, or on a 10 whose bonus die is not a 1.
    assert one.botch == pytest.approx(0.1, abs=1e-15)
    assert one.at_least(1) == pytest.approx(0.3 + 0.1 * 0.9, abs=1e-15)
    five = pool_forecast(5, rules)
    assert five.botch == pytest.approx(0.6 ** 5 - 0.5 ** 5)
    assert 0 < five.exceptional < five.at_least(3) < five.at_least(1) < 1 - five.botch + 1e-12
    assert five.capped == pytest.approx(1 - (1 - 0.1 ** 11) ** 5)
    assert sum(five.ranks) == pytest.approx(1.0)


def test_pool_forecast_agrees_with_many_seeded_throws():
    rules = PoolRules(sides=10, target=7, explode=10, cancel=1, botch=1)
    roller = SeededRoller(99)
    throws = [roll_pool(6, rules, roller) for _ in range(20_000)]
    forecast = pool_forecast(6, rules)
    assert sum(t.botch for t in throws) / len(throws) == pytest.approx(forecast.botch, abs=0.006)
    assert sum(t.successes >= 2 and not t.botch for t in throws) / len(throws) == pytest.approx(
        forecast.at_least(2), abs=0.015)


def test_large_pools_stay_quick_and_whole():
    rules = PoolRules(sides=10, target=7, explode=10, cancel=1, botch=1)
    forecast = pool_forecast(100, rules, "advantage")
    assert sum(forecast.ranks) + forecast.dropped == pytest.approx(1.0, abs=1e-9)
    assert forecast.dropped < 1e-12


def test_pool_forecast_refusals():
    with pytest.raises(DiceError) as err:
        pool_forecast(101, PoolRules())
    assert str(err.value) == "a pool throws from 0 to 100 dice, not 101"


# --- symbols ------------------------------------------------------------------------

GOOD = SymbolDie.of("good", ["", "s", "ss", "a", "sa", "t"])
BAD = SymbolDie.of("bad", ["", "f", "h", "fh", "d"])


@pytest.mark.parametrize("dice", [[GOOD], [GOOD, BAD], [GOOD, GOOD, BAD], [BAD, BAD, GOOD]])
def test_symbol_forecast_agrees_with_enumerating_the_throw(dice):
    expected: dict[tuple, Fraction] = {}
    for left, p in enumerate_throws(lambda r: tuple(roll_symbols(dice, r).net().items())):
        expected[left] = expected.get(left, 0) + p
    forecast = symbol_forecast(dice)
    assert dict(forecast.outcomes) == expected
    assert sum(p for _, p in forecast.outcomes) == 1


def test_symbol_forecast_numbers():
    forecast = symbol_forecast([GOOD, BAD])
    # Successes per good face (a triumph is one): 0 1 2 0 1 1; failures per bad face (a
    # despair is one): 0 1 0 1 1. A success is left when the good face has more: three
    # one-success faces against the two failure-free faces, and the two-success face
    # against all five: (3 * 2 + 1 * 5) / 30.
    assert forecast.at_least("s", 1) == Fraction(11, 30)
    assert forecast.mean("t") == Fraction(1, 6)
