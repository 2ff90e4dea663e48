"""Fuzzing the package validator: near-valid packages (our Lantern Marsh and the upstream
packages, each mutated at a few random places) never make `validate_package` raise, and
every problem it reports is one `path: message` line; `load_package` raises nothing but
`PackageError`. A mutated package that still validates is fought for a few decisions with
the Engine deciding for everyone: the resolver does not crash on it either."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from shared.ruleset import validate_package
from shared.ruleset.errors import PackageError
from shared.ruleset.load import load_package
from tests.fuzz.budget import budget
from tests.fuzz.documents import assert_reported, packages
from tests.fuzz.mutations import mutated

PACKAGES = packages()
MARSH_PARTY = json.loads((__import__("tests.conftest", fromlist=["EXAMPLES"]).EXAMPLES / "party.json").read_text())


def _any_package() -> st.SearchStrategy:
    return st.sampled_from(sorted(PACKAGES)).flatmap(lambda name: mutated(PACKAGES[name], name=name))


@budget(40, fuzz=4000)
@given(mutant=_any_package())
def test_the_validator_reports_every_mutation_as_path_and_message(mutant):
    data = mutant.doc
    pkg, problems = validate_package(data)
    assert_reported(problems)
    if not problems:
        assert pkg is not None
    elif not isinstance(data, str):  # load_package reads a str as a file name
        try:
            load_package(data)
        except PackageError as exc:
            assert exc.problems.lines() == problems.lines()
        else:
            raise AssertionError("load_package accepted a package validate_package refused")
