"""Saves against conditions, damage and magic (1.134; `from` 1.185, `actions`, `casts`),
modifier `mode` on saves (cancelling with the effects of the same name), `failsSaves`, and
checks narrowed to skills never reaching contests. See conditions_kit.py for the numbers."""

from __future__ import annotations

from shared.combat import numbers as N
from shared.combat.fight import Fight
from shared.combat.saves_against import NOTHING, SaveContext, matches
from shared.ruleset.modifiers import SaveAgainst
from tests.combat.conditions_kit import base, charm, condition, juno_wren_vs

GLARE, FREEZE = "action:glare", "action:freeze"


def _pkg() -> dict:
    pkg = base()
    pkg["items"] = {"categories": [{"id": "gear", "label": "Gear"}], "tags": [{"id": "magical", "label": "Magical"}]}
    stoat = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "stoat")["creature"]
    stoat["actions"].append({"id": "glare", "name": "Glare", "budget": "act",
                             "save": {"save": "nerve_save", "difficulty": 10, "onSuccess": "negates"},
                             "applies": [{"condition": "gripped", "duration": "until-save",
                                          "saveEnds": {"save": "nerve_save", "at": "turn-end"}}]})
    ghoul = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "ghoul")["creature"]
    ghoul["actions"].append({"id": "freeze", "name": "Freeze", "budget": "act", "damage": {"dice": "2d6", "type": "Cold"},
                             "save": {"save": "grit_save", "difficulty": 12, "onSuccess": "half"}})
    condition(pkg, "gripped", effects=["speed-zero"])
    condition(pkg, "steadfast", modifiers=[{"to": "saves", "mode": "advantage", "against": {"conditions": ["gripped"]}}])
    condition(pkg, "warm", modifiers=[{"to": "saves", "flat": 2, "against": {"damage": ["cold"]}}])
    condition(pkg, "gnomish", modifiers=[{"to": "saves", "saves": ["nerve_save"], "mode": "advantage",
                                          "against": {"magic": True}}])
    condition(pkg, "scaled", modifiers=[{"to": "saves", "flat": 1, "against": {"from": {"types": ["undead"]}}}])
    condition(pkg, "jittery", effects=["own-saves-advantage"], modifiers=[{"to": "saves", "mode": "disadvantage"}])
    condition(pkg, "stunned", effects=["cannot-act"], failsSaves=["nerve_save"])
    charm(pkg, "glamour", {"kind": "debuff", "targets": "enemy", "qualities": ["magical"],
                           "save": {"save": "nerve_save", "onSuccess": "none"},
                           "applies": [{"condition": "gripped", "duration": {"rounds": 1}}]})
    charm(pkg, "mud-hex", {"kind": "debuff", "targets": "enemy", "save": {"save": "nerve_save", "onSuccess": "none"},
                           "applies": [{"condition": "gripped", "duration": {"rounds": 1}}]})
    return pkg


def _foes_turn(b, foe: str) -> None:
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    assert b.waiting() == foe


def test_against_a_condition_the_action_would_apply():
    b = juno_wren_vs(_pkg(), ["stoat"], [3, 9])
    b.put("juno", "steadfast", rounds=5)
    _foes_turn(b, "stoat")
    lines = b.choose("stoat", GLARE, "juno")
    assert lines[1] == "Juno rolls a Nerve save against Glare: 9 (advantage; dropped 3) + 1 = 10 against 10, a success."


def test_against_a_condition_reaches_the_save_that_would_end_it_and_nothing_else():
    b = juno_wren_vs(_pkg(), ["stoat"], [3, 9, 2, 8])
    b.put("juno", "steadfast", rounds=5)
    b.put("juno", "gripped", source="stoat", save="nerve_save", save_at="turn-end", dc=10)
    b.put("juno", "warm", rounds=5)
    lines = b.choose("juno", "end-turn")
    assert lines[0] == "Juno rolls a Nerve save to end Gripped: 9 (advantage; dropped 3) + 1 = 10 against 10, a success."
    b.choose("wren", "end-turn")
    # A save against a condition does not read a modifier against damage.
    lines = b.choose("stoat", GLARE, "wren")
    assert lines[1] == "Wren rolls a Nerve save against Glare: 2 + 1 = 3 against 10, a failure."


