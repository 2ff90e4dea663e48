"""Creatures written in the ruleset's own terms (`sheet`), creatures that cast from a
catalog (`spellcasting`, covens), and the upstream bestiaries (spec/combat-2 "A creature
written in the ruleset's own terms")."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from shared.ruleset import validate_package
from tests.ruleset.minimal import problems_of
from tests.ruleset.test_creatures import AT, JACKAL, bestiary_package, with_api

UPSTREAM = Path(__file__).resolve().parents[2] / "tests" / "data" / "upstream"

#: Ember Roads' Toll Warden, in the minimal sheet's terms (it has Brawn, Wits, Scrap,
#: Toughness and a gear list; Heart, Sway and knacks are Ember Roads' own).
WARDEN: dict[str, Any] = {
    "tier": "pack",
    "traits": [{"name": "Knows the road", "text": "It will not follow anyone past the last milestone."}],
    "sheet": {
        "abilities": {"brawn": 2, "wits": 1},
        "skills": {"scrap": "trained"},
        "fields": {"toughness": 3},
        "lists": {
            "gear": [
                {"name": "Toll hook", "swing": "brawn", "damage": "1d6"},
                {"name": "Road axe", "swing": "brawn", "damage": "1d8", "_catalog": "kit/road-axe"},
            ]
        },
    },
}

KIT: dict[str, Any] = {
    "id": "kit",
    "label": "Kit",
    "feeds": ["gear"],
    "entries": [{"id": "road-axe", "label": "Road axe", "rows": [{"list": "gear", "values": {"name": "Road axe", "damage": "1d8"}}]}],
}

SHEET = f"{AT}.sheet"


def warden_package() -> dict[str, Any]:
    pkg = bestiary_package(WARDEN)
    pkg["catalogs"].insert(0, copy.deepcopy(KIT))
    return pkg


def warden(pkg: dict[str, Any]) -> dict[str, Any]:
    return pkg["catalogs"][1]["entries"][0]["creature"]


def lines(pkg: dict[str, Any]) -> list[str]:
    """Problems with the bestiary's index shifted back to 0 (the kit catalog comes first)."""
    return [line.replace("catalogs[1].entries[0].creature", AT) for line in problems_of(pkg)]


def test_the_warden_as_a_sheet_validates() -> None:
    assert lines(warden_package()) == []


def test_a_sheet_creature_gives_no_numbers_of_its_own() -> None:
    pkg = warden_package()
    warden(pkg)["health"] = 9
    warden(pkg)["soak"] = {"all": 1}
    assert lines(pkg) == [f'{AT}: a creature with a "sheet" takes "health", "soak" from that sheet, so it may not also give them']


def test_a_sheet_creature_may_still_have_actions_riders_and_resistances() -> None:
    pkg = warden_package()
    warden(pkg)["actions"] = copy.deepcopy(JACKAL["actions"][:1])
    warden(pkg)["resist"] = ["cut"]
    warden(pkg)["conditionImmunities"] = ["shaken"]
    assert lines(pkg) == []


def test_a_sheet_has_no_live_part() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["live"] = {"pools": {"grit": 3}}
    assert lines(pkg) == [f"{SHEET}.live: unknown key"]


def test_sheet_creatures_need_capability_api_1_34() -> None:
    pkg = with_api(warden_package(), 33)
    assert lines(pkg) == [f'{SHEET}: "sheet" needs capabilityApi 1.34 or later (this package declares 1.33)']


def test_sheet_abilities_are_declared_and_in_range() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["abilities"] = {"brawn": 5, "wits": 1.5, "heart": 1}
    assert lines(pkg) == [
        f"{SHEET}.abilities.brawn: must be a whole number from -1 to 3, not 5",
        f"{SHEET}.abilities.wits: must be a whole number from -1 to 3, not 1.5",
        f'{SHEET}.abilities.heart: unknown ability "heart"',
    ]


def test_skills_hold_a_tier_offered_for_skills() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["skills"] = {"scrap": "expert", "sway": "trained"}
    assert lines(pkg) == [
        f'{SHEET}.skills.scrap: "expert" is not a proficiency tier offered for skills ("untrained", "trained")',
        f'{SHEET}.skills.sway: unknown skill "sway"',
    ]


def test_skill_tiers_narrow_what_skills_may_hold() -> None:
    pkg = warden_package()
    pkg["sheet"]["skillTiers"] = ["untrained"]
    assert lines(pkg) == [f'{SHEET}.skills.scrap: "trained" is not a proficiency tier offered for skills ("untrained")']


def test_saves_hold_a_tier() -> None:
    pkg = warden_package()
    pkg["sheet"]["saves"] = [{"id": "grit_save", "label": "Grit save", "ability": "brawn"}]
    warden(pkg)["sheet"]["saves"] = {"grit_save": "proficient"}
    assert lines(pkg) == [
        f'{SHEET}.saves.grit_save: "proficient" is not a proficiency tier offered for saves ("untrained", "trained")'
    ]


