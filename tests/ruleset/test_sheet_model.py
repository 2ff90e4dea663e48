"""The character sheet model: the spec's own examples validate when put into the minimal
package, and the upstream sheets read as the shapes they are."""

from __future__ import annotations

import copy
import json

import pytest

from shared.ruleset import load_package
from shared.ruleset.sheet_live import Track
from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.refused_keys import refused
from tests.sheet.packages import HARM as SHEET_HARM

POOL_RESOLUTION = {
    "kind": "dice-pool",
    "die": {"sides": 10},
    "abilityModifier": {"op": "identity"},
    "proficiencyTiers": [{"id": "rating_0", "label": "Untried"}, {"id": "rating_1", "label": "Shown once", "flat": 1}],
    "pool": {"min": 1, "max": 15},
    "target": {"default": 7, "min": 5, "max": 9},
    "difficultyLadder": [{"label": "Plain work", "successes": 1}],
}

#: Gravewatch-style harm track (the engine tests' one, without its scar list).
HARM = {k: v for k, v in SHEET_HARM.items() if k != "extra"}

STRAIN = {
    "id": "strain",
    "label": "Strain",
    "min": 0,
    "max": {"derived": "strain_boxes"},
    "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
    "kinds": [{"id": "strain", "label": "S", "severity": 0}],
    "fill": "indexed",
    "onFull": "refuse",
}

STANCE = {
    "id": "stance",
    "label": "Stance",
    "values": ["guarded", "steady", "reckless"],
    "valueLabels": {"guarded": "Guarded", "steady": "Steady", "reckless": "Reckless"},
    "default": "steady",
}


def test_untrained_example_in_a_pool_ruleset():
    pkg = minimal_package()
    pkg["resolution"] = copy.deepcopy(POOL_RESOLUTION)
    pkg["combat"] = None
    del pkg["combat"]
    pkg["sheet"]["abilities"] += [
        {"id": "sinew", "label": "Sinew", "min": 1, "max": 5, "default": 2},
        {"id": "nerve", "label": "Nerve", "min": 1, "max": 5, "default": 2},
    ]
    pkg["sheet"]["sections"] = [{"id": "labour", "label": "Labour", "untrained": {"by": -1}}]
    pkg["sheet"]["fields"][0].pop("section")
    for entry in pkg["sheet"]["derived"] + pkg["sheet"]["lists"]:
        entry.pop("section")
    pkg["sheet"]["skills"] = [
        {"id": "dig", "label": "Dig", "ability": "sinew", "section": "labour", "untrained": "refuse"},
        {"id": "listen", "label": "Listen", "ability": "nerve", "untrained": "harder"},
    ]
    assert problems_of(pkg) == []


def test_live_state_and_enum_table_examples():
    pkg = minimal_package()
    pkg["sheet"]["live"]["states"] = [STANCE]
    pkg["sheet"]["derived"].append(
        {
            "id": "stance_brawn",
            "label": "Stance on Brawn",
            "op": "enumTable",
            "from": {"liveState": "stance"},
            "table": {"guarded": -1, "reckless": 2},
            "default": 0,
        }
    )
    pkg["resolution"]["adjust"] = [{"value": {"derived": "stance_brawn"}, "abilities": ["brawn"]}]
    pkg["rests"][0]["restore"].append({"state": "stance", "to": "default"})
    assert problems_of(pkg) == []


def test_harm_track_example_and_its_rest_steps():
    pkg = minimal_package()
    pkg["sheet"]["live"]["tracks"].append(HARM)
    pkg["resolution"]["penaltyFrom"] = "harm"
    pkg["sheet"]["derived"].append(
        {"id": "harm_left", "label": "Harm still to take", "op": "sum", "of": [{"liveTrack": "harm", "read": "remaining"}]}
    )
    pkg["rests"].append(
        {
            "id": "breather",
            "label": "Catch your breath",
            "restore": [{"track": "harm", "kind": "knock", "to": "min"}, {"track": "harm", "by": {"const": -2}}],
        }
    )
    assert problems_of(pkg) == []
    assert Track.model_validate(HARM).is_harm


def test_numbered_boxes_example():
    pkg = minimal_package()
    pkg["sheet"]["derived"].append(
        {"id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{"const": 2}, {"abilityMod": "wits"}]}
    )
    pkg["sheet"]["live"]["tracks"].append(STRAIN)
    assert problems_of(pkg) == []


def test_levels_added_by_a_list():
    pkg = minimal_package()
    pkg["sheet"]["lists"].append(
        {
            "id": "scars",
            "label": "Scars",
            "maxItems": 4,
            "columns": [
                {"id": "name", "label": "Scar", "type": "text", "maxLength": 60, "required": True},
                {"id": "levels", "label": "Levels", "type": "number", "min": 1, "max": 2, "default": 1},
                {"id": "penalty", "label": "Penalty", "type": "number", "min": -3, "max": 0, "default": -1},
            ],
        }
    )
    pkg["sheet"]["live"]["tracks"].append(
        {**HARM, "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"}}
    )
    assert problems_of(pkg) == []


