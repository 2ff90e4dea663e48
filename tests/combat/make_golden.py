"""Writes the golden full fights in tests/combat/golden/: every event of a whole fight with a
fixed seed, each side's choices made by the Engine's tactics (as `battle fight` makes them).

    python3 tests/combat/make_golden.py            # every fight whose package is here
    python3 tests/combat/make_golden.py lantern-marsh

Run it after an intended change to the resolver, its log or its tactics, then read the diff
of tests/combat/golden/ before keeping it: the golden files are the reviewed record of how
a whole fight goes. tests/combat/test_golden.py replays the same fights and compares.

Fights (the package, the party, the foes and the seed):
  lantern-marsh  examples/lantern-marsh.json, examples/party.json, examples/foes.json
  ember-roads    tests/data/upstream/ember-roads.json with tests/combat/fixtures/ember-*.json
                 (Juno, Pell and Ora against two Rust Jackals and the Toll Warden)
  5e             tests/data/upstream/ruleset-5e-2014.example.json with tests/combat/fixtures/5e-*.json
  gravewatch     tests/data/upstream/gravewatch.json with tests/combat/fixtures/gravewatch-*.json
                 (Ada and Tobin against a Grave-rat swarm and a Hollow warden: a dice-pool fight)
  dockside       tests/combat/fixtures/dockside.json (our own Genesys-like symbol-pool package: the
                 spec's `symbols` example, initiative thrown as a pool, dazing hits) with
                 tests/combat/fixtures/dockside-*.json (Juno and Ada against a Dock bruiser and two Gulls)
Ember Roads, 5e and Gravewatch are skipped (and say so) when tests/data/upstream is not here.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from shared.combat import advance, decide_for, start_battle  # noqa: E402
from shared.combat.fight import Refusal  # noqa: E402
from shared.ruleset import load_package  # noqa: E402

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
FIXTURES = HERE / "fixtures"
UPSTREAM = ROOT / "tests" / "data" / "upstream"


@dataclass(frozen=True)
class GoldenFight:
    name: str
    ruleset: Path
    party: Path
    foes: Path
    seed: int

    @property
    def here(self) -> bool:
        return self.ruleset.exists()

    @property
    def golden(self) -> Path:
        return GOLDEN / f"{self.name}.json"


FIGHTS = [
    GoldenFight("lantern-marsh", ROOT / "examples" / "lantern-marsh.json", ROOT / "examples" / "party.json",
                ROOT / "examples" / "foes.json", seed=6),
    GoldenFight("ember-roads", UPSTREAM / "ember-roads.json", FIXTURES / "ember-party.json",
                FIXTURES / "ember-foes.json", seed=9),
    GoldenFight("5e", UPSTREAM / "ruleset-5e-2014.example.json", FIXTURES / "5e-party.json",
                FIXTURES / "5e-foes.json", seed=3),
    GoldenFight("gravewatch", UPSTREAM / "gravewatch.json", FIXTURES / "gravewatch-party.json",
                FIXTURES / "gravewatch-foes.json", seed=1),
    GoldenFight("dockside", FIXTURES / "dockside.json", FIXTURES / "dockside-party.json",
                FIXTURES / "dockside-foes.json", seed=2),
]

REGENERATE = "python3 tests/combat/make_golden.py"


def play(fight: GoldenFight) -> dict[str, Any]:
    """The whole fight, every decision by the Engine's tactics; the record a golden file holds."""
    ruleset = load_package(fight.ruleset)
    party = json.loads(fight.party.read_text())
    foes = json.loads(fight.foes.read_text())
    state, _ = start_battle(ruleset, party, foes, seed=fight.seed)
    while state.pending is not None and not state.outcome:
        result = advance(ruleset, state, decide_for(ruleset, state))
        if isinstance(result, Refusal):
            raise RuntimeError(f"the Engine's own choice was refused: {result}")
        state, _ = result
    return {
        "seed": fight.seed,
        "outcome": state.outcome,
        "rounds": state.round,
        "events": [f"{e.seq} {e.kind}: {e.text}" for e in state.events],
    }


def write(fight: GoldenFight) -> Path:
    GOLDEN.mkdir(exist_ok=True)
    fight.golden.write_text(json.dumps(play(fight), indent=1, ensure_ascii=False) + "\n")
    return fight.golden


def main(names: list[str]) -> int:
    chosen = [f for f in FIGHTS if not names or f.name in names]
    unknown = set(names) - {f.name for f in FIGHTS}
    if unknown:
        print(f"no golden fight named {', '.join(sorted(unknown))}; there are {', '.join(f.name for f in FIGHTS)}")
        return 1
    for fight in chosen:
        if not fight.here:
            print(f"{fight.name}: skipped, {fight.ruleset} is not here")
            continue
        path = write(fight)
        record = json.loads(path.read_text())
        print(f"{fight.name}: {len(record['events'])} events, {record['outcome']} after {record['rounds']} rounds "
              f"-> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
