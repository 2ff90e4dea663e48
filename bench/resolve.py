"""Resolver speed: whole fights per second, and the median time of one `menu()` +
`advance()` step next to a baseline measured on the same states in the same run.

Fights (every side under the Engine's tactics, a new seed for every fight):
  lantern-marsh  examples/lantern-marsh.json, examples/party.json vs examples/foes.json (2 vs 3); always runs
  ember-roads    tests/data/upstream/ember-roads.json: Juno, Pell, Ora and Tam (4) against two Rust
                 Jackals, two Cinder Moths, the Glass Wader and the Toll Warden (6)
  5e             tests/data/upstream/ruleset-5e-2014.example.json: Brom, Ilsa, Cora and Dain (4)
                 against two Cinder Hounds, the Thorn Lurker, the Grave Piper and the Toll Sergeant (5)
  gravewatch     tests/data/upstream/gravewatch.json, a dice-pool fight: Ada and Tobin against a
                 Grave-rat swarm and a Hollow warden (2 vs 2)
  dockside       tests/combat/fixtures/dockside.json, our own symbol-pool fight: Juno and Ada against a
                 Dock bruiser and two Gulls (2 vs 3); always runs
Ember Roads, 5e and Gravewatch are skipped, saying so, when tests/data/upstream is not here.

A fight per second is `start_battle` resolving the whole fight (nobody waits for a person).
A step is one decision in the same fights with every combatant player-controlled: the time
of `menu(actor)` plus `advance(choice)` (the choice itself comes from the Engine's tactics,
outside the timed part), measured two ways on the same states in the same run:
  step (copying)  `menu(state)` + `advance(state, choice)`: the caller's state is left as it
                  was, so `advance` works on a copy (what a test or `battle fight` does);
  step (worker)   what the service does: the gateway draws the menu on the state it read
                  from the store, and the worker applies the choice with
                  `advance(..., owned=True)` to the state it read (changed in place, no
                  copy); both states are read from JSON before the clock starts.
The baseline is `state.model_copy(deep=True)` plus `state.model_dump(mode="json")` of the
same state: the least a worker does with a battle state it loads and stores on every step.
Each step is timed on the wall clock and in CPU time (`cpu ms`, `w cpu`), which moves much
less when other jobs share the cores. The garbage collector is paused while a step or the
baseline is timed (as `timeit` does):
a full collection scans every object the process holds, the loaded rulesets included, and
lands on whichever step happens to run then; its cost stays in fights per second.
None of these fights has a board. The machine's load average is printed with the results:
other work on the same cores slows every number down, so compare ratios measured in one run.

Prints a table and writes bench/results/resolve.json. Run: `python bench/resolve.py`
(or `make bench`); `--quick` shortens every measurement for a smoke run; `--profile` prints
the top cProfile costs of the steps.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import gc
import json
import os
import platform
import pstats
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.combat import BattleState, advance, decide_for, menu, start_battle  # noqa: E402
from shared.combat.fight import Refusal  # noqa: E402
from shared.ruleset import load_package  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "resolve.json"
UPSTREAM = ROOT / "tests" / "data" / "upstream"
FIXTURES = ROOT / "tests" / "combat" / "fixtures"
STEP_TARGET_MS = 1.0


@dataclass
class Case:
    name: str
    ruleset: Path
    party: list[dict[str, Any]]
    foes: list[dict[str, Any]]

    @property
    def size(self) -> str:
        count = sum(int(f.get("count", 1)) for f in self.foes)
        return f"{len(self.party)} vs {count}"


def _read(path: Path) -> Any:
    return json.loads(path.read_text())


def _renamed(member: dict[str, Any], name: str) -> dict[str, Any]:
    out = copy.deepcopy(member)
    out["name"] = name
    out["player"] = name.lower()
    return out


def cases() -> tuple[list[Case], list[str]]:
    found = [Case("lantern-marsh", ROOT / "examples" / "lantern-marsh.json", _read(ROOT / "examples" / "party.json"),
                  _read(ROOT / "examples" / "foes.json"))]
    skipped: list[str] = []
    ember = UPSTREAM / "ember-roads.json"
    if ember.exists():
        party = _read(FIXTURES / "ember-party.json")
        found.append(Case("ember-roads", ember, party + [_renamed(party[0], "Tam")], [
            {"creature": "rust-jackal", "name": "Rust jackal", "count": 2}, {"creature": "cinder-moth", "count": 2},
            {"creature": "glass-wader"}, {"creature": "toll-warden"}]))
    else:
        skipped.append(f"ember-roads (4 vs 6): {ember} is not here")
    five = UPSTREAM / "ruleset-5e-2014.example.json"
    if five.exists():
        party = _read(FIXTURES / "5e-party.json")
        found.append(Case("5e", five, party + [_renamed(party[0], "Cora"), _renamed(party[1], "Dain")], [
            {"creature": "cinder-hound", "count": 2}, {"creature": "thorn-lurker"}, {"creature": "grave-piper"},
            {"creature": "toll-sergeant"}]))
    else:
        skipped.append(f"5e (4 vs 5): {five} is not here")
    grave = UPSTREAM / "gravewatch.json"
    if grave.exists():
        found.append(Case("gravewatch", grave, _read(FIXTURES / "gravewatch-party.json"),
                          _read(FIXTURES / "gravewatch-foes.json")))
    else:
        skipped.append(f"gravewatch (2 vs 2): {grave} is not here")
    found.append(Case("dockside", FIXTURES / "dockside.json", _read(FIXTURES / "dockside-party.json"),
                      _read(FIXTURES / "dockside-foes.json")))
    return found, skipped


def _controlled(members: list[dict[str, Any]], controller: str) -> list[dict[str, Any]]:
    return [dict(m, controller=controller) for m in members]


def fights_per_second(rs: Any, case: Case, seconds: float) -> dict[str, float]:
    party, foes = _controlled(case.party, "engine"), _controlled(case.foes, "engine")
    fights = events = rounds = 0
    started = time.perf_counter()
    while fights < 3 or time.perf_counter() - started < seconds:
        state, _ = start_battle(rs, party, foes, seed=fights)
        assert state.outcome, f"{case.name} seed {fights} did not end"
        fights += 1
        events += len(state.events)
        rounds += state.round
    took = time.perf_counter() - started
    return {"fights": fights, "fights_per_s": fights / took, "events_per_fight": events / fights,
            "rounds_per_fight": rounds / fights}


Timing = tuple[float, float]


def _timed(run: Callable[[], Any]) -> tuple[Any, Timing]:
    """`run()`'s result and its (wall, CPU) seconds, the garbage collector paused."""
    gc.disable()
    try:
        wall, cpu = time.perf_counter(), time.thread_time()
        result = run()
        return result, (time.perf_counter() - wall, time.thread_time() - cpu)
    finally:
        gc.enable()


