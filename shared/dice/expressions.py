"""Dice written as text, and rolling them.

Owns the expression language (`NdM`, `NdM+K`, `NdM-K`, `dM`, a bare whole number, and sums
and differences of those such as `1d20+1d4+5`), its caps, `DiceExpr` (what a text means),
`DiceRoll` (what came up, every face kept so the log can print `8 (5 + 3) + 3 = 11`) and
rolling once or twice keeping the better or worse whole roll (advantage, disadvantage).

Malformed or oversized text raises `DiceError` with a sentence; nothing else escapes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from .errors import DiceError
from .rng import Roller

#: One roll throws at most this many dice, all terms together.
MAX_DICE = 100
#: A die in an expression has at most this many sides (the package format's own limit).
MAX_SIDES = 1000
#: The flat part of an expression lies within this many either way.
MAX_MODIFIER = 99_999
#: At most this many dice terms, and this many characters of text, are read.
MAX_TERMS = 20
MAX_TEXT = 200

Mode = Literal["normal", "advantage", "disadvantage"]
NORMAL: Mode = "normal"
ADVANTAGE: Mode = "advantage"
DISADVANTAGE: Mode = "disadvantage"
MODES: tuple[Mode, ...] = (NORMAL, ADVANTAGE, DISADVANTAGE)

_EXAMPLE = 'write dice like "2d6+3" or a whole number'


@dataclass(frozen=True, slots=True)
class DiceTerm:
    """`count` dice of `sides` sides, added (or taken away when `negative`)."""

    count: int
    sides: int
    negative: bool = False

    def __str__(self) -> str:
        return f"{'-' if self.negative else ''}{self.count}d{self.sides}"


@dataclass(frozen=True, slots=True)
class DiceExpr:
    """A parsed expression: dice terms plus a flat modifier. Hashable, so forecasts cache."""

    terms: tuple[DiceTerm, ...] = ()
    modifier: int = 0
    _text: str = field(default="", init=False, repr=False, compare=False)
    #: The die size when the roll is one die added (the fast path and natural faces), else 0.
    _single: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.terms, tuple) or not all(isinstance(t, DiceTerm) for t in self.terms):
            raise DiceError("dice terms are a tuple of DiceTerm values")
        text = _canonical(self.terms, self.modifier)
        object.__setattr__(self, "_text", text)
        if len(self.terms) > MAX_TERMS:
            raise DiceError(f'"{text}" has {len(self.terms)} dice terms; at most {MAX_TERMS} are read')
        for term in self.terms:
            if type(term.count) is not int or term.count < 1:
                raise DiceError(f'"{text}" rolls {term.count} dice in one term; a dice term rolls at least 1 die')
            if type(term.sides) is not int or term.sides < 2:
                raise DiceError(f'"{text}" has a {term.sides}-sided die; a die has at least 2 sides')
            if term.sides > MAX_SIDES:
                raise DiceError(f'"{text}" has a {term.sides}-sided die; a die has at most {MAX_SIDES} sides')
        total = sum(t.count for t in self.terms)
        if total > MAX_DICE:
            raise DiceError(f'"{text}" rolls {total} dice; one roll throws at most {MAX_DICE}')
        if type(self.modifier) is not int or abs(self.modifier) > MAX_MODIFIER:
            raise DiceError(f'"{text}" adds {self.modifier}; the flat part of a roll is at most {MAX_MODIFIER} either way')
        if len(self.terms) == 1 and self.terms[0].count == 1 and not self.terms[0].negative:
            object.__setattr__(self, "_single", self.terms[0].sides)

    @classmethod
    def of(cls, count: int, sides: int, modifier: int = 0) -> "DiceExpr":
        """`DiceExpr.of(2, 6, 3)` is `2d6+3`; a count of 0 is the bare modifier."""
        if count == 0:
            return cls((), modifier)
        return cls((DiceTerm(count, sides),), modifier)

    @classmethod
    def constant(cls, value: int) -> "DiceExpr":
        return cls((), value)

    def __str__(self) -> str:
        return self._text

    @property
    def count(self) -> int:
        """How many dice one roll throws."""
        return sum(t.count for t in self.terms)

    @property
    def sides(self) -> int | None:
        """The die size when every term throws the same die, otherwise None."""
        sizes = {t.sides for t in self.terms}
        return sizes.pop() if len(sizes) == 1 else None

    @property
    def single_die(self) -> bool:
        """One die added, nothing else thrown: the only case with natural faces."""
        return self._single != 0

    @property
    def is_constant(self) -> bool:
        return not self.terms

    @property
    def minimum(self) -> int:
        return self.modifier + sum(-t.count * t.sides if t.negative else t.count for t in self.terms)

    @property
    def maximum(self) -> int:
        return self.modifier + sum(-t.count if t.negative else t.count * t.sides for t in self.terms)

    @property
    def mean(self) -> Fraction:
        """Expected total (exact)."""
        out = Fraction(self.modifier)
        for t in self.terms:
            part = Fraction(t.count * (t.sides + 1), 2)
            out += -part if t.negative else part
        return out

    @property
    def dice_max(self) -> int:
        """Highest total of the added dice alone (what `max-dice` adds on a critical)."""
        return sum(t.count * t.sides for t in self.terms if not t.negative)

    def dice_only(self) -> "DiceExpr":
        """The same dice without the flat part (what `double-dice` throws again)."""
        return DiceExpr(self.terms, 0)

    def plus(self, other: "DiceExpr | str | int", minus: bool = False) -> "DiceExpr":
        """This roll with another added (or taken away): `1d20+5` plus `1d4` is `1d20+1d4+5`."""
        other = parse_dice(other)
        terms = tuple(DiceTerm(t.count, t.sides, t.negative != minus) for t in other.terms)
        return DiceExpr(self.terms + terms, self.modifier - other.modifier if minus else self.modifier + other.modifier)

    def with_modifier(self, extra: int) -> "DiceExpr":
        """This roll with `extra` added to its flat part: `3d8+9` with 2 is `3d8+11`. The flat
        part already written in the text is kept once, never passed in again."""
        return _with_modifier(self, self.modifier + extra)

    def times_dice(self, times: int) -> "DiceExpr":
        """Every dice term thrown `times` over, the flat part unchanged (`1d8+2` x2 is `2d8+2`)."""
        if type(times) is not int or times < 1:
            raise DiceError(f"dice are multiplied by a whole number from 1 up, not {times!r}")
        return DiceExpr(tuple(DiceTerm(t.count * times, t.sides, t.negative) for t in self.terms), self.modifier)


@lru_cache(maxsize=4096, typed=True)
def _with_modifier(expr: DiceExpr, modifier: int) -> DiceExpr:
    # Menus add the same bonuses to the same dice on every step; an expression is checked
    # once for each modifier instead of every time (a refused modifier is not kept).
    return DiceExpr(expr.terms, modifier)


def _canonical(terms: tuple[DiceTerm, ...], modifier: int) -> str:
    out = ""
    for t in terms:
        piece = str(t)
        out += piece if not out or piece.startswith("-") else "+" + piece
    if modifier or not out:
        out += f"{modifier:+d}" if out else str(modifier)
    return out


_TERM_RE = re.compile(r"\s*([+-])?\s*(?:(\d*)\s*[dD]\s*(\d+)|(\d+))\s*", re.ASCII)


def parse_dice(text: "str | int | DiceExpr") -> DiceExpr:
    """Read dice text (`"2d6+3"`), a whole number, or pass a `DiceExpr` through."""
    if type(text) is DiceExpr:
        return text
    if type(text) is int:
        return DiceExpr((), text)
    if not isinstance(text, str):
        raise DiceError(f'dice are text like "2d6+3" or a whole number, not {type(text).__name__}')
    return _parse_text(text)


@lru_cache(maxsize=2048)
def _parse_text(text: str) -> DiceExpr:
    if len(text) > MAX_TEXT:
        raise DiceError(f"dice text is {len(text)} characters long; at most {MAX_TEXT} are read")
    if not text.strip():
        raise DiceError(f"empty dice: {_EXAMPLE}")
    terms: list[DiceTerm] = []
    modifier = 0
    pos = 0
    while pos < len(text):
        m = _TERM_RE.match(text, pos)
        if m is None or (pos and m.group(1) is None):
            raise DiceError(f'cannot read dice "{text.strip()}": {_EXAMPLE}')
        sign, count, sides, flat = m.groups()
        negative = sign == "-"
        if flat is not None:
            value = _number(flat, text)
            modifier += -value if negative else value
        else:
            terms.append(DiceTerm(_number(count, text) if count else 1, _number(sides, text), negative))
        pos = m.end()
    return DiceExpr(tuple(terms), modifier)


def _number(digits: str, text: str) -> int:
    if len(digits) > 9:
        raise DiceError(f'dice "{text.strip()}" hold a number too large to roll')
    return int(digits)


class DiceRoll:
    """What one roll came up with: every face of every term, and the total.

    With advantage or disadvantage, `mode` says so and `dropped` is the whole roll that
    was not kept; `total` and `faces` are always the kept roll's."""

    __slots__ = ("expr", "faces", "total", "mode", "dropped")

    def __init__(self, expr: DiceExpr, faces: tuple[tuple[int, ...], ...], total: int,
                 mode: Mode = NORMAL, dropped: "DiceRoll | None" = None) -> None:
        self.expr = expr
        self.faces = faces
        self.total = total
        self.mode = mode
        self.dropped = dropped

    @property
    def natural(self) -> int | None:
        """The face of a single-die roll (natural 20, natural 1); None for anything else."""
        return self.faces[0][0] if self.expr.single_die else None

    @property
    def dice_total(self) -> int:
        return self.total - self.expr.modifier

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DiceRoll) and (self.expr, self.faces, self.total, self.mode, self.dropped) == (
            other.expr, other.faces, other.total, other.mode, other.dropped)

    __hash__ = None  # type: ignore[assignment]

    def describe(self) -> str:
        """`8 (5 + 3) + 3 = 11`; with advantage `... (advantage; dropped ...)`."""
        parts: list[str] = []
        for term, faces in zip(self.expr.terms, self.faces):
            subtotal = sum(faces)
            piece = str(subtotal) if len(faces) == 1 else f"{subtotal} ({' + '.join(map(str, faces))})"
            if term.negative:
                parts.append(f"- {piece}" if parts else f"-{piece}")
            else:
                parts.append(f"+ {piece}" if parts else piece)
        mod = self.expr.modifier
        if mod or not parts:
            parts.append(str(mod) if not parts else f"{'+' if mod > 0 else '-'} {abs(mod)}")
        text = " ".join(parts)
        if len(parts) > 1:
            text += f" = {self.total}"
        if self.dropped is not None:
            text += f" ({self.mode}; dropped {self.dropped.describe()})"
        return text

    __str__ = describe

    def __repr__(self) -> str:
        return f"DiceRoll({str(self.expr)!r}, {self.describe()!r})"


