"""Turns and the action economy with exact numbers: dodge and help, strikes (two per action,
Loading caps a row to one, `attacksPerTurn`), creature uses, recharge and sequences, budgets
per turn and per round, budget grants and `exclusive` pairs.

Lantern Marsh (1d12). Its economy is an Action ("act") and a Quick action per turn; the
tests add a "Knack" budget of two per round. Juno swings a Reed axe at +3 (1d8 + 3) and,
in the strike tests, a Crossbow with Loading at +1 (1d8 + 1).
"""

from __future__ import annotations

from tests.combat.kit import (
    Bout, add_charm, add_condition, add_creature, foe, juno_marsh, marsh, ruleset, wren_marsh,
)

AXE, BOW = "attack:kit:reed-axe", "attack:kit:crossbow"


def _pkg() -> dict:
    pkg = marsh()
    add_creature(pkg, "reed-hound", "Reed hound", {
        "health": 30, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "actions": [
            {"id": "bite", "name": "Bite", "budget": "act", "toHit": 3, "damage": {"dice": "1d6", "type": "cut"}},
            {"id": "howl", "name": "Howl", "budget": "act", "save": {"save": "nerve_save", "difficulty": 9, "onSuccess": "negates"},
             "applies": [{"condition": "dazzled", "duration": {"rounds": 1}}]},
        ],
    })
    add_creature(pkg, "marsh-hag", "Marsh hag", {
        "health": 30, "defense": 8, "initiativeModifier": 0, "tier": "pack",
        "actions": [
            {"id": "claw", "name": "Claw", "budget": "act", "toHit": 3, "damage": {"dice": "1d4", "type": "cut"}},
            {"id": "spit", "name": "Spit", "budget": "act", "toHit": 3, "damage": {"dice": "1d4", "type": "cold"},
             "uses": {"per": "encounter", "count": 1}},
            {"id": "flood", "name": "Flood", "budget": "act", "damage": {"dice": "2d6", "type": "cold"}, "targetCount": 2,
             "save": {"save": "grit_save", "difficulty": 12, "onSuccess": "half"},
             "recharge": {"dice": {"count": 1, "sides": 6}, "from": 5}},
        ],
    })
    pkg["combat"]["economy"]["budgets"].append({"id": "knack", "label": "Knack", "per": "round", "count": 2})
    add_charm(pkg, "quick-mend", "Quick Mend", {"kind": "heal", "targets": "ally", "budget": "knack", "amount": {"flat": 1}})
    add_charm(pkg, "flick", "Flick", {"kind": "debuff", "targets": "enemy", "budget": "quick",
                                      "applies": [{"condition": "dazzled", "duration": {"rounds": 1}}]})
    add_condition(pkg, "hasted", "Hasted", budgets=[{"budget": "act", "flat": 1}])
    add_condition(pkg, "harried", "Harried", exclusive=["act", "quick"])
    add_condition(pkg, "slowed", "Slowed", attacksPerTurn=1)
    # Strikes: the kit list earns `swings` strikes per Action; a Loading row strikes once.
    kit = next(lst for lst in pkg["sheet"]["lists"] if lst["id"] == "kit")
    kit["columns"].append({"id": "loading", "label": "Loading", "type": "boolean", "default": False})
    pkg["sheet"]["fields"].append({"id": "swings", "label": "Swings", "type": "number", "min": 1, "max": 4,
                                   "default": 1, "section": "about"})
    pkg["combat"]["attacks"][0]["strikes"] = {"field": "swings"}
    pkg["combat"]["attacks"][0]["strikesCappedBy"] = {"column": "loading"}
    pkg["combat"]["standardEffects"] = {"dodge": {"saves": ["nerve_save"]}}
    return pkg


def _juno(swings: int = 1) -> dict:
    juno = juno_marsh(fields={"stamina": 3, "rank": 2, "swings": swings})
    juno["sheet"]["lists"]["kit"].append({"name": "Crossbow", "rolls": "nerve", "damage": "1d8", "harm": "cut",
                                          "loading": True})
    return juno


def _bout(party: list, foes: list, dice: list[int]) -> Bout:
    return Bout(ruleset(_pkg()), party, foes, dice=dice)


# ---------------------------------------------------------------------------
# dodge and help
# ---------------------------------------------------------------------------


def test_dodge_puts_attacks_at_disadvantage_until_the_dodgers_next_turn():
    bout = _bout([_juno()], [foe("reed-hound")], [12, 1, 9, 4, 9, 4])
    assert bout.choose("juno", "standard:dodge") == [
        "Juno dodges: attacks against them are rolled twice, keeping the worse, until their next turn.",
        "Reed hound's turn.",
    ]
    assert bout.choose("reed-hound", "action:bite", "juno")[0] == \
        "Reed hound attacks Juno with Bite: 4 (disadvantage; dropped 9) + 3 = 7 against Guard 8, a miss."
    assert not bout.who("juno").dodging, "the dodge ends as Juno's next turn starts"
    bout.choose("juno", "end-turn")
    assert bout.choose("reed-hound", "action:bite", "juno")[0] == \
        "Reed hound attacks Juno with Bite: 9 + 3 = 12 against Guard 8, a hit."


