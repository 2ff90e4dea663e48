"""Errors of a package as `path: message` lines.

Owns: `Problem` (one error), `Problems` (the collector every check writes into), the JSON
path format (`combat.attacks[0].damage.dice`), the translation of pydantic's validation
errors into that format (an object's own rule pointing at the key it is about: `ProblemAt`),
and `PackageError`, the one exception the validator raises.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, Sequence

from pydantic import ValidationError

PathPart = str | int


#: A key written bare in a path; any other key is written quoted, `lists["a b"]`.
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_$@+/-]+(?::[A-Za-z0-9_$@+/-]+)*")


def format_path(parts: Sequence[PathPart]) -> str:
    """`("combat", "attacks", 0, "damage")` -> `combat.attacks[0].damage`.

    A key that is not a plain id (spaces, dots, newlines, quotes, ": ", non-ASCII) is
    written as a JSON string in brackets, so a key the package chose can never break the
    line or forge a `path: message` of its own."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif not _PLAIN_KEY.fullmatch(part):
            out += f"[{json.dumps(part)}]"
        else:
            out += part if not out else f".{part}"
    return out or "(top level)"


_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def one_line(text: str) -> str:
    """`text` with every line break, control and direction-changing character written as an
    escape (`\\n`, `\\u202e`): a value quoted from a package can never start a line of
    its own or reorder the one it is in."""
    if text.isprintable():
        return text
    return "".join(
        _ESCAPES.get(ch) or (f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") else ch)
        for ch in text)


@dataclass(frozen=True, order=True)
class Problem:
    """One error. Both parts are kept to one line (`one_line`), whoever wrote them."""

    path: str
    message: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", one_line(self.path))
        object.__setattr__(self, "message", one_line(self.message))

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


@dataclass
class Problems:
    """Collects every error of a file; nothing stops at the first one."""

    items: list[Problem] = field(default_factory=list)

    def add(self, path: Sequence[PathPart] | str, message: str) -> None:
        text = path if isinstance(path, str) else format_path(path)
        self.items.append(Problem(text, message))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.items)

    def lines(self) -> list[str]:
        seen: set[Problem] = set()
        out: list[str] = []
        for p in self.items:
            if p not in seen:
                seen.add(p)
                out.append(str(p))
        return out


class PackageError(Exception):
    """A package (or a character) was refused. `problems` holds every reason."""

    def __init__(self, problems: Problems | list[Problem]):
        self.problems = problems if isinstance(problems, Problems) else Problems(list(problems))
        super().__init__("\n".join(self.problems.lines()))


# ---------------------------------------------------------------------------
# pydantic -> path: message
# ---------------------------------------------------------------------------


def _real_path(data: Any, loc: Sequence[PathPart]) -> tuple[list[PathPart], PathPart | None]:
    """Walks `loc` through the input, keeping only the steps that exist in the data.

    pydantic puts union members and discriminator tags into `loc` (`'dice-sum'`,
    `'function-after[...]'`); those are not in the document and are dropped. Returns the
    path and the last key that was missing from the data (for "required" errors).
    """
    path: list[PathPart] = []
    cur = data
    missing: PathPart | None = None
    for step in loc:
        if isinstance(cur, dict) and isinstance(step, str) and step in cur:
            path.append(step)
            cur = cur[step]
            missing = None
        elif isinstance(cur, list) and isinstance(step, int) and 0 <= step < len(cur):
            path.append(step)
            cur = cur[step]
            missing = None
        elif isinstance(cur, dict) and isinstance(step, str) and not _is_pydantic_tag(step):
            missing = step
        # anything else is a union member or tag name: skip it
    return path, missing


