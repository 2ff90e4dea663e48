"""What the fuzzers found, one regression test each, with the exact line the fix gives.

Every case here made a validator, the resolver or the gateway crash or misreport before
its fix; docs/reliability.md lists them."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from shared.combat import start_battle
from shared.combat.setup import SetupError
from shared.ruleset import load_package, validate_package
from shared.ruleset.errors import Problem
from shared.sheet.character import validate_character
from tests.conftest import EXAMPLES

MARSH = json.loads((EXAMPLES / "lantern-marsh.json").read_text())


def _marsh() -> dict:
    return copy.deepcopy(MARSH)


def _lines(data: dict) -> list[str]:
    _pkg, problems = validate_package(data)
    return problems.lines()


def test_an_unknown_key_with_a_line_break_is_quoted_in_its_path():
    data = _marsh()
    data["a\nb: c"] = None
    assert _lines(data) == ['["a\\nb: c"]: unknown key']


def test_a_key_with_a_dot_or_a_space_is_quoted_and_a_plain_one_is_not():
    data = _marsh()
    data["sheet"]["x.y z"] = 1
    data["sheet"]["plain_key-2"] = 1
    assert _lines(data) == ['sheet["x.y z"]: unknown key', "sheet.plain_key-2: unknown key"]


def test_a_quoted_value_with_a_line_break_stays_on_its_line():
    data = _marsh()
    data["sheet"]["lists"][0]["columns"][1]["default"] = "a\nb"
    assert _lines(data) == ['sheet.lists[0].columns[1].default: "default" "a\\nb" is not one of "values"']


def test_a_direction_override_in_a_value_is_written_as_an_escape():
    data = _marsh()
    data["sheet"]["lists"][0]["columns"][1]["default"] = "x\u202e"
    assert _lines(data) == ['sheet.lists[0].columns[1].default: "default" "x\\u202e" is not one of "values"']


def test_a_problem_written_by_hand_is_kept_to_one_line_too():
    assert str(Problem("name", "is \"Juno\nsheet.live: forged\"")) == 'name: is "Juno\\nsheet.live: forged"'


def test_a_package_nested_thousands_deep_is_refused_not_a_stack_overflow():
    data = _marsh()
    deep: Any = {}
    for _ in range(5000):
        deep = {"n": deep}
    data["catalogs"][0]["entries"][0]["filters"] = deep
    path = "catalogs[0].entries[0].filters" + ".n" * 59
    assert _lines(data) == [f"{path}: is nested more than 64 levels deep"]


def test_a_character_nested_thousands_deep_is_refused_not_a_stack_overflow():
    juno = json.loads((EXAMPLES / "juno.json").read_text())
    deep: Any = []
    for _ in range(5000):
        deep = [deep]
    juno["sheet"]["lists"]["kit"][0]["name"] = deep
    _character, problems = validate_character(load_package(MARSH), juno)
    assert problems.lines() == ["sheet.lists.kit[0].name" + "[0]" * 59 + ": is nested more than 64 levels deep"]


def test_a_seed_beyond_the_dice_range_is_a_setup_refusal_not_a_dice_error():
    party = json.loads((EXAMPLES / "party.json").read_text())
    foes = json.loads((EXAMPLES / "foes.json").read_text())
    with pytest.raises(SetupError) as refused:
        start_battle(load_package(MARSH), party, foes, seed=2**53)
    assert refused.value.problems == ["the seed is a whole number from 0 to 9007199254740991, not 9007199254740992"]


def test_the_gateway_refuses_a_seed_beyond_the_dice_range_with_400():
    from tests.gateway.harness import FOES, PARTY, RULESET, run

    async def go(client):
        r = await client.post("/v1/battles", json={"package": RULESET, "party": PARTY, "foes": FOES, "seed": 2**53})
        return r.status, (await r.json())["problems"]

    assert run(go) == (400, ["seed: Input should be less than or equal to 9007199254740991"])
