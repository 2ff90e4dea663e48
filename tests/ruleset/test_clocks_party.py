"""Progress clocks (`clocks`, 1.143) and the party sheet (`party`, 1.144; lists, builder
and `fromMembers` 1.163): the spec's own examples, and one defect per refusal."""

from __future__ import annotations

import copy

from shared.ruleset import load_package
from tests.ruleset.minimal import minimal_package, problems_of

CREW = {
    "label": "Crew",
    "fields": [
        {"id": "heat", "label": "Heat", "type": "number", "min": 0, "max": 9, "default": 0},
        {"id": "vault", "label": "Vault capacity", "type": "number", "min": 0, "max": 16, "default": 8},
        {"id": "upgrades", "label": "Upgrades", "type": "text", "maxLength": 400},
    ],
    "pools": [{"id": "coin", "label": "Coin", "max": {"field": "vault"}, "start": "empty"}],
    "advancement": {"fields": ["heat", "vault", "upgrades"], "text": "Record heat after a score."},
    "text": "Coin belongs to the crew.",
}

SHARED_CREATION = {
    "label": "The Crew",
    "fields": [
        {"id": "tier", "label": "Tier", "type": "number", "min": 0, "max": 4, "default": 0},
        {"id": "size", "label": "Crew size", "type": "number", "min": 0, "max": 12, "default": 0},
    ],
    "lists": [{"id": "upgrades", "label": "Upgrades", "maxItems": 12, "columns": [{"id": "name", "label": "Name", "type": "text", "maxLength": 60}]}],
    "fromMembers": [{"field": "size", "count": True}],
}


def package(minor: int = 163, **top) -> dict:
    pkg = minimal_package()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": minor}
    pkg.update(copy.deepcopy(top))
    return pkg


def crew(edit=None, minor: int = 163) -> dict:
    party = copy.deepcopy(CREW)
    if edit is not None:
        edit(party)
    return package(minor, party=party)


# ---------------------------------------------------------------------------
# clocks
# ---------------------------------------------------------------------------


def test_clocks_example_of_the_spec():
    clocks = {"sizes": [4, 6, 8], "max": 8, "text": "Create clocks for looming threats and long projects. Tick them when the fiction advances."}
    model = load_package(package(143, clocks=clocks)).clocks
    assert (model.sizes, model.max) == ([4, 6, 8], 8)


def test_empty_clocks_object_turns_clocks_on_with_defaults():
    model = load_package(package(143, clocks={})).clocks
    assert (model.sizes, model.max, model.text) == ([4, 6, 8], 8, None)


def test_clocks_need_schema_version_2():
    pkg = minimal_package()
    pkg["clocks"] = {}
    assert problems_of(pkg) == [
        'clocks: "clocks" needs schemaVersion 2 and capabilityApi 1.143 or later (this package declares schemaVersion 1)'
    ]


def test_clocks_need_capability_api_1_143():
    assert problems_of(package(142, clocks={})) == ['clocks: "clocks" needs capabilityApi 1.143 or later (this package declares 1.142)']


def test_clock_sizes_are_distinct():
    assert problems_of(package(143, clocks={"sizes": [4, 6, 4]})) == ["clocks.sizes: size 4 is given twice"]


def test_clock_sizes_between_2_and_12():
    assert problems_of(package(143, clocks={"sizes": [4, 13]})) == ["clocks.sizes[1]: must be at most 12, not 13"]


def test_clock_sizes_at_most_six():
    assert problems_of(package(143, clocks={"sizes": [2, 3, 4, 5, 6, 7, 8]})) == ["clocks.sizes: has more than 6 item(s)"]


def test_clock_max_at_least_one():
    assert problems_of(package(143, clocks={"max": 0})) == ["clocks.max: must be at least 1, not 0"]


def test_clock_text_is_prompt_safe():
    assert problems_of(package(143, clocks={"text": "Tick [clock: x] freely."})) == [
        "clocks.text: must not contain square brackets"
    ]


def test_clock_text_at_most_400_characters():
    assert problems_of(package(143, clocks={"text": "x" * 401})) == ["clocks.text: is longer than 400 characters"]


def test_clocks_accept_only_three_keys():
    assert problems_of(package(143, clocks={"names": ["Alarm"]})) == ["clocks.names: unknown key"]


# ---------------------------------------------------------------------------
# party: what validates
# ---------------------------------------------------------------------------


def test_crew_example_of_the_spec():
    party = load_package(crew(minor=144)).party
    assert [f.id for f in party.fields] == ["heat", "vault", "upgrades"]
    assert party.pools[0].start == "empty"


def test_shared_party_creation_example_of_the_spec():
    party = load_package(package(163, party=SHARED_CREATION)).party
    assert party.fromMembers[0].count is True and party.party_list("upgrades") is not None


def test_from_members_sums_a_character_number_field():
    def edit(p):
        p["fields"].append({"id": "totems", "label": "Totems", "type": "number", "min": 0, "max": 40})
        p["fromMembers"] = [{"field": "totems", "sum": "toughness"}]
    assert problems_of(crew(edit)) == []


def test_party_summary_picks_party_fields_and_lists():
    party = copy.deepcopy(SHARED_CREATION)
    party["summary"] = {"fields": ["tier"], "lists": [{"list": "upgrades", "nameColumn": "name"}]}
    assert problems_of(package(163, party=party)) == []


# ---------------------------------------------------------------------------
# party: refusals
# ---------------------------------------------------------------------------


