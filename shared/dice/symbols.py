"""Symbol dice: dice whose faces show symbols instead of numbers.

Owns `SymbolDie` (a die is its list of faces, each face a tuple of symbol letters, a blank
face being the empty tuple), throwing a handful of them, and `Netting`, which cancels
opposing symbols. The symbol letters and which ones oppose are the ruleset's, so they are
parameters; the defaults are the ones the spec's example uses: success `s` against failure
`f`, advantage `a` against threat `h`, and triumph `t` / despair `d`, which stay on the roll
and also count as a success / a failure.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .errors import DiceError
from .rng import Roller

#: One throw has at most this many symbol dice, and a die at most this many faces.
MAX_SYMBOL_DICE = 40
MAX_FACES = 100
#: At most this many symbols on one face.
MAX_SYMBOLS_PER_FACE = 8

_SYMBOL_RE = re.compile(r"^[a-z][a-z0-9_]{0,39}$")

Face = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SymbolDie:
    """A die named `id` with its faces; each face equally likely."""

    id: str
    faces: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _SYMBOL_RE.match(self.id):
            raise DiceError(f"a symbol die's id is a lower-case name like \"ability\", not {self.id!r}")
        if not isinstance(self.faces, tuple) or not 2 <= len(self.faces) <= MAX_FACES:
            raise DiceError(f'symbol die "{self.id}" needs from 2 to {MAX_FACES} faces as a tuple')
        for i, face in enumerate(self.faces):
            if not isinstance(face, tuple) or len(face) > MAX_SYMBOLS_PER_FACE:
                raise DiceError(f'face {i + 1} of symbol die "{self.id}" is a tuple of at most '
                                f'{MAX_SYMBOLS_PER_FACE} symbols')
            for symbol in face:
                if not isinstance(symbol, str) or not _SYMBOL_RE.match(symbol):
                    raise DiceError(f'face {i + 1} of symbol die "{self.id}" has {symbol!r}; '
                                    'a symbol is a lower-case name like "s"')

    @classmethod
    def of(cls, id: str, faces: Iterable[str]) -> "SymbolDie":
        """Faces written as strings of one-letter symbols: `["", "s", "ss", "sa", "t"]`."""
        return cls(id, tuple(tuple(face) for face in faces))

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def symbols(self) -> frozenset[str]:
        return frozenset(s for face in self.faces for s in face)


def _check_symbol(symbol: object) -> None:
    if not isinstance(symbol, str) or not _SYMBOL_RE.match(symbol):
        raise DiceError(f'a symbol is a lower-case name like "s", not {symbol!r}')


@dataclass(frozen=True, slots=True)
class Netting:
    """How opposing symbols cancel.

    `counts_as` first adds each symbol's count to another symbol's (a triumph is a success
    too) while keeping its own; then for each pair the side with more keeps the difference
    and the other side drops to 0. Symbols in no pair are left as thrown."""

    pairs: tuple[tuple[str, str], ...] = (("s", "f"), ("a", "h"))
    counts_as: tuple[tuple[str, str], ...] = (("t", "s"), ("d", "f"))

    def __post_init__(self) -> None:
        seen: set[str] = set()
        for pair in self.pairs:
            if not (isinstance(pair, tuple) and len(pair) == 2 and pair[0] != pair[1]):
                raise DiceError(f"a cancelling pair is two different symbols, not {pair!r}")
            for symbol in pair:
                _check_symbol(symbol)
                if symbol in seen:
                    raise DiceError(f'symbol "{symbol}" is in more than one cancelling pair')
                seen.add(symbol)
        sources: set[str] = set()
        for entry in self.counts_as:
            if not (isinstance(entry, tuple) and len(entry) == 2 and entry[0] != entry[1]):
                raise DiceError(f"a counts-as rule is two different symbols, not {entry!r}")
            for symbol in entry:
                _check_symbol(symbol)
            if entry[0] in sources:
                raise DiceError(f'symbol "{entry[0]}" counts as more than one other symbol')
            sources.add(entry[0])
        if sources & {b for _, b in self.counts_as}:
            raise DiceError("a symbol that counts as another cannot itself be counted into")

    def net(self, counts: Mapping[str, int]) -> dict[str, int]:
        """Thrown counts -> what is left after cancelling (zero counts left out, sorted)."""
        total = Counter({k: v for k, v in counts.items() if v})
        for source, into in self.counts_as:
            if total[source]:
                total[into] += total[source]
        for left, right in self.pairs:
            diff = total[left] - total[right]
            total[left], total[right] = max(diff, 0), max(-diff, 0)
        return {k: total[k] for k in sorted(total) if total[k]}


DEFAULT_NETTING = Netting()


class SymbolRoll:
    """One throw of symbol dice: the face each die showed and the symbols counted."""

    __slots__ = ("dice", "faces", "counts")

    def __init__(self, dice: tuple[SymbolDie, ...], faces: tuple[Face, ...]) -> None:
        self.dice = dice
        self.faces = faces
        counts = Counter(s for face in faces for s in face)
        self.counts: dict[str, int] = {k: counts[k] for k in sorted(counts)}

    def net(self, netting: Netting = DEFAULT_NETTING) -> dict[str, int]:
        return netting.net(self.counts)

    def describe(self, netting: Netting = DEFAULT_NETTING) -> str:
        """`ability: sa, difficulty: f, boost: - → s1 a1`."""
        shown = ", ".join(f"{d.id}: {''.join(f) or '-'}" for d, f in zip(self.dice, self.faces))
        left = self.net(netting)
        return f"{shown or 'no dice'} → {' '.join(f'{k}{v}' for k, v in left.items()) or 'nothing'}"

    __str__ = describe

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SymbolRoll) and (self.dice, self.faces) == (other.dice, other.faces)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"SymbolRoll({self.describe()!r})"


def roll_symbols(dice: Sequence[SymbolDie], roller: Roller) -> SymbolRoll:
    """Throw each die once, in order (one die of the battle's sequence per symbol die)."""
    dice = tuple(dice)
    if len(dice) > MAX_SYMBOL_DICE:
        raise DiceError(f"a throw has at most {MAX_SYMBOL_DICE} symbol dice, not {len(dice)}")
    faces = []
    for d in dice:
        if not isinstance(d, SymbolDie):
            raise DiceError(f"symbol dice are SymbolDie values, not {type(d).__name__}")
        faces.append(d.faces[roller.die(len(d.faces)) - 1])
    return SymbolRoll(dice, tuple(faces))
