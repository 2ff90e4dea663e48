"""Diseases between fights (mechanics-3 1.260, 1.261): a rest taken under a condition with
`onRest` lowers the health maximum by dice rolled after the rest restored what it restores;
`lasting` keeps it through later rests; `restoredWhenCured` gives it back when the condition
comes off; `onRest.save` is rolled first with the sheet's own save, and with `cures` a
success ends the condition.

Package: the vendored 5e-srd (its long rest restores hp to the maximum), with the spec's
Mummy Rot: `"onRest": {"rests": ["long"], "lowersMax": {"dice": "3d6"}, "lasting": true}`.
Brom (tests/combat/srd_kit.py): 28 hit points, Constitution 14 with a proficient
Constitution save (+ 2 + 2 = + 4 at level 3).
"""

from __future__ import annotations

from typing import Any

from shared.dice import ScriptedRoller
from shared.ruleset import validate_package
from shared.sheet import ops, take_rest
from shared.sheet.view import SheetView
from tests.combat.kit import add_condition
from tests.combat.srd_kit import brom, srd_package

MUMMY_ROT = {"rests": ["long"], "lowersMax": {"dice": "3d6"}, "lasting": True}


def rules(on_rest: dict[str, Any] | None = MUMMY_ROT) -> Any:
    pkg = srd_package()
    add_condition(pkg, "mummy_rot", "Mummy rot", kinds=["disease"], **({"onRest": on_rest} if on_rest else {}))
    found, problems = validate_package(pkg)
    assert found is not None and not problems, problems.lines()
    return found


def rotting(hp: int = 20) -> dict[str, Any]:
    sheet: dict[str, Any] = brom()["sheet"]
    sheet["live"] = {"pools": {"hp": hp}, "conditions": ["mummy_rot"]}
    return sheet


def hp(rs: Any, sheet: dict[str, Any]) -> tuple[int, int]:
    found = SheetView(rs, sheet).pool("hp")
    assert found is not None
    return found[1], found[0].max


def test_mummy_rot_after_a_long_rest_rolling_4_5_6_takes_the_maximum_from_28_to_13():
    """The rest fills hp to 28 first, then 3d6 = 4 + 5 + 6 = 15: 28 - 15 = 13, and the
    current 28 is held to 13."""
    rs = rules()
    sheet = rotting()
    assert hp(rs, sheet) == (20, 28)
    rested = take_rest(rs, sheet, "long", ScriptedRoller([4, 5, 6]))
    assert not isinstance(rested, Exception) and hasattr(rested, "sheet")
    assert hp(rs, rested.sheet) == (13, 13)
    assert rested.notes == ("Mummy rot lowers the Hit points maximum by 15 (4 + 5 + 6): 28 to 13.",)
    assert rested.sheet["live"]["sealed"] == {"hp": {"lasting": 15}}


def test_lasting_stays_through_the_next_rest_which_lowers_it_again():
    """A second long rest: nothing is given back (lasting) and 3d6 = 1 + 1 + 2 = 4 more:
    13 - 4 = 9."""
    rs = rules()
    once = ops.apply(rs, rotting(), {"op": "rest", "rest": "long"}, ScriptedRoller([4, 5, 6]))
    assert isinstance(once, dict)
    twice = ops.apply(rs, once, {"op": "rest", "rest": "long"}, ScriptedRoller([1, 1, 2]))
    assert isinstance(twice, dict)
    assert hp(rs, twice) == (9, 9)


def test_without_lasting_the_next_rest_gives_it_back():
    """Not lasting: the first rest takes 15 (28 to 13); the next long rest lifts that seal,
    fills hp to 28, then takes its own 3d6 = 2 + 2 + 2 = 6: 22."""
    rs = rules({"rests": ["long"], "lowersMax": {"dice": "3d6"}})
    once = ops.apply(rs, rotting(), {"op": "rest", "rest": "long"}, ScriptedRoller([4, 5, 6]))
    assert isinstance(once, dict) and hp(rs, once) == (13, 13)
    twice = ops.apply(rs, once, {"op": "rest", "rest": "long"}, ScriptedRoller([2, 2, 2]))
    assert isinstance(twice, dict) and hp(rs, twice) == (22, 22)


def test_a_short_rest_is_not_one_of_its_rests():
    rs = rules()
    rested = ops.apply(rs, rotting(), {"op": "rest", "rest": "short"}, ScriptedRoller([]))
    assert isinstance(rested, dict) and hp(rs, rested) == (20, 28)


def test_restored_when_cured_gives_the_maximum_back_when_the_condition_comes_off():
    """28 to 13 under the rot; the condition taken off: the maximum is 28 again (the current
    13 stays, for healing to raise)."""
    rs = rules({**MUMMY_ROT, "restoredWhenCured": True})
    rested = ops.apply(rs, rotting(), {"op": "rest", "rest": "long"}, ScriptedRoller([4, 5, 6]))
    assert isinstance(rested, dict) and hp(rs, rested) == (13, 13)
    assert rested["live"]["sealed"] == {"hp": {"until:mummy_rot": 15}}
    cured = ops.set_condition(rs, rested, "mummy_rot", False)
    assert isinstance(cured, dict)
    assert hp(rs, cured) == (13, 28)
    # Without restoredWhenCured the lasting part stays when it comes off.
    plain = ops.apply(rules(), rotting(), {"op": "rest", "rest": "long"}, ScriptedRoller([4, 5, 6]))
    assert isinstance(plain, dict)
    still = ops.set_condition(rules(), plain, "mummy_rot", False)
    assert isinstance(still, dict) and hp(rules(), still) == (13, 13)


def test_a_save_that_cures_ends_it_before_anything_is_lowered():
    """The otyugh's disease: a DC 15 Constitution save first: 11 + 4 = 15, a success, which
    cures: nothing is lowered. Then 10 + 4 = 14, a failure: 3d6 (3 + 3 + 3) = 9, 28 to 19."""
    rs = rules({"rests": ["long"], "lowersMax": {"dice": "3d6"},
                "save": {"save": "con_save", "difficulty": 15, "cures": True}})
    cured = take_rest(rs, rotting(), "long", ScriptedRoller([11]))
    assert not isinstance(cured, Exception)
    assert hp(rs, cured.sheet) == (28, 28)
    assert cured.sheet["live"].get("conditions", []) == []
    assert cured.notes == ("Mummy rot: a Constitution save of 15 against 15, success.", "The save ends Mummy rot.")
    failed = take_rest(rs, rotting(), "long", ScriptedRoller([10, 3, 3, 3]))
    assert not isinstance(failed, Exception)
    assert hp(rs, failed.sheet) == (19, 19)
    assert failed.notes == ("Mummy rot: a Constitution save of 14 against 15, failure.",
                            "Mummy rot lowers the Hit points maximum by 9 (3 + 3 + 3): 28 to 19.")
    assert failed.sheet["live"]["conditions"] == ["mummy_rot"]
