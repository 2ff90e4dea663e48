"""Shared test fixtures: where the upstream conformance fixtures are, and the project's
own example rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
UPSTREAM = ROOT / "tests" / "data" / "upstream"
UPSTREAM_PACKAGES = ["ember-roads.json", "gravewatch.json", "ruleset-5e-2014.example.json"]

# The upstream packages are vendored (tests/data/upstream/SOURCES.md), so these tests never skip.
needs_upstream = pytest.mark.upstream


def revision_after(service, battle: str, choice) -> int:
    """The revision `choice` leaves `battle` at (a `BattleService`'s, choice not yet
    applied): one on, or two when the Engine moves after it, since the worker saves the
    choice before the Engine's moves (`BattleService.apart`; not for "idle" with a backlog)."""
    from shared.combat import advance, engine_owes

    state, revision = service.load(battle)
    stepped = advance(service.ruleset(state.ruleset.digest), state, choice, owned=True, pause=True)
    apart = service.apart == "always" or (service.apart == "idle" and service.backlog is None)
    return revision + (2 if apart and engine_owes(stepped[0]) else 1)
