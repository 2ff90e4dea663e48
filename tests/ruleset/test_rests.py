"""Rests: the spec's recovery steps validate; each refusal plants one defect in the minimal
package and asserts the exact lines."""

from __future__ import annotations

import json

import pytest

from shared.ruleset import load_package
from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import minimal_package, problems_of

HARM = {
    "id": "harm",
    "label": "Harm",
    "min": 0,
    "max": 2,
    "levels": [{"label": "Scuffed", "penalty": 0}, {"label": "Winded", "penalty": -1}],
    "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}],
}

TRICKS = {
    "id": "tricks",
    "label": "Limited tricks",
    "maxItems": 12,
    "columns": [
        {"id": "name", "label": "Name", "type": "text", "maxLength": 60, "required": True},
        {"id": "uses", "label": "Uses", "type": "number", "min": 0, "max": 9, "default": 1},
        {"id": "recharge", "label": "Comes back", "type": "enum", "values": ["camp", "scene"], "default": "camp"},
    ],
    "pools": {"nameColumn": "name", "maxColumn": "uses", "rechargeColumn": "recharge"},
}


def with_step(step: dict) -> dict:
    pkg = minimal_package()
    pkg["sheet"]["live"]["tracks"].append(HARM)
    pkg["sheet"]["lists"].append(TRICKS)
    pkg["sheet"]["live"]["states"] = [{"id": "stance", "label": "Stance", "values": ["guarded", "steady"]}]
    for pool in pkg["sheet"]["live"]["pools"]:
        pool["group"] = "grit_and_luck"
    pkg["rests"][0]["restore"].append(step)
    return pkg


# -- what validates ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "step",
    [
        {"pool": "luck", "by": {"const": 1}},
        {"pool": "grit", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}},
        {"poolGroup": "grit_and_luck", "to": "max"},
        {"poolGroup": "grit_and_luck", "by": {"fractionOfMax": 0.5, "round": "down", "min": 1}, "shared": True},
        {"listPools": "tricks", "recharge": ["camp"], "to": "max"},
        {"track": "heat", "by": {"const": -1}},
        {"track": "heat", "to": 0},
        {"track": "harm", "kind": "knock", "to": "min"},
        {"track": "harm", "by": {"const": -2}},
        {"state": "stance", "to": "default"},
        {"state": "stance", "to": "guarded"},
    ],
)
def test_recovery_steps_of_the_spec_validate(step):
    assert problems_of(with_step(step)) == []


def test_clear_all_conditions_and_text():
    pkg = minimal_package()
    pkg["sheet"]["live"]["text"] = [{"id": "concentration", "label": "Concentrating on", "maxLength": 80}]
    pkg["rests"][0]["clear"] = {"conditions": "all", "text": ["concentration"]}
    assert problems_of(pkg) == []


@needs_upstream
@pytest.mark.parametrize(
    "name, rests", [("ember-roads.json", ["camp"]), ("gravewatch.json", ["vigil", "breather"]), ("ruleset-5e-2014.example.json", ["short", "long"])]
)
def test_upstream_rests(name, rests):
    pkg = load_package(json.loads((UPSTREAM / name).read_text()))
    assert [r.id for r in pkg.rests] == rests


# -- refusals ----------------------------------------------------------------------------------


def test_unknown_pool():
    assert problems_of(with_step({"pool": "mana", "to": "max"})) == ['rests[0].restore[1].pool: unknown pool "mana"']


def test_pool_step_naming_a_track():
    assert problems_of(with_step({"pool": "heat", "to": "max"})) == ['rests[0].restore[1].pool: "heat" is a track, not a pool']


def test_unknown_pool_group():
    assert problems_of(with_step({"poolGroup": "slots", "to": "max"})) == ['rests[0].restore[1].poolGroup: no pool is in group "slots"']


def test_list_pools_of_a_list_without_pools():
    assert problems_of(with_step({"listPools": "gear", "to": "max"})) == [
        'rests[0].restore[1].listPools: list "gear" has no "pools", so its rows are not pools'
    ]


def test_recharge_value_the_column_cannot_hold():
    assert problems_of(with_step({"listPools": "tricks", "recharge": ["dawn"], "to": "max"})) == [
        'rests[0].restore[1].recharge[0]: "dawn" is not a value of column "recharge" in list "tricks"'
    ]


