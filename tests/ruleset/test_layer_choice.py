"""Layers turned on (issue 22 section 3): every combination of every upstream example's
layers, each refused at creation or applied, and application that never throws.

The numbers are the upstream files' own: the 5e example's `low_magic` removes "int" and
"cha" from Spellcasting ability (values none, int, wis, cha; default none) and conflicts
with `high_magic`, declared after it; Ember Roads' `hard_winter` replaces the ladder Easy 6,
Risky 8, Hard 10, Desperate 12 with 7, 9, 11, 13 and hides the knacks whose grit filter is
above 0 (Last Ember and Coldfire Toss, grit 1); Gravewatch's `long_night` replaces Plain
work 1 (target 6), Awkward 2, Grim 3 (target 8), Hopeless 5 (target 9) with 1 (7), 2 (8),
4 (9), 6 (9)."""

from __future__ import annotations

import copy
import itertools
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.combat import start_battle
from shared.games.sheet_block import guidance_lines
from shared.ruleset.layer_choice import choice_problems, picker_hides, pinned_layers, with_layers
from shared.ruleset.load import load_package
from shared.sheet.character import read_stored_character
from shared.sheet.view import SheetView
from tests.games.upstream_games import mira, package, ruleset

FIVE_E, EMBER, GRAVEWATCH = "ruleset-5e-2014.example.json", "ember-roads.json", "gravewatch.json"
LOW_MAGIC_GUIDANCE = ("Low magic is on. Spellcasting is rare, feared and slow, so treat every casting as "
                      "remarkable, let bystanders react to it, and prefer mundane solutions when the party "
                      "reaches for one.")
HIGH_MAGIC_GUIDANCE = ("High magic is on. Casting is ordinary and public, so let NPCs use it freely, price "
                       "magical help like any other service, and do not treat a spell as a surprise.")


def _field(pkg, field_id):
    return next(f for f in pkg.sheet.fields if f.id == field_id)


def _ladder(pkg):
    return [step.model_dump(exclude_none=True) for step in pkg.resolution.difficultyLadder]


def _choices(ids):
    """Every choice of a ruleset's layers: each subset, in each order."""
    for n in range(len(ids) + 1):
        for subset in itertools.combinations(ids, n):
            yield from itertools.permutations(subset)


def test_5e_every_combination():
    pkg = ruleset(FIVE_E)
    outcomes = {}
    for choice in _choices(["low_magic", "high_magic"]):
        rules = with_layers(pkg, choice)
        outcomes[choice] = (choice_problems(pkg, choice), rules.layers_on,
                            _field(rules, "spellcasting_ability").values)
    conflict = ['layers "low_magic" and "high_magic" conflict: they cannot be on together']
    assert outcomes == {
        (): ([], (), ["none", "int", "wis", "cha"]),
        ("low_magic",): ([], ("low_magic",), ["none", "wis"]),
        ("high_magic",): ([], ("high_magic",), ["none", "int", "wis", "cha"]),
        # Refused at creation; applied anyway (a pin that somehow holds both), the later
        # declared, high_magic, is dropped whichever order the choice names them in.
        ("low_magic", "high_magic"): (conflict, ("low_magic",), ["none", "wis"]),
        ("high_magic", "low_magic"): (
            ['layers "high_magic" and "low_magic" conflict: they cannot be on together'],
            ("low_magic",), ["none", "wis"]),
    }
    # The ladder is the 5e example's own under every choice: neither layer replaces it.
    assert {tuple(step["dc"] for step in _ladder(with_layers(pkg, c))) for c in outcomes} == {(5, 10, 15, 20, 25, 30)}


def test_5e_low_magic_an_intelligence_caster_reads_none_and_keeps_int():
    rules = with_layers(ruleset(FIVE_E), ["low_magic"])
    character, problems, flags = read_stored_character(rules, mira())
    assert not problems and character is not None
    assert character.sheet["fields"]["spellcasting_ability"] == "int"  # kept as stored
    assert flags.lines() == ['sheet.fields.spellcasting_ability: must be one of "none", "wis", not "int" '
                             '(kept as stored, read as "none")']
    view = SheetView(rules, character.sheet)
    assert view.field("spellcasting_ability") == "none"
    # Without the layer Mira reads Intelligence (+3): save DC 8 + 3 proficiency + 3 = 14.
    plain = SheetView(ruleset(FIVE_E), read_stored_character(ruleset(FIVE_E), mira())[0].sheet)
    assert (plain.field("spellcasting_ability"), plain.derived("spell_save_dc")) == ("int", 14)


