"""The top-level `items` block, and `itemStat` references held against it."""

from __future__ import annotations

import copy
import json

import pytest

from shared.ruleset import load_package
from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import minimal_package, problems_of

ITEMS = {
    "categories": [{"id": "weapon", "label": "Weapon"}, {"id": "armor", "label": "Armor"}, {"id": "shield", "label": "Shield"}],
    "rarities": [{"id": "common", "label": "Common"}, {"id": "storied", "label": "Storied"}],
    "tags": [{"id": "thrown", "label": "Thrown"}],
    "stats": [
        {"id": "bulk", "label": "Bulk", "type": "number", "min": 0, "max": 10, "default": 0},
        {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0},
        {"id": "damage", "label": "Damage", "type": "dice", "example": "1d6"},
        {"id": "swing", "label": "Rolls with", "type": "enum", "values": ["brawn", "wits"], "default": "brawn"},
        {"id": "conceal", "label": "Hidden in", "type": "enum", "values": ["pocket", "none"], "default": "none", "promptVisible": False},
    ],
    "slots": [{"id": "body", "label": "Body", "count": 1}, {"id": "hands", "label": "Hands", "count": 2}],
    "binding": {"label": "Bound", "max": {"abilityScore": "wits"}},
    "carry": {"stat": "bulk", "encumberedAbove": {"field": "toughness"}, "limit": {"const": 12}},
    "rarityCaps": [{"rarity": "common", "stats": {"guard": 1}, "bonus": 1}, {"rarity": "storied", "stats": {"guard": 3}, "bonus": 2}],
    "currencies": [
        {"id": "coin", "label": "Coin", "perWeight": 100, "units": [{"id": "bit", "label": "bits", "value": 1}, {"id": "mark", "label": "marks", "value": 10}]}
    ],
}


def with_items(edit=None) -> dict:
    pkg = minimal_package()
    items = copy.deepcopy(ITEMS)
    if edit is not None:
        edit(items)
    pkg["items"] = items
    return pkg


def with_item_stat(ref: dict, items: bool = True) -> dict:
    """A derived value that reads items through `itemStat`."""
    pkg = with_items() if items else minimal_package()
    pkg["sheet"]["derived"].append({"id": "armor_worn", "label": "Armor worn", "op": "sum", "of": [{"itemStat": ref}]})
    return pkg


# ---------------------------------------------------------------------------
# What validates
# ---------------------------------------------------------------------------


def test_items_block_in_the_ember_roads_shape():
    items = load_package(with_items()).items
    assert [c.id for c in items.categories] == ["weapon", "armor", "shield"]
    assert (items.carry.stat, items.stat("conceal").promptVisible, items.freeform) == ("bulk", False, "plain")


@needs_upstream
@pytest.mark.parametrize("name", ["ember-roads.json", "gravewatch.json"])
def test_upstream_items_blocks_read_whole(name):
    data = json.loads((UPSTREAM / name).read_text())
    items = load_package(data).items
    assert [s.id for s in items.stats] == [s["id"] for s in data["items"]["stats"]]
    assert [c.id for c in items.currencies] == [c["id"] for c in data["items"]["currencies"]]


def test_item_stat_reads_worn_items():
    pkg = with_item_stat({"stat": "guard", "from": "worn", "pick": "max", "slot": "body", "category": "armor"})
    assert problems_of(pkg) == []


def test_item_stat_counts_without_a_stat():
    assert problems_of(with_item_stat({"from": "worn", "pick": "count", "category": "shield"})) == []


# ---------------------------------------------------------------------------
# Refusals inside the block
# ---------------------------------------------------------------------------


def test_categories_are_required():
    assert problems_of(with_items(lambda i: i.pop("categories"))) == ["items.categories: required"]


def test_category_ids_are_unique():
    assert problems_of(with_items(lambda i: i["categories"].append({"id": "armor", "label": "Armour"}))) == [
        'items.categories: category id "armor" is used twice'
    ]


def test_stat_ids_are_unique():
    assert problems_of(with_items(lambda i: i["stats"].append({"id": "bulk", "label": "Bulk", "type": "boolean"}))) == [
        'items.stats: stat id "bulk" is used twice'
    ]


def test_unknown_stat_type():
    assert problems_of(with_items(lambda i: i["stats"].append({"id": "rune", "label": "Rune", "type": "glyph"}))) == [
        "items.stats[5]: unknown 'type' \"glyph\"; expected one of 'number', 'text', 'boolean', 'enum', 'dice'"
    ]


def test_whole_number_stat_refuses_fractions():
    assert problems_of(with_items(lambda i: i["stats"][0].__setitem__("max", 10.5))) == [
        'items.stats[0].max: "max" 10.5 is not a whole number, and "integer" is true'
    ]


