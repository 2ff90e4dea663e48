"""Every number the sheet yields, with the spec's own numbers: on small packages built here
(no ../shared needed) and on the upstream rulesets when they are present."""

from __future__ import annotations

import json

import pytest

from shared.ruleset import load_package
from shared.sheet import SheetView, compute_sheet_json
from tests.conftest import UPSTREAM, needs_upstream
from tests.sheet.packages import d20, roads, roads_data, with_items

ROADS = roads()
D20 = d20()
ITEMS = with_items()


def view(ruleset, **sheet):
    return SheetView(ruleset, sheet)


# -- the Toll Warden --------------------------------------------------------------------


def test_toll_warden_grit_and_guard_on_the_test_package():
    v = view(ROADS, abilities={"brawn": 2, "wits": 1, "heart": 1}, fields={"toughness": 3})
    assert v.derived("grit_max") == 9
    assert v.derived("guard") == 7
    assert v.pool("grit")[1:] == (9, 0)


@needs_upstream
def test_toll_warden_grit_and_guard_upstream():
    data = json.loads((UPSTREAM / "ember-roads.json").read_text())
    ember = load_package(data)
    warden = next(e for c in data["catalogs"] for e in c["entries"] if e["id"] == "toll-warden")
    out = compute_sheet_json(ember, warden["creature"]["sheet"])
    assert out["derived"]["grit_max"] == 9
    assert out["derived"]["guard"] == 7
    assert out["pools"]["grit"] == {"current": 9, "max": 9}
    assert out["skills"]["sway"] == 2  # heart 1 + trained 1
    assert out["skills"]["tinker"] == -1  # wits 1, untrained by -2


# -- abilities, proficiency, skills and saves ----------------------------------------------


@pytest.mark.parametrize("level, bonus", [(1, 2), (4, 2), (5, 3), (8, 3), (9, 4), (13, 5), (16, 5), (17, 6), (20, 6)])
def test_proficiency_bonus_by_level(level, bonus):
    v = view(D20, fields={"level": level})
    assert v.proficiency_bonus() == bonus


@needs_upstream
@pytest.mark.parametrize("level, bonus", [(1, 2), (5, 3), (9, 4), (13, 5), (17, 6), (20, 6)])
def test_5e_proficiency_bonus_upstream(level, bonus):
    five = load_package(json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text()))
    out = compute_sheet_json(five, {"fields": {"level": level}, "skills": {"athletics": "proficient"}, "abilities": {"str": 16}})
    assert out["derived"]["proficiency_bonus"] == bonus
    assert out["skills"]["athletics"] == 3 + bonus


def test_floor_half_minus_ten_modifiers():
    v = view(D20, abilities={"str": 16, "dex": 9, "con": 1, "wis": 30})
    assert [v.mod(a) for a in ("str", "dex", "con", "wis")] == [3, -1, -5, 10]


@pytest.mark.parametrize("tier, level, expected", [("none", 5, 3), ("half", 5, 4), ("proficient", 5, 6), ("expertise", 5, 9), ("half", 1, 4)])
def test_tiers_multiply_the_bonus(tier, level, expected):
    v = view(D20, abilities={"str": 16}, skills={"athletics": tier}, fields={"level": level})
    assert v.check("skill", "athletics").number == expected


def test_skill_read_by_a_derived_value():
    v = view(D20, abilities={"wis": 14}, skills={"perception": "proficient"})
    assert v.derived("passive_perception") == 14


def test_save_tiers_offered_and_bonus():
    v = view(D20, abilities={"dex": 14}, saves={"dex_save": "proficient"}, bonuses={"dex_save": 1})
    assert v.check("save", "dex_save").number == 2 + 2 + 1


def test_untrained_rules():
    v = view(ROADS, abilities={"brawn": 2, "wits": 1}, skills={"scrap": "trained"})
    assert v.check("skill", "scrap").number == 3
    assert v.check("skill", "tinker").number == -1  # the skill's own rule: by -2
    assert v.check("skill", "haul").number == 1  # its section's rule: by -1
    dig = v.check("skill", "dig")
    assert dig.number is None and dig.untrained == "refuse"  # the skill's rule beats the section's


def test_trained_skill_ignores_the_untrained_rule():
    v = view(ROADS, abilities={"brawn": 2}, skills={"dig": "trained", "haul": "trained"})
    assert v.check("skill", "dig").number == 3
    assert v.check("skill", "haul").number == 3


def test_cap_reads_the_live_pool():
    sheet = {"abilities": {"heart": 3}, "skills": {"soothe": "trained"}}
    assert view(ROADS, **sheet).check("skill", "soothe").number == 3  # 4, capped at Luck 3
    spent = view(ROADS, **sheet, live={"pools": {"luck": 1}}).check("skill", "soothe")
    assert (spent.number, spent.uncapped, spent.cap) == (1, 4, 1)


