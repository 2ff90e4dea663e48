"""The `mechanics` block of catalog entries (spec/mechanics-1..3): one model assembled
from the parts, each part owning the keys of its spec page."""

from .part1 import MechanicsPart1
from .part2 import MechanicsPart2
from .part3 import MechanicsPart3


class Mechanics(MechanicsPart3, MechanicsPart2, MechanicsPart1):
    """A catalog entry's `mechanics`. Validators of every part run."""


__all__ = ["Mechanics"]
