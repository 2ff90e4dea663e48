"""Keys the spec gives that the engine does not resolve are refused by name, with their
Capability API and the reason, not as "unknown key" (issue 19)."""

from __future__ import annotations

from typing import Any

from tests.ruleset.minimal import problems_of
from tests.ruleset.test_combat import contest_package
from tests.ruleset.test_creatures import bestiary_package
from tests.ruleset.entry_kit import ITEM, with_entry, with_item

NOT_YET = "is not supported by marinara-battle yet"
CONTEST = "combat.contests[0]"


def test_combat_sizes_validate():
    # Played on a board since issue 27 (tests/combat/test_board_sizes.py).
    p = contest_package()
    p["combat"]["sizes"] = {"order": [{"id": "medium", "label": "Medium"}, {"id": "large", "label": "Large", "cells": 2}]}
    assert problems_of(p) == []


def test_a_contest_against_a_fixed_difficulty_validates():
    # mechanics-1 1.193: the Sword of Wounding's DC 15 Medicine check, without a defender
    # (played since issue 24: tests/combat/test_stabilizing.py).
    p = contest_package(difficulty=15, targets="any", targetHolds="held",
                        onWin={"ends": [{"condition": "held", "on": "target"}]})
    del p["combat"]["contests"][0]["defender"]
    assert problems_of(p) == []


def test_a_contest_still_needs_a_defender_or_a_difficulty_and_not_both():
    p = contest_package()
    del p["combat"]["contests"][0]["defender"]
    assert problems_of(p) == [f'{CONTEST}: a contest needs a "defender", or a fixed "difficulty" to reach']
    assert problems_of(contest_package(difficulty=15)) == [
        f'{CONTEST}: a contest against a fixed "difficulty" has no "defender"']


def test_contest_size_limit_needs_sizes_spell_holds_accepted_and_dying_needs_the_rule():
    # `from.escapable` plays (tests/combat/test_board_zones.py); `maxSizeAbove` plays with
    # `combat.sizes` (tests/combat/test_board_sizes.py).
    p = contest_package(targetDying=True, maxSizeAbove=1, onWin={"stabilizes": True},
                        **{"from": {"holding": "held", "escapable": True}})
    assert sorted(problems_of(p)) == sorted([
        f'{CONTEST}.targetDying: needs a "combat.dying" rule: nobody is dying without one',
        f'{CONTEST}.maxSizeAbove: "maxSizeAbove" needs "combat.sizes"',
        f'{CONTEST}.onWin.stabilizes: needs a "combat.dying" rule: nobody is dying without one',
    ])


def test_a_shared_recharge_group_plays():
    # Played (tests/combat/test_recharge_groups.py): no longer refused.
    pkg = bestiary_package()
    action: dict[str, Any] = pkg["catalogs"][0]["entries"][0]["creature"]["actions"][0]
    action["recharge"] = {"dice": {"count": 1, "sides": 6}, "from": 5, "group": "breath"}
    assert problems_of(pkg) == []


def test_a_clause_only_on_a_critical_validates():
    # Played: dealt only with a critical hit (tests/combat/test_critical_parts.py).
    pkg = with_entry({"kind": "attack", "attackRoll": True, "amount": {"dice": "1d6"},
                      "plus": [{"dice": "1d6", "type": "fire", "onCritical": True}]})
    assert problems_of(pkg) == []


def test_charges_that_break_are_refused_by_name():
    staff = {"category": "weapon", "charges": {"max": 10, "breaksOn": {"atMost": 1, "becomes": "gear/ring"}}}
    assert problems_of(with_item(staff)) == [
        f'{ITEM}.charges.breaksOn: "breaksOn" (Capability API 1.271) {NOT_YET}: '
        "the spec never says what breaksOn itself is: which die is rolled for the last charge and what its atMost "
        "is compared with (1.271 and 1.272 only add regains and becomes to it, and 1.273 only says that die is "
        "rolled as it is on a use)"
    ]