def test_against_damage_reads_every_damage_type_case_insensitively():
    b = juno_wren_vs(_pkg(), ["ghoul"], [5, 3, 4])
    b.put("juno", "warm", rounds=5)
    _foes_turn(b, "ghoul")
    lines = b.choose("ghoul", FREEZE, "juno")
    assert lines[1] == "Juno rolls a Grit save against Freeze: 4 + 3 + 2 (Warm) = 9 against 12, a failure."


def test_a_saves_own_against_counts_as_the_damage_it_names():
    # 1.181: a save can say what else it counts as being against (Stinking Cloud's save is
    # against poison though the cloud deals none). Glare deals nothing; counted as against
    # cold, Warm's +2 reaches Juno's Nerve save: 6 + 1 + 2 = 9 against 10. Without it, 7.
    for against, line in (({"damage": ["cold"]}, "6 + 1 + 2 (Warm) = 9 against 10, a failure."),
                          (None, "6 + 1 = 7 against 10, a failure.")):
        pkg = _pkg()
        stoat = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "stoat")["creature"]
        if against:
            stoat["actions"][-1]["save"]["against"] = against
        b = juno_wren_vs(pkg, ["stoat"], [6])
        b.put("juno", "warm", rounds=5)
        _foes_turn(b, "stoat")
        assert b.choose("stoat", GLARE, "juno")[1] == f"Juno rolls a Nerve save against Glare: {line}"


def test_an_entrys_save_against_counts_as_the_damage_it_names():
    # Mud Hex's save counted as against cold: the stoat's Warm adds 2, 4 + 2 = 6 against 12.
    pkg = _pkg()
    mud = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "mud-hex")["mechanics"]
    mud["save"]["against"] = {"damage": ["cold"]}
    b = juno_wren_vs(pkg, ["stoat"], [4], charms=("mud-hex",))
    b.put("stoat", "warm", rounds=5)
    b.choose("juno", "end-turn")
    assert b.choose("wren", "ability:charms:mud-hex", "stoat")[1] == \
        "Stoat rolls a Nerve save against Mud Hex: 4 + 2 (Warm) = 6 against 12, a failure."


def test_a_saves_own_modes_roll_it_twice_for_a_target_its_test_passes():
    # 1.185 (Sunbeam): the stoat is a beast, so Mud Hex's save with advantage for beasts
    # keeps the better of 4 and 11: 11 against 12, still a failure; Glare's, with
    # disadvantage for humanoids, keeps the worse of 11 and 4 on Juno: 4 + 1 = 5 against 10.
    pkg = _pkg()
    mud = next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "mud-hex")["mechanics"]
    mud["save"]["modes"] = [{"is": {"types": ["beast"]}, "mode": "advantage"},
                            {"is": {"types": ["undead"]}, "mode": "disadvantage"}]
    b = juno_wren_vs(pkg, ["stoat"], [4, 11], charms=("mud-hex",))
    b.choose("juno", "end-turn")
    assert b.choose("wren", "ability:charms:mud-hex", "stoat")[1] == \
        "Stoat rolls a Nerve save against Mud Hex: 11 (advantage; dropped 4) against 12, a failure."
    pkg = _pkg()
    stoat = next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == "stoat")["creature"]
    stoat["actions"][-1]["save"]["modes"] = [{"is": {"types": ["humanoid"]}, "mode": "disadvantage"}]
    b = juno_wren_vs(pkg, ["stoat"], [11, 4])
    _foes_turn(b, "stoat")
    assert b.choose("stoat", GLARE, "juno")[1] == \
        "Juno rolls a Nerve save against Glare: 4 (disadvantage; dropped 11) + 1 = 5 against 10, a failure."


def _wren_charms(option: str, dice: list[int]) -> list[str]:
    b = juno_wren_vs(_pkg(), ["stoat"], dice, charms=("glamour", "mud-hex"))
    b.put("stoat", "gnomish", rounds=5)
    b.choose("juno", "end-turn")
    return b.choose("wren", option, "stoat")


