"""Resolver speed: whole fights per second, and the median time of one `menu()` +
`advance()` step next to a baseline measured on the same states in the same run.

Fights (every side under the Engine's tactics, a new seed for every fight):
  lantern-marsh  examples/lantern-marsh.json, examples/party.json vs examples/foes.json (2 vs 3); always runs
  ember-roads    ../shared/data/upstream/ember-roads.json: Juno, Pell, Ora and Tam (4) against two Rust
                 Jackals, two Cinder Moths, the Glass Wader and the Toll Warden (6)
  5e             ../shared/data/upstream/ruleset-5e-2014.example.json: Brom, Ilsa, Cora and Dain (4)
                 against two Cinder Hounds, the Thorn Lurker, the Grave Piper and the Toll Sergeant (5)
  gravewatch     ../shared/data/upstream/gravewatch.json, a dice-pool fight: Ada and Tobin against a
                 Grave-rat swarm and a Hollow warden (2 vs 2)
  dockside       tests/combat/fixtures/dockside.json, our own symbol-pool fight: Juno and Ada against a
                 Dock bruiser and two Gulls (2 vs 3); always runs
Ember Roads, 5e and Gravewatch are skipped, saying so, when ../shared/data/upstream is not here.

A fight per second is `start_battle` resolving the whole fight (nobody waits for a person).
A step is one decision in the same fights with every combatant player-controlled: the time
of `menu(actor)` plus `advance(choice)` (the choice itself comes from the Engine's tactics,
outside the timed part). The baseline is `state.model_copy(deep=True)` plus
`state.model_dump(mode="json")` of the same state: the least a worker does with a battle
state it loads and stores on every step. None of these fights has a board.

Prints a table and writes bench/results/resolve.json. Run: `python bench/resolve.py`
(or `make bench`); `--quick` shortens every measurement for a smoke run; `--profile` prints
the top cProfile costs of the steps.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import json
import platform
import pstats
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.combat import BattleState, advance, decide_for, menu, start_battle  # noqa: E402
from shared.combat.fight import Refused  # noqa: E402
from shared.ruleset import load_package  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "resolve.json"
UPSTREAM = ROOT.parent / "shared" / "data" / "upstream"
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


def _steps(rs: Any, case: Case, seconds: float) -> tuple[list[float], list[BattleState]]:
    """(seconds of each menu()+advance() step, the state each step started from)."""
    party, foes = _controlled(case.party, "player"), _controlled(case.foes, "gm")
    times: list[float] = []
    states: list[BattleState] = []
    started = time.perf_counter()
    seed = 0
    while seed < 2 or time.perf_counter() - started < seconds:
        state, _ = start_battle(rs, party, foes, seed=seed)
        seed += 1
        while state.pending is not None and not state.outcome:
            choice = decide_for(rs, state)
            t0 = time.perf_counter()
            menu(rs, state, state.pending.actor)
            result = advance(rs, state, choice)
            times.append(time.perf_counter() - t0)
            states.append(state)
            if isinstance(result, Refused):
                raise RuntimeError(f"{case.name}: the Engine's own choice was refused: {result}")
            state, _ = result
    return times, states


def _baseline(states: list[BattleState]) -> list[float]:
    times: list[float] = []
    for state in states:
        t0 = time.perf_counter()
        state.model_copy(deep=True)
        state.model_dump(mode="json")
        times.append(time.perf_counter() - t0)
    return times


def step_times(rs: Any, case: Case, seconds: float) -> dict[str, float]:
    times, states = _steps(rs, case, seconds)
    base = _baseline(states)
    ms = sorted(t * 1000 for t in times)
    step, baseline = statistics.median(ms), statistics.median(t * 1000 for t in base)
    return {"steps": len(ms), "step_median_ms": step, "step_p90_ms": ms[int(0.9 * (len(ms) - 1))],
            "baseline_median_ms": baseline, "ratio": step / baseline,
            "events_per_state": statistics.median(len(s.events) for s in states)}


def profile(rs: Any, case: Case, seconds: float, top: int = 25) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    _steps(rs, case, seconds)
    profiler.disable()
    print(f"\n--- cProfile of {case.name} steps (cumulative) ---")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short measurements (a smoke run)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--profile", action="store_true", help="print the top cProfile costs of the steps")
    args = parser.parse_args(argv)
    seconds = 0.3 if args.quick else args.seconds
    found, skipped = cases()
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

    print(f"{'case':<14} {'size':>7} {'fights/s':>9} {'events':>7} {'steps':>6} {'step ms':>8} {'p90 ms':>7} "
          f"{'base ms':>8} {'ratio':>6}")
    for r in rows:
        print(f"{r['case']:<14} {r['size']:>7} {r['fights_per_s']:>9.1f} {r['events_per_fight']:>7.0f} "
              f"{r['steps']:>6} {r['step_median_ms']:>8.3f} {r['step_p90_ms']:>7.3f} {r['baseline_median_ms']:>8.3f} "
              f"{r['ratio']:>5.1f}x")
    for line in skipped:
        print(f"skipped: {line}")
    slow = [r["case"] for r in rows if r["step_median_ms"] >= STEP_TARGET_MS]
    print(f"target: one step under {STEP_TARGET_MS:g} ms median without a board: "
          + ("met" if not slow else "NOT met for " + ", ".join(slow)))
    print(f"({elapsed:.1f} s; python {platform.python_version()})")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "resolve",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": round(elapsed, 1),
        "step_target_ms": STEP_TARGET_MS,
        "baseline": "state.model_copy(deep=True) + state.model_dump(mode='json') of the same states",
        "skipped": skipped,
        "cases": [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()} for r in rows],
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