def roll(expr: "DiceExpr | str | int", roller: Roller, mode: Mode = NORMAL) -> DiceRoll:
    """Roll an expression; with advantage or disadvantage the whole roll is thrown twice
    and the better or worse total kept (the first one on a tie)."""
    if type(expr) is str:
        expr = _parse_text(expr)
    elif type(expr) is not DiceExpr:
        expr = parse_dice(expr)
    if mode is NORMAL or mode == NORMAL:
        sides = expr._single
        if sides:
            face = roller.die(sides)
            return DiceRoll(expr, ((face,),), face + expr.modifier)
        return _roll_once(expr, roller)
    if mode != ADVANTAGE and mode != DISADVANTAGE:
        raise DiceError(f'a roll is "normal", "advantage" or "disadvantage", not {mode!r}')
    first = _roll_once(expr, roller)
    second = _roll_once(expr, roller)
    better = second.total > first.total if mode == ADVANTAGE else second.total < first.total
    kept, dropped = (second, first) if better else (first, second)
    return DiceRoll(expr, kept.faces, kept.total, mode, dropped)


def _roll_once(expr: DiceExpr, roller: Roller) -> DiceRoll:
    if expr._single:
        face = roller.die(expr._single)
        return DiceRoll(expr, ((face,),), face + expr.modifier)
    terms = expr.terms
    die = roller.die
    total = expr.modifier
    faces = []
    for term in terms:
        sides = term.sides
        got = tuple([die(sides) for _ in range(term.count)])
        faces.append(got)
        total += -sum(got) if term.negative else sum(got)
    return DiceRoll(expr, tuple(faces), total)


def pick_mode(advantages: int, disadvantages: int) -> Mode:
    """Advantage and disadvantage cancel each other out: any of both is a plain roll."""
    if advantages and not disadvantages:
        return ADVANTAGE
    if disadvantages and not advantages:
        return DISADVANTAGE
    return NORMAL
