"""Validating a character against its ruleset, as strictly as a package: each refusal
plants one defect and asserts the exact `path: message` lines."""

from __future__ import annotations

import json

import pytest

from shared.ruleset import PackageError, load_package
from shared.sheet import Character, check_sheet_values, load_character, validate_character
from shared.ruleset.errors import Problems
from tests.conftest import UPSTREAM, needs_upstream
from tests.sheet.packages import character, d20, roads, with_items

ROADS = roads()
ITEMS = with_items()
D20 = d20()


def problems(ruleset, data) -> list[str]:
    return validate_character(ruleset, data)[1].lines()


def test_a_full_character_validates():
    data = character(
        abilities={"brawn": 2, "wits": 1, "heart": 1},
        skills={"scrap": "trained"},
        bonuses={"scrap": 1},
        fields={"toughness": 3, "calling": "Hauler", "watch": "dawn"},
        lists={
            "gear": [{"name": "Toll hook", "swing": "brawn", "damage": "1d6", "bulk": 1, "packed": False}],
            "knacks": [{"name": "Hold the Line", "_catalog": "knacks/hold-the-line"}],
            "tricks": [{"name": "Second Wind", "uses": 2}],
        },
        live={
            "pools": {"grit": 4, "tricks:second-wind": 1, "resolve": 1},
            "tracks": {"heat": 2},
            "marks": {"harm": ["tear", "knock"], "strain": [None, "strain"]},
            "overflow": {"harm": 1},
            "text": {"note": "the toll"},
            "conditions": ["shaken"],
            "states": {"stance": "guarded"},
        },
    )
    found, lines = validate_character(ROADS, data)
    assert lines.lines() == []
    assert isinstance(found, Character) and found.name == "Juno" and found.sheet == data["sheet"]


@needs_upstream
def test_the_upstream_sheet_creatures_validate_as_characters():
    for name, entry in [("ember-roads.json", "toll-warden"), ("ruleset-5e-2014.example.json", "toll-sergeant")]:
        data = json.loads((UPSTREAM / name).read_text())
        pkg = load_package(data)
        creature = next(e for c in data["catalogs"] for e in c["entries"] if e["id"] == entry)["creature"]
        assert problems(pkg, {"name": entry, "sheet": creature["sheet"]}) == []


@pytest.mark.parametrize(
    "sheet, expected",
    [
        ({"abilities": {"heart": 4}}, "sheet.abilities.heart: must be within -1..3, not 4"),
        ({"abilities": {"grace": 1}}, 'sheet.abilities.grace: unknown ability "grace"'),
        ({"abilities": {"brawn": "2"}}, "sheet.abilities.brawn: must be a whole number, not text"),
        ({"skills": {"scrap": "master"}}, 'sheet.skills.scrap: must be a tier offered for skills ("untrained", "trained"), not "master"'),
        ({"skills": {"sneak": "trained"}}, 'sheet.skills.sneak: unknown skill "sneak"'),
        ({"bonuses": {"scrap": 41}}, "sheet.bonuses.scrap: must be within the bonus range -20..40, not 41"),
        ({"bonuses": {"brawn": 1}}, 'sheet.bonuses.brawn: unknown skill or save "brawn"'),
        ({"fields": {"toughness": 2.5}}, "sheet.fields.toughness: must be a whole number, not 2.5"),
        ({"fields": {"watch": "noon"}}, 'sheet.fields.watch: must be one of "dusk", "night", "dawn", not "noon"'),
        ({"fields": {"calling": "x" * 61}}, "sheet.fields.calling: is longer than 60 characters"),
        ({"fields": {"colour": "red"}}, 'sheet.fields.colour: unknown field "colour"'),
        ({"lists": {"spells": []}}, 'sheet.lists.spells: unknown list "spells"'),
        ({"lists": {"gear": [{"name": "Axe", "damage": "lots"}]}}, 'sheet.lists.gear[0].damage: must be dice text such as "1d6", not "lots"'),
        ({"lists": {"gear": [{"name": "Axe", "dmg": "1d6"}]}}, 'sheet.lists.gear[0].dmg: unknown column "dmg" in list "gear"'),
        ({"lists": {"gear": [{"damage": "1d6"}]}}, "sheet.lists.gear[0].name: required"),
        ({"lists": {"gear": [{"name": "Axe", "packed": "yes"}]}}, "sheet.lists.gear[0].packed: must be true or false, not text"),
        ({"lists": {"gear": [{"name": str(i)} for i in range(11)]}}, 'sheet.lists.gear: list "gear" holds at most 10 rows, not 11'),
        ({"lists": {"knacks": [{"name": "X", "_catalog": "feats/x"}]}}, 'sheet.lists.knacks[0]._catalog: unknown catalog "feats"'),
        ({"lists": {"knacks": [{"name": "X", "_catalog": "knacks/iron-stomach"}]}}, 'sheet.lists.knacks[0]._catalog: catalog "knacks" has no entry "iron-stomach"'),
        ({"lists": {"gear": [{"name": "X", "_catalog": "knacks/hold-the-line"}]}}, 'sheet.lists.gear[0]._catalog: catalog "knacks" does not feed list "gear"'),
        ({"lists": {"knacks": [{"name": "X", "_catalog": "hold-the-line"}]}}, 'sheet.lists.knacks[0]._catalog: must name a catalog entry as "<catalog>/<entry>", not "hold-the-line"'),
        ({"colour": "red"}, "sheet.colour: unknown key"),
    ],
)
def test_build_refusals(sheet, expected):
    assert problems(ROADS, character(**sheet)) == [expected]


