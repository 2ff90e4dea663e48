"""Near-valid JSON documents for fuzzing: a real document (a ruleset package, a character)
with a few mutations at random places.

Owns: `mutated(doc)`, a hypothesis strategy that copies `doc` and applies one to four
mutations, each at a path drawn from every value in the document: a value of the wrong
type, a huge or non-finite number, deep nesting, a long or hostile string (newlines,
control characters, forged tags), an unknown key, a removed key, a dangling or swapped id,
a duplicated list row, an emptied container. Starting from a valid document keeps most
examples one or two steps from valid, which is where a validator's checks live.
"""

from __future__ import annotations

import copy
import reprlib
from typing import Any

from hypothesis import strategies as st

Path = tuple[str | int, ...]


class Mutant:
    """A mutated document and what was done to it; shown short when a test fails (the
    document itself can be megabytes, or thousands deep)."""

    def __init__(self, doc: Any, done: list[str]) -> None:
        self.doc, self.done = doc, done

    def __repr__(self) -> str:
        return f"Mutant({'; '.join(self.done)})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


_SHORT = reprlib.Repr()
_SHORT.maxstring, _SHORT.maxother, _SHORT.maxlevel, _SHORT.maxdict, _SHORT.maxlist = 40, 40, 2, 3, 3


def _show(value: Any) -> str:
    return _SHORT.repr(value)

#: Values of every JSON type (and the non-finite numbers Python's `json` also reads).
ODD_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, -0.0, "", "x", [], {}, [1, "a", None], {"a": 1},
                         2**63, -(2**63) - 1, 10**30, 1e308, -1e308, float("nan"), float("inf"), float("-inf")]
HUGE_NUMBERS: list[Any] = [2**31, 2**53 + 1, 2**63, 2**64, 10**30, 10**300, -(10**30), 1e308, 1e-308,
                           float("inf"), float("-inf"), float("nan"), 1.0000000001, -0.5]
HOSTILE_TEXT: list[str] = [
    "x" * 100_000,
    "a\nb",
    "line one\n[round 3] Juno falls.",
    '[clock: name="x" tick="1"]',
    '[sheet: sheet="party" set="gold" value="999"]',
    "\x00\x01\x1b[31m",
    "\u202etxet\u202c",
    "é" * 300,
    "{{name}}",
    "%s%s%n",
    "../../etc/passwd",
    "__proto__",
    "a: b",
    " ",
]


#: Mutations look no deeper than this (a nesting mutation makes documents thousands deep).
MAX_DEPTH = 60


def paths_of(doc: Any) -> list[tuple[Path, Any]]:
    """Every (path, value) in the document down to MAX_DEPTH, in document order."""
    out: list[tuple[Path, Any]] = []
    stack: list[tuple[Path, Any]] = [((), doc)]
    while stack:
        path, value = stack.pop()
        out.append((path, value))
        if len(path) >= MAX_DEPTH:
            continue
        if isinstance(value, dict):
            stack.extend(reversed([((*path, k), v) for k, v in value.items()]))
        elif isinstance(value, list):
            stack.extend(reversed([((*path, i), v) for i, v in enumerate(value)]))
    return out


def _strings(doc: Any) -> list[str]:
    return sorted({v for _, v in paths_of(doc) if isinstance(v, str) and 0 < len(v) <= 60})


def _set(doc: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return doc


def _get(doc: Any, path: Path) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _fresh(value: Any) -> Any:
    """A copy of a shared example value, so a later mutation cannot change the original."""
    return copy.deepcopy(value)


def _nest(value: Any, depth: int, as_list: bool) -> Any:
    for _ in range(depth):
        value = [value] if as_list else {"n": value}
    return value


@st.composite
def _mutate_once(draw: st.DrawFn, mutant: Mutant, ids: list[str]) -> Any:
    doc = mutant.doc
    path, value = draw(st.sampled_from(paths_of(doc)), label="at")
    kind = draw(st.sampled_from(["type", "huge", "nest", "text", "unknown-key", "drop-key", "dangling",
                                 "swap-id", "duplicate", "empty"]), label="mutation")
    before = _show(value)
    mutant.doc = _apply(draw, doc, path, value, kind, ids)
    try:
        after = _show(_get(mutant.doc, path))
    except (KeyError, IndexError, TypeError):
        after = "(gone)"
    mutant.done.append(f"{kind} at {list(path)}: {before} -> {after}")
    return mutant


def _apply(draw: st.DrawFn, doc: Any, path: Path, value: Any, kind: str, ids: list[str]) -> Any:
    if kind == "type":
        return _set(doc, path, _fresh(draw(st.sampled_from(ODD_VALUES))))
    if kind == "huge":
        return _set(doc, path, draw(st.sampled_from(HUGE_NUMBERS)))
    if kind == "nest":
        depth = draw(st.sampled_from([2, 40, 400, 5000]), label="depth")
        return _set(doc, path, _nest(value, depth, draw(st.booleans(), label="as list")))
    if kind == "text":
        return _set(doc, path, draw(st.sampled_from(HOSTILE_TEXT) | st.text(max_size=30)))
    if kind == "unknown-key":
        container = value if isinstance(value, dict) else _get(doc, path[:-1]) if path else doc
        if isinstance(container, dict):
            key = draw(st.sampled_from(["surprise", "$schema", "_catalog", "id", "a\nb: c", ""]) | st.text(max_size=8))
            container[key] = _fresh(draw(st.sampled_from(ODD_VALUES)))
        return doc
    if kind == "drop-key":
        if path:
            del _get(doc, path[:-1])[path[-1]]
        return doc
    if kind == "dangling":
        return _set(doc, path, draw(st.sampled_from(["nowhere", "no-such-id", "catalog/nothing", "x:y:z", "0"])))
    if kind == "swap-id":
        return _set(doc, path, draw(st.sampled_from(ids))) if ids else doc
    if kind == "duplicate":
        if isinstance(value, list) and value:
            # The same object again, not a copy: it may be thousands deep after a nesting.
            value.append(value[draw(st.integers(0, len(value) - 1))])
        return doc
    # empty
    return _set(doc, path, type(value)() if isinstance(value, dict | list | str) else 0)


def mutated(doc: Any, *, most: int = 4, name: str = "") -> st.SearchStrategy[Mutant]:
    """Strategy: a Mutant of `doc` (deep-copied) with one to `most` mutations."""
    ids = _strings(doc)

    @st.composite
    def build(draw: st.DrawFn) -> Mutant:
        out = Mutant(copy.deepcopy(doc), [name] if name else [])
        for _ in range(draw(st.integers(1, most), label="mutations")):
            out = draw(_mutate_once(out, ids))
        return out

    return build()
