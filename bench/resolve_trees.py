"""The resolver's CPU time per step in two checkouts of this project, on the same steps:
how a change moved `bench/resolve.py`'s numbers, measured so that other work on the machine
moves them as little as it can.

Each checkout (a directory: a git worktree of the old commit and of the new one) plays the
same fights of each case of `bench/resolve.py` with the same seeds, every combatant under
the Engine's tactics, and keeps the states and choices; it then times `menu()` +
`advance()` over all of them, `--reps` times, in CPU time (`time.thread_time`, the garbage
collector paused), and reports the fastest and the median pass divided by the number of
steps. The two checkouts run alternately in fresh processes, `--rounds` times, so a busy
spell of the machine falls on both. The fights of the two checkouts are the same fights
unless the change changed play (then the step counts differ, and the table says so).

Prints a table (old and new ms per step, their ratio) and writes
bench/results/resolve_trees.json. Run:

    git worktree add /tmp/old <commit>
    python bench/resolve_trees.py --old /tmp/old --new . [--cases lantern-marsh,5e]

With `--opcodes` it counts instead of timing: the Python bytecode instructions one pass over
the same steps executes, per step (`sys.settrace` with opcode events; once per tree, as the
count does not move with the machine's load). Work done in C (pydantic, dict and list
copies) is not counted, but on these fights the count has followed CPU time within a few
per cent (session 6: 93b5c26 to e1c4c18 counted 1.15x on Lantern Marsh, timed 1.15x), and
it names the functions the difference is in (`--top N`).
"""

from __future__ import annotations

import argparse
import collections
import gc
import importlib.util
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results" / "resolve_trees.json"
CASES = ("lantern-marsh", "ember-roads", "5e", "gravewatch", "dockside")


def measure(tree: Path, case_name: str, seeds: int, reps: int, opcodes: bool = False) -> dict[str, Any]:
    """In this process: `tree`'s resolver on `seeds` fights of `case_name` (run with `tree`
    first on the import path, in a process of its own)."""
    sys.path.insert(0, str(tree))
    spec = importlib.util.spec_from_file_location("tree_resolve_bench", tree / "bench" / "resolve.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["tree_resolve_bench"] = bench  # dataclasses look their module up by name
    spec.loader.exec_module(bench)
    combat = importlib.import_module("shared.combat")
    ruleset = importlib.import_module("shared.ruleset")
    found = [c for c in bench.cases()[0] if c.name == case_name]
    if not found:
        return {"case": case_name, "skipped": True}
    case = found[0]
    rs = ruleset.load_package(case.ruleset)
    # Played by hand (player and GM controllers), as bench/resolve.py's steps are.
    party = [dict(m, controller="player") for m in case.party]
    foes = [dict(m, controller="gm") for m in case.foes]
    steps: list[tuple[Any, Any]] = []
    for seed in range(seeds):
        state, _ = combat.start_battle(rs, party, foes, seed=seed)
        while state.pending is not None and not state.outcome:
            choice = combat.decide_for(rs, state)
            steps.append((state, choice))
            state, _ = combat.advance(rs, state, choice)

    def run() -> None:
        for state, choice in steps:
            combat.menu(rs, state, state.pending.actor)
            combat.advance(rs, state, choice)

    run()  # the first pass fills the caches both trees keep
    if opcodes:
        return {"case": case_name, "steps": len(steps), **count_opcodes(run, tree, len(steps))}
    passes: list[float] = []
    gc.disable()
    try:
        for _ in range(reps):
            started = time.thread_time()
            run()
            passes.append(time.thread_time() - started)
    finally:
        gc.enable()
    per_step = [p * 1000 / len(steps) for p in passes]
    return {"case": case_name, "steps": len(steps), "min_ms": min(per_step), "median_ms": statistics.median(per_step)}


def count_opcodes(run: Any, tree: Path, steps: int) -> dict[str, Any]:
    """The bytecode instructions one call of `run` executes, per step, in all and by function
    (`path:name`, paths under `tree` relative to it)."""
    counts: collections.Counter[CodeType] = collections.Counter()

    def each_opcode(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            counts[frame.f_code] += 1
        return each_opcode

    def each_call(frame: FrameType, event: str, arg: Any) -> Any:
        frame.f_trace_opcodes = True
        return each_opcode

    before = sys.gettrace()
    gc.disable()
    sys.settrace(each_call)
    try:
        run()
    finally:
        sys.settrace(before)
        gc.enable()
    by_function: dict[str, float] = collections.defaultdict(float)
    for code, n in counts.items():
        where = code.co_filename
        for root in (str(tree) + "/", "site-packages/"):  # the same function in either tree
            where = where.split(root, 1)[-1]
        by_function[f"{where}:{code.co_name}"] += n / steps
    return {"opcodes": sum(counts.values()) / steps, "by_function": dict(by_function)}


def _child(tree: Path, case: str, seeds: int, reps: int, opcodes: bool = False) -> dict[str, Any]:
    out = subprocess.run([sys.executable, __file__, "--measure", str(tree), "--cases", case, "--seeds", str(seeds),
                          "--reps", str(reps), *(["--opcodes"] if opcodes else [])],
                         capture_output=True, text=True, check=True, cwd=tree)
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, help="the checkout measured as the baseline")
    parser.add_argument("--new", type=Path, default=ROOT, help="the checkout measured against it (default: this one)")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated cases of bench/resolve.py")
    parser.add_argument("--seeds", type=int, default=8, help="fights per case (default 8)")
    parser.add_argument("--reps", type=int, default=5, help="timed passes over the steps per process (default 5)")
    parser.add_argument("--rounds", type=int, default=2, help="alternations of old and new (default 2)")
    parser.add_argument("--opcodes", action="store_true",
                        help="count Python opcodes a step (load-independent) instead of timing")
    parser.add_argument("--top", type=int, default=0,
                        help="with --opcodes: the N functions whose count moved most, per case")
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    cases = [c for c in args.cases.split(",") if c]
    if args.measure is not None:
        print(json.dumps(measure(args.measure.resolve(), cases[0], args.seeds, args.reps, args.opcodes)))
        return 0
    if args.old is None:
        parser.error("--old is required: the checkout to compare against")
    old, new = args.old.resolve(), args.new.resolve()
    if args.opcodes:
        return _opcodes(old, new, cases, args.seeds, args.top)
    rows = []
    started = time.perf_counter()
    for case in cases:
        runs: dict[str, list[dict[str, Any]]] = {"old": [], "new": []}
        for round_ in range(args.rounds):
            for label, tree in (("old", old), ("new", new)):
                print(f"  {case}: {label} {round_ + 1}/{args.rounds} ...", file=sys.stderr, flush=True)
                runs[label].append(_child(tree, case, args.seeds, args.reps))
        if any(r.get("skipped") for r in runs["old"] + runs["new"]):
            print(f"skipped: {case} (its package is not in both checkouts)")
            continue
        best = {label: min(r["min_ms"] for r in runs[label]) for label in runs}
        rows.append({"case": case, "steps_old": runs["old"][0]["steps"], "steps_new": runs["new"][0]["steps"],
                     "old_min_ms": best["old"], "new_min_ms": best["new"], "ratio": best["new"] / best["old"],
                     "old_runs": runs["old"], "new_runs": runs["new"]})
    print(f"{'case':<14} {'steps':>11} {'old ms':>8} {'new ms':>8} {'new/old':>8}")
    for r in rows:
        steps = str(r["steps_old"]) if r["steps_old"] == r["steps_new"] else f"{r['steps_old']}/{r['steps_new']}"
        print(f"{r['case']:<14} {steps:>11} {r['old_min_ms']:>8.3f} {r['new_min_ms']:>8.3f} {r['ratio']:>7.2f}x")
    if rows:
        mean = statistics.geometric_mean(r["ratio"] for r in rows)
        print(f"geometric mean of the ratios: {mean:.3f}  (old {old}, new {new}; "
              f"{time.perf_counter() - started:.0f} s; CPU ms a step, fastest of {args.rounds} x {args.reps} passes)")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"old": str(old), "new": str(new), "rows": rows}, indent=2))
    return 0


