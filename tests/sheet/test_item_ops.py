"""The item operations on carried stacks (shared/sheet/item_ops.py) and their reply tags
(`[sheet: who= op="consume"|"charge"|"recharge" item= amount=]`), on the vendored packages.

Ember Roads' road rations stack to 7; Tobin carries 3. Gravewatch's kit is given one more
token for the charges: a lantern of wards holding 3 charges (`charges.max`)."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from shared.games.reply import apply_reply
from shared.games.members import member_sheet
from shared.ruleset.load import load_package
from shared.sheet.item_ops import charge, consume, recharge
from shared.sheet.refusal import Refusal
from tests.conftest import UPSTREAM


@lru_cache(maxsize=None)
def ember() -> Any:
    return load_package(json.loads((UPSTREAM / "ember-roads.json").read_text()))


@lru_cache(maxsize=None)
def gravewatch_with_a_lantern() -> Any:
    pkg = json.loads((UPSTREAM / "gravewatch.json").read_text())
    kit = next(c for c in pkg["catalogs"] if c["id"] == "kit")
    kit["entries"].append({"id": "lantern-of-wards", "label": "Lantern of wards", "summary": "It burns three nights.",
                           "item": {"category": "token", "charges": {"max": 3}}})
    return load_package(pkg)


def rations(quantity: int = 3) -> dict[str, Any]:
    return {"live": {"items": [{"item": "outfitter/road-rations", "quantity": quantity},
                               {"item": "outfitter/waystone"}]}}


def lantern(**line: Any) -> dict[str, Any]:
    return {"live": {"items": [{"item": "kit/lantern-of-wards", **line}]}}


def test_consume_takes_from_the_stack_and_the_last_one_takes_it_off():
    # 3 rations - 2 = 1; then the last one: the stack leaves the sheet, the waystone stays.
    one = consume(ember(), rations(), "road rations", 2)
    assert one["live"]["items"][0] == {"item": "outfitter/road-rations", "quantity": 1}
    none = consume(ember(), one, "Road rations")
    assert none["live"]["items"] == [{"item": "outfitter/waystone"}]
    assert consume(ember(), rations(), "Road rations", 4) == Refusal(
        "insufficient", "Road rations has 3 left, not enough to use 4")
    assert consume(ember(), rations(), "Lamp oil") == Refusal("unknown-item", "the character carries no Lamp oil")
    assert consume(ember(), rations(), "Road rations", 0) == Refusal(
        "bad-amount", "an item amount is a whole number from 1, not 0")


def test_charges_are_spent_and_come_back_to_the_maximum():
    # A lantern with no count written is full: 3; spend 2, 1 left; 2 more is refused.
    spent = charge(gravewatch_with_a_lantern(), lantern(), "Lantern of wards", 2)
    assert spent["live"]["items"] == [{"item": "kit/lantern-of-wards", "charges": 1}]
    assert charge(gravewatch_with_a_lantern(), spent, "lantern of wards", 2) == Refusal(
        "insufficient", "Lantern of wards has 1 charge left, not enough to spend 2")
    # Recharged by 1: 2; to the maximum: 3, the default, so nothing is stored.
    assert recharge(gravewatch_with_a_lantern(), spent, "Lantern of wards", 1)["live"]["items"] == [
        {"item": "kit/lantern-of-wards", "charges": 2}]
    assert recharge(gravewatch_with_a_lantern(), spent, "Lantern of wards")["live"]["items"] == [
        {"item": "kit/lantern-of-wards"}]
    assert charge(ember(), rations(), "Waystone") == Refusal("no-charges", "Waystone holds no charges")


def test_the_reply_tags_and_their_receipts():
    tobin = {"name": "Tobin", "sheet": rations()}
    out = apply_reply(ember(), {}, '[sheet: who="Tobin" op="consume" item="Road rations" amount="2"] '
                                   '[sheet: who="Tobin" op="consume" item="Road rations" amount="2"]', [tobin])
    assert out.text == ('[sheet: who="Tobin" op="consume" item="Road rations" amount="2" result="ok" now="1 left"] '
                        '[sheet: who="Tobin" op="consume" item="Road rations" amount="2" result="refused" '
                        'reason="insufficient"]')
    assert out.receipts[1]["message"] == "Road rations has 1 left, not enough to use 2"
    ada = {"name": "Ada", "sheet": lantern()}
    out = apply_reply(gravewatch_with_a_lantern(), {}, '[sheet: who="Ada" op="charge" item="Lantern of wards"] '
                                                       '[sheet: who="Ada" op="recharge" item="Lantern of wards"]',
                      [ada])
    assert [r["now"] for r in out.receipts] == ["2/3 charges", "3/3 charges"]


@settings(max_examples=50, deadline=None)
@given(quantity=st.integers(1, 7), ops=st.lists(st.tuples(st.sampled_from(["consume", "charge", "recharge"]),
                                                          st.integers(1, 4)), max_size=6))
def test_a_refused_item_operation_changes_nothing_and_counts_stay_in_range(quantity, ops):
    rules = gravewatch_with_a_lantern()
    member = {"name": "Ada", "sheet": {"live": {"items": [{"item": "kit/warming-tonic", "quantity": quantity},
                                                          {"item": "kit/lantern-of-wards"}]}}}
    state: Any = {}
    for op, amount in ops:
        item = "Warming tonic" if op == "consume" else "Lantern of wards"
        out = apply_reply(rules, state, f'[sheet: who="Ada" op="{op}" item="{item}" amount="{amount}"]', [member])
        if out.receipts[0]["result"] == "refused":
            assert out.state == apply_reply(rules, state, "", [member]).state
        state = out.state
        for line in member_sheet(state, member)["live"].get("items", []):
            assert 1 <= line.get("quantity", 1) <= 7 and 0 <= line.get("charges", 3) <= 3
