"""Refusals of the character sheet: each test plants one defect in the minimal package and
asserts the exact `path: message` lines."""

from __future__ import annotations

from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.refused_keys import refused

HARM_TRACK = {
    "id": "harm",
    "label": "Harm",
    "min": 0,
    "max": 2,
    "levels": [{"label": "Scuffed", "penalty": 0}, {"label": "Winded", "penalty": -1}],
    "kinds": [{"id": "knock", "label": "K", "severity": 0}, {"id": "tear", "label": "T", "severity": 1}],
}


def with_track(track: dict) -> dict:
    pkg = minimal_package()
    pkg["sheet"]["live"]["tracks"].append(track)
    return pkg


def with_derived(entry: dict) -> dict:
    pkg = minimal_package()
    pkg["sheet"]["derived"].append(entry)
    return pkg


# -- value references ----------------------------------------------------------------


def test_derived_reads_undeclared_ability():
    pkg = minimal_package()
    pkg["sheet"]["derived"][1]["of"][1] = {"abilityMod": "heart"}
    assert problems_of(pkg) == ['sheet.derived[1].of[1].abilityMod: unknown ability "heart"']


def test_derived_read_before_it_is_declared():
    pkg = minimal_package()
    pkg["sheet"]["derived"][0]["of"].append({"derived": "guard"})
    assert problems_of(pkg) == ['sheet.derived[0].of[3].derived: derived value "guard" is read before it is declared']


def test_derived_reads_itself():
    pkg = minimal_package()
    pkg["sheet"]["derived"][1]["of"].append({"derived": "guard"})
    assert problems_of(pkg) == ['sheet.derived[1].of[2].derived: derived value "guard" reads itself']


def test_derived_reads_unknown_derived():
    pkg = minimal_package()
    pkg["sheet"]["live"]["pools"][1]["max"] = {"derived": "luck_max"}
    assert problems_of(pkg) == ['sheet.live.pools[1].max.derived: unknown derived value "luck_max"']


def test_field_reference_to_a_text_field():
    pkg = minimal_package()
    pkg["sheet"]["fields"].append({"id": "calling", "label": "Calling", "type": "text", "maxLength": 60})
    pkg["sheet"]["derived"][0]["of"].append({"field": "calling"})
    assert problems_of(pkg) == ['sheet.derived[0].of[3].field: "calling" is a text field, not a number field']


def test_list_sum_of_a_column_that_does_not_exist():
    pkg = with_derived({"id": "bulk", "label": "Bulk", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "dmg"}}]})
    assert problems_of(pkg) == ['sheet.derived[2].of[0].listSum.column: unknown column "dmg" in list "gear"']


def test_list_sum_of_a_text_column():
    pkg = with_derived({"id": "bulk", "label": "Bulk", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "name"}}]})
    assert problems_of(pkg) == [
        'sheet.derived[2].of[0].listSum.column: column "name" in list "gear" is a text column, not a number column'
    ]


