"""Symbol-pool fights key by key, with scripted dice and the exact log lines (spec/combat-2
"Combat rolled with symbol dice: symbol-pool"). The package is tests/combat/symbol_kit.py's.

Faces by number (a symbol die is one die of the sequence with as many sides as faces):
Ability 1 -, 2 s, 3 s, 4 ss, 5 a, 6 a, 7 sa, 8 aa; Proficiency 1 -, 2-3 s, 4-5 ss, 6 a,
7-9 sa, 10-11 aa, 12 t; Difficulty 1 -, 2 f, 3 ff, 4-6 h, 7 hh, 8 fh; Boost 1-2 -, 3 s, 4 sa,
5 aa, 6 a; Setback 1-2 -, 3-4 f, 5-6 h.
"""

from __future__ import annotations

import json
import statistics

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.combat.state import BattleState
from tests.combat.kit import Bout, ruleset
from tests.combat.symbol_kit import bout, juno, symbol_package

AXE = "attack:gear:road-axe"
INIT = [6, 6, 1, 1]


def test_an_attack_counts_net_successes_adds_them_to_damage_and_soak_comes_off_the_blow():
    b = bout(symbol_package(), INIT + [2, 7, 5, 4, 2])
    option = b.options("juno")[AXE]
    assert option.text == "Action; 3 dice to hit, 1d6"
    assert b.choose("juno", AXE, "dock-bruiser")[:4] == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability s, Ability sa, "
        "Ability a, Difficulty h → 2 successes, 1 advantage, a hit.",
        "Left on the roll for the Game Master to narrate: 1 advantage.",
        "Road axe (2, + 2 for 2 successes, 2 soaked by Dock bruiser's own soak = 2) deals 2 damage to Dock bruiser.",
        "Dock bruiser has 10 of 12 Grit.",
    ]
    assert b.dice_left() == 0


def test_a_miss_when_net_successes_fall_short_of_success_needed():
    pkg = symbol_package()
    pkg["resolution"]["success"] = {"needed": 2}
    b = bout(pkg, INIT + [2, 1, 1, 1])
    assert b.choose("juno", AXE, "dock-bruiser")[0] == (
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability s, Ability -, "
        "Ability -, Difficulty - → 1 success, a miss.")


def test_counts_beyond_adds_only_the_successes_past_those_needed():
    b = bout(symbol_package(symbols={**symbol_package()["combat"]["symbols"],
                                     "damage": {"perSuccess": 2, "counts": "beyond"}}), INIT + [4, 2, 1, 1, 5])
    assert b.choose("juno", AXE, "dock-bruiser")[1] == (
        "Road axe (5, + 4 for 2 successes, 2 soaked by Dock bruiser's own soak = 7) deals 7 damage to Dock bruiser.")


def test_a_creature_throws_its_upgraded_dice_and_spends_a_triumph_on_a_critical():
    b = bout(symbol_package(), INIT + [12, 2, 1, 1])
    b.choose("juno", "end-turn")
    assert b.choose("dock-bruiser", "action:haymaker", "juno")[:4] == [
        "Dock bruiser attacks Juno with Haymaker: 3 dice, 1 upgraded against Defense 1: Proficiency t, "
        "Ability s, Ability -, Difficulty - → 2 successes, 1 triumph, a hit.",
        "Dock bruiser spends 1 triumph on Triumphant blow: the hit becomes a critical, + 2 damage.",
        "Haymaker (4, + 2 for 2 successes, + 2 (Triumphant blow), 1 soaked by Soak = 7) deals 7 damage to Juno.",
        "Juno has 1 of 8 Grit.",
    ]


def test_the_target_spends_threat_on_the_most_valuable_spend():
    b = bout(symbol_package(), INIT + [2, 1, 1, 7, 3])
    assert b.choose("juno", AXE, "dock-bruiser")[:3] == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability s, Ability -, "
        "Ability -, Difficulty hh → 1 success, 2 threats, a hit.",
        # Opening (a setback die, worth a little over 0.5) beats Overextend (one strain step, 0.5).
        "Dock bruiser spends 1 threat on Opening: 1 setback die on Juno's next roll.",
        "Left on the roll for the Game Master to narrate: 1 threat.",
    ]
    assert b.who("juno").symbol_dice == {"setback": 1}


def test_a_setback_die_a_spend_left_is_thrown_with_the_next_roll_and_used_up():
    b = bout(symbol_package(), INIT + [2, 1, 1, 7, 3, 1, 1, 1, 1, 1])
    b.choose("juno", AXE, "dock-bruiser")
    b.choose("dock-bruiser", "end-turn")
    line = b.choose("juno", AXE, "dock-bruiser")
    assert line[0].startswith("Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3, dice a spend left them), "
                              "1 setback die against Defense 1:")
    assert b.who("juno").symbol_dice == {}