@pytest.mark.parametrize(
    "live, expected",
    [
        ({"pools": {"grit": 7}}, "sheet.live.pools.grit: must be within 0..6, not 7"),
        ({"pools": {"mana": 1}}, 'sheet.live.pools.mana: unknown pool "mana"'),
        ({"pools": {"heat": 1}}, 'sheet.live.pools.heat: "heat" is a track, not a pool'),
        ({"pools": {"resolve": 1}}, 'sheet.live.pools.resolve: pool "resolve" is not on this sheet (hidden, or its maximum is 0)'),
        ({"temp": {"grit": 2}}, 'sheet.live.temp.grit: pool "grit" takes no temporary points (no "allowTemp")'),
        ({"tracks": {"heat": 6}}, "sheet.live.tracks.heat: must be within 0..5, not 6"),
        ({"tracks": {"harm": 1}}, 'sheet.live.tracks.harm: "harm" is a harm track: its marks go in "marks"'),
        ({"marks": {"harm": ["knock", "tear"]}}, "sheet.live.marks.harm: marks are sorted worst first"),
        ({"marks": {"harm": ["burn"]}}, 'sheet.live.marks.harm[0]: unknown kind "burn" on track "harm"'),
        ({"marks": {"harm": [None, "knock"]}}, "sheet.live.marks.harm[0]: an empty box is written only on an indexed track"),
        ({"marks": {"heat": []}}, 'sheet.live.marks.heat: "heat" is a plain track: its value goes in "tracks"'),
        ({"overflow": {"harm": -1}}, "sheet.live.overflow.harm: must be at least 0, not -1"),
        ({"text": {"note": "x" * 21}}, "sheet.live.text.note: is longer than 20 characters"),
        ({"conditions": ["dazed"]}, 'sheet.live.conditions[0]: unknown condition "dazed"'),
        ({"conditions": ["shaken", "shaken"]}, 'sheet.live.conditions[1]: condition "shaken" is listed twice'),
        ({"states": {"stance": "calm"}}, 'sheet.live.states.stance: must be one of "guarded", "steady", "reckless", not "calm"'),
        ({"mood": 1}, "sheet.live.mood: unknown key"),
    ],
)
def test_live_refusals(live, expected):
    assert problems(ROADS, character(live=live)) == [expected]


def test_a_hidden_state_cannot_be_stored():
    data = character(fields={"watch": "dusk"}, live={"states": {"light": "out"}})
    assert problems(ROADS, data) == ['sheet.live.states.light: live state "light" is not on this sheet (hidden)']


@pytest.mark.parametrize(
    "items, expected",
    [
        ([{"item": "outfitter/crown"}], 'sheet.live.items[0].item: unknown item "outfitter/crown": name an entry of an item catalog as "<catalog>/<entry>"'),
        ([{"item": "outfitter/rations", "quantity": 8}], "sheet.live.items[0].quantity: must be within 1..7, not 8"),
        ([{"item": "outfitter/rations", "worn": True}], 'sheet.live.items[0].worn: item "outfitter/rations" has no slots, so it cannot be worn'),
        ([{"item": "outfitter/mail", "worn": True}, {"item": "outfitter/leather-coat", "worn": True}], 'sheet.live.items: worn items take 2 of slot "body", which holds 1'),
        ([{"item": "outfitter/mail", "charges": 1}], 'sheet.live.items[0].charges: item "outfitter/mail" has no charges'),
        ([{"item": "outfitter/mail", "colour": "grey"}], "sheet.live.items[0].colour: unknown key"),
    ],
)
def test_item_refusals(items, expected):
    assert problems(ITEMS, character(live={"items": items})) == [expected]


def test_items_worn_within_their_slots_validate():
    items = [{"item": "outfitter/mail", "worn": True}, {"item": "outfitter/hand-axe", "worn": True}, {"item": "outfitter/rations", "quantity": 7}]
    assert problems(ITEMS, character(live={"items": items})) == []


def test_the_character_itself():
    assert problems(ROADS, []) == ["(top level): a character is a JSON object, not a list"]
    assert problems(ROADS, {"sheet": {}}) == ["name: required"]
    assert problems(ROADS, {"name": "Juno"}) == ["sheet: required"]
    assert problems(ROADS, {"name": "Juno", "sheet": {}, "hp": 3}) == ["hp: unknown key"]


def test_every_problem_is_reported():
    data = character(abilities={"heart": 9}, fields={"watch": "noon"})
    assert problems(ROADS, data) == [
        "sheet.abilities.heart: must be within -1..3, not 9",
        'sheet.fields.watch: must be one of "dusk", "night", "dawn", not "noon"',
    ]


def test_load_character_raises_with_every_problem():
    with pytest.raises(PackageError) as err:
        load_character(D20, character(fields={"level": 21}))
    assert err.value.problems.lines() == ["sheet.fields.level: must be within 1..20, not 21"]


def test_a_creature_sheet_has_no_live_part():
    found = Problems()
    check_sheet_values(ROADS, {"abilities": {"brawn": 1}, "live": {}}, ["catalogs", 1, "entries", 0, "creature", "sheet"], found, live=False)
    assert found.lines() == ['catalogs[1].entries[0].creature.sheet.live: a creature\'s sheet has no "live" part']
