"""Symbol dice: faces as tuples of symbols, throwing, netting opposing symbols, refusals."""

import pytest

from shared.dice import DiceError, Netting, ScriptedRoller, SeededRoller, SymbolDie, roll_symbols

# Small dice in the spec's letters (s success, a advantage, t triumph; f failure,
# h threat, d despair); the faces are made up for the tests.
GOOD = SymbolDie.of("good", ["", "s", "s", "ss", "a", "sa", "aa", "t"])
BAD = SymbolDie.of("bad", ["", "f", "ff", "h", "hh", "fh"])


def test_faces_are_tuples_of_symbols():
    assert GOOD.faces[3] == ("s", "s")
    assert GOOD.faces[0] == ()
    assert GOOD.sides == 8
    assert GOOD.symbols == frozenset("sat")


def test_throw_uses_one_battle_die_per_symbol_die():
    roller = ScriptedRoller([6, 3])  # face 6 of GOOD, face 3 of BAD
    result = roll_symbols([GOOD, BAD], roller)
    assert result.faces == (("s", "a"), ("f", "f"))
    assert result.counts == {"a": 1, "f": 2, "s": 1}
    assert result.net() == {"a": 1, "f": 1}
    assert result.describe() == "good: sa, bad: ff → a1 f1"


def test_triumph_counts_as_a_success_too_and_stays():
    result = roll_symbols([GOOD, BAD], ScriptedRoller([8, 2]))
    assert result.counts == {"f": 1, "t": 1}
    assert result.net() == {"t": 1}  # the triumph's success cancels the failure


def test_netting_is_a_parameter():
    netting = Netting(pairs=(("x", "y"),), counts_as=())
    assert netting.net({"x": 1, "y": 3, "s": 2, "f": 1}) == {"f": 1, "s": 2, "y": 2}
    assert Netting().net({"s": 2, "f": 2, "d": 1, "h": 1}) == {"d": 1, "f": 1, "h": 1}


def test_seeded_throw_is_reproducible():
    first = roll_symbols([GOOD, GOOD, BAD], SeededRoller(9))
    assert roll_symbols([GOOD, GOOD, BAD], SeededRoller(9)) == first


@pytest.mark.parametrize("make, message", [
    (lambda: SymbolDie.of("good", ["s"]), 'symbol die "good" needs from 2 to 100 faces as a tuple'),
    (lambda: SymbolDie("Good", (("s",), ())), 'a symbol die\'s id is a lower-case name like "ability", not \'Good\''),
    (lambda: SymbolDie.of("good", ["s", "S"]), 'face 2 of symbol die "good" has \'S\'; a symbol is a lower-case name like "s"'),
    (lambda: SymbolDie("good", (("s",), "s")), 'face 2 of symbol die "good" is a tuple of at most 8 symbols'),
    (lambda: SymbolDie.of("good", ["s", "sssssssss"]), 'face 2 of symbol die "good" is a tuple of at most 8 symbols'),
    (lambda: Netting(pairs=(("s", "s"),)), "a cancelling pair is two different symbols, not ('s', 's')"),
    (lambda: Netting(pairs=(("s", "f"), ("s", "h"))), 'symbol "s" is in more than one cancelling pair'),
    (lambda: Netting(counts_as=(("t", "s"), ("t", "a"))), 'symbol "t" counts as more than one other symbol'),
    (lambda: Netting(counts_as=(("t", "s"), ("s", "a"))), "a symbol that counts as another cannot itself be counted into"),
    (lambda: roll_symbols([GOOD] * 41, ScriptedRoller([1] * 41)), "a throw has at most 40 symbol dice, not 41"),
    (lambda: roll_symbols(["good"], ScriptedRoller([1])), "symbol dice are SymbolDie values, not str"),
])
def test_refusals(make, message):
    with pytest.raises(DiceError) as err:
        make()
    assert str(err.value) == message
