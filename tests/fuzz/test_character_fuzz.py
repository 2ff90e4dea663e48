"""Fuzzing the sheet validator: near-valid characters (Juno and every party member of our
fixtures, mutated at a few random places) never make `validate_character` raise, every
problem is one `path: message` line, and `load_character` raises nothing but
`PackageError`. A mutated character that still validates computes its sheet."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from shared.ruleset.errors import PackageError
from shared.sheet.character import load_character, validate_character
from shared.sheet.output import compute_sheet_json
from tests.fuzz.budget import budget
from tests.fuzz.documents import assert_reported, characters
from tests.fuzz.mutations import mutated

CHARACTERS = characters()


def _any_character() -> st.SearchStrategy:
    return st.sampled_from(range(len(CHARACTERS))).flatmap(
        lambda i: st.tuples(st.just(CHARACTERS[i][1]), mutated(CHARACTERS[i][2], name=f"{CHARACTERS[i][0]} "
                                                                                  f"{CHARACTERS[i][2]['name']}")))


@budget(40, fuzz=3000)
@given(case=_any_character())
def test_the_sheet_validator_reports_every_mutation_as_path_and_message(case):
    ruleset, mutant = case
    character, problems = validate_character(ruleset, mutant.doc)
    assert_reported(problems)
    if problems:
        assert character is None
        try:
            load_character(ruleset, mutant.doc)
        except PackageError as exc:
            assert exc.problems.lines() == problems.lines()
        else:
            raise AssertionError("load_character accepted a character validate_character refused")
    else:
        assert character is not None
        compute_sheet_json(ruleset, character)