def test_5e_guidance_is_appended_for_the_layers_on():
    pkg = ruleset(FIVE_E)
    base = guidance_lines(pkg)
    assert guidance_lines(with_layers(pkg, ["low_magic"])) == [*base, LOW_MAGIC_GUIDANCE]
    assert guidance_lines(with_layers(pkg, ["high_magic"])) == [*base, HIGH_MAGIC_GUIDANCE]
    assert guidance_lines(with_layers(pkg, ["high_magic", "low_magic"])) == [*base, LOW_MAGIC_GUIDANCE]


def test_ember_roads_hard_winter_hard_becomes_dc_11_and_hides_grit_knacks():
    pkg = ruleset(EMBER)
    assert [(s["label"], s["dc"]) for s in _ladder(pkg)] == [("Easy", 6), ("Risky", 8), ("Hard", 10), ("Desperate", 12)]
    rules = with_layers(pkg, ["hard_winter"])
    assert [(s["label"], s["dc"]) for s in _ladder(rules)] == [("Easy", 7), ("Risky", 9), ("Hard", 11), ("Desperate", 13)]
    knacks = next(c for c in pkg.catalogs if c.id == "knacks")
    hidden = [e.label for e in knacks.entries if picker_hides(rules, "knacks", e.filters)]
    assert hidden == ["Last Ember", "Coldfire Toss"]
    assert not any(picker_hides(pkg, "knacks", e.filters) for e in knacks.entries)
    # Hidden from the picker, never removed: the entries are all still there to read.
    assert len(next(c for c in rules.catalogs if c.id == "knacks").entries) == len(knacks.entries) == 8
    assert choice_problems(pkg, ["hard_winter"]) == []
    assert with_layers(pkg, []) is pkg


def test_gravewatch_long_night_ladder_in_the_pool_shape():
    pkg = ruleset(GRAVEWATCH)
    assert _ladder(pkg) == [{"label": "Plain work", "successes": 1, "target": 6}, {"label": "Awkward", "successes": 2},
                            {"label": "Grim", "successes": 3, "target": 8},
                            {"label": "Hopeless", "successes": 5, "target": 9}]
    assert _ladder(with_layers(pkg, ["long_night"])) == [
        {"label": "Plain work", "successes": 1, "target": 7}, {"label": "Awkward", "successes": 2, "target": 8},
        {"label": "Grim", "successes": 4, "target": 9}, {"label": "Hopeless", "successes": 6, "target": 9}]


def test_unknown_and_repeated_layers_are_refused_by_name():
    pkg = ruleset(FIVE_E)
    assert choice_problems(pkg, ["low_magic", "low_magic", "wild_magic"]) == [
        'layer "low_magic" is chosen twice',
        'unknown layer "wild_magic" (this ruleset\'s layers: low_magic, high_magic)']
    assert choice_problems(ruleset(EMBER), ["long_night"]) == [
        'unknown layer "long_night" (this ruleset\'s layers: hard_winter)']
    assert pinned_layers(pkg, ["high_magic", "wild_magic", "high_magic"]) == ["high_magic"]


@lru_cache(maxsize=None)
def _with_unsound_pair():
    """The 5e example with a third layer, `divine_gone`: alone it removes "wis" and starts
    the field at "int", sound; with low_magic (which removes "int") the field's start is a
    value no longer offered, so the two fail together."""
    data = copy.deepcopy(package(FIVE_E))
    data["layers"].append({"id": "divine_gone", "label": "Divine gone",
                           "fields": [{"id": "spellcasting_ability", "removeValues": ["wis"], "default": "int"}]})
    return load_package(data)


