"""Progress clocks as plain data, and the three things a reply can do to them.

Owns: the clock record (`{"name", "size", "filled"}`, kept in the order clocks were made),
`create`, `tick` and `clear`. Each takes the clocks block of the ruleset (`Clocks`) and
the current list and returns a new list, or a `Refusal`; the list given is never changed.
A full clock is complete: it stays and counts toward `max` until it is cleared, and a
negative tick can reopen it.
"""

from __future__ import annotations

from typing import Any

from shared.ruleset.clocks import Clocks
from shared.sheet.refusal import Refusal

from .names import name_key, name_problem

Clock = dict[str, Any]

BAD_NAME = "bad-name"
BAD_SIZE = "bad-size"
BAD_TICK = "bad-tick"
NAME_TAKEN = "name-taken"
MAX_REACHED = "max-reached"
UNKNOWN_CLOCK = "unknown-clock"


def find(clocks: list[Clock], name: str) -> int | None:
    key = name_key(name)
    return next((i for i, c in enumerate(clocks) if name_key(c["name"]) == key), None)


def _or_list(sizes: list[int]) -> str:
    words = [str(s) for s in sizes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def create(rules: Clocks, clocks: list[Clock], name: str, size: int) -> list[Clock] | Refusal:
    problem = name_problem(name)
    if problem is not None:
        return Refusal(BAD_NAME, problem)
    if size not in rules.sizes:
        return Refusal(BAD_SIZE, f"a clock of {size} segments is not allowed: {_or_list(rules.sizes)}")
    taken = find(clocks, name)
    if taken is not None:
        return Refusal(NAME_TAKEN, f"a clock named {clocks[taken]['name']} already exists")
    if len(clocks) >= rules.max:
        return Refusal(MAX_REACHED, f"{len(clocks)} clocks are kept already, the most this ruleset allows")
    return [*clocks, {"name": name, "size": size, "filled": 0}]


def tick(clocks: list[Clock], name: str, by: int) -> list[Clock] | Refusal:
    at = find(clocks, name)
    if at is None:
        return Refusal(UNKNOWN_CLOCK, f"there is no clock named {name}")
    clock = clocks[at]
    filled = min(max(clock["filled"] + by, 0), clock["size"])
    return [*clocks[:at], {**clock, "filled": filled}, *clocks[at + 1 :]]


def clear(clocks: list[Clock], name: str) -> list[Clock] | Refusal:
    at = find(clocks, name)
    if at is None:
        return Refusal(UNKNOWN_CLOCK, f"there is no clock named {name}")
    return [*clocks[:at], *clocks[at + 1 :]]


def now(clock: Clock) -> str:
    """`4/6`: how far a clock is filled, as the receipt writes it."""
    return f"{clock['filled']}/{clock['size']}"