def _opcodes(old: Path, new: Path, cases: list[str], seeds: int, top: int) -> int:
    """`--opcodes`: each tree's opcodes a step on each case, and where they moved."""
    rows = []
    for case in cases:
        print(f"  {case}: counting ...", file=sys.stderr, flush=True)
        got = {label: _child(tree, case, seeds, 1, opcodes=True) for label, tree in (("old", old), ("new", new))}
        if any(r.get("skipped") for r in got.values()):
            print(f"skipped: {case} (its package is not in both checkouts)")
            continue
        rows.append({"case": case, "steps_old": got["old"]["steps"], "steps_new": got["new"]["steps"],
                     "old_opcodes": got["old"]["opcodes"], "new_opcodes": got["new"]["opcodes"],
                     "ratio": got["new"]["opcodes"] / got["old"]["opcodes"],
                     "by_function": {label: got[label]["by_function"] for label in got}})
    print(f"{'case':<14} {'steps':>11} {'old ops':>9} {'new ops':>9} {'new/old':>8}")
    for r in rows:
        steps = str(r["steps_old"]) if r["steps_old"] == r["steps_new"] else f"{r['steps_old']}/{r['steps_new']}"
        print(f"{r['case']:<14} {steps:>11} {r['old_opcodes']:>9.0f} {r['new_opcodes']:>9.0f} {r['ratio']:>7.3f}x")
    if rows:
        print(f"geometric mean of the ratios: {statistics.geometric_mean(r['ratio'] for r in rows):.3f}  "
              f"(old {old}, new {new}; Python opcodes a step)")
    for r in rows if top else []:
        was, now = r["by_function"]["old"], r["by_function"]["new"]
        moved = sorted(set(was) | set(now), key=lambda f: -abs(now.get(f, 0) - was.get(f, 0)))[:top]
        print(f"\n{r['case']}: opcodes a step, old -> new (change)")
        for f in moved:
            print(f"  {was.get(f, 0):8.1f} -> {now.get(f, 0):8.1f} ({now.get(f, 0) - was.get(f, 0):+8.1f})  {f}")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"old": str(old), "new": str(new), "opcodes": True, "rows": rows}, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