def test_with_swap_is_capped_again():
    v = view(ROADS, abilities={"heart": 3, "brawn": -1}, skills={"soothe": "trained"}, live={"pools": {"luck": 2}})
    assert v.check_number("skill", "soothe", with_ability="brawn").number == 0
    assert v.check_number("skill", "soothe", with_ability="wits").number == 1
    assert v.check_number("skill", "soothe").number == 2


# -- fields, hideWhen, derived ops -------------------------------------------------------------


def test_fields_read_as_the_editor_shows_them():
    v = view(ROADS, fields={"watch": "noon"})
    assert v.field("watch") == "night"  # a value the ruleset does not offer reads as the default
    assert v.field("calling") == ""
    assert v.field("toughness") == 2


def test_hide_when_not_equals():
    assert compute_sheet_json(ROADS, {})["fields"]["lantern"] == 3
    out = compute_sheet_json(ROADS, {"fields": {"watch": "dawn"}})
    assert "lantern" not in out["fields"]
    assert "oil" not in out["pools"]
    assert {"lantern", "oil"} <= set(out["hidden"])


def test_list_sum_counts_packed_rows_and_defaults():
    gear = [
        {"name": "Rope", "bulk": 2},
        {"name": "Pick", "bulk": 3, "packed": True},
        {"name": "Lamp", "bulk": 3, "packed": False},
        {"name": "Knife"},
    ]
    v = view(ROADS, lists={"gear": gear})
    assert v.derived("burden") == 5
    assert v.derived("burdened") == -1
    assert v.check_number("ability", ability="brawn").adjust == -1
    assert v.check_number("ability", ability="wits").adjust == 0


def test_a_hidden_list_adds_nothing():
    data = roads_data()
    data["sheet"]["lists"][0]["hideWhen"] = {"field": "watch", "equals": "dusk"}
    pkg = load_package(data)
    gear = [{"name": "Rope", "bulk": 2}]
    assert view(pkg, lists={"gear": gear}).derived("burden") == 2
    assert view(pkg, lists={"gear": gear}, fields={"watch": "dusk"}).derived("burden") == 0


def test_enum_table_on_a_live_state_and_on_a_field():
    assert view(ROADS).derived("stance_brawn") == 0
    assert view(ROADS, live={"states": {"stance": "reckless"}}).derived("stance_brawn") == 2
    assert view(ROADS, live={"states": {"stance": "guarded"}}).check_number("ability", ability="brawn").adjust == -1
    assert view(ROADS, fields={"watch": "dawn"}).derived("dawn_luck") == 1
    assert view(ROADS, fields={"watch": "dusk"}).derived("dawn_luck") == 0


def test_hidden_state_reads_as_no_value():
    assert view(ROADS).state("light") == "lit"
    assert view(ROADS, fields={"watch": "dusk"}, live={"states": {"light": "out"}}).state("light") is None


def test_scale_multiply_min_max():
    v = view(D20, abilities={"str": 8, "dex": 14, "con": 14}, fields={"level": 5})
    assert v.derived("half_level") == 3  # 2.5 rounds to nearest: 3
    assert v.derived("con_hp") == 10
    assert v.derived("low") == -1
    assert v.derived("high") == 2


def test_ability_mod_from_an_enum_field():
    assert view(ROADS, abilities={"heart": 2}).derived("cast") == 0  # "none" is no ability
    assert view(ROADS, abilities={"heart": 2}, fields={"caster": "heart"}).derived("cast") == 2


# -- pools ---------------------------------------------------------------------------------------


def test_pools_start_full_or_empty_and_follow_their_maximum():
    v = view(ROADS, fields={"toughness": 4, "watch": "dawn"}, abilities={"brawn": 1})
    assert v.pool("grit")[1] == 9
    assert v.pool("resolve")[1] == 0  # start empty
    assert v.pool("luck")[1] == 3


def test_a_pool_whose_maximum_is_zero_is_not_on_the_sheet():
    assert view(ROADS).pool("resolve") is None
    assert view(D20).pool("slots_1") is None
    assert view(D20, fields={"slots_max_1": 2}).pool("slots_1")[1] == 2


def test_stored_pool_above_a_lowered_maximum_reads_as_the_maximum():
    assert view(ROADS, live={"pools": {"grit": 12}}).pool("grit")[1] == 6


def test_temporary_points():
    assert view(D20, live={"pools": {"hp": 5}, "temp": {"hp": 4}}).pool("hp")[1:] == (5, 4)


def test_list_row_pools():
    rows = [{"name": "Second Wind", "uses": 2, "recharge": "scene"}, {"name": "Lucky Break"}, {"name": "Broken", "uses": 0}]
    v = view(ROADS, lists={"tricks": rows}, live={"pools": {"tricks:second-wind": 1}})
    pools = v.pools()
    assert [k for k in pools if k.startswith("tricks:")] == ["tricks:second-wind", "tricks:lucky-break"]
    assert v.pool("tricks:second-wind")[1] == 1
    assert pools["tricks:lucky-break"].max == 1 and pools["tricks:lucky-break"].recharge == "camp"