def _steps(rs: Any, case: Case, seconds: float, *, worker: bool = True
           ) -> tuple[list[Timing], list[Timing], list[BattleState]]:
    """(timings of each copying step, of each worker step, the state each step started from)."""
    party, foes = _controlled(case.party, "player"), _controlled(case.foes, "gm")
    copying: list[Timing] = []
    owned: list[Timing] = []
    states: list[BattleState] = []
    started = time.perf_counter()
    seed = 0
    while seed < 2 or time.perf_counter() - started < seconds:
        state, _ = start_battle(rs, party, foes, seed=seed)
        seed += 1
        while state.pending is not None and not state.outcome:
            choice = decide_for(rs, state)
            before = state
            result, took = _timed(lambda: (menu(rs, before, before.pending.actor), advance(rs, before, choice))[1])
            copying.append(took)
            states.append(state)
            if isinstance(result, Refusal):
                raise RuntimeError(f"{case.name}: the Engine's own choice was refused: {result}")
            if worker:
                stored = state.model_dump_json()
                shown, applied = BattleState.model_validate_json(stored), BattleState.model_validate_json(stored)
                again, took = _timed(lambda: (menu(rs, shown, shown.pending.actor),
                                              advance(rs, applied, choice, owned=True))[1])
                owned.append(took)
                if isinstance(again, Refusal) or again[1] != result[1]:
                    raise RuntimeError(f"{case.name}: the worker's step differs from the copying step")
            state, _ = result
    return copying, owned, states


