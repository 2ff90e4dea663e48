"""Whether one `applies` entry lands: `when` read from the applier's sheet (1.167; an
applier without a sheet applies every entry) and `targetIs` (1.168). See conditions_kit.py
for the numbers."""

from __future__ import annotations

from tests.combat.conditions_kit import base, charm, condition, juno_wren_vs

RAGE = "ability:charms:fury"


def _pkg() -> dict:
    pkg = base()
    for cid in ("furious", "fury_small", "fury_big", "blessed", "turned"):
        condition(pkg, cid, modifiers=[{"to": "defense", "flat": 1}])
    charm(pkg, "fury", {"kind": "buff", "targets": "self", "applies": [
        {"condition": "furious", "duration": {"rounds": 10}},
        {"condition": "fury_small", "duration": {"rounds": 10}, "when": {"value": {"field": "rank"}, "atMost": 2}},
        {"condition": "fury_big", "duration": {"rounds": 10}, "when": {"value": {"field": "rank"}, "atLeast": 3}},
    ]})
    charm(pkg, "rebuke", {"kind": "debuff", "targets": "enemy", "targetCount": 2, "applies": [
        {"condition": "turned", "duration": {"rounds": 1}, "targetIs": {"types": ["undead"]}},
        {"condition": "dazzled", "duration": {"rounds": 1}},
    ]})
    ghoul = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "ghoul")["creature"]
    ghoul["actions"].append({"id": "curse", "name": "Curse", "budget": "act", "autoHit": True,
                             "applies": [{"condition": "dazzled", "duration": {"rounds": 1},
                                          "targetIs": {"types": ["beast"]}}]})
    return pkg


def test_when_reads_the_appliers_sheet_and_skips_the_entries_outside_its_bounds():
    b = juno_wren_vs(_pkg(), ["stoat"], [], charms=("fury",))
    b.choose("juno", "end-turn")
    lines = b.choose("wren", RAGE)
    assert lines[1:4] == ["Wren is Furious for 10 rounds.", "Wren is Fury small for 10 rounds.",
                          "Fury big is not put on Wren: Wren's Rank is 2, and it needs at least 3."]
    assert [h.id for h in b.who("wren").conditions] == ["furious", "fury_small"]


def test_target_is_on_an_applies_entry():
    b = juno_wren_vs(_pkg(), ["stoat", "ghoul"], [], charms=("rebuke",))
    b.choose("juno", "end-turn")
    lines = b.choose("wren", "ability:charms:rebuke", "stoat", "ghoul")
    assert lines[1:6] == ["Turned is not put on Stoat: it takes only Undead.", "Stoat is Dazzled for 1 round.",
                          "Ghoul is Turned for 1 round.", "Ghoul is Dazzled for 1 round.", "Stoat's turn."]


def test_a_creature_without_a_sheet_applies_every_entry_but_still_tests_its_targets():
    b = juno_wren_vs(_pkg(), ["ghoul"], [])
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("ghoul", "action:curse", "juno")
    assert lines[:2] == ["Ghoul uses Curse on Juno.", "Dazzled is not put on Juno: it takes only Beast."]
