"""Carrying and binding (the `items` block's `carry` and `binding`, an item's `binds`;
shared/sheet/carry.py, docs/format.md "Carrying and binding"), on the vendored packages that
use them.

Ember Roads: `carry` reads the `bulk` stat, a traveller is encumbered above their derived
Load (6 + Brawn's modifier) and carries 12 at most. Juno (Brawn 3): Load 9.
Gravewatch: `binding` "Bound", at most the warden's Nerve; the Dawn bell binds (+1 to Ward
worn), the Widow's ring binds and is cursed. Ada: Nerve 2.
"""

from __future__ import annotations

import json
from typing import Any

from shared.sheet import compute_sheet_json
from shared.sheet.character import validate_character
from tests.combat.kit import FIXTURES, UPSTREAM, ruleset

COAT, AXE = {"item": "outfitter/leather-coat", "worn": True}, {"item": "outfitter/hand-axe", "worn": True}
RATIONS = {"item": "outfitter/road-rations", "quantity": 5}


def _character(member: dict[str, Any], items: tuple[dict[str, Any], ...]) -> dict[str, Any]:
    """The party member as a character (its name and sheet), carrying `items`."""
    member["sheet"]["live"] = {"items": list(items)}
    return {"name": member["name"], "sheet": member["sheet"]}


def _ember(*items: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    juno = _character(json.loads((FIXTURES / "ember-party.json").read_text())[0], items)
    return ruleset(json.loads((UPSTREAM / "ember-roads.json").read_text())), juno


def _gravewatch(*items: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    ada = _character(json.loads((FIXTURES / "gravewatch-party.json").read_text())[0], items)
    return ruleset(json.loads((UPSTREAM / "gravewatch.json").read_text())), ada


def test_the_load_against_the_carry_line_and_the_limit():
    """Coat 3 + hand axe 1 + 5 rations of 1 = 9 bulk: at Load 9, not above it. Three arrows
    more: 12, encumbered (above 9) and at the limit of 12."""
    rs, juno = _ember(COAT, AXE, RATIONS)
    assert compute_sheet_json(rs, juno["sheet"])["carry"] == {"load": 9, "encumberedAbove": 9, "limit": 12,
                                                              "encumbered": False}
    rs, juno = _ember(COAT, AXE, RATIONS, {"item": "outfitter/arrows", "quantity": 3})
    assert compute_sheet_json(rs, juno["sheet"])["carry"] == {"load": 12, "encumberedAbove": 9, "limit": 12,
                                                              "encumbered": True}
    assert validate_character(rs, juno)[1].lines() == []


def test_a_sheet_carrying_past_its_limit_is_refused():
    """Four arrows: 13 bulk, past the 12 a traveller can carry."""
    rs, juno = _ember(COAT, AXE, RATIONS, {"item": "outfitter/arrows", "quantity": 4})
    assert validate_character(rs, juno)[1].lines() == [
        "sheet.live.items: the items carried weigh 13 bulk, more than the 12 the bearer can carry"]


def test_a_binding_item_works_only_bound():
    """The Dawn bell worn but not bound lends nothing; bound, its + 1 to Ward is in force."""
    rs, ada = _gravewatch({"item": "kit/dawn-bell", "worn": True})
    assert compute_sheet_json(rs, ada["sheet"])["items"] == []
    rs, ada = _gravewatch({"item": "kit/dawn-bell", "worn": True, "bound": True})
    out = compute_sheet_json(rs, ada["sheet"])
    assert [e["name"] for e in out["items"]] == ["Dawn bell"]
    assert out["binding"] == {"label": "Bound", "bound": 1, "max": 2}


def test_binding_more_than_nerve_allows_is_refused():
    """Nerve 2: a bound Dawn bell, a bound Widow's ring and a second bound bell are 3."""
    rs, ada = _gravewatch({"item": "kit/dawn-bell", "worn": True, "bound": True},
                          {"item": "kit/widows-ring", "worn": True, "bound": True},
                          {"item": "kit/dawn-bell", "bound": True})
    assert validate_character(rs, ada)[1].lines() == [
        "sheet.live.items: 3 items are bound (Bound), more than the 2 the sheet allows"]


def test_only_an_item_that_binds_can_be_bound():
    rs, ada = _gravewatch({"item": "kit/grave-spade", "bound": True})
    assert validate_character(rs, ada)[1].lines() == [
        'sheet.live.items[0].bound: item "kit/grave-spade" does not bind (it has no "binds")']
