"""Conformance: every real package in tests/data/upstream validates with no problem."""

from __future__ import annotations

import json

import pytest

from shared.ruleset import validate_package
from tests.conftest import UPSTREAM, UPSTREAM_PACKAGES, needs_upstream


@needs_upstream
@pytest.mark.parametrize("name", UPSTREAM_PACKAGES)
def test_upstream_package_validates(name):
    data = json.loads((UPSTREAM / name).read_text())
    pkg, problems = validate_package(data)
    assert problems.lines() == []
    assert pkg is not None and pkg.id == data["id"]


@needs_upstream
@pytest.mark.parametrize("name", UPSTREAM_PACKAGES)
def test_upstream_package_one_unknown_key_refuses_whole_file(name):
    data = json.loads((UPSTREAM / name).read_text())
    data["combat"]["notAKey"] = True
    pkg, problems = validate_package(data)
    assert problems.lines() == ["combat.notAKey: unknown key"]