def test_number_stat_default_within_its_range():
    # The same rule, and words, as a sheet's number field (one NumberShape).
    assert problems_of(with_items(lambda i: i["stats"][1].__setitem__("default", 5))) == [
        'items.stats[1].default: "default" 5 is outside 0..4'
    ]


def test_enum_stat_default_is_one_of_its_values():
    assert problems_of(with_items(lambda i: i["stats"][3].__setitem__("default", "heart"))) == [
        'items.stats[3].default: "default" "heart" is not one of "values"'
    ]


def test_dice_stat_example_is_dice():
    assert problems_of(with_items(lambda i: i["stats"][2].__setitem__("example", "a d6"))) == [
        'items.stats[2].example: "example" "a d6" is not dice text such as "1d8" or "2d6+1"'
    ]


def test_slot_count_between_1_and_20():
    assert problems_of(with_items(lambda i: i["slots"][1].__setitem__("count", 0))) == [
        "items.slots[1].count: must be at least 1, not 0"
    ]


def test_currency_units_differ_in_value():
    def edit(i):
        i["currencies"][0]["units"].append({"id": "penny", "label": "pennies", "value": 1})
    assert problems_of(with_items(edit)) == ['items.currencies[0].units: units "bit" and "penny" are both worth 1']


def test_currency_weight_is_positive():
    assert problems_of(with_items(lambda i: i["currencies"][0].__setitem__("perWeight", 0))) == [
        "items.currencies[0].perWeight: must be above 0, not 0"
    ]


def test_freeform_values():
    assert problems_of(with_items(lambda i: i.__setitem__("freeform", "strict"))) == [
        "items.freeform: must be one of 'plain' or 'refuse', not \"strict\""
    ]


# ---------------------------------------------------------------------------
# Refusals: references
# ---------------------------------------------------------------------------


def test_carry_stat_must_exist():
    assert problems_of(with_items(lambda i: i["carry"].__setitem__("stat", "weight"))) == [
        'items.carry.stat: unknown item stat "weight"'
    ]


def test_carry_stat_is_a_number_stat():
    assert problems_of(with_items(lambda i: i["carry"].__setitem__("stat", "damage"))) == [
        'items.carry.stat: item stat "damage" is a dice stat; what is carried is weighed by a number stat'
    ]


def test_carry_reads_the_sheet():
    assert problems_of(with_items(lambda i: i["carry"].__setitem__("encumberedAbove", {"derived": "load"}))) == [
        'items.carry.encumberedAbove.derived: unknown derived value "load"'
    ]


def test_binding_reads_a_known_ability():
    assert problems_of(with_items(lambda i: i["binding"].__setitem__("max", {"abilityScore": "nerve"}))) == [
        'items.binding.max.abilityScore: unknown ability "nerve"'
    ]


def test_rarity_cap_names_a_rarity():
    assert problems_of(with_items(lambda i: i["rarityCaps"][1].__setitem__("rarity", "relic"))) == [
        'items.rarityCaps[1].rarity: unknown rarity "relic"'
    ]


def test_rarity_capped_once():
    assert problems_of(with_items(lambda i: i["rarityCaps"][1].__setitem__("rarity", "common"))) == [
        'items.rarityCaps[1].rarity: rarity "common" is capped twice'
    ]


def test_rarity_cap_within_the_stat_range():
    assert problems_of(with_items(lambda i: i["rarityCaps"][1]["stats"].__setitem__("guard", 5))) == [
        'items.rarityCaps[1].stats.guard: cap 5 is not a value item stat "guard" can hold (0 to 4)'
    ]


def test_rarity_cap_only_number_stats():
    assert problems_of(with_items(lambda i: i["rarityCaps"][0]["stats"].__setitem__("swing", 1))) == [
        'items.rarityCaps[0].stats.swing: item stat "swing" is an enum stat; only number stats are capped'
    ]


def test_item_stat_needs_an_items_block():
    assert problems_of(with_item_stat({"stat": "guard", "from": "worn", "pick": "sum"}, items=False)) == [
        'sheet.derived[2].of[0].itemStat: "itemStat" reads items, and this package has no "items" block'
    ]


def test_item_stat_names_a_known_category():
    assert problems_of(with_item_stat({"from": "worn", "pick": "count", "category": "helmet"})) == [
        'sheet.derived[2].of[0].itemStat.category: unknown item category "helmet"'
    ]


def test_item_stat_sums_a_number_stat():
    assert problems_of(with_item_stat({"stat": "swing", "from": "all", "pick": "sum"})) == [
        'sheet.derived[2].of[0].itemStat.stat: item stat "swing" is an enum stat, so it cannot be added up or compared'
    ]


def test_item_stat_anywhere_in_the_package_is_checked():
    pkg = with_items()
    pkg["combat"]["defense"] = {"itemStat": {"stat": "guard", "from": "worn", "pick": "sum", "slot": "feet"}}
    assert problems_of(pkg) == ['combat.defense.itemStat.slot: unknown item slot "feet"']
