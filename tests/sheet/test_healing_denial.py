"""Healing denied outside a fight (mechanics-3 1.261 `cannot-heal-nonmagical`, mechanics-1
1.191 `cannot-heal`) on the 5e-srd sample as it ships, with Chilled added as Chill Touch's
condition (as tests/combat/test_healing_denial.py does).

Brom (tests/combat/srd_kit.py): 28 hit points, at 10 of them. The spec: outside a fight only
restore operations with `"magical": true` heal a holder, a rest never does, and a refused
restore reports `cannot-heal`. The long rest's `{"pool": "hp", "to": "max"}` would give 18.
"""

from __future__ import annotations

from typing import Any

from shared.ruleset.package import Ruleset
from shared.sheet import Refusal, SheetView, apply, take_rest
from tests.combat.kit import add_condition
from tests.combat.srd_kit import brom, srd, srd_package


def _srd(effect: str = "cannot-heal-nonmagical") -> Ruleset:
    return srd(add_condition(srd_package(), "chilled", "Chilled", effects=[effect]))


def _brom(*conditions: str) -> dict[str, Any]:
    sheet: dict[str, Any] = brom()["sheet"]
    sheet["live"] = {"pools": {"hp": 10}, "conditions": list(conditions)}
    return sheet


def _hp(rs: Ruleset, sheet: dict[str, Any]) -> int:
    found = SheetView(rs, sheet).pool("hp")
    assert found is not None
    return found[1]


def test_a_chilled_long_rest_leaves_hit_points_and_says_why():
    rs = _srd()
    taken = take_rest(rs, _brom("chilled"), "long")
    assert not isinstance(taken, Refusal)
    assert _hp(rs, taken.sheet) == 10
    assert taken.notes == ("Long rest does not restore Hit points: no healing but magical healing while Chilled.",)
    # The sheet operation of the same rest leaves them too.
    rested = apply(rs, _brom("chilled"), {"op": "rest", "rest": "long"})
    assert not isinstance(rested, Refusal) and _hp(rs, rested) == 10


def test_without_the_condition_the_same_rest_heals_fully():
    rs = _srd()
    taken = take_rest(rs, _brom(), "long")
    assert not isinstance(taken, Refusal)
    assert _hp(rs, taken.sheet) == 28
    assert taken.notes == ()


def test_an_untagged_restore_is_refused_cannot_heal():
    rs = _srd()
    refused = apply(rs, _brom("chilled"), {"op": "restore", "pool": "hp", "amount": 7})
    assert refused == Refusal("cannot-heal", "Hit points not restored: no healing but magical healing while Chilled")
    # Not magical unless it says `true`.
    assert isinstance(apply(rs, _brom("chilled"), {"op": "restore", "pool": "hp", "amount": 7, "magical": "yes"}), Refusal)


def test_a_magical_restore_heals_the_exact_amount():
    rs = _srd()
    healed = apply(rs, _brom("chilled"), {"op": "restore", "pool": "hp", "amount": 7, "magical": True})
    assert not isinstance(healed, Refusal)
    assert _hp(rs, healed) == 17


def test_cannot_heal_refuses_the_magical_restore_and_the_rest():
    rs = _srd("cannot-heal")
    refused = apply(rs, _brom("chilled"), {"op": "restore", "pool": "hp", "amount": 7, "magical": True})
    assert refused == Refusal("cannot-heal", "Hit points not restored: no healing while Chilled")
    taken = take_rest(rs, _brom("chilled"), "long")
    assert not isinstance(taken, Refusal) and _hp(rs, taken.sheet) == 10
    assert taken.notes == ("Long rest does not restore Hit points: no healing while Chilled.",)
