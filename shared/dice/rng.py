"""The counter-based generator and the rollers that hand out die faces.

Die number `n` of a battle is a pure function of `(seed, n)`. Draws come in blocks of 64:
block `b` of a seed is the first 512 bytes of SHAKE-128 (FIPS 202, in every Python's
`hashlib`) over a fixed domain tag, the seed and `b` (8 bytes little-endian each), read as
64 little-endian 64-bit words; draw `n` is word `n % 64` of block `n // 64`. Nothing
depends on the machine, the process or the Python version, so a battle reloaded from
`{seed, cursor}` on another worker rolls exactly what it would have rolled. A block is a
cache of pure values, never state: a roller restored at any cursor recomputes it.

A face is taken from the draw without bias by rejection: a draw at or above the largest
multiple of `sides` below 2**64 is refused and die `n` tries attempt `k = 1, 2, ...`, each
the first 8 bytes of SHAKE-128 over a second tag, the seed, `n` and `k` (again a pure
function of `(seed, n, k)`). The cursor advances by exactly 1 per die whether or not a
draw was refused, so die `n + 1` never depends on how die `n` went. (For a d20 a refusal
happens about once in 10**18 dice.)

`Roller` is the one interface the rest of the engine rolls through: `SeededRoller` for
real battles, `ScriptedRoller` for `--dice 5,3,6` (tests and rules questions).
"""

from __future__ import annotations

import re
import struct
from hashlib import shake_128
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from .errors import DiceError, DiceExhausted

TWO64 = 1 << 64
#: Domain tags: a change to how faces are drawn must change these (and every pinned test).
_BLOCK_TAG = b"marinara-battle/dice/v1/block\0"
_RETRY_TAG = b"marinara-battle/dice/v1/retry\0"
BLOCK = 64  # SeededRoller.die relies on this: block n >> 6, word n & 63
_WORDS = struct.Struct(f"<{BLOCK}Q")

#: Seeds and cursors stay within what a JSON number carries exactly in every language
#: (2**53 - 1), so a battle's state survives a trip through a browser or another parser.
SEED_MAX = (1 << 53) - 1
CURSOR_MAX = (1 << 53) - 1
#: A die may have at most this many sides (the generator draws 64 bits per attempt).
SIDES_MAX = TWO64
#: Dice of up to _FAST_SIDES sides accept any draw below _FAST_ACCEPT without computing
#: their exact limit (2**64 - 2**64 % sides is never lower than this).
_FAST_SIDES = 1 << 32
_FAST_ACCEPT = TWO64 - _FAST_SIDES
#: Attempts per die before giving up; each is refused with probability below 1/2, so
#: reaching this would take odds of 2**-64: it is a guard against a broken hash only.
_MAX_ATTEMPTS = 64


def block(seed: int, b: int) -> tuple[int, ...]:
    """Draws `64 * b .. 64 * b + 63` of `seed` (attempt 0 of each of those dice)."""
    digest = shake_128(_BLOCK_TAG + seed.to_bytes(8, "little") + b.to_bytes(8, "little")).digest(8 * BLOCK)
    return _WORDS.unpack(digest)