# -- tracks ----------------------------------------------------------------------------------------


def test_plain_track_reads():
    v = view(ROADS, live={"tracks": {"heat": 2}})
    assert [v.track_read("heat", r) for r in ("value", "filled", "remaining", "penalty")] == [2, 2, 3, 0]


@pytest.mark.parametrize("marks, penalty", [([], 0), (["knock"], 0), (["knock"] * 2, -1), (["knock"] * 3, -3), (["knock"] * 4, -99)])
def test_harm_penalty_is_the_lowest_marked_level(marks, penalty):
    v = view(ROADS, live={"marks": {"harm": marks}})
    assert v.harm_penalty() == penalty
    assert v.derived("harm_left") == 4 - len(marks)
    assert v.check_number("skill", "scrap").penalty == penalty


def test_scars_lengthen_the_harm_track():
    scars = [{"name": "Old bite", "levels": 1, "penalty": -1}, {"name": "Burn", "levels": 2, "penalty": -2}]
    v = view(ROADS, lists={"scars": scars})
    info = v.track("harm")
    assert [label for label, _p in info.harm.levels] == ["Scuffed", "Winded", "Winded", "-2", "-2", "Bleeding", "Down"]
    assert [p for _l, p in info.harm.levels] == [0, -1, -1, -2, -2, -3, -99]
    assert v.derived("harm_left") == 7


def test_marks_beyond_a_shortened_track_are_overflow():
    v = view(ROADS, live={"marks": {"harm": ["tear"] * 5 + ["knock"]}})
    info = v.track("harm")
    assert info.state.marks == ("tear", "tear", "tear", "tear") and info.state.overflow == 2


def test_boxes_penalty_reads_remaining_boxes():
    assert view(ROADS, abilities={"heart": 1}).track("strain").max == 3
    full = view(ROADS, abilities={"heart": 1}, live={"marks": {"strain": ["strain"] * 3}})
    assert full.track("strain").penalty == -1
    assert view(ROADS, abilities={"heart": 1}, live={"marks": {"strain": ["strain", None, "strain"]}}).track("strain").penalty == 0


# -- items ----------------------------------------------------------------------------------------


def test_item_stat_reads_worn_carried_and_all():
    items = [
        {"item": "outfitter/leather-coat", "worn": True},
        {"item": "outfitter/hand-axe", "worn": True},
        {"item": "outfitter/mail"},
        {"item": "outfitter/rations", "quantity": 4},
    ]
    v = view(ITEMS, abilities={"wits": 1}, live={"items": items})
    assert v.derived("guard") == 8  # 6 + wits 1 + the worn coat's 1
    assert v.derived("bulk_all") == 3 + 1 + 4 + 4
    assert v.derived("bulk_packed") == 4 + 4
    assert v.derived("best_guard") == 2
    assert v.derived("armor_worn") == 1
    assert v.derived("thrown") == 1
    assert v.derived("in_hands") == 1


def test_item_stat_defaults_when_nothing_gives_it():
    v = view(ITEMS)
    assert v.derived("best_guard") == -1
    assert v.derived("guard") == 6


def test_worn_item_sets_an_ability_score():
    worn = {"live": {"items": [{"item": "outfitter/gauntlets", "worn": True}]}}
    assert view(ITEMS, abilities={"brawn": 0}, **worn).score("brawn") == 2
    assert view(ITEMS, abilities={"brawn": 3}, **worn).score("brawn") == 3
    assert view(ITEMS, abilities={"brawn": 0}, live={"items": [{"item": "outfitter/gauntlets"}]}).score("brawn") == 0


# -- upstream Gravewatch ------------------------------------------------------------------------------


@needs_upstream
def test_gravewatch_harm_penalties_and_soothe_cap():
    grave = load_package(json.loads((UPSTREAM / "gravewatch.json").read_text()))
    sheet = {"abilities": {"warmth": 4, "nerve": 3}, "skills": {"soothe": "rating_2"}}
    assert SheetView(grave, sheet).check("skill", "soothe").number == 5  # Resolve 2 + 3 = 5 caps 6
    for count, penalty, level in [(1, 0, "Scuffed"), (2, -1, "Winded"), (3, -3, "Bleeding"), (4, -99, "Down")]:
        v = SheetView(grave, {**sheet, "live": {"marks": {"harm": ["knock"] * count}}})
        assert (v.harm_penalty(), v.harm_level("harm")) == (penalty, level)
        assert v.derived("harm_left") == 4 - count
    lantern = compute_sheet_json(grave, {"fields": {"watch": "dawn"}})
    assert "lantern" in lantern["hidden"] and lantern["derived"]["resolve_max"] == 2 + 2 + 1
