"""Dice throughput: shared.dice against the `d20` library's `roll()`, in the same run.

Cases (each side rolls from text, the way callers do; both sides cache parsed text):
  1d20        roll("1d20", roller)                 vs d20.roll("1d20")
  8d6+3       roll("8d6+3", roller)                vs d20.roll("8d6+3")
  10-die pool roll_pool(10, target 7, 10s explode) vs d20.roll("10d10e10k>6") and counting
              the kept dice (d20 has no success count; keeping the dice above 6 after
              exploding 10s and counting them is the same work and the same number).

Prints a table and writes bench/results/dice.json. Run: `python bench/dice.py` (or
`make bench`); `--quick` shortens every measurement for a smoke run.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.dice import PoolRules, SeededRoller, roll, roll_pool  # noqa: E402

try:
    import d20
except ImportError:  # the baseline is a dev extra; say so instead of a traceback
    sys.exit("bench/dice.py needs the d20 library: pip install -e '.[dev]'")

RESULTS = ROOT / "bench" / "results" / "dice.json"
POOL = PoolRules(sides=10, target=7, explode=10)


def _d20_pool() -> int:
    result = d20.roll("10d10e10k>6")
    return sum(1 for die in result.expr.roll.values if die.kept)


CASES = [
    ("1d20", "roll('1d20', roller)", "d20.roll('1d20')"),
    ("8d6+3", "roll('8d6+3', roller)", "d20.roll('8d6+3')"),
    ("10-die pool", "roll_pool(10, POOL, roller)", "d20_pool()"),
]


def rate(stmt: str, env: dict, seconds: float) -> float:
    """Calls per second of `stmt`, best of three batches of about `seconds / 3` each."""
    timer = timeit.Timer(stmt, globals=env)
    calls, took = timer.autorange()
    batch = max(1, int(calls * (seconds / 3) / took))
    return max(batch / timer.timeit(batch) for _ in range(3))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short measurements (a smoke run)")
    parser.add_argument("--seconds", type=float, default=2.5, help="time per measurement (default 2.5)")
    args = parser.parse_args(argv)
    seconds = 0.3 if args.quick else args.seconds
    env = {"roll": roll, "roll_pool": roll_pool, "POOL": POOL, "roller": SeededRoller(42),
           "d20": d20, "d20_pool": _d20_pool}
    started = time.perf_counter()
    rows = []
    for name, ours, base in CASES:
        ours_rate = rate(ours, env, seconds)
        base_rate = rate(base, env, seconds)
        rows.append({"case": name, "ours": ours, "baseline": base, "ours_per_s": round(ours_rate),
                     "baseline_per_s": round(base_rate), "ratio": round(ours_rate / base_rate, 2)})
    elapsed = time.perf_counter() - started

    print(f"{'case':<12} {'shared.dice/s':>14} {'d20/s':>12} {'ratio':>7}")
    for row in rows:
        print(f"{row['case']:<12} {row['ours_per_s']:>14,} {row['baseline_per_s']:>12,} {row['ratio']:>6.1f}x")
    print(f"({elapsed:.1f} s; python {platform.python_version()}, d20 {_version()})")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "dice",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "d20": _version(),
        "seconds": round(elapsed, 1),
        "cases": rows,
    }, indent=2) + "\n")
    return 0


def _version() -> str:
    from importlib.metadata import version
    return version("d20")


if __name__ == "__main__":
    sys.exit(main())