def test_party_needs_schema_version_2():
    pkg = minimal_package()
    pkg["party"] = copy.deepcopy(CREW)
    assert problems_of(pkg) == [
        'party: "party" needs schemaVersion 2 and capabilityApi 1.144 or later (this package declares schemaVersion 1)'
    ]


def test_party_lists_need_1_163():
    party = copy.deepcopy(SHARED_CREATION)
    del party["fromMembers"]
    assert problems_of(package(144, party=party)) == ['party.lists: "lists" needs capabilityApi 1.163 or later (this package declares 1.144)']


def test_party_needs_a_field_or_a_pool():
    assert problems_of(package(144, party={"label": "Crew", "text": "Nothing yet."})) == [
        'party: the party sheet needs at least one of "fields" and "pools"'
    ]


def test_party_ids_unique_across_fields_and_pools():
    def edit(p):
        p["pools"][0]["id"] = "heat"
        p["pools"][0]["max"] = {"const": 4}
    assert problems_of(crew(edit)) == ['party: id "heat" is used twice in the party sheet (field and pool)']


def test_party_has_no_sections():
    assert problems_of(crew(lambda p: p["fields"][0].__setitem__("section", "about"))) == [
        'party: field "heat" names a section, but the party sheet has no sections'
    ]


def test_party_pool_max_reads_only_party_values():
    assert problems_of(crew(lambda p: p["pools"][0].__setitem__("max", {"derived": "grit_max"}))) == [
        'party.pools[0].max.derived: a party pool\'s "max" reads a constant or a number field of the party'
    ]


def test_party_pool_max_reads_a_party_number_field():
    assert problems_of(crew(lambda p: p["pools"][0].__setitem__("max", {"field": "upgrades"}))) == [
        'party.pools[0].max.field: party field "upgrades" is a text field, not a number field'
    ]


def test_party_pool_max_reads_no_character_field():
    assert problems_of(crew(lambda p: p["pools"][0].__setitem__("max", {"field": "toughness"}))) == [
        'party.pools[0].max.field: unknown party field "toughness"'
    ]


def test_party_hide_when_names_party_fields_with_values_they_hold():
    assert problems_of(crew(lambda p: p["pools"][0].__setitem__("hideWhen", {"field": "heat", "equals": 12}))) == [
        'party.pools[0].hideWhen.equals: 12 is outside field "heat"\'s range 0..9, so it can never match'
    ]


def test_advancement_names_number_and_text_fields():
    def edit(p):
        p["fields"].append({"id": "sworn", "label": "Sworn", "type": "boolean"})
        p["advancement"]["fields"].append("sworn")
    assert problems_of(crew(edit)) == [
        'party.advancement.fields[3]: party field "sworn" is a boolean field, not a number, text or longtext field'
    ]


def test_advancement_cannot_change_a_member_field():
    party = copy.deepcopy(SHARED_CREATION)
    party["advancement"] = {"fields": ["size"]}
    assert problems_of(package(163, party=party)) == [
        'party.advancement.fields[0]: party field "size" is computed from the members, so it cannot be advanced'
    ]


def test_advancement_text_is_prompt_safe():
    assert problems_of(crew(lambda p: p["advancement"].__setitem__("text", "Record {{heat}}."))) == [
        'party.advancement.text: must not contain macro braces ("{{" or "}}")'
    ]


def test_summary_derived_must_be_empty():
    assert problems_of(crew(lambda p: p.__setitem__("summary", {"derived": ["grit_max"]}))) == [
        'party: the party sheet has no derived values, so "summary.derived" must be empty'
    ]


def test_summary_lists_name_party_lists():
    assert problems_of(crew(lambda p: p.__setitem__("summary", {"lists": [{"list": "gear", "nameColumn": "name"}]}))) == [
        'party.summary.lists[0].list: unknown party list "gear"'
    ]


def test_summary_fields_name_party_fields():
    assert problems_of(crew(lambda p: p.__setitem__("summary", {"fields": ["toughness"]}))) == [
        'party.summary.fields[0]: unknown party field "toughness"'
    ]


def test_from_members_count_or_sum():
    party = copy.deepcopy(SHARED_CREATION)
    party["fromMembers"] = [{"field": "size", "count": True, "sum": "toughness"}]
    assert problems_of(package(163, party=party)) == ['party.fromMembers[0]: give exactly one of "count": true and "sum"']


def test_from_members_sum_reads_a_character_number_field():
    party = copy.deepcopy(SHARED_CREATION)
    party["fromMembers"] = [{"field": "size", "sum": "calling"}]
    assert problems_of(package(163, party=party)) == ['party.fromMembers[0].sum: unknown field "calling"']


def test_from_members_fills_a_party_number_field():
    party = copy.deepcopy(SHARED_CREATION)
    party["fromMembers"] = [{"field": "crew", "count": True}]
    assert problems_of(package(163, party=party)) == ['party.fromMembers[0].field: unknown party field "crew"']


def test_from_members_at_most_eight():
    party = copy.deepcopy(SHARED_CREATION)
    party["fromMembers"] = [{"field": "size", "count": True}] * 9
    assert problems_of(package(163, party=party)) == ["party.fromMembers: has more than 8 item(s)"]


def test_party_builder_is_refused_by_name():
    party = copy.deepcopy(SHARED_CREATION)
    party["builder"] = {"steps": [{"id": "upgrades", "label": "Upgrades", "kind": "rows", "list": "upgrades"}]}
    assert problems_of(package(163, party=party)) == [
        'party.builder: "builder" (Capability API 1.163) is not supported by marinara-battle yet: the guided '
        "party builder is an editor feature written like the character builder, whose shape the spec does not give"
    ]
