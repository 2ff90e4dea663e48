"""Dice pools: throw N dice of one size and count successes.

Owns `PoolRules` (the per-check parameters a `dice-pool` resolution declares, filled in by
the resolver: this module never reads a ruleset), throwing a pool, and the reading of one
throw, as follows. Every die, including a bonus die an explosion throws:

1. is thrown; with `reroll`, a face at or below `reroll.up_to` is thrown again (once, or
   until it comes up above `up_to`, at most `reroll.until_limit` more times), and the
   last face stands;
2. counts one success when it shows `target` or more, two when it also shows `double` or
   more; takes one success away when it shows `cancel` or less; is a botch face when it
   shows `botch` or less;
3. explodes when it shows `explode` or more: one bonus die is thrown, which may explode in
   turn, at most `explode_limit` bonus dice from one die of the pool (so a throw always
   ends; the forecast follows the same rule and reports how often the limit is reached).

The throw's successes are those counted less those cancelled, never below 0. It botches,
by `botch_rule`, when no die counted a success and at least one showed a botch face
(`"noSuccesses"`, the usual rule: cancelled successes are a failure, not a botch), or when
at least half of the dice thrown show botch faces (`"halfOrMore"`), whatever they counted.
It is exceptional when it did not botch and has at least `exceptional` successes. With
advantage the pool is thrown twice and the throw with more successes kept, a botch
counting as fewer than any throw that did not botch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from .errors import DiceError
from .expressions import ADVANTAGE, DISADVANTAGE, NORMAL, Mode
from .rng import Roller

#: A pool throws at most this many dice (the package format's own `pool.max` limit).
MAX_POOL = 100
#: A pool die has at most this many sides (`resolution.die.sides` is at most 100).
MAX_POOL_SIDES = 100
#: Extra throws of one die under an `until` reroll before its face stands anyway.
REROLL_UNTIL_LIMIT = 30
#: Default number of bonus dice one die of the pool may add by exploding.
EXPLODE_LIMIT = 10

BotchRule = Literal["noSuccesses", "halfOrMore"]


@dataclass(frozen=True, slots=True)
class Reroll:
    """Faces at or below `up_to` are thrown again: `once`, or `until` they come up higher."""

    up_to: int
    mode: Literal["once", "until"] = "once"
    until_limit: int = REROLL_UNTIL_LIMIT

    @property
    def limit(self) -> int:
        """How many extra throws one die may take."""
        return 1 if self.mode == "once" else self.until_limit


@dataclass(frozen=True, slots=True)
class PoolRules:
    """How one pool throw reads its dice. `None` turns a rule off."""

    sides: int = 10
    target: int = 7
    double: int | None = None
    explode: int | None = None
    explode_limit: int = EXPLODE_LIMIT
    reroll: Reroll | None = None
    cancel: int | None = None
    botch: int | None = None
    botch_rule: BotchRule = "noSuccesses"
    exceptional: int | None = None

    def __post_init__(self) -> None:
        s = self.sides
        if type(s) is not int or not 2 <= s <= MAX_POOL_SIDES:
            raise DiceError(f"a pool die has from 2 to {MAX_POOL_SIDES} sides, not {s!r}")
        _face_rule("target", self.target, 2, s, "the lowest face that counts a success")
        if self.double is not None:
            _face_rule("double", self.double, 2, s, "the lowest face that counts twice")
        if self.explode is not None:
            _face_rule("explode", self.explode, 2, s, "the lowest face that throws another die")
        if type(self.explode_limit) is not int or not 0 <= self.explode_limit <= MAX_POOL:
            raise DiceError(f'"explode_limit" is a whole number from 0 to {MAX_POOL}, not {self.explode_limit!r}')
        if self.reroll is not None:
            if self.reroll.mode not in ("once", "until"):
                raise DiceError(f'a reroll is "once" or "until", not {self.reroll.mode!r}')
            # Rerolling every face once is odd but ends; "until" must leave a face to stop on.
            high = s if self.reroll.mode == "once" else s - 1
            _face_rule("reroll", self.reroll.up_to, 1, high, "the highest face thrown again")
            if type(self.reroll.until_limit) is not int or not 1 <= self.reroll.until_limit <= MAX_POOL:
                raise DiceError(f'a reroll "until" stops after 1 to {MAX_POOL} throws, not {self.reroll.until_limit!r}')
        if self.cancel is not None:
            _face_rule("cancel", self.cancel, 1, s - 1, "the highest face that takes a success away")
        if self.botch is not None:
            _face_rule("botch", self.botch, 1, s - 1, "the highest botch face")
            if self.explode is not None and self.botch >= self.explode:
                raise DiceError(f'"botch" ({self.botch}) must stay below "explode" ({self.explode})')
        if self.botch_rule not in ("noSuccesses", "halfOrMore"):
            raise DiceError(f'"botch_rule" is "noSuccesses" or "halfOrMore", not {self.botch_rule!r}')
        if self.exceptional is not None and (type(self.exceptional) is not int or self.exceptional < 1):
            raise DiceError(f'"exceptional" is a number of successes from 1 up, not {self.exceptional!r}')

    def points(self, face: int) -> int:
        """Successes one final face counts (before cancelling)."""
        if face < self.target:
            return 0
        return 2 if self.double is not None and face >= self.double else 1

    @classmethod
    def plain(cls, sides: int, target: int) -> "PoolRules":
        """Damage and soak dice: count each face at or above `target` once, nothing else."""
        return cls(sides=sides, target=target)


def _face_rule(key: str, value: object, low: int, high: int, what: str) -> None:
    if type(value) is not int or not low <= value <= high:
        raise DiceError(f'"{key}" is {what}, a face from {low} to {high}, not {value!r}')


class PoolDie(NamedTuple):
    """One die of a throw: every throw of it (earlier ones were rerolled away; the last
    stands), and whether an explosion threw it."""

    throws: tuple[int, ...]
    bonus: bool = False

    @property
    def face(self) -> int:
        return self.throws[-1]


class PoolRoll:
    """One pool throw read by its rules. With advantage or disadvantage `dropped` is the
    throw not kept and `mode` says which."""

    __slots__ = ("rules", "size", "dice", "successes", "botch", "exceptional", "mode", "dropped")

    def __init__(self, rules: PoolRules, size: int, dice: tuple[PoolDie, ...], successes: int, botch: bool,
                 exceptional: bool, mode: Mode = NORMAL, dropped: "PoolRoll | None" = None) -> None:
        self.rules = rules
        self.size = size
        self.dice = dice
        self.successes = successes
        self.botch = botch
        self.exceptional = exceptional
        self.mode = mode
        self.dropped = dropped

    @property
    def rank(self) -> int:
        """Order of throws for advantage: a botch (-1) is below any throw that did not botch."""
        return -1 if self.botch else self.successes

    @property
    def faces(self) -> tuple[int, ...]:
        return tuple(d.face for d in self.dice)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PoolRoll) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def _key(self) -> tuple[PoolRules, int, tuple[PoolDie, ...], int, bool, bool, Mode, "PoolRoll | None"]:
        return (self.rules, self.size, self.dice, self.successes, self.botch, self.exceptional, self.mode, self.dropped)

    def describe(self) -> str:
        """`10!, +7, 3>8, 1 → 2 successes`: `!` exploded, `+` a bonus die, `>` a reroll."""
        shown = []
        for i, d in enumerate(self.dice):
            text = ">".join(map(str, d.throws))
            # A bonus die always follows the die whose explosion threw it.
            if i + 1 < len(self.dice) and self.dice[i + 1].bonus:
                text += "!"
            shown.append(("+" if d.bonus else "") + text)
        count = self.successes
        verdict = "no successes" if count == 0 else f"{count} success{'es' if count != 1 else ''}"
        if self.botch:
            verdict += ", a botch"
        elif self.exceptional:
            verdict += ", exceptional"
        text = f"{', '.join(shown) or 'no dice'} → {verdict}"
        if self.dropped is not None:
            text += f" ({self.mode}; dropped {self.dropped.describe()})"
        return text

    __str__ = describe

    def __repr__(self) -> str:
        return f"PoolRoll({self.describe()!r})"


def roll_pool(size: int, rules: PoolRules, roller: Roller, mode: Mode = NORMAL) -> PoolRoll:
    """Throw `size` dice by `rules`; twice, keeping the better or worse, with a mode."""
    if type(size) is not int or not 0 <= size <= MAX_POOL:
        raise DiceError(f"a pool throws from 0 to {MAX_POOL} dice, not {size!r}")
    if mode == NORMAL:
        return _throw(size, rules, roller)
    if mode != ADVANTAGE and mode != DISADVANTAGE:
        raise DiceError(f'a roll is "normal", "advantage" or "disadvantage", not {mode!r}')
    first = _throw(size, rules, roller)
    second = _throw(size, rules, roller)
    better = second.rank > first.rank if mode == ADVANTAGE else second.rank < first.rank
    kept, dropped = (second, first) if better else (first, second)
    return PoolRoll(rules, size, kept.dice, kept.successes, kept.botch, kept.exceptional, mode, dropped)


def read_pool(size: int, rules: PoolRules, dice: tuple[PoolDie, ...]) -> PoolRoll:
    """Read dice already thrown (in `roll_pool`'s order) by `rules`."""
    points = cancels = botch_faces = 0
    target, double, cancel, botch = rules.target, rules.double, rules.cancel, rules.botch
    for d in dice:
        face = d.throws[-1]
        if face >= target:
            points += 2 if double is not None and face >= double else 1
        if cancel is not None and face <= cancel:
            cancels += 1
        if botch is not None and face <= botch:
            botch_faces += 1
    successes = max(0, points - cancels)
    if botch is None or not dice:
        botched = False
    elif rules.botch_rule == "noSuccesses":
        botched = points == 0 and botch_faces > 0
    else:
        botched = 2 * botch_faces >= len(dice)
    exceptional = not botched and rules.exceptional is not None and successes >= rules.exceptional
    return PoolRoll(rules, size, dice, successes, botched, exceptional)


def _throw(size: int, rules: PoolRules, roller: Roller) -> PoolRoll:
    die = roller.die
    sides = rules.sides
    explode = rules.explode
    reroll = rules.reroll
    dice: list[PoolDie] = []
    for _ in range(size):
        bonus = False
        extra = 0
        while True:
            face = die(sides)
            if reroll is None:
                dice.append(PoolDie((face,), bonus))
            else:
                throws = [face]
                for _ in range(reroll.limit):
                    if face > reroll.up_to:
                        break
                    face = die(sides)
                    throws.append(face)
                dice.append(PoolDie(tuple(throws), bonus))
            if explode is None or face < explode or extra >= rules.explode_limit:
                break
            extra += 1
            bonus = True
    return read_pool(size, rules, tuple(dice))
