"""Worn and carried items read by checks and saves outside a fight (shared/sheet/checks.py
with shared/sheet/items.py `check_bonuses`; issue 22 section 1: "a ring of protection adds
to saves"), on the vendored packages with scripted dice.

Ember Roads (2d6 plus the sheet's number against a DC): the waystone, carried, gives +1 to
Sway; the leather coat, worn, -1 to Sneak (packed, it does nothing). Gravewatch (a pool of
d10s, successes at 6 or more): a ring that adds 1 to saves, worn, is one more die on the
Steel save (Nerve 2: 2 dice, 3 with the ring)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from shared.dice import ScriptedRoller
from shared.ruleset.load import load_package
from shared.sheet.checks import CheckAsk, CheckRecord, roll_check
from tests.conftest import UPSTREAM


@lru_cache(maxsize=None)
def ember() -> Any:
    return load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))


@lru_cache(maxsize=None)
def gravewatch_with_a_ring() -> Any:
    """Gravewatch's kit with one more token: a ring that, worn, adds 1 to every save."""
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    kit = next(c for c in pkg["catalogs"] if c["id"] == "kit")
    kit["entries"].append({"id": "ring-of-warding", "label": "Ring of warding", "summary": "A plain iron band.",
                           "item": {"category": "token", "slots": {"worn": 1},
                                    "worn": {"modifiers": [{"to": "saves", "flat": 1}]}}})
    return load_package(pkg)


def _check(ruleset: Any, skill: str, items: list[dict[str, Any]], faces: list[int], **sheet: Any) -> CheckRecord:
    record = roll_check(ruleset, CheckAsk(skill, dc=10 if ruleset is ember() else 1), ScriptedRoller(faces),
                        sheet={**sheet, "live": {"items": items}}, who="Tobin")
    assert isinstance(record, CheckRecord)
    return record


TOBIN_ITEMS = [{"item": "outfitter/waystone"}, {"item": "outfitter/leather-coat", "worn": True}]


def test_a_carried_waystone_adds_to_sway_and_a_worn_coat_takes_from_sneak():
    # 3 + 4 = 7; Sway untrained for Tobin, 0 from the sheet, +1 from the waystone: 8.
    sway = _check(ember(), "Sway", TOBIN_ITEMS, [3, 4])
    assert (sway.modifier, sway.total, sway.adjust, sway.items) == (1, 8, 1, "Waystone +1")
    assert sway.attrs()[-2:] == [("adjust", "+1"), ("items", "Waystone +1")]
    # 7 - 1 (the coat) = 6.
    sneak = _check(ember(), "Sneak", TOBIN_ITEMS, [3, 4])
    assert (sneak.total, sneak.items) == (6, "Leather coat -1")
    # Brawn is narrowed by neither: 7.
    brawn = _check(ember(), "Brawn", TOBIN_ITEMS, [3, 4])
    assert (brawn.total, brawn.items) == (7, None)
    # The coat rolled up in the pack is carried, not worn: Sneak 7.
    packed = _check(ember(), "Sneak", [{"item": "outfitter/leather-coat"}], [3, 4])
    assert (packed.total, packed.items) == (7, None)


def test_a_worn_ring_adds_to_saves():
    ring = [{"item": "kit/ring-of-warding", "worn": True}]
    # Nerve 2: two d10s, 7 and 3, one success at 6 or more.
    plain = _check(gravewatch_with_a_ring(), "Steel", [], [7, 3, 9], abilities={"nerve": 2})
    assert (plain.dice, plain.rolls, plain.used) == ("2d10", ("7", "3"), 1)
    # Worn, the ring's +1 is one more die: 7, 3, 9, two successes.
    worn = _check(gravewatch_with_a_ring(), "Steel", ring, [7, 3, 9], abilities={"nerve": 2})
    assert (worn.dice, worn.rolls, worn.used, worn.items) == ("3d10", ("7", "3", "9"), 2, "Ring of warding +1")
    # Carried but not worn, it adds nothing; and it reaches no check.
    carried = _check(gravewatch_with_a_ring(), "Steel", [{"item": "kit/ring-of-warding"}], [7, 3, 9],
                     abilities={"nerve": 2})
    assert (carried.dice, carried.items) == ("2d10", None)
    ward = _check(gravewatch_with_a_ring(), "Ward", ring, [7, 3, 9], abilities={"nerve": 2})
    assert ward.items is None
