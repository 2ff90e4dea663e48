"""Keys the spec describes that the package model does not know yet are refused by path.

The strict base model refuses any key it does not declare ("unknown key"), so a package using
one of these is never half-read. docs/spec-index.md names these tests for the sections whose
keys are not modelled (mechanics-1 1.186, 1.193 and 1.194, mechanics-3 1.272).
"""

from __future__ import annotations

from tests.ruleset.minimal import minimal_package, problems_of
from tests.ruleset.test_combat import contest_package
from tests.ruleset.test_mechanics3 import with_creature, with_item


def test_sizes_larger_than_one_cell_are_refused_as_an_unknown_combat_key():
    # mechanics-1 1.194: `combat.sizes.order[].cells` (Large 2, Huge 3, Gargantuan 4).
    pkg = minimal_package()
    pkg["capabilityApi"] = {"major": 1, "minor": 300}
    pkg["combat"]["sizes"] = {"order": [{"id": "large", "label": "Large", "cells": 2}]}
    assert problems_of(pkg) == ["combat.sizes: unknown key"]


def test_a_shared_recharge_group_is_refused_as_an_unknown_recharge_key():
    # mechanics-1 1.186: two breath weapons that recharge together share a `group`.
    breath = {
        "id": "breath", "name": "Fire Breath", "budget": "act", "autoHit": True,
        "damage": {"dice": "6d6", "type": "necrotic"},
        "recharge": {"dice": {"count": 1, "sides": 6}, "from": 5, "group": "breath"},
    }
    assert problems_of(with_creature([breath])) == [
        "catalogs[1].entries[0].creature.actions[0].recharge.group: unknown key"
    ]


def test_an_item_that_breaks_into_another_is_refused_as_an_unknown_charges_key():
    # mechanics-3 1.272: `charges.breaksOn` with `becomes` (a Staff of Striking's quarterstaff).
    staff = {"category": "weapon", "charges": {"max": 10, "breaksOn": {"atMost": 1, "becomes": "gear/ring"}}}
    assert problems_of(with_item(staff)) == ["catalogs[1].entries[0].item.charges.breaksOn: unknown key"]


def test_a_contest_against_a_fixed_difficulty_is_refused_and_still_needs_a_defender():
    # mechanics-1 1.193: omit `defender`, set `"difficulty": 15` and `"targets": "any"`.
    pkg = contest_package(difficulty=15, targets="any")
    del pkg["combat"]["contests"][0]["defender"]
    pkg["capabilityApi"] = {"major": 1, "minor": 300}
    assert problems_of(pkg) == [
        "combat.contests[0].defender: required",
        "combat.contests[0].difficulty: unknown key",
        "combat.contests[0].targets: unknown key",
    ]
