"""The real documents the fuzz tests mutate: our own Lantern Marsh (always here) and the
upstream packages in tests/data/upstream (when that folder is here), with the party
members that fight in them, and the check every reported problem must pass."""

from __future__ import annotations

import json
import re
from typing import Any

from shared.ruleset import load_package
from tests.conftest import EXAMPLES, UPSTREAM, UPSTREAM_PACKAGES
from tests.combat.kit import FIXTURES

#: Fixture party files next to the upstream packages they fight in.
_PARTIES = {"ember-roads.json": "ember-party.json", "gravewatch.json": "gravewatch-party.json",
            "ruleset-5e-2014.example.json": "5e-party.json"}


def packages() -> dict[str, Any]:
    """name -> package data: Lantern Marsh and every upstream package that is here."""
    out = {"lantern-marsh": json.loads((EXAMPLES / "lantern-marsh.json").read_text())}
    for name in UPSTREAM_PACKAGES:
        path = UPSTREAM / name
        if path.exists():
            out[name.removesuffix(".json")] = json.loads(path.read_text())
    return out


def characters() -> list[tuple[str, Any, dict[str, Any]]]:
    """(package name, its Ruleset, a character `{name, sheet}`) for every party member we have."""
    marsh = load_package(EXAMPLES / "lantern-marsh.json")
    out = [("lantern-marsh", marsh, json.loads((EXAMPLES / "juno.json").read_text()))]
    out += [("lantern-marsh", marsh, {"name": m["name"], "sheet": m["sheet"]})
            for m in json.loads((EXAMPLES / "party.json").read_text())]
    for name, party in _PARTIES.items():
        if (UPSTREAM / name).exists():
            ruleset = load_package(UPSTREAM / name)
            out += [(name, ruleset, {"name": m["name"], "sheet": m["sheet"]})
                    for m in json.loads((FIXTURES / party).read_text()) if "sheet" in m]
    return out


#: A path as the validator writes it: dotted keys and [n] indexes, or one of its markers.
#: Keys that are not plain words are written quoted (`lists["a\\nb"]`), so a line never
#: breaks and never holds a bare ": " before its message.
_WORD = r"[A-Za-z0-9_$@+/-]+(?::[A-Za-z0-9_$@+/-]+)*"
_INDEX = r'\[(?:\d+|"(?:[ -!#-\[\]-~]|\\.)*")\]'
PATH = re.compile(rf"^(?:\((?:top level|file)\)|(?:{_WORD}|{_INDEX})(?:\.{_WORD}|{_INDEX})*)$")


def assert_reported(problems: Any) -> None:
    """Every problem is one `path: message` line: a path the validator writes, a message."""
    lines = problems.lines()
    for p, line in zip(problems, lines):
        assert PATH.match(p.path), f"not a path: {p.path!r}"
        assert p.message and p.message.strip(), f"{p.path}: empty message"
        assert "\n" not in line and "\r" not in line, f"a problem spans lines: {line!r}"
        assert line == f"{p.path}: {p.message}"
