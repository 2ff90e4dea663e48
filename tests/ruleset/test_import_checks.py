"""Import checks upstream makes (issue 19, "No rule silently ignored"): each is a package
the engine would otherwise accept and then play wrong. Each is planted in a real package
(tests/data/upstream) and refused with one `path: message` line at the key."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.conftest import EXAMPLES, UPSTREAM, UPSTREAM_PACKAGES
from tests.ruleset.minimal import problems_of
from tests.ruleset.srd import srd_package


def upstream(name: str) -> dict[str, Any]:
    return json.loads((UPSTREAM / name).read_text())


def _track(pkg: dict[str, Any], track_id: str) -> dict[str, Any]:
    return next(t for t in pkg["sheet"]["live"]["tracks"] if t["id"] == track_id)


def test_a_health_pool_that_starts_empty_is_refused():
    pkg = upstream("ember-roads.json")
    del pkg["battle"]  # the bridge's own health is the next test's
    next(p for p in pkg["sheet"]["live"]["pools"] if p["id"] == "grit")["start"] = "empty"
    assert problems_of(pkg) == [
        'combat.health.pool: pool "grit" starts empty, so every combatant would start the fight down'
    ]


def test_a_battle_health_pool_that_starts_empty_is_refused():
    pkg = upstream("ruleset-5e-2014.example.json")
    next(p for p in pkg["sheet"]["live"]["pools"] if p["id"] == "hp")["start"] = "empty"
    assert pkg["battle"]["health"]["pool"] == "hp"
    assert problems_of(pkg) == [
        'battle.health.pool: pool "hp" starts empty, so every combatant would start the fight down',
        'combat.health.pool: pool "hp" starts empty, so every combatant would start the fight down',
    ]


def test_a_death_save_track_with_no_room_to_count_is_refused():
    # The 5e example counts failures on 0..3; starting at 3 leaves no roll to count.
    pkg = upstream("ruleset-5e-2014.example.json")
    _track(pkg, "death_save_failures")["default"] = 3
    assert problems_of(pkg) == [
        'combat.dying.failures: the track "death_save_failures" starts at 3 and its "max" is 3, '
        "so it has no room to count rolls"
    ]


def test_a_death_save_track_of_one_value_is_refused():
    pkg = upstream("ruleset-5e-2014.example.json")
    _track(pkg, "death_save_successes")["max"] = 0
    assert problems_of(pkg) == [
        'combat.dying.successes: the track "death_save_successes" starts at 0 and its "max" is 0, '
        "so it has no room to count rolls"
    ]


def test_a_bestiary_entry_with_rows_and_a_creature_is_refused():
    pkg = upstream("ember-roads.json")
    bestiary = next(i for i, c in enumerate(pkg["catalogs"]) if c.get("holds") == "creatures")
    pkg["catalogs"][bestiary]["entries"][0]["rows"] = [{"list": "gear", "values": {"name": "Jackal pelt"}}]
    assert problems_of(pkg) == [
        f"catalogs[{bestiary}].entries[0].rows: a bestiary entry holds a creature, and writes no rows onto a sheet"
    ]


def test_a_break_free_contest_that_applies_the_hold_it_breaks_is_refused():
    pkg = upstream("ember-roads.json")
    i = next(i for i, c in enumerate(pkg["combat"]["contests"]) if c["id"] == "break_free")
    pkg["combat"]["contests"][i]["onWin"]["applies"] = [{"condition": "held"}]
    assert problems_of(pkg) == [
        f'combat.contests[{i}].onWin.applies[0].condition: the contest breaks free of "held", '
        'so winning it cannot put "held" on the loser'
    ]


def test_a_pool_damage_target_above_the_die_is_refused():
    # Gravewatch throws d10s: a damage target of 11 is a face no die shows.
    pkg = upstream("gravewatch.json")
    pkg["combat"]["pool"]["damageTarget"] = 11
    assert problems_of(pkg) == [
        "combat.pool.damageTarget: 11 is above the die's 10 sides, so no damage or soak die could count"
    ]
    pkg["combat"]["pool"]["damageTarget"] = 10
    assert problems_of(pkg) == []


def test_a_track_level_above_the_top_is_refused():
    # Ember Roads' Heat runs 0..5; a level at 6 is never reached.
    pkg = upstream("ember-roads.json")
    pkg["combat"]["levels"][1]["at"] = 6
    assert problems_of(pkg) == [
        'combat.levels[1].at: 6 is above the top of the track "heat" (5), so the level is never reached'
    ]
    pkg["combat"]["levels"][1]["at"] = 5
    assert problems_of(pkg) == []


# Every check of issue 19 (these, prompt-safe text, catalog rows and scaled columns, error
# paths) leaves every real package and the project's example as valid as it was.


@pytest.mark.parametrize("name", UPSTREAM_PACKAGES)
def test_upstream_packages_still_validate(name):
    assert problems_of(json.loads((UPSTREAM / name).read_text())) == []


def test_the_5e_srd_sample_still_validates():
    assert problems_of(srd_package()) == []


def test_the_example_package_still_validates():
    assert problems_of(json.loads((EXAMPLES / "lantern-marsh.json").read_text())) == []
