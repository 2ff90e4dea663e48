"""Riders: one extra damage clause on the first qualifying hit of each period.

Attacks roll 1d20 here (advantage allowed, a natural 20 a critical that rolls the damage
dice again). Juno swings a Road axe at +3 for 1d6 + 3 cut and carries Sly Strike: 1d6 on
a hit with a light gear row, with advantage or with an ally at hand and no disadvantage,
once a turn, scaling by Toughness (3: one more die, so 2d6). The Ash-hound has Guard 6 and
30 Grit. Initiative (2d6) takes the first faces of every script.
"""

from __future__ import annotations

from shared.combat.fight import Fight
from shared.combat.riders import Blow, rider_parts
from tests.combat.extras_kit import add_knack, juno, knack_roads, pell
from tests.combat.kit import Bout, add_condition, add_creature, foe, ruleset

AXE = "attack:gear:road-axe"
SLY = {"kind": "rider",
       "rider": {"on": "hit", "sources": ["gear"], "requires": {"column": "light"},
                 "when": ["advantage", "ally-adjacent-no-disadvantage"], "oncePer": "turn",
                 "amount": {"dice": "1d6"}},
       "scales": {"from": {"field": "toughness"}, "table": [[1, 0], [3, 1]]}}


def _pkg() -> dict:
    pkg = knack_roads(d20=True)
    pkg["combat"]["economy"]["budgets"][0]["count"] = 2
    add_knack(pkg, "sly-strike", "Sly Strike", SLY)
    add_condition(pkg, "exposed", "Exposed", effects=["attacks-against-advantage"])
    add_condition(pkg, "dazzled", "Dazzled", effects=["own-attacks-disadvantage"])
    add_creature(pkg, "ash-hound", "Ash-hound", {
        "health": 30, "defense": 6, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 4, "damage": {"dice": "1d4"}},
                    {"id": "claw", "name": "Claw", "budget": "act", "toHit": 4, "damage": {"dice": "1d4"}},
                    {"id": "maul", "name": "Maul", "budget": "act",
                     "sequence": [{"action": "bite"}, {"action": "claw"}, {"action": "bite"}]}],
        "riders": [{"id": "pack", "name": "Pack", "on": "hit", "oncePer": "round", "amount": {"dice": "1d4"},
                    "type": "fire", "actions": ["bite"]}],
    })
    return pkg


def _bout(dice: list[int], *, light: bool = True, ally: bool = False) -> Bout:
    party = [juno("sly-strike", light=light)] + ([pell()] if ally else [])
    init = [6, 6] + ([1, 1] if ally else []) + [1, 1]
    return Bout(ruleset(_pkg()), party, [foe("ash-hound")], dice=init + dice)


def test_advantage_adds_the_rider_to_the_first_hit_of_the_turn_only():
    bout = _bout([15, 4, 2, 3, 4, 10, 12, 1])
    bout.put("ash-hound", "exposed")
    lines = bout.choose("juno", AXE, "ash-hound")
    assert lines == [
        "Juno attacks Ash-hound with Road axe: 15 (advantage; dropped 4) + 3 = 18 against Guard 6, a hit.",
        "Sly Strike adds 2d6 to Juno's hit on Ash-hound with advantage (once a turn).",
        "Road axe (2 + 3 = 5) deals 5 cut damage to Ash-hound.",
        "Ash-hound has 25 of 30 Grit.",
        "Sly Strike (7 (3 + 4)) deals 7 cut damage to Ash-hound.",
        "Ash-hound has 18 of 30 Grit.",
    ]
    lines = bout.choose("juno", AXE, "ash-hound")
    assert lines[:3] == [
        "Juno attacks Ash-hound with Road axe: 12 (advantage; dropped 10) + 3 = 15 against Guard 6, a hit.",
        "Road axe (1 + 3 = 4) deals 4 cut damage to Ash-hound.",
        "Ash-hound has 14 of 30 Grit.",
    ]
    assert bout.dice_left() == 0


def test_no_advantage_and_no_ally_adds_nothing():
    bout = _bout([15, 2])
    lines = bout.choose("juno", AXE, "ash-hound")
    assert len(lines) == 3 and not any("Sly Strike" in line for line in lines)


def test_an_ally_able_to_act_counts_without_a_board():
    bout = _bout([15, 2, 6, 6], ally=True)
    lines = bout.choose("juno", AXE, "ash-hound")
    assert [lines[1], lines[4]] == [
        "Sly Strike adds 2d6 to Juno's hit on Ash-hound with an ally at hand and no disadvantage (once a turn).",
        "Sly Strike (12 (6 + 6)) deals 12 cut damage to Ash-hound.",
    ]


def test_an_ally_who_cannot_act_does_not_count():
    bout = _bout([15, 2], ally=True)
    bout.put("pell", "pinned")
    lines = bout.choose("juno", AXE, "ash-hound")
    assert not any("Sly Strike" in line for line in lines)


def test_disadvantage_spoils_the_ally_option():
    bout = _bout([15, 18, 2], ally=True)
    bout.put("juno", "dazzled")
    lines = bout.choose("juno", AXE, "ash-hound")
    assert lines[0] == "Juno attacks Ash-hound with Road axe: 15 (disadvantage; dropped 18) + 3 = 18 against Guard 6, a hit."
    assert not any("Sly Strike" in line for line in lines)