def test_hide_when_cap_and_list_sum_examples():
    pkg = minimal_package()
    pkg["sheet"]["fields"] += [
        {"id": "watch", "label": "Watch", "type": "enum", "values": ["dusk", "night", "dawn"], "default": "night"},
        {
            "id": "lantern", "label": "Lantern oil", "type": "number", "min": 0, "max": 6, "default": 3,
            "hideWhen": {"field": "watch", "notEquals": "night"},
        },
    ]
    pkg["sheet"]["skills"][0]["cap"] = {"livePool": "luck"}
    pkg["sheet"]["lists"][0]["columns"] += [
        {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 3, "default": 0},
        {"id": "packed", "label": "Packed", "type": "boolean", "default": True},
    ]
    pkg["sheet"]["derived"].append(
        {"id": "burden", "label": "Burden", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "bulk", "onlyWhen": "packed"}}]}
    )
    pkg["sheet"]["live"]["pools"][1]["hideWhen"] = {"field": "watch", "in": ["dusk", "dawn"]}
    assert problems_of(pkg) == []


def test_track_max_from_a_field_and_always_show():
    pkg = minimal_package()
    pkg["sheet"]["fields"].append({"id": "willpower_rating", "label": "Willpower", "type": "number", "min": 1, "max": 10, "default": 3})
    pkg["sheet"]["live"]["tracks"].append(
        {"id": "willpower", "label": "Willpower", "min": 0, "max": {"field": "willpower_rating"}, "default": 0, "alwaysShow": True}
    )
    assert problems_of(pkg) == []


def test_every_derived_op():
    pkg = minimal_package()
    pkg["sheet"]["fields"].append({"id": "level", "label": "Level", "type": "number", "min": 1, "max": 20, "default": 1})
    pkg["sheet"]["derived"] += [
        {"id": "low", "label": "Low", "op": "min", "of": [{"field": "toughness"}, {"const": 3}]},
        {"id": "high", "label": "High", "op": "max", "of": [{"field": "toughness"}, {"const": 3}]},
        {"id": "half", "label": "Half", "op": "scale", "of": {"field": "level"}, "multiplier": 0.5, "round": "up"},
        {"id": "prof", "label": "Proficiency", "op": "stepTable", "from": {"field": "level"}, "table": [[1, 2], [5, 3], [9, 4]]},
        {"id": "hp_bonus", "label": "HP bonus", "op": "multiply", "of": [{"abilityMod": "brawn"}, {"field": "level"}]},
    ]
    assert problems_of(pkg) == []


def test_suggestions_pick_and_a_rolled_column():
    pkg = minimal_package()
    pkg["sheet"]["derived"].append({"id": "enemies", "label": "Favored enemies", "op": "sum", "of": [{"const": 2}]})
    pkg["sheet"]["fields"].append(
        {
            "id": "favored", "label": "Favored enemy", "type": "text", "maxLength": 200,
            "suggestions": ["beasts", "fey", "undead"], "pick": {"derived": "enemies"},
        }
    )
    pkg["sheet"]["lists"][0]["columns"] += [
        {"id": "die", "label": "Die", "type": "enum", "values": ["d6", "d8"]},
        {"id": "hp", "label": "HP", "type": "number", "min": 1, "max": 8, "roll": {"count": 1, "sides": {"column": "die"}}},
        {"id": "hp2", "label": "HP", "type": "number", "min": 1, "max": 8, "roll": {"count": 1, "sides": 8}},
    ]
    # The editor's chips and Roll buttons are refused for now (issue 19: this engine has no
    # sheet editor); the rolled columns' own rules hold (no other line).
    field = f"sheet.fields[{len(pkg['sheet']['fields']) - 1}]"
    assert problems_of(pkg) == [refused(f"{field}.suggestions"), refused(f"{field}.pick"),
                                refused("sheet.lists[0].columns[4].roll"), refused("sheet.lists[0].columns[5].roll")]


def test_sheet_keys_are_accepted_at_the_api_that_introduced_them():
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 42}
    pkg["sheet"]["live"]["states"] = [STANCE]
    pkg["sheet"]["derived"].append(
        {"id": "strain_boxes", "label": "Strain boxes", "op": "sum", "of": [{"const": 2}]}
    )
    pkg["sheet"]["live"]["tracks"].append(STRAIN)
    pkg["sheet"]["sections"][0]["untrained"] = {"by": -1}
    assert problems_of(pkg) == []


@needs_upstream
@pytest.mark.parametrize(
    "name, harm_tracks",
    [("ember-roads.json", ["strain"]), ("gravewatch.json", ["harm"]), ("ruleset-5e-2014.example.json", [])],
)
def test_upstream_sheets(name, harm_tracks):
    pkg = load_package(json.loads((UPSTREAM / name).read_text()))
    assert [t.id for t in pkg.sheet.live.tracks if t.is_harm] == harm_tracks
