"""Rules core work: the CPU the pure resolver spends per choice, on a fixed, deterministic
workload, counted in instructions (callgrind) rather than timed.

The workload is the golden fights of tests/combat/test_step_golden.py (Lantern Marsh's
skirmish and boss fight, the symbol-pool dockside fight; seeds 0-9), played the way the
service plays them:
  steps   with the party under players and the foes under the Engine or the GM, every
          choice as the worker applies it: the state read from its JSON text
          (`BattleState.model_validate_json`), `advance(..., owned=True)`, then
          `shared.service.decision.open_decision` on the new state (the next menu with forecasts and
          the Engine's suggestion, which, or now and then a random option, is the next
          choice);
  start   `start_battle` of each fight above (up to the first decision a person makes);
  fight   `start_battle` of the same fights with both sides under the Engine: the whole
          fight resolves inside it.
Nothing in it reads a clock or a global random, so every run does the same work.

The baseline is the least a worker does with a battle state it loads and stores on every
step: `state.model_copy(deep=True)` plus `state.model_dump(mode="json")`, of the same states
(each step's), in the same run. The table prints the CPU time of each part and its ratio to
the baseline; compare ratios, not times (the machine is shared and noisy).

What to compare between two versions of the code is the instruction count of the whole run:

    .venv/bin/python -m compileall -q shared worker tests bench
    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out .venv/bin/python bench/rules_work.py
    callgrind_annotate /tmp/cg.out | head -20      # the total Ir ("PROGRAM TOTALS")

(about 50 times slower than a plain run). Compile first: where bytecode is not written
(PYTHONDONTWRITEBYTECODE) or is older than its source, every import compiles its module
again inside the count, which moves the total by more than most changes do.
`--setup-only` loads the rulesets and returns before any fight, to count what the total
holds besides the workload (Python's start-up, the imports, the rulesets). `--rounds N`
plays the workload N times (2 by default: the second round is what a worker that has run
for a while does, its caches warm).

Prints a table and writes bench/results/rules_work.json. Run: `python bench/rules_work.py`.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.combat import BattleState, Refusal, advance, start_battle  # noqa: E402
from shared.ruleset import load_package  # noqa: E402
from tests.combat.test_step_golden import SEEDS, choose, fights, sides  # noqa: E402
from shared.service.decision import open_decision  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "rules_work.json"
#: Choices in one fight at the most (far above any of these fights).
MAX_STEPS = 2000


class Clock:
    """CPU seconds and calls of each part of the workload, the collector paused while timed."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}

    def run(self, part: str, work: Any) -> Any:
        gc.disable()
        try:
            started = time.thread_time()
            result = work()
            took = time.thread_time() - started
        finally:
            gc.enable()
        self.seconds[part] = self.seconds.get(part, 0.0) + took
        self.calls[part] = self.calls.get(part, 0) + 1
        return result


def play(clock: Clock, ruleset: Any, party: list[Any], foes: list[Any], seed: int, kept: list[str]) -> None:
    """One fight as the worker plays it; keeps each step's state as JSON text for the baseline."""
    state, _ = clock.run("start", lambda: start_battle(ruleset, party, foes, seed=seed))
    decision = open_decision(ruleset, state).model_dump(mode="json")
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.pending is None or state.outcome:
            return
        choice = choose(rng, decision)
        text = state.model_dump_json()
        kept.append(text)

        def step() -> Any:
            loaded = BattleState.model_validate_json(text)
            result = advance(ruleset, loaded, choice, owned=True)
            if isinstance(result, Refusal):
                raise RuntimeError(f"the choice {choice} was refused: {result}")
            return result[0], open_decision(ruleset, result[0])

        state, opened = clock.run("step", step)
        decision = opened.model_dump(mode="json")
    raise RuntimeError(f"seed {seed} did not end in {MAX_STEPS} steps")


def workload(clock: Clock, rulesets: dict[Path, Any], kept: list[str]) -> None:
    for fight in fights():
        ruleset = rulesets[fight.ruleset]
        for seed in SEEDS:
            party, foes = sides(fight, "engine")
            clock.run("fight", lambda: start_battle(ruleset, party, foes, seed=seed))
            for mode in ("player", "gm"):
                party, foes = sides(fight, mode)
                play(clock, ruleset, party, foes, seed, kept)


def baseline(clock: Clock, kept: list[str]) -> None:
    for text in kept:
        state = BattleState.model_validate_json(text)
        clock.run("baseline", lambda: (state.model_copy(deep=True), state.model_dump(mode="json")))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=" ".join(__doc__.split("\n\n", 1)[0].split()))
    parser.add_argument("--rounds", type=int, default=2, help="times the workload is played (default 2)")
    parser.add_argument("--setup-only", action="store_true",
                        help="load the rulesets and stop: what a count holds besides the workload")
    args = parser.parse_args(argv)
    rulesets = {f.ruleset: load_package(f.ruleset) for f in fights()}
    if args.setup_only:
        return 0
    clock = Clock()
    kept: list[str] = []
    started = time.perf_counter()
    for _ in range(args.rounds):
        workload(clock, rulesets, kept)
    baseline(clock, kept)
    elapsed = time.perf_counter() - started

    base = clock.seconds["baseline"] / clock.calls["baseline"]
    rows = []
    for part in ("step", "start", "fight", "baseline"):
        per_call = clock.seconds[part] / clock.calls[part]
        rows.append({"part": part, "calls": clock.calls[part], "cpu_s": clock.seconds[part],
                     "per_call_ms": per_call * 1000, "ratio": per_call / base})
    print(f"{'part':<9} {'calls':>6} {'cpu s':>7} {'ms/call':>8} {'ratio':>7}")
    for r in rows:
        print(f"{r['part']:<9} {r['calls']:>6} {r['cpu_s']:>7.3f} {r['per_call_ms']:>8.3f} {r['ratio']:>6.2f}x")
    print("ratio: CPU per call over the baseline's (model_copy(deep=True) + model_dump(mode='json') of each "
          "step's state)")
    print(f"({elapsed:.1f} s; python {platform.python_version()}; {os.cpu_count()} cores; compare instruction "
          f"counts under callgrind, see the docstring)")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "rules_work",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rounds": args.rounds,
        "seconds": round(elapsed, 1),
        "baseline": "state.model_copy(deep=True) + state.model_dump(mode='json') of each step's state",
        "step": "BattleState.model_validate_json + advance(owned=True) + open_decision",
        "parts": [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()} for r in rows],
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