def test_a_row_without_the_required_column_carries_no_rider():
    bout = _bout([15, 4, 2], light=False)
    bout.put("ash-hound", "exposed")
    lines = bout.choose("juno", AXE, "ash-hound")
    assert not any("Sly Strike" in line for line in lines)


def test_a_critical_doubles_the_riders_dice():
    bout = _bout([20, 4, 2, 5, 1, 2, 3, 4])
    bout.put("ash-hound", "exposed")
    lines = bout.choose("juno", AXE, "ash-hound")
    assert lines[0] == ("Juno attacks Ash-hound with Road axe: 20 (advantage; dropped 4) + 3 = 23 against Guard 6, "
                        "a natural 20, a critical hit.")
    assert lines[2] == "Road axe (2 + 3 = 5, doubled dice 5) deals 10 cut damage to Ash-hound."
    assert lines[4] == "Sly Strike (3 (1 + 2), doubled dice 7 (3 + 4)) deals 10 cut damage to Ash-hound."


def test_once_a_turn_refreshes_at_the_start_of_every_turn_there_is():
    bout = _bout([])
    bout.put("ash-hound", "exposed")
    state = bout.state.model_copy(deep=True)
    state.dice.script, state.dice.cursor = [3, 4, 5, 6], 0
    fight = Fight(bout.rs, state)
    actor, target = fight.get("juno"), fight.get("ash-hound")
    row = actor.sheet["lists"]["gear"][0]
    blow = Blow("Road axe", "cut", list_id="gear", row=row)
    rider_parts(fight, actor, target, blow, rolled=False)
    rider_parts(fight, actor, target, blow, rolled=False)
    assert [e.text for e in fight.new_events if e.kind == "rider"] == []
    # No advantage without a roll; an ally makes it fire. One a turn...
    fight.state.combatants.append(fight.state.combatants[0].model_copy(update={"id": "echo", "name": "Echo"}))
    rider_parts(fight, actor, target, blow, rolled=False)
    rider_parts(fight, actor, target, blow, rolled=False)
    assert len([e for e in fight.new_events if e.kind == "rider"]) == 1
    # ... and again on somebody else's turn in the same round.
    fight.state.turn += 1
    rider_parts(fight, actor, target, blow, rolled=False)
    assert len([e for e in fight.new_events if e.kind == "rider"]) == 2


def test_a_block_rider_fires_on_its_named_action_once_a_round():
    bout = _bout([15, 2, 3, 15, 1, 15, 2, 15, 4])
    bout.choose("juno", "end-turn")
    assert bout.waiting() == "ash-hound"
    lines = bout.choose("ash-hound", "action:maul", "juno")
    assert lines == [
        "Ash-hound uses Maul.",
        "Ash-hound attacks Juno with Bite: 15 + 4 = 19 against Guard 6, a hit.",
        "Pack adds 1d4 to Ash-hound's hit on Juno (once a round).",
        "Bite (2) deals 2 damage to Juno.",
        "Juno has 8 of 10 Grit.",
        "Pack (3) deals 3 fire damage to Juno.",
        "Juno has 5 of 10 Grit.",
        "Ash-hound attacks Juno with Claw: 15 + 4 = 19 against Guard 6, a hit.",
        "Claw (1) deals 1 damage to Juno.",
        "Juno has 4 of 10 Grit.",
        "Ash-hound attacks Juno with Bite: 15 + 4 = 19 against Guard 6, a hit.",
        "Bite (2) deals 2 damage to Juno.",
        "Juno has 2 of 10 Grit.",
    ]
    assert bout.dice_left() == 2


def test_sources_narrow_the_rider_and_a_rider_naming_none_rides_every_blow():
    pkg = _pkg()
    add_knack(pkg, "frost-bolt", "Frost Bolt", {"kind": "attack", "attackRoll": True, "amount": {"dice": "1d8"},
                                                "damageType": "cold"})
    add_knack(pkg, "edge", "Cold Edge", {"kind": "rider", "rider": {"on": "hit", "oncePer": "round",
                                                                     "amount": {"flat": 2}}})
    bout = Bout(ruleset(pkg), [juno("sly-strike", "edge", "frost-bolt", light=True)], [foe("ash-hound")],
                dice=[6, 6, 1, 1, 15, 4, 5])
    bout.put("ash-hound", "exposed")
    lines = bout.choose("juno", "ability:knacks:frost-bolt", "ash-hound")
    # Wits 0 to hit; Sly Strike names the gear list only, Cold Edge names nothing and takes
    # the bolt's own type.
    assert lines[1:6] == [
        "Juno attacks Ash-hound with Frost Bolt: 15 (advantage; dropped 4) against Guard 6, a hit.",
        "Cold Edge adds 2 to Juno's hit on Ash-hound (once a round).",
        "Frost Bolt (5) deals 5 cold damage to Ash-hound.",
        "Ash-hound has 25 of 30 Grit.",
        "Cold Edge (2) deals 2 cold damage to Ash-hound.",
    ]
    assert not any("Sly Strike" in line for line in lines)
