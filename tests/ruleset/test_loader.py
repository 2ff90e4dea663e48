"""The loader's own behaviour: path formatting, pydantic errors as `path: message`,
top-level declarations, JSON syntax errors, gates."""

from __future__ import annotations

import json
from typing import Iterable

import pytest
from pydantic import Field, ValidationError

from shared.ruleset import PackageError, load_package
from shared.ruleset.base import Id, Model, ValueRef, gate, unsupported
from shared.ruleset.errors import format_path, from_validation_error
from shared.ruleset.gates import ApiVersion, Gate, Problems, check_gates
from shared.ruleset.load import read_json
from tests.ruleset.minimal import minimal_package, problems_of


def test_minimal_package_is_valid():
    assert problems_of(minimal_package()) == []


def test_format_path():
    assert format_path(["combat", "attacks", 0, "damage", "dice"]) == "combat.attacks[0].damage.dice"
    assert format_path([]) == "(top level)"
    assert format_path([0, "id"]) == "[0].id"


def test_unknown_top_level_key():
    pkg = minimal_package()
    pkg["colour"] = "red"
    assert problems_of(pkg) == ["colour: unknown key"]


def test_comment_allowed_anywhere_at_top():
    pkg = minimal_package()
    pkg["$comment"] = "notes"
    pkg["$schema"] = "./ruleset.schema.json"
    assert problems_of(pkg) == []


def test_missing_required_top_level_key():
    pkg = minimal_package()
    del pkg["coverage"]
    assert problems_of(pkg) == ["coverage: required"]


def test_schema_version_must_be_known():
    pkg = minimal_package()
    pkg["schemaVersion"] = 3
    assert problems_of(pkg) == ["schemaVersion: must be one of 1 or 2, not 3"]


def test_version_is_a_number_not_text():
    pkg = minimal_package()
    pkg["version"] = "1"
    assert problems_of(pkg) == ["version: must be a whole number, not text"]


def test_schema_2_needs_capability_api():
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    assert problems_of(pkg) == ['(top level): a schemaVersion 2 package must declare "capabilityApi"']


def test_capability_api_only_in_schema_2():
    pkg = minimal_package()
    pkg["capabilityApi"] = {"major": 1, "minor": 200}
    assert problems_of(pkg) == ['capabilityApi: "capabilityApi" is declared only by schemaVersion 2 packages']


def test_capability_api_is_an_object():
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = "1.200"
    assert problems_of(pkg) == ["capabilityApi: must be an object, not text"]


def test_not_an_object():
    with pytest.raises(PackageError) as err:
        load_package([1, 2])
    assert err.value.problems.lines() == ["(top level): a package is a JSON object"]


def test_every_error_is_reported_not_just_the_first():
    pkg = minimal_package()
    pkg["colour"] = "red"
    pkg["version"] = "x"
    assert problems_of(pkg) == ["version: must be a whole number, not text", "colour: unknown key"]


def test_bad_json_file(tmp_path):
    f = tmp_path / "broken.json"
    f.write_text('{"schemaVersion": 1,,}')
    with pytest.raises(PackageError) as err:
        read_json(f)
    assert err.value.problems.lines() == [
        "(file): is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 21"
    ]


def test_missing_file(tmp_path):
    with pytest.raises(PackageError) as err:
        read_json(tmp_path / "nope.json")
    assert err.value.problems.lines() == ["(file): cannot be read: No such file or directory"]


# --- value references --------------------------------------------------------


class _Holder(Model):
    value: ValueRef


def _errors(data):
    try:
        _Holder.model_validate(data)
    except ValidationError as exc:
        return [str(p) for p in from_validation_error(exc, data)]
    return []


def test_value_ref_exactly_one_key():
    assert _errors({"value": {"field": "a", "derived": "b"}}) == [
        "value: a value reference has exactly one of const, field, derived, abilityScore, abilityMod, "
        "abilityModFromField, skillMod, saveMod, listSum, livePool, liveTrack, itemStat (found field, derived)"
    ]


def test_value_ref_unknown_key():
    assert _errors({"value": {"fieldd": "a"}}) == [
        "value.fieldd: unknown key",
    ]


def test_value_ref_read_only_with_live_track():
    assert _errors({"value": {"livePool": "grit", "read": "filled"}}) == [
        'value.read: "read" goes only with "liveTrack"'
    ]


def test_value_ref_bad_id():
    assert _errors({"value": {"field": "Armor Class"}}) == [
        'value.field: "Armor Class" is not a valid id or value here (pattern ^[a-z][a-z0-9_]*$)'
    ]


def test_item_stat_needs_stat_unless_count():
    assert _errors({"value": {"itemStat": {"from": "worn", "pick": "sum"}}}) == [
        'value.itemStat: "stat" is required when "pick" is "sum"'
    ]
    assert _errors({"value": {"itemStat": {"from": "worn", "pick": "count", "category": "shield"}}}) == []


# --- gates ---------------------------------------------------------------------


class _Gated(Model):
    old: int | None = None
    newer: int | None = Field(default=None, json_schema_extra=gate("1.108"))
    strict2: int | None = Field(default=None, json_schema_extra=gate("1.47", schema=2))
    never: int | None = Field(default=None, json_schema_extra=unsupported("1.122", "summons are not resolved"))
    effects: list[Id] = Field(default_factory=list)

    def extra_gates(self) -> Iterable[Gate]:
        for i, e in enumerate(self.effects):
            if e == "side_effect":
                yield Gate(("effects", i), "1.278")


def _gates(data, schema_version, declared):
    problems = Problems()
    check_gates(_Gated.model_validate(data), schema_version, declared, problems)
    return problems.lines()


def test_versions_compare_as_numbers():
    assert ApiVersion.parse("1.108") > ApiVersion.parse("1.47")
    assert ApiVersion.parse("1.47") < ApiVersion.parse("1.400")
    assert str(ApiVersion.parse("1.5")) == "1.5"


def test_gate_refuses_key_newer_than_declared():
    assert _gates({"newer": 1}, 2, ApiVersion(1, 100)) == [
        'newer: "newer" needs capabilityApi 1.108 or later (this package declares 1.100)'
    ]
    assert _gates({"newer": 1}, 2, ApiVersion(1, 108)) == []


def test_schema_1_package_reads_as_baseline():
    assert _gates({"newer": 1, "old": 1}, 1, None) == []


def test_schema_2_gate_refused_in_schema_1():
    assert _gates({"strict2": 1}, 1, None) == [
        'strict2: "strict2" needs schemaVersion 2 and capabilityApi 1.47 or later '
        "(this package declares schemaVersion 1)"
    ]


def test_unsupported_key_is_refused_by_name():
    assert _gates({"never": 1}, 2, ApiVersion(1, 300)) == [
        'never: "never" (Capability API 1.122) is not supported by marinara-battle yet: summons are not resolved'
    ]


def test_value_gate():
    assert _gates({"effects": ["a", "side_effect"]}, 2, ApiVersion(1, 200)) == [
        'effects[1]: "effects" value "side_effect" needs capabilityApi 1.278 or later (this package declares 1.200)'
    ]


def test_load_package_raises_with_every_line():
    pkg = minimal_package()
    pkg["colour"] = 1
    pkg["name"] = ""
    with pytest.raises(PackageError) as err:
        load_package(pkg)
    assert err.value.problems.lines() == ["name: must not be empty", "colour: unknown key"]
    assert str(err.value) == "name: must not be empty\ncolour: unknown key"


def test_load_from_path(tmp_path):
    f = tmp_path / "p.json"
    f.write_text(json.dumps(minimal_package()))
    assert load_package(f).id == "test-roads"
