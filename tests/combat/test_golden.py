"""Whole fights, event by event, against the golden files in tests/combat/golden/ (a fixed
seed, every side under the Engine's tactics). A change shows as a unified diff of the
events; after an intended change, regenerate with `python3 tests/combat/make_golden.py`
and review the diff of the golden files before keeping it."""

from __future__ import annotations

import difflib
import json

import pytest

from tests.combat.make_golden import FIGHTS, REGENERATE, GoldenFight, play


@pytest.mark.parametrize("fight", FIGHTS, ids=[f.name for f in FIGHTS])
def test_a_whole_fight_matches_its_golden_file(fight: GoldenFight):
    if not fight.here:
        pytest.skip(f"{fight.ruleset} is not here (tests/data/upstream is absent)")
    assert fight.golden.exists(), f"{fight.golden} is missing: run {REGENERATE} {fight.name}"
    expected = json.loads(fight.golden.read_text())
    got = play(fight)
    if got != expected:
        diff = difflib.unified_diff(
            [f"outcome {expected['outcome']} after {expected['rounds']} rounds", *expected["events"]],
            [f"outcome {got['outcome']} after {got['rounds']} rounds", *got["events"]],
            fromfile=f"golden/{fight.name}.json", tofile="this run", lineterm="", n=2,
        )
        pytest.fail(f"the {fight.name} fight (seed {fight.seed}) no longer matches its golden file:\n"
                    + "\n".join(diff)
                    + f"\n\nIf the change is intended, regenerate with `{REGENERATE} {fight.name}` and review "
                      "the diff of tests/combat/golden/.", pytrace=False)


def test_the_golden_fights_cover_the_rules_they_are_meant_to_show():
    """The golden files are worth reading: each fight reaches its end and shows its system's
    own terms (a guard against regenerating a fight that stopped early)."""
    marsh = json.loads(FIGHTS[0].golden.read_text())
    assert marsh["outcome"] in ("victory", "defeat")
    text = "\n".join(marsh["events"])
    for word in ("against Guard", "Breath", "Lamp oil", "round"):
        assert word in text


def test_the_gravewatch_fight_is_thrown_in_pools():
    """Gravewatch's golden fight shows its own terms: dice against successes, soak thrown
    by kind of harm, Harm marked."""
    fight = next(f for f in FIGHTS if f.name == "gravewatch")
    if not fight.here:
        pytest.skip(f"{fight.ruleset} is not here (tests/data/upstream is absent)")
    record = json.loads(fight.golden.read_text())
    assert record["outcome"] in ("victory", "defeat")
    text = "\n".join(record["events"])
    for words in ("successes against Defense", "from the hit", "soaks", "(Sinew)", "of 4 Harm", "Steel save"):
        assert words in text
