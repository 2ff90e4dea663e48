"""Contests without a board: `contest:<id>` options with the exact chance of winning, both
sides rolling the attack dice plus their best allowed check, ties, the spec's log line,
`onWin` (applies with the winner as source and `rounds`, ends, push that moves nobody),
`from.holding`, `strike: true`, check modifiers and own-checks advantage, and how the
Engine weighs them.

Juno has Brawn 3 and Wits 0; the Ash-hound's own checks are Brawn 2 and Wits 1. Juno acts
first (initiative 6 + 6, the hound 1 + 1); every later face is a contest die.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from shared.combat import decide_for
from tests.combat.extras_kit import juno, knack_roads
from tests.combat.kit import Bout, add_condition, add_creature, foe, ruleset

GRAB = {"id": "grab", "label": "Grab", "budget": "act", "attacker": {"checks": ["brawn"]},
        "defender": {"checks": ["brawn", "wits"]}, "onWin": {"applies": [{"condition": "held"}]}}
BREAK_FREE = {"id": "break_free", "label": "Break free", "budget": "act", "attacker": {"checks": ["brawn", "wits"]},
              "defender": {"checks": ["brawn"]}, "from": {"holding": "held"},
              "onWin": {"ends": [{"condition": "held", "on": "actor"}]}}
SHOVE = {"id": "shove", "label": "Shove back", "budget": "act", "attacker": {"checks": ["brawn"]},
         "defender": {"checks": ["brawn"]}, "ties": "attacker", "onWin": {"push": 4}}
PIN = {"id": "pin", "label": "Pin", "budget": "act", "attacker": {"checks": ["brawn"]},
       "defender": {"checks": ["brawn"]}, "onWin": {"applies": [{"condition": "braced", "rounds": 2}]}}


def _pkg(*contests: dict, advantage: bool = False) -> dict:
    pkg = knack_roads(advantage=advantage)
    pkg["combat"]["contests"] = list(contests or (GRAB, BREAK_FREE, SHOVE, PIN))
    add_creature(pkg, "ash-hound", "Ash-hound", {
        "health": 30, "defense": 6, "initiativeModifier": 0, "tier": "pack", "checks": {"brawn": 2, "wits": 1},
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2, "damage": {"dice": "1d4"}}]})
    return pkg


def _bout(dice: list[int], pkg: dict | None = None, **juno_extra) -> Bout:
    return Bout(ruleset(pkg or _pkg()), [juno(**juno_extra)], [foe("ash-hound")], dice=[6, 6, 1, 1] + dice)


def _chance(a_bonus: int, d_bonus: int, ties_attacker: bool = False) -> float:
    won = sum(1 for a1, a2, d1, d2 in product(range(1, 7), repeat=4)
              if a1 + a2 + a_bonus > d1 + d2 + d_bonus or (ties_attacker and a1 + a2 + a_bonus == d1 + d2 + d_bonus))
    return round(float(Fraction(won, 6 ** 4)), 4)


def test_contests_are_on_the_menu_with_the_exact_chance_of_winning():
    bout = _bout([])
    options = bout.options("juno")
    grab, shove = options["contest:grab"], options["contest:shove"]
    assert (grab.group, grab.label, grab.budget, grab.targets, grab.count) == ("contest", "Grab", "act", ["ash-hound"], 1)
    # Brawn 3 against the hound's best of Brawn 2 and Wits 1; the defender takes ties.
    assert grab.forecasts[0].win == _chance(3, 2) == 0.5563
    assert shove.forecasts[0].win == _chance(3, 2, ties_attacker=True)
    assert grab.text == "Action; Brawn against Brawn or Wits; on a win the loser is Held"
    # Breaking free is offered only while held.
    assert "contest:break_free" not in options


def test_the_spec_log_line_and_a_held_loser_with_the_winner_as_source():
    bout = _bout([6, 6, 1, 1])
    lines = bout.choose("juno", "contest:grab", "ash-hound")
    assert lines[:2] == [
        "Juno tries Grab on Ash-hound: 12 (6 + 6) + 3 = 15 with Brawn against 2 (1 + 1) + 2 = 4 with Brawn, and wins.",
        "Ash-hound is Held.",
    ]
    held = bout.who("ash-hound").conditions[0]
    assert (held.id, held.source, held.rounds) == ("held", "juno", None)


def test_a_tie_goes_to_the_defender_and_losing_does_nothing():
    bout = _bout([3, 3, 4, 3])
    lines = bout.choose("juno", "contest:grab", "ash-hound")
    assert lines[0] == "Juno tries Grab on Ash-hound: 6 (3 + 3) + 3 = 9 with Brawn against 7 (4 + 3) + 2 = 9 with Brawn, and loses."
    assert bout.who("ash-hound").conditions == []


def test_ties_attacker_and_a_push_that_moves_nobody_without_a_board():
    bout = _bout([3, 3, 4, 3])
    lines = bout.choose("juno", "contest:shove", "ash-hound")
    assert lines[:2] == [
        "Juno tries Shove back on Ash-hound: 6 (3 + 3) + 3 = 9 with Brawn against 7 (4 + 3) + 2 = 9 with Brawn, and wins.",
        "Ash-hound would be pushed 4 paces away from Juno, but this fight has no board, so nobody moves.",
    ]


def test_rounds_give_the_applied_condition_a_clock():
    bout = _bout([6, 6, 1, 1])
    assert bout.choose("juno", "contest:pin", "ash-hound")[1] == "Ash-hound is Braced for 2 rounds."
    held = bout.who("ash-hound").conditions[0]
    assert (held.id, held.source, held.rounds) == ("braced", "juno", 2)


def test_breaking_free_targets_only_the_holder_and_ends_the_hold():
    pkg = _pkg()
    add_creature(pkg, "mud-crab", "Mud crab", {"health": 5, "defense": 4, "initiativeModifier": 0, "tier": "pack",
                                                "actions": [{"id": "nip", "name": "Nip", "budget": "act",
                                                             "toHit": 0, "damage": {"flat": 1}}]})
    bout = Bout(ruleset(pkg), [juno()], [foe("ash-hound"), foe("mud-crab")], dice=[6, 6, 1, 1, 1, 1, 5, 5, 2, 1])
    bout.put("juno", "held", source="ash-hound")
    option = bout.options("juno")["contest:break_free"]
    assert option.targets == ["ash-hound"]
    # Juno's best of Brawn 3 and Wits 0 against the hound's Brawn 2.
    assert option.forecasts[0].win == _chance(3, 2)
    lines = bout.choose("juno", "contest:break_free", "ash-hound")
    assert lines[:2] == [
        "Juno tries Break free on Ash-hound: 10 (5 + 5) + 3 = 13 with Brawn against 3 (2 + 1) + 2 = 5 with Brawn, and wins.",
        "Juno is no longer Held: Juno won Break free.",
    ]
    assert bout.who("juno").conditions == []


def test_a_strike_contest_spends_the_budget_first_and_leaves_the_other_strikes_in_hand():
    grapple = {**GRAB, "id": "grapple", "label": "Grapple", "strike": True}
    pkg = _pkg(grapple)
    pkg["combat"]["attacks"][0]["strikes"] = {"field": "strikes"}
    bout = _bout([6, 6, 1, 1, 6, 4, 3], pkg, fields={"toughness": 3, "strikes": 2})
    bout.choose("juno", "contest:grapple", "ash-hound")
    me = bout.who("juno")
    assert (me.budgets["act"], me.strikes, me.attacks_made) == (0, 1, 1)
    options = bout.options("juno")
    assert "attack:gear:road-axe" in options and options["contest:grapple"].text.startswith("one of the strikes in hand")
    bout.choose("juno", "attack:gear:road-axe", "ash-hound")
    assert bout.waiting() == "ash-hound"


def test_attacks_per_turn_counts_a_strike_contest():
    grapple = {**GRAB, "id": "grapple", "label": "Grapple", "strike": True}
    pkg = _pkg(grapple)
    pkg["combat"]["attacks"][0]["strikes"] = {"field": "strikes"}
    add_condition(pkg, "slowed", "Slowed", attacksPerTurn=1)
    bout = _bout([6, 6, 1, 1], pkg, fields={"toughness": 3, "strikes": 2})
    bout.put("juno", "slowed")
    bout.choose("juno", "contest:grapple", "ash-hound")
    options = bout.options("juno")
    assert "attack:gear:road-axe" not in options and "contest:grapple" not in options


def test_check_modifiers_and_own_checks_advantage_work_on_the_holders_side():
    pkg = _pkg(GRAB, advantage=True)
    add_condition(pkg, "braced_grip", "Braced grip", effects=["own-checks-advantage"],
                  modifiers=[{"to": "checks", "flat": 2}])
    add_condition(pkg, "muddy", "Muddy", skills=["scrap"], effects=["own-checks-disadvantage"],
                  modifiers=[{"to": "checks", "flat": -5}])
    bout = _bout([1, 2, 5, 4, 3, 3], pkg)
    bout.put("juno", "braced_grip")
    bout.put("juno", "muddy")
    option = bout.options("juno")["contest:grab"]
    wins = sum(1 for a1, a2, b1, b2, d1, d2 in product(range(1, 7), repeat=6)
               if max(a1 + a2, b1 + b2) + 5 > d1 + d2 + 2)
    assert option.forecasts[0].win == round(wins / 6 ** 6, 4)
    lines = bout.choose("juno", "contest:grab", "ash-hound")
    assert lines[0] == ("Juno tries Grab on Ash-hound: 9 (5 + 4) (advantage; dropped 3) + 3 + 2 (Braced grip) = 14 "
                        "with Brawn against 6 (3 + 3) + 2 = 8 with Brawn, and wins.")


def test_the_engine_breaks_free_while_held_and_weighs_a_grab_below_a_blow():
    bout = _bout([])
    bout.who("juno").controller = "engine"
    assert decide_for(bout.rs, bout.state)["option"] == "attack:gear:road-axe"
    bout.put("juno", "held", source="ash-hound")
    assert decide_for(bout.rs, bout.state) == {"actor": "juno", "option": "contest:break_free", "targets": ["ash-hound"]}


def test_an_invented_opponents_checks_are_held_to_its_tier():
    proposal = {"name": "Mud brute", "controller": "player", "statBlock": {
        "health": 10, "defense": 6, "initiativeModifier": 0, "tier": "pack", "checks": {"brawn": 9, "wits": 2},
        "actions": [{"id": "shove", "name": "Shove", "budget": "act", "toHit": 1, "damage": {"flat": 1}}]}}
    bout = Bout(ruleset(_pkg()), [juno()], [proposal], dice=[6, 6, 1, 1])
    # The pack tier's to-hit is 1: checks are held to 3, like a chance to hit.
    assert "Mud brute's brawn check 9 is held to 3." in bout.started
    assert bout.who("mud-brute").block["checks"] == {"brawn": 3, "wits": 2}
    assert bout.options("juno")["contest:grab"].forecasts[0].win == _chance(3, 3)


def test_checks_are_read_once_when_the_fight_starts_not_from_a_sheet_changed_since():
    bout = _bout([6, 6, 1, 1])
    assert bout.who("juno").checks == {"brawn": 3, "wits": 0}
    assert bout.who("ash-hound").checks == {"brawn": 2, "wits": 1}
    # Brawn 3 becomes 5 on the record during the fight: the contest still adds 3.
    sheet = bout.who("juno").sheet
    bout.who("juno").sheet = {**sheet, "abilities": {**sheet["abilities"], "brawn": 5}}
    assert bout.options("juno")["contest:grab"].forecasts[0].win == _chance(3, 2) == 0.5563
    lines = bout.choose("juno", "contest:grab", "ash-hound")
    assert lines[0] == ("Juno tries Grab on Ash-hound: 12 (6 + 6) + 3 = 15 with Brawn against "
                        "2 (1 + 1) + 2 = 4 with Brawn, and wins.")
