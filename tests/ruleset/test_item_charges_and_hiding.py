"""The keys spec/mechanics-3.md gives items and the combat block: a use spending the
item's charges (and a rescue spent with one), staffs (`moreUses`, `chargeStep`,
`sheetDifficulty`), charges spent on a hit (`attack.spends`), keys an item use gained
later than an entry, and `combat.hiding`."""

from __future__ import annotations



from tests.ruleset.entry_kit import ITEM, rich_package, with_item
from tests.ruleset.minimal import problems_of


# ---------------------------------------------------------------------------
# Items and the combat block
# ---------------------------------------------------------------------------


def test_a_rescue_on_an_item_use_spends_a_charge():
    ring = {"category": "weapon", "charges": {"max": 3},
            "use": {"kind": "buff", "targets": "self", "free": True, "rescue": {"roll": "saves", "by": "success", "saves": ["dex_save"], "budget": "reaction"}}}
    assert problems_of(with_item(ring)) == [
        f'{ITEM}.use: a "rescue" on an item use is spent with a charge, so the use needs "charges"'
    ]


def test_a_use_spending_charges_needs_an_item_with_charges():
    ring = {"category": "weapon", "use": {"kind": "buff", "targets": "self", "charges": 1}}
    assert problems_of(with_item(ring)) == [f'{ITEM}: use: "charges" spends the item\'s own charges, so the item needs "charges"']


def test_a_staffs_charge_steps_validate_with_a_push_per_charge():
    staff = {
        "category": "weapon",
        "charges": {"max": 10},
        "use": {"kind": "attack", "amount": {"dice": "3d6"}, "charges": 1, "chargeStep": {"max": 3, "amount": {"dice": "1d6"}}},
        "moreUses": [{"label": "Burning Hands", "use": {"kind": "attack", "amount": {"dice": "3d6"}, "charges": 1}}],
    }
    # Extra charges as raised-cost steps play (tests/combat/test_item_use_keys.py), and so
    # does pushing farther with each (tests/combat/test_board_pushes.py, the Ring of the Ram).
    assert problems_of(with_item(staff)) == []
    staff["use"]["chargeStep"]["push"] = 5
    assert problems_of(with_item(staff)) == []


def test_a_further_use_is_read_as_a_use():
    staff = {"category": "weapon", "charges": {"max": 10}, "use": {"kind": "attack", "amount": {"dice": "3d6"}},
             "moreUses": [{"label": "Burning Hands", "use": {"amount": {"dice": "3d6"}}}]}
    assert problems_of(with_item(staff)) == [f'{ITEM}.moreUses[0].use: kind: required']


def test_charges_spent_on_a_hit_need_charges():
    staff = {"category": "weapon", "attack": {"damage": {"dice": "1d6"},
             "spends": [{"label": "Force", "charges": 1, "amount": {"dice": "1d6"}, "type": "force"}]}}
    assert problems_of(with_item(staff)) == [f'{ITEM}: "attack.spends" spends the item\'s charges, so the item needs "charges"']


def test_hiding_names_contest_checks():
    pkg = rich_package()
    pkg["combat"]["hiding"] = {"stealth": "sneak", "perception": "spot", "noisy": ["verbal"]}
    assert sorted(problems_of(pkg)) == [
        'combat.hiding.noisy[0]: component "verbal" needs "combat.components"',
        'combat.hiding.perception: unknown check "spot": declare it in "combat.checks"',
        'combat.hiding.stealth: unknown check "sneak": declare it in "combat.checks"',
    ]


def test_an_item_use_gained_half_on_a_miss_later_than_an_entry():
    scroll = {"category": "weapon", "use": {"kind": "attack", "attackRoll": True, "amount": {"dice": "4d4"}, "halfOnMiss": True}}
    pkg = with_item(scroll)
    pkg["capabilityApi"] = {"major": 1, "minor": 256}
    # Played (tests/ruleset/guard_class_kit.py), from the version an item use gained it in.
    assert sorted(problems_of(pkg)) == [
        f'{ITEM}.use: "use" needs capabilityApi 1.257 or later (this package declares 1.256)',
    ]