def test_a_player_chooses_their_own_spends_one_at_a_time_and_a_reload_mid_spend_gives_the_same_events():
    member = juno()
    member["ownSpends"] = True
    b = bout(symbol_package(), INIT + [7, 7, 7, 4, 3], party=[member])
    assert b.choose("juno", AXE, "dock-bruiser") == [
        "Juno attacks Dock bruiser with Road axe: 3 dice (Brawn 3) against Defense 1: Ability sa, Ability sa, "
        "Ability sa, Difficulty h → 3 successes, 2 advantages, a hit.",
        "The fight waits: Juno chooses what to buy with 2 advantages.",
    ]
    assert b.state.pending.decision == "spend"
    assert list(b.options("juno")) == ["spend:crit", "spend:engine", "spend:done"]
    assert b.refusal("dock-bruiser", "end-turn").code == "not-your-turn"
    saved = json.dumps(b.state.model_dump(mode="json"))
    first = b.choose("juno", "spend:crit")
    assert first[:4] == [
        "Juno spends 2 advantages on Critical: the hit becomes a critical.",
        "Dock bruiser is Injured for 3 rounds.",
        "Road axe (3, + 3 for 3 successes, 2 soaked by Dock bruiser's own soak = 4) deals 4 damage to Dock bruiser.",
        "Dock bruiser has 8 of 12 Grit.",
    ]
    b.state = BattleState.model_validate(json.loads(saved))
    assert b.choose("juno", "spend:crit") == first


def test_a_player_may_leave_the_rest_to_the_engine_or_spend_no_more():
    member = juno()
    member["ownSpends"] = True
    b = bout(symbol_package(), INIT + [7, 7, 7, 4, 3], party=[member])
    b.choose("juno", AXE, "dock-bruiser")
    assert b.choose("juno", "spend:done")[:2] == [
        "Juno spends no more.", "Left on the roll for the Game Master to narrate: 2 advantages."]
    b = bout(symbol_package(), INIT + [7, 7, 7, 4, 3], party=[member])
    b.choose("juno", AXE, "dock-bruiser")
    assert b.choose("juno", "spend:engine")[:2] == [
        "Juno leaves the rest to the Engine.", "Juno spends 2 advantages on Critical: the hit becomes a critical."]


def test_a_spend_that_would_not_apply_is_not_bought():
    b = bout(symbol_package(), INIT + [7, 7, 7, 4, 3])
    b.put("dock-bruiser", "injured")
    assert b.choose("juno", AXE, "dock-bruiser")[1] == "Left on the roll for the Game Master to narrate: 2 advantages."


def test_a_boost_lands_on_the_ally_who_takes_the_next_turn():
    ada = juno()
    ada["name"], ada["player"] = "Ada", "ada"
    b = Bout(ruleset(symbol_package()), [juno(), ada], [{"creature": "gull", "controller": "player"}],
             dice=[6, 6, 3, 3, 1, 1, 6, 1, 1, 1, 2])
    assert b.choose("juno", AXE, "gull")[1] == "Juno spends 1 advantage on Boost an ally: 1 boost die on Ada's next roll."


def test_symbol_saves_throw_the_save_against_difficulty_dice():
    pkg = symbol_package()
    pkg["catalogs"][0]["entries"][1]["creature"]["actions"].append(
        {"id": "shriek", "name": "Shriek", "budget": "act", "save": {"save": "nerve", "difficulty": 2, "onSuccess": "none"},
         "applies": [{"condition": "disarmed", "duration": {"rounds": 1}}]})
    b = bout(pkg, INIT + [2, 2, 1], "gull")
    b.choose("juno", "end-turn")
    assert b.choose("gull", "action:shriek", "juno")[:3] == [
        "Gull uses Shriek on Juno.",
        "Juno throws a Nerve save against Shriek: 1 die (Wits 1) against 2 difficulty dice: Ability s, "
        "Difficulty f, Difficulty - → no successes, a failure.",
        "Juno is Disarmed for 1 round.",
    ]


def test_initiative_thrown_as_a_pool_is_its_net_successes():
    b = bout(symbol_package(initiative={"pool": {"abilityMod": "wits"}}), [4, 2, 1])
    assert b.started[1] == ("Initiative: Juno 1 die: Ability ss → 2 successes; Dock bruiser 2 dice: Ability s, "
                            "Ability - → 1 success. Order: Juno, Dock bruiser.")


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(brawn=st.integers(min_value=1, max_value=3), defense=st.integers(min_value=0, max_value=2))
def test_the_menus_forecast_matches_the_seeded_rollers_frequency(brawn: int, defense: int) -> None:
    pkg = symbol_package()
    pkg["catalogs"][0]["entries"][0]["creature"]["defense"] = defense
    rs = ruleset(pkg)
    party = [juno(brawn)]
    foes = [{"creature": "dock-bruiser", "controller": "player"}]
    runs = 400
    hits, dealt = [], []
    forecast = None
    for seed in range(runs):
        b = Bout(rs, party, foes, seed=seed)
        if b.waiting() != "juno":
            continue
        fc = b.options("juno")[AXE].forecasts[0]
        forecast = forecast or fc
        assert (fc.hit, fc.damage) == (forecast.hit, forecast.damage)
        before = b.who("dock-bruiser").health
        events = b.choose("juno", AXE, "dock-bruiser")
        hits.append(1.0 if ", a hit." in events[0] else 0.0)
        dealt.append(before - b.who("dock-bruiser").health)
    n = len(hits)
    p = forecast.hit
    assert abs(sum(hits) / n - p) <= 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-9
    spread = statistics.pstdev(dealt) or 1.0
    assert abs(statistics.fmean(dealt) - forecast.damage) <= 4.5 * spread / n ** 0.5