def test_unknown_track():
    assert problems_of(with_step({"track": "stress", "to": "min"})) == ['rests[0].restore[1].track: unknown track "stress"']


def test_kind_on_a_plain_track():
    assert problems_of(with_step({"track": "heat", "kind": "knock", "to": "min"})) == [
        'rests[0].restore[1].kind: "kind" picks marks of a harm track, and "heat" is a plain track'
    ]


def test_kind_the_harm_track_does_not_take():
    assert problems_of(with_step({"track": "harm", "kind": "burn", "to": "min"})) == [
        'rests[0].restore[1].kind: unknown kind "burn" on track "harm"'
    ]


def test_state_value_it_does_not_have():
    assert problems_of(with_step({"state": "stance", "to": "reckless"})) == [
        'rests[0].restore[1].to: "reckless" is not a value of live state "stance" (nor "default")'
    ]


def test_state_step_that_changes_by():
    assert problems_of(with_step({"state": "stance", "by": {"const": 1}})) == [
        "rests[0].restore[1]: a \"state\" step only sets: give \"to\" as \"default\" or one of the state's values"
    ]


def test_unknown_state():
    assert problems_of(with_step({"state": "form", "to": "default"})) == ['rests[0].restore[1].state: unknown live state "form"']


def test_two_targets():
    assert problems_of(with_step({"pool": "grit", "track": "heat", "to": "max"})) == [
        'rests[0].restore[1]: a recovery step names exactly one of "pool", "poolGroup", "listPools", "track", "state" (found pool, track)'
    ]


def test_to_and_by_together():
    assert problems_of(with_step({"pool": "grit", "to": "max", "by": {"const": 1}})) == [
        'rests[0].restore[1]: a recovery step has exactly one of "to" and "by"'
    ]


def test_to_default_on_a_pool():
    assert problems_of(with_step({"pool": "grit", "to": "default"})) == [
        'rests[0].restore[1].to: "to" is "max", "min" or a whole number, not "default"'
    ]


def test_recharge_without_list_pools():
    assert problems_of(with_step({"pool": "grit", "recharge": ["camp"], "to": "max"})) == [
        'rests[0].restore[1].recharge: "recharge" picks the rows of "listPools", so it goes only with "listPools"'
    ]


def test_shared_without_a_group():
    assert problems_of(with_step({"pool": "grit", "by": {"fractionOfMax": 0.5}, "shared": True})) == [
        'rests[0].restore[1].shared: "shared" hands out a fraction of a whole group: it needs "poolGroup" and "by" with "fractionOfMax"'
    ]


def test_fraction_above_one():
    assert problems_of(with_step({"pool": "grit", "by": {"fractionOfMax": 1.5}})) == [
        "rests[0].restore[1].by.fractionOfMax: must be at most 1.0, not 1.5"
    ]


def test_clear_unknown_condition():
    pkg = minimal_package()
    pkg["rests"][0]["clear"] = {"conditions": ["dazed"]}
    assert problems_of(pkg) == ['rests[0].clear.conditions[0]: unknown condition "dazed"']


def test_clear_unknown_text():
    pkg = minimal_package()
    pkg["rests"][0]["clear"] = {"text": ["concentration"]}
    assert problems_of(pkg) == ['rests[0].clear.text[0]: unknown live text "concentration"']


def test_rest_id_used_twice():
    pkg = minimal_package()
    pkg["rests"].append({"id": "camp", "label": "Again", "restore": []})
    assert problems_of(pkg) == ['rests[1].id: rest id "camp" is used twice']


def test_shared_needs_1_77():
    pkg = with_step({"poolGroup": "grit_and_luck", "by": {"fractionOfMax": 0.5}, "shared": True})
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 76}
    assert problems_of(pkg) == [
        'rests[0].restore[1].shared: "shared" needs capabilityApi 1.77 or later (this package declares 1.76)'
    ]


def test_kind_needs_1_40():
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 39}
    pkg["sheet"]["live"]["tracks"].append(HARM)
    pkg["rests"][0]["restore"].append({"track": "harm", "kind": "knock", "to": "min"})
    assert problems_of(pkg) == [
        'rests[0].restore[1].kind: "kind" needs capabilityApi 1.40 or later (this package declares 1.39)'
    ]