def test_bonuses_are_per_skill_or_save_within_range() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["bonuses"] = {"scrap": 41, "sneak": 1}
    assert lines(pkg) == [
        f"{SHEET}.bonuses.scrap: must be a whole number from -20 to 40, not 41",
        f'{SHEET}.bonuses.sneak: unknown skill or save "sneak"',
    ]


def test_fields_hold_what_they_are_declared_to_hold() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["fields"] = {"toughness": 7, "calling": "Hauler"}
    assert lines(pkg) == [
        f"{SHEET}.fields.toughness: must be from 0 to 6, not 7",
        f'{SHEET}.fields.calling: unknown field "calling"',
    ]


def test_a_number_field_is_not_text() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["fields"] = {"toughness": "3"}
    assert lines(pkg) == [f'{SHEET}.fields.toughness: must be a number, not "3"']


def test_list_columns_hold_what_they_are_declared_to_hold() -> None:
    pkg = warden_package()
    row = warden(pkg)["sheet"]["lists"]["gear"][0]
    row["swing"] = "heart"
    row["damage"] = "a big hook"
    row["weight"] = 2
    assert lines(pkg) == [
        f'{SHEET}.lists.gear[0].swing: "heart" is not one of "brawn", "wits"',
        f'{SHEET}.lists.gear[0].damage: "a big hook" is not dice text such as "1d8" or "2d6+1"',
        f'{SHEET}.lists.gear[0].weight: unknown column "weight" in list "gear"',
    ]


def test_a_required_column_is_given() -> None:
    pkg = warden_package()
    del warden(pkg)["sheet"]["lists"]["gear"][0]["name"]
    assert lines(pkg) == [f'{SHEET}.lists.gear[0].name: required: list "gear" needs a "name" in every row']


def test_a_list_has_no_more_rows_than_it_allows() -> None:
    pkg = warden_package()
    pkg["sheet"]["lists"][0]["maxItems"] = 1
    assert lines(pkg) == [f'{SHEET}.lists.gear: has 2 rows, more than list "gear" allows (1)']


def test_lists_are_declared() -> None:
    pkg = warden_package()
    warden(pkg)["sheet"]["lists"]["knacks"] = [{"name": "Hold the Line"}]
    assert lines(pkg) == [f'{SHEET}.lists.knacks: unknown list "knacks"']


def test_a_catalog_row_names_an_entry_of_a_catalog_feeding_the_list() -> None:
    pkg = warden_package()
    pkg["catalogs"][0]["feeds"] = ["gear"]
    gear = warden(pkg)["sheet"]["lists"]["gear"]
    gear[1]["_catalog"] = "kit/hand-axe"
    assert lines(pkg) == [f'{SHEET}.lists.gear[1]._catalog: unknown entry "hand-axe" in catalog "kit"']
    gear[1]["_catalog"] = "road_trouble/rust-jackal"
    assert lines(pkg) == [f'{SHEET}.lists.gear[1]._catalog: catalog "road_trouble" does not feed list "gear"']
    gear[1]["_catalog"] = "outfitter/road-axe"
    assert lines(pkg) == [f'{SHEET}.lists.gear[1]._catalog: unknown catalog "outfitter"']
    gear[1]["_catalog"] = "road-axe"
    assert lines(pkg) == [f'{SHEET}.lists.gear[1]._catalog: "road-axe" is not "<catalog>/<entry>"']


# ---------------------------------------------------------------------------
# Spellcasting and covens
# ---------------------------------------------------------------------------

SPELLS: dict[str, Any] = {
    "id": "spells",
    "label": "Spells",
    "feeds": ["gear"],
    "entries": [
        {"id": "spark", "label": "Spark", "mechanics": {"kind": "attack", "attackRoll": True, "amount": {"dice": "1d8"}}},
        {"id": "mend", "label": "Mend", "mechanics": {"kind": "heal", "amount": {"dice": "1d4"}}},
        {"id": "lore", "label": "Lore", "summary": "Words about the road; nothing a fight uses."},
    ],
}


def caster_package(casting: dict[str, Any]) -> dict[str, Any]:
    creature = copy.deepcopy(JACKAL)
    creature["spellcasting"] = casting
    pkg = bestiary_package(creature)
    pkg["catalogs"].append(copy.deepcopy(SPELLS))
    return pkg


def test_a_creature_casts_catalog_spells() -> None:
    casting = {"toHit": 3, "spells": [{"entry": "spells/spark"}, {"entry": "spells/mend", "uses": {"per": "day", "count": 3}}]}
    assert problems_of(caster_package(casting)) == []