def test_dodge_rolls_the_standard_effects_saves_twice_keeping_the_better():
    bout = _bout([_juno()], [foe("reed-hound")], [12, 1, 3, 8])
    bout.choose("juno", "standard:dodge")
    assert bout.choose("reed-hound", "action:howl", "juno")[1] == \
        "Juno rolls a Nerve save against Howl: 8 (advantage; dropped 3) + 1 = 9 against 9, a success."


def test_help_gives_the_next_attack_advantage_once():
    # Initiative: Wren 12 + 1, Juno 11 + 1, the hound 1.
    bout = _bout([_juno(), wren_marsh()], [foe("reed-hound")], [11, 12, 1, 3, 9, 5, 2])
    assert bout.choose("wren", "standard:help", "juno") == [
        "Wren helps Juno: their next attack is rolled twice, keeping the better.",
        "Juno's turn.",
    ]
    assert bout.choose("juno", AXE, "reed-hound")[:2] == [
        "Juno attacks Reed hound with Reed axe: 9 (advantage; dropped 3) + 3 = 12 against Guard 8, a hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
    ]
    assert bout.who("juno").helped_by is None


# ---------------------------------------------------------------------------
# strikes
# ---------------------------------------------------------------------------


def test_one_action_earns_two_strikes_and_the_second_spends_no_budget():
    bout = _bout([_juno(swings=2)], [foe("reed-hound")], [12, 1, 9, 5, 2])
    assert bout.choose("juno", AXE, "reed-hound")[-1] == "Reed hound has 22 of 30 Breath."
    juno = bout.who("juno")
    assert (juno.budgets["act"], juno.strikes) == (0, 1)
    # While a strike is held every row of the list is offered again, the Loading row too.
    assert {AXE, BOW} <= set(bout.options("juno"))
    assert bout.choose("juno", BOW, "reed-hound") == [
        "Juno attacks Reed hound with Crossbow: 2 + 1 = 3 against Guard 8, a miss.",
        "Reed hound's turn.",
    ]


def test_a_loading_row_strikes_once_however_many_the_list_grants():
    bout = _bout([_juno(swings=2)], [foe("reed-hound")], [12, 1, 2])
    assert bout.choose("juno", BOW, "reed-hound") == [
        "Juno attacks Reed hound with Crossbow: 2 + 1 = 3 against Guard 8, a miss.",
        "Reed hound's turn.",
    ]


def test_attacks_per_turn_caps_the_strikes():
    bout = _bout([_juno(swings=2)], [foe("reed-hound")], [12, 1, 2])
    bout.put("juno", "slowed")
    assert bout.choose("juno", AXE, "reed-hound") == [
        "Juno attacks Reed hound with Reed axe: 2 + 3 = 5 against Guard 8, a miss.",
        "Reed hound's turn.",
    ]


# ---------------------------------------------------------------------------
# creature actions: uses, recharge, sequences
# ---------------------------------------------------------------------------


def test_an_action_with_uses_leaves_the_menu_when_they_run_out():
    bout = _bout([_juno()], [foe("marsh-hag")], [1, 12, 9, 3])
    assert "action:spit" in bout.options("marsh-hag")
    bout.choose("marsh-hag", "action:spit", "juno")
    bout.choose("juno", "end-turn")
    menu = bout.options("marsh-hag")
    assert "action:spit" not in menu and {"action:claw", "action:flood"} <= set(menu)
    assert bout.who("marsh-hag").uses == {"spit": 0}


def test_recharge_is_rolled_at_the_start_of_the_creatures_turn_and_logged():
    # Flood: one roll of 2d6 (3 + 4) for both; Juno's Grit save 9 + 3 succeeds (half), Wren's
    # 2 + 0 fails.
    bout = _bout([_juno(), wren_marsh()], [foe("marsh-hag")], [1, 2, 12, 3, 4, 9, 2, 4, 5])
    assert bout.choose("marsh-hag", "action:flood", "juno", "wren")[:7] == [
        "Marsh hag uses Flood on Juno, Wren.",
        "Juno rolls a Grit save against Flood: 9 + 3 = 12 against 12, a success.",
        "Flood (7 (3 + 4), halved by the save) deals 3 cold damage to Juno.",
        "Juno has 8 of 11 Breath.",
        "Wren rolls a Grit save against Flood: 2 against 12, a failure.",
        "Flood (7 (3 + 4)) deals 7 cold damage to Wren.",
        "Wren has 0 of 7 Breath.",
    ]
    assert bout.choose("juno", "end-turn")[-2:] == [
        "Marsh hag's turn.",
        "Marsh hag rolls 4 to recharge Flood (needs 5): not yet.",
    ]
    assert "action:flood" not in bout.options("marsh-hag")
    bout.choose("marsh-hag", "end-turn")
    assert bout.choose("juno", "end-turn")[-1] == "Marsh hag rolls 5 to recharge Flood (needs 5): it is back."
    assert "action:flood" in bout.options("marsh-hag")


