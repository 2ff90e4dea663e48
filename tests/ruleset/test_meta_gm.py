"""`coverage`, `license`, `gm` (guidance, `opposition`, `sheetSummary`) and the prompt-safe
text rule of the GM rules reference."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter, ValidationError

from shared.ruleset import load_package
from shared.ruleset.gm import GmReference
from tests.ruleset.minimal import minimal_package, problems_of


def schema2(minor: int) -> dict:
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": minor}
    return pkg


# ---------------------------------------------------------------------------
# coverage and license
# ---------------------------------------------------------------------------


def test_coverage_and_license_as_published():
    pkg = minimal_package()
    pkg["coverage"]["summary"] = "2d6 plus a stat against a difficulty."
    pkg["license"] = {"spdx": "CC0-1.0", "attribution": "Do what you like with it."}
    model = load_package(pkg)
    assert (model.coverage.combat, model.coverage.saves, model.license.spdx) == (True, False, "CC0-1.0")


def test_coverage_flags_are_booleans():
    pkg = minimal_package()
    pkg["coverage"]["combat"] = "yes"
    assert problems_of(pkg) == ["coverage.combat: must be true or false, not text"]


def test_coverage_summary_at_most_400_characters():
    pkg = minimal_package()
    pkg["coverage"]["summary"] = "x" * 401
    assert problems_of(pkg) == ["coverage.summary: is longer than 400 characters"]


def test_coverage_unknown_part():
    pkg = minimal_package()
    pkg["coverage"]["travel"] = True
    assert problems_of(pkg) == ["coverage.travel: unknown key"]


def test_license_spdx_at_most_64_characters():
    pkg = minimal_package()
    pkg["license"] = {"spdx": "x" * 65}
    assert problems_of(pkg) == ["license.spdx: is longer than 64 characters"]


# ---------------------------------------------------------------------------
# gm
# ---------------------------------------------------------------------------


def test_check_guidance_is_required():
    pkg = minimal_package()
    pkg["gm"] = {"sheetGuidance": "Spend Grit when hurt."}
    assert problems_of(pkg) == ["gm.checkGuidance: required"]


def test_guidance_at_most_1500_characters():
    pkg = minimal_package()
    pkg["gm"]["worldGuidance"] = "x" * 1501
    assert problems_of(pkg) == ["gm.worldGuidance: is longer than 1500 characters"]


def test_guidance_not_empty():
    pkg = minimal_package()
    pkg["gm"]["sheetGuidance"] = ""
    assert problems_of(pkg) == ["gm.sheetGuidance: must not be empty"]


def test_opposition_values():
    pkg = schema2(774)
    pkg["gm"]["opposition"] = "players"
    assert problems_of(pkg) == ["gm.opposition: must be one of 'game-master' or 'engine', not \"players\""]


def test_opposition_needs_capability_api_1_774():
    pkg = schema2(773)
    pkg["gm"]["opposition"] = "game-master"
    assert problems_of(pkg) == ['gm.opposition: "opposition" needs capabilityApi 1.774 or later (this package declares 1.773)']


def test_opposition_game_master_at_1_774():
    pkg = schema2(774)
    pkg["gm"]["opposition"] = "game-master"
    assert load_package(pkg).gm.opposition == "game-master"


# ---------------------------------------------------------------------------
# sheetSummary
# ---------------------------------------------------------------------------


def with_summary(summary: dict, **gm) -> dict:
    pkg = minimal_package()
    pkg["gm"]["sheetSummary"] = summary
    pkg["gm"].update(gm)
    return pkg


def test_sheet_summary_as_ember_roads_writes_it():
    pkg = with_summary(
        {"fields": ["toughness"], "derived": ["grit_max", "guard"], "lists": [{"list": "gear", "nameColumn": "name", "columns": ["damage"]}]}
    )
    assert problems_of(pkg) == []


def test_summary_field_must_exist():
    assert problems_of(with_summary({"fields": ["calling"]})) == ['gm.sheetSummary.fields[0]: unknown field "calling"']


def test_summary_derived_must_exist():
    assert problems_of(with_summary({"derived": ["load"]})) == ['gm.sheetSummary.derived[0]: unknown derived value "load"']


def test_summary_names_a_field_once():
    assert problems_of(with_summary({"fields": ["toughness", "toughness"]})) == [
        'gm.sheetSummary.fields: field "toughness" is named twice'
    ]


def test_summary_list_must_exist():
    assert problems_of(with_summary({"lists": [{"list": "spells", "nameColumn": "name"}]})) == [
        'gm.sheetSummary.lists[0].list: unknown list "spells"'
    ]


def test_summary_name_column_is_text_or_enum():
    assert problems_of(with_summary({"lists": [{"list": "gear", "nameColumn": "damage"}]})) == [
        'gm.sheetSummary.lists[0].nameColumn: column "damage" is a dice column; a name column is a text or an enum column'
    ]


def test_summary_columns_must_exist():
    assert problems_of(with_summary({"lists": [{"list": "gear", "nameColumn": "name", "columns": ["weight"]}]})) == [
        'gm.sheetSummary.lists[0].columns[0]: unknown column "weight" in list "gear"'
    ]


def test_summary_at_most_three_columns():
    summary = {"lists": [{"list": "gear", "nameColumn": "name", "columns": ["swing", "damage", "name", "swing"]}]}
    assert problems_of(with_summary(summary)) == ["gm.sheetSummary.lists[0].columns: has more than 3 item(s)"]


def test_summary_only_when_is_a_boolean_column():
    assert problems_of(with_summary({"lists": [{"list": "gear", "nameColumn": "name", "onlyWhen": "swing"}]})) == [
        'gm.sheetSummary.lists[0].onlyWhen: column "swing" is an enum column; "onlyWhen" names a boolean column'
    ]


def test_summary_enum_name_column_needs_1_37():
    pkg = schema2(36)
    pkg["gm"]["sheetSummary"] = {"lists": [{"list": "gear", "nameColumn": "swing"}]}
    assert problems_of(pkg) == [
        'gm.sheetSummary.lists[0].nameColumn: an enum "nameColumn" needs capabilityApi 1.37 or later (this package declares 1.36)'
    ]


def test_summary_columns_need_1_37():
    pkg = schema2(36)
    pkg["gm"]["sheetSummary"] = {"lists": [{"list": "gear", "nameColumn": "name", "columns": ["damage"]}]}
    assert problems_of(pkg) == [
        'gm.sheetSummary.lists[0].columns: "columns" needs capabilityApi 1.37 or later (this package declares 1.36)'
    ]


# ---------------------------------------------------------------------------
# The GM rules reference text (top-level `gmReference`)
# ---------------------------------------------------------------------------

REFERENCE = TypeAdapter(GmReference)


def refusal(text: str) -> str:
    with pytest.raises(ValidationError) as info:
        REFERENCE.validate_python(text)
    return info.value.errors()[0]["msg"]


def test_reference_example_of_the_spec_is_prompt_safe():
    text = (
        "When a journey crosses hostile country, judge supplies, shelter and exposure before the next leg. "
        "A failed navigation check costs time rather than silently moving the party to its destination."
    )
    assert REFERENCE.validate_python(text) == text


def test_reference_up_to_16000_characters():
    assert len(REFERENCE.validate_python("x" * 16000)) == 16000
    assert "16000" in refusal("x" * 16001)


@pytest.mark.parametrize(
    "text, message",
    [
        ("one line\nand another", "Value error, must be a single line"),
        ("a tab\there", "Value error, must not contain control characters"),
        ("roll [clock: name=x]", "Value error, must not contain square brackets"),
        ("a {{user}} macro", 'Value error, must not contain macro braces ("{{" or "}}")'),
    ],
)
def test_reference_refuses_what_is_not_prompt_safe(text, message):
    assert refusal(text) == message
