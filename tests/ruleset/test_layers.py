"""Layers only narrow and append: every id and value they name must already be in the
package, and their ladder takes the shape of the ruleset's own resolution kind."""

from __future__ import annotations

import copy
import json

import pytest

from shared.ruleset import load_package
from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import minimal_package, problems_of

CALLING = {
    "id": "calling",
    "label": "Calling",
    "type": "enum",
    "values": ["warden", "tinker", "drifter", "none"],
    "default": "warden",
    "section": "about",
}

KNACKS = {
    "id": "knacks",
    "label": "Knacks",
    "feeds": ["gear"],
    "filters": [
        {"id": "grit", "label": "Grit cost", "type": "number"},
        {"id": "road", "label": "Road", "type": "text"},
    ],
    "entries": [],
}

HARD_WINTER = {
    "id": "hard_winter",
    "label": "Hard winter",
    "summary": "Everything is harder.",
    "conflicts": ["mild_spring"],
    "gm": {"guidance": "Hard winter is on.", "worldGuidance": "Build a world locked in a long cold."},
    "fields": [{"id": "calling", "removeValues": ["drifter"]}],
    "difficultyLadder": [{"label": "Easy", "dc": 7}, {"label": "Hard", "dc": 11}],
    "catalogs": [{"id": "knacks", "hide": {"filter": "grit", "above": 0}}],
}

MILD_SPRING = {"id": "mild_spring", "label": "Mild spring"}


def layered(edit=None, *more) -> dict:
    pkg = minimal_package()
    pkg["sheet"]["fields"].append(copy.deepcopy(CALLING))
    pkg["catalogs"] = [copy.deepcopy(KNACKS)]
    layer = copy.deepcopy(HARD_WINTER)
    if edit is not None:
        edit(layer)
    pkg["layers"] = [layer, copy.deepcopy(MILD_SPRING), *copy.deepcopy(list(more))]
    return pkg


# ---------------------------------------------------------------------------
# What validates
# ---------------------------------------------------------------------------


def test_a_layer_that_narrows_and_appends():
    layers = load_package(layered()).layers
    assert [layer.id for layer in layers] == ["hard_winter", "mild_spring"]
    assert layers[0].catalogs[0].hide.test == "above"


@needs_upstream
@pytest.mark.parametrize("name", ["ember-roads.json", "gravewatch.json", "ruleset-5e-2014.example.json"])
def test_upstream_layers_read_whole(name):
    data = json.loads((UPSTREAM / name).read_text())
    assert [layer.id for layer in load_package(data).layers] == [layer["id"] for layer in data["layers"]]


def test_layer_default_replaces_a_removed_default():
    def edit(layer):
        layer["fields"] = [{"id": "calling", "removeValues": ["warden"], "default": "tinker"}]
    assert problems_of(layered(edit)) == []


def test_pool_ladder_in_a_pool_ruleset():
    pkg = layered(lambda layer: layer.__setitem__("difficultyLadder", [{"label": "Grim", "successes": 4, "target": 9}]))
    pkg["resolution"] = {
        "kind": "dice-pool",
        "abilityModifier": {"op": "identity"},
        "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}, {"id": "trained", "label": "Trained", "flat": 1}],
        "target": {"default": 7, "min": 5, "max": 9},
        "difficultyLadder": [{"label": "Grim", "successes": 3, "target": 8}],
    }
    assert problems_of(pkg) == []


# ---------------------------------------------------------------------------
# Refusals
# ---------------------------------------------------------------------------


def test_layer_ids_are_unique():
    pkg = layered(None, {"id": "hard_winter", "label": "Harder winter"})
    assert problems_of(pkg) == ['layers[2].id: layer id "hard_winter" is used twice']


def test_conflicts_name_other_layers():
    assert problems_of(layered(lambda layer: layer.__setitem__("conflicts", ["summer"]))) == [
        'layers[0].conflicts[0]: unknown layer "summer"'
    ]


def test_a_layer_does_not_conflict_with_itself():
    assert problems_of(layered(lambda layer: layer.__setitem__("conflicts", ["hard_winter"]))) == [
        'layers[0]: layer "hard_winter" names itself in "conflicts"'
    ]


def test_at_most_twelve_layers():
    more = [{"id": f"extra_{i}", "label": f"Extra {i}"} for i in range(11)]
    assert problems_of(layered(None, *more)) == ["layers: has 13 layers; at most 12 are allowed"]


def test_summary_at_most_300_characters():
    assert problems_of(layered(lambda layer: layer.__setitem__("summary", "x" * 301))) == [
        "layers[0].summary: is longer than 300 characters"
    ]


def test_removed_field_must_exist():
    assert problems_of(layered(lambda layer: layer["fields"][0].__setitem__("id", "class"))) == [
        'layers[0].fields[0].id: unknown field "class"'
    ]


def test_values_are_removed_only_from_enum_fields():
    assert problems_of(layered(lambda layer: layer["fields"][0].__setitem__("id", "toughness"))) == [
        'layers[0].fields[0].id: "toughness" is a number field; a layer removes values only from an enum field'
    ]


def test_removed_value_is_one_the_field_offers():
    assert problems_of(layered(lambda layer: layer["fields"][0].__setitem__("removeValues", ["bard"]))) == [
        'layers[0].fields[0].removeValues[0]: "bard" is not a value of field "calling"'
    ]


