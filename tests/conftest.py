"""Shared test fixtures: where the upstream conformance fixtures are, and the project's
own example rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
UPSTREAM = ROOT.parent / "shared" / "data" / "upstream"
UPSTREAM_PACKAGES = ["ember-roads.json", "gravewatch.json", "ruleset-5e-2014.example.json"]

needs_upstream = pytest.mark.skipif(
    not (UPSTREAM / "ember-roads.json").exists(),
    reason="../shared/data/upstream is not here (a clone without the shared folder); "
    "the conformance fixtures cannot be read",
)
