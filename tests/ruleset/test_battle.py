"""Refusals of the `battle` bridge (spec/combat-1 "Battle: lending a sheet to Marinara's
combat"): health and energy are different live pools, slots are live pools each used once,
at most eight skills lists, and `alwaysWhen` only beside `onlyWhen`."""

from __future__ import annotations

from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.test_combat_examples import d20_package


def with_battle(battle, package=minimal_package):
    p = package()
    p["battle"] = battle
    return p


def test_bridge_is_valid():
    assert problems_of(with_battle({"health": {"pool": "grit"}, "energy": {"pool": "luck"}, "skills": [{"list": "gear"}]})) == []


def test_health_is_required():
    assert problems_of(with_battle({"energy": {"pool": "luck"}})) == ["battle.health: required"]


def test_health_unknown_pool():
    assert problems_of(with_battle({"health": {"pool": "hp"}})) == ['battle.health.pool: unknown pool "hp"']


def test_health_is_not_a_track():
    assert problems_of(with_battle({"health": {"track": "heat"}})) == [
        'battle.health: the battle bridge lends a live pool, not a track: write { "pool": ... }'
    ]


def test_health_pool_naming_a_track():
    assert problems_of(with_battle({"health": {"pool": "heat"}})) == ['battle.health.pool: "heat" is a track, not a pool']


def test_health_is_not_a_list_of_pools():
    p = with_battle({"health": {"pool": "gear"}})
    assert problems_of(p) == ['battle.health.pool: "gear" is a list, not a pool of "sheet.live.pools"']


def test_energy_differs_from_health():
    assert problems_of(with_battle({"health": {"pool": "grit"}, "energy": {"pool": "grit"}})) == [
        'battle.energy: "energy" must be a different pool from "health" (both name "grit"): combat cannot burn health as fuel'
    ]


def test_energy_unknown_pool():
    assert problems_of(with_battle({"health": {"pool": "grit"}, "energy": {"pool": "mana"}})) == [
        'battle.energy.pool: unknown pool "mana"'
    ]


def test_slot_levels_1_to_9():
    p = with_battle({"health": {"pool": "hp"}, "slots": [{"pool": "slots_1", "level": 10}]}, d20_package)
    assert problems_of(p) == ["battle.slots[0].level: must be at most 9, not 10"]


def test_slot_level_used_once():
    p = with_battle(
        {"health": {"pool": "hp"}, "slots": [{"pool": "slots_1", "level": 1}, {"pool": "blood", "level": 1}]}, d20_package
    )
    assert problems_of(p) == ["battle.slots: level 1 is used twice (entries 0 and 1); each level is used only once"]


def test_slot_pool_used_once():
    p = with_battle(
        {"health": {"pool": "hp"}, "slots": [{"pool": "slots_1", "level": 1}, {"pool": "slots_1", "level": 2}]}, d20_package
    )
    assert problems_of(p) == ['battle.slots: pool "slots_1" is used twice (entries 0 and 1); each pool is used only once']


def test_slot_pool_is_not_health():
    p = with_battle({"health": {"pool": "hp"}, "slots": [{"pool": "hp", "level": 1}]}, d20_package)
    assert problems_of(p) == ['battle: slot pool "hp" is already used as health; each pool is used only once']


def test_at_most_eight_skills_lists():
    assert problems_of(with_battle({"health": {"pool": "grit"}, "skills": [{"list": "gear"}] * 9})) == [
        "battle.skills: has more than 8 item(s)"
    ]


def test_skills_list_unknown():
    assert problems_of(with_battle({"health": {"pool": "grit"}, "skills": [{"list": "knacks"}]})) == [
        'battle.skills[0].list: unknown list "knacks"'
    ]


def test_always_when_needs_only_when():
    p = with_battle({"health": {"pool": "hp"}, "skills": [{"list": "spells", "alwaysWhen": {"column": "level", "equals": 0}}]}, d20_package)
    assert problems_of(p) == ['battle.skills[0].alwaysWhen: "alwaysWhen" is an exception to "onlyWhen", so it is rejected without "onlyWhen"']


def test_only_when_is_a_boolean_column():
    p = with_battle({"health": {"pool": "hp"}, "skills": [{"list": "spells", "onlyWhen": "name"}]}, d20_package)
    assert problems_of(p) == ['battle.skills[0].onlyWhen: column "name" in list "spells" is a text column, not a boolean column']


def test_always_when_column_exists():
    p = with_battle(
        {"health": {"pool": "hp"}, "skills": [{"list": "spells", "onlyWhen": "prepared", "alwaysWhen": {"column": "tier", "equals": 0}}]},
        d20_package,
    )
    assert problems_of(p) == ['battle.skills[0].alwaysWhen.column: unknown column "tier" in list "spells"']


def test_always_when_value_fits_column():
    p = with_battle(
        {"health": {"pool": "hp"}, "skills": [{"list": "spells", "onlyWhen": "prepared", "alwaysWhen": {"column": "prepared", "equals": 0}}]},
        d20_package,
    )
    assert problems_of(p) == [
        'battle.skills[0].alwaysWhen.equals: 0 cannot be held by a boolean column ("prepared") of list "spells", so it never matches'
    ]


def test_unknown_key_in_bridge():
    assert problems_of(with_battle({"health": {"pool": "grit"}, "attack": {"pool": "luck"}})) == ["battle.attack: unknown key"]
