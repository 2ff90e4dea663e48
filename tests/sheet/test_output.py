"""`compute_sheet_json`: the public shape `battle sheet` prints."""

from __future__ import annotations

import json

from shared.sheet import Character, compute_sheet_json
from shared.ruleset import load_package
from tests.sheet.packages import d20, roads, roads_data

ROADS = roads()
D20 = d20()

PUBLIC_KEYS = ["abilities", "skills", "saves", "fields", "derived", "pools", "tracks", "conditions"]


def test_the_public_keys_come_first_in_order():
    out = compute_sheet_json(ROADS, {"name": "Juno", "sheet": {}})
    assert list(out)[: len(PUBLIC_KEYS)] == PUBLIC_KEYS
    assert json.loads(json.dumps(out)) == out


def test_the_toll_warden_shape():
    warden = Character(
        "Toll Warden",
        {"abilities": {"brawn": 2, "wits": 1, "heart": 1}, "skills": {"scrap": "trained"}, "fields": {"toughness": 3}},
    )
    out = compute_sheet_json(ROADS, warden)
    assert out["abilities"]["brawn"] == {"score": 2, "mod": 2}
    assert out["skills"]["scrap"] == 3
    assert out["skills"]["tinker"] == -1
    assert "dig" not in out["skills"] and out["untrained"]["dig"] == "refuse"
    assert out["saves"] == {"steel": 1}
    assert out["fields"]["toughness"] == 3 and out["fields"]["watch"] == "night"
    assert out["derived"]["grit_max"] == 9 and out["derived"]["guard"] == 7
    assert out["pools"]["grit"] == {"current": 9, "max": 9}
    assert out["pools"]["luck"] == {"current": 3, "max": 3}
    assert "resolve" not in out["pools"]
    assert out["tracks"] == {"heat": 0, "harm": 0, "strain": 0}
    assert out["conditions"] == []
    assert out["states"] == {"stance": "steady", "light": "lit"}
    assert out["tiers"]["skills"]["scrap"] == "trained"
    assert out["harm"]["strain"] == {
        "marks": [], "overflow": 0, "penalty": 0, "length": 3, "level": None, "levels": ["1", "2", "3"],
    }


def test_live_state_shows_in_the_json():
    sheet = {
        "live": {
            "pools": {"grit": 2},
            "tracks": {"heat": 4},
            "marks": {"harm": ["tear", "knock"]},
            "conditions": ["wounded", "shaken"],
            "states": {"stance": "reckless"},
            "text": {"note": "the bridge"},
        }
    }
    out = compute_sheet_json(ROADS, sheet)
    assert out["pools"]["grit"] == {"current": 2, "max": 6}
    assert out["tracks"]["heat"] == 4 and out["tracks"]["harm"] == 2
    assert out["conditions"] == ["shaken", "wounded"]
    assert out["derived"]["stance_brawn"] == 2 and out["derived"]["harm_left"] == 2
    assert out["harm"]["harm"]["level"] == "Winded" and out["penalty"] == -1
    assert out["text"] == {"note": "the bridge"}


def test_temporary_points_and_numbers_as_whole_numbers():
    out = compute_sheet_json(D20, {"fields": {"level": 5}, "abilities": {"con": 14}, "live": {"temp": {"hp": 3}}})
    assert out["pools"]["hp"] == {"current": 8, "max": 8, "temp": 3}
    assert out["derived"]["half_level"] == 3 and isinstance(out["derived"]["half_level"], int)
    assert out["proficiencyBonus"] == 3


def test_sections_list_what_the_game_sheet_shows_under_each_heading():
    # Brawn and the Lantern oil field put under headings; Lantern oil is hidden at dusk
    # (hideWhen watch notEquals night), so it is not shown under About then.
    data = roads_data()
    data["sheet"]["abilities"][0]["section"] = "labour"
    data["sheet"]["fields"][2]["section"] = "about"
    pkg = load_package(data)
    about = {"id": "about", "label": "About", "fields": ["toughness"], "derived": ["grit_max", "guard"], "lists": ["gear"]}
    labour = {"id": "labour", "label": "Labour", "abilities": ["brawn"], "skills": ["haul", "dig"]}
    assert compute_sheet_json(pkg, {"fields": {"watch": "dusk"}})["sections"] == [about, labour]
    night = compute_sheet_json(pkg, {"fields": {"watch": "night"}})["sections"]
    assert night[0]["fields"] == ["toughness", "lantern"]


def test_a_sheet_without_sections_prints_as_before():
    assert "sections" not in compute_sheet_json(D20, {})
