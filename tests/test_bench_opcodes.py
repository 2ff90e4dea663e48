"""`bench/resolve_trees.py --opcodes` counts the same work the same way every time, and names
the functions the work is in (what session 6 found the resolver's slowdown with)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _resolve_trees() -> Any:
    spec = importlib.util.spec_from_file_location("resolve_trees_under_test", ROOT / "bench" / "resolve_trees.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _squares(n: int) -> int:
    return sum(i * i for i in range(n))


def test_opcodes_are_counted_alike_twice_by_function_and_per_step() -> None:
    count = _resolve_trees().count_opcodes
    tracer = sys.gettrace()
    once = count(lambda: _squares(50), ROOT, 1)
    assert once == count(lambda: _squares(50), ROOT, 1)  # no timing in it: the same count
    assert set(once["by_function"]) >= {"tests/test_bench_opcodes.py:_squares", "tests/test_bench_opcodes.py:<genexpr>"}
    # Fifty more items are fifty more turns of the generator: its count grows, _squares' does not.
    more = count(lambda: _squares(100), ROOT, 1)["by_function"]
    assert more["tests/test_bench_opcodes.py:<genexpr>"] > once["by_function"]["tests/test_bench_opcodes.py:<genexpr>"]
    assert more["tests/test_bench_opcodes.py:_squares"] == once["by_function"]["tests/test_bench_opcodes.py:_squares"]
    # Per step: the same pass said to be two steps is half as much a step.
    assert count(lambda: _squares(50), ROOT, 2)["opcodes"] == once["opcodes"] / 2
    assert sys.gettrace() is tracer  # whatever traced before traces again
