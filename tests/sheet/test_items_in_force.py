"""The computed sheet's `items`: each worn, carried or unmet-requirement effect in force, as
the fight reads them (tests/combat/test_item_effects.py plays them), on Gravewatch's and
Ember Roads' own items."""

from __future__ import annotations

import json

from shared.sheet.output import compute_sheet_json
from tests.combat.kit import FIXTURES, UPSTREAM, ruleset


def _ada(sinew: int, spade_worn: bool) -> dict:
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    sheet = json.loads((FIXTURES / "gravewatch-party.json").read_text())[0]["sheet"]
    sheet["abilities"]["sinew"] = sinew
    sheet["live"] = {"items": [{"item": "kit/grave-spade", "worn": spade_worn}, {"item": "kit/dawn-bell", "worn": True, "bound": True}]}
    return compute_sheet_json(ruleset(pkg), sheet)


BELL = {"item": "kit/dawn-bell", "name": "Dawn bell", "while": "worn",
        "modifiers": [{"to": "checks", "flat": 1, "skills": ["ward"]}]}


def test_the_sheet_shows_an_unmet_requirement_with_the_value_it_read():
    # Sinew 2 is under the grave spade's 3: its `otherwise` (- 1 to Dig) is in force.
    assert _ada(2, True)["items"] == [
        {"item": "kit/grave-spade", "name": "Grave spade", "while": "requirement unmet",
         "requires": {"value": {"abilityScore": "sinew"}, "read": 2, "atLeast": 3},
         "modifiers": [{"to": "checks", "flat": -1, "skills": ["dig"]}]},
        BELL,
    ]


def test_a_met_requirement_or_a_spade_not_in_hand_shows_nothing_for_it():
    assert _ada(3, True)["items"] == [BELL]
    assert _ada(2, False)["items"] == [BELL]


def test_ember_roads_worn_coat_and_carried_waystone():
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    sheet = json.loads((FIXTURES / "ember-party.json").read_text())[0]["sheet"]
    sheet["live"] = {"items": [{"item": "outfitter/leather-coat", "worn": True}, {"item": "outfitter/waystone"},
                               {"item": "outfitter/ox-hide-gauntlets", "worn": False}]}
    # The gauntlets sit in the pack: nothing of theirs is in force.
    assert compute_sheet_json(ruleset(pkg), sheet)["items"] == [
        {"item": "outfitter/leather-coat", "name": "Leather coat", "while": "worn",
         "modifiers": [{"to": "checks", "flat": -1, "skills": ["sneak"]}]},
        {"item": "outfitter/waystone", "name": "Waystone", "while": "carried",
         "modifiers": [{"to": "checks", "flat": 1, "skills": ["sway"]}]},
    ]


def test_a_carried_ability_change_holds_without_being_worn():
    pkg = json.loads((UPSTREAM / "ember-roads.json").read_text())
    outfitter = next(c for c in pkg["catalogs"] if c["id"] == "outfitter")
    outfitter["entries"].append({"id": "hearth-coal", "label": "Hearth coal", "summary": "A coal that never cools.",
                                 "item": {"category": "gear", "carried": {"abilities": {"heart": {"add": 1}}}}})
    sheet = json.loads((FIXTURES / "ember-party.json").read_text())[0]["sheet"]
    bare = compute_sheet_json(ruleset(pkg), sheet)
    sheet["live"] = {"items": [{"item": "outfitter/hearth-coal"}]}
    out = compute_sheet_json(ruleset(pkg), sheet)
    # Juno's Heart 0 + 1 = 1 in her pocket, the same as worn gauntlets' Brawn would be.
    assert (bare["abilities"]["heart"]["score"], out["abilities"]["heart"]["score"]) == (0, 1)
    assert out["items"] == [{"item": "outfitter/hearth-coal", "name": "Hearth coal", "while": "carried",
                             "abilities": {"heart": {"add": 1}}}]