def draw(seed: int, n: int, k: int = 0) -> int:
    """Attempt `k` of die `n` of `seed`: a 64-bit integer."""
    if k == 0:
        return block(seed, n // BLOCK)[n % BLOCK]
    data = _RETRY_TAG + seed.to_bytes(8, "little") + n.to_bytes(8, "little") + k.to_bytes(8, "little")
    return int.from_bytes(shake_128(data).digest(8), "little")


def face_of_draws(seed: int, n: int, sides: int, first: int | None = None) -> int:
    """Face (1..sides) of die `n` of `seed`, unbiased by rejection (`first`: attempt 0,
    when the caller already has it)."""
    limit = TWO64 - TWO64 % sides
    for k in range(_MAX_ATTEMPTS):
        x = first if k == 0 and first is not None else draw(seed, n, k)
        if x < limit:
            return x % sides + 1
    raise DiceError(f"die {n} found no acceptable draw in {_MAX_ATTEMPTS} attempts")


def face_at(seed: int, n: int, sides: int) -> int:
    """Face of die number `n` (counting from 0) of the battle seeded `seed`."""
    check_seed(seed)
    check_sides(sides)
    if type(n) is not int or not 0 <= n <= CURSOR_MAX:
        raise DiceError(f"a die number is a whole number from 0 to {CURSOR_MAX}, not {n!r}")
    return face_of_draws(seed, n, sides)


def check_seed(seed: Any) -> None:
    if type(seed) is not int or not 0 <= seed <= SEED_MAX:
        raise DiceError(f"a seed is a whole number from 0 to {SEED_MAX}, not {seed!r}")


def check_sides(sides: Any) -> None:
    if type(sides) is not int or not 1 <= sides <= SIDES_MAX:
        raise DiceError(f"a die has from 1 to {SIDES_MAX} sides, not {sides!r}")


@runtime_checkable
class Roller(Protocol):
    """Where every die of a battle comes from. `cursor` counts the dice handed out."""

    @property
    def cursor(self) -> int: ...

    def die(self, sides: int) -> int: ...

    def state(self) -> dict[str, Any]: ...


class SeededRoller:
    """The battle's own dice: die `cursor` of `seed`, then the cursor moves on by one."""

    __slots__ = ("seed", "cursor", "_block_no", "_block")

    def __init__(self, seed: int, cursor: int = 0) -> None:
        check_seed(seed)
        if type(cursor) is not int or not 0 <= cursor <= CURSOR_MAX:
            raise DiceError(f"a dice cursor is a whole number from 0 to {CURSOR_MAX}, not {cursor!r}")
        self.seed = seed
        self.cursor = cursor
        self._block_no = -1
        self._block: tuple[int, ...] = ()

    def die(self, sides: int, _fast: int = _FAST_ACCEPT) -> int:
        # The hot path of every roll. A draw below _FAST_ACCEPT is below the rejection
        # limit of any die of up to 2**32 sides; anything else takes the exact path,
        # which gives the same face.
        if type(sides) is not int or sides < 1 or sides > _FAST_SIDES:
            return self._die_exact(sides)
        n = self.cursor
        self.cursor = n + 1
        if n >> 6 != self._block_no:
            self._block_no = n >> 6
            self._block = block(self.seed, n >> 6)
        z = self._block[n & 63]
        if z < _fast:
            return z % sides + 1
        return face_of_draws(self.seed, n, sides, z)

    def _die_exact(self, sides: int) -> int:
        check_sides(sides)
        n = self.cursor
        self.cursor = n + 1
        return face_of_draws(self.seed, n, sides)

    def state(self) -> dict[str, Any]:
        return {"seed": self.seed, "cursor": self.cursor}

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> "SeededRoller":
        _exact_keys(data, ("seed", "cursor"), "a seeded dice state")
        return cls(data["seed"], data["cursor"])

    def __repr__(self) -> str:
        return f"SeededRoller(seed={self.seed}, cursor={self.cursor})"


_SCRIPT_RE = re.compile(r"^\s*\d{1,9}\s*(?:,\s*\d{1,9}\s*)*,?\s*$", re.ASCII)


class ScriptedRoller:
    """Faces written down in advance (`--dice 5,3,6`), handed out in order.

    Running out of faces raises `DiceExhausted`; a face that cannot come up on the die
    asked for (a 7 for a d6) raises `DiceError`. Neither moves the cursor."""

    __slots__ = ("faces", "cursor")

    def __init__(self, faces: Sequence[int], cursor: int = 0) -> None:
        for i, face in enumerate(faces):
            if type(face) is not int or face < 1:
                raise DiceError(f"scripted face {i + 1} is {face!r}; a face is a whole number from 1 up")
        if type(cursor) is not int or not 0 <= cursor <= len(faces):
            raise DiceError(f"a scripted dice cursor is a whole number from 0 to {len(faces)}, not {cursor!r}")
        self.faces: tuple[int, ...] = tuple(faces)
        self.cursor = cursor

    @classmethod
    def parse(cls, text: str) -> "ScriptedRoller":
        """`"5,3,6"` -> a roller that hands out 5, then 3, then 6."""
        if not isinstance(text, str) or not text.strip():
            raise DiceError('the scripted dice are empty: write faces like "5,3,6"')
        if not _SCRIPT_RE.match(text):
            raise DiceError(f'cannot read the scripted dice "{_clip(text)}": write whole numbers separated by commas, like "5,3,6"')
        return cls([int(part) for part in text.split(",") if part.strip()])

    @property
    def remaining(self) -> int:
        return len(self.faces) - self.cursor

    def die(self, sides: int) -> int:
        check_sides(sides)
        n = self.cursor
        if n >= len(self.faces):
            count = len(self.faces)
            raise DiceExhausted(f"the scripted dice ran out: die {n + 1} (a d{sides}) was asked for, "
                                f"but the script has {count} face{'' if count == 1 else 's'}")
        face = self.faces[n]
        if face > sides:
            raise DiceError(f"scripted face {n + 1} is {face}, which a d{sides} cannot show")
        self.cursor = n + 1
        return face

    def state(self) -> dict[str, Any]:
        return {"faces": list(self.faces), "cursor": self.cursor}

    @classmethod
    def from_state(cls, data: Mapping[str, Any]) -> "ScriptedRoller":
        _exact_keys(data, ("faces", "cursor"), "a scripted dice state")
        if not isinstance(data["faces"], list):
            raise DiceError('"faces" of a scripted dice state is a list of whole numbers')
        return cls(data["faces"], data["cursor"])

    def __repr__(self) -> str:
        return f"ScriptedRoller({list(self.faces)!r}, cursor={self.cursor})"


def roller_from_state(data: Mapping[str, Any]) -> SeededRoller | ScriptedRoller:
    """Rebuild whichever roller wrote `data` with its `state()`."""
    if isinstance(data, Mapping) and "faces" in data:
        return ScriptedRoller.from_state(data)
    return SeededRoller.from_state(data)


def _exact_keys(data: Any, keys: tuple[str, ...], what: str) -> None:
    if not isinstance(data, Mapping):
        raise DiceError(f"{what} is an object with {_quoted(keys)}, not {type(data).__name__}")
    missing = [k for k in keys if k not in data]
    extra = sorted(str(k) for k in data if k not in keys)
    if missing:
        raise DiceError(f"{what} needs {_quoted(tuple(missing))}")
    if extra:
        raise DiceError(f"{what} has unknown key{'s' if len(extra) > 1 else ''} {_quoted(tuple(extra))}")


def _quoted(keys: tuple[str, ...]) -> str:
    return " and ".join(f'"{k}"' for k in keys)


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"