def _baseline(states: list[BattleState]) -> list[Timing]:
    return [_timed(lambda: (s.model_copy(deep=True), s.model_dump(mode="json")))[1] for s in states]


def _ms(timings: list[Timing], which: int) -> list[float]:
    return sorted(t[which] * 1000 for t in timings)


def step_times(rs: Any, case: Case, seconds: float) -> dict[str, float]:
    times, owned, states = _steps(rs, case, seconds)
    base = _baseline(states)
    ms = _ms(times, 0)
    step, baseline = statistics.median(ms), statistics.median(_ms(base, 0))
    return {"steps": len(ms), "step_median_ms": step, "step_p90_ms": ms[int(0.9 * (len(ms) - 1))],
            "step_cpu_median_ms": statistics.median(_ms(times, 1)),
            "worker_step_median_ms": statistics.median(_ms(owned, 0)),
            "worker_step_cpu_median_ms": statistics.median(_ms(owned, 1)),
            "baseline_median_ms": baseline, "baseline_cpu_median_ms": statistics.median(_ms(base, 1)),
            "ratio": step / baseline, "events_per_state": statistics.median(len(s.events) for s in states)}


def profile(rs: Any, case: Case, seconds: float, top: int = 25) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    _steps(rs, case, seconds, worker=False)
    profiler.disable()
    print(f"\n--- cProfile of {case.name} steps (cumulative) ---")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def _load() -> tuple[float, float, float]:
    try:
        return os.getloadavg()
    except OSError:  # pragma: no cover - not every platform has one
        return (float("nan"),) * 3


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short measurements (a smoke run)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--profile", action="store_true", help="print the top cProfile costs of the steps")
    args = parser.parse_args(argv)
    seconds = 0.3 if args.quick else args.seconds
    found, skipped = cases()
    load_before = _load()[0]
    started = time.perf_counter()
    rows = []
    for case in found:
        rs = load_package(case.ruleset)
        row = {"case": case.name, "size": case.size}
        row.update(fights_per_second(rs, case, seconds))
        row.update(step_times(rs, case, seconds))
        rows.append(row)
        if args.profile:
            profile(rs, case, seconds)
    elapsed = time.perf_counter() - started

    load = (load_before, _load()[0])
    print(f"{'case':<14} {'size':>7} {'fights/s':>9} {'events':>7} {'steps':>6} {'step ms':>8} {'p90 ms':>7} "
          f"{'cpu ms':>7} {'worker':>7} {'w cpu':>6} {'base ms':>8} {'ratio':>6}")
    for r in rows:
        print(f"{r['case']:<14} {r['size']:>7} {r['fights_per_s']:>9.1f} {r['events_per_fight']:>7.0f} "
              f"{r['steps']:>6} {r['step_median_ms']:>8.3f} {r['step_p90_ms']:>7.3f} {r['step_cpu_median_ms']:>7.3f} "
              f"{r['worker_step_median_ms']:>7.3f} {r['worker_step_cpu_median_ms']:>6.3f} "
              f"{r['baseline_median_ms']:>8.3f} {r['ratio']:>5.1f}x")
    for line in skipped:
        print(f"skipped: {line}")
    slow = [r["case"] for r in rows if max(r["step_median_ms"], r["worker_step_median_ms"]) >= STEP_TARGET_MS]
    print(f"target: one step under {STEP_TARGET_MS:g} ms median without a board (copying and worker): "
          + ("met" if not slow else "NOT met for " + ", ".join(slow)))
    print(f"({elapsed:.1f} s; python {platform.python_version()}; {os.cpu_count()} cores; load average "
          f"{load[0]:.2f} before, {load[1]:.2f} after)")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "resolve",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": round(elapsed, 1),
        "step_target_ms": STEP_TARGET_MS,
        "cores": os.cpu_count(),
        "load_average": {"before": round(load[0], 2), "after": round(load[1], 2)},
        "baseline": "state.model_copy(deep=True) + state.model_dump(mode='json') of the same states",
        "worker_step": "menu() on one state read from JSON + advance(owned=True) on another, reads not timed",
        "skipped": skipped,
        "cases": [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()} for r in rows],
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
