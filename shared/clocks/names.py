"""What a clock may be called (spec/sheet.md "Progress clocks").

Owns: `name_problem` (why a name is refused, or None) and `name_key` (the form two names
are compared in: clock names are unique without regard to case, and a tick or a clear
finds its clock the same way).
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 100

_LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")


def name_problem(name: str) -> str | None:
    """A name is a single line of 1-100 characters with no double quotes, square
    brackets, control characters or macro braces."""
    if not name or not name.strip():
        return "a clock needs a name of 1 to 100 characters"
    if len(name) > MAX_NAME:
        return f"a clock name is at most {MAX_NAME} characters, not {len(name)}"
    if any(ch in _LINE_BREAKS for ch in name):
        return "a clock name is a single line"
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return "a clock name has no control characters"
    if '"' in name:
        return "a clock name has no double quotes"
    if "[" in name or "]" in name:
        return "a clock name has no square brackets"
    if "{{" in name or "}}" in name:
        return "a clock name has no macro braces"
    return None


def name_key(name: str) -> str:
    return name.casefold()
