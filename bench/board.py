"""The Engine's decision time on a board: `decide_for(ruleset, state)` for whoever must
decide, on a 20 x 20 and a 40 x 40 board with 12 combatants and mixed terrain, next to two
baselines measured on the very same states in the same run.

Cases (each on both boards):
  5e     tests/data/upstream/ruleset-5e-2014.example.json with, added in memory, cover
         (`bonus` 2, `threeQuarters` 5, `creatures`) and `elevation` (high ground advantage,
         `rangeBonus` 1, falling): Brom, Ilsa, Cora, Dain (a sword and bows) against two
         Cinder Hounds (a cone), two Thorn Lurkers (a sequence with a 10 ft snare), two Grave
         Pipers (a 30 ft shot) and two Hollow Sentinels: 4 vs 8. Skipped, saying so, when
         tests/data/upstream is not here.
  marsh  examples/lantern-marsh.json: Juno, Wren and four copies of them against four Bog
         Hounds and two Reed Witches: 6 vs 6. Always runs.

The boards are drawn from a fixed pattern (the same every run): walls and mountains,
rough ground, water, forest and ruins, low cover, and two hills (levels 1 to 3, with
cliffs on some of their sides); the party starts on the left edge and the foes on the
right. Every combatant is player- or GM-controlled, so each decision of the fight is one
`decide_for` call (timed) and then its `advance` (not timed). A fight is played until it
ends or for `--steps` decisions, then the next seed starts, until `--seconds` have passed.

Each decision is timed twice: the CPU time of the deciding thread (`time.thread_time`,
what the decision itself costs; the percentiles and the target read it) and the elapsed
time (`time.perf_counter`, which also counts whatever else the machine runs meanwhile).

Baselines, on every recorded state:
  off board  the same `decide_for` on the same state with its board removed (the fight as
             theatre of the mind: the same menu, the same tactics, no geometry);
  bfs        a plain breadth-first flood of the whole board from the deciding combatant's
             cell (8 directions, around solid cells): the least a look at the board costs.

Before measuring, the objects made at start-up (modules, the loaded rulesets) are moved out
of the garbage collector's sight with `gc.freeze()`, as a long-running worker would after
loading: otherwise every full collection walks them again (about 60 ms on the development
container, mostly pydantic's validators), and those pauses land on whichever decision is
running. `--no-freeze` measures without it.

Prints a table and writes bench/results/board.json. Run: `python bench/board.py`
(`--quick` for a smoke run, `--profile` for the top cProfile costs).
The target: p99 under 20 ms on the 20 x 20 board.
"""

from __future__ import annotations

import argparse
import copy
import cProfile
import gc
import json
import platform
import pstats
import random
import statistics
import sys
import time
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.combat import BattleState, advance, decide_for, start_battle  # noqa: E402
from shared.combat.board.grid import grid_of, read_board  # noqa: E402
from shared.combat.fight import Refusal  # noqa: E402
from shared.ruleset import load_package  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "board.json"
UPSTREAM = ROOT / "tests" / "data" / "upstream"
FIXTURES = ROOT / "tests" / "combat" / "fixtures"
P99_TARGET_MS = 20.0
SIDES = (20, 40)


@dataclass
class Case:
    name: str
    ruleset: Any
    party: list[dict[str, Any]]
    foes: list[dict[str, Any]]

    @property
    def size(self) -> str:
        return f"{len(self.party)} vs {sum(int(f.get('count', 1)) for f in self.foes)}"


def _read(path: Path) -> Any:
    return json.loads(path.read_text())