def test_a_plain_caster_gives_every_number_its_spells_need() -> None:
    casting = {"spells": [{"entry": "spells/spark"}]}
    assert problems_of(caster_package(casting)) == [
        f'{AT}.spellcasting.spells[0].entry: "spells/spark" rolls to hit, so "spellcasting" needs "toHit"'
    ]


def test_a_spell_is_an_entry_with_mechanics() -> None:
    casting = {"toHit": 3, "spells": [{"entry": "spells/lore"}, {"entry": "spells/fireball"}, {"entry": "magic/spark"}]}
    assert problems_of(caster_package(casting)) == [
        f'{AT}.spellcasting.spells[0].entry: "spells/lore" has no "mechanics", so a creature cannot cast it',
        f'{AT}.spellcasting.spells[1].entry: unknown entry "fireball" in catalog "spells"',
        f'{AT}.spellcasting.spells[2].entry: unknown catalog "magic"',
    ]


def test_a_spell_is_listed_once() -> None:
    casting = {"toHit": 3, "spells": [{"entry": "spells/spark"}, {"entry": "spells/spark", "level": 2}]}
    assert problems_of(caster_package(casting)) == [f'{AT}.spellcasting: spell "spells/spark" is listed twice']


def test_a_coven_needs_coven_spells_and_the_other_way_round() -> None:
    casting = {"toHit": 3, "coven": {"id": "marsh_hags", "size": 3, "within": 30}, "spells": [{"entry": "spells/spark"}]}
    assert problems_of(caster_package(casting)) == [
        f'{AT}.spellcasting: a "coven" block needs at least one spell marked "coven": true'
    ]
    casting = {"toHit": 3, "spells": [{"entry": "spells/spark", "coven": True}]}
    assert problems_of(caster_package(casting)) == [
        f'{AT}.spellcasting: spell "spells/spark" is a coven spell, so "spellcasting" needs a "coven" block'
    ]


def test_a_coven_validates() -> None:
    casting = {
        "toHit": 3,
        "coven": {"id": "marsh_hags", "size": 3, "within": 30},
        "spells": [{"entry": "spells/spark"}, {"entry": "spells/mend", "coven": True, "uses": {"per": "day", "count": 1}}],
    }
    assert problems_of(caster_package(casting)) == []


def test_spellcasting_needs_capability_api_1_123() -> None:
    pkg = with_api(caster_package({"toHit": 3, "spells": [{"entry": "spells/spark"}]}), 122)
    assert problems_of(pkg) == [
        f'{AT}.spellcasting: "spellcasting" needs capabilityApi 1.123 or later (this package declares 1.122)'
    ]


# ---------------------------------------------------------------------------
# The upstream bestiaries
# ---------------------------------------------------------------------------

UPSTREAM_BESTIARIES = {"ember-roads.json": 4, "gravewatch.json": 2, "ruleset-5e-2014.example.json": 5}


@pytest.mark.skipif(not UPSTREAM.exists(), reason="tests/data/upstream is not here")
@pytest.mark.parametrize("name,count", sorted(UPSTREAM_BESTIARIES.items()))
def test_upstream_bestiaries_validate(name: str, count: int) -> None:
    data = json.loads((UPSTREAM / name).read_text())
    pkg, problems = validate_package(data)
    assert problems.lines() == []
    assert pkg is not None
    creatures = [e.creature for c in pkg.catalogs or [] if c.holds == "creatures" for e in c.entries]
    assert len(creatures) == count


@pytest.mark.skipif(not UPSTREAM.exists(), reason="tests/data/upstream is not here")
def test_the_upstream_toll_warden_is_a_sheet() -> None:
    data = json.loads((UPSTREAM / "ember-roads.json").read_text())
    pkg, _ = validate_package(data)
    assert pkg is not None
    warden = next(e.creature for c in pkg.catalogs or [] for e in c.entries if e.id == "toll-warden")
    assert warden.sheet is not None and warden.health is None
    assert warden.sheet.fields == {"calling": "Hauler", "toughness": 3}


@pytest.mark.skipif(not UPSTREAM.exists(), reason="tests/data/upstream is not here")
def test_an_upstream_sheet_creature_is_read_against_the_sheet() -> None:
    data = json.loads((UPSTREAM / "ruleset-5e-2014.example.json").read_text())
    bestiary = next(c for c in data["catalogs"] if c.get("holds") == "creatures")
    index = next(i for i, e in enumerate(bestiary["entries"]) if e["id"] == "toll-sergeant")
    bestiary["entries"][index]["creature"]["sheet"]["saves"]["str_save"] = "legendary"
    ci = data["catalogs"].index(bestiary)
    lines = validate_package(data)[1].lines()
    assert len(lines) == 1
    assert lines[0].startswith(
        f'catalogs[{ci}].entries[{index}].creature.sheet.saves.str_save: "legendary" is not a proficiency tier offered for saves'
    )