def test_list_sum_only_when_names_a_non_boolean_column():
    pkg = minimal_package()
    pkg["sheet"]["lists"][0]["columns"].append({"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 3})
    pkg["sheet"]["derived"].append(
        {"id": "bulk", "label": "Bulk", "op": "sum", "of": [{"listSum": {"list": "gear", "column": "bulk", "onlyWhen": "swing"}}]}
    )
    assert problems_of(pkg) == [
        'sheet.derived[2].of[0].listSum.onlyWhen: column "swing" in list "gear" is an enum column, not a boolean column'
    ]


def test_read_penalty_of_a_plain_track():
    pkg = with_derived({"id": "hurt", "label": "Hurt", "op": "sum", "of": [{"liveTrack": "heat", "read": "penalty"}]})
    assert problems_of(pkg) == [
        'sheet.derived[2].of[0].read: "read": "penalty" is usable only on harm tracks, and "heat" is a plain track'
    ]


def test_live_pool_naming_a_track():
    pkg = with_derived({"id": "left", "label": "Left", "op": "sum", "of": [{"livePool": "heat"}]})
    assert problems_of(pkg) == ['sheet.derived[2].of[0].livePool: "heat" is a track, not a pool']


def test_item_stat_without_an_items_block():
    pkg = minimal_package()
    pkg["sheet"]["derived"][1]["of"].append({"itemStat": {"stat": "guard", "from": "worn", "pick": "sum"}})
    assert problems_of(pkg) == [
        'sheet.derived[1].of[2].itemStat: "itemStat" reads items, and this package has no "items" block'
    ]


# -- live reads where the spec forbids them -------------------------------------------


def test_pool_max_reads_a_live_track():
    pkg = minimal_package()
    pkg["sheet"]["live"]["pools"][1]["max"] = {"liveTrack": "heat"}
    assert problems_of(pkg) == [
        'sheet.live.pools[1].max.liveTrack: a pool\'s "max" is worked out before there is live state, '
        'so it cannot read the live track "heat"'
    ]


def test_pool_max_reads_live_state_through_a_derived_value():
    pkg = with_derived(
        {"id": "heat_left", "label": "Heat left", "op": "sum", "of": [{"liveTrack": "heat", "read": "remaining"}]}
    )
    pkg["sheet"]["live"]["pools"][1]["max"] = {"derived": "heat_left"}
    assert problems_of(pkg) == [
        'sheet.live.pools[1].max.derived: a pool\'s "max" is worked out before there is live state, '
        'so it cannot read derived value "heat_left", which reads live state'
    ]


def test_track_max_reads_a_live_state_table():
    pkg = minimal_package()
    pkg["sheet"]["live"]["states"] = [{"id": "stance", "label": "Stance", "values": ["guarded", "reckless"]}]
    pkg["sheet"]["derived"].append(
        {"id": "reach", "label": "Reach", "op": "enumTable", "from": {"liveState": "stance"}, "table": {"reckless": 2}}
    )
    pkg["sheet"]["live"]["tracks"][0]["max"] = {"derived": "reach"}
    assert problems_of(pkg) == [
        'sheet.live.tracks[0].max.derived: a track\'s "max" is worked out before there is live state, '
        'so it cannot read derived value "reach", which reads live state'
    ]


def test_pool_max_reads_a_skill_whose_cap_is_live():
    pkg = minimal_package()
    pkg["sheet"]["skills"][0]["cap"] = {"livePool": "luck"}
    pkg["sheet"]["live"]["pools"][0]["max"] = {"skillMod": "scrap"}
    assert problems_of(pkg) == [
        'sheet.live.pools[0].max.skillMod: a pool\'s "max" is worked out before there is live state, '
        'so it cannot read skill "scrap", whose cap reads live state'
    ]


def test_proficiency_bonus_reads_a_live_pool():
    pkg = minimal_package()
    pkg["resolution"]["proficiency"] = {"bonus": {"livePool": "luck"}}
    assert problems_of(pkg) == [
        "resolution.proficiency.bonus.livePool: the proficiency bonus is worked out before there is live state, "
        'so it cannot read the live pool "luck"'
    ]


# -- caps and the one-pass order -----------------------------------------------------


def test_cap_reads_a_skill_modifier():
    pkg = minimal_package()
    pkg["sheet"]["skills"][0]["cap"] = {"skillMod": "scrap"}
    assert problems_of(pkg) == ["sheet.skills[0].cap.skillMod: a cap cannot read skill or save modifiers"]


def test_derived_before_a_capped_read_reads_a_skill():
    pkg = minimal_package()
    pkg["sheet"]["derived"].insert(0, {"id": "sm", "label": "SM", "op": "sum", "of": [{"skillMod": "scrap"}]})
    pkg["sheet"]["skills"][0]["cap"] = {"derived": "guard"}
    assert problems_of(pkg) == [
        'sheet.derived[0].of[0]: derived value "sm" cannot read skill or save modifiers: the cap of skill "scrap" '
        'reads derived value "guard", and the sheet is computed top to bottom in one pass'
    ]


# -- ids, sections, tiers, untrained ---------------------------------------------------


def test_field_id_used_twice():
    pkg = minimal_package()
    pkg["sheet"]["fields"].append(dict(pkg["sheet"]["fields"][0]))
    assert problems_of(pkg) == ['sheet.fields[1].id: field id "toughness" is used twice']


def test_unknown_section():
    pkg = minimal_package()
    pkg["sheet"]["fields"][0]["section"] = "nowhere"
    assert problems_of(pkg) == ['sheet.fields[0].section: unknown section "nowhere"']


def test_skill_rolls_with_an_undeclared_ability():
    pkg = minimal_package()
    pkg["sheet"]["skills"][0]["ability"] = "heart"
    assert problems_of(pkg) == ['sheet.skills[0].ability: unknown ability "heart"']


def test_skill_tiers_name_an_unknown_tier():
    pkg = minimal_package()
    pkg["sheet"]["skillTiers"] = ["untrained", "master"]
    assert problems_of(pkg) == ['sheet.skillTiers[1]: unknown proficiency tier "master"']


def test_untrained_harder_in_a_sum_resolution():
    pkg = minimal_package()
    pkg["sheet"]["skills"][0]["untrained"] = "harder"
    assert problems_of(pkg) == [
        "sheet.skills[0].untrained: \"harder\" moves a pool's per-die target one step, so it needs a dice-pool "
        "resolution whose target can move; here it could not change the roll"
    ]


def test_untrained_by_out_of_range():
    pkg = minimal_package()
    pkg["sheet"]["sections"][0]["untrained"] = {"by": -21}
    assert problems_of(pkg) == ["sheet.sections[0].untrained.by: must be at least -20, not -21"]


# -- hideWhen, enum tables, step tables ---------------------------------------------------


def test_hide_when_value_outside_the_fields_range():
    pkg = minimal_package()
    pkg["sheet"]["live"]["pools"][1]["hideWhen"] = {"field": "toughness", "equals": 9}
    assert problems_of(pkg) == [
        "sheet.live.pools[1].hideWhen.equals: 9 is outside field \"toughness\"'s range 0..6, so it can never match"
    ]


def test_hide_when_in_lists_a_value_the_enum_does_not_have():
    pkg = minimal_package()
    pkg["sheet"]["fields"].append({"id": "watch", "label": "Watch", "type": "enum", "values": ["dusk", "night"]})
    pkg["sheet"]["lists"][0]["hideWhen"] = {"field": "watch", "in": ["dusk", "noon"]}
    assert problems_of(pkg) == ['sheet.lists[0].hideWhen.in[1]: "noon" is not a value of field "watch"']


def test_hide_when_names_an_unknown_field():
    pkg = minimal_package()
    pkg["sheet"]["derived"][1]["hideWhen"] = {"field": "watch", "notEquals": "night"}
    assert problems_of(pkg) == ['sheet.derived[1].hideWhen.field: unknown field "watch"']


def test_hide_when_with_two_ways():
    pkg = minimal_package()
    pkg["sheet"]["derived"][1]["hideWhen"] = {"field": "toughness", "equals": 1, "notEquals": 2}
    assert problems_of(pkg) == ['sheet.derived[1].hideWhen: "hideWhen" has exactly one of "equals", "notEquals" and "in"']


def test_enum_table_row_that_the_field_cannot_hold():
    pkg = minimal_package()
    pkg["sheet"]["fields"].append({"id": "watch", "label": "Watch", "type": "enum", "values": ["dusk", "night"]})
    pkg["sheet"]["derived"].append({"id": "w", "label": "W", "op": "enumTable", "from": {"field": "watch"}, "table": {"noon": 1}})
    assert problems_of(pkg) == ['sheet.derived[2].table.noon: "noon" is not a value of field "watch"']


def test_enum_table_keyed_on_a_number_field():
    pkg = with_derived({"id": "w", "label": "W", "op": "enumTable", "from": {"field": "toughness"}, "table": {"3": 1}})
    assert problems_of(pkg) == ['sheet.derived[2].from.field: "toughness" is a number field, not an enum field']


def test_step_table_thresholds_not_ascending():
    pkg = with_derived(
        {"id": "st", "label": "S", "op": "stepTable", "from": {"field": "toughness"}, "table": [[0, 1], [0, 2]]}
    )
    assert problems_of(pkg) == [
        'sheet.derived[2].table: "table" thresholds must be strictly ascending: row 1 (0) is not above row 0 (0)'
    ]


def test_number_field_default_outside_its_range():
    pkg = minimal_package()
    pkg["sheet"]["fields"][0]["default"] = 7
    assert problems_of(pkg) == ['sheet.fields[0].default: "default" 7 is outside 0..6']


def test_number_field_range_is_whole_unless_integer_is_false():
    # One number shape for sheet fields, list columns and item stats (NumberShape): a field
    # is whole numbers unless it says "integer": false, so its range is too.
    pkg = minimal_package()
    pkg["sheet"]["fields"][0]["min"] = 0.5
    assert problems_of(pkg) == ['sheet.fields[0].min: "min" 0.5 is not a whole number, and "integer" is true']
    pkg["sheet"]["fields"][0]["integer"] = False
    assert problems_of(pkg) == []


def test_number_field_min_above_max():
    pkg = minimal_package()
    pkg["sheet"]["fields"][0]["min"] = 7
    assert problems_of(pkg) == ['sheet.fields[0].min: "min" 7 is above "max" 6']


def test_enum_default_not_a_value():
    pkg = minimal_package()
    pkg["sheet"]["lists"][0]["columns"][1]["default"] = "heart"
    assert problems_of(pkg) == ['sheet.lists[0].columns[1].default: "default" "heart" is not one of "values"']


# -- lists -----------------------------------------------------------------------------


def test_list_pools_name_a_column_that_does_not_exist():
    pkg = minimal_package()
    pkg["sheet"]["lists"][0]["pools"] = {"nameColumn": "name", "maxColumn": "uses"}
    assert problems_of(pkg) == ['sheet.lists[0].pools.maxColumn: unknown column "uses" in list "gear"']


def test_list_pools_max_column_is_not_a_number():
    pkg = minimal_package()
    pkg["sheet"]["lists"][0]["pools"] = {"nameColumn": "name", "maxColumn": "damage"}
    assert problems_of(pkg) == [
        'sheet.lists[0].pools.maxColumn: column "damage" in list "gear" is a dice column; "maxColumn" names a number column'
    ]


def test_column_id_used_twice():
    pkg = minimal_package()
    pkg["sheet"]["lists"][0]["columns"].append({"id": "name", "label": "Again", "type": "text", "maxLength": 9})
    assert problems_of(pkg) == ['sheet.lists[0]: column id "name" is used twice in list "gear"']


def test_roll_sides_from_a_text_column():
    pkg = minimal_package()
    pkg["sheet"]["lists"][0]["columns"].append(
        {"id": "rolled", "label": "Rolled", "type": "number", "min": 1, "max": 8, "roll": {"count": 1, "sides": {"column": "name"}}}
    )
    assert problems_of(pkg) == [
        'sheet.lists[0].columns[3].roll.sides.column: column "name" in list "gear" is a text column; '
        "the sides come from a number column or an enum of dice",
        refused("sheet.lists[0].columns[3].roll"),
    ]


# -- harm tracks -------------------------------------------------------------------------


def test_levels_without_kinds():
    track = {k: v for k, v in HARM_TRACK.items() if k != "kinds"}
    assert problems_of(with_track(track)) == ['sheet.live.tracks[1].levels: "levels" needs "kinds": a mark needs a kind']


def test_kinds_without_levels_or_boxes():
    track = {k: v for k, v in HARM_TRACK.items() if k != "levels"}
    assert problems_of(with_track(track)) == [
        'sheet.live.tracks[1].kinds: "kinds" needs "levels" or "boxes": without them there is nowhere to mark'
    ]


def test_levels_and_boxes_together():
    track = {**HARM_TRACK, "boxes": {"penalty": {"by": "filled", "table": [[0, 0]]}}}
    assert problems_of(with_track(track)) == [
        'sheet.live.tracks[1]: a track has exactly one of "levels" and "boxes", never both'
    ]


def test_named_levels_with_another_max():
    assert problems_of(with_track({**HARM_TRACK, "max": 3})) == [
        'sheet.live.tracks[1]: a track with named levels is as long as its levels, so its "max" is 2'
    ]


def test_harm_track_min_is_not_zero():
    assert problems_of(with_track({**HARM_TRACK, "min": 1})) == [
        'sheet.live.tracks[1]: a harm track starts with no marks, so its "min" is 0'
    ]


def test_kind_severities_must_differ():
    kinds = [{"id": "knock", "label": "K", "severity": 1}, {"id": "tear", "label": "T", "severity": 1}]
    assert problems_of(with_track({**HARM_TRACK, "kinds": kinds})) == [
        "sheet.live.tracks[1]: two kinds have severity 1; severities must all differ"
    ]


def test_level_penalty_above_zero():
    levels = [{"label": "Scuffed", "penalty": 1}, {"label": "Winded", "penalty": -1}]
    assert problems_of(with_track({**HARM_TRACK, "levels": levels})) == [
        "sheet.live.tracks[1].levels[0].penalty: must be at most 0, not 1"
    ]


def test_harm_track_cannot_be_hidden():
    track = {**HARM_TRACK, "hideWhen": {"field": "toughness", "equals": 1}}
    assert problems_of(with_track(track)) == [
        "sheet.live.tracks[1]: a harm track cannot be hidden: rolls and combat read it whatever the sheet shows"
    ]


def test_indexed_fill_without_on_full_refuse():
    track = {
        "id": "strain", "label": "Strain", "min": 0, "max": 3,
        "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
        "kinds": [{"id": "strain", "label": "S", "severity": 0}],
        "fill": "indexed",
    }
    assert problems_of(with_track(track)) == [
        'sheet.live.tracks[1]: an indexed track always refuses a mark with no empty box: state "onFull": "refuse" with it'
    ]


def test_boxes_more_than_sixty_four():
    track = {
        "id": "strain", "label": "Strain", "min": 0, "max": 65,
        "boxes": {"penalty": {"by": "remaining", "table": [[0, -1]]}},
        "kinds": [{"id": "strain", "label": "S", "severity": 0}],
    }
    assert problems_of(with_track(track)) == ["sheet.live.tracks[1]: a track of boxes has 0 to 64 boxes, not 65"]


def test_box_penalty_above_zero():
    track = {
        "id": "strain", "label": "Strain", "min": 0, "max": 3,
        "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 2]]}},
        "kinds": [{"id": "strain", "label": "S", "severity": 0}],
    }
    assert problems_of(with_track(track)) == [
        'sheet.live.tracks[1].boxes.penalty.table: "table" row 1 gives a penalty of 2; a penalty is 0 or less'
    ]


def test_fill_on_a_plain_track():
    pkg = minimal_package()
    pkg["sheet"]["live"]["tracks"][0]["onFull"] = "refuse"
    assert problems_of(pkg) == ['sheet.live.tracks[0].onFull: "onFull" goes only on a harm track (one with "kinds")']


def test_extra_names_a_list_that_does_not_exist():
    track = {**HARM_TRACK, "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"}}
    assert problems_of(with_track(track)) == ['sheet.live.tracks[1].extra.list: unknown list "scars"']


def test_extra_penalty_column_can_hold_a_bonus():
    pkg = with_track({**HARM_TRACK, "extra": {"list": "scars", "countColumn": "levels", "penaltyColumn": "penalty"}})
    pkg["sheet"]["lists"].append(
        {
            "id": "scars", "label": "Scars", "maxItems": 4,
            "columns": [
                {"id": "levels", "label": "Levels", "type": "number", "min": 1, "max": 2},
                {"id": "penalty", "label": "Penalty", "type": "number", "min": -3, "max": 1},
            ],
        }
    )
    assert problems_of(pkg) == [
        'sheet.live.tracks[1].extra.penaltyColumn: column "penalty" in list "scars" can hold 1, but a penalty is 0 or less'
    ]


def test_penalty_from_names_a_plain_track():
    pkg = minimal_package()
    pkg["resolution"]["penaltyFrom"] = "heat"
    assert problems_of(pkg) == [
        'resolution.penaltyFrom: "heat" is a plain track, and only a harm track has a penalty to apply'
    ]


def test_adjust_names_unknown_things():
    pkg = minimal_package()
    pkg["resolution"]["adjust"] = [{"value": {"derived": "burdened"}, "abilities": ["heart"]}]
    assert problems_of(pkg) == [
        'resolution.adjust[0].value.derived: unknown derived value "burdened"',
        'resolution.adjust[0].abilities[0]: unknown ability "heart"',
    ]


# -- live states --------------------------------------------------------------------------


def test_state_value_with_a_double_quote():
    pkg = minimal_package()
    pkg["sheet"]["live"]["states"] = [{"id": "form", "label": "Form", "values": ['wolf "grey"', "human"]}]
    assert problems_of(pkg) == [
        'sheet.live.states[0]: "wolf "grey"" is not usable as a state value: one line, no square brackets, '
        "no macro braces and no double quotes"
    ]


def test_state_with_one_value():
    pkg = minimal_package()
    pkg["sheet"]["live"]["states"] = [{"id": "form", "label": "Form", "values": ["wolf"]}]
    assert problems_of(pkg) == ["sheet.live.states[0].values: needs at least 2 item(s)"]


def test_state_default_not_a_value():
    pkg = minimal_package()
    pkg["sheet"]["live"]["states"] = [{"id": "form", "label": "Form", "values": ["wolf", "human"], "default": "bat"}]
    assert problems_of(pkg) == ['sheet.live.states[0].default: "default" "bat" is not one of "values"']


# -- Capability API gates -------------------------------------------------------------------


def declaring(minor: int) -> dict:
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": minor}
    return pkg


def test_states_need_1_42():
    pkg = declaring(41)
    pkg["sheet"]["live"]["states"] = [{"id": "form", "label": "Form", "values": ["wolf", "human"]}]
    assert problems_of(pkg) == ['sheet.live.states: "states" needs capabilityApi 1.42 or later (this package declares 1.41)']


def test_multiply_needs_1_82():
    pkg = declaring(81)
    pkg["sheet"]["derived"].append({"id": "m", "label": "M", "op": "multiply", "of": [{"const": 2}, {"field": "toughness"}]})
    assert problems_of(pkg) == ['sheet.derived[2].op: "op" value "multiply" needs capabilityApi 1.82 or later (this package declares 1.81)']


def test_boxes_need_1_40():
    pkg = declaring(39)
    pkg["sheet"]["live"]["tracks"].append(
        {
            "id": "strain", "label": "Strain", "min": 0, "max": 3,
            "boxes": {"penalty": {"by": "remaining", "table": [[0, -1], [1, 0]]}},
            "kinds": [{"id": "strain", "label": "S", "severity": 0}],
        }
    )
    assert problems_of(pkg) == ['sheet.live.tracks[1].boxes: "boxes" needs capabilityApi 1.40 or later (this package declares 1.39)']


def test_track_max_as_a_value_needs_1_37():
    pkg = declaring(36)
    pkg["sheet"]["live"]["tracks"][0]["max"] = {"field": "toughness"}
    assert problems_of(pkg) == ['sheet.live.tracks[0].max: "max" needs capabilityApi 1.37 or later (this package declares 1.36)']


def test_more_than_sixty_derived_values_need_1_84():
    pkg = declaring(83)
    for i in range(59):
        pkg["sheet"]["derived"].append({"id": f"d{i}", "label": f"D{i}", "op": "sum", "of": [{"const": i}]})
    assert problems_of(pkg) == ['sheet.derived: "derived" needs capabilityApi 1.84 or later (this package declares 1.83)']


def test_more_than_twelve_columns_need_1_165():
    pkg = declaring(164)
    for i in range(10):
        pkg["sheet"]["lists"][0]["columns"].append({"id": f"c{i}", "label": f"C{i}", "type": "boolean"})
    assert problems_of(pkg) == ['sheet.lists[0].columns: "columns" needs capabilityApi 1.165 or later (this package declares 1.164)']


def test_untrained_on_a_section_needs_1_41():
    pkg = declaring(40)
    pkg["sheet"]["sections"][0]["untrained"] = "refuse"
    assert problems_of(pkg) == ['sheet.sections[0].untrained: "untrained" needs capabilityApi 1.41 or later (this package declares 1.40)']


def test_hide_when_not_equals_needs_1_39():
    pkg = declaring(38)
    pkg["sheet"]["derived"][1]["hideWhen"] = {"field": "toughness", "notEquals": 2}
    assert problems_of(pkg) == [
        'sheet.derived[1].hideWhen.notEquals: "notEquals" needs capabilityApi 1.39 or later (this package declares 1.38)'
    ]
