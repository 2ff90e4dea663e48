"""Saves and conditions with exact numbers: saves taking half, none or negating; until-save
conditions ending on a save at turn end; clocks counting down at turn end, at turn start and
on the source's turns; `endsAfter`; `ends-on-damage`; `cannot-act`; `failsSaves`; saves
narrowed by a condition's `saves`.

Lantern Marsh (1d12 saves). Wren's charms have difficulty 12 (7 + Lore 3 + Rank 2). Juno's
Nerve save is +1 and her Grit save +3. The Reed hound's Nerve save is +2 and its Grit save
+1; its Howl forces a Nerve save against 9 that negates a round of Dazzled.
"""

from __future__ import annotations

from tests.combat.kit import (
    Bout, add_charm, add_condition, add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh,
)

AXE, HEX = "attack:kit:reed-axe", "ability:charms:bog-hex"


def _pkg() -> dict:
    pkg = marsh()
    add_creature(pkg, "reed-hound", "Reed hound", {
        "health": 30, "defense": 8, "initiativeModifier": 0, "tier": "pack", "saves": {"nerve_save": 2, "grit_save": 1},
        "actions": [
            {"id": "bite", "name": "Bite", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"}},
            {"id": "howl", "name": "Howl", "budget": "act", "save": {"save": "nerve_save", "difficulty": 9, "onSuccess": "negates"},
             "applies": [{"condition": "dazzled", "duration": {"rounds": 1}}]},
        ],
    })
    add_charm(pkg, "marsh-gas", "Marsh Gas", {"kind": "attack", "targets": "enemy", "targetCount": 2, "amount": {"dice": "2d6"},
                                              "damageType": "cold", "save": {"save": "grit_save", "onSuccess": "half"}})
    add_charm(pkg, "long-glare", "Long Glare", {"kind": "debuff", "targets": "enemy",
                                                "applies": [{"condition": "dazzled", "duration": {"rounds": 2}}]})
    add_charm(pkg, "glare", "Glare", {"kind": "debuff", "targets": "enemy",
                                      "applies": [{"condition": "dazzled", "duration": {"rounds": 1, "at": "turn-start"}}]})
    add_charm(pkg, "mark", "Mark", {"kind": "debuff", "targets": "enemy",
                                    "applies": [{"condition": "mired", "duration": {"rounds": 1, "of": "source"}}]})
    add_charm(pkg, "guiding-glow", "Guiding Glow", {"kind": "debuff", "targets": "enemy", "applies": [
        {"condition": "mired", "duration": {"rounds": 1, "of": "source"}, "endsAfter": "attacked"}]})
    add_charm(pkg, "steady-hand", "Steady Hand", {"kind": "buff", "targets": "ally", "applies": [
        {"condition": "inspired", "duration": {"rounds": 1}, "endsAfter": "own-attack"}]})
    add_condition(pkg, "inspired", "Inspired", modifiers=[{"to": "attacks", "flat": 2}])
    add_condition(pkg, "lucky", "Lucky", modifiers=[{"to": "saves", "flat": 3}])
    add_condition(pkg, "startled", "Startled", effects=["own-attacks-disadvantage", "ends-on-damage"])
    add_condition(pkg, "stunned", "Stunned", effects=["cannot-act"], failsSaves=["nerve_save", "grit_save"])
    add_condition(pkg, "tangled", "Tangled", effects=["own-saves-disadvantage"], saves=["nerve_save"])
    return pkg


def _bout(party: list, foes: list, dice: list[int]) -> Bout:
    return Bout(ruleset(_pkg()), party, foes, dice=dice)


WREN = ("bog-hex", "marsh-gas", "long-glare", "glare", "mark", "guiding-glow", "steady-hand")


def _wren_first(dice: list[int], *, juno: bool = False, hounds: int = 1) -> Bout:
    """Initiative: Wren 12 + 1, then Juno 11 + 1 (if she is in it), then the hounds at 1."""
    party = [wren_marsh(*WREN)] + ([juno_marsh()] if juno else [])
    foes = [foe("reed-hound", count=hounds)]
    order = [12] + ([11] if juno else []) + [1] * hounds
    return _bout(party, foes, order + dice)


# ---------------------------------------------------------------------------
# saves: half, none, negates
# ---------------------------------------------------------------------------


def test_one_roll_for_every_target_and_a_save_for_half():
    bout = _wren_first([3, 4, 11, 2], hounds=2)
    assert bout.choose("wren", "ability:charms:marsh-gas", "reed-hound", "reed-hound-2")[:7] == [
        "Wren uses Marsh Gas on Reed hound, Reed hound 2.",
        "Reed hound rolls a Grit save against Marsh Gas: 11 + 1 = 12 against 12, a success.",
        "Marsh Gas (7 (3 + 4), halved by the save) deals 3 cold damage to Reed hound.",
        "Reed hound has 27 of 30 Breath.",
        "Reed hound 2 rolls a Grit save against Marsh Gas: 2 + 1 = 3 against 12, a failure.",
        "Marsh Gas (7 (3 + 4)) deals 7 cold damage to Reed hound 2.",
        "Reed hound 2 has 23 of 30 Breath.",
    ]
    assert bout.dice_left() == 0


def test_a_save_that_succeeds_against_none_takes_the_whole_effect_away():
    bout = _wren_first([10])
    assert bout.choose("wren", HEX, "reed-hound") == [
        "Wren spends 1 Lamp oil on Bog Hex.",
        "Wren uses Bog Hex on Reed hound.",
        "Reed hound rolls a Nerve save against Bog Hex: 10 + 2 = 12 against 12, a success.",
        "Reed hound's turn.",
    ]
    assert bout.who("reed-hound").conditions == []
    assert bout.who("wren").sheet["live"] == {"pools": {"oil": 2}}


def test_a_creature_save_that_negates():
    # Initiative: the hound 12, Juno 1 + 1.
    bout = _bout([juno_marsh()], [foe("reed-hound")], [1, 12, 8, 7])
    assert bout.choose("reed-hound", "action:howl", "juno") == [
        "Reed hound uses Howl on Juno.",
        "Juno rolls a Nerve save against Howl: 8 + 1 = 9 against 9, a success.",
        "Juno's turn.",
    ]
    bout.choose("juno", "end-turn")
    assert bout.choose("reed-hound", "action:howl", "juno")[:3] == [
        "Reed hound uses Howl on Juno.",
        "Juno rolls a Nerve save against Howl: 7 + 1 = 8 against 9, a failure.",
        "Juno is Dazzled for 1 round.",
    ]


def test_a_condition_narrowed_to_some_saves_leaves_the_others_alone():
    bout = _bout([juno_marsh()], [foe("reed-hound")], [1, 12, 3, 9, 6])
    bout.put("juno", "tangled")
    assert bout.choose("reed-hound", "action:howl", "juno")[1] == \
        "Juno rolls a Nerve save against Howl: 3 (disadvantage; dropped 9) + 1 = 4 against 9, a failure."
    assert bout.dice_left() == 1, "two dice for the narrowed save; the 6 is left over"


# ---------------------------------------------------------------------------
# until-save
# ---------------------------------------------------------------------------


def test_an_until_save_condition_ends_on_a_save_at_the_holders_turn_end():
    # Hexed: -1 to the hound's saves, shown beside its roll; the turn-end save is against
    # the charm's own difficulty, 12.
    bout = _wren_first([4, 10, 11])
    assert bout.choose("wren", HEX, "reed-hound")[2:4] == [
        "Reed hound rolls a Nerve save against Bog Hex: 4 + 2 = 6 against 12, a failure.",
        "Reed hound is Hexed until saved.",
    ]
    assert bout.choose("reed-hound", "end-turn") == [
        "Reed hound rolls a Nerve save to end Hexed: 10 + 2 - 1 (Hexed) = 11 against 12, a failure.",
        "Round 2.",
        "Wren's turn.",
    ]
    bout.choose("wren", "end-turn")
    assert bout.choose("reed-hound", "end-turn")[:2] == [
        "Reed hound rolls a Nerve save to end Hexed: 11 + 2 - 1 (Hexed) = 12 against 12, a success.",
        "Reed hound is no longer Hexed: the save ends it.",
    ]
    assert bout.who("reed-hound").conditions == []


def test_fails_saves_fails_without_rolling():
    bout = _wren_first([])
    bout.put("reed-hound", "stunned")
    assert bout.choose("wren", HEX, "reed-hound")[2:4] == [
        "Reed hound fails the Nerve save against Bog Hex without rolling (Stunned).",
        "Reed hound is Hexed until saved.",
    ]
    assert bout.dice_left() == 0


# ---------------------------------------------------------------------------
# clocks
# ---------------------------------------------------------------------------


def test_rounds_count_down_as_the_holders_turns_end():
    bout = _wren_first([9, 4, 9, 4])
    assert bout.choose("wren", "ability:charms:long-glare", "reed-hound")[1] == "Reed hound is Dazzled for 2 rounds."
    # Its first turn: the bite is at disadvantage, and one round is left afterwards.
    assert bout.choose("reed-hound", "action:bite", "wren")[:2] == [
        "Reed hound attacks Wren with Bite: 4 (disadvantage; dropped 9) + 3 = 7 against Guard 8, a miss.",
        "Round 2.",
    ]
    bout.choose("wren", "end-turn")
    assert bout.choose("reed-hound", "action:bite", "wren")[:2] == [
        "Reed hound attacks Wren with Bite: 4 (disadvantage; dropped 9) + 3 = 7 against Guard 8, a miss.",
        "Reed hound is no longer Dazzled: its time is up.",
    ]


def test_rounds_at_turn_start_end_before_the_holder_acts():
    bout = _wren_first([9, 4])
    assert bout.choose("wren", "ability:charms:glare", "reed-hound") == [
        "Wren uses Glare on Reed hound.",
        "Reed hound is Dazzled for 1 round.",
        "Reed hound's turn.",
        "Reed hound is no longer Dazzled: its time is up.",
    ]
    assert bout.choose("reed-hound", "action:bite", "wren")[:2] == [
        "Reed hound attacks Wren with Bite: 9 + 3 = 12 against Guard 8, a hit.",
        "Bite (4) deals 4 cut damage to Wren.",
    ]


def test_rounds_of_the_source_count_the_appliers_turns_from_its_next_turn():
    bout = _wren_first([])
    bout.choose("wren", "ability:charms:mark", "reed-hound")
    assert bout.choose("reed-hound", "end-turn") == ["Round 2.", "Wren's turn."]
    assert bout.who("reed-hound").conditions[0].id == "mired"
    assert bout.choose("wren", "end-turn") == [
        "Reed hound is no longer Mired: its time is up.",
        "Reed hound's turn.",
    ]


def test_rounds_of_a_source_that_left_the_fight_count_the_holders_own_turns():
    bout = _wren_first([])
    bout.choose("wren", "ability:charms:mark", "reed-hound")
    bout.who("wren").out = True  # Wren is gone (the fight would have ended; here only the clock matters)
    assert bout.choose("reed-hound", "end-turn")[0] == "Reed hound is no longer Mired: its time is up."


def test_ends_after_attacked_gives_the_next_attack_its_advantage_and_then_ends():
    bout = _wren_first([4, 9, 5], juno=True)
    bout.choose("wren", "ability:charms:guiding-glow", "reed-hound")
    # It lasts for the whole attack, damage included, then comes off.
    lines = bout.choose("juno", AXE, "reed-hound")
    assert lines[:2] == [
        "Juno attacks Reed hound with Reed axe: 9 (advantage; dropped 4) + 3 = 12 against Guard 8, a hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
    ]
    assert "Reed hound is no longer Mired: it lasted for one attack." in lines[2:]


def test_ends_after_own_attack_counts_for_that_attack_and_then_ends():
    bout = _wren_first([6, 5], juno=True)
    assert bout.choose("wren", "ability:charms:steady-hand", "juno")[1] == "Juno is Inspired for 1 round."
    lines = bout.choose("juno", AXE, "reed-hound")
    assert "Juno is no longer Inspired: it lasted for one attack." in lines[2:]
    assert lines[:2] == [
        "Juno attacks Reed hound with Reed axe: 6 + 3 + 2 (Inspired) = 11 against Guard 8, a hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
    ]


def test_ends_after_own_save_counts_for_that_save_and_then_ends():
    bout = _bout([juno_marsh()], [foe("reed-hound")], [1, 12, 5])
    bout.put("juno", "lucky", ends_after="own-save", rounds=3)
    assert bout.choose("reed-hound", "action:howl", "juno")[1:3] == [
        "Juno rolls a Nerve save against Howl: 5 + 1 + 3 (Lucky) = 9 against 9, a success.",
        "Juno is no longer Lucky: it lasted for one save.",
    ]


def test_ends_on_damage_needs_damage_above_zero():
    bout = _bout([juno_marsh()], [foe("reed-hound")], [12, 1, 2, 9, 5])
    bout.put("reed-hound", "startled")
    assert bout.choose("juno", AXE, "reed-hound")[0].endswith("a miss.")
    assert bout.who("reed-hound").conditions[0].id == "startled"
    bout.choose("reed-hound", "end-turn")
    assert bout.choose("juno", AXE, "reed-hound")[:4] == [
        "Juno attacks Reed hound with Reed axe: 9 + 3 = 12 against Guard 8, a hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
        "Reed hound has 22 of 30 Breath.",
        "Reed hound is no longer Startled: the damage ends it.",
    ]


def test_cannot_act_skips_the_turn():
    bout = _bout([juno_marsh()], [foe("reed-hound")], [12, 1])
    bout.put("reed-hound", "stunned", rounds=1)
    assert bout.choose("juno", "end-turn") == [
        "Reed hound's turn.",
        "Reed hound cannot act this turn.",
        "Reed hound is no longer Stunned: its time is up.",
        "Round 2.",
        "Juno's turn.",
    ]
    assert bout.options("reed-hound") == {}



def test_ends_after_own_attack_still_counts_for_that_attacks_damage():
    # The spec: "a condition that lasts for one attack lasts for the whole of that attack, damage included".
    pkg = _pkg()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 133}
    add_condition(pkg, "raging", "Raging", modifiers=[{"to": "damage", "flat": 2}])
    bout = Bout(ruleset(pkg), [juno_marsh()], [foe("reed-hound")], dice=[12, 1, 9, 5])
    bout.put("juno", "raging", ends_after="own-attack", rounds=1)
    lines = bout.choose("juno", AXE, "reed-hound")
    assert any("deals 10 cut damage to Reed hound" in line for line in lines), lines
