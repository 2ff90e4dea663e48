"""The `mechanics` block of catalog entries (spec/mechanics-1..3): one model assembled
from the parts, each part owning the keys of its spec page.

Owns: `Mechanics` (the assembly) and the rules that span parts: the value-level gates of
every part and of every mixin a part is built from are gathered here, because a method of
one base would hide another's.
"""

from typing import ClassVar, Iterable

from ..gates import Gate
from .block import MechanicsPart1
from .part2 import MechanicsPart2
from .part3 import MechanicsPart3


class Mechanics(MechanicsPart3, MechanicsPart2, MechanicsPart1):
    """A catalog entry's `mechanics`. Validators of every part run."""

    VALUE_GATES: ClassVar[dict[tuple[str, str], str]] = {}

    def extra_gates(self) -> Iterable[Gate]:
        # Mechanics' own bases, not the instance's: a subclass (an item's use) calls this
        # and adds its own.
        for base in Mechanics.__mro__[1:]:
            own = base.__dict__.get("extra_gates")
            if own is not None:
                yield from own(self)


Mechanics.VALUE_GATES = {
    key: api
    for base in reversed(Mechanics.__mro__[1:])
    for key, api in (base.__dict__.get("VALUE_GATES") or {}).items()
}

__all__ = ["Mechanics"]