def test_against_magic_needs_the_magical_quality():
    lines = _wren_charms("ability:charms:glamour", [2, 11])
    assert lines[1] == "Stoat rolls a Nerve save against Glamour: 11 (advantage; dropped 2) against 12, a failure."
    lines = _wren_charms("ability:charms:mud-hex", [4])
    assert lines[1] == "Stoat rolls a Nerve save against Mud Hex: 4 against 12, a failure."


def test_against_from_a_creature_type():
    b = juno_wren_vs(_pkg(), ["ghoul", "stoat"], [5, 3, 4, 6])
    b.put("juno", "scaled", rounds=5)
    _foes_turn(b, "ghoul")
    assert b.choose("ghoul", FREEZE, "juno")[1] == \
        "Juno rolls a Grit save against Freeze: 4 + 3 + 1 (Scaled) = 8 against 12, a failure."
    assert b.choose("stoat", GLARE, "juno")[1] == "Juno rolls a Nerve save against Glare: 6 + 1 = 7 against 10, a failure."


def test_mode_on_saves_cancels_with_the_effect_of_the_same_name():
    b = juno_wren_vs(_pkg(), ["stoat"], [6])
    b.put("juno", "jittery", rounds=5)
    _foes_turn(b, "stoat")
    assert b.choose("stoat", GLARE, "juno")[1] == "Juno rolls a Nerve save against Glare: 6 + 1 = 7 against 10, a failure."


def test_fails_saves_fails_without_rolling():
    b = juno_wren_vs(_pkg(), ["stoat"], [])
    b.put("juno", "stunned", rounds=5)
    _foes_turn(b, "stoat")
    lines = b.choose("stoat", GLARE, "juno")
    assert lines[1:3] == ["Juno fails the Nerve save against Glare without rolling (Stunned).",
                          "Juno is Gripped until saved."]


def test_against_matching_rules():
    fight = Fight(*_fight_parts())
    ctx = SaveContext(conditions=frozenset(["charmed"]), damage=frozenset(["fire"]), magic=True, source="ghoul",
                      actions=frozenset(["breath"]), catalogs=frozenset(["spells"]))
    assert matches(fight, SaveAgainst.model_validate({"damage": ["FIRE"]}), ctx)
    assert not matches(fight, SaveAgainst.model_validate({"conditions": ["frightened"]}), ctx)
    assert matches(fight, SaveAgainst.model_validate({"conditions": ["frightened"], "magic": True}), ctx)
    # `actions` and `casts` narrow everything else the modifier says.
    assert not matches(fight, SaveAgainst.model_validate({"magic": True, "actions": ["bite"]}), ctx)
    assert matches(fight, SaveAgainst.model_validate({"magic": True, "casts": ["spells"]}), ctx)
    assert matches(fight, SaveAgainst.model_validate({"from": {"types": ["undead"]}}), ctx)
    # Concentration and death saves are against nothing.
    assert not matches(fight, SaveAgainst.model_validate({"magic": True}), NOTHING)
    assert not matches(fight, SaveAgainst.model_validate({"magic": True}), None)


def _fight_parts():
    b = juno_wren_vs(_pkg(), ["ghoul"], [])
    return b.rs, b.state


def test_checks_narrowed_to_skills_do_not_reach_contests():
    pkg = _pkg()
    condition(pkg, "muddy", modifiers=[{"to": "checks", "skills": ["wade"], "mode": "disadvantage"},
                                       {"to": "checks", "flat": 1}])
    condition(pkg, "clumsy", effects=["own-checks-disadvantage"], skills=["wade"])
    b = juno_wren_vs(pkg, ["stoat"], [])
    b.put("juno", "muddy", rounds=5)
    b.put("juno", "clumsy", rounds=5)
    fight = Fight(b.rs, b.state)
    juno = b.who("juno")
    assert N.mode_votes(fight, juno, "checks") == (0, 0)
    assert N.mode_votes(fight, juno, "checks", skill="wade") == (0, 1)
    assert [x.flat for x in N.modifiers(fight, juno, "checks")] == [1]
    assert N.effect_count(fight, juno, "own-checks-disadvantage") == 0
    assert N.effect_count(fight, juno, "own-checks-disadvantage", skill="wade") == 1
