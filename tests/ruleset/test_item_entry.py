"""The `item` of an item catalog entry: the upstream shape validates, and each defect
(an undeclared category, stat, slot or unit, an effect that narrows nothing, a key this
engine does not resolve) is refused with its exact line."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import UPSTREAM, needs_upstream
from tests.ruleset.minimal import minimal_package, problems_of

ITEM = "catalogs[0].entries[0].item"
NOT_YET = "is not supported by marinara-battle yet"


def item_package(item: dict[str, Any], *, schema: int = 1, minor: int = 198) -> dict[str, Any]:
    pkg = minimal_package()
    pkg["sheet"]["saves"] = [{"id": "grit_save", "label": "Grit save", "ability": "brawn"}]
    pkg["items"] = {
        "categories": [{"id": "weapon", "label": "Weapon"}, {"id": "armor", "label": "Armor"}, {"id": "scroll", "label": "Scroll"}],
        "rarities": [{"id": "common", "label": "Common"}],
        "tags": [{"id": "thrown", "label": "Thrown"}, {"id": "magical", "label": "Magical"}],
        "stats": [
            {"id": "guard", "label": "Guard", "type": "number", "min": 0, "max": 4, "default": 0},
            {"id": "damage", "label": "Damage", "type": "dice", "example": "1d6"},
            {"id": "swing", "label": "Rolls with", "type": "enum", "values": ["brawn", "wits"], "default": "brawn"},
        ],
        "slots": [{"id": "hands", "label": "Hands", "count": 2}, {"id": "body", "label": "Body", "count": 1}],
        "currencies": [{"id": "coin", "label": "Coin", "units": [{"id": "mark", "label": "marks", "value": 1}]}],
    }
    pkg["catalogs"] = [{"id": "outfitter", "label": "Outfitter", "holds": "items",
                        "entries": [{"id": "the-item", "label": "The item", "item": item}]}]
    if schema == 2:
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": minor}
    return pkg


def item_problems(item: dict[str, Any], **kw: Any) -> list[str]:
    return problems_of(item_package(item, **kw))


AXE = {
    "category": "weapon", "rarity": "common", "tags": ["thrown"],
    "stats": {"guard": 0, "damage": "1d6", "swing": "brawn"}, "slots": {"hands": 1},
    "cost": {"amount": 4, "unit": "mark"},
}


def test_upstream_shaped_item_validates():
    assert item_problems(AXE) == []


def test_worn_carried_and_requirements_validate():
    item = {
        "category": "armor", "slots": {"body": 1},
        "worn": {"modifiers": [{"to": "checks", "skills": ["scrap"], "flat": -1}], "abilities": {"brawn": {"set": 2}}},
        "carried": {"effects": ["own-saves-advantage"], "saves": ["grit_save"]},
        "requires": [{"value": {"abilityScore": "brawn"}, "atLeast": 2,
                      "otherwise": {"modifiers": [{"to": "checks", "flat": -1}]}}],
        "binds": {"cursed": True},
    }
    assert item_problems(item) == []


def test_weapon_attack_with_its_own_minimum_validates():
    # A held weapon's attack is played (shared/combat/item_weapons.py), its minimum read
    # from the item's own number stat `guard`.
    item = dict(AXE, attack={"damage": {"dice": "1d6", "minimum": {"stat": "guard"}}})
    assert item_problems(item, schema=2) == []


@needs_upstream
def test_upstream_item_catalogs_validate_through_this_model():
    for name in ("ember-roads.json", "gravewatch.json"):
        pkg = json.loads((UPSTREAM / name).read_text())
        assert problems_of(pkg) == []


def test_unknown_category():
    assert item_problems(dict(AXE, category="tool")) == [f'{ITEM}.category: unknown item category "tool"']


def test_unknown_rarity():
    assert item_problems(dict(AXE, rarity="storied")) == [f'{ITEM}.rarity: unknown rarity "storied"']


def test_unknown_tag():
    assert item_problems(dict(AXE, tags=["finesse"])) == [f'{ITEM}.tags[0]: unknown item tag "finesse"']


def test_unknown_stat():
    assert item_problems(dict(AXE, stats={"bulk": 1})) == [f'{ITEM}.stats.bulk: unknown item stat "bulk"']


def test_stat_out_of_range():
    assert item_problems(dict(AXE, stats={"guard": 9})) == [
        f'{ITEM}.stats.guard: 9 is not a value item stat "guard" can hold (0 to 4)'
    ]


def test_enum_stat_value_unknown():
    assert item_problems(dict(AXE, stats={"swing": "heart"})) == [
        f'{ITEM}.stats.swing: "heart" is not a value of item stat "swing"'
    ]


def test_dice_stat_not_dice():
    assert item_problems(dict(AXE, stats={"damage": "lots"})) == [
        f'{ITEM}.stats.damage: "lots" is not dice (write it like "1d6" or "2d8+3")'
    ]


def test_unknown_slot_and_too_many():
    assert item_problems(dict(AXE, slots={"back": 1})) == [f'{ITEM}.slots.back: unknown slot "back"']
    assert item_problems(dict(AXE, slots={"body": 2})) == [f'{ITEM}.slots.body: takes 2 of slot "body", which holds 1']


def test_unknown_currency_unit():
    assert item_problems(dict(AXE, cost={"amount": 4, "unit": "sovereign"})) == [
        f'{ITEM}.cost.unit: unknown currency unit "sovereign"'
    ]


def test_item_needs_items_block():
    pkg = item_package(AXE)
    del pkg["items"]
    assert problems_of(pkg) == [
        f'{ITEM}.category: an item needs the package\'s "items" block, which declares its categories'
    ]


def test_effect_skills_narrow_nothing():
    assert item_problems(dict(AXE, worn={"failsSaves": ["grit_save"], "skills": ["scrap"]})) == [
        f'{ITEM}.worn.skills: "skills" narrows a check effect or a "checks" modifier, and there is none'
    ]


def test_effect_needs_something():
    assert item_problems(dict(AXE, carried={})) == [
        f'{ITEM}.carried: an item effect needs "effects", "modifiers", "failsSaves", "abilities" or "senses"'
    ]


def test_otherwise_cannot_set_abilities():
    item = dict(AXE, requires=[{"value": {"abilityScore": "brawn"}, "atLeast": 2,
                                "otherwise": {"abilities": {"brawn": {"set": 0}}}}])
    assert item_problems(item) == [f'{ITEM}.requires[0].otherwise.abilities: "abilities" cannot go in "otherwise"']


def test_effect_unknown_save():
    assert item_problems(dict(AXE, worn={"failsSaves": ["will_save"]})) == [
        f'{ITEM}.worn.failsSaves[0]: unknown save "will_save"'
    ]


def test_effect_unknown_ability():
    assert item_problems(dict(AXE, worn={"abilities": {"heart": {"add": 1}}})) == [
        f'{ITEM}.worn.abilities.heart: unknown ability "heart"'
    ]


def test_requirement_value_reference_checked():
    item = dict(AXE, requires=[{"value": {"field": "might"}, "atLeast": 2, "otherwise": {"failsSaves": ["grit_save"]}}])
    assert item_problems(item) == [f'{ITEM}.requires[0].value.field: unknown field "might"']


def test_minimum_reads_a_number_stat():
    item = dict(AXE, attack={"damage": {"dice": "1d6", "minimum": {"stat": "swing"}}})
    assert item_problems(item, schema=2) == [
        f'{ITEM}.attack.damage.minimum.stat: item stat "swing" is an enum stat; a minimum reads a number stat',
    ]


def test_minimum_needs_1_146():
    item = dict(AXE, attack={"damage": {"dice": "1d6", "minimum": {"const": 1}}})
    assert item_problems(item, schema=2, minor=145) == [
        f'{ITEM}.attack.damage.minimum: "minimum" needs capabilityApi 1.146 or later (this package declares 1.145)',
    ]


def test_slay_validates():
    # Played (tests/combat/test_item_attacks_hit.py: Nine Lives Stealer).
    item = dict(AXE, charges={"max": 9}, attack={"slay": [{"when": "critical", "healthAtMost": 99, "charges": 1}]})
    assert item_problems(item, schema=2) == []


def test_slay_charges_need_item_charges():
    item = dict(AXE, attack={"slay": [{"healthAtMost": 99, "charges": 1}]})
    assert item_problems(item, schema=2) == [
        f'{ITEM}.attack.slay[0].charges: "charges" spends the item\'s own charges, and the item declares no "charges"',
    ]


def test_item_use_validates_and_the_keys_it_does_not_play_are_refused_by_name():
    # A use is played (tests/combat/test_items_used.py) and plays an entry's keys
    # (tests/combat/test_item_use_keys.py): concentration (1.174) validates; a key no entry
    # plays is refused on the use naming the key.
    assert item_problems({"category": "scroll", "use": {"kind": "heal", "amount": {"dice": "2d4"}}}) == []
    item = {"category": "scroll", "use": {"kind": "heal", "amount": {"dice": "2d4"}, "concentration": True}}
    assert item_problems(item, schema=2) == []
    item = {"category": "scroll", "use": {"kind": "attack", "attackRoll": True, "amount": {"dice": "2d4"},
                                          "halfOnMiss": True}}
    # halfOnMiss plays on a use (tests/ruleset/guard_class_kit.py) from the version an item
    # use gained it in.
    assert item_problems(item, schema=2) == [
        f'{ITEM}.use: "use" needs capabilityApi 1.257 or later (this package declares 1.198)',
        f'{ITEM}.use.halfOnMiss: "halfOnMiss" needs capabilityApi 1.255 or later (this package declares 1.198)',
    ]


def test_item_use_utility_needs_a_standing_area():
    item = {"category": "scroll", "use": {"kind": "utility", "range": 60}}
    assert item_problems(item) == [
        f'{ITEM}.use: an item use of "kind": "utility" only leaves a standing area, so it needs "area" and "zone"'
    ]


def test_worn_senses_validate():
    # Played (tests/combat/test_seeing.py, the Gem of Seeing; tests/ruleset/guard_sight.py).
    item = dict(AXE, worn={"senses": {"darkvision": {"add": 60}}})
    assert item_problems(item, schema=2) == []


def test_a_use_while_surprised_and_a_second_first_turn_are_refused_on_an_item_use():
    reason = "the spec gives it to an entry on its owner's sheet and never says what an item's use carrying it does"
    item = {"category": "scroll", "use": {"kind": "buff", "targets": "self", "ignoresSurpriseWith": "spells/bless",
                                          "extraFirstTurn": {"initiative": -10}}}
    assert sorted(item_problems(item, schema=2)) == [
        f'{ITEM}.use.extraFirstTurn: "extraFirstTurn" (Capability API 1.238) {NOT_YET}: {reason}',
        f'{ITEM}.use.ignoresSurpriseWith: "ignoresSurpriseWith" (Capability API 1.237) {NOT_YET}: {reason}',
        f'{ITEM}.use.ignoresSurpriseWith: unknown catalog "spells"',
    ]