def test_a_set_that_fails_together_is_added_one_by_one():
    pkg = _with_unsound_pair()
    alone = with_layers(pkg, ["divine_gone"])
    assert (_field(alone, "spellcasting_ability").values, _field(alone, "spellcasting_ability").default) == (
        ["none", "int", "cha"], "int")
    both = with_layers(pkg, ["divine_gone", "low_magic"])
    # low_magic is declared first, so it goes on; divine_gone would leave the field starting
    # at "int", which low_magic removed, so it is left off.
    assert both.layers_on == ("low_magic",)
    assert (_field(both, "spellcasting_ability").values, _field(both, "spellcasting_ability").default) == (
        ["none", "wis"], "none")


LAYER_IDS = {FIVE_E: ["low_magic", "high_magic"], EMBER: ["hard_winter"], GRAVEWATCH: ["long_night"]}


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(sorted(LAYER_IDS)),
       choice=st.lists(st.sampled_from(["low_magic", "high_magic", "hard_winter", "long_night", "divine_gone", "x"]),
                       max_size=6))
def test_application_never_throws_and_only_narrows(name, choice):
    pkg = ruleset(name)
    rules = with_layers(pkg, choice)
    # The same choice always gives the same rules, whatever its order or repeats.
    again = with_layers(pkg, list(reversed(choice)) + choice)
    assert (rules.sheet, rules.resolution, rules.layers_on) == (again.sheet, again.resolution, again.layers_on)
    assert set(rules.layers_on) <= set(choice) and set(rules.layers_on) <= set(LAYER_IDS[name])
    # Only narrows: every enum field keeps a subset of its values, in order; nothing else
    # of the sheet changes.
    for before, after in zip(pkg.sheet.fields, rules.sheet.fields, strict=True):
        if before.type == "enum":
            assert after.values == [v for v in before.values if v in after.values] and after.values
            assert after.default in after.values
        else:
            assert after is before
    assert len(rules.resolution.difficultyLadder) == len(pkg.resolution.difficultyLadder) or any(
        layer.difficultyLadder for layer in pkg.layers if layer.id in rules.layers_on)
    assert rules.catalogs == pkg.catalogs and rules.combat == pkg.combat


@pytest.mark.parametrize("name", sorted(LAYER_IDS))
def test_a_ruleset_as_loaded_has_no_layers_on(name):
    assert ruleset(name).layers_on == ()


def test_a_creature_holding_a_removed_value_is_not_lost():
    """spec/combat-2: a creature that uses a value a layer removed is not rejected; while
    the layer is on the field reads as its default, exactly as on a character."""
    data = copy.deepcopy(package(FIVE_E))
    sergeant = next(e for c in data["catalogs"] for e in c.get("entries", []) if e["id"] == "toll-sergeant")
    sergeant["creature"]["sheet"]["fields"]["spellcasting_ability"] = "int"
    rules = with_layers(load_package(data), ["low_magic"])
    assert rules.layers_on == ("low_magic",)
    state, _events = start_battle(rules, [{**mira(), "controller": "engine"}], [{"creature": "toll-sergeant"}], seed=1)
    sheets = {c.name: c.sheet for c in state.combatants}
    assert [sheets[n]["fields"]["spellcasting_ability"] for n in ("Mira", "Toll Sergeant")] == ["int", "int"]
    assert [SheetView(rules, sheets[n]).field("spellcasting_ability") for n in ("Mira", "Toll Sergeant")] == [
        "none", "none"]


def test_a_table_row_for_a_removed_value_is_not_read():
    """spec/sheet: a layer can exclude values from a field that has rows in an enumTable;
    while it is on those rows are not read. Gravewatch's "Seen the night through" gives the
    dawn watch 1 (table {"dawn": 1}, default 0); a layer taking "dawn" out of Watch (dusk,
    night, dawn; default night) reads a dawn watcher as the night watch, so 0."""
    data = copy.deepcopy(package(GRAVEWATCH))
    data["layers"].append({"id": "no_dawn", "label": "No dawn",
                           "fields": [{"id": "watch", "removeValues": ["dawn"]}]})
    pkg = load_package(data)
    rules = with_layers(pkg, ["no_dawn", "long_night"])
    assert rules.layers_on == ("long_night", "no_dawn")
    sheet = {"fields": {"watch": "dawn"}}
    assert SheetView(pkg, sheet).derived("dawn_resolve") == 1
    assert (SheetView(rules, sheet).field("watch"), SheetView(rules, sheet).derived("dawn_resolve")) == ("night", 0)
