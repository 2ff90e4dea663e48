"""Immunities a condition or a level gives (`conditionImmunities`, Capability API 1.258):
while the holder has the condition, or has reached the level, the conditions it names are
not put on them (a sentence says why), and `notImmuneTo` rules them out as targets. See
conditions_kit.py for the numbers."""

from __future__ import annotations

import copy

from shared.ruleset import validate_package
from tests.combat.conditions_kit import base, charm, condition, juno_wren_vs

MIRE = {"kind": "debuff", "targets": "enemy", "applies": [{"condition": "mired", "duration": {"rounds": 2}}]}


def _pkg(minor: int = 300) -> tuple[dict, str]:
    pkg = base(minor)
    condition(pkg, "shielded", conditionImmunities=["mired"])
    return pkg, charm(pkg, "mire", MIRE)


def test_a_condition_keeps_the_conditions_it_names_off_its_holder():
    pkg, mire = _pkg()
    b = juno_wren_vs(pkg, ["stoat", "ghoul"], [], charms=("mire",))
    b.put("stoat", "shielded")
    b.choose("juno", "end-turn")
    lines = b.choose("wren", mire, "stoat")
    assert "Stoat is immune to Mired while Shielded." in lines
    assert [h.id for h in b.who("stoat").conditions] == ["shielded"]
    # Without the ward the same charm lands.
    assert "Ghoul is Mired for 2 rounds." in b.choose("stoat", "end-turn") + b.choose("ghoul", "end-turn") + \
        b.choose("juno", "end-turn") + b.choose("wren", mire, "ghoul")


def test_not_immune_to_rules_out_a_target_warded_by_a_condition():
    pkg, _mire = _pkg()
    dull = charm(pkg, "dull", {**MIRE, "targetTypes": {"notImmuneTo": ["mired"]}})
    b = juno_wren_vs(pkg, ["stoat", "ghoul"], [], charms=("dull",))
    b.put("ghoul", "shielded")
    b.choose("juno", "end-turn")
    assert b.options("wren")[dull].targets == ["stoat"]


def test_a_reached_level_gives_its_immunities():
    pkg, mire = _pkg()
    pkg["sheet"]["live"]["tracks"].append({"id": "calm", "label": "Calm", "min": 0, "max": 3, "default": 0})
    pkg["combat"]["levels"].append({"track": "calm", "at": 2, "conditionImmunities": ["mired"]})
    next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "stoat")["creature"]["tracks"] = {"calm": 2}
    next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "ghoul")["creature"]["tracks"] = {"calm": 1}
    b = juno_wren_vs(pkg, ["stoat", "ghoul"], [], charms=("mire",))
    b.choose("juno", "end-turn")
    assert "Stoat is immune to Mired while Calm 2." in b.choose("wren", mire, "stoat")
    assert b.who("stoat").conditions == []


def test_a_package_older_than_1_258_is_refused_naming_the_key():
    pkg, _mire = _pkg(minor=257)
    _result, problems = validate_package(copy.deepcopy(pkg))
    text = "\n".join(problems.lines())
    assert "conditionImmunities" in text and "1.258" in text, text
