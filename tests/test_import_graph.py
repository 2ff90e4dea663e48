"""No import cycle anywhere in the project's packages, counting every import.

import-linter's layer contracts (pyproject.toml) keep the layers in order, but they do not
see a cycle between two modules of one layer, and ruff's PLC0415 only keeps imports out of
functions where it is switched on. Here the whole graph of `shared`, `gateway`, `worker` and
`battle` is built with grimp (what import-linter reads) from every import statement: at module
level, under `if TYPE_CHECKING:` and inside functions. A cycle of any of them means two
modules each need the other to be understood, so the test names each one found as a chain of
modules, first module repeated at the end.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

PACKAGES = ("shared", "gateway", "worker", "battle")


def _graph(*packages: str) -> grimp.ImportGraph:
    # No cache: a cached graph would answer for the tree it was built from.
    return grimp.build_graph(*packages, include_external_packages=False, exclude_type_checking_imports=False,
                             cache_dir=None)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """One cycle (a module chain, first module repeated at the end) per strongly connected group
    of modules that import one another, found by Tarjan's algorithm without recursion."""
    found: list[list[str]] = []
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(_chain(graph, sorted(group)))
    return found


def _chain(graph: grimp.ImportGraph, group: list[str]) -> list[str]:
    """A path from the group's first module back to itself through the group's own imports."""
    start, members = group[0], set(group)
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(graph.find_modules_directly_imported_by(node) & members):
            if child == start:
                return paths[node] + [start]
            if child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    raise AssertionError(f"{group} is not a cycle")


def test_no_import_cycle_in_the_project() -> None:
    found = cycles(_graph(*PACKAGES))
    assert not found, "import cycles:\n" + "\n".join(" -> ".join(chain) for chain in found)


@pytest.fixture
def looped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[grimp.ImportGraph]:
    """A package whose three modules import each other only in the ways the project test must
    also count: `a` imports `b` inside a function, `b` imports `c` under TYPE_CHECKING, `c`
    imports `a` at the top."""
    package = tmp_path / "looped_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from . import b\n    return b\n")
    (package / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .c import C\n")
    (package / "c.py").write_text("from . import a\nclass C: ...\n")
    (package / "d.py").write_text("from .a import f\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield _graph("looped_pkg")
    for name in [m for m in sys.modules if m.startswith("looped_pkg")]:
        del sys.modules[name]


def test_a_cycle_through_a_function_and_type_checking_import_is_found(looped: grimp.ImportGraph) -> None:
    # d imports a but nothing imports d back: it is outside the cycle.
    assert cycles(looped) == [["looped_pkg.a", "looped_pkg.b", "looped_pkg.c", "looped_pkg.a"]]
