"""Progress clocks for the party and the scene (spec/sheet.md "Progress clocks",
Capability API 1.143): the reply tag grammar (`tags.py`), clock names (`names.py`), the
clock operations on plain data (`ops.py`) and one `[clock: ...]` tag applied
(`commands.py`). Pure: no I/O; a refused command is a value and changes nothing.
"""

from .commands import run_clock
from .names import name_key, name_problem
from .ops import Clock, clear, create, tick
from .tags import Tag, find_tags, render, tokenize

__all__ = [
    "Clock",
    "Tag",
    "clear",
    "create",
    "find_tags",
    "name_key",
    "name_problem",
    "render",
    "run_clock",
    "tick",
    "tokenize",
]