def test_layer_default_is_a_kept_value():
    def edit(layer):
        layer["fields"][0]["removeValues"] = ["warden", "tinker", "drifter", "none"]
        layer["fields"][0]["default"] = "warden"
    assert problems_of(layered(edit)) == [
        'layers[0].fields[0].default: "default" "warden" is one of the values the layer removes'
    ]


def test_removing_every_value_is_refused():
    def edit(layer):
        layer["fields"][0]["removeValues"] = ["warden", "tinker", "drifter", "none"]
    assert problems_of(layered(edit)) == ['layers[0].fields[0].removeValues: removes every value of field "calling"']


def test_removing_the_default_needs_a_new_one():
    assert problems_of(layered(lambda layer: layer["fields"][0].__setitem__("removeValues", ["warden"]))) == [
        'layers[0].fields[0].removeValues: removes "warden", the default of field "calling", so "default" must name a value it keeps'
    ]


def test_a_value_hide_when_compares_against_cannot_be_removed():
    pkg = layered(lambda layer: layer["fields"][0].__setitem__("removeValues", ["none"]))
    pkg["sheet"]["live"]["pools"][1]["hideWhen"] = {"field": "calling", "equals": "none"}
    assert problems_of(pkg) == [
        'layers[0].fields[0].removeValues[0]: "none" cannot be removed: a "hideWhen" rule compares field "calling" against it'
    ]


def test_removed_values_listed_once():
    assert problems_of(layered(lambda layer: layer["fields"][0].__setitem__("removeValues", ["drifter", "drifter"]))) == [
        'layers[0].fields[0].removeValues: value "drifter" is listed twice'
    ]


def test_hidden_catalog_must_exist():
    assert problems_of(layered(lambda layer: layer["catalogs"][0].__setitem__("id", "spells"))) == [
        'layers[0].catalogs[0].id: unknown catalog "spells"'
    ]


def test_hide_filter_must_exist():
    assert problems_of(layered(lambda layer: layer["catalogs"][0]["hide"].__setitem__("filter", "level"))) == [
        'layers[0].catalogs[0].hide.filter: unknown filter "level" in catalog "knacks"'
    ]


def test_above_needs_a_number_filter():
    assert problems_of(layered(lambda layer: layer["catalogs"][0].__setitem__("hide", {"filter": "road", "above": 1}))) == [
        'layers[0].catalogs[0].hide.above: "above" needs a number filter, and "road" is a text filter'
    ]


def test_hide_by_exactly_one_test():
    def edit(layer):
        layer["catalogs"][0]["hide"] = {"filter": "grit", "above": 0, "below": 3}
    assert problems_of(layered(edit)) == [
        'layers[0].catalogs[0].hide: give exactly one of "above", "below", "equals", "notIn" (found above, below)'
    ]


def test_ladder_in_the_shape_of_the_resolution_kind():
    assert problems_of(layered(lambda layer: layer.__setitem__("difficultyLadder", [{"label": "Grim", "successes": 3}]))) == [
        'layers[0].difficultyLadder[0].successes: the resolution is dice-sum, so a ladder step gives "dc", not "successes"'
    ]


def test_ladder_steps_share_one_shape():
    ladder = [{"label": "Easy", "dc": 7}, {"label": "Grim", "successes": 3}]
    assert problems_of(layered(lambda layer: layer.__setitem__("difficultyLadder", ladder))) == [
        "layers[0].difficultyLadder: every step gives the same key (dc, successes are mixed)"
    ]


def test_ladder_step_gives_one_difficulty():
    assert problems_of(layered(lambda layer: layer.__setitem__("difficultyLadder", [{"label": "Easy", "dc": 7, "dice": 1}]))) == [
        'layers[0].difficultyLadder[0]: a ladder step gives exactly one of "dc" (dice-sum), "successes" (dice-pool) '
        'or "dice" (symbol-pool) (found dc, dice)'
    ]


def test_pool_ladder_target_within_the_resolution_target():
    pkg = layered(lambda layer: layer.__setitem__("difficultyLadder", [{"label": "Grim", "successes": 4, "target": 10}]))
    pkg["resolution"] = {
        "kind": "dice-pool",
        "die": {"sides": 10},
        "abilityModifier": {"op": "identity"},
        "proficiencyTiers": [{"id": "untrained", "label": "Untrained"}],
        "target": {"default": 7, "min": 5, "max": 9},
        "difficultyLadder": [{"label": "Grim", "successes": 3}],
    }
    assert problems_of(pkg) == [
        'layers[0].difficultyLadder[0].target: target 10 is outside "resolution.target" 5 to 9'
    ]


def test_layer_guidance_at_most_4000_characters():
    assert problems_of(layered(lambda layer: layer["gm"].__setitem__("guidance", "x" * 4001))) == [
        "layers[0].gm.guidance: is longer than 4000 characters"
    ]


def test_symbol_ladder_upgrades_need_an_upgrade_die():
    from tests.ruleset.test_resolution import symbol_resolution

    res = symbol_resolution()
    del res["difficulty"]["upgrade"]
    res["dice"] = [d for d in res["dice"] if d["id"] != "challenge"]
    pkg = layered(lambda layer: layer.__setitem__("difficultyLadder", [{"label": "Hard", "dice": 3, "upgrades": 1}]))
    pkg["resolution"] = res
    assert problems_of(pkg) == ['layers[0].difficultyLadder[0].upgrades: needs a "resolution.difficulty.upgrade" die']