def _copies(members: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    out = []
    for i, name in enumerate(names):
        member = copy.deepcopy(members[i % len(members)])
        member.update(name=name, player=name.lower())
        member.pop("position", None)
        out.append(member)
    return out


def cases() -> tuple[list[Case], list[str]]:
    found: list[Case] = []
    skipped: list[str] = []
    five = UPSTREAM / "ruleset-5e-2014.example.json"
    if five.exists():
        data = _read(five)
        data["combat"]["cover"] = {"bonus": 2, "threeQuarters": 5, "creatures": True}
        data["combat"]["elevation"] = {
            "levelHeight": 5, "highGround": "advantage", "rangeBonus": 1,
            "falling": {"per": 10, "dice": {"count": 1, "sides": 6}, "max": 20, "type": "bludgeoning"}}
        party = _copies(_read(FIXTURES / "5e-party.json"), ["Brom", "Ilsa", "Cora", "Dain"])
        foes = [{"creature": c, "count": 2} for c in ("cinder-hound", "thorn-lurker", "grave-piper", "hollow-sentinel")]
        found.append(Case("5e", load_package(data), party, foes))
    else:
        skipped.append(f"5e (4 vs 8): {five} is not here")
    party = _copies(_read(ROOT / "examples" / "party.json"), ["Juno", "Wren", "Ash", "Bree", "Cole", "Dara"])
    foes = [{"creature": "bog-hound", "count": 4}, {"creature": "reed-witch", "count": 2}]
    found.append(Case("marsh", load_package(ROOT / "examples" / "lantern-marsh.json"), party, foes))
    return found, skipped


def board(side: int) -> dict[str, Any]:
    """A `side` x `side` board of mixed terrain, the same every run. The two outer columns
    on each side are open ground, where everyone starts."""
    pick = random.Random(side)
    rows, heights = [], []
    hills = [(side // 3, side // 3, 3, 1), (2 * side // 3, side // 5, 2, 2)]
    for y in range(side):
        row, level = [], []
        for x in range(side):
            v = pick.random()
            if x < 2 or x >= side - 2:
                row.append(".")
            else:
                row.append("#" if v < 0.05 else "^" if v < 0.07 else "," if v < 0.15 else "~" if v < 0.21
                           else "T" if v < 0.27 else "r" if v < 0.30 else "-" if v < 0.33 else ".")
            h = 0
            for hx, hy, radius, top in hills:
                d = max(abs(x - hx), abs(y - hy))
                if d <= radius:
                    h = max(h, min(3, top + (1 if d == 0 else 0)))
            level.append(str(h))
        rows.append("".join(row))
        heights.append("".join(level))
    return {"rows": rows, "heights": heights}


def _placed(members: list[dict[str, Any]], x: int, side: int, controller: str) -> list[dict[str, Any]]:
    """Each member (or foe group) gets a start down the given column, spread over the board."""
    out = []
    gap = max(1, side // (len(members) + 1))
    for i, m in enumerate(members):
        out.append(dict(m, controller=controller, position=[x, min(side - 1, gap * (i + 1))]))
    return out


@dataclass
class Times:
    """Milliseconds per decision: the decision's elapsed and CPU time, and the two baselines'
    CPU time on the same state."""

    wall: list[float]
    cpu: list[float]
    off_board: list[float]
    bfs: list[float]
    ends: list[str]


def _cpu_ms(work: Any, *args: Any) -> float:
    c0 = time.thread_time()
    work(*args)
    return (time.thread_time() - c0) * 1000


def play(case: Case, side: int, seconds: float, max_steps: int) -> Times:
    """Fights until `seconds` have passed; each decision is timed, then both baselines run
    on the same state. No state is kept (a growing heap would make the collector's pauses
    part of the measurement), and each fight starts with nothing known about the board."""
    b = board(side)
    party = _placed(case.party, 0, side, "player")
    foes = _placed(case.foes, side - 1, side, "gm")
    out = Times([], [], [], [], [])
    started = time.perf_counter()
    seed = 0
    while seed < 1 or time.perf_counter() - started < seconds:
        grid_of(read_board(b)[0]).memo.clear()
        state, _ = start_battle(case.ruleset, party, foes, seed=seed, board=b)
        seed += 1
        steps = 0
        while state.pending is not None and not state.outcome and steps < max_steps:
            t0, c0 = time.perf_counter(), time.thread_time()
            choice = decide_for(case.ruleset, state)
            out.cpu.append((time.thread_time() - c0) * 1000)
            out.wall.append((time.perf_counter() - t0) * 1000)
            out.off_board.append(_cpu_ms(decide_for, case.ruleset, state.model_copy(update={"board": None})))
            out.bfs.append(_cpu_ms(flood, state))
            result = advance(case.ruleset, state, choice)
            if isinstance(result, Refusal):
                raise RuntimeError(f"{case.name}: the Engine's own choice was refused: {result}")
            state, _ = result
            steps += 1
            if time.perf_counter() - started > seconds * 3:
                break
        out.ends.append(state.outcome or f"stopped after {steps} decisions")
    return out


def flood(state: BattleState) -> int:
    """A breadth-first flood of the whole board from the deciding combatant's cell."""
    g = grid_of(state.board)
    actor = state.combatant(state.pending.actor)
    start = (actor.position[0], actor.position[1])
    seen = {start}
    todo = deque([start])
    while todo:
        x, y = todo.popleft()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if n not in seen and not g.solid(*n):
                    seen.add(n)
                    todo.append(n)
    return len(seen)


def _pct(ms: list[float], q: float) -> float:
    return ms[min(len(ms) - 1, int(q * len(ms)))]


def measure(case: Case, side: int, seconds: float, max_steps: int) -> dict[str, Any]:
    t = play(case, side, seconds, max_steps)
    ms, wall, plain, flat = sorted(t.cpu), sorted(t.wall), sorted(t.off_board), sorted(t.bfs)
    median = statistics.median(ms)
    return {
        "case": case.name, "board": f"{side}x{side}", "size": case.size, "fights": len(t.ends), "ends": t.ends,
        "decisions": len(ms), "median_ms": median, "p90_ms": _pct(ms, 0.90), "p99_ms": _pct(ms, 0.99),
        "max_ms": ms[-1], "over_20_ms": sum(1 for v in ms if v > P99_TARGET_MS),
        "wall_median_ms": statistics.median(wall), "wall_p99_ms": _pct(wall, 0.99),
        "off_board_median_ms": statistics.median(plain), "off_board_p99_ms": _pct(plain, 0.99),
        "bfs_median_ms": statistics.median(flat),
        "ratio_off_board": median / statistics.median(plain),
    }


def profile(case: Case, side: int, seconds: float, max_steps: int, top: int = 30) -> None:
    profiler = cProfile.Profile(time.thread_time)
    profiler.enable()
    play(case, side, seconds, max_steps)
    profiler.disable()
    print(f"\n--- cProfile of {case.name} on {side}x{side} (cumulative) ---")
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(top)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="play time per case and board (default 10)")
    parser.add_argument("--steps", type=int, default=150, help="decisions per fight at most (default 150)")
    parser.add_argument("--quick", action="store_true", help="a smoke run (1 s per case and board)")
    parser.add_argument("--profile", action="store_true", help="print the top cProfile costs (CPU time) of each case")
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the start-up objects to the collector's full passes (see the docstring)")
    args = parser.parse_args(argv)
    seconds = 1.0 if args.quick else args.seconds
    found, skipped = cases()
    if not args.no_freeze:
        gc.collect()
        gc.freeze()
    started = time.perf_counter()
    rows = []
    for case in found:
        for side in SIDES:
            rows.append(measure(case, side, seconds, args.steps))
            if args.profile:
                profile(case, side, seconds, args.steps)
    elapsed = time.perf_counter() - started

    print(f"{'case':<6} {'board':>6} {'sides':>7} {'decisions':>9} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8} "
          f"{'>20ms':>6} {'wall p50':>8} {'wall p99':>8} {'off board':>9} {'bfs':>7} {'ratio':>6}")
    for r in rows:
        print(f"{r['case']:<6} {r['board']:>6} {r['size']:>7} {r['decisions']:>9} {r['median_ms']:>8.2f} "
              f"{r['p90_ms']:>8.2f} {r['p99_ms']:>8.2f} {r['max_ms']:>8.2f} {r['over_20_ms']:>6} "
              f"{r['wall_median_ms']:>8.2f} {r['wall_p99_ms']:>8.2f} "
              f"{r['off_board_median_ms']:>9.2f} {r['bfs_median_ms']:>7.3f} {r['ratio_off_board']:>5.1f}x")
    print("CPU ms of the deciding thread (wall: elapsed, which other processes on the machine inflate); "
          "off board and bfs: CPU medians on the same states; ratio = median / off-board median")
    for line in skipped:
        print(f"skipped: {line}")
    small = [r for r in rows if r["board"] == "20x20"]
    missed = [r["case"] for r in small if r["p99_ms"] >= P99_TARGET_MS]
    print(f"target: p99 under {P99_TARGET_MS:g} ms on 20x20: " + ("met" if not missed else "NOT met for " + ", ".join(missed)))
    print(f"({elapsed:.1f} s; python {platform.python_version()})")

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({
        "benchmark": "board",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "seconds": round(elapsed, 1),
        "p99_target_ms": P99_TARGET_MS,
        "baselines": {"off_board": "decide_for on the same state with its board removed",
                      "bfs": "a breadth-first flood of the whole board from the deciding combatant's cell"},
        "gc_freeze": not args.no_freeze,
        "skipped": skipped,
        "cases": [{k: (round(v, 4) if isinstance(v, float) else v) for k, v in r.items()} for r in rows],
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