def _is_pydantic_tag(step: str) -> bool:
    return "[" in step or step.startswith(("function-", "json-or-python", "lax-", "strict-"))


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _message(err: Mapping[str, Any]) -> str:
    kind = err["type"]
    ctx = err.get("ctx") or {}
    got = err.get("input")
    if kind == "extra_forbidden":
        return "unknown key"
    if kind == "missing":
        return "required"
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected', '')}, not {_short(got)}"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"must be a whole number, not {_type_name(got) if kind != 'int_from_float' else _short(got)}"
    if kind in ("float_type", "float_parsing"):
        return f"must be a number, not {_type_name(got)}"
    if kind in ("bool_type", "bool_parsing"):
        return f"must be true or false, not {_type_name(got)}"
    if kind in ("string_type",):
        return f"must be text, not {_type_name(got)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"must be an object, not {_type_name(got)}"
    if kind in ("list_type",):
        return f"must be a list, not {_type_name(got)}"
    if kind == "string_pattern_mismatch":
        return f"{_short(got)} is not a valid id or value here (pattern {ctx.get('pattern')})"
    if kind == "string_too_long":
        return f"is longer than {ctx.get('max_length')} characters"
    if kind == "string_too_short":
        return "must not be empty" if ctx.get("min_length") == 1 else f"is shorter than {ctx.get('min_length')} characters"
    if kind == "too_short":
        return f"needs at least {ctx.get('min_length')} item(s)"
    if kind == "too_long":
        return f"has more than {ctx.get('max_length')} item(s)"
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}, not {_short(got)}"
    if kind == "greater_than":
        return f"must be above {ctx.get('gt')}, not {_short(got)}"
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}, not {_short(got)}"
    if kind == "less_than":
        return f"must be below {ctx.get('lt')}, not {_short(got)}"
    if kind == "union_tag_invalid":
        return f"unknown {ctx.get('discriminator', 'kind')} {_short(ctx.get('tag'))}; expected one of {ctx.get('expected_tags')}"
    if kind == "union_tag_not_found":
        return f"needs {ctx.get('discriminator')}"
    if kind == "value_error":
        return str(ctx.get("error", err.get("msg", "invalid")))
    if kind == "assertion_error":
        return str(ctx.get("error", err.get("msg", "invalid")))
    if kind == "multiple_of":
        return f"must be a multiple of {ctx.get('multiple_of')}"
    if kind == "enum":
        return f"must be one of {ctx.get('expected')}, not {_short(got)}"
    msg = str(err.get("msg", kind))
    return msg[0].lower() + msg[1:] if msg else kind


def _short(value: Any) -> str:
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:37] + "..."
        return f'"{text}"'
    if isinstance(value, dict | list):
        return _type_name(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class ProblemAt(ValueError):
    """A model's own rule broken at one of its keys: `at` is the path below the model
    (`("energy",)`, `("entries", 3, "rows")`), so the error points at the key, not at the
    object whose validator found it."""

    def __init__(self, at: Sequence[PathPart], message: str):
        super().__init__(message)
        self.at = tuple(at)


#: A message that opens with a quoted key (`"energy" must be a different pool ...`).
_OPENING_KEY = re.compile(r'^"([A-Za-z$][A-Za-z0-9_$]*)"')


def _at_key(err: Mapping[str, Any], path: list[PathPart], data: Any) -> list[PathPart]:
    """The path of an object-level rule, moved onto the key it is about: the key a
    `ProblemAt` names, or the key the message opens with when the object has that key."""
    if err["type"] not in ("value_error", "assertion_error"):
        return path
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, ProblemAt):
        return [*path, *cause.at]
    here = _value_at(data, path)
    match = _OPENING_KEY.match(str(cause) if cause is not None else "")
    if isinstance(here, dict) and match and match.group(1) in here:
        return [*path, match.group(1)]
    return path


def _value_at(data: Any, path: Sequence[PathPart]) -> Any:
    cur = data
    for step in path:
        try:
            cur = cur[step]
        except (KeyError, IndexError, TypeError):
            return None
    return cur


def from_validation_error(
    exc: ValidationError, data: Any, prefix: Sequence[PathPart] = ()
) -> list[Problem]:
    """Turns pydantic's errors into `path: message` problems, one per distinct error.

    For a union pydantic reports one error per member; when every member failed on the
    same spot we keep the clearest (a `value_error` from our own validators first). A
    rule an object's validator checks points at the key it is about (`_at_key`).
    """
    out: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    for err in exc.errors(include_url=False):
        path, missing = _real_path(data, err["loc"])
        if err["type"] == "missing" and missing is not None:
            path = [*path, missing]
        elif err["type"] == "extra_forbidden" and missing is not None:
            path = [*path, missing]
        path = _at_key(err, path, data)
        text = format_path([*prefix, *path])
        msg = _message(err)
        if (text, msg) in seen:
            continue
        seen.add((text, msg))
        out.append(Problem(text, msg))
    return _prefer_specific(out)


def _prefer_specific(problems: list[Problem]) -> list[Problem]:
    """A value that matched no member of a plain union gives one error per member at
    the same path (or, for a member's own rule moved onto its key, just below it); where
    one is our own sentence, the members' "must be ..." lines at that path are left out."""
    out: list[Problem] = []
    for p in problems:
        if p.message.startswith("must be") and any(
            q is not p and not q.message.startswith("must be") and _at_or_below(q.path, p.path) for q in problems
        ):
            continue
        out.append(p)
    return out


def _at_or_below(path: str, top: str) -> bool:
    return path == top or path.startswith((top + ".", top + "["))
