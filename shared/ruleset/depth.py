"""How deep a document may nest: packages and characters are read by recursive checks, so
a document nested thousands deep would exhaust the stack instead of being refused.

Owns: `MAX_DEPTH` and `too_deep(data)`, the path of the first value nested deeper than it
(or None). Real packages nest about a dozen levels (the upstream ones 11 and 12); the limit
is far above any of them.
"""

from __future__ import annotations

from typing import Any

from .errors import PathPart

MAX_DEPTH = 64


def too_deep(data: Any, limit: int = MAX_DEPTH) -> list[PathPart] | None:
    """The path of the first object or list nested more than `limit` levels down, walking
    without recursion; None when the document stays within it."""
    stack: list[tuple[Any, list[PathPart]]] = [(data, [])]
    while stack:
        value, path = stack.pop()
        if isinstance(value, dict):
            items: Any = value.items()
        elif isinstance(value, list):
            items = enumerate(value)
        else:
            continue
        if len(path) >= limit:
            return path
        stack.extend((child, [*path, key]) for key, child in items)
    return None
