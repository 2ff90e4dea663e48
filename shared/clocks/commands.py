"""One `[clock: ...]` tag read as a command and applied to the clocks.

Owns: `run_clock(rules, clocks, tag)`, which reads the tag strictly (only `name`, `size`,
`tick` and a bare `clear`; each once; exactly one action) and answers the new clocks and
the receipt's result attributes: `result="ok" now="4/6"` (`now="cleared"` after a clear),
or `result="refused" reason="..."` with the clocks unchanged.
"""

from __future__ import annotations

import re
from typing import Any

from shared.ruleset.clocks import Clocks
from shared.sheet.refusal import Refusal

from . import ops
from .tags import Tag

Result = list[tuple[str, str]]

KEYS = ("name", "size", "tick", "clear")
ACTIONS = ("size", "tick", "clear")
_SIZE = re.compile(r"^\+?\d{1,6}$")
_TICK = re.compile(r"^[+-]?\d{1,6}$")


def refused(reason: str) -> Result:
    return [("result", "refused"), ("reason", reason)]


def ok(now: str | None = None) -> Result:
    return [("result", "ok")] + ([("now", now)] if now is not None else [])


def read_attrs(tag: Tag, allowed: tuple[str, ...], what: str) -> dict[str, Any] | str:
    """The tag's attributes by lower-case key (a flag's value is None), or why the tag is
    refused: unreadable text, an attribute this command does not take, one given twice."""
    if tag.junk:
        return f"the tag cannot be read at {tag.junk[0]}"
    attrs: dict[str, Any] = {}
    for token in tag.attrs():
        key = token.key.lower()  # type: ignore[union-attr]
        if key not in allowed:
            return f"{what} takes no {key}"
        if key in attrs:
            return f"{key} is given twice"
        attrs[key] = token.value
    return attrs


def run_clock(rules: Clocks | None, clocks: list[ops.Clock], tag: Tag) -> tuple[list[ops.Clock], Result]:
    if rules is None:
        return clocks, refused("this ruleset has no clocks")
    attrs = read_attrs(tag, KEYS, "a clock tag")
    if isinstance(attrs, str):
        return clocks, refused(attrs)
    name = attrs.get("name")
    if name is None:
        return clocks, refused("a clock tag names its clock with name")
    actions = [a for a in ACTIONS if a in attrs]
    if len(actions) != 1:
        return clocks, refused(
            "a clock tag asks for exactly one of size, tick and clear"
            + (f", not {' and '.join(actions)}" if actions else "")
        )
    action = actions[0]
    value = attrs[action]
    if action == "clear":
        if value is not None:
            return clocks, refused("clear takes no value")
        result = ops.clear(clocks, name)
        return (clocks, refused(result.message)) if isinstance(result, Refusal) else (result, ok("cleared"))
    if value is None:
        return clocks, refused(f"{action} needs a number")
    if action == "size":
        if not _SIZE.match(value):
            return clocks, refused(f"size must be a whole number of segments, not {value}")
        result = ops.create(rules, clocks, name, int(value))
    else:
        if not _TICK.match(value):
            return clocks, refused(f"tick must be a whole number, not {value}")
        result = ops.tick(clocks, name, int(value))
    if isinstance(result, Refusal):
        return clocks, refused(result.message)
    clock = result[ops.find(result, name)]  # type: ignore[index]
    return result, ok(ops.now(clock))