def test_a_sequence_is_one_budget_and_each_step_rolls_its_own_attack():
    # Lantern Marsh's Bog Hound: health 2d6 + 2 rolled first, then initiative (+1).
    bout = _bout([_juno()], [foe("bog-hound")], [3, 4, 1, 12, 9, 5, 8, 2])
    assert bout.started[0] == "Bog Hound's health: 2d6 + 2 = 7 (3 + 4) + 2 = 9."
    assert bout.choose("bog-hound", "action:bite_and_drag", "juno") == [
        "Bog Hound uses Bite and drag.",
        "Bog Hound attacks Juno with Bite: 9 + 3 = 12 against Guard 8, a hit.",
        "Bite (5 + 1 = 6) deals 6 cut damage to Juno.",
        "Juno has 5 of 11 Breath.",
        "Bog Hound attacks Juno with Drag down: 8 + 2 = 10 against Guard 8, a hit.",
        "Drag down (2) deals 2 cut damage to Juno.",
        "Juno has 3 of 11 Breath.",
        "Juno is Mired for 1 round.",
        "Juno's turn.",
    ]
    assert bout.who("bog-hound").budgets["act"] == 0


def test_a_sequence_skips_the_parts_aimed_at_a_target_that_drops():
    wren = wren_marsh()
    wren["sheet"]["live"] = {"pools": {"breath": 2}}
    bout = _bout([_juno(), wren], [foe("bog-hound")], [3, 4, 1, 2, 12, 9, 5])
    lines = bout.choose("bog-hound", "action:bite_and_drag", "wren")
    assert lines[2:6] == [
        "Bite (5 + 1 = 6) deals 6 cut damage to Wren.",
        "Wren has 0 of 7 Breath.",
        "Wren goes down.",
        # Drag down was aimed at Wren: it is not turned on Juno.
        "Wren is down, so Drag down (Bite and drag) does not happen.",
    ]
    assert not any("attacks Juno" in line for line in lines)
    assert bout.dice_left() == 0


# ---------------------------------------------------------------------------
# budgets
# ---------------------------------------------------------------------------


def test_a_second_budget_leaves_the_first_and_a_round_budget_lasts_the_round():
    # Wren: Flick (Quick action), then two Quick Mends (Knack, two a round), then her Action.
    bout = _bout([wren_marsh("flick", "quick-mend"), _juno()], [foe("reed-hound")], [12, 11, 1])
    assert bout.choose("wren", "ability:charms:flick", "reed-hound")[1] == "Reed hound is Dazzled for 1 round."
    menu = bout.options("wren")
    assert "ability:charms:flick" not in menu and "attack:kit:lamp-hook" in menu
    bout.choose("wren", "ability:charms:quick-mend", "juno")
    bout.choose("wren", "ability:charms:quick-mend", "wren")
    assert bout.who("wren").budgets == {"act": 1, "quick": 0, "knack": 0}
    assert "ability:charms:quick-mend" not in bout.options("wren")
    bout.choose("wren", "end-turn")
    bout.choose("juno", "end-turn")
    assert bout.choose("reed-hound", "end-turn")[-2:] == ["Round 2.", "Wren's turn."]
    assert bout.who("wren").budgets == {"act": 1, "quick": 1, "knack": 2}


def test_a_condition_grants_more_of_a_turn_budget():
    bout = _bout([_juno()], [foe("reed-hound")], [12, 1, 2, 2])
    bout.put("juno", "hasted")
    bout.choose("juno", "end-turn")
    bout.choose("reed-hound", "end-turn")
    assert bout.who("juno").budgets["act"] == 2
    bout.choose("juno", AXE, "reed-hound")
    assert bout.choose("juno", AXE, "reed-hound") == [
        "Juno attacks Reed hound with Reed axe: 2 + 3 = 5 against Guard 8, a miss.",
        "Reed hound's turn.",
    ]


def test_an_exclusive_pair_empties_the_other_budget():
    bout = _bout([_juno()], [foe("reed-hound")], [12, 1, 2])
    bout.put("juno", "harried")
    assert bout.choose("juno", AXE, "reed-hound")[-1] == "Reed hound's turn."
    assert bout.who("juno").budgets == {"act": 0, "quick": 0, "knack": 2}
